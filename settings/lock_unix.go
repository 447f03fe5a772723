//go:build darwin || dragonfly || freebsd || linux || netbsd || openbsd

package settings

import (
	"os"
	"syscall"
)

// lockFile waits for an exclusive flock on an open file. The lock belongs
// to the open file, so a process that dies releases it.
func lockFile(f *os.File) error {
	for {
		// A signal may interrupt the wait; cmd/go's file lock retries too.
		if err := syscall.Flock(int(f.Fd()), syscall.LOCK_EX); err != syscall.EINTR {
			return err
		}
	}
}

// unlockFile releases the lock taken by lockFile.
func unlockFile(f *os.File) error { return syscall.Flock(int(f.Fd()), syscall.LOCK_UN) }
