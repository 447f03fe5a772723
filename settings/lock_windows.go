//go:build windows

package settings

import (
	"os"

	"golang.org/x/sys/windows"
)

// allBytes locks the whole file, as cmd/go's file lock does.
const allBytes = ^uint32(0)

// lockFile waits for an exclusive lock on an open file. Windows releases
// it when the process ends.
func lockFile(f *os.File) error {
	var ol windows.Overlapped
	return windows.LockFileEx(windows.Handle(f.Fd()), windows.LOCKFILE_EXCLUSIVE_LOCK, 0, allBytes, allBytes, &ol)
}

// unlockFile releases the lock taken by lockFile.
func unlockFile(f *os.File) error {
	var ol windows.Overlapped
	return windows.UnlockFileEx(windows.Handle(f.Fd()), 0, allBytes, allBytes, &ol)
}
