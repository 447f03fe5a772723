package settings

import (
	"bufio"
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"
)

// home gives each test its own TABULA_HOME and the paths under it.
func home(t *testing.T) Paths {
	t.Helper()
	dir := t.TempDir()
	t.Setenv(HomeEnv, dir)
	p, err := Resolve("")
	if err != nil {
		t.Fatal(err)
	}
	return p
}

func writeFile(t *testing.T, path string, data []byte) {
	t.Helper()
	if OnWeb {
		if err := writeFileAtomic(path, data); err != nil {
			t.Fatal(err)
		}
		return
	}
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(path, data, 0o644); err != nil {
		t.Fatal(err)
	}
}

func readFile(t *testing.T, path string) []byte {
	t.Helper()
	b, err := disk.ReadFile(path, 1<<30)
	if err != nil {
		t.Fatal(err)
	}
	return b
}

// snapshot records the bytes and modification time of a file.
type snapshot struct {
	path  string
	data  []byte
	mtime time.Time
}

func snap(t *testing.T, path string) snapshot {
	t.Helper()
	info, err := disk.Stat(path)
	if err != nil {
		t.Fatal(err)
	}
	return snapshot{path, readFile(t, path), info.ModTime()}
}

// untouched fails if the file changed in any way since the snapshot.
func (s snapshot) untouched(t *testing.T) {
	t.Helper()
	info, err := disk.Stat(s.path)
	if err != nil {
		t.Fatalf("%s is gone: %v", s.path, err)
	}
	if b := readFile(t, s.path); !bytes.Equal(b, s.data) {
		t.Fatalf("%s changed:\n%s\nwas:\n%s", s.path, b, s.data)
	}
	if !info.ModTime().Equal(s.mtime) {
		t.Fatalf("%s was rewritten (mtime %v, was %v)", s.path, info.ModTime(), s.mtime)
	}
}

// noTemps fails if a temporary file was left in dir.
func noTemps(t *testing.T, dir string) {
	t.Helper()
	ents, _ := disk.ReadDir(dir)
	for _, e := range ents {
		if strings.HasPrefix(e.Name(), tempPrefix) {
			t.Fatalf("temporary file left behind: %s", e.Name())
		}
	}
}

func isDiskFull(err error) bool { return errors.Is(err, syscall.ENOSPC) }

// skipOnWeb skips a test that needs what only a real file system has.
func skipOnWeb(t *testing.T, why string) {
	t.Helper()
	if OnWeb {
		t.Skip("not in a browser's storage: " + why)
	}
}

// otherWindows runs the test binary again, once per value, as other
// windows of the app: each helper process runs the named test with env set
// to its value (the test's own body sees it and plays the window), prints
// "ready" once it has loaded what it needs, and waits for stdin to close
// before going on, so that every window has loaded before any writes.
// Helpers inherit TABULA_HOME. It fails the test if a helper fails.
func otherWindows(t *testing.T, test, env string, values []string) {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 2*time.Minute)
	defer cancel()
	type helper struct {
		cmd    *exec.Cmd
		start  io.WriteCloser
		ready  *bufio.Scanner
		stderr *bytes.Buffer
	}
	var helpers []helper
	for _, value := range values {
		cmd := exec.CommandContext(ctx, os.Args[0], "-test.run=^"+test+"$", "-test.count=1")
		cmd.Env = append(os.Environ(), env+"="+value)
		in, err := cmd.StdinPipe()
		if err != nil {
			t.Fatal(err)
		}
		stdout, err := cmd.StdoutPipe()
		if err != nil {
			t.Fatal(err)
		}
		stderr := &bytes.Buffer{}
		cmd.Stderr = stderr
		if err := cmd.Start(); err != nil {
			t.Fatal(err)
		}
		helpers = append(helpers, helper{cmd, in, bufio.NewScanner(stdout), stderr})
	}
	for _, h := range helpers {
		for h.ready.Scan() && h.ready.Text() != "ready" {
		}
	}
	for _, h := range helpers {
		h.start.Close() // every window has loaded: go
	}
	for _, h := range helpers {
		var stdout strings.Builder
		for h.ready.Scan() {
			stdout.WriteString(h.ready.Text() + "\n")
		}
		if err := h.cmd.Wait(); err != nil {
			t.Fatalf("helper window: %v\n%s%s", err, &stdout, h.stderr)
		}
	}
}

// readyThenWait is the start of a helper window's body (see otherWindows).
func readyThenWait() {
	fmt.Println("ready")
	io.ReadAll(os.Stdin)
}
