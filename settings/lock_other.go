//go:build !(darwin || dragonfly || freebsd || linux || netbsd || openbsd || windows)

package settings

import "os"

// lockFile does nothing where there is no file lock to take (a browser
// build, or systems Fyne does not run on): one window at a time uses the
// files there.
func lockFile(f *os.File) error { return nil }

// unlockFile does nothing, like lockFile.
func unlockFile(f *os.File) error { return nil }
