package infiltration

import (
	"math/rand/v2"
	"testing"

	"github.com/tabulagames/tabula/games"
)

// The repetition counter forgets the positions before a placement or a
// crowning (apply), since none of them can occur again. The draw must
// still come exactly when a plain count of every position since the start
// reaches three, under every rule set: captures, drops and multi-jump
// chains bring positions back across those points, and kings=false has no
// crowning at all.
func TestRepetitionCountsTheWholeGame(t *testing.T) {
	ruleSets := []map[string]any{
		nil,
		{"movement": "free"},
		{"forcedCapture": true, "pie": true, "multiJump": true},
		{"movement": "free", "forcedCapture": true, "multiJump": true},
		{"kings": false, "movement": "free", "pieces": 16},
		{"captures": false, "movement": "free", "pieces": 4},
	}
	rng := rand.New(rand.NewPCG(3, 3))
	draws := 0
	for _, rules := range ruleSets {
		valid, err := games.ValidateRules(Game{}.RuleSpecs(), rules)
		if err != nil {
			t.Fatal(err)
		}
		for game := 0; game < 40; game++ {
			g, err := Game{}.New(games.Config{Rules: valid})
			if err != nil {
				t.Fatal(err)
			}
			st := g.(*State)
			plain := map[posKey]int{st.key: 1}
			for ply := 0; ply < 400 && !st.outcome.Over(); ply++ {
				if err := st.Play(repeatingMove(st, plain, rng)); err != nil {
					t.Fatal(err)
				}
				if st.outcome.Status == games.Win {
					break // a line or no move: nothing is counted after
				}
				plain[st.key]++
				want := plain[st.key] >= 3
				if got := st.outcome.Reason == "same position three times"; got != want {
					t.Fatalf("%v, game %d, action %d: drawn by repetition %v, but the position occurred %d times",
						rules, game, ply, got, plain[st.key])
				}
				if want {
					draws++
				}
			}
		}
	}
	t.Logf("%d draws by repetition", draws)
	if draws < 20 {
		t.Fatalf("only %d draws by repetition: the test does not exercise the rule", draws)
	}
}

// repeatingMove picks a random legal move, half the time among those that
// lead back to a position of the game (seen), so games repeat often.
func repeatingMove(st *State, seen map[posKey]int, rng *rand.Rand) games.Move {
	legal := st.Legal(int(st.turn))
	if rng.IntN(2) == 0 {
		var back []games.Move
		for _, m := range legal {
			c := *st
			c.apply(m)
			if seen[c.key] > 0 {
				back = append(back, m)
			}
		}
		if len(back) > 0 {
			return back[rng.IntN(len(back))]
		}
	}
	return legal[rng.IntN(len(legal))]
}
