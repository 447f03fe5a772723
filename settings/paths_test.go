package settings

import (
	"errors"
	"os"
	"path/filepath"
	"testing"
	"time"
)

func TestPathsUnder(t *testing.T) {
	p := PathsUnder("/r")
	want := Paths{Config: "/r/config", Data: "/r/data", Saves: "/r/data/saves", State: "/r/state"}
	if p != want {
		t.Fatalf("PathsUnder = %+v, want %+v", p, want)
	}
	if p.ConfigFile() != "/r/config/config.toml" || p.StatsFile() != "/r/data/stats.json" {
		t.Fatalf("files: %s %s", p.ConfigFile(), p.StatsFile())
	}
}

func TestResolveTabulaHomeWins(t *testing.T) {
	home := t.TempDir()
	t.Setenv(HomeEnv, home)
	for _, mobile := range []bool{false, true} {
		p, err := resolve("/some/android/root", mobile)
		if err != nil {
			t.Fatal(err)
		}
		if p != PathsUnder(home) {
			t.Errorf("mobile=%v: %+v, want under %s", mobile, p, home)
		}
	}
}

func TestResolveMobileRoot(t *testing.T) {
	t.Setenv(HomeEnv, "")
	root := t.TempDir()
	p, err := resolve(root, true)
	if err != nil || p != PathsUnder(root) {
		t.Fatalf("resolve(root, mobile) = %+v, %v", p, err)
	}
	if _, err := resolve("", true); !errors.Is(err, ErrNoStorageRoot) {
		t.Fatalf("no root on mobile: err = %v", err)
	}
}

func TestResolveDesktopXDG(t *testing.T) {
	t.Setenv(HomeEnv, "")
	base := t.TempDir()
	t.Setenv("XDG_CONFIG_HOME", filepath.Join(base, "cfg"))
	t.Setenv("XDG_DATA_HOME", filepath.Join(base, "data"))
	t.Setenv("XDG_STATE_HOME", filepath.Join(base, "state"))
	p, err := resolve("/ignored/on/desktop", false)
	if err != nil {
		t.Fatal(err)
	}
	want := Paths{
		Config: filepath.Join(base, "cfg", "tabula"),
		Data:   filepath.Join(base, "data", "tabula"),
		Saves:  filepath.Join(base, "data", "tabula", "saves"),
		State:  filepath.Join(base, "state", "tabula"),
	}
	if p != want {
		t.Fatalf("desktop paths = %+v, want %+v", p, want)
	}
	if p.ConfigFile() != filepath.Join(base, "cfg", "tabula", "config.toml") {
		t.Fatalf("config file %s", p.ConfigFile())
	}
}

// Opening everything and reading must not create a single folder.
func TestNothingCreatedAtStart(t *testing.T) {
	root := t.TempDir()
	t.Setenv(HomeEnv, filepath.Join(root, "home"))
	p, err := Resolve("")
	if err != nil {
		t.Fatal(err)
	}
	cfg, err := LoadConfig(p)
	if err != nil {
		t.Fatal(err)
	}
	_ = cfg.Theme()
	st := NewStore(p)
	if list, err := st.List(); err != nil || len(list) != 0 {
		t.Fatalf("List = %v, %v", list, err)
	}
	if st.HasAutosave("classic") {
		t.Fatal("autosave out of nowhere")
	}
	if _, err := LoadStats(p); err != nil {
		t.Fatal(err)
	}
	if _, err := CleanTemp(p, time.Now()); err != nil {
		t.Fatal(err)
	}
	if _, err := disk.Stat(filepath.Join(root, "home")); !errors.Is(err, os.ErrNotExist) {
		t.Fatalf("TABULA_HOME was created at start: %v", err)
	}
}
