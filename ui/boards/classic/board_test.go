package classic

import (
	"strings"
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/canvas"
	"fyne.io/fyne/v2/driver/desktop"
	"fyne.io/fyne/v2/test"

	"github.com/tabulagames/tabula/ui/boardtest"
	"github.com/tabulagames/tabula/ui/session"
)

func start(t *testing.T) (*boardtest.Host, *Board) {
	t.Helper()
	h := boardtest.Start(t, "classic", New, boardtest.Options{Size: fyne.NewSize(300, 300)})
	return h, h.Board.(*Board)
}

func centre(b *Board, sq int) fyne.Position { return b.grid().Center(sq%3, sq/3) }

func TestTapPlaysAndARefusalFlashes(t *testing.T) {
	h, b := start(t)
	test.TapAt(b, centre(b, 4))
	if h.Tokens() != "b2" || b.m.Owners[4] != 0 || b.m.Last != 4 {
		t.Fatalf("tap played %q", h.Tokens())
	}
	test.TapAt(b, centre(b, 4)) // taken
	if h.Tokens() != "b2" || !strings.Contains(h.Refusal, "already taken") || b.refused != 4 {
		t.Fatalf("%q, refusal %q, flash %d", h.Tokens(), h.Refusal, b.refused)
	}
	r := test.WidgetRenderer(b).(*renderer)
	if !r.flash.Visible() || !r.ring.Visible() {
		t.Fatal("the flash or the last-move ring is hidden")
	}
	h.Redraw()
	if b.refused != -1 {
		t.Fatal("the next draw keeps the flash")
	}
}

func TestKeysPlay(t *testing.T) {
	h, b := start(t)
	if b.Key(fyne.KeyReturn) || b.Key(fyne.KeyEscape) {
		t.Fatal("Enter and Escape without a cursor must be left to the screen")
	}
	b.Key("7")           // a3
	b.Key(fyne.KeyRight) // the cursor appears on b2
	b.Key(fyne.KeyRight)
	b.Key(fyne.KeyReturn)
	if h.Tokens() != "a3 c2" {
		t.Fatalf("keys played %q", h.Tokens())
	}
	if !b.Key(fyne.KeyEscape) || b.m.Cursor != -1 {
		t.Fatal("Escape did not hide the cursor")
	}
	if b.Key("x") {
		t.Fatal("a key that means nothing was used")
	}
}

func TestHoverGhostAndHint(t *testing.T) {
	h, b := start(t)
	r := test.WidgetRenderer(b).(*renderer)
	b.MouseMoved(&desktop.MouseEvent{PointEvent: fyne.PointEvent{Position: centre(b, 0)}})
	if b.hover != 0 || !r.ghost.Objects()[0].Visible() {
		t.Fatal("no ghost of X on a1")
	}
	b.MouseOut()
	if r.ghost.Objects()[0].Visible() {
		t.Fatal("the ghost stayed")
	}
	h.S.ShowHint(&session.Hint{Seat: 0, Move: 8, Token: "c3"})
	if !r.hint.Visible() || r.pulseSq != 8 {
		t.Fatal("the hint is not shown on c3")
	}
}

func TestSpokenSquaresLieOnTheSquares(t *testing.T) {
	h, b := start(t)
	h.Submit("b2")
	sp := b.SpokenSquares()
	if len(sp) != 9 || sp[4].Label != "b2, X" || sp[0].Label != "a1, empty" {
		t.Fatalf("spoken %+v", sp)
	}
	g := b.grid()
	if sp[5].Pos != g.CellPos(2, 1) || sp[5].Size.Width != g.Cell {
		t.Fatalf("c2 named at %v, drawn at %v", sp[5].Pos, g.CellPos(2, 1))
	}
}

// TestOutlinesFollowTheRoundedTiles: the cursor and the hint are drawn
// with corners as round as the tiles they lie on (they used to be square
// over rounded tiles).
func TestOutlinesFollowTheRoundedTiles(t *testing.T) {
	h, b := start(t)
	r := test.WidgetRenderer(b).(*renderer)
	b.Key(fyne.KeyRight) // the cursor appears
	h.S.ShowHint(&session.Hint{Seat: 0, Move: 8, Token: "c3"})
	tile := r.cells[0].CornerRadius
	if tile <= 0 {
		t.Fatal("the tiles are not rounded")
	}
	for name, o := range map[string]*canvas.Rectangle{"cursor": r.cursor, "hint": r.hint} {
		if !o.Visible() || o.CornerRadius != tile {
			t.Errorf("the %s's corners are %.1f, the tiles' %.1f", name, o.CornerRadius, tile)
		}
	}
}
