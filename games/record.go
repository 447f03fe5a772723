package games

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"strings"
	"time"
)

// The save format written by this version (NOTATION.md "Save files").
const (
	SaveFormat  = "tabula-save"
	SaveVersion = 1
)

// MaxRecordSize bounds a save file, wherever it comes from (the command
// line, the saves folder): a 60,000-move game takes under 1 MiB, and
// the cap keeps a huge or endless input from using gigabytes of memory.
const MaxRecordSize = 16 << 20

// ErrRecordTooLarge refuses input over MaxRecordSize.
var ErrRecordTooLarge = fmt.Errorf("the file is too large (over %d MiB)", MaxRecordSize>>20)

// ReadRecordData reads a save file's bytes from r, stopping at
// MaxRecordSize: larger input is refused with ErrRecordTooLarge without
// reading the rest of it.
func ReadRecordData(r io.Reader) ([]byte, error) {
	data, err := io.ReadAll(io.LimitReader(r, MaxRecordSize+1))
	if err != nil {
		return nil, err
	}
	if len(data) > MaxRecordSize {
		return nil, ErrRecordTooLarge
	}
	return data, nil
}

// SeatInfo says who sits at a seat.
type SeatInfo struct {
	Name       string `json:"name"`
	Controller string `json:"controller"`          // "human" or "ai"
	Bot        string `json:"bot,omitempty"`       // bot name for "ai"
	Character  string `json:"character,omitempty"` // games with characters (arena)
	// Symbol is what the screen shows for the seat when its player chose
	// one (revenge). It is cosmetic only: never written to a save (revenge
	// section 1); the notation keeps x o + * whatever is shown.
	Symbol string `json:"-"`
}

// Human reports whether a person plays the seat.
func (s SeatInfo) Human() bool { return s.Controller != "ai" }

// Record is a saved game: everything needed to replay it exactly.
type Record struct {
	Format  string          `json:"format"`
	Version int             `json:"version"`
	Game    string          `json:"game"`
	Rules   map[string]any  `json:"rules"`
	Seed    int64           `json:"seed"`
	Seats   []SeatInfo      `json:"seats,omitempty"`
	Moves   []string        `json:"moves"`
	Setup   json.RawMessage `json:"setup,omitempty"`
	// Ending is set when the game ended by resignation or agreement after
	// its last move (ending.go); nil when the rules ended it, or it goes on.
	Ending  *Ending   `json:"ending,omitempty"`
	Created time.Time `json:"created,omitzero"`
	Updated time.Time `json:"updated,omitzero"`
}

// EncodeRecord writes a record as indented JSON, filling in the format.
func EncodeRecord(r *Record) ([]byte, error) {
	c := *r
	c.Format, c.Version = SaveFormat, SaveVersion
	if c.Rules == nil {
		c.Rules = map[string]any{}
	}
	if c.Moves == nil {
		c.Moves = []string{}
	}
	b, err := json.MarshalIndent(&c, "", "  ")
	if err != nil {
		return nil, err
	}
	return append(b, '\n'), nil
}

// DecodeRecord reads a save file. Unknown fields are ignored; input over
// MaxRecordSize, JSON nested deeper than the decoder goes, a foreign
// format, a version below 1 or newer than SaveVersion, and a missing game,
// seed or list of moves is an error in words. NOTATION.md lets a file omit
// format, version, seats, created and updated (and rules, which take
// their defaults), nothing else: a file without its seed or its moves is
// not read as an empty game. A missing version reads as 1. It does not
// check the moves: Replay does. An ending (a resignation or an agreed
// draw) is checked here as far as it can be without the position, and
// by Replay and Final against the position it follows.
func DecodeRecord(data []byte) (*Record, error) {
	if len(data) > MaxRecordSize {
		return nil, ErrRecordTooLarge
	}
	data = bytes.TrimPrefix(data, []byte("\xef\xbb\xbf"))
	var r Record
	// These are pointers here to tell a missing field from a zero one.
	type record Record
	in := struct {
		*record
		Version *int      `json:"version"`
		Seed    *int64    `json:"seed"`
		Moves   *[]string `json:"moves"`
	}{record: (*record)(&r)}
	if err := json.Unmarshal(data, &in); err != nil {
		var se *json.SyntaxError
		if errors.As(err, &se) {
			if tooDeep(se) {
				return nil, errors.New("the file is nested too deeply to be a save")
			}
			if se.Offset >= int64(len(bytes.TrimRight(data, " \t\r\n"))) {
				return nil, errors.New("the file is cut short (truncated)")
			}
			return nil, fmt.Errorf("not a valid JSON file (broken at byte %d)", se.Offset)
		}
		var te *json.UnmarshalTypeError
		if errors.As(err, &te) {
			return nil, wrongType(te)
		}
		return nil, fmt.Errorf("not a Tabula save: %v", err)
	}
	if r.Format != "" && r.Format != SaveFormat {
		return nil, fmt.Errorf("not a Tabula save (format %q)", r.Format)
	}
	r.Version = 1
	if in.Version != nil {
		r.Version = *in.Version
	}
	if r.Version < 1 {
		return nil, fmt.Errorf("not a Tabula save: the save version must be 1 or more, not %d", r.Version)
	}
	if r.Version > SaveVersion {
		return nil, fmt.Errorf("saved by a newer Tabula (save version %d; this one reads up to %d)", r.Version, SaveVersion)
	}
	if r.Game == "" {
		return nil, errors.New("the save names no game")
	}
	if in.Seed == nil {
		return nil, errors.New("the save is missing its seed (the number behind the game's random choices)")
	}
	if in.Moves == nil {
		return nil, errors.New("the save is missing its list of moves (a game not yet begun has an empty list)")
	}
	r.Seed, r.Moves = *in.Seed, *in.Moves
	if string(r.Setup) == "null" {
		r.Setup = nil
	}
	if r.Ending != nil {
		if err := r.Ending.valid(); err != nil {
			return nil, fmt.Errorf("not a valid save: %w", err)
		}
	}
	return &r, nil
}

// tooDeep reports whether a JSON syntax error is the decoder's refusal
// to go deeper (encoding/json stops at 10,000 levels of nesting): that is
// not a file broken at one byte, and no save nests more than a few levels.
func tooDeep(se *json.SyntaxError) bool { return strings.Contains(se.Error(), "exceeded max depth") }

// wrongType says which field of a save holds the wrong kind of JSON value.
func wrongType(te *json.UnmarshalTypeError) error {
	field := strings.TrimPrefix(te.Field, "record.") // DecodeRecord's wrapper
	if field == "" {
		return fmt.Errorf("not a Tabula save: the file holds a JSON %s, not an object", te.Value)
	}
	return fmt.Errorf("not a Tabula save: the field %q cannot hold a JSON %s", field, te.Value)
}

// ReplayError says which move of a record could not be replayed.
type ReplayError struct {
	Ply   int    // index into Moves; -1 when the game itself could not start
	Token string // the refused token
	Err   error
}

func (e *ReplayError) Error() string {
	if e.Ply < 0 {
		return e.Err.Error()
	}
	return fmt.Sprintf("move %d (%q): %v", e.Ply+1, e.Token, e.Err)
}

func (e *ReplayError) Unwrap() error { return e.Err }

// Start validates the record's game and rules and makes its first state.
func (r *Record) Start() (Game, State, error) {
	g, ok := Lookup(r.Game)
	if !ok {
		return nil, nil, &ReplayError{Ply: -1, Err: fmt.Errorf("unknown game %q", r.Game)}
	}
	rules, err := ValidateSavedRules(g.RuleSpecs(), r.Rules)
	if err != nil {
		return nil, nil, &ReplayError{Ply: -1, Err: err}
	}
	st, err := g.New(Config{Rules: rules, Seed: r.Seed, Setup: r.Setup})
	if err != nil {
		return nil, nil, &ReplayError{Ply: -1, Err: err}
	}
	if r.Seats != nil && len(r.Seats) != st.Seats() {
		return nil, nil, &ReplayError{Ply: -1, Err: fmt.Errorf("the save lists %d seats; this game has %d", len(r.Seats), st.Seats())}
	}
	return g, st, nil
}

// Replay plays the record through the rules and returns every state, from
// the start (index 0) to after the last move. The first illegal move stops
// it with a *ReplayError naming its index and token, and the states so far;
// an ending that cannot follow the last position, with all of them.
// The list grows as the moves are checked: nothing is reserved for moves
// that may be refused.
func (r *Record) Replay() ([]State, error) {
	var states []State
	err := r.play(func(st State) { states = append(states, st.Clone()) })
	return states, err
}

// Final plays the record through like Replay but keeps only the last state:
// the command line needs no more, and a long game's every position would
// take memory in proportion to its moves.
func (r *Record) Final() (State, error) {
	var last State
	if err := r.play(func(st State) { last = st }); err != nil {
		return nil, err
	}
	return last, nil
}

// FinalEach is Final calling each after every move played: where the
// caller pauses for the browser (the settings package: a long save takes
// a second or more to replay on js).
func (r *Record) FinalEach(each func()) (State, error) {
	var last State
	if err := r.play(func(st State) { last = st; each() }); err != nil {
		return nil, err
	}
	return last, nil
}

// play starts the record and plays its moves, handing seen the start and
// then the state after every legal move.
func (r *Record) play(seen func(State)) error {
	_, st, err := r.Start()
	if err != nil {
		return err
	}
	seen(st)
	for i, tok := range r.Moves {
		if err := PlayToken(st, tok); err != nil {
			return &ReplayError{Ply: i, Token: tok, Err: err}
		}
		seen(st)
	}
	if r.Ending != nil {
		if err := r.Ending.Check(st); err != nil {
			return &ReplayError{Ply: -1, Err: err}
		}
	}
	return nil
}
