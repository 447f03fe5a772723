package ai

import (
	"context"
	"math/rand/v2"
	"testing"

	"github.com/tabulagames/tabula/games"
)

// newState starts a game with its default rules (and any given) and plays
// the tokens.
func newState(t *testing.T, id string, rules map[string]any, seed int64, tokens ...string) games.State {
	t.Helper()
	g, ok := games.Lookup(id)
	if !ok {
		t.Fatalf("no game %q", id)
	}
	r, err := games.ValidateRules(g.RuleSpecs(), rules)
	if err != nil {
		t.Fatal(err)
	}
	st, err := g.New(games.Config{Rules: r, Seed: seed})
	if err != nil {
		t.Fatal(err)
	}
	for _, tok := range tokens {
		if err := games.PlayToken(st, tok); err != nil {
			t.Fatalf("%s: %v", tok, err)
		}
	}
	return st
}

// A bot behind accepts a draw; a bot ahead declines it.
func TestAssessAcceptsWhenBehindDeclinesWhenAhead(t *testing.T) {
	// Tic-tac-toe: X has b2 and a1 against O's a2, and O must block c3;
	// X then forks. O (seat 1) is lost, X (seat 0) wins.
	st := newState(t, "classic", nil, 1, "b2", "a2", "a1")
	o, err := Assess(context.Background(), "classic", st, 1, 7, 0)
	if err != nil {
		t.Fatal(err)
	}
	if !o.Accept || o.Value > o.Level {
		t.Errorf("O, who is losing, declined a draw: %+v", o)
	}
	x, err := Assess(context.Background(), "classic", st, 0, 7, 0)
	if err != nil {
		t.Fatal(err)
	}
	if x.Accept || x.Value <= x.Level {
		t.Errorf("X, who is winning, accepted a draw: %+v", x)
	}

	// Infiltration: the same position judged from each side gives
	// opposite values, so exactly the side not ahead may accept; and a
	// material lead (a man taken) declines.
	inf := newState(t, "infiltration", nil, 3)
	a, err := Assess(context.Background(), "infiltration", inf, 0, 1, 5000)
	if err != nil {
		t.Fatal(err)
	}
	b, err := Assess(context.Background(), "infiltration", inf, 1, 1, 5000)
	if err != nil {
		t.Fatal(err)
	}
	if a.Value != -b.Value {
		t.Errorf("infiltration values from the two sides are %d and %d, not opposite", a.Value, b.Value)
	}
	if !a.Accept && !b.Accept {
		t.Errorf("at the start neither side accepts a draw: %+v %+v", a, b)
	}
}

// At the start of every two-seat game the answer is the same every time
// (a pure function of the position and seed), and follows the threshold.
func TestAssessIsDeterministicInEveryGame(t *testing.T) {
	for _, id := range []string{"classic", "checkerboard", "infiltration", "alcazar", "arena", "revenge", "knights"} {
		t.Run(id, func(t *testing.T) {
			var rules map[string]any
			if id == "revenge" || id == "knights" {
				rules = map[string]any{games.PlayersRule: 2}
			}
			st := newState(t, id, rules, 11)
			seat := 1
			first, err := Assess(context.Background(), id, st, seat, 5, 3000)
			if err != nil {
				t.Fatal(err)
			}
			again, err := Assess(context.Background(), id, st, seat, 5, 3000)
			if err != nil {
				t.Fatal(err)
			}
			if first != again {
				t.Errorf("two assessments of one position differ: %+v then %+v", first, again)
			}
			if first.Accept != (first.Value <= first.Level) {
				t.Errorf("accept %v with value %d against level %d", first.Accept, first.Value, first.Level)
			}
		})
	}
}

// Assess holds to its budget and stops at once when cancelled, declining.
func TestAssessBudgetAndCancel(t *testing.T) {
	for _, id := range []string{"checkerboard", "knights"} {
		st := newState(t, id, nil, 2)
		ctx, meter := withWorkMeter(context.Background())
		if _, err := Assess(ctx, id, st, 1, 1, 500); err != nil {
			t.Fatal(err)
		}
		// A search may finish the node it is in; a playout stops at the budget.
		if n := meter.nodes.Load(); n == 0 || n > 600 {
			t.Errorf("%s: an assessment with a budget of 500 nodes did %d", id, n)
		}
		cancelled, cancel := context.WithCancel(context.Background())
		cancel()
		a, err := Assess(cancelled, id, st, 1, 1, 0)
		if err == nil || a.Accept {
			t.Errorf("%s: a cancelled assessment answered %+v, %v", id, a, err)
		}
	}
	over := newState(t, "classic", nil, 1, "a1", "a2", "b1", "b2", "c1")
	if _, err := Assess(context.Background(), "classic", over, 1, 1, 0); err == nil {
		t.Error("a finished game was assessed for a draw")
	}
}

// Under fog the bot judges its view: the truth and its view give the
// same answer, whatever lies in the fog.
func TestAssessSeesOnlyItsView(t *testing.T) {
	st := newState(t, "knights", map[string]any{"fog": true, games.PlayersRule: 2}, 9)
	rng := rand.New(rand.NewPCG(1, 2))
	for range 3 {
		if err := randomTurn(st, rng); err != nil {
			t.Fatal(err)
		}
	}
	if st.Outcome().Over() {
		t.Skip("the random game ended")
	}
	truth, err := Assess(context.Background(), "knights", st, 1, 4, 2000)
	if err != nil {
		t.Fatal(err)
	}
	view, err := Assess(context.Background(), "knights", games.ViewOf(st, 1), 1, 4, 2000)
	if err != nil {
		t.Fatal(err)
	}
	if truth != view {
		t.Errorf("on the truth %+v, on its view %+v", truth, view)
	}
	if g, _ := games.Lookup("knights"); !games.Hides(g, st, 1) {
		t.Fatal("the fog hides nothing of this position from seat 2: the test proves nothing")
	}
}

// BenchmarkAssess: a bot's answer to a draw offer at its default budget
// (AssessNodes), ten random turns into each two-seat game.
func BenchmarkAssess(b *testing.B) {
	for _, id := range []string{"checkerboard", "infiltration", "alcazar", "arena", "revenge", "knights", "classic"} {
		b.Run(id, func(b *testing.B) {
			g, _ := games.Lookup(id)
			raw := map[string]any{}
			if id == "revenge" || id == "knights" {
				raw[games.PlayersRule] = 2
			}
			r, _ := games.ValidateRules(g.RuleSpecs(), raw)
			st, _ := g.New(games.Config{Rules: r, Seed: 5})
			rng := rand.New(rand.NewPCG(5, 5))
			for i := 0; i < 10 && !st.Outcome().Over(); i++ {
				next := st.Clone()
				if randomTurn(next, rng) != nil || next.Outcome().Over() {
					break
				}
				st = next
			}
			seat := 1
			b.ResetTimer()
			for b.Loop() {
				if _, err := Assess(context.Background(), id, st, seat, 1, 0); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}
