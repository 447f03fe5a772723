package settings

import (
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"math"
	"strings"
	"sync"
	"time"
)

// Result is how a finished game went for the person playing.
type Result int

const (
	Win Result = iota
	Loss
	Draw
	Shared // won together with an opponent (knights' shared win)
)

func (r Result) String() string {
	switch r {
	case Win:
		return "win"
	case Loss:
		return "loss"
	case Draw:
		return "draw"
	case Shared:
		return "shared win"
	}
	return fmt.Sprintf("Result(%d)", int(r))
}

// Tally counts the games against one opponent.
type Tally struct {
	Wins   int `json:"wins"`
	Losses int `json:"losses"`
	Draws  int `json:"draws"`
	// Shared counts the games won together with the opponent; files
	// written before there was such a count simply have none.
	Shared int `json:"shared,omitempty"`
}

// Played is the number of games counted.
func (t Tally) Played() int { return t.Wins + t.Losses + t.Draws + t.Shared }

// HumanOpponent is the opponent key used when the opponent is a person.
const HumanOpponent = "human"

// OnlineOpponent is the opponent key of the games played online, against
// people (and the server's bots) on other devices, whoever they were.
const OnlineOpponent = "online"

// statsVersion is the version of stats.json written by this program.
const statsVersion = 1

// maxStatsSize bounds what is read of stats.json.
const maxStatsSize = 4 << 20

type statsFile struct {
	Version int                         `json:"version"`
	Games   map[string]map[string]Tally `json:"games"` // game id -> opponent -> tally
}

// StatsError says why stats.json could not be used. The counts start from
// zero; the file stays as it is until the next game is counted, and then it
// is moved aside (see MovedAside) rather than overwritten.
type StatsError struct {
	Path string
	Err  error
}

func (e *StatsError) Error() string {
	return fmt.Sprintf("the statistics file %s cannot be read: %v (counting starts again; the old file is kept)", shownFile(e.Path), e.Err)
}

func (e *StatsError) Unwrap() error { return e.Err }

// Stats holds wins, losses and draws per game and opponent, in stats.json
// in the data folder. Several windows (processes) may count at once: each
// result is added to the file as it is on disk, under a lock (see Record).
// Its methods are safe for concurrent use.
type Stats struct {
	mu     sync.Mutex
	file   string
	data   statsFile   // the counts as last read or written
	seen   fs.FileInfo // stats.json as it was then (nil if there was none)
	broken bool        // an unreadable file was reported: the next write moves it aside
	aside  string
	now    func() time.Time
}

// LoadStats reads stats.json. It always returns usable Stats; a missing
// file means no games yet, and a corrupt or newer-version file gives a
// *StatsError (counting starts from zero and the file is left untouched).
func LoadStats(p Paths) (*Stats, error) {
	s := &Stats{file: p.StatsFile(), now: time.Now}
	var err error
	s.data, s.seen, err = readStats(s.file)
	s.broken = err != nil
	return s, err
}

// readStats reads stats.json, and what file it was, to notice a later
// change. A missing file is no games yet. A file that cannot be used gives
// empty counts and a *StatsError.
func readStats(path string) (statsFile, fs.FileInfo, error) {
	empty := statsFile{Games: map[string]map[string]Tally{}}
	// Stat before reading: if the file is replaced in between, the next
	// look sees a change and reads it again.
	info, _ := disk.Stat(path)
	raw, err := readLimited(path, maxStatsSize)
	if errors.Is(err, fs.ErrNotExist) {
		return empty, nil, nil
	}
	var f statsFile
	if err == nil {
		err = decodeStats(raw, &f)
	}
	if err != nil {
		return empty, info, &StatsError{Path: path, Err: err}
	}
	return f, info, nil
}

func decodeStats(raw []byte, out *statsFile) error {
	var f statsFile
	if err := json.Unmarshal(raw, &f); err != nil {
		var se *json.SyntaxError
		if errors.As(err, &se) && strings.Contains(se.Error(), "exceeded max depth") {
			// encoding/json stops at 10,000 levels: not a file broken at one byte.
			return errors.New("the file is nested too deeply to be a statistics file")
		}
		if errors.As(err, &se) {
			return fmt.Errorf("not valid JSON (broken at byte %d)", se.Offset)
		}
		return fmt.Errorf("not a statistics file: %v", err)
	}
	if f.Version > statsVersion {
		return fmt.Errorf("written by a newer Tabula (version %d; this one reads up to %d)", f.Version, statsVersion)
	}
	if f.Games == nil {
		f.Games = map[string]map[string]Tally{}
	}
	for game, byBot := range f.Games {
		for bot, t := range byBot {
			if t.Wins < 0 || t.Losses < 0 || t.Draws < 0 || t.Shared < 0 {
				return fmt.Errorf("negative count for %s against %s", game, bot)
			}
		}
	}
	*out = f
	return nil
}

// writeStats writes stats.json atomically.
func writeStats(path string, data statsFile) error {
	data.Version = statsVersion
	b, err := json.MarshalIndent(&data, "", "  ")
	if err != nil {
		return err
	}
	return writeFileAtomic(path, append(b, '\n'))
}

// sameFile reports whether two looks at stats.json saw the same file: every
// write replaces the file, and a hand edit changes its time or size.
func sameFile(a, b fs.FileInfo) bool {
	return a != nil && b != nil && disk.SameFile(a, b) && a.ModTime().Equal(b.ModTime()) && a.Size() == b.Size()
}

// Path is the stats.json file.
func (s *Stats) Path() string { return s.file }

// MovedAside is where a broken stats.json was moved ("" if it was not).
func (s *Stats) MovedAside() string {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.aside
}

// Record counts one finished game against an opponent (a bot name, or ""
// or HumanOpponent for a person) and writes the file. The result is added
// to the file as it is on disk, so the results of other windows are kept.
// If the write fails the count is not kept and the file on disk is
// unchanged.
func (s *Stats) Record(game, opponent string, r Result) error {
	if err := checkGameID(game); err != nil {
		return err
	}
	if opponent == "" {
		opponent = HumanOpponent
	}
	if err := checkBotName(opponent); err != nil {
		return err
	}
	if r != Win && r != Loss && r != Draw && r != Shared {
		return fmt.Errorf("unknown result %v", r)
	}
	return s.update(func(all map[string]map[string]Tally) (bool, error) {
		byBot := all[game]
		if byBot == nil {
			byBot = map[string]Tally{}
			all[game] = byBot
		}
		t := byBot[opponent]
		count := map[Result]*int{Win: &t.Wins, Loss: &t.Losses, Draw: &t.Draws, Shared: &t.Shared}[r]
		if *count == math.MaxInt {
			return false, fmt.Errorf("%s against %s: no more %ss can be counted", game, opponent, r)
		}
		*count++
		byBot[opponent] = t
		return true, nil
	})
}

// For returns a copy of a game's tallies by opponent. It reads stats.json
// again when another window changed it.
func (s *Stats) For(game string) map[string]Tally {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.refresh()
	out := map[string]Tally{}
	for bot, t := range s.data.Games[game] {
		out[bot] = t
	}
	return out
}

// refresh reads stats.json again if it changed since it was last read or
// written here. A file that cannot be read keeps the counts as they were;
// the next Record reports it. The caller holds s.mu.
func (s *Stats) refresh() {
	info, err := disk.Stat(s.file)
	if sameFile(s.seen, info) || err != nil && s.seen == nil {
		return
	}
	data, info, err := readStats(s.file)
	s.seen = info
	if err == nil {
		s.data = data
	}
}

// Reset forgets a game's tallies and writes the file.
func (s *Stats) Reset(game string) error {
	if err := checkGameID(game); err != nil {
		return err
	}
	return s.update(func(all map[string]map[string]Tally) (bool, error) {
		if _, had := all[game]; !had {
			return false, nil
		}
		delete(all, game)
		return true, nil
	})
}

// update changes the counts under the lock of stats.json: the file is read
// again, so the results other windows recorded are kept, changed, and
// written atomically. A file that cannot be read is reported first (by
// LoadStats, or else by this call, which then changes nothing) and moved
// aside by the next write. If the write fails the file is unchanged.
func (s *Stats) update(change func(all map[string]map[string]Tally) (changed bool, err error)) error {
	s.mu.Lock()
	defer s.mu.Unlock()
	return withLock(s.file, func() error {
		data, info, err := readStats(s.file)
		switch {
		case err == nil:
			s.broken = false
		case !s.broken:
			s.data, s.seen, s.broken = data, info, true
			return err
		}
		moveFirst := err != nil
		changed, err := change(data.Games)
		if err != nil {
			return err
		}
		if !changed && !moveFirst {
			s.data, s.seen = data, info
			return nil
		}
		if moveFirst {
			dest, err := moveAside(s.file, s.now())
			if err != nil {
				return err
			}
			s.aside, s.broken = dest, false
		}
		if err := writeStats(s.file, data); err != nil {
			return err
		}
		s.data = data
		s.seen, _ = disk.Stat(s.file)
		return nil
	})
}
