package settings

import (
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
)

// fileSystem is every file operation the settings package does, so that
// the same code keeps its files on a disk (osFS, every native build) or in
// the browser's IndexedDB (idbFS, the js build: a browser has no files).
// Paths are the system's on a disk and slash-separated under WebRoot in a
// browser; errors wrap the io/fs errors (fs.ErrNotExist, fs.ErrExist), so callers test them with
// errors.Is whatever the backend.
type fileSystem interface {
	// ReadFile reads a whole file, refusing one larger than limit bytes.
	ReadFile(path string, limit int64) ([]byte, error)
	// WriteAtomic replaces a file so that readers see the old contents or
	// the new ones, never a mix; on any error the old file is left whole.
	// Its folder is created if needed.
	WriteAtomic(path string, write func(io.Writer) error) error
	// WriteNow writes a whole file as WriteAtomic does, but begins the
	// write before it returns and never waits for the browser, so that it
	// can run where nothing may wait (a handler of the page's pagehide)
	// and the write still completes if the page goes away right after.
	// wait gives its outcome; call it where waiting is allowed. With
	// create the file must not exist yet (fs.ErrExist if it does; it is
	// then left as it is). On a disk the write is done before it returns.
	WriteNow(path string, data []byte, create bool) (wait func() error)
	// CreateExclusive makes an empty file that must not exist yet
	// (fs.ErrExist if it does): no one else can take the same name
	// between a look and a write. Its folder must exist (MkdirAll).
	CreateExclusive(path string) error
	Rename(from, to string) error
	Remove(path string) error
	ReadDir(dir string) ([]fs.DirEntry, error)
	Stat(path string) (fs.FileInfo, error)
	Lstat(path string) (fs.FileInfo, error)
	MkdirAll(dir string) error
	// Lock runs f while no other window (process, browser tab) holds the
	// lock of path, waiting for it.
	Lock(path string, f func() error) error
	// SameFile reports whether two Stats saw the same version of a file
	// as far as the backend can tell (callers compare time and size too).
	SameFile(a, b fs.FileInfo) bool
}

// ErrStorageFull is a browser's QuotaExceededError: the page may keep no
// more data. Such an error is syscall.ENOSPC too, as a full disk's is.
var ErrStorageFull = errors.New("The browser's storage for this page is full")

// Test hooks: a failing disk is simulated by replacing these (never from
// parallel tests).
var (
	// syncFile flushes a written temporary file, or a folder's entry
	// list, to the disk.
	syncFile = func(f *os.File) error { return f.Sync() }
	// renameFile moves the finished temporary file over the target.
	renameFile = os.Rename
)

// osFS is the file system of the operating system: today's files, with
// atomic writes by temporary file, fsync and rename, and locks by flock
// (LockFileEx on Windows) on a lock file beside the file.
type osFS struct{}

func (osFS) ReadFile(path string, limit int64) ([]byte, error) {
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

// WriteAtomic writes the data to a temporary file in the same folder,
// flushes it, then renames it over path. On any error the temporary file
// is removed.
func (osFS) WriteAtomic(path string, write func(io.Writer) error) (err error) {
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

// syncDir flushes a folder's entry list so a rename survives a crash. It is
// best effort: some systems cannot open folders for syncing.
func syncDir(dir string) {
	if d, err := os.Open(dir); err == nil {
		syncFile(d)
		d.Close()
	}
}

func (osFS) CreateExclusive(path string) error {
	f, err := os.OpenFile(path, os.O_WRONLY|os.O_CREATE|os.O_EXCL, 0o644)
	if err != nil {
		return err
	}
	return f.Close()
}

func (o osFS) WriteNow(path string, data []byte, create bool) func() error {
	err := func() error {
		if create {
			if err := o.MkdirAll(filepath.Dir(path)); err != nil {
				return err
			}
			if err := o.CreateExclusive(path); err != nil {
				return err
			}
		}
		err := o.WriteAtomic(path, func(w io.Writer) error {
			_, err := w.Write(data)
			return err
		})
		if err != nil && create {
			o.Remove(path) // the empty file this call made
		}
		return err
	}()
	return func() error { return err }
}

func (osFS) Rename(from, to string) error              { return os.Rename(from, to) }
func (osFS) Remove(path string) error                  { return os.Remove(path) }
func (osFS) ReadDir(dir string) ([]fs.DirEntry, error) { return os.ReadDir(dir) }
func (osFS) Stat(path string) (fs.FileInfo, error)     { return os.Stat(path) }
func (osFS) Lstat(path string) (fs.FileInfo, error)    { return os.Lstat(path) }
func (osFS) MkdirAll(dir string) error                 { return os.MkdirAll(dir, 0o755) }
func (osFS) SameFile(a, b fs.FileInfo) bool            { return os.SameFile(a, b) }

// Lock takes an exclusive lock on path+".lock". The lock file is created
// with its folder and left in place: removing it would let two processes
// lock two different files of the same name.
func (osFS) Lock(path string, f func() error) error {
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
