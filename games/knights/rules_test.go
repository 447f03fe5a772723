package knights_test

import (
	"encoding/json"
	"strings"
	"testing"

	"github.com/tabulagames/tabula/games"
	"github.com/tabulagames/tabula/games/gametest"
	"github.com/tabulagames/tabula/games/knights"
)

func newGame(t testing.TB, raw map[string]any, seed int64) *knights.State {
	t.Helper()
	g := knights.Game{}
	r, err := games.ValidateRules(g.RuleSpecs(), raw)
	if err != nil {
		t.Fatal(err)
	}
	st, err := g.New(games.Config{Rules: r, Seed: seed})
	if err != nil {
		t.Fatal(err)
	}
	return st.(*knights.State)
}

func play(t testing.TB, st games.State, tokens ...string) {
	t.Helper()
	for _, tok := range tokens {
		if err := games.PlayToken(st, tok); err != nil {
			t.Fatalf("%s: %v", tok, err)
		}
	}
}

// playouts is the number of random games for one rule set: n, fewer under
// -short (TABULA_PLAYOUTS, when it is set, replaces it in the kit).
func playouts(n int) int {
	if testing.Short() {
		return max(n/20, 2)
	}
	return n
}

// Every combination of players, starts, fog, shrink and obstacles (none
// or the most the board takes), the size going round 5..16: 96 rule sets,
// 10,000 random games in all (500 under -short). A game ends within three
// turns per square: every turn a knight jumps, or the stall counter grows.
func TestRandomPlayoutsEveryRuleCombination(t *testing.T) {
	sets := 0
	for players := 1; players <= 4; players++ {
		for _, starts := range []string{"standard", "corners", "random"} {
			for _, fog := range []bool{false, true} {
				for _, shrink := range []int{0, 2} {
					for _, full := range []bool{false, true} {
						size := 5 + sets%12
						obstacles := 0
						if full {
							obstacles = size * size / 4
						}
						rules := map[string]any{"players": players, "starts": starts, "fog": fog, "shrink": shrink,
							"obstacles": obstacles, "size": size, "timer": 10 * (sets % 4)}
						t.Run(strings.ReplaceAll(js(rules), `"`, ""), func(t *testing.T) {
							gametest.RandomPlayouts(t, knights.Game{}, rules, playouts(105), 3*size*size+3, uint64(sets+1))
						})
						sets++
					}
				}
			}
		}
	}
}

func js(v any) string { b, _ := json.Marshal(v); return string(b) }

// FuzzParseTurn: no joint token panics the parser, a refused one changes
// nothing, and an accepted one is legal for every seat.
func FuzzParseTurn(f *testing.F) {
	for _, tok := range []string{"c5,f4", "a5,e1", "-,e1", "a5,-", "a5", "a5,e1,c3", "a5, e1", "A5,e1", "a05,e1", "a9,e1", "", ",", "b7,g2"} {
		f.Add([]byte{1, 2, 3}, tok)
	}
	f.Fuzz(func(t *testing.T, prefix []byte, tok string) {
		gametest.FuzzMove(t, knights.Game{}, prefix, tok)
	})
}

// The rule errors of section 3, in words that name the rule.
func TestRuleErrors(t *testing.T) {
	g := knights.Game{}
	for _, c := range []struct {
		raw  map[string]any
		want string
	}{
		{map[string]any{"size": 4}, "Board size must be a whole number from 5 to 16"},
		{map[string]any{"size": 17}, "Board size must"},
		{map[string]any{"players": 5}, "Knights must"},
		{map[string]any{"players": 0}, "Knights must"},
		{map[string]any{"timer": 15}, "Pick timer must be 0 (off), 10, 20 or 30"},
		{map[string]any{"timer": 40}, "Pick timer must"},
		{map[string]any{"shrink": 33}, "Shrinking board must"},
		{map[string]any{"starts": "middle"}, "Start squares must be one of"},
		{map[string]any{"fog": "maybe"}, "Fog must be true or false"},
		{map[string]any{"obstacles": 65}, "Obstacles must"},
	} {
		if _, err := games.ValidateRules(g.RuleSpecs(), c.raw); err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%v: %v, want %q", c.raw, err, c.want)
		}
	}
	// The obstacle limit depends on the size: 6 on 5x5 (section 3).
	r, err := games.ValidateRules(g.RuleSpecs(), map[string]any{"size": 5, "obstacles": 7})
	if err != nil {
		t.Fatal(err)
	}
	if _, err := g.New(games.Config{Rules: r}); err == nil || !strings.Contains(err.Error(), "from 0 to 6 on a 5x5 board") {
		t.Errorf("7 obstacles on 5x5: %v", err)
	}
	r[knights.ObstaclesRule] = 6
	if _, err := g.New(games.Config{Rules: r}); err != nil {
		t.Errorf("6 obstacles on 5x5: %v", err)
	}
	if _, err := g.New(games.Config{Rules: r, Setup: json.RawMessage(`{}`)}); err == nil {
		t.Error("a setup was accepted: knights has none")
	}
}

// Each refusal of section 6 gives its reason in words and changes nothing.
func TestRefusalsSayWhy(t *testing.T) {
	st := newGame(t, map[string]any{"obstacles": 4}, 42)
	play(t, st, "c5,f4")
	for tok, want := range map[string]string{
		"c5":       "expected 2 entries",
		"d7,g6,e5": "expected 2 entries",
		"b7,g6":    "b7 is taken (Amber's trail)",
		"d3,g2":    "g2 is taken (Ice blue's trail)",
		"e6,e2":    "e2 is taken (an obstacle)",
		"c6,g6":    "c6 is not a knight jump from c5",
		"-,g6":     "Amber (seat 0) must move",
		"d7, g6":   "bad entry",
		"D7,g6":    "bad entry",
		"d07,g6":   "bad entry",
		"a9,g6":    "a9 is off the board",
		"x,g6":     "bad entry",
	} {
		before := js(st.Position())
		err := games.PlayToken(st, tok)
		if err == nil || !strings.Contains(err.Error(), want) {
			t.Errorf("%q: %v, want %q", tok, err, want)
		}
		if js(st.Position()) != before {
			t.Errorf("%q changed the game", tok)
		}
	}
	// An eliminated seat writes "-" and only "-".
	st = newGame(t, map[string]any{"size": 6, "players": 3}, 72039)
	play(t, st, "d6,d4,c4", "f5,c2,e3")
	if err := games.PlayToken(st, "a6,a6,b6"); err == nil || !strings.Contains(err.Error(), "Amber (seat 0) is out, write -") {
		t.Errorf("a square for an eliminated seat: %v", err)
	}
	if err := games.PlayToken(st, "-,b4,d5"); err != nil {
		t.Errorf("a dash for an eliminated seat: %v", err)
	}
	if err := games.PlayToken(st, "-,-,-"); err == nil {
		t.Error("dashes for alive seats were accepted")
	}
}

// Moves and the single-seat parser agree with the joint token, and "-" is
// what an eliminated seat writes.
func TestTurnTokensRoundTrip(t *testing.T) {
	st := newGame(t, map[string]any{"size": 6, "players": 3}, 72039)
	play(t, st, "d6,d4,c4", "f5,c2,e3")
	moves, err := st.ParseTurn("-,b4,d5")
	if err != nil || len(moves) != 2 {
		t.Fatalf("%v %v", moves, err)
	}
	if got := st.FormatTurn(moves); got != "-,b4,d5" {
		t.Errorf("FormatTurn = %q", got)
	}
	if _, err := st.ParseMove(0, "a6"); err == nil {
		t.Error("ParseMove accepted a square for an eliminated seat")
	}
	if m, err := st.ParseMove(1, "b4"); err != nil || st.MoveString(1, m) != "b4" {
		t.Errorf("ParseMove b4: %v %v", m, err)
	}
}

// The events of a turn: jumps with their burns, collisions per knight,
// the squares a shrink closed, eliminations with the score.
func TestEvents(t *testing.T) {
	st := newGame(t, map[string]any{"size": 5, "players": 4}, 0)
	play(t, st, "c2,e4,c2,a4")
	want := []games.Event{
		{Kind: games.EventCollision, Seat: 0, From: "b4", To: "c2", Note: "Collision! Both moves cancelled."},
		{Kind: games.EventMove, Seat: 1, From: "d2", To: "e4", Value: 2},
		{Kind: knights.EventBurn, Seat: 1, From: "d2"},
		{Kind: games.EventCollision, Seat: 2, From: "d4", To: "c2", Note: "Collision! Both moves cancelled."},
		{Kind: games.EventMove, Seat: 3, From: "b2", To: "a4", Value: 2},
		{Kind: knights.EventBurn, Seat: 3, From: "b2"},
	}
	if got := st.LastEvents(); js(got) != js(want) {
		t.Errorf("events\n%s\nwant\n%s", js(got), js(want))
	}

	st = newGame(t, map[string]any{"shrink": 2}, 0)
	play(t, st, "d8,e1", "f7,f3")
	shrunk := 0
	for _, e := range st.LastEvents() {
		if e.Kind == knights.EventShrink {
			shrunk++
			if e.Value != 0 {
				t.Errorf("shrink event %+v: not the border ring", e)
			}
		}
	}
	if shrunk != 26 { // the border's 28 squares less the trails on d8 and e1
		t.Errorf("the shrink closed %d squares, want 26", shrunk)
	}

	st = newGame(t, map[string]any{"size": 6, "obstacles": 4}, 10935)
	play(t, st, "a3,c3", "b1,d5")
	last := st.LastEvents()
	if e := last[len(last)-1]; e.Kind != games.EventEliminate || e.Seat != 0 || e.From != "b1" || e.Value != 3 {
		t.Errorf("last event %+v, want seat 0 eliminated on b1 with 3 squares", e)
	}
}

// Under fog a seat sees its knight's sight only; an eliminated seat and
// everyone after the game see everything; the truth is never changed.
func TestFogView(t *testing.T) {
	st := newGame(t, map[string]any{"size": 12, "players": 4, "fog": true}, 57946)
	truth := js(st.Position())
	v := st.View(0).(*knights.State)
	if js(st.Position()) != truth {
		t.Fatal("taking a view changed the truth")
	}
	if v.KnightAt(0) != st.KnightAt(0) {
		t.Error("the seat's own knight is hidden from it")
	}
	for seat := 1; seat < 4; seat++ {
		if v.KnightAt(seat) != games.NoMove {
			t.Errorf("seat 0 sees seat %d's knight on the other side of the board", seat)
		}
		if v.Alive(seat) != true || v.Score(seat) != 1 {
			t.Errorf("scores and alive flags are public")
		}
	}
	board := strings.Join(v.Board(), "")
	if strings.ContainsAny(board, "BCD") {
		t.Errorf("the view shows far knights: %v", v.Board())
	}
	if v2 := v.View(0); js(v2.Position()) != js(v.Position()) {
		t.Error("the view of a view differs")
	}
	// Seat -1, a shared screen between two secret picks, sees no knight.
	public := st.View(-1).(*knights.State)
	for seat := 0; seat < 4; seat++ {
		if public.KnightAt(seat) != games.NoMove {
			t.Errorf("the shared screen shows seat %d's knight", seat)
		}
	}
	// Without fog the view is the whole board.
	open := newGame(t, map[string]any{"size": 12, "players": 4}, 57946)
	if js(open.View(0).Position()) != js(open.Position()) {
		t.Error("without fog the view hides something")
	}
}

// A fogged view shows exactly the knights that stand in the seat's sight,
// with the true contents of every square of the sight.
func TestFogShowsWhatIsInSight(t *testing.T) {
	near := 0
	for seed := int64(0); seed < 30; seed++ {
		st := newGame(t, map[string]any{"size": 6, "players": 4, "fog": true}, seed)
		for turn := 0; !st.Outcome().Over() && turn < 6; turn++ {
			for _, seat := range st.ToMove() {
				v := st.View(seat).(*knights.State)
				inSight := map[games.Move]bool{}
				for _, sq := range st.Sight(seat) {
					inSight[sq] = true
				}
				for sq := games.Move(0); int(sq) < 36; sq++ {
					tk, to := st.Square(sq)
					vk, vo := v.Square(sq)
					if inSight[sq] && (tk != vk || to != vo) || !inSight[sq] && vk != knights.Empty {
						t.Fatalf("seed %d seat %d square %d: view (%v %d), truth (%v %d), in sight %v", seed, seat, sq, vk, vo, tk, to, inSight[sq])
					}
				}
				for o := 0; o < 4; o++ {
					shown := v.KnightAt(o) != games.NoMove
					if shown != inSight[st.KnightAt(o)] {
						t.Fatalf("seed %d: seat %d's knight in sight of seat %d: %v, shown %v", seed, o, seat, inSight[st.KnightAt(o)], shown)
					}
					if o != seat && shown {
						near++
					}
				}
			}
			moves := []games.Move{}
			for _, seat := range st.ToMove() {
				moves = append(moves, st.Legal(seat)[0])
			}
			if err := st.Play(moves...); err != nil {
				t.Fatal(err)
			}
		}
	}
	if near == 0 {
		t.Fatal("no knight was ever in another's sight: this test proves nothing")
	}
}

// Under fog the last turn's events in a seat's view are what it saw
// happen: its own knight's in full, of the other knights only squares in
// its sight (a jump out of sight is not there at all), eliminations
// (public) and the shrink in its sight. The shared screen (seat -1) is
// told the eliminations only.
func TestFogViewEventsShowOnlyWhatIsInSight(t *testing.T) {
	partly := 0 // another knight's jump seen at one end only
	for seed := int64(0); seed < 40; seed++ {
		st := newGame(t, map[string]any{"size": 6, "players": 4, "fog": true, "shrink": 2}, seed)
		for turn := 0; !st.Outcome().Over() && turn < 8; turn++ {
			moves := []games.Move{}
			for _, seat := range st.ToMove() {
				legal := st.Legal(seat)
				moves = append(moves, legal[(int(seed)+turn)%len(legal)])
			}
			if err := st.Play(moves...); err != nil {
				t.Fatal(err)
			}
			truth := st.LastEvents()
			for seat := -1; seat < 4; seat++ {
				if st.Outcome().Over() || seat >= 0 && !st.Fogged(seat) {
					continue // the view is the whole truth
				}
				inSight := map[string]bool{"": true}
				if seat >= 0 {
					for _, sq := range st.Sight(seat) {
						inSight[st.MoveString(seat, sq)] = true
					}
				}
				var want []games.Event
				for _, e := range truth {
					switch {
					case e.Kind != knights.EventShrink && e.Seat == seat:
						want = append(want, e)
					case e.Kind == games.EventEliminate:
						if !inSight[e.From] {
							e.From = ""
						}
						want = append(want, e)
					case e.Kind == games.EventMove && inSight[e.From] != inSight[e.To]:
						partly++
					}
				}
				got := st.View(seat).(*knights.State).LastEvents()
				for _, e := range got {
					if e.Seat == seat && e.Kind != knights.EventShrink || e.Kind == games.EventEliminate {
						continue
					}
					if !inSight[e.From] || !inSight[e.To] || e.From == "" && e.To == "" {
						t.Fatalf("seed %d seat %d: the view tells %+v, out of its sight", seed, seat, e)
					}
				}
				var mine []games.Event
				for _, e := range got {
					if e.Kind != knights.EventShrink && e.Seat == seat || e.Kind == games.EventEliminate {
						mine = append(mine, e)
					}
				}
				if js(mine) != js(want) {
					t.Fatalf("seed %d seat %d: own and public events %s, want %s", seed, seat, js(mine), js(want))
				}
			}
		}
	}
	if partly == 0 {
		t.Fatal("no knight jumped into or out of another's sight: this test proves nothing")
	}
}

// The read-only accessors a board reads agree with the position.
func TestAccessors(t *testing.T) {
	st := newGame(t, map[string]any{"size": 5, "players": 3, "shrink": 3, "fog": true}, 7618)
	if st.Size() != 5 || st.Seats() != 3 || st.Turn() != 0 || !st.Fog() || st.ShrinkEvery() != 3 || st.ShrinkIn() != 3 {
		t.Fatalf("size %d seats %d turn %d fog %v shrink %d in %d", st.Size(), st.Seats(), st.Turn(), st.Fog(), st.ShrinkEvery(), st.ShrinkIn())
	}
	b4 := st.SquareAt(1, 3)
	if st.MoveString(0, b4) != "b4" || st.KnightAt(0) != b4 {
		t.Errorf("b4 = %d names %q; seat 0 on %d", b4, st.MoveString(0, b4), st.KnightAt(0))
	}
	if f, r := st.Coords(b4); f != 1 || r != 3 {
		t.Errorf("coords of b4: %d %d", f, r)
	}
	if k, seat := st.Square(b4); k != knights.Knight || seat != 0 {
		t.Errorf("b4 holds %v of %d", k, seat)
	}
	if st.Ring(b4) != 1 || st.Ring(st.SquareAt(0, 0)) != 0 || st.Ring(st.SquareAt(2, 2)) != 2 {
		t.Error("rings")
	}
	if got := len(st.JumpsFrom(b4)); got != 4 || st.Mobility(0) != 4 {
		t.Errorf("b4 has %d jumps, mobility %d", got, st.Mobility(0))
	}
	if !st.Fogged(0) {
		t.Error("seat 0 is fogged under fog")
	}
	play(t, st, "d5,b3,b3")
	if st.Idle() != 0 || st.ShrinkIn() != 2 {
		t.Errorf("idle %d, shrink in %d", st.Idle(), st.ShrinkIn())
	}
	// The stall: three turns without a jump (the vector stall-ends-after-three).
	st = newGame(t, map[string]any{"size": 5, "players": 3}, 7618)
	play(t, st, "d5,b3,b3", "c3,b3,c2", "b1,c5,a3", "-,d3,c4", "-,b2,b2", "-,b2,b2")
	if st.Idle() != 2 || st.Stalled() {
		t.Fatalf("idle %d stalled %v", st.Idle(), st.Stalled())
	}
	play(t, st, "-,b2,b2")
	if !st.Stalled() || st.Outcome().Reason != "stall: decided on squares" || st.Fogged(1) || st.Mobility(0) != 0 {
		t.Errorf("stalled %v, reason %q", st.Stalled(), st.Outcome().Reason)
	}
	if got := (knights.Game{}).Name(); got != "Knights" {
		t.Error(got)
	}
	if lo, hi := (knights.Game{}).SeatRange(); lo != 1 || hi != 4 || (knights.Game{}).Blurb() == "" {
		t.Error("seat range")
	}
}
