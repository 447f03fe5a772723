package settings

import (
	"errors"
	"fmt"
	"io"
	"io/fs"
	"path/filepath"
	"regexp"
	"strings"
	"syscall"
	"time"
)

// tempPrefix starts the name of every temporary file, so List skips them.
const tempPrefix = ".tmp-"

// writeAtomic writes a file so that readers see the old contents or the new
// ones, never a mix (see fileSystem.WriteAtomic). On any error the old
// file, if any, is left exactly as it was. The folder is created if needed.
func writeAtomic(path string, write func(io.Writer) error) error {
	return disk.WriteAtomic(path, write)
}

// withLock runs f while holding an exclusive lock on path, so that two
// windows (two processes, two browser tabs) never read, change and write
// the same file at once. It waits while another holds the lock.
func withLock(path string, f func() error) error { return disk.Lock(path, f) }

// writeFileAtomic writes bytes with writeAtomic.
func writeFileAtomic(path string, data []byte) error {
	return writeAtomic(path, func(w io.Writer) error {
		_, err := w.Write(data)
		return err
	})
}

// maxNameTries bounds every search for a free file name.
const maxNameTries = 1000

// errNoFreeName says that every name tried was taken.
var errNoFreeName = errors.New("every name tried is taken")

// unusedPath returns the first of name(1), name(2), ... that does not exist.
// It stops on any other error (a folder that is a file, no permission, a
// file system that cannot answer), so a bad folder never loops for ever.
func unusedPath(name func(i int) string) (string, error) {
	for i := 1; i <= maxNameTries; i++ {
		p := name(i)
		_, err := disk.Lstat(p)
		if errors.Is(err, fs.ErrNotExist) {
			return p, nil
		}
		if err != nil {
			return "", err
		}
	}
	return "", errNoFreeName
}

// claim takes the first free name of base+".json", base+"-2.json",
// base+"-3.json", ... with an exclusive create (O_EXCL), so that no other
// window or goroutine can take the same name between the look and the
// write, and returns it. The file is empty until the caller's atomic
// write replaces it; the caller removes it if that write fails
// (writeClaimed). The folder is created if needed. Any error but "exists"
// stops the search at once.
func claim(base string) (string, error) {
	if err := disk.MkdirAll(filepath.Dir(base)); err != nil {
		return "", err
	}
	for i := 1; i <= maxNameTries; i++ {
		p := base + ".json"
		if i > 1 {
			p = fmt.Sprintf("%s-%d.json", base, i)
		}
		err := disk.CreateExclusive(p)
		if err == nil {
			return p, nil
		}
		if !errors.Is(err, fs.ErrExist) {
			return "", err
		}
	}
	return "", errNoFreeName
}

// claimWith is claim and writeClaimed in one: each name is tried by
// making the file with its data (fileSystem.WriteNow with create), so no
// empty file is ever seen, and in a browser a page that goes away
// during the write keeps the whole file or none (one transaction). Any
// error but "exists" stops the search at once.
func claimWith(base string, data []byte) (string, error) {
	for i := 1; i <= maxNameTries; i++ {
		p := base + ".json"
		if i > 1 {
			p = fmt.Sprintf("%s-%d.json", base, i)
		}
		err := disk.WriteNow(p, data, true)()
		if err == nil {
			return p, nil
		}
		if !errors.Is(err, fs.ErrExist) {
			return "", err
		}
	}
	return "", errNoFreeName
}

// claimErr says why no name could be claimed in a folder. A browser's
// full storage says it all in its own words.
func claimErr(err error, folder string) error {
	if OnWeb && errors.Is(err, syscall.ENOSPC) {
		return err
	}
	return fmt.Errorf("cannot choose a file name in %s: %w", folder, err)
}

// writeClaimed writes a file whose name was just claimed, atomically, and
// gives the name back (removes the empty file) if the write fails.
func writeClaimed(path string, data []byte) error {
	if err := writeFileAtomic(path, data); err != nil {
		disk.Remove(path)
		return err
	}
	return nil
}

// moveAside renames a broken file to "<name>.broken-<UTC time>" (with a
// counter if that exists already) so that nothing is lost when a fresh file
// replaces it. A file that is already gone is not an error.
func moveAside(path string, now time.Time) (string, error) {
	_, err := disk.Lstat(path)
	if errors.Is(err, fs.ErrNotExist) {
		return "", nil
	}
	dest := ""
	if err == nil {
		base := path + ".broken-" + now.UTC().Format("20060102-150405")
		dest, err = unusedPath(func(i int) string {
			if i == 1 {
				return base
			}
			return fmt.Sprintf("%s-%d", base, i)
		})
	}
	if err == nil {
		err = disk.Rename(path, dest)
	}
	if err != nil {
		return "", fmt.Errorf("cannot move the broken file %s aside: %w", shownFile(path), err)
	}
	return dest, nil
}

// readLimited reads a whole file, refusing one larger than limit bytes.
func readLimited(path string, limit int64) ([]byte, error) {
	return disk.ReadFile(path, limit)
}

// isTemp reports whether a file name is one of our temporary files (List
// hides every such name; CleanTemp removes only exact matches of tempName).
func isTemp(name string) bool { return strings.HasPrefix(name, tempPrefix) }

// tempName matches the names writeAtomic gives its temporary files:
// ".tmp-<file name>-<random digits>", from os.CreateTemp's pattern.
var tempName = regexp.MustCompile(`^` + regexp.QuoteMeta(tempPrefix) + `.+-[0-9]+$`)

// staleTempAge is how old a temporary file must be before CleanTemp removes
// it. A write takes well under a second, so an older file was left by a
// write that was killed, not by one still going on in another window.
const staleTempAge = 10 * time.Minute

// CleanTemp removes the temporary files that killed writes left behind in
// the config, data, saves and state folders. It removes only regular files
// named as writeAtomic names them and last changed more than ten minutes
// before now, so a write in progress in another window is never touched.
// It returns how many it removed; a folder or file that cannot be cleaned
// gives an error that names it, after the others were cleaned. Missing
// folders are not an error. Call it once at start.
func CleanTemp(p Paths, now time.Time) (removed int, err error) {
	var errs []error
	for _, dir := range []string{p.Config, p.Data, p.Saves, p.State} {
		n, err := cleanTempIn(dir, now)
		removed += n
		errs = append(errs, err)
	}
	return removed, errors.Join(errs...)
}

// cleanTempIn is CleanTemp for one folder.
func cleanTempIn(dir string, now time.Time) (removed int, err error) {
	ents, err := disk.ReadDir(dir)
	if errors.Is(err, fs.ErrNotExist) {
		return 0, nil
	}
	if err != nil {
		return 0, fmt.Errorf("cannot clean up temporary files in %s: %w", dir, err)
	}
	var errs []error
	for _, e := range ents {
		if !e.Type().IsRegular() || !tempName.MatchString(e.Name()) {
			continue
		}
		info, err := e.Info()
		if err == nil && now.Sub(info.ModTime()) < staleTempAge {
			continue
		}
		if err == nil {
			err = disk.Remove(filepath.Join(dir, e.Name()))
		}
		switch {
		case err == nil:
			removed++
		case !errors.Is(err, fs.ErrNotExist): // not gone already (another window cleaning)
			errs = append(errs, fmt.Errorf("cannot remove the temporary file %s: %w", filepath.Join(dir, e.Name()), err))
		}
	}
	return removed, errors.Join(errs...)
}
