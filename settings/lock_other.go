//go:build !(darwin || dragonfly || freebsd || linux || netbsd || openbsd || windows)

package settings

import "os"

// lockFile does nothing where there is no file lock to take (systems Fyne
// does not run on): one window at a time uses the files there. A browser
// does not come here: its idbFS locks with the page's Web Locks.
func lockFile(f *os.File) error { return nil }

// unlockFile does nothing, like lockFile.
func unlockFile(f *os.File) error { return nil }
