// Package settings is everything Tabula writes to or reads from the disk:
// where the files live (paths.go), the preferences (config.go), saved games
// and autosaves (saves.go), and the win/loss tallies (stats.go).
//
// It imports no Fyne: the UI hands it the app's storage root on Android and
// shows the errors it returns. Every file operation goes through one small
// interface (fsys.go): the disk on every native build, the page's IndexedDB
// in a browser (fsys_js.go). Every write is atomic (a temporary file in the
// same folder, fsync, rename; one IndexedDB transaction), so a full disk or
// a crash leaves the previous file whole; a corrupt or newer-version file is
// reported in words and left untouched.
package settings

import (
	"errors"
	"os"
	"path/filepath"
	"runtime"

	"github.com/adrg/xdg"
)

// HomeEnv names the environment variable that puts every Tabula file under
// one folder (tests, portable installs). It wins over everything else.
const HomeEnv = "TABULA_HOME"

// appDir is the folder name under the XDG base directories.
const appDir = "tabula"

// Paths says where Tabula keeps its files. Folders are created on the first
// write into them, never at start.
type Paths struct {
	Config string // folder holding config.toml
	Data   string // folder holding stats.json and the saves folder
	Saves  string // the player's saved games
	State  string // autosaves (one per game)
}

// ConfigFile is the path of config.toml.
func (p Paths) ConfigFile() string { return filepath.Join(p.Config, "config.toml") }

// StatsFile is the path of stats.json.
func (p Paths) StatsFile() string { return filepath.Join(p.Data, "stats.json") }

// DesktopPaths follows the XDG base directory spec (adrg/xdg maps it to the
// usual places on Windows and macOS): $XDG_CONFIG_HOME/tabula/config.toml,
// $XDG_DATA_HOME/tabula/saves/, $XDG_STATE_HOME/tabula/. It re-reads the
// environment, so call it at start-up, not from several goroutines.
func DesktopPaths() Paths {
	xdg.Reload()
	data := filepath.Join(xdg.DataHome, appDir)
	return Paths{
		Config: filepath.Join(xdg.ConfigHome, appDir),
		Data:   data,
		Saves:  filepath.Join(data, "saves"),
		State:  filepath.Join(xdg.StateHome, appDir),
	}
}

// PathsUnder lays the same tree out under one root folder: root/config,
// root/data, root/data/saves and root/state. It is used for TABULA_HOME
// and for the app's storage root on Android, where XDG does not apply.
func PathsUnder(root string) Paths {
	data := filepath.Join(root, "data")
	return Paths{
		Config: filepath.Join(root, "config"),
		Data:   data,
		Saves:  filepath.Join(data, "saves"),
		State:  filepath.Join(root, "state"),
	}
}

// ErrNoStorageRoot is returned by Resolve on a mobile build that was given
// no storage root and no TABULA_HOME.
var ErrNoStorageRoot = errors.New("settings: no storage folder on this device (the app gave none)")

// WebRoot is the root of the files in a browser: not a folder of any
// disk but the start of every key of the page's IndexedDB (fsys_js.go).
const WebRoot = "/tabula"

// OnWeb is true in the browser build (GOOS=js): the files are kept by the
// browser, so there is no folder to show a player.
const OnWeb = runtime.GOOS == "js"

// shownFile names a file for a player: its path on a disk, its name alone
// in a browser, where the path is only a key of the page's storage.
func shownFile(path string) string {
	if OnWeb {
		return filepath.Base(path)
	}
	return path
}

// inFolder names a folder after the words that say which it is: " /path"
// on a disk, nothing in a browser.
func inFolder(dir string) string {
	if OnWeb {
		return ""
	}
	return " " + dir
}

// Resolve picks the paths to use: TABULA_HOME if it is set; on Android and
// iOS the app's storage root (the UI passes the Fyne app's storage root
// folder); in a browser the fixed tree under WebRoot; on the desktop the
// XDG folders. storageRoot is ignored but on mobile.
func Resolve(storageRoot string) (Paths, error) {
	if OnWeb && os.Getenv(HomeEnv) == "" {
		return PathsUnder(WebRoot), nil
	}
	return resolve(storageRoot, onMobile)
}

func resolve(storageRoot string, mobile bool) (Paths, error) {
	if home := os.Getenv(HomeEnv); home != "" {
		abs, err := filepath.Abs(home)
		if err != nil {
			return Paths{}, err
		}
		return PathsUnder(abs), nil
	}
	if mobile {
		if storageRoot == "" {
			return Paths{}, ErrNoStorageRoot
		}
		return PathsUnder(storageRoot), nil
	}
	return DesktopPaths(), nil
}
