package gametest_test

import (
	"testing"

	"github.com/tabulagames/tabula/games/classic"
	"github.com/tabulagames/tabula/games/gametest"
	"github.com/tabulagames/tabula/games/revenge"
)

// Games that reach the cap are counted, not failed: no tic-tac-toe game
// ends within 4 plies, and every one ends within 9.
func TestCappedPlayoutsCountGamesAtTheCap(t *testing.T) {
	t.Setenv("TABULA_PLAYOUTS", "")
	if n := gametest.CappedPlayouts(t, classic.Game{}, nil, 200, 4, 1); n != 200 {
		t.Errorf("cap 4: %d of 200 games reached it, want all", n)
	}
	if n := gametest.CappedPlayouts(t, classic.Game{}, nil, 200, 9, 1); n != 0 {
		t.Errorf("cap 9: %d of 200 games reached it, want none", n)
	}
}

// TABULA_PLAYOUTS=N means N games per rule set: every rule set a playout
// test goes through plays exactly N games, whatever number the test asks
// for (README "TABULA_PLAYOUTS"). Here four rule sets of revenge, asked
// for 200, 5, 1 and 10,000 games, play 30 each. (A cap of 0
// plies stops every game before its first move, so each game is counted.)
func TestPlayoutsEnvironment(t *testing.T) {
	t.Setenv("TABULA_PLAYOUTS", "30")
	if n := gametest.CappedPlayouts(t, classic.Game{}, nil, 200, 4, 1); n != 30 {
		t.Errorf("TABULA_PLAYOUTS=30: %d games reached the cap, want 30", n)
	}
	for i, asked := range []int{200, 5, 1, 10_000} {
		rules := map[string]any{"size": 3 + i}
		n := gametest.CappedPlayouts(t, revenge.Game{}, rules, asked, 0, uint64(i+1))
		if n != 30 {
			t.Errorf("TABULA_PLAYOUTS=30, rules %v asking for %d: %d games, want 30", rules, asked, n)
		}
	}
}
