package settings

import (
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"path/filepath"
	"sort"
	"strings"
	"time"
	"unicode/utf8"
)

// The online games this device is in, so that closing the app and opening
// it again offers them under Resume: online.json in the data folder,
//
//	{"version": 1, "games": [{"code": "K7QX2M", "game": "checkerboard",
//	  "server": "127.0.0.1:7350", "seat": 0, "names": ["Ana", "Ben"],
//	  "when": "2026-11-29T07:00:00Z"}]}
//
// The server keeps the game and gives this device's seat back to its
// device id (settings' device_id): the file only remembers where to look.
// An entry is added when the device enters a game's room and again when
// the game starts (with every seat's name), and removed once the finished
// game is saved, or when the person gives the game up.
//
// Several windows may change it at once: every change reads the file
// again under its lock and writes it atomically. A file that cannot be
// read is reported in words and left as it is; nothing is written over it.

// OnlineGame is one online game this device has a seat in.
type OnlineGame struct {
	Code   string    `json:"code"`   // the invitation code, as the server gave it
	Game   string    `json:"game"`   // the game id
	Server string    `json:"server"` // the server's address, as in the settings then
	Seat   int       `json:"seat"`   // this device's seat (0-based)
	Names  []string  `json:"names"`  // every seat's name, in seat order ("" for a seat not yet taken)
	When   time.Time `json:"when"`   // when it was last added or changed
}

// Bounds of online.json: a device is in a few games at a time, and the
// oldest are forgotten first when there are more.
const (
	MaxOnlineGames    = 20
	maxOnlineFileSize = 256 << 10
	maxOnlineText     = 64 // characters of a code, an address or a name
	maxOnlineSeats    = 16
	onlineFileVersion = 1
)

// OnlineGamesFile is the path of online.json.
func (p Paths) OnlineGamesFile() string { return filepath.Join(p.Data, "online.json") }

// OnlineGames is online.json. Its methods read the file each time (another
// window may have changed it) and are safe for concurrent use.
type OnlineGames struct {
	file string
}

// NewOnlineGames is the online games of the data folder of p.
func NewOnlineGames(p Paths) *OnlineGames { return &OnlineGames{file: p.OnlineGamesFile()} }

// Path is online.json's path.
func (o *OnlineGames) Path() string { return o.file }

type onlineFile struct {
	Version int          `json:"version"`
	Games   []OnlineGame `json:"games"`
}

// OnlineGamesError says why online.json cannot be used; the file is kept.
type OnlineGamesError struct {
	Path string
	Err  error
}

func (e *OnlineGamesError) Error() string {
	return fmt.Sprintf("the list of online games in progress (%s) cannot be read: %v; it is kept as it is, and online games are not remembered until it is mended or removed", e.Path, e.Err)
}

func (e *OnlineGamesError) Unwrap() error { return e.Err }

// List is the online games in progress, the most recent first. A missing
// file is none; a broken one gives an *OnlineGamesError and no games.
func (o *OnlineGames) List() ([]OnlineGame, error) {
	f, err := o.read()
	if err != nil {
		return nil, err
	}
	return f.Games, nil
}

// For is the online games in progress of one game, the most recent first.
func (o *OnlineGames) For(game string) ([]OnlineGame, error) {
	all, err := o.List()
	var out []OnlineGame
	for _, g := range all {
		if g.Game == game {
			out = append(out, g)
		}
	}
	return out, err
}

// Add remembers a game (replacing the entry with the same server and
// code), stamped now. Beyond MaxOnlineGames the oldest is forgotten.
func (o *OnlineGames) Add(g OnlineGame) error {
	if g.When.IsZero() {
		g.When = time.Now()
	}
	g.When = g.When.UTC().Round(time.Second)
	if err := checkOnlineGame(g); err != nil {
		return err
	}
	return o.change(func(list []OnlineGame) []OnlineGame {
		out := []OnlineGame{g}
		for _, h := range list {
			if !sameOnline(h, g.Server, g.Code) {
				out = append(out, h)
			}
		}
		sortOnline(out)
		if len(out) > MaxOnlineGames {
			out = out[:MaxOnlineGames]
		}
		return out
	})
}

// Remove forgets the game of that server and code; forgetting one that is
// not listed is not an error.
func (o *OnlineGames) Remove(server, code string) error {
	return o.change(func(list []OnlineGame) []OnlineGame {
		out := list[:0]
		for _, h := range list {
			if !sameOnline(h, server, code) {
				out = append(out, h)
			}
		}
		return out
	})
}

func sameOnline(g OnlineGame, server, code string) bool {
	return g.Server == server && strings.EqualFold(g.Code, code)
}

func sortOnline(list []OnlineGame) {
	sort.SliceStable(list, func(i, j int) bool { return list[i].When.After(list[j].When) })
}

// change reads the file under its lock, changes the list and writes it.
// A broken file is refused in words and not touched.
func (o *OnlineGames) change(f func([]OnlineGame) []OnlineGame) error {
	return withLock(o.file, func() error {
		file, err := o.read()
		if err != nil {
			return err
		}
		file.Games = f(file.Games)
		file.Version = onlineFileVersion
		if file.Games == nil {
			file.Games = []OnlineGame{}
		}
		b, err := json.MarshalIndent(&file, "", "  ")
		if err != nil {
			return err
		}
		return writeFileAtomic(o.file, append(b, '\n'))
	})
}

// read reads online.json; a missing file is an empty list.
func (o *OnlineGames) read() (onlineFile, error) {
	raw, err := readLimited(o.file, maxOnlineFileSize)
	if errors.Is(err, fs.ErrNotExist) {
		return onlineFile{Version: onlineFileVersion}, nil
	}
	if err != nil {
		if strings.Contains(err.Error(), "too large") {
			err = fmt.Errorf("the file is larger than %d KiB", maxOnlineFileSize>>10)
		}
		return onlineFile{}, &OnlineGamesError{Path: o.file, Err: err}
	}
	var f onlineFile
	if err := json.Unmarshal(raw, &f); err != nil {
		var se *json.SyntaxError
		if errors.As(err, &se) {
			err = fmt.Errorf("it is not valid JSON (broken at byte %d)", se.Offset)
		} else {
			err = fmt.Errorf("it is not a list of online games: %v", err)
		}
		return onlineFile{}, &OnlineGamesError{Path: o.file, Err: err}
	}
	if f.Version > onlineFileVersion {
		return onlineFile{}, &OnlineGamesError{Path: o.file, Err: fmt.Errorf("it was written by a newer Tabula (version %d; this one reads up to %d)", f.Version, onlineFileVersion)}
	}
	if f.Version < 1 {
		return onlineFile{}, &OnlineGamesError{Path: o.file, Err: errors.New("it has no version")}
	}
	if len(f.Games) > MaxOnlineGames {
		return onlineFile{}, &OnlineGamesError{Path: o.file, Err: fmt.Errorf("it lists %d games, more than the %d kept", len(f.Games), MaxOnlineGames)}
	}
	for i, g := range f.Games {
		if err := checkOnlineGame(g); err != nil {
			return onlineFile{}, &OnlineGamesError{Path: o.file, Err: fmt.Errorf("game %d: %v", i+1, err)}
		}
	}
	sortOnline(f.Games)
	return f, nil
}

// checkOnlineGame refuses an entry that cannot be one, in words.
func checkOnlineGame(g OnlineGame) error {
	text := func(what, s string, empty bool) error {
		if s == "" && !empty {
			return fmt.Errorf("the %s is missing", what)
		}
		if !utf8.ValidString(s) || utf8.RuneCountInString(s) > maxOnlineText || strings.ContainsAny(s, "\x00\n\r") {
			return fmt.Errorf("the %s %q is not one (at most %d characters on one line)", what, s, maxOnlineText)
		}
		return nil
	}
	if err := text("invitation code", g.Code, false); err != nil {
		return err
	}
	if err := checkGameID(g.Game); err != nil {
		return err
	}
	if err := text("server address", g.Server, false); err != nil {
		return err
	}
	if len(g.Names) == 0 || len(g.Names) > maxOnlineSeats {
		return fmt.Errorf("a game of %d seats is not one (1 to %d)", len(g.Names), maxOnlineSeats)
	}
	if g.Seat < 0 || g.Seat >= len(g.Names) {
		return fmt.Errorf("seat %d is not one of the game's %d", g.Seat+1, len(g.Names))
	}
	for _, n := range g.Names {
		if err := text("name", n, true); err != nil {
			return err
		}
	}
	return nil
}
