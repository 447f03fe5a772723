package gametest_test

import (
	"fmt"
	"runtime"
	"strings"
	"testing"

	"github.com/tabulagames/tabula/games"
	_ "github.com/tabulagames/tabula/games/all"
	"github.com/tabulagames/tabula/games/classic"
	"github.com/tabulagames/tabula/games/gametest"
	"github.com/tabulagames/tabula/games/knights"
	"github.com/tabulagames/tabula/games/revenge"
	"github.com/tabulagames/tabula/games/toy"
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

// Every game's views tell nothing beyond what the seat sees. The games
// without a view have nothing to hide, and the toy's secret cards are
// dealt at the start, so no two turns of one game differ in them: those
// pass with no pair to compare. Knights under fog must hide what the
// seat cannot see in every part of its views.
func TestViewsHideWhatTheSeatCannotSee(t *testing.T) {
	toy.Register()
	for _, g := range games.All() {
		t.Run(g.ID(), func(t *testing.T) { gametest.ViewsHide(t, g, nil, 40, 1) })
	}
	for _, rules := range []map[string]any{
		{"fog": true},
		{"fog": true, "players": 4, "size": 7, "obstacles": 5},
		{"fog": true, "players": 3, "size": 6, "shrink": 2},
	} {
		t.Run(fmt.Sprintf("knights %v", rules), func(t *testing.T) {
			if pairs := gametest.ViewsHide(t, knights.Game{}, rules, 60, 2); pairs == 0 {
				t.Fatal("no two positions the seat cannot tell apart were found: this test proves nothing")
			}
		})
	}
}

// The property catches a secret a view carries in a field that nothing
// reads yet: this knights view keeps the true position's hash on the side.
func TestViewsHideCatchesAFieldNothingShows(t *testing.T) {
	r := &recorder{TB: t}
	done := make(chan struct{})
	go func() {
		defer close(done)
		gametest.ViewsHide(r, leakyKnights{}, map[string]any{"fog": true}, 60, 2)
	}()
	<-done
	if !strings.Contains(r.failure, "a field nothing shows yet") {
		t.Fatalf("a view that keeps the truth's hash passed: %q", r.failure)
	}
}

// recorder is a test that keeps its failure instead of failing.
type recorder struct {
	testing.TB
	failure string
}

func (r *recorder) Helper() {}
func (r *recorder) Fatalf(format string, args ...any) {
	r.failure = fmt.Sprintf(format, args...)
	runtime.Goexit()
}

// leakyKnights is knights whose views keep a secret in a private field.
type leakyKnights struct{ knights.Game }

func (g leakyKnights) New(cfg games.Config) (games.State, error) {
	st, err := g.Game.New(cfg)
	if err != nil {
		return nil, err
	}
	return &leakyState{State: st.(*knights.State)}, nil
}

type leakyState struct {
	*knights.State
	secret uint64
}

func (l *leakyState) Clone() games.State {
	return &leakyState{State: l.State.Clone().(*knights.State), secret: l.secret}
}

func (l *leakyState) View(seat int) games.State {
	return &leakyState{State: l.State.View(seat).(*knights.State), secret: l.State.Hash()}
}
