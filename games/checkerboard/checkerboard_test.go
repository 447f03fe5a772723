package checkerboard

import (
	"encoding/json"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"

	"github.com/tabulagames/tabula/games"
	"github.com/tabulagames/tabula/games/gametest"
)

func TestVectors(t *testing.T) { gametest.RunVectors(t, "checkerboard") }

// everyToggle turns every house rule away from its default at once.
var everyToggle = map[string]any{"size": 6, "line": 3, "overlines": false, "fifo": 4, "firstPlayer": "random"}

func TestRandomPlayoutsDefault(t *testing.T) {
	t.Parallel()
	gametest.RandomPlayouts(t, Game{}, nil, 10000, 64, 1)
}

func TestRandomPlayoutsEveryToggle(t *testing.T) {
	t.Parallel()
	// FIFO games end within 2*fifo placements plus the 100-removal draw.
	gametest.RandomPlayouts(t, Game{}, everyToggle, 10000, 2*4+DrawAfterRemovals, 2)
}

func newState(t testing.TB, rules map[string]any, seed int64, setup string) *State {
	t.Helper()
	valid, err := games.ValidateRules(specs, rules)
	if err != nil {
		t.Fatal(err)
	}
	var raw json.RawMessage
	if setup != "" {
		raw = json.RawMessage(setup)
	}
	st, err := Game{}.New(games.Config{Rules: valid, Seed: seed, Setup: raw})
	if err != nil {
		t.Fatal(err)
	}
	return st.(*State)
}

func play(t testing.TB, st games.State, tokens ...string) {
	t.Helper()
	for _, tok := range tokens {
		if err := games.PlayToken(st, tok); err != nil {
			t.Fatalf("%s: %v", tok, err)
		}
	}
}

// perft counts the leaves of the game tree d plies deep; a finished game
// is a leaf wherever it ends.
func perft(st games.State, d int) int64 {
	if d == 0 || st.Outcome().Over() {
		return 1
	}
	var n int64
	for _, m := range st.Legal(st.ToMove()[0]) {
		c := st.Clone()
		if err := c.Play(m); err != nil {
			panic(err)
		}
		n += perft(c, d-1)
	}
	return n
}

// TestPerft freezes leaf counts. The small ones are checked by hand:
//   - the empty 8x8 board: 64, 64*63, 64*63*62 (no line fits in 3 plies);
//   - setup-x-to-move (58 empty squares, X to play d8 for a line): 58, then
//     57 non-winning X moves times 57 replies plus the won game = 3250;
//   - 6x6, fifo=3, line=4, after six placements: every placement now removes
//     the mover's oldest mark, so 30 squares stay empty at every ply and no
//     line of four is possible with three marks: 30^d.
//
// The deeper ones were computed by this engine and frozen.
func TestPerft(t *testing.T) {
	setup := `{"board":["XXX.....","........","........","........","........","........","........","OO.....O"],"toMove":0}`
	cases := []struct {
		name  string
		rules map[string]any
		setup string
		moves []string
		want  []int64
	}{
		{"start", nil, "", nil, []int64{64, 4032, 249984}},
		{"setup-x-to-move", nil, setup, nil, []int64{58, 3250, 181945}},
		{"fifo3-size6", map[string]any{"size": 6, "fifo": 3}, "", []string{"a1", "a6", "c1", "c6", "e1", "e6"}, []int64{30, 900, 27000}},
		{"fifo3-line3-size6", map[string]any{"size": 6, "fifo": 3, "line": 3}, "", []string{"a4", "a3", "b4", "b3", "e1", "e6"}, []int64{30, 900, 27000, 810000}},
		{"overlines-off-size6-line3", map[string]any{"size": 6, "line": 3, "overlines": false}, "", []string{"a4", "a3", "b4", "b3"}, []int64{32, 962, 27961}},
	}
	for _, c := range cases {
		st := newState(t, c.rules, 0, c.setup)
		play(t, st, c.moves...)
		for d, want := range c.want {
			if got := perft(st, d+1); got != want {
				t.Errorf("%s: perft(%d) = %d, want %d", c.name, d+1, got, want)
			}
		}
	}
}

// naiveLines is an independent reading of section 5.3: every window of
// `line` squares in one direction, all the seat's, all in its target half,
// and (without overlines) not continued by the seat's mark at either end.
// It returns the union of their squares, sorted.
func naiveLines(s *State, seat int) []string {
	n, L := s.cfg.n, s.cfg.line
	own := func(f, r int) bool { return s.Owner(f, r) == seat }
	set := map[string]bool{}
	for r := 0; r < n; r++ {
		for f := 0; f < n; f++ {
			for _, d := range dirs {
				ok := true
				for i := 0; i < L && ok; i++ {
					ff, rr := f+i*d[0], r+i*d[1]
					ok = own(ff, rr) && s.InTarget(seat, rr)
				}
				if ok && !s.cfg.overlines {
					ok = !own(f-d[0], r-d[1]) && !own(f+L*d[0], r+L*d[1])
				}
				if ok {
					for i := 0; i < L; i++ {
						set[games.SquareName(f+i*d[0], r+i*d[1])] = true
					}
				}
			}
		}
	}
	out := make([]string, 0, len(set))
	for k := range set {
		out = append(out, k)
	}
	slices.Sort(out)
	return out
}

// TestWinsAgainstNaiveScan plays random games under many rule sets and
// checks after every placement that the engine's win (and its Line) is
// exactly what the naive scan finds, that the other side never has a line,
// that FIFO keeps the caps and ages, and that WinsAt predicts Play.
func TestWinsAgainstNaiveScan(t *testing.T) {
	ruleSets := []map[string]any{
		nil,
		{"overlines": false},
		{"line": 3},
		{"line": 3, "overlines": false},
		{"size": 6, "line": 3, "fifo": 3, "overlines": false},
		{"size": 6, "line": 4, "fifo": 5, "overlines": false},
		{"size": 6, "line": 5, "overlines": false},
		{"fifo": 4},
		{"fifo": 5, "overlines": false},
		{"size": 12, "line": 6, "fifo": 7},
		{"size": 10, "line": 3, "fifo": 3, "overlines": false, "firstPlayer": "O"},
	}
	rng := rand.New(rand.NewPCG(5, 6))
	for _, rules := range ruleSets {
		wins := 0
		for g := 0; g < 120; g++ {
			st := newState(t, rules, int64(g), "")
			for !st.Outcome().Over() {
				me := st.Mover()
				legal := st.Legal(me)
				m := legal[rng.IntN(len(legal))]
				if rng.IntN(3) == 0 { // prefer the target half, where lines are
					for _, x := range legal {
						if st.InTarget(me, int(x)/st.Size()) && rng.IntN(4) == 0 {
							m = x
							break
						}
					}
				}
				predicted := st.WinsAt(me, m)
				want := st.RemovedBy(me)
				if err := st.Play(m); err != nil {
					t.Fatal(err)
				}
				if st.LastRemoved() != want {
					t.Fatalf("%v: removed %v, RemovedBy said %v", rules, st.LastRemoved(), want)
				}
				if f := st.Fifo(); f > 0 && (st.Marks(0) > f || st.Marks(1) > f) {
					t.Fatalf("%v: marks %d/%d over the cap", rules, st.Marks(0), st.Marks(1))
				}
				if ages := st.Ages(me); st.Fifo() > 0 && (len(ages) == 0 || ages[len(ages)-1] != m) {
					t.Fatalf("%v: newest mark %v, ages %v", rules, m, ages)
				}
				lines := naiveLines(st, me)
				out := st.Outcome()
				won := out.Status == games.Win
				if won != (len(lines) > 0) || won != predicted {
					t.Fatalf("%v: after %s the engine says %v (predicted %v), the naive scan %v\n%v", rules, st.MoveString(me, m), out, predicted, lines, st.Position())
				}
				if won {
					wins++
					got := slices.Clone(out.Line)
					slices.Sort(got)
					if !slices.Equal(got, lines) || out.Winners[0] != me || out.Reason == "" {
						t.Fatalf("%v: line %v, want %v (%q)", rules, out.Line, lines, out.Reason)
					}
				}
				if other := naiveLines(st, 1-me); len(other) > 0 && !won {
					t.Fatalf("%v: the other side has a line %v", rules, other)
				}
			}
		}
		if wins == 0 && rules["fifo"] != 3 {
			t.Errorf("%v: no game was won", rules)
		}
	}
}

func TestCoinToss(t *testing.T) {
	if z := splitmix64(0); z != 0xE220A8397B1DCDAF {
		t.Fatalf("splitmix64(0) = %#x", z)
	}
	want := map[int64]int{0: 1, 2: 0, 5: 0, 7: 1, 42: 1}
	for seed, first := range want {
		st := newState(t, map[string]any{"firstPlayer": "random"}, seed, "")
		if st.Mover() != first || st.First() != first || !st.CoinTossed() {
			t.Errorf("seed %d: first %d, want %d", seed, st.Mover(), first)
		}
	}
	// A negative seed is its two's-complement value.
	if CoinToss(-1) != int(splitmix64(^uint64(0))&1) {
		t.Error("seed -1")
	}
	if st := newState(t, map[string]any{"firstPlayer": "O"}, 0, ""); st.Mover() != 1 || st.CoinTossed() {
		t.Error("firstPlayer=O")
	}
}

func TestBadRules(t *testing.T) {
	bad := []struct {
		raw  map[string]any
		want string
	}{
		{map[string]any{"size": 7}, "Board size must be an even number from 6 to 12"},
		{map[string]any{"size": 4}, "Board size must be an even number from 6 to 12"},
		{map[string]any{"size": 14}, "Board size must be an even number from 6 to 12"},
		{map[string]any{"size": "eight"}, "Board size must be"},
		{map[string]any{"line": 2}, "Marks in a row must be a whole number from 3 to 6"},
		{map[string]any{"line": 7}, "Marks in a row must be a whole number from 3 to 6"},
		{map[string]any{"line": 4.5}, "Marks in a row must be"},
		{map[string]any{"overlines": "yes"}, "Longer rows win must be true or false"},
		{map[string]any{"overlines": 1}, "Longer rows win must be true or false"},
		{map[string]any{"fifo": 1}, "Marks kept per side must be 0 (no limit) or a whole number from 3 to 32"},
		{map[string]any{"fifo": 2}, "Marks kept per side must be 0 (no limit) or a whole number from 3 to 32"},
		{map[string]any{"fifo": 33}, "Marks kept per side must be 0"},
		{map[string]any{"fifo": -1}, "Marks kept per side must be 0"},
		{map[string]any{"firstPlayer": "x"}, "First player must be one of \"X\", \"O\", \"random\""},
		{map[string]any{"firstPlayer": "coin"}, "First player must be one of"},
		{map[string]any{"pie": true}, "\"pie\" is not a house rule"},
	}
	for _, b := range bad {
		_, err := games.ValidateRules(specs, b.raw)
		if err == nil || !strings.Contains(err.Error(), b.want) {
			t.Errorf("ValidateRules %v: %v, want %q", b.raw, err, b.want)
		}
		// New checks the values too, whoever calls it.
		_, err = Game{}.New(games.Config{Rules: b.raw})
		if err == nil || !strings.Contains(err.Error(), strings.SplitN(b.want, " ", 2)[0]) {
			t.Errorf("New %v: %v", b.raw, err)
		}
	}
	// Every combination in range is allowed, and the defaults are as specified.
	r := games.Defaults(specs)
	if r.Int("size") != 8 || r.Int("line") != 4 || !r.Bool("overlines") || r.Int("fifo") != 0 || r.String("firstPlayer") != "X" {
		t.Fatalf("defaults %v", r)
	}
	for size := 6; size <= 12; size += 2 {
		for line := 3; line <= 6; line++ {
			for _, fifo := range []int{0, 3, 32} {
				if _, err := (Game{}).New(games.Config{Rules: games.Rules{"size": size, "line": line, "fifo": fifo, "overlines": false}}); err != nil {
					t.Errorf("size %d line %d fifo %d: %v", size, line, fifo, err)
				}
			}
		}
	}
	for _, sp := range specs {
		if sp.Label == "" || sp.Help == "" {
			t.Errorf("rule %s has no label or help", sp.Key)
		}
	}
}

func TestSetupRefusals(t *testing.T) {
	empty8 := `"........","........","........","........","........","........","........","........"`
	bad := []struct {
		rules map[string]any
		setup string
		want  string
	}{
		{nil, `{"board":[` + empty8 + `]}`, "toMove is missing"},
		{nil, `{"board":[` + empty8 + `],"toMove":2}`, "toMove must be 0"},
		{nil, `{"board":["........"],"toMove":0}`, "8 ranks"},
		{nil, `{"board":[` + empty8 + `,"........"],"toMove":0}`, "8 ranks"},
		{nil, `{"board":[".........","........","........","........","........","........","........","........"],"toMove":0}`, "rank 8 must have 8 squares"},
		{nil, `{"board":["x.......","........","........","........","........","........","........","........"],"toMove":1}`, "not X, O or ."},
		{nil, `{"board":["XX......","........","........","........","........","........","........","........"],"toMove":1}`, "differ by one at most"},
		{nil, `{"board":["X.......","........","........","........","........","........","........","........"],"toMove":0}`, "fewer marks is to move"},
		{nil, `{"board":["X.......","........","........","........","........","........","........","OO......"],"toMove":1}`, "fewer marks is to move"},
		{nil, `{"board":["XXXX....","........","........","........","........","........","........","OOO....O"],"toMove":0}`, "X already has a winning line"},
		{nil, `{"board":["XXX.....","........","........","........","........","........","........","OOOO...X"],"toMove":0}`, "O already has a winning line"},
		{map[string]any{"overlines": false}, `{"board":["XXXXX...","........","........","........","........","........","........","OOOO.O.."],"toMove":1}`, "O already has a winning line"},
		{map[string]any{"size": 6}, `{"board":["XOXOXO","XOXOXO","OXOXOX","OXOXOX","XOXOXO","XOXOXO"],"toMove":0}`, "no empty square"},
		{map[string]any{"fifo": 4}, `{"board":[` + empty8 + `],"toMove":0}`, "FIFO"},
		{nil, `[1,2]`, "not a position object"},
		{nil, `{"board":"XO"}`, "not a position object"},
	}
	for _, b := range bad {
		valid, err := games.ValidateRules(specs, b.rules)
		if err != nil {
			t.Fatal(err)
		}
		_, err = Game{}.New(games.Config{Rules: valid, Setup: json.RawMessage(b.setup)})
		if err == nil || !strings.Contains(err.Error(), b.want) || !strings.HasPrefix(err.Error(), "bad setup: ") {
			t.Errorf("setup %s: %v, want %q", b.setup, err, b.want)
		}
	}
	// Overlines off: a run of five is not a line, so this setup is fine.
	st := newState(t, map[string]any{"overlines": false}, 0, `{"board":["XXXXX...","........","........","........","........","........","........","OOOOO..."],"toMove":1}`)
	if st.Mover() != 1 || st.First() != 1 {
		t.Fatalf("toMove %d", st.Mover())
	}
	// The setup's toMove replaces firstPlayer: no coin toss.
	st = newState(t, map[string]any{"firstPlayer": "random"}, 0, `{"board":[`+empty8+`],"toMove":0}`)
	if st.Mover() != 0 || st.CoinTossed() {
		t.Fatalf("setup with firstPlayer=random: turn %d", st.Mover())
	}
}

func TestRefusals(t *testing.T) {
	st := newState(t, nil, 0, "")
	play(t, st, "e6")
	cases := map[string]string{
		"i9":  "i9 is not a square of this board.",
		"a9":  "a9 is not a square of this board.",
		"e6":  "e6: that square is already taken.",
		"E6":  "Not a move",
		"a0":  "Not a move",
		"a05": "Not a move",
		"":    "Not a move",
		" a1": "Not a move",
	}
	for tok, want := range cases {
		before := st.Hash()
		_, err := st.ParseMove(1, tok)
		if err == nil || !strings.Contains(err.Error(), want) {
			t.Errorf("%q: %v, want %q", tok, err, want)
		}
		if st.Hash() != before {
			t.Errorf("%q changed the state", tok)
		}
	}
	if _, err := st.ParseMove(0, "a1"); err != games.ErrNotYourTurn {
		t.Errorf("wrong seat: %v", err)
	}
	for _, m := range []games.Move{-1, 64, 1000} {
		if err := st.Play(m); err == nil {
			t.Errorf("move %d accepted", m)
		}
	}
	if err := st.Play(); err == nil {
		t.Error("no move accepted")
	}
	big := newState(t, map[string]any{"size": 12}, 0, "")
	for _, tok := range []string{"a12", "l12", "l1", "a10"} {
		if _, err := big.ParseMove(0, tok); err != nil {
			t.Errorf("12x12 %s: %v", tok, err)
		}
	}
	for _, tok := range []string{"m1", "a13", "a012"} {
		if _, err := big.ParseMove(0, tok); err == nil {
			t.Errorf("12x12 %s accepted", tok)
		}
	}
}

func TestOutcomeReasonAndLine(t *testing.T) {
	st := newState(t, nil, 0, "")
	play(t, st, "a8", "a1", "b8", "b1", "c8", "c1", "d8")
	out := st.Outcome()
	if out.Reason != "four in a row on the 8th rank" || strings.Join(out.Line, " ") != "a8 b8 c8 d8" {
		t.Fatalf("%+v", out)
	}
	// Two lines at once: both are shown.
	st = newState(t, nil, 0, "")
	play(t, st, "a8", "a1", "b8", "b1", "c8", "c1", "d7", "h1", "d6", "h2", "d5", "h3", "d8")
	out = st.Outcome()
	if out.Reason != "four in a row on the 8th rank and four in a row on the d-file" || len(out.Line) != 7 {
		t.Fatalf("%+v", out)
	}
	// A run from the home half: only its target squares are the line.
	st = newState(t, nil, 0, "")
	play(t, st, "a4", "h1", "a5", "h2", "a6", "h3", "a8", "g1", "a7")
	out = st.Outcome()
	if out.Reason != "four in a row on the a-file" || strings.Join(out.Line, " ") != "a5 a6 a7 a8" {
		t.Fatalf("%+v", out)
	}
	st = newState(t, nil, 0, "")
	play(t, st, "a8", "a1", "b7", "b1", "c6", "c1", "d5")
	if out := st.Outcome(); out.Reason != "four in a row on the a8-d5 diagonal" {
		t.Fatalf("%+v", out)
	}
}

// TestFifoRemovalMakesExactLine: without overlines, removing the oldest mark
// can cut a run of five down to exactly four, a line that does not pass
// through the square just placed; it wins.
func TestFifoRemovalMakesExactLine(t *testing.T) {
	st := newState(t, map[string]any{"overlines": false, "fifo": 6}, 0, "")
	play(t, st, "a4", "h1", "a5", "h2", "a6", "h3", "a7", "g1", "a8", "g2")
	if st.Outcome().Over() {
		t.Fatal("a run of five won without overlines")
	}
	if file, rank, ok := st.NextRemoval(); ok {
		t.Fatalf("X has 5 of 6 marks, nothing should be removed yet (%d,%d)", file, rank)
	}
	play(t, st, "c3", "g3") // X at the cap now: the next placement removes a4
	if file, rank, ok := st.NextRemoval(); !ok || file != 0 || rank != 3 {
		t.Fatalf("next removal %d,%d,%v; want a4", file, rank, ok)
	}
	play(t, st, "e2")
	out := st.Outcome()
	if out.Status != games.Win || out.Winners[0] != 0 || strings.Join(out.Line, " ") != "a5 a6 a7 a8" {
		t.Fatalf("%+v %v", out, st.Position())
	}
	if st.LastRemoved() != 24 {
		t.Fatalf("removed %v", st.LastRemoved())
	}
	ev := st.LastEvents()
	if len(ev) != 2 || ev[0].To != "e2" || ev[1].From != "a4" || ev[1].Note != "FIFO: a4 removed" {
		t.Fatalf("events %+v", ev)
	}
}

// TestHashFollowsFifoOrder: the same board with marks of different ages is
// a different position under FIFO (its future differs), the same without.
func TestHashFollowsFifoOrder(t *testing.T) {
	for _, fifo := range []int{0, 5} {
		a := newState(t, map[string]any{"fifo": fifo}, 0, "")
		b := newState(t, map[string]any{"fifo": fifo}, 0, "")
		play(t, a, "a1", "h8", "b1", "g8")
		play(t, b, "b1", "h8", "a1", "g8")
		if (a.Hash() == b.Hash()) != (fifo == 0) {
			t.Errorf("fifo %d: hashes equal %v", fifo, a.Hash() == b.Hash())
		}
	}
}

func TestUIHelpers(t *testing.T) {
	st := newState(t, map[string]any{"size": 10}, 0, "")
	play(t, st, "a10", "j1")
	if st.Size() != 10 || st.Owner(0, 9) != 0 || st.Owner(9, 0) != 1 || st.Owner(5, 5) != -1 || st.Owner(10, 0) != -1 {
		t.Fatal("owner")
	}
	if lo, hi := st.TargetRanks(0); lo != 5 || hi != 9 {
		t.Fatal("target of X")
	}
	if lo, hi := st.TargetRanks(1); lo != 0 || hi != 4 {
		t.Fatal("target of O")
	}
	if !st.InTarget(0, 5) || st.InTarget(0, 4) || !st.InTarget(1, 4) || st.InTarget(1, 5) {
		t.Fatal("InTarget")
	}
	if st.Marks(0) != 1 || st.Marks(1) != 1 || st.LineLength() != 4 || !st.Overlines() || st.Fifo() != 0 {
		t.Fatal("counts")
	}
	if _, _, ok := st.NextRemoval(); ok {
		t.Fatal("no FIFO, no removal")
	}
}

func FuzzParseMove(f *testing.F) {
	for _, s := range []string{"a1", "h8", "e6", "i9", "a9", "A1", "", "a10", "a0", "a05", "e44", "\x00", "h8 "} {
		f.Add([]byte{0, 1, 200}, s)
	}
	f.Fuzz(func(t *testing.T, prefix []byte, tok string) {
		gametest.FuzzMove(t, Game{}, prefix, tok)
	})
}

func BenchmarkRandomPlayout(b *testing.B) {
	g := Game{}
	rules := games.Defaults(specs)
	rng := rand.New(rand.NewPCG(1, 2))
	plies := 0
	for b.Loop() {
		st, _ := g.New(games.Config{Rules: rules})
		for !st.Outcome().Over() {
			legal := st.Legal(st.ToMove()[0])
			st.Play(legal[rng.IntN(len(legal))])
			plies++
		}
	}
	b.ReportMetric(float64(b.N)/b.Elapsed().Seconds(), "games/s")
	b.ReportMetric(float64(plies)/float64(b.N), "plies/game")
}
