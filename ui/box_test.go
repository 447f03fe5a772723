package ui

import (
	"strings"
	"testing"

	"fyne.io/fyne/v2/widget"

	"github.com/tabulagames/tabula/ui/boards/all"
	"github.com/tabulagames/tabula/ui/frame"
)

// Revenge's seats choose among distinct symbols, the four seat symbols
// first; other games' seats keep X, O, + and *.
func TestRevengeSymbolChoicesAreDistinct(t *testing.T) {
	b := newBox(all.Entries())
	e, _ := b.entry("revenge")
	seen := map[string]bool{}
	for _, c := range e.Symbols {
		if seen[c] || c == "" {
			t.Fatalf("choice %q twice or empty in %v", c, e.Symbols)
		}
		seen[c] = true
	}
	if len(e.Symbols) < 4 || strings.Join(e.Symbols[:4], "") != strings.Join(frame.Symbols, "") {
		t.Fatalf("the seat symbols must come first: %v", e.Symbols)
	}
	if c, _ := b.entry("classic"); c.Symbols != nil {
		t.Fatal("classic's seats keep X and O")
	}
}

// The toy game joins the box as an eighth game from its entry alone,
// the way ARCHITECTURE.md's steps add one: the picker shows it last, it
// opens, its rules text shows in the Help.
func TestAnEighthGameJoinsFromItsEntry(t *testing.T) {
	u := newToyApp(t)
	ids := []string{}
	for _, g := range u.box.games() {
		ids = append(ids, g.ID())
	}
	if len(ids) != 8 || ids[7] != toyEntry.ID() {
		t.Fatalf("the box offers %v", ids)
	}
	showPicker(t, u)
	if _, ok := u.picker.cards[toyEntry.ID()]; !ok {
		t.Fatal("the picker has no card for the toy game")
	}
	u.NewGameNow(toyEntry.ID())
	if u.game == nil || u.game.session.Game.ID() != toyEntry.ID() {
		t.Fatal("the toy game did not open")
	}
	if _, ok := u.game.board.(*toyBoard); !ok {
		t.Fatalf("the toy game is drawn by %T", u.game.board)
	}
	u.RulesDialog(toyEntry.ID())
	shown := false
	for _, o := range canvasObjects(topDialog(u)) {
		if rt, ok := o.(*widget.RichText); ok && strings.Contains(rt.String(), "every kind of turn") {
			shown = true
		}
	}
	if !shown {
		t.Fatal("the toy game's rules do not show its rules text")
	}
}
