package gametest_test

import (
	"testing"

	"github.com/tabulagames/tabula/games/classic"
	"github.com/tabulagames/tabula/games/gametest"
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

// TABULA_PLAYOUTS replaces the number of games of every playout test.
func TestPlayoutsEnvironment(t *testing.T) {
	t.Setenv("TABULA_PLAYOUTS", "30")
	if n := gametest.CappedPlayouts(t, classic.Game{}, nil, 200, 4, 1); n != 30 {
		t.Errorf("TABULA_PLAYOUTS=30: %d games reached the cap, want 30", n)
	}
}
