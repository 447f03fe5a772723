package settings

import (
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"sync"
	"time"
)

// Result is how a finished game went for the person playing.
type Result int

const (
	Win Result = iota
	Loss
	Draw
)

func (r Result) String() string {
	switch r {
	case Win:
		return "win"
	case Loss:
		return "loss"
	case Draw:
		return "draw"
	}
	return fmt.Sprintf("Result(%d)", int(r))
}

// Tally counts the games against one opponent.
type Tally struct {
	Wins   int `json:"wins"`
	Losses int `json:"losses"`
	Draws  int `json:"draws"`
}

// Played is the number of games counted.
func (t Tally) Played() int { return t.Wins + t.Losses + t.Draws }

// HumanOpponent is the opponent key used when the opponent is a person.
const HumanOpponent = "human"

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
	return fmt.Sprintf("the statistics file %s cannot be read: %v (counting starts again; the old file is kept)", e.Path, e.Err)
}

func (e *StatsError) Unwrap() error { return e.Err }

// Stats holds wins, losses and draws per game and opponent, in stats.json
// in the data folder. Its methods are safe for concurrent use.
type Stats struct {
	mu     sync.Mutex
	file   string
	data   statsFile
	broken bool
	aside  string
	now    func() time.Time
}

// LoadStats reads stats.json. It always returns usable Stats; a missing
// file means no games yet, and a corrupt or newer-version file gives a
// *StatsError (counting starts from zero and the file is left untouched).
func LoadStats(p Paths) (*Stats, error) {
	s := &Stats{file: p.StatsFile(), now: time.Now}
	s.data.Games = map[string]map[string]Tally{}
	raw, err := readLimited(s.file, maxStatsSize)
	if errors.Is(err, fs.ErrNotExist) {
		return s, nil
	}
	if err == nil {
		err = decodeStats(raw, &s.data)
	}
	if err != nil {
		s.data = statsFile{Games: map[string]map[string]Tally{}}
		s.broken = true
		return s, &StatsError{Path: s.file, Err: err}
	}
	return s, nil
}

func decodeStats(raw []byte, out *statsFile) error {
	var f statsFile
	if err := json.Unmarshal(raw, &f); err != nil {
		var se *json.SyntaxError
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
			if t.Wins < 0 || t.Losses < 0 || t.Draws < 0 {
				return fmt.Errorf("negative count for %s against %s", game, bot)
			}
		}
	}
	*out = f
	return nil
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
// or HumanOpponent for a person) and writes the file. If the write fails
// the count is not kept and the file on disk is unchanged.
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
	if r != Win && r != Loss && r != Draw {
		return fmt.Errorf("unknown result %v", r)
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	byBot := s.data.Games[game]
	old, had := byBot[opponent]
	t := old
	switch r {
	case Win:
		t.Wins++
	case Loss:
		t.Losses++
	case Draw:
		t.Draws++
	}
	if byBot == nil {
		byBot = map[string]Tally{}
		s.data.Games[game] = byBot
	}
	byBot[opponent] = t
	if err := s.save(); err != nil {
		if had {
			byBot[opponent] = old
		} else {
			delete(byBot, opponent)
			if len(byBot) == 0 {
				delete(s.data.Games, game)
			}
		}
		return err
	}
	return nil
}

// For returns a copy of a game's tallies by opponent.
func (s *Stats) For(game string) map[string]Tally {
	s.mu.Lock()
	defer s.mu.Unlock()
	out := map[string]Tally{}
	for bot, t := range s.data.Games[game] {
		out[bot] = t
	}
	return out
}

// Reset forgets a game's tallies and writes the file.
func (s *Stats) Reset(game string) error {
	if err := checkGameID(game); err != nil {
		return err
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	old, had := s.data.Games[game]
	if !had && !s.broken {
		return nil
	}
	delete(s.data.Games, game)
	if err := s.save(); err != nil {
		if had {
			s.data.Games[game] = old
		}
		return err
	}
	return nil
}

// save writes stats.json atomically, moving a broken one aside first. The
// caller holds s.mu.
func (s *Stats) save() error {
	if s.broken {
		dest, err := moveAside(s.file, s.now())
		if err != nil {
			return err
		}
		s.aside, s.broken = dest, false
	}
	s.data.Version = statsVersion
	b, err := json.MarshalIndent(&s.data, "", "  ")
	if err != nil {
		return err
	}
	return writeFileAtomic(s.file, append(b, '\n'))
}
