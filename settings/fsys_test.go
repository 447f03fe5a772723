package settings

import (
	"errors"
	"io/fs"
	"path/filepath"
	"strings"
	"sync"
	"testing"
)

// The backend in use (the disk natively, IndexedDB under GOOS=js) keeps
// the promises fileSystem makes: an exclusive create refuses a taken
// name, a rename of a missing file says it is missing, a folder lists the
// names directly in it, and a write replaces a file whole.
func TestFileSystemPromises(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "d")
	a, b := filepath.Join(dir, "a.json"), filepath.Join(dir, "b.json")
	if err := disk.MkdirAll(dir); err != nil {
		t.Fatal(err)
	}
	if err := disk.CreateExclusive(a); err != nil {
		t.Fatal(err)
	}
	if err := disk.CreateExclusive(a); !errors.Is(err, fs.ErrExist) {
		t.Fatalf("a second exclusive create: %v", err)
	}
	if err := writeFileAtomic(a, []byte("one")); err != nil {
		t.Fatal(err)
	}
	if err := writeFileAtomic(filepath.Join(dir, "sub", "c.json"), []byte("deep")); err != nil {
		t.Fatal(err)
	}
	if err := disk.Rename(b, a); !errors.Is(err, fs.ErrNotExist) {
		t.Fatalf("renaming a missing file: %v", err)
	}
	if got := readFile(t, a); string(got) != "one" {
		t.Fatalf("a failed rename changed the target: %q", got)
	}
	if err := disk.Rename(a, b); err != nil {
		t.Fatal(err)
	}
	if _, err := disk.Stat(a); !errors.Is(err, fs.ErrNotExist) {
		t.Fatalf("the renamed file is still there: %v", err)
	}
	info, err := disk.Stat(b)
	if err != nil || info.Size() != 3 || info.IsDir() {
		t.Fatalf("Stat after rename = %v, %v", info, err)
	}
	if _, err := disk.ReadFile(b, 2); err == nil || !strings.Contains(err.Error(), "too large") {
		t.Fatalf("a file over the limit: %v", err)
	}
	ents, err := disk.ReadDir(dir)
	if err != nil || len(ents) != 2 || ents[0].Name() != "b.json" || ents[0].IsDir() || ents[1].Name() != "sub" || !ents[1].IsDir() {
		t.Fatalf("ReadDir = %v, %v", ents, err)
	}
	if err := disk.Remove(b); err != nil {
		t.Fatal(err)
	}
	if err := disk.Remove(b); !errors.Is(err, fs.ErrNotExist) {
		t.Fatalf("removing a missing file: %v", err)
	}
	if _, err := disk.ReadDir(filepath.Join(dir, "none")); !errors.Is(err, fs.ErrNotExist) {
		t.Fatalf("a missing folder: %v", err)
	}
}

// Lock lets one holder at a time in: counters changed by read, add and
// write under it lose no count.
func TestFileSystemLock(t *testing.T) {
	path := filepath.Join(t.TempDir(), "count")
	writeFile(t, path, []byte{0})
	var wg sync.WaitGroup
	for range 8 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for range 5 {
				err := disk.Lock(path, func() error {
					b, err := disk.ReadFile(path, 1)
					if err != nil {
						return err
					}
					return writeFileAtomic(path, []byte{b[0] + 1})
				})
				if err != nil {
					t.Error(err)
				}
			}
		}()
	}
	wg.Wait()
	if got := readFile(t, path); got[0] != 40 {
		t.Fatalf("count = %d, want 40", got[0])
	}
}

// A full disk (a browser's full storage) is an error that says so and
// leaves the file as it was.
func TestFullStorageInWords(t *testing.T) {
	path := filepath.Join(t.TempDir(), "stats.json")
	writeFile(t, path, []byte("old"))
	failDisk(t)
	err := writeFileAtomic(path, []byte("new"))
	if !isDiskFull(err) {
		t.Fatalf("a write to a full disk: %v", err)
	}
	if OnWeb && !strings.HasPrefix(err.Error(), "The browser's storage for this page is full: ") {
		t.Fatalf("not in words: %v", err)
	}
	healDisk()
	if got := readFile(t, path); string(got) != "old" {
		t.Fatalf("the file changed: %q", got)
	}
}
