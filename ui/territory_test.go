package ui

import (
	"encoding/json"
	"strings"
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/test"

	"github.com/tabulagames/tabula/games"
	"github.com/tabulagames/tabula/ui/boards/kit"
)

var terrPeople = []games.SeatInfo{{Name: "Ana", Controller: "human"}, {Name: "Ben", Controller: "human"}}

// startTerritory opens a game of id with house rules and a setup, wired
// to a test loop, on a board of a known size.
func startTerritory(t *testing.T, id string, rules map[string]any, setup string) (*gameScreen, uiLoop) {
	t.Helper()
	u := newTestApp(t)
	g, ok := games.Lookup(id)
	if !ok {
		t.Fatalf("no game %s", id)
	}
	r, err := games.ValidateRules(g.RuleSpecs(), rules)
	if err != nil {
		t.Fatal(err)
	}
	var raw json.RawMessage
	if setup != "" {
		raw = json.RawMessage(setup)
	}
	_, loop := openOnLoop(t, u, g, r, terrPeople, raw)
	u.game.board.Resize(fyne.NewSize(480, 520))
	if u.game.spoken != nil {
		u.game.spoken.Resize(fyne.NewSize(480, 520))
	}
	return u.game, loop
}

func terrTokens(gs *gameScreen) string { return strings.Join(gs.session.Tokens(), " ") }

// The move list names what the notation does not say: a FIFO removal
// (checkerboard.md section 10), in words with the people's names.
func TestMoveListNamesFifoRemovals(t *testing.T) {
	gs, _ := startTerritory(t, "checkerboard", map[string]any{"fifo": 3}, "")
	for _, tok := range []string{"a1", "h8", "b1", "g8", "c1", "f8", "d1"} {
		if err := gs.Submit(tok); err != nil {
			t.Fatal(err)
		}
	}
	if got := gs.moveText(6); got != "7. Ana places X on d1, removing a1 (FIFO)" {
		t.Fatalf("move list: %q", got)
	}
	if got := gs.moveText(5); got != "6. Ben places O on f8" {
		t.Fatalf("move list: %q", got)
	}
}

func TestSquaresHaveSpokenNames(t *testing.T) {
	gs, _ := startTerritory(t, "checkerboard", nil, "")
	b := gs.board.(kit.SpokenBoard)
	if gs.spoken == nil {
		t.Fatal("no spoken layer over the checkerboard")
	}
	e6 := 5*8 + 4
	if got := gs.spoken.Label(e6); got != "e6, empty, X's target half" {
		t.Fatalf("e6 is read as %q", got)
	}
	if got := gs.spoken.Label(2*8 + 2); got != "c3, empty, O's target half" {
		t.Fatalf("c3 is read as %q", got)
	}
	// A tap through the layer, where the window has it, reaches the board.
	sq := gs.spoken.Objects[e6]
	if _, ok := sq.(fyne.Accessible); !ok {
		t.Fatal("the square is not accessible to screen readers")
	}
	want := b.SpokenSquares()[e6] // where the board draws e6 (its own tests check it)
	if sq.Position() != want.Pos || sq.Size() != want.Size {
		t.Fatalf("e6's button at %v %v, the square at %v %v", sq.Position(), sq.Size(), want.Pos, want.Size)
	}
	abs := fyne.CurrentApp().Driver().AbsolutePositionForObject(gs.spoken).Add(sq.Position())
	test.TapCanvas(gs.u.win.Canvas(), abs.Add(fyne.NewDelta(want.Size.Width/2, want.Size.Height/2)))
	if terrTokens(gs) != "e6" {
		t.Fatalf("a tap over e6 played %q", terrTokens(gs))
	}
	if got := gs.spoken.Label(e6); got != "e6, X, X's target half" {
		t.Fatalf("after the move e6 is read as %q", got)
	}
}
