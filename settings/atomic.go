package settings

import (
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"time"
)

// Test hooks: a failing disk is simulated by replacing these (never from
// parallel tests).
var (
	// syncFile flushes a written temporary file, or a folder's entry
	// list, to the disk.
	syncFile = func(f *os.File) error { return f.Sync() }
	// renameFile moves the finished temporary file over the target.
	renameFile = os.Rename
)

// tempPrefix starts the name of every temporary file, so List skips them.
const tempPrefix = ".tmp-"

// writeAtomic writes a file so that readers see the old contents or the new
// ones, never a mix: the data goes to a temporary file in the same folder,
// is flushed, then renamed over path. On any error the temporary file is
// removed and the old file, if any, is left exactly as it was. The folder
// is created if needed.
func writeAtomic(path string, write func(io.Writer) error) (err error) {
	dir := filepath.Dir(path)
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return fmt.Errorf("cannot create the folder %s: %w", dir, err)
	}
	f, err := os.CreateTemp(dir, tempPrefix+filepath.Base(path)+"-*")
	if err != nil {
		return fmt.Errorf("cannot write in %s: %w", dir, err)
	}
	tmp := f.Name()
	defer func() {
		if err != nil {
			f.Close()
			os.Remove(tmp)
		}
	}()
	if err = write(f); err != nil {
		return fmt.Errorf("cannot write %s: %w", path, err)
	}
	if err = syncFile(f); err != nil {
		return fmt.Errorf("cannot write %s: %w", path, err)
	}
	if err = f.Close(); err != nil {
		return fmt.Errorf("cannot write %s: %w", path, err)
	}
	if err = os.Chmod(tmp, 0o644); err != nil {
		return fmt.Errorf("cannot write %s: %w", path, err)
	}
	if err = renameFile(tmp, path); err != nil {
		return fmt.Errorf("cannot write %s: %w", path, err)
	}
	syncDir(dir)
	return nil
}

// withLock runs f while holding an exclusive lock on path+".lock", so that
// two windows (two processes) never read, change and write the same file
// at once. It waits while another process holds the lock. The lock file is
// created with its folder and left in place: removing it would let two
// processes lock two different files of the same name.
func withLock(path string, f func() error) error {
	lock := path + ".lock"
	dir := filepath.Dir(lock)
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return fmt.Errorf("cannot create the folder %s: %w", dir, err)
	}
	lf, err := os.OpenFile(lock, os.O_RDWR|os.O_CREATE, 0o644)
	if err != nil {
		return fmt.Errorf("cannot open the lock file %s: %w", lock, err)
	}
	defer lf.Close()
	if err := lockFile(lf); err != nil {
		return fmt.Errorf("cannot lock %s: %w", lock, err)
	}
	defer unlockFile(lf)
	return f()
}

// writeFileAtomic writes bytes with writeAtomic.
func writeFileAtomic(path string, data []byte) error {
	return writeAtomic(path, func(w io.Writer) error {
		_, err := w.Write(data)
		return err
	})
}

// syncDir flushes a folder's entry list so a rename survives a crash. It is
// best effort: some systems cannot open folders for syncing.
func syncDir(dir string) {
	if d, err := os.Open(dir); err == nil {
		syncFile(d)
		d.Close()
	}
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
		_, err := os.Lstat(p)
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
	if err := os.MkdirAll(filepath.Dir(base), 0o755); err != nil {
		return "", err
	}
	for i := 1; i <= maxNameTries; i++ {
		p := base + ".json"
		if i > 1 {
			p = fmt.Sprintf("%s-%d.json", base, i)
		}
		f, err := os.OpenFile(p, os.O_WRONLY|os.O_CREATE|os.O_EXCL, 0o644)
		if err == nil {
			return p, f.Close()
		}
		if !errors.Is(err, fs.ErrExist) {
			return "", err
		}
	}
	return "", errNoFreeName
}

// writeClaimed writes a file whose name was just claimed, atomically, and
// gives the name back (removes the empty file) if the write fails.
func writeClaimed(path string, data []byte) error {
	if err := writeFileAtomic(path, data); err != nil {
		os.Remove(path)
		return err
	}
	return nil
}

// moveAside renames a broken file to "<name>.broken-<UTC time>" (with a
// counter if that exists already) so that nothing is lost when a fresh file
// replaces it. A file that is already gone is not an error.
func moveAside(path string, now time.Time) (string, error) {
	_, err := os.Lstat(path)
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
		err = os.Rename(path, dest)
	}
	if err != nil {
		return "", fmt.Errorf("cannot move the broken file %s aside: %w", path, err)
	}
	return dest, nil
}

// readLimited reads a whole file, refusing one larger than limit bytes.
func readLimited(path string, limit int64) ([]byte, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	data, err := io.ReadAll(io.LimitReader(f, limit+1))
	if err != nil {
		return nil, err
	}
	if int64(len(data)) > limit {
		return nil, fmt.Errorf("the file is too large (over %d MiB)", limit>>20)
	}
	return data, nil
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
	ents, err := os.ReadDir(dir)
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
			err = os.Remove(filepath.Join(dir, e.Name()))
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
