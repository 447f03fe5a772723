//go:build !js

package settings

import (
	"os"
	"syscall"
	"testing"
	"time"
)

// failDisk makes the next atomic writes fail as a full disk would, after
// the data went to the temporary file.
func failDisk(t *testing.T) {
	t.Helper()
	old := syncFile
	syncFile = func(f *os.File) error { return &os.PathError{Op: "sync", Path: f.Name(), Err: syscall.ENOSPC} }
	t.Cleanup(func() { syncFile = old })
}

// healDisk undoes failDisk.
func healDisk() { syncFile = func(f *os.File) error { return f.Sync() } }

// failRename makes the final rename fail (a permission error).
func failRename(t *testing.T) {
	t.Helper()
	old := renameFile
	renameFile = func(from, to string) error {
		return &os.LinkError{Op: "rename", Old: from, New: to, Err: syscall.EACCES}
	}
	t.Cleanup(func() { renameFile = old })
}

// setModTime sets a file's modification time.
func setModTime(t *testing.T, path string, mtime time.Time) {
	t.Helper()
	if err := os.Chtimes(path, mtime, mtime); err != nil {
		t.Fatal(err)
	}
}
