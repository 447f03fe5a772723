package main

import (
	"go/parser"
	"go/token"
	"io/fs"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
)

const module = "github.com/tabulagames/tabula"

// TestImportArrows enforces the layering of ARCHITECTURE.md: arrows only go
// down, main → ui → settings, ai → games; games imports the standard
// library only; ai imports games only (and the browser's pause,
// internal/pause); nothing below ui imports Fyne.
func TestImportArrows(t *testing.T) {
	allowed := map[string][]string{
		"games":    {"games"},
		"ai":       {"games", "ai"},
		"settings": {"games", "settings", "internal"},
		"assets":   {},
	}
	thirdParty := map[string][]string{
		"settings": {"github.com/spf13/viper", "github.com/pelletier/go-toml/v2", "github.com/adrg/xdg", "golang.org/x/sys/windows"},
	}
	checked := 0
	err := filepath.WalkDir(".", func(path string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() || !strings.HasSuffix(path, ".go") {
			return err
		}
		top := strings.Split(filepath.ToSlash(path), "/")[0]
		ok, layered := allowed[top]
		if !layered {
			return nil
		}
		f, err := parser.ParseFile(token.NewFileSet(), path, nil, parser.ImportsOnly)
		if err != nil {
			return err
		}
		checked++
		for _, imp := range f.Imports {
			p, _ := strconv.Unquote(imp.Path.Value)
			switch {
			case strings.HasSuffix(path, "_test.go") && p == module+"/internal/jstest":
				// a test-only measure of the browser's thread (GOOS=js tests)
			case p == module+"/internal/pause" && (top == "ai" || top == "settings"):
				// the one way long work hands the browser's thread back
			case strings.HasPrefix(p, module+"/"):
				inner := strings.Split(strings.TrimPrefix(p, module+"/"), "/")[0]
				if !contains(ok, inner) {
					t.Errorf("%s imports %s: %s may only import %v", path, p, top, ok)
				}
			case strings.Contains(strings.Split(p, "/")[0], "."):
				if !hasPrefix(thirdParty[top], p) {
					t.Errorf("%s imports %s: %s may not import outside packages", path, p, top)
				}
			}
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	if checked < 10 {
		t.Fatalf("only %d files checked", checked)
	}
}

// TestFyneFreeParts enforces that the game session and the boards' models
// are plain Go: they are tested without a window and must stay so.
func TestFyneFreeParts(t *testing.T) {
	checked := 0
	err := filepath.WalkDir("ui", func(path string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() || !strings.HasSuffix(path, ".go") {
			return err
		}
		slash := filepath.ToSlash(path)
		inSession := strings.HasPrefix(slash, "ui/session/") || strings.HasPrefix(slash, "ui/frame/")
		isModel := strings.HasPrefix(slash, "ui/boards/") && (strings.HasSuffix(slash, "/model.go") || strings.HasSuffix(slash, "/words.go"))
		if !inSession && !isModel {
			return nil
		}
		f, err := parser.ParseFile(token.NewFileSet(), path, nil, parser.ImportsOnly)
		if err != nil {
			return err
		}
		checked++
		for _, imp := range f.Imports {
			p, _ := strconv.Unquote(imp.Path.Value)
			if strings.HasPrefix(p, "fyne.io/") {
				t.Errorf("%s imports %s: the session and board models must not import Fyne", path, p)
			}
			if strings.HasPrefix(p, module+"/ui") && !strings.HasPrefix(p, module+"/ui/frame") && !(inSession && strings.HasPrefix(p, module+"/ui/session")) {
				t.Errorf("%s imports %s: the session and board models may import only the frame from ui", path, p)
			}
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	if checked < 2 {
		t.Fatalf("only %d files checked: is ui/session still there?", checked)
	}
}

func contains(list []string, s string) bool {
	for _, x := range list {
		if x == s {
			return true
		}
	}
	return false
}

func hasPrefix(prefixes []string, s string) bool {
	for _, p := range prefixes {
		if s == p || strings.HasPrefix(s, p+"/") {
			return true
		}
	}
	return false
}

// TestBoardsDrawAndNeverSteer enforces issue 18's shape: no board imports
// the session (a board draws a frame and answers with intents through its
// host), and a board pulls in no bot and no other game's rules (`go list
// -deps`), so a board can be built, read and tested on its own.
func TestBoardsDrawAndNeverSteer(t *testing.T) {
	dirs, err := filepath.Glob("ui/boards/*")
	if err != nil {
		t.Fatal(err)
	}
	checked := 0
	for _, dir := range dirs {
		id := filepath.Base(dir)
		if id == "kit" || id == "all" {
			continue
		}
		checked++
		out, err := exec.Command("go", "list", "-deps", "./"+filepath.ToSlash(dir)).Output()
		if err != nil {
			t.Fatalf("go list -deps ./%s: %v", dir, err)
		}
		for _, dep := range strings.Fields(string(out)) {
			inner := strings.TrimPrefix(dep, module+"/")
			if inner == dep {
				continue // the standard library, Fyne and the like
			}
			other := strings.HasPrefix(inner, "games/") && strings.Count(inner, "/") == 1 &&
				inner != "games/"+id && inner != "games/rng" && inner != "games/repetition"
			if inner == "ai" || strings.HasPrefix(inner, "ai/") || inner == "ui/session" || other {
				t.Errorf("the %s board depends on %s", id, inner)
			}
		}
	}
	if checked < 7 {
		t.Fatalf("only %d boards checked", checked)
	}
}
