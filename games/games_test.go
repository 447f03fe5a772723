package games_test

import (
	"errors"
	"fmt"
	"io"
	"regexp"
	"slices"
	"strings"
	"testing"

	"github.com/tabulagames/tabula/games"
	_ "github.com/tabulagames/tabula/games/all"
	"github.com/tabulagames/tabula/games/gametest"
	"github.com/tabulagames/tabula/games/toy"
)

var specs = []games.RuleSpec{
	{Key: "size", Label: "Board size", Kind: games.IntRule, Default: 8, Min: 6, Max: 12, Allowed: func(n int) bool { return n%2 == 0 }, RangeText: "an even number from 6 to 12"},
	{Key: "pie", Label: "Pie rule", Kind: games.BoolRule, Default: false},
	{Key: "firstPlayer", Label: "First player", Kind: games.ChoiceRule, Default: "X", Choices: []string{"X", "O", "random"}},
}

func TestValidateRules(t *testing.T) {
	r, err := games.ValidateRules(specs, map[string]any{"size": float64(10), "pie": true})
	if err != nil {
		t.Fatal(err)
	}
	if r.Int("size") != 10 || !r.Bool("pie") || r.String("firstPlayer") != "X" {
		t.Fatalf("rules %v", r)
	}
	// command-line strings convert too
	r, err = games.ValidateRules(specs, map[string]any{"size": "6", "pie": "false", "firstPlayer": "random"})
	if err != nil || r.Int("size") != 6 || r.Bool("pie") || r.String("firstPlayer") != "random" {
		t.Fatalf("rules %v, %v", r, err)
	}
	bad := []struct {
		raw  map[string]any
		want string
	}{
		{map[string]any{"size": float64(7)}, "Board size must be an even number from 6 to 12"},
		{map[string]any{"size": float64(14)}, "Board size must be"},
		{map[string]any{"size": 8.5}, "Board size must be"},
		{map[string]any{"size": "8x"}, "Board size must be"},
		{map[string]any{"pie": "yes"}, "Pie rule must be true or false"},
		{map[string]any{"firstPlayer": "x"}, "First player must be one of"},
		{map[string]any{"colour": "red"}, "\"colour\" is not a house rule"},
	}
	for _, b := range bad {
		_, err := games.ValidateRules(specs, b.raw)
		if err == nil || !strings.Contains(err.Error(), b.want) {
			t.Errorf("%v: error %v, want %q", b.raw, err, b.want)
		}
	}
}

func TestParseRuleList(t *testing.T) {
	raw, err := games.ParseRuleList("size=10,pie=true")
	if err != nil || raw["size"] != "10" || raw["pie"] != "true" {
		t.Fatalf("%v %v", raw, err)
	}
	if _, err := games.ParseRuleList("size"); err == nil {
		t.Fatal("accepted a rule without a value")
	}
	raw, err = games.ParseRuleList("size=8,pie=true,size=10")
	if err == nil || raw != nil || !strings.Contains(err.Error(), "`size` is given twice") {
		t.Fatalf("a repeated key: %v, %v", raw, err)
	}
}

// A save file's rules have their JSON types; text is the command line's.
func TestValidateSavedRules(t *testing.T) {
	r, err := games.ValidateSavedRules(specs, map[string]any{"size": float64(10), "pie": true, "firstPlayer": "O"})
	if err != nil || r.Int("size") != 10 || !r.Bool("pie") || r.String("firstPlayer") != "O" {
		t.Fatalf("rules %v, %v", r, err)
	}
	bad := []struct {
		raw  map[string]any
		want string
	}{
		{map[string]any{"size": "8"}, "Board size must be a number, not the text \"8\""},
		{map[string]any{"pie": "true"}, "Pie rule must be true or false, not the text \"true\""},
		{map[string]any{"size": float64(7)}, "Board size must be an even number from 6 to 12"},
		{map[string]any{"firstPlayer": float64(1)}, "First player must be one of"},
	}
	for _, b := range bad {
		r, err := games.ValidateSavedRules(specs, b.raw)
		if err == nil || r != nil || !strings.Contains(err.Error(), b.want) {
			t.Errorf("%v: %v, %v, want %q", b.raw, r, err, b.want)
		}
	}
}

// A save with text for a number or a switch does not start, in words.
func TestRecordRulesHaveJSONTypes(t *testing.T) {
	for in, want := range map[string]string{
		`{"game":"infiltration","rules":{"pieces":"8"},"seed":1,"moves":[]}`:   "Pieces per side must be a number, not the text \"8\"",
		`{"game":"infiltration","rules":{"kings":"true"},"seed":1,"moves":[]}`: "Kings must be true or false, not the text \"true\"",
	} {
		rec, err := games.DecodeRecord([]byte(in))
		if err != nil {
			t.Fatal(err)
		}
		if _, err := rec.Replay(); err == nil || !strings.Contains(err.Error(), want) {
			t.Errorf("%s: %v, want %q", in, err, want)
		}
	}
	rec, _ := games.DecodeRecord([]byte(`{"game":"infiltration","rules":{"pieces":6,"kings":false,"movement":"free"},"seed":1,"moves":["@a1"]}`))
	if _, err := rec.Replay(); err != nil {
		t.Fatalf("typed rules refused: %v", err)
	}
}

// endless is a reader that never ends: an input of any size.
type endless struct{ read int }

func (e *endless) Read(p []byte) (int, error) {
	for i := range p {
		p[i] = ' '
	}
	e.read += len(p)
	return len(p), nil
}

func TestReadRecordDataStopsAtTheCap(t *testing.T) {
	in := &endless{}
	data, err := games.ReadRecordData(in)
	if !errors.Is(err, games.ErrRecordTooLarge) || data != nil || err.Error() != "the file is too large (over 16 MiB)" {
		t.Fatalf("%d bytes, %v", len(data), err)
	}
	if in.read > games.MaxRecordSize+64<<10 {
		t.Fatalf("read %d bytes to refuse a file over %d", in.read, games.MaxRecordSize)
	}
	data, err = games.ReadRecordData(io.LimitReader(&endless{}, games.MaxRecordSize))
	if err != nil || len(data) != games.MaxRecordSize {
		t.Fatalf("a file of exactly the cap: %d bytes, %v", len(data), err)
	}
	if _, err := games.DecodeRecord(make([]byte, games.MaxRecordSize+1)); !errors.Is(err, games.ErrRecordTooLarge) {
		t.Fatalf("DecodeRecord over the cap: %v", err)
	}
}

// Replay reserves nothing for moves it has not checked: a record of a
// million moves whose second is illegal holds two states, not room for a
// million.
func TestReplayGrowsAsItGoes(t *testing.T) {
	moves := make([]string, 1_000_000)
	for i := range moves {
		moves[i] = "b2"
	}
	rec := &games.Record{Game: "classic", Moves: moves}
	states, err := rec.Replay()
	var re *games.ReplayError
	if !errors.As(err, &re) || re.Ply != 1 || len(states) != 2 || cap(states) > 4 {
		t.Fatalf("%v: %d states, room for %d", err, len(states), cap(states))
	}
}

func TestFinal(t *testing.T) {
	rec := &games.Record{Game: "classic", Moves: []string{"b2", "a1", "c3"}}
	states, err := rec.Replay()
	if err != nil {
		t.Fatal(err)
	}
	last, err := rec.Final()
	if err != nil || last.Hash() != states[3].Hash() {
		t.Fatalf("final %v, %v", last, err)
	}
	rec.Moves = append(rec.Moves, "b2")
	last, err = rec.Final()
	var re *games.ReplayError
	if !errors.As(err, &re) || re.Ply != 3 || last != nil {
		t.Fatalf("an illegal move: %v, %v", last, err)
	}
}

func TestDecodeRecordErrors(t *testing.T) {
	cases := map[string]string{
		`{"format":"tabula-save","version":2,"game":"classic","seed":1,"moves":[]}`: "newer Tabula",
		`{"format":"tabula-save","version":1,"game":"classic","seed":1,"moves":[`:   "cut short",
		`{"format":"other","game":"classic"}`:                                       "not a Tabula save",
		`{"version":1,"seed":1,"moves":[]}`:                                         "names no game",
		`not json`:                                                                  "not a valid JSON",
		`{"game":"classic","seed":1,"moves":"b2"}`:                                  `not a Tabula save: the field "moves" cannot hold a JSON string`,
		`{"game":"classic","seed":"1","moves":[]}`:                                  `not a Tabula save: the field "seed" cannot hold a JSON string`,
		`[1]`: "not a Tabula save: the file holds a JSON array, not an object",
		`{"version":0,"game":"classic","seed":1,"moves":[]}`:  "the save version must be 1 or more, not 0",
		`{"version":-3,"game":"classic","seed":1,"moves":[]}`: "the save version must be 1 or more, not -3",
		// NOTATION.md lets a file leave out format, version, seats,
		// created, updated and rules; never the seed or the moves.
		`{"game":"classic","moves":[]}`:             "missing its seed",
		`{"game":"classic","seed":null,"moves":[]}`: "missing its seed",
		`{"game":"classic","seed":7}`:               "missing its list of moves",
		`{"game":"classic","seed":7,"moves":null}`:  "missing its list of moves",
		// Past the decoder's depth, the file is not broken at one byte.
		`{"game":"classic","seed":1,"moves":[],"x":` + strings.Repeat("[", 20000) + strings.Repeat("]", 20000) + `}`: "nested too deeply to be a save",
	}
	for in, want := range cases {
		_, err := games.DecodeRecord([]byte(in))
		if err == nil || !strings.Contains(err.Error(), want) {
			t.Errorf("%.80s: error %v, want %q", in, err, want)
		}
	}
}

// The command line's files may leave out the version (it reads as 1),
// the format, the seats, the times and the rules.
func TestDecodeRecordWithoutVersion(t *testing.T) {
	rec, err := games.DecodeRecord([]byte(`{"game":"classic","seed":0,"moves":[]}`))
	if err != nil || rec.Version != 1 {
		t.Fatalf("%+v, %v", rec, err)
	}
}

func TestRecordRoundTripAndReplayError(t *testing.T) {
	rec := &games.Record{Game: "classic", Moves: []string{"b2", "a1", "b2"}, Seats: []games.SeatInfo{{Name: "Ana", Controller: "human"}, {Name: "Computer", Controller: "ai", Bot: "hard"}}}
	data, err := games.EncodeRecord(rec)
	if err != nil {
		t.Fatal(err)
	}
	back, err := games.DecodeRecord(data)
	if err != nil || back.Format != games.SaveFormat || back.Version != games.SaveVersion || len(back.Moves) != 3 || back.Seats[1].Bot != "hard" {
		t.Fatalf("round trip: %+v %v", back, err)
	}
	states, err := back.Replay()
	re, ok := err.(*games.ReplayError)
	if !ok || re.Ply != 2 || re.Token != "b2" || len(states) != 3 {
		t.Fatalf("replay error %v (%d states)", err, len(states))
	}
	if !strings.Contains(err.Error(), `move 3 ("b2")`) {
		t.Fatalf("message %q", err)
	}
	for _, bad := range []*games.Record{
		{Game: "chess"},
		{Game: "classic", Rules: map[string]any{"size": 3}},
		{Game: "classic", Seats: []games.SeatInfo{{Name: "solo"}}},
	} {
		if _, err := bad.Replay(); err == nil {
			t.Errorf("%+v replayed", bad)
		}
	}
}

func TestSquares(t *testing.T) {
	if games.SquareName(13, 13) != "n14" || games.SquareName(0, 0) != "a1" {
		t.Fatal("square names")
	}
	f, r, err := games.ParseSquare("n14", 16, 16)
	if err != nil || f != 13 || r != 13 {
		t.Fatal(f, r, err)
	}
	for _, bad := range []string{"a0", "a01", "A1", "a", "", "i1", "a9", "a-1", "a1 "} {
		if _, _, err := games.ParseSquare(bad, 8, 8); err == nil {
			t.Errorf("%q accepted", bad)
		}
	}
}

func TestCatalog(t *testing.T) {
	all := games.All()
	if len(all) == 0 || all[0].ID() != "classic" {
		t.Fatalf("catalog %v", all)
	}
	if _, ok := games.Lookup("nope"); ok {
		t.Fatal("found a game that does not exist")
	}
}

// FuzzDecodeRecord decodes any bytes as a save and replays what decodes.
// Its seeds hold a save of every game (from the vectors), so fuzzing
// reaches every game's rules, not only the first two.
func FuzzDecodeRecord(f *testing.F) {
	seeded := map[string]bool{}
	for _, rec := range gametest.SampleRecords(f) {
		data, err := games.EncodeRecord(rec)
		if err != nil {
			f.Fatal(err)
		}
		if back, err := games.DecodeRecord(data); err != nil || back.Game != rec.Game {
			f.Fatalf("the seed of %s does not decode: %v", rec.Game, err)
		}
		seeded[rec.Game] = true
		f.Add(data)
	}
	if len(seeded) != len(games.All()) {
		f.Fatalf("seeds of %d games, want all %d", len(seeded), len(games.All()))
	}
	f.Add([]byte(`{"format":"tabula-save","version":1,"game":"classic","rules":{},"seed":1,"moves":["b2","a1"]}`))
	f.Add([]byte(`{"game":"classic","seed":1,"setup":{"board":["X..","...","..."],"toMove":1},"moves":["b2"]}`))
	f.Add([]byte(`{"game":"classic","seed":1,"moves":["b2","b2"]}`))
	f.Add([]byte(`{"game":"classic","moves":["b2"]}`))
	f.Fuzz(func(t *testing.T, data []byte) {
		rec, err := games.DecodeRecord(data)
		if err != nil {
			return
		}
		states, err := rec.Replay() // must not panic
		if err == nil && len(states) != len(rec.Moves)+1 {
			t.Fatalf("%d states for %d moves", len(states), len(rec.Moves))
		}
	})
}

// Display symbols are cosmetic: a save never holds them (revenge section 1).
func TestSavesNeverHoldDisplaySymbols(t *testing.T) {
	raw, err := games.EncodeRecord(&games.Record{Game: "classic", Seats: []games.SeatInfo{{Name: "Ana", Controller: "human", Symbol: "Δ"}}})
	if err != nil {
		t.Fatal(err)
	}
	if strings.Contains(string(raw), "Δ") || strings.Contains(string(raw), "symbol") {
		t.Fatalf("a save holds a display symbol:\n%s", raw)
	}
}

// Every word a player reads about a house rule (its label, its help, what
// a bad value is told) names the rule as the dialog does: no backquotes,
// no internal key such as fifo or forcedCapture, no notation symbol such
// as revenge's x and o.
func TestRuleWordsAreForPlayers(t *testing.T) {
	symbol := regexp.MustCompile(`(^|[\s(])[xo+*]([\s,.)]|$)`)
	for _, g := range games.All() {
		specs := g.RuleSpecs()
		for _, s := range specs {
			errs := badValueErrors(t, g, s)
			for _, text := range append([]string{s.Label, s.Help, s.Zero}, errs...) {
				if strings.Contains(text, "`") {
					t.Errorf("%s/%s: backquote in %q", g.ID(), s.Key, text)
				}
				if s.Label == "" || s.Help == "" {
					t.Errorf("%s/%s: no label or no help", g.ID(), s.Key)
				}
				if symbol.MatchString(text) {
					t.Errorf("%s/%s: a notation symbol in %q", g.ID(), s.Key, text)
				}
				for _, other := range specs {
					if leaksKey(text, other) {
						t.Errorf("%s/%s: the key %q in %q", g.ID(), s.Key, other.Key, text)
					}
				}
			}
			for _, e := range errs {
				if !strings.HasPrefix(e, s.Label+" must be") {
					t.Errorf("%s/%s: %q does not name the rule as the dialog does (%q)", g.ID(), s.Key, e, s.Label)
				}
			}
		}
	}
}

// badValueErrors are what a player is told for a wrong value of s: from
// the command line, from a save file, and out of range.
func badValueErrors(t *testing.T, g games.Game, s games.RuleSpec) []string {
	t.Helper()
	var raws []any
	switch s.Kind {
	case games.BoolRule:
		raws = []any{"maybe", float64(1)}
	case games.ChoiceRule:
		raws = []any{"nonsense", float64(1)}
	default:
		raws = []any{"many", float64(s.Max + 1), float64(s.Min - 1), 1.5}
	}
	var out []string
	for _, raw := range raws {
		for _, validate := range []func([]games.RuleSpec, map[string]any) (games.Rules, error){games.ValidateRules, games.ValidateSavedRules} {
			_, err := validate(g.RuleSpecs(), map[string]any{s.Key: raw})
			if err == nil {
				t.Fatalf("%s/%s: %v accepted", g.ID(), s.Key, raw)
			}
			out = append(out, err.Error())
		}
	}
	return out
}

// leaksKey: the text shows the rule's key as a word, in any case (FIFO is
// fifo), where the key is not simply a word of its label ("Kings" may say
// kings; fifo is internal).
func leaksKey(text string, s games.RuleSpec) bool {
	for _, w := range strings.Fields(strings.ToLower(s.Label)) {
		if w == s.Key {
			return false
		}
	}
	return regexp.MustCompile(`(?i)\b` + regexp.QuoteMeta(s.Key) + `\b`).MatchString(text)
}

// Values lists exactly the whole numbers a rule accepts, so a dialog that
// offers only them can never offer one the rule refuses.
func TestValuesAreWhatTheRuleAccepts(t *testing.T) {
	for _, g := range games.All() {
		for _, s := range g.RuleSpecs() {
			if s.Kind != games.IntRule {
				continue
			}
			var accepted []int
			for n := s.Min - 2; n <= s.Max+2; n++ {
				if _, err := s.Check(n); err == nil {
					accepted = append(accepted, n)
				}
			}
			if got := s.Values(); !slices.Equal(got, accepted) {
				t.Errorf("%s/%s: Values %v, the rule accepts %v", g.ID(), s.Key, got, accepted)
			}
		}
	}
	size := specs[0].Values()
	if !slices.Equal(size, []int{6, 8, 10, 12}) {
		t.Fatalf("even sizes from 6 to 12: %v", size)
	}
}

// TestKindIsTrue holds every game's declared Kind to what its states do:
// a game declares simultaneous turns exactly when its states are
// TurnCodecs, and so on, so code that reads the Kind never misses what a
// probe of the state would find.
func TestKindIsTrue(t *testing.T) {
	// The toy game is checked without registering it: other tests of this
	// package read a vector file for every registered game.
	for _, g := range append(games.All(), toy.Game{}) {
		st, err := g.New(games.Config{Rules: games.Defaults(g.RuleSpecs()), Seed: 1})
		if err != nil {
			t.Fatalf("%s: %v", g.ID(), err)
		}
		k := g.Kind()
		_, codec := st.(games.TurnCodec)
		_, mid := st.(games.MidTurner)
		_, viewer := st.(games.Viewer)
		_, streamer := st.(games.Streamer)
		if k.Simultaneous != codec || k.MultiAction != mid || k.Hidden != viewer || k.Stream != streamer {
			t.Errorf("%s declares %+v; its states: TurnCodec %v, MidTurner %v, Viewer %v, Streamer %v", g.ID(), k, codec, mid, viewer, streamer)
		}
	}
}

// A refusal is told from a fault with errors.As, also when a parser wraps
// it to name the token; the sentinels stay comparable with errors.Is.
func TestRefusalIsOneErrorKind(t *testing.T) {
	named := fmt.Errorf("%s: %w", "c3", games.Refuse("That square is already taken."))
	for _, err := range []error{games.Refuse("There is no seat %d in this game.", 5), games.ErrGameOver, games.ErrNotYourTurn, named} {
		if !gametest.IsRefusal(err) {
			t.Errorf("%q is not a refusal", err)
		}
	}
	if got := named.Error(); got != "c3: That square is already taken." {
		t.Errorf("wrapped refusal reads %q", got)
	}
	if !errors.Is(fmt.Errorf("e5: %w", games.ErrNotYourTurn), games.ErrNotYourTurn) {
		t.Error("a wrapped ErrNotYourTurn is not ErrNotYourTurn")
	}
	if gametest.IsRefusal(errors.New("one move at a time")) {
		t.Error("a fault passes for a refusal")
	}
}

// OneMove hands a one-move turn's move to Play; a finished game refuses
// it, and a turn of no move or of two is a fault, not a refusal.
func TestOneMove(t *testing.T) {
	if m, err := games.OneMove(false, []games.Move{7}); m != 7 || err != nil {
		t.Errorf("OneMove of one move = %d, %v; want 7, nil", m, err)
	}
	if _, err := games.OneMove(true, []games.Move{7}); !errors.Is(err, games.ErrGameOver) {
		t.Errorf("OneMove after the end = %v, want ErrGameOver", err)
	}
	for _, moves := range [][]games.Move{nil, {3, 4}} {
		if m, err := games.OneMove(false, moves); err == nil || gametest.IsRefusal(err) || m != games.NoMove {
			t.Errorf("OneMove of %v = %d, %v; want NoMove and a fault", moves, m, err)
		}
	}
}
