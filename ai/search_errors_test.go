package ai

import (
	"context"
	"strings"
	"testing"

	"github.com/tabulagames/tabula/games"
	"github.com/tabulagames/tabula/games/gametest"
	inf "github.com/tabulagames/tabula/games/infiltration"
	"github.com/tabulagames/tabula/games/toy"
)

// A search that meets a position it cannot search (here a simultaneous
// turn, below the toy game's act turn) reports it, in its first iteration
// as in any other, like max-n does. Alpha-beta took every error for its
// budget running out, and answered its first move as if it had searched.
func TestSearchReportsWhatItCannotSearch(t *testing.T) {
	g, _ := games.Lookup(toy.ID)
	st := gametest.NewState(t, g, map[string]any{"players": 2, "rounds": 3}, "")
	if err := st.Play(1, 2); err != nil { // the bids; seat 0 leads the act turn
		t.Fatal(err)
	}
	if to := st.ToMove(); len(to) != 1 {
		t.Fatalf("not an act turn: %v to move", to)
	}
	seat := st.ToMove()[0]
	zero := func(games.State, int) int { return 0 }
	for _, nodes := range []int64{0, 1_000} {
		_, err := (&AlphaBeta{Eval: zero, Nodes: nodes, TTBits: 8}).Search(context.Background(), st.Clone(), seat)
		if err == nil || !strings.Contains(err.Error(), "simultaneous") {
			t.Errorf("alpha-beta, budget %d: error %v, want the simultaneous turn named", nodes, err)
		}
		_, err = (&MaxN{Eval: func(games.State, []int) {}, Nodes: nodes, TTBits: 8}).Search(context.Background(), st.Clone(), seat)
		if err == nil || !strings.Contains(err.Error(), "simultaneous") {
			t.Errorf("max-n, budget %d: error %v, want the simultaneous turn named", nodes, err)
		}
	}
}

// The infiltration bots decide the pie swap from the score of a finished
// search. Cut off before their first iteration finished (a budget of one
// node, a context already cancelled), they know no score: they swapped,
// reading the placeholder (below every loss) as a position good for X.
func TestInfiltrationSwapsOnlyOnAFinishedSearch(t *testing.T) {
	st := infNew(t, map[string]any{"pie": true}, "")
	if err := games.PlayToken(st, "@a1"); err != nil { // a corner: no reason to take it over
		t.Fatal(err)
	}
	cancelled, cancel := context.WithCancel(context.Background())
	cancel()
	for _, name := range []string{"medium", "hard"} {
		for _, c := range []struct {
			what  string
			ctx   context.Context
			nodes int64
		}{{"a budget of one node", context.Background(), 1}, {"a cancelled context", cancelled, 0}} {
			bot, _ := New("infiltration", name, Options{Seed: 1, Nodes: c.nodes})
			m, _ := bot.Choose(c.ctx, st.Clone(), 1)
			if m == inf.SwapMove {
				t.Errorf("%s with %s swapped", name, c.what)
			}
		}
	}
}
