package gametest

import (
	"encoding/json"
	"math/rand/v2"
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
