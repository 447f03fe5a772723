package ai

import (
	"context"
	"errors"
	"testing"

	"github.com/tabulagames/tabula/games"
)

// MaxTurns ends every game, whatever its turns are made of: a game of
// each kind between its weakest bots, stopped after three turns, is a
// draw with exactly three turns played. A turn is counted by the state's
// own counter where it is one (alcazar: two placements and the movement
// phase; arena: a seat's actions; knights), by plies elsewhere.
// Checkerboard and infiltration have a Turn method that is the seat to
// move, which made PlayGame read their turn count as 0 or 1 for ever:
// the cap never ended their games.
func TestMaxTurnsEndsEveryGame(t *testing.T) {
	counts := map[string]bool{"alcazar": true, "arena": true, "knights": true}
	for _, g := range games.All() {
		specs := ForGame(g.ID())
		if len(specs) == 0 {
			continue
		}
		t.Run(g.ID(), func(t *testing.T) {
			rules, err := games.ValidateRules(g.RuleSpecs(), nil)
			if err != nil {
				t.Fatal(err)
			}
			st, err := g.New(games.Config{Rules: rules, Seed: 1})
			if err != nil {
				t.Fatal(err)
			}
			bots := make([]Bot, st.Seats())
			for i := range bots {
				bots[i] = specs[0].New(Options{Seed: uint64(i)})
			}
			gr, err := PlayGame(context.Background(), st, 1, bots, 3)
			if err != nil {
				t.Fatal(err)
			}
			turns := gr.Turns
			if counts[g.ID()] {
				turns = st.(games.TurnCounter).Turn()
			}
			if turns != 3 || gr.Outcome.Status != games.Draw || gr.Outcome.Reason != "stopped after 3 turns" {
				t.Errorf("%d turns (%d tokens), %+v; want a draw after 3 turns", turns, gr.Turns, gr.Outcome)
			}
		})
	}
}

// A match stops when its context is cancelled, between games and inside
// one, even with bots that never look at ctx (easy plays at random): it
// played every game before.
func TestMatchStopsWhenCancelled(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	played := 0
	_, err := Match(ctx, MatchConfig{Game: "classic", Bots: []string{"easy", "easy"}, Games: 50, Seed: 1,
		Progress: func(int, GameResult) { played++ }})
	if !errors.Is(err, context.Canceled) || played != 0 {
		t.Errorf("cancelled match: %d games played, error %v", played, err)
	}
	g, _ := games.Lookup("classic")
	st, _ := g.New(games.Config{})
	// Cancelled after the first move's poll: one move, then it stops.
	watch := &countdownCtx{Context: context.Background(), left: 1}
	gr, err := PlayGame(watch, st, 1, []Bot{Random{Seed: 1}, Random{Seed: 2}}, 100)
	if !errors.Is(err, context.Canceled) || len(gr.Moves) != 1 {
		t.Errorf("game cancelled after one move: %d moves, error %v", len(gr.Moves), err)
	}
}
