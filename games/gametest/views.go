package gametest

import (
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"reflect"
	"testing"

	"github.com/tabulagames/tabula/games"
)

// Chooser asks a bot for a seat's token on a state, the way the
// application does (ai.Ask): the kit cannot import ai, so the caller
// passes it in.
type Chooser func(st games.State, seat int) (string, error)

// ViewBlind checks that a bot sees no more than its seat may: on random
// positions of games with the given rules, for every seat to act, the
// bot's answer on the true state equals its answer on that seat's view
// taken as the truth. If the bot read anything the view leaves out, the
// two would differ somewhere. It also checks that a view of a view shows
// the same position (a view hides, it never invents).
func ViewBlind(t *testing.T, g games.Game, rules map[string]any, positions int, seed uint64, choose Chooser) {
	t.Helper()
	r, err := games.ValidateRules(g.RuleSpecs(), rules)
	if err != nil {
		t.Fatalf("%s rules %v: %v", g.ID(), rules, err)
	}
	rng := rand.New(rand.NewPCG(seed, 0x51E3))
	checked := 0
	for game := 0; checked < positions && game < positions*4; game++ {
		st, err := g.New(games.Config{Rules: r, Seed: int64(seed) + int64(game)})
		if err != nil {
			t.Fatalf("%s: %v", g.ID(), err)
		}
		// Walk a random number of random turns in, then look.
		for steps := rng.IntN(12); steps > 0 && !st.Outcome().Over(); steps-- {
			to := st.ToMove()
			moves := make([]games.Move, len(to))
			for i, seat := range to {
				legal := st.Legal(seat)
				moves[i] = legal[rng.IntN(len(legal))]
			}
			if err := st.Play(moves...); err != nil {
				t.Fatalf("%s: a random legal move was refused: %v", g.ID(), err)
			}
		}
		if st.Outcome().Over() {
			continue
		}
		for _, seat := range st.ToMove() {
			view := games.ViewOf(st, seat)
			if a, b := position(view), position(games.ViewOf(view, seat)); a != b {
				t.Fatalf("%s: the view of a view differs from the view:\n%s\n%s", g.ID(), a, b)
			}
			onTruth, err1 := choose(st, seat)
			onView, err2 := choose(view, seat)
			if err1 != nil || err2 != nil {
				t.Fatalf("%s seat %d: %v / %v", g.ID(), seat, err1, err2)
			}
			if onTruth != onView {
				t.Fatalf("%s seat %d: the bot answers %q on the true position and %q on its seat's view: it sees more than its seat\nposition %s",
					g.ID(), seat, onTruth, onView, position(st))
			}
			checked++
		}
	}
	if checked == 0 {
		t.Fatalf("%s: no position checked", g.ID())
	}
}

func position(st games.State) string {
	b, _ := json.Marshal(st.Position())
	return string(b)
}

// ViewsHide checks that a seat's view tells nothing the seat cannot see,
// in any of its parts, for every seat and for seat -1 (what no seat sees
// privately). From random positions it plays the next turn several ways
// that keep the seat's own move and change the other seats' moves. Where
// two of the results hide something from the seat and show it the same
// position (its views' Positions are equal), the seat cannot tell them
// apart, so its two views must be alike in everything one can ask them:
// whose turn it is, every seat's legal moves, the outcome, the hash, the
// last turn's events, the turn count, the game's stream, the view of the
// view, and finally every field of the state (reflect.DeepEqual), so a
// field added later that carries a secret fails here before anything
// reads it.
//
// The kit cannot know what a seat may see: the game's own tests check its
// view's Position against its rules; this property checks that nothing
// else in the view tells more than that Position. Games without a view
// (games.Viewer) show everything to everyone and have nothing to check.
// It returns the number of pairs compared, so a caller can require some.
func ViewsHide(t testing.TB, g games.Game, rules map[string]any, positions int, seed uint64) (pairs int) {
	t.Helper()
	r, err := games.ValidateRules(g.RuleSpecs(), rules)
	if err != nil {
		t.Fatalf("%s rules %v: %v", g.ID(), rules, err)
	}
	rng := rand.New(rand.NewPCG(seed, 0xF06))
	for game := 0; game < positions; game++ {
		st, err := g.New(games.Config{Rules: r, Seed: int64(rng.Uint64() >> 11)})
		if err != nil {
			t.Fatalf("%s: %v", g.ID(), err)
		}
		if _, ok := st.(games.Viewer); !ok {
			return 0
		}
		for steps := rng.IntN(12); steps > 0 && !st.Outcome().Over(); steps-- {
			st = playRandom(t, g, st, -1, games.NoMove, rng)
		}
		if st.Outcome().Over() {
			continue
		}
		for seat := -1; seat < st.Seats(); seat++ {
			pairs += viewsAlike(t, g, st, seat, rng)
		}
	}
	return pairs
}

// viewsAlike plays the turn of st several ways that keep seat's own move
// (a random one) and compares the seat's views of the results that show
// it the same position; it returns the number of pairs compared.
func viewsAlike(t testing.TB, g games.Game, st games.State, seat int, rng *rand.Rand) (pairs int) {
	t.Helper()
	own := games.NoMove
	if legal := st.Legal(seat); seat >= 0 && len(legal) > 0 {
		own = legal[rng.IntN(len(legal))]
	}
	first := map[string]games.State{} // the first result that shows the seat each position
	for try := 0; try < 8; try++ {
		after := playRandom(t, g, st, seat, own, rng)
		view := games.ViewOf(after, seat)
		key := position(view)
		if key == position(after) {
			continue // the view hides nothing here: the seat sees the turn
		}
		earlier, ok := first[key]
		if !ok {
			first[key] = after
			continue
		}
		if position(earlier) == position(after) {
			continue // the same truth: nothing to learn
		}
		compareViews(t, g, games.ViewOf(earlier, seat), view, seat, earlier, after)
		pairs++
	}
	return pairs
}

// playRandom plays one turn on a clone of st: seat plays own (when it
// acts), every other seat to move a random legal move.
func playRandom(t testing.TB, g games.Game, st games.State, seat int, own games.Move, rng *rand.Rand) games.State {
	t.Helper()
	to := st.ToMove()
	moves := make([]games.Move, len(to))
	for i, s := range to {
		if s == seat && own != games.NoMove {
			moves[i] = own
			continue
		}
		legal := st.Legal(s)
		moves[i] = legal[rng.IntN(len(legal))]
	}
	next := st.Clone()
	if err := next.Play(moves...); err != nil {
		t.Fatalf("%s: a random legal move was refused: %v", g.ID(), err)
	}
	return next
}

// compareViews fails the test where two views of a seat that show the
// same position differ in anything else.
func compareViews(t testing.TB, g games.Game, a, b games.State, seat int, truthA, truthB games.State) {
	t.Helper()
	oa, ob := observe(a, seat), observe(b, seat)
	for i := range oa {
		if oa[i].value != ob[i].value {
			t.Fatalf("%s seat %d: two positions the seat cannot tell apart give views with different %s:\n%s\n%s\ntruths:\n%s\n%s",
				g.ID(), seat, oa[i].name, oa[i].value, ob[i].value, position(truthA), position(truthB))
		}
	}
	if !reflect.DeepEqual(a, b) {
		t.Fatalf("%s seat %d: two positions the seat cannot tell apart give views that differ in a field nothing shows yet:\n%#v\n%#v",
			g.ID(), seat, a, b)
	}
}

// observation is one thing a state answers, written out.
type observation struct{ name, value string }

// observe is everything the games contract lets one ask a state.
func observe(st games.State, seat int) []observation {
	legal := make([][]string, st.Seats())
	for s := range legal {
		for _, m := range st.Legal(s) {
			legal[s] = append(legal[s], st.MoveString(s, m))
		}
	}
	out := []observation{
		{"Position", position(st)},
		{"ToMove", fmt.Sprint(st.ToMove())},
		{"legal moves", fmt.Sprint(legal)},
		{"Outcome", fmt.Sprintf("%+v", st.Outcome())},
		{"Hash", fmt.Sprint(st.Hash())},
		{"MidTurn", fmt.Sprint(games.MidTurn(st))},
		{"view of the view", position(games.ViewOf(st, seat))},
	}
	if e, ok := st.(games.Evented); ok {
		out = append(out, observation{"LastEvents", fmt.Sprintf("%+v", e.LastEvents())})
	}
	if tc, ok := st.(games.TurnCounter); ok {
		out = append(out, observation{"Turn", fmt.Sprint(tc.Turn())})
	}
	if gs, ok := st.(games.Streamer); ok {
		out = append(out, observation{"GameStream", fmt.Sprintf("%+v", gs.GameStream())})
	}
	return out
}
