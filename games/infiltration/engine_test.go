package infiltration_test

import (
	"encoding/json"
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/tabulagames/tabula/games"
	"github.com/tabulagames/tabula/games/gametest"
	"github.com/tabulagames/tabula/games/infiltration"
)

func newState(t testing.TB, rules map[string]any, setup string) *infiltration.State {
	t.Helper()
	valid, err := games.ValidateRules(infiltration.Game{}.RuleSpecs(), rules)
	if err != nil {
		t.Fatal(err)
	}
	cfg := games.Config{Rules: valid}
	if setup != "" {
		cfg.Setup = json.RawMessage(setup)
	}
	st, err := infiltration.Game{}.New(cfg)
	if err != nil {
		t.Fatal(err)
	}
	return st.(*infiltration.State)
}

func setupJSON(rows [8]string, toMove int, hands [4]int, phase string) string {
	b, _ := json.Marshal(map[string]any{
		"board": rows,
		"hand": map[string]any{"X": map[string]int{"men": hands[0], "kings": hands[1]},
			"O": map[string]int{"men": hands[2], "kings": hands[3]}},
		"phase": phase, "toMove": toMove,
	})
	return string(b)
}

func play(t testing.TB, st games.State, tokens string) {
	t.Helper()
	for _, tok := range strings.Fields(tokens) {
		if err := games.PlayToken(st, tok); err != nil {
			t.Fatalf("%s: %v", tok, err)
		}
	}
}

func perft(st games.State, depth int) int {
	if depth == 0 {
		return 1
	}
	to := st.ToMove()
	if len(to) == 0 {
		return 0
	}
	moves := st.Legal(to[0])
	if depth == 1 {
		return len(moves)
	}
	n := 0
	for _, m := range moves {
		c := st.Clone()
		if err := c.Play(m); err != nil {
			panic(err)
		}
		n += perft(c, depth-1)
	}
	return n
}

var (
	kingVsMan = setupJSON([8]string{
		"........",
		"........",
		"........",
		"....o...",
		"...X....",
		"........",
		"........",
		"........"}, 0, [4]int{}, "movement")
	freeFaceOff = setupJSON([8]string{
		"........",
		"........",
		"........",
		"...o....",
		"...x....",
		"........",
		"........",
		"........"}, 0, [4]int{}, "movement")
)

// TestPerft counts legal actions to a fixed depth. The first entries of
// each row were counted by hand (comments); the deeper ones were computed
// once by this engine and frozen.
func TestPerft(t *testing.T) {
	cases := []struct {
		name   string
		rules  map[string]any
		setup  string
		moves  string
		counts []int
	}{
		// Placement: X has 32 home squares, O 32, then X 31, O 31.
		{"placement", map[string]any{"pieces": 4}, "", "", []int{32, 32 * 32, 32 * 32 * 31}},
		// Pie: O has 32 placements plus swap; after the swap O still has 32.
		{"placement with pie", map[string]any{"pieces": 4, "pie": true}, "", "", []int{32, 32 * 33, 32 * (32*31 + 32)}},
		// X king d4 next to O man e5: d4-c5 d4-c3 d4-e3 d4xf6 (4). Then O
		// answers each step with e5-d4/e5-f4 (2+2+2) and after the capture
		// drops its man on 31 empty home squares: 37.
		{"king vs man", nil, kingVsMan, "", []int{4, 37, 148}},
		// Free movement: the X man on d4 steps c5 e5 c4 e4 or jumps d5 to d6.
		{"free face-off", map[string]any{"movement": "free"}, freeFaceOff, "", []int{5, 51, 361}},
		{"movement start", map[string]any{"pieces": 4}, "", "@a4 @a5 @c4 @c5 @e4 @e5 @g4 @g5", []int{7, 49, 301}}, // O first: 7 diagonal steps, nothing to jump,
		{"midgame", nil, "", "@d4 @e5 @e4 @d5 @c3 @f6 @f3 @c6 @b2 @g7 @g2 @b7 @a1 @h8 @h1 @a8 e5-f4", []int{7, 58, 540}},
		{"midgame all rules", map[string]any{"forcedCapture": true, "multiJump": true, "movement": "free"}, "", "@d4 @e5 @e4 @d5 @c3 @f6 @f3 @c6 @b2 @g7 @g2 @b7 @a1 @h8 @h1 @a8", []int{2, 2, 2, 56, 172}},
		// (O must capture: d5xd3 or e5xe3; each chain goes on by one forced
		// jump (d3xb3 / e3xg3) and another (b3xb1 / g3xg1, crowned, the
		// chain ends): 2, 2, 2 by hand.),
	}
	for _, c := range cases {
		st := newState(t, c.rules, c.setup)
		play(t, st, c.moves)
		for d, want := range c.counts {
			got := perft(st, d+1)
			if want == 0 {
				t.Logf("%s: perft(%d) = %d (not frozen)", c.name, d+1, got)
				continue
			}
			if got != want {
				t.Errorf("%s: perft(%d) = %d, want %d", c.name, d+1, got, want)
			}
		}
	}
}

func FuzzParseMove(f *testing.F) {
	for _, s := range []string{"@e3", "K@b2", "c3-d4", "c3xe5", "swap", "a1", "@i9", "a10-b11", "x1xx2", "K@", "@", "-", "a1-", "\x00", "e5-f4"} {
		f.Add([]byte{0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 3}, s)
		f.Add([]byte{}, s)
	}
	f.Fuzz(func(t *testing.T, prefix []byte, tok string) {
		gametest.FuzzMove(t, infiltration.Game{}, prefix, tok)
	})
}

func TestBadRules(t *testing.T) {
	specs := infiltration.Game{}.RuleSpecs()
	bad := []struct {
		raw  map[string]any
		want string
	}{
		{map[string]any{"pieces": float64(3)}, "Pieces per side must be a whole number from 4 to 16"},
		{map[string]any{"pieces": float64(17)}, "Pieces per side must be a whole number from 4 to 16"},
		{map[string]any{"pieces": 8.5}, "Pieces per side must be"},
		{map[string]any{"pieces": "eight"}, "Pieces per side must be"},
		{map[string]any{"captures": "yes"}, "Captures must be true or false"},
		{map[string]any{"kings": float64(1)}, "Kings must be true or false"},
		{map[string]any{"forcedCapture": "on"}, "Forced capture must be true or false"},
		{map[string]any{"pie": nil}, "Pie rule must be true or false"},
		{map[string]any{"multiJump": "1"}, "Multi-jump must be true or false"},
		{map[string]any{"movement": "orthogonal"}, "Movement must be one of \"diagonal\", \"free\""},
		{map[string]any{"movement": "Free"}, "Movement must be one of"},
		{map[string]any{"board": float64(8)}, "\"board\" is not a house rule"},
	}
	for _, b := range bad {
		_, err := games.ValidateRules(specs, b.raw)
		if err == nil || !strings.Contains(err.Error(), b.want) {
			t.Errorf("%v: error %v, want %q", b.raw, err, b.want)
		}
		// New refuses unvalidated rules too.
		if _, err := (infiltration.Game{}).New(games.Config{Rules: games.Rules(b.raw)}); err == nil {
			t.Errorf("New accepted rules %v", b.raw)
		}
	}
	r, err := games.ValidateRules(specs, map[string]any{"pieces": "16", "movement": "free", "pie": "true"})
	if err != nil || r.Int("pieces") != 16 || r.String("movement") != "free" || !r.Bool("pie") || !r.Bool("captures") || r.Bool("multiJump") {
		t.Fatalf("rules %v %v", r, err)
	}
	for _, s := range specs {
		if s.Label == "" || s.Help == "" {
			t.Errorf("rule %s has no label or help", s.Key)
		}
	}
}

func TestBadSetups(t *testing.T) {
	empty8 := [8]string{"........", "........", "........", "........", "........", "........", "........", "........"}
	with := func(rank int, row string) [8]string {
		b := empty8
		b[8-rank] = row
		return b
	}
	cases := []struct {
		name  string
		rules map[string]any
		setup string
		want  string
	}{
		{"not JSON", nil, `{"board":`, "not a position object"},
		{"7 ranks", nil, `{"board":["........"],"hand":{"X":{"men":0,"kings":0},"O":{"men":0,"kings":0}},"phase":"movement","toMove":0}`, "8 ranks"},
		{"short rank", nil, setupJSON(with(3, "......."), 0, [4]int{}, "movement"), "rank 3 must have 8 squares"},
		{"bad char", nil, setupJSON(with(3, "...k...."), 0, [4]int{}, "movement"), "is not one of"},
		{"no hand", nil, `{"board":["........","........","........","........","........","........","........","........"],"phase":"movement","toMove":0}`, "hands are missing"},
		{"negative hand", nil, setupJSON(with(3, "...x...."), 0, [4]int{-1, 0, 0, 0}, "movement"), "whole number"},
		{"fractional hand", nil, `{"board":["........","........","........","........","........","........","........","...x...."],"hand":{"X":{"men":1.5,"kings":0},"O":{"men":0,"kings":0}},"phase":"movement","toMove":0}`, "whole number"},
		{"bad phase", nil, setupJSON(with(3, "...x...."), 0, [4]int{}, "moving"), "phase must be"},
		{"no phase", nil, `{"board":["........","........","........","........","........","........","........","...x...."],"hand":{"X":{"men":0,"kings":0},"O":{"men":0,"kings":0}},"toMove":0}`, "phase is missing"},
		{"bad swapped", nil, `{"board":["........","........","........","........","........","........","........","...x...."],"hand":{"X":{"men":0,"kings":0},"O":{"men":0,"kings":0}},"phase":"movement","swapped":"no","toMove":0}`, "not a position object"},
		{"no toMove", nil, `{"board":["........","........","........","........","........","........","........","...x...."],"hand":{"X":{"men":0,"kings":0},"O":{"men":0,"kings":0}},"phase":"movement"}`, "toMove is missing"},
		{"toMove 2", nil, setupJSON(with(3, "...x...."), 2, [4]int{}, "movement"), "toMove must be 0"},
		{"too many pieces", map[string]any{"pieces": 4}, setupJSON(with(3, "xxx....."), 0, [4]int{2, 0, 0, 0}, "movement"), "more than the 4"},
		{"king with kings off", map[string]any{"kings": false}, setupJSON(with(3, "X......."), 0, [4]int{}, "movement"), "kings are off"},
		{"king in hand with kings off", map[string]any{"kings": false}, setupJSON(with(3, "x......."), 0, [4]int{0, 1, 0, 0}, "movement"), "kings are off"},
		{"uncrowned man on far rank", nil, setupJSON(with(8, "x......."), 0, [4]int{}, "movement"), "would have been crowned"},
		{"O man on rank 1", nil, setupJSON(with(1, "o......."), 0, [4]int{}, "movement"), "would have been crowned"},
		{"placement with a king", nil, setupJSON(with(2, "X......."), 1, [4]int{7, 0, 8, 0}, "placement"), "no kings in the placement phase"},
		{"placement piece outside home", nil, setupJSON(with(5, "x......."), 1, [4]int{7, 0, 8, 0}, "placement"), "home half"},
		{"placement X to move, unequal hands", nil, setupJSON(with(2, "x......."), 0, [4]int{7, 0, 8, 0}, "placement"), "as many men as O"},
		{"placement X to move, nothing left", nil, setupJSON(with(2, "x......."), 0, [4]int{0, 0, 0, 0}, "placement"), "at least one"},
		{"placement O to move, wrong hands", nil, setupJSON(with(2, "x......."), 1, [4]int{7, 0, 7, 0}, "placement"), "one man more than X"},
		{"a line already", nil, setupJSON(with(6, "xxxx...."), 1, [4]int{}, "movement"), "already has four in a row"},
		{"an O line already", nil, setupJSON(with(4, "..oooo.."), 0, [4]int{}, "movement"), "O already has four in a row"},
	}
	for _, c := range cases {
		valid, _ := games.ValidateRules(infiltration.Game{}.RuleSpecs(), c.rules)
		_, err := infiltration.Game{}.New(games.Config{Rules: valid, Setup: json.RawMessage(c.setup)})
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%s: error %v, want %q", c.name, err, c.want)
		}
	}
	// Fewer pieces than the rule are fine (puzzles); a line in the own
	// half or across the middle is no line.
	ok := []string{
		setupJSON(with(3, "xxxx...."), 0, [4]int{}, "movement"),
		setupJSON([8]string{"........", "........", "........", "x.......", "x.......", "x.......", "x.......", "........"}, 1, [4]int{0, 0, 1, 0}, "movement"),
		setupJSON(with(2, "x......."), 1, [4]int{7, 0, 8, 0}, "placement"),
	}
	for _, s := range ok {
		newState(t, nil, s)
	}
}

// TestRefusalOrder checks the messages of section 8 in situations where
// several checks fail: the first in the table's order must be reported.
func TestRefusalOrder(t *testing.T) {
	forced := setupJSON([8]string{
		"........",
		"........",
		"........",
		"..o.....",
		".x......",
		"........",
		"........",
		"o......."[:0] + "........"}, 0, [4]int{0, 1, 1, 0}, "movement")
	chain := setupJSON([8]string{
		"........",
		"........",
		".o......",
		"........",
		".o......",
		"..x.....",
		".......x",
		"........"}, 0, [4]int{}, "movement")
	cases := []struct {
		rules map[string]any
		setup string
		moves string
		tok   string
		want  string
	}{
		{nil, "", "", "@b5", "b5 is not in your home half"},
		{nil, "", "", "@i9", "not a square"},
		{nil, "", "", "e3", "Not a move"},
		{nil, "", "", "@E3", "Not a move"},
		{nil, "", "", "swap", "The pie rule is off"},
		{map[string]any{"pie": true}, "", "", "swap", "Swap is only possible as O's first action"},
		{nil, "", "", "K@b5", "no king in hand"},
		{nil, "", "", "a1-b2", "move only after all pieces are placed"},
		{nil, "", "@a1", "a1-b2", "not your turn"},
		{map[string]any{"forcedCapture": true}, forced, "", "b4-a5", "You must capture (forced capture is on)"},
		{map[string]any{"forcedCapture": true}, forced, "", "@a9", "not a square"},
		{map[string]any{"forcedCapture": true}, forced, "", "K@b5", "b5 is not in your home half"},
		{map[string]any{"forcedCapture": true}, forced, "", "K@b4", "taken"},
		{map[string]any{"forcedCapture": true}, forced, "", "@a1", "no man in hand"},
		{map[string]any{"forcedCapture": true}, forced, "", "c5-b4", "not yours"},
		{map[string]any{"forcedCapture": true}, forced, "", "d4-e5", "There is no piece on d4"},
		{map[string]any{"forcedCapture": true}, forced, "", "b4-b5", "A man moves one square diagonally forward"},
		{map[string]any{"forcedCapture": true}, forced, "", "b4-d6", "Write a capture with x: b4xd6"},
		{map[string]any{"forcedCapture": true}, forced, "", "b4xd2", "capture jumps"},
		{map[string]any{"forcedCapture": true, "captures": false}, forced, "", "b4xd6", "Captures are off"},
		{map[string]any{"multiJump": true}, chain, "c3xa5", "h2-g3", "Your piece on a5 must keep capturing"},
		{map[string]any{"multiJump": true}, chain, "c3xa5", "@a1", "Your piece on a5 must keep capturing"},
		{map[string]any{"multiJump": true}, chain, "c3xa5", "swap", "The pie rule is off"},
		{nil, chain, "", "c3xe5", "There is no enemy piece on d4 to jump"},
		{nil, chain, "", "h2xf4", "There is no enemy piece on g3"},
	}
	for _, c := range cases {
		st := newState(t, c.rules, c.setup)
		play(t, st, c.moves)
		seat := st.ToMove()[0]
		if strings.Contains(c.want, "not your turn") {
			seat = 1 - seat
		}
		_, err := st.ParseMove(seat, c.tok)
		if err == nil || !strings.Contains(strings.ToLower(err.Error()), strings.ToLower(c.want)) {
			t.Errorf("%s after %q: error %v, want %q", c.tok, c.moves, err, c.want)
		}
	}
}

func TestEventsAndAccessors(t *testing.T) {
	st := newState(t, nil, setupJSON([8]string{
		"O.......",
		"...o.o..",
		"..x.....",
		"........",
		"........",
		"........",
		"........",
		"........"}, 0, [4]int{}, "movement"))
	if st.Size() != 8 || st.Phase() != "movement" || st.CanSwap() {
		t.Fatal("accessors")
	}
	steps, caps := st.Destinations("c6")
	if strings.Join(steps, " ") != "b7" || strings.Join(caps, " ") != "e8" {
		t.Fatalf("destinations of c6: %v %v", steps, caps)
	}
	if s, c := st.Destinations("e8"); s != nil || c != nil {
		t.Fatalf("an O piece has destinations for X: %v %v", s, c)
	}
	play(t, st, "c6xe8")
	ev := st.LastEvents()
	kinds := []string{}
	for _, e := range ev {
		kinds = append(kinds, string(e.Kind)+":"+e.From+">"+e.To)
	}
	if got := strings.Join(kinds, " "); got != "move:c6>e8 return:d7> promote:>e8" {
		t.Fatalf("events %s", got)
	}
	if owner, king := st.PieceAt(4, 7); owner != 0 || !king {
		t.Fatalf("e8 holds %d %v", owner, king)
	}
	if men, kings := st.Hand(1); men != 1 || kings != 0 {
		t.Fatalf("O hand %d %d", men, kings)
	}
	if sq := st.DropSquares(false); len(sq) != 29 || st.DropSquares(true) != nil { // 32 home squares but a8 e8 f7
		t.Fatalf("O drop squares %v", sq)
	}
	play(t, st, "@d7")
	if ev := st.LastEvents(); len(ev) != 1 || ev[0].Kind != "enter" || ev[0].To != "d7" || ev[0].Seat != 1 {
		t.Fatalf("drop events %+v", ev)
	}

	// Multi-jump: the chain square is reported.
	mj := newState(t, map[string]any{"multiJump": true}, setupJSON([8]string{
		"........",
		"........",
		".o......",
		"........",
		".o......",
		"..x.....",
		".......x",
		"........"}, 0, [4]int{}, "movement"))
	play(t, mj, "c3xa5")
	if sq, ok := mj.MustContinue(); !ok || sq != "a5" {
		t.Fatalf("chain %q %v", sq, ok)
	}
	if s, c := mj.Destinations("h2"); s != nil || c != nil {
		t.Fatal("another piece is selectable during a chain")
	}

	// Pie: CanSwap right after X's first piece, and the swap event.
	pie := newState(t, map[string]any{"pie": true}, "")
	play(t, pie, "@d4")
	if !pie.CanSwap() {
		t.Fatal("no swap offered")
	}
	play(t, pie, "swap")
	if !pie.Swapped() || pie.CanSwap() || pie.LastEvents()[0].Kind != "swap" || pie.ToMove()[0] != 1 {
		t.Fatal("swap state")
	}
}

// TestCheckStepSaysWhatParseMoveSays: on positions of random games, under
// rules that make steps refused for every reason, CheckStep refuses a
// step exactly when ParseMove refuses its token, with the same words.
func TestCheckStepSaysWhatParseMoveSays(t *testing.T) {
	rng := rand.New(rand.NewPCG(9, 9))
	// Every reason a step can be refused for, and whether it was seen.
	reasons := map[string]bool{"is taken": false, "is not yours": false, "no piece on": false, "write a capture": false,
		"must capture": false, "must keep capturing": false, "moves one square": false, "only after all pieces": false}
	checked := 0
	for _, rules := range []map[string]any{{"forcedCapture": true, "multiJump": true}, {"movement": "free", "captures": false}} {
		for game := 0; game < 2; game++ {
			st := newState(t, rules, "")
			for ply := 0; ply < 60 && !st.Outcome().Over(); ply++ {
				seat := st.ToMove()[0]
				for from := ply % 8; from < 64; from += 8 {
					for to := 0; to < 64; to++ {
						tok := games.SquareName(from%8, from/8) + "-" + games.SquareName(to%8, to/8)
						_, want := st.ParseMove(seat, tok)
						got := st.CheckStep(from, to)
						if (got == nil) != (want == nil) || got != nil && got.Error() != want.Error() {
							t.Fatalf("%s: CheckStep %v, ParseMove %v", tok, got, want)
						}
						for r := range reasons {
							if got != nil && strings.Contains(got.Error(), r) {
								reasons[r] = true
							}
						}
						checked++
					}
				}
				legal := st.Legal(seat)
				if err := st.Play(legal[rng.IntN(len(legal))]); err != nil {
					t.Fatal(err)
				}
			}
		}
	}
	for r, seen := range reasons {
		if !seen {
			t.Errorf("no step refused with %q among %d", r, checked)
		}
	}
	if st := newState(t, nil, ""); st.CheckStep(-1, 3) == nil || st.CheckStep(3, 64) == nil {
		t.Fatal("a square off the board was accepted")
	}
}

func TestWinningLineAndReasons(t *testing.T) {
	st := newState(t, nil, setupJSON([8]string{
		"XX.XX...",
		".x......",
		"........",
		"........",
		"........",
		"........",
		"......o.",
		"........"}, 0, [4]int{}, "movement"))
	play(t, st, "b7-c8")
	out := st.Outcome()
	if out.Status != games.Win || out.Winners[0] != 0 || strings.Join(out.Line, " ") != "a8 b8 c8 d8 e8" || !strings.Contains(out.Reason, "four in a row") {
		t.Fatalf("outcome %+v", out)
	}
	// No move: the reason names the side.
	st = newState(t, nil, setupJSON([8]string{
		"........",
		"x.......",
		"........",
		"........",
		"........",
		"........",
		"........",
		"........"}, 0, [4]int{}, "movement"))
	play(t, st, "a7-b8")
	if out := st.Outcome(); out.Reason != "the other player has no move" || len(out.Line) != 0 {
		t.Fatalf("outcome %+v", out)
	}
}

// BenchmarkRandomPlayout plays whole random games with default rules.
func BenchmarkRandomPlayout(b *testing.B) {
	rng := rand.New(rand.NewPCG(1, 2))
	plies := 0
	for i := 0; i < b.N; i++ {
		st := newState(b, nil, "")
		for !st.Outcome().Over() {
			l := st.Legal(st.ToMove()[0])
			if err := st.Play(l[rng.IntN(len(l))]); err != nil {
				b.Fatal(err)
			}
			plies++
		}
	}
	b.ReportMetric(float64(b.N)/b.Elapsed().Seconds(), "games/s")
	b.ReportMetric(float64(plies)/b.Elapsed().Seconds(), "plies/s")
}
