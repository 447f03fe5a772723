package settings

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"syscall"
	"testing"
	"time"
)

// endlessLoopTimeout is how long a call that touches a few files may take
// before a test calls it an endless loop. It is generous on purpose: the
// calls take milliseconds, and a slow machine must not fail the test.
const endlessLoopTimeout = 30 * time.Second

// returns runs f and fails the test if it has not returned in
// endlessLoopTimeout. It gives f's error.
func returns(t *testing.T, what string, f func() error) error {
	t.Helper()
	done := make(chan error, 1)
	go func() { done <- f() }()
	select {
	case err := <-done:
		return err
	case <-time.After(endlessLoopTimeout):
		t.Fatalf("%s did not return in %v: an endless loop", what, endlessLoopTimeout)
		return nil
	}
}

// A settings folder that is a regular file makes every path under it fail
// with "not a directory". Changing a setting must then give an error that
// says so (the folder of the lock file cannot be made), not search for
// ever for a free name to move the unreadable file aside.
func TestConfigFolderThatIsAFile(t *testing.T) {
	skipOnWeb(t, "a folder that is a file cannot happen there (folders are only where the keys start)")
	p := home(t)
	writeFile(t, p.Config, []byte("in the way"))
	before := snap(t, p.Config)
	c, err := LoadConfig(p)
	if err == nil {
		t.Fatal("no error for a config folder that is a file")
	}
	err = returns(t, "SetTheme", func() error { return c.SetTheme("dark") })
	if !errors.Is(err, syscall.ENOTDIR) {
		t.Fatalf("SetTheme under a file: %v, want a not-a-directory error", err)
	}
	if !strings.Contains(err.Error(), "cannot create the folder") {
		t.Fatalf("the error does not say what failed: %v", err)
	}
	before.untouched(t)
}

// The same for the statistics: the end of a game against the computer
// records a result.
func TestStatsFolderThatIsAFile(t *testing.T) {
	skipOnWeb(t, "a folder that is a file cannot happen there (folders are only where the keys start)")
	p := home(t)
	writeFile(t, p.Data, []byte("in the way"))
	before := snap(t, p.Data)
	s, err := LoadStats(p)
	if err == nil {
		t.Fatal("no error for a data folder that is a file")
	}
	err = returns(t, "Record", func() error { return s.Record("classic", "hard", Win) })
	if !errors.Is(err, syscall.ENOTDIR) {
		t.Fatalf("Record under a file: %v, want a not-a-directory error", err)
	}
	err = returns(t, "Reset", func() error { return s.Reset("classic") })
	if !errors.Is(err, syscall.ENOTDIR) {
		t.Fatalf("Reset under a file: %v, want a not-a-directory error", err)
	}
	before.untouched(t)
}

// Saving a game picks a free file name; a saves folder under a file must
// stop the search at once with the real reason, not after every name.
func TestSaveUnderAFileSaysWhy(t *testing.T) {
	skipOnWeb(t, "a folder that is a file cannot happen there (folders are only where the keys start)")
	p := home(t)
	writeFile(t, p.Data, []byte("in the way"))
	s := NewStore(p)
	_, err := s.Save(classicRecord("b2"), "x")
	if !errors.Is(err, syscall.ENOTDIR) || !strings.Contains(err.Error(), "cannot choose a file name") {
		t.Fatalf("Save under a file: %v, want a not-a-directory error", err)
	}
	if got := readFile(t, p.Data); string(got) != "in the way" {
		t.Fatal("the obstacle was changed")
	}
}

// A folder that cannot be searched (no permission) stops moveAside too.
// Root ignores permissions, so this runs only for other users.
func TestMoveAsideNoPermission(t *testing.T) {
	if runtime.GOOS == "windows" || os.Geteuid() == 0 {
		t.Skip("needs folder permissions that apply (not root, not Windows); the folder-that-is-a-file tests cover the same loop")
	}
	dir := filepath.Join(t.TempDir(), "locked")
	writeFile(t, filepath.Join(dir, "config.toml"), []byte("x"))
	if err := os.Chmod(dir, 0); err != nil {
		t.Fatal(err)
	}
	defer os.Chmod(dir, 0o755)
	err := returns(t, "moveAside", func() error {
		_, err := moveAside(filepath.Join(dir, "config.toml"), time.Now())
		return err
	})
	if !errors.Is(err, os.ErrPermission) {
		t.Fatalf("moveAside in a locked folder: %v", err)
	}
}

// Every broken copy name being taken ends the search with an error.
func TestMoveAsideGivesUpWhenEveryNameIsTaken(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "stats.json")
	writeFile(t, path, []byte("broken"))
	now := time.Date(2026, 11, 21, 8, 0, 0, 0, time.UTC)
	base := path + ".broken-20261121-080000"
	writeFile(t, base, nil)
	for i := 2; i <= maxNameTries; i++ {
		writeFile(t, fmt.Sprintf("%s-%d", base, i), nil)
	}
	if _, err := moveAside(path, now); !errors.Is(err, errNoFreeName) {
		t.Fatalf("moveAside with every name taken: %v", err)
	}
	if string(readFile(t, path)) != "broken" {
		t.Fatal("the broken file was changed")
	}
	disk.Remove(base + "-500")
	dest, err := moveAside(path, now)
	if err != nil || dest != base+"-500" {
		t.Fatalf("moveAside = %q, %v; want the one free name", dest, err)
	}
}

// CleanTemp removes what killed writes left, and nothing else: not a write
// that may still be going on, not a file of another name, not a folder.
func TestCleanTemp(t *testing.T) {
	skipOnWeb(t, "it sets file times by hand (Chtimes), and the browser's storage writes no temporary files to clean")
	p := home(t)
	now := time.Date(2026, 11, 21, 12, 0, 0, 0, time.UTC)
	old, recent := now.Add(-staleTempAge-time.Second), now.Add(-staleTempAge+time.Second)
	file := func(path string, mtime time.Time) string {
		t.Helper()
		writeFile(t, path, []byte("x"))
		if err := os.Chtimes(path, mtime, mtime); err != nil {
			t.Fatal(err)
		}
		return path
	}
	stale := []string{
		file(filepath.Join(p.Config, ".tmp-config.toml-1804289383"), old),
		file(filepath.Join(p.Data, ".tmp-stats.json-846930886"), old),
		file(filepath.Join(p.Saves, ".tmp-classic-20261121-100712-ana.json-1681692777"), old),
		file(filepath.Join(p.State, ".tmp-autosave-classic.json-1714636915"), old),
	}
	kept := []string{
		file(filepath.Join(p.Data, ".tmp-stats.json-1957747793"), recent), // another window is writing it
		file(filepath.Join(p.Data, ".tmp-notes"), old),
		file(filepath.Join(p.Data, ".tmp-stats.json-12a"), old),
		file(filepath.Join(p.Data, ".tmp--1"), old),
		file(filepath.Join(p.Data, "tmp-stats.json-1"), old),
		file(filepath.Join(p.Data, "stats.json"), old),
		file(filepath.Join(p.Data, "stats.json.broken-20261121-080000"), old),
		file(filepath.Join(p.Saves, "classic-20261121-100712.json"), old),
		file(filepath.Join(p.Saves, ".tmp-inside-1", "game.json"), old),
	}
	folder := filepath.Join(p.Saves, ".tmp-inside-1")
	if err := os.Chtimes(folder, old, old); err != nil {
		t.Fatal(err)
	}
	kept = append(kept, folder)
	link := filepath.Join(p.State, ".tmp-link.json-1")
	if err := os.Symlink(kept[5], link); err == nil {
		kept = append(kept, link)
	}
	removed, err := CleanTemp(p, now)
	if err != nil || removed != len(stale) {
		t.Fatalf("CleanTemp = %d, %v; want %d, nil", removed, err, len(stale))
	}
	for _, path := range stale {
		if _, err := disk.Lstat(path); !errors.Is(err, os.ErrNotExist) {
			t.Errorf("%s was not removed: %v", path, err)
		}
	}
	for _, path := range kept {
		if _, err := disk.Lstat(path); err != nil {
			t.Errorf("%s was removed: %v", path, err)
		}
	}
	if removed, err := CleanTemp(p, now); removed != 0 || err != nil {
		t.Fatalf("second CleanTemp = %d, %v", removed, err)
	}
}

// Folders that do not exist yet are nothing to clean.
func TestCleanTempMissingFolders(t *testing.T) {
	p := PathsUnder(filepath.Join(t.TempDir(), "none"))
	if removed, err := CleanTemp(p, time.Now()); removed != 0 || err != nil {
		t.Fatalf("CleanTemp with no folders = %d, %v", removed, err)
	}
}

// A folder that is a file is reported by name, and the other folders are
// still cleaned.
func TestCleanTempFolderThatIsAFile(t *testing.T) {
	skipOnWeb(t, "a folder that is a file cannot happen there (folders are only where the keys start)")
	p := home(t)
	now := time.Date(2026, 11, 21, 12, 0, 0, 0, time.UTC)
	writeFile(t, p.State, []byte("in the way"))
	stale := filepath.Join(p.Config, ".tmp-config.toml-1")
	writeFile(t, stale, []byte("x"))
	if err := os.Chtimes(stale, now.Add(-time.Hour), now.Add(-time.Hour)); err != nil {
		t.Fatal(err)
	}
	var removed int
	err := returns(t, "CleanTemp", func() (err error) {
		removed, err = CleanTemp(p, now)
		return err
	})
	if err == nil || !strings.Contains(err.Error(), p.State) || removed != 1 {
		t.Fatalf("CleanTemp = %d, %v; want 1 and an error naming %s", removed, err, p.State)
	}
	if string(readFile(t, p.State)) != "in the way" {
		t.Fatal("the obstacle was changed")
	}
}
