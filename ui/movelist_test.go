package ui

import (
	"fmt"
	"image/color"
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/canvas"
	"fyne.io/fyne/v2/test"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"

	"github.com/tabulagames/tabula/games"
	"github.com/tabulagames/tabula/ui/boards/kit"
)

// lastMoveShown reports whether the move list shows its last row whole:
// scrolled so that the bottom of the last row is inside the list.
func lastMoveShown(gs *gameScreen) (bool, string) {
	n := float32(gs.session.Plies())
	row := widget.NewLabel("000. X  move").MinSize().Height
	content := n*row + (n-1)*theme.Padding()
	bottom := gs.moves.GetScrollOffset() + gs.moves.Size().Height
	return bottom >= content-0.5, fmt.Sprintf("content %.0f, offset %.0f, height %.0f", content, gs.moves.GetScrollOffset(), gs.moves.Size().Height)
}

// TestMoveListFollowsTheLiveMove: in a long game between two bots on a
// small window, the move list shows the move just played after every
// move, and still at the end, when the result and the Play again buttons
// take room from the list.
func TestMoveListFollowsTheLiveMove(t *testing.T) {
	u := newTestApp(t)
	u.win.Resize(fyne.NewSize(800, 600))
	g, _ := games.Lookup("checkerboard")
	bots := []games.SeatInfo{{Name: "Ana", Controller: "ai", Bot: "easy"}, {Name: "Ben", Controller: "ai", Bot: "easy"}}
	gs, loop := openOnLoop(t, u, g, games.Defaults(g.RuleSpecs()), bots, nil)
	checked := 0
	loop.Until(t, "the end of the game", func() bool {
		if gs.session.Plies() > checked {
			checked = gs.session.Plies()
			if ok, sizes := lastMoveShown(gs); !ok {
				t.Fatalf("after move %d the list does not show it (%s)", checked, sizes)
			}
		}
		return gs.session.Live().Outcome().Over()
	})
	if checked < 10 {
		t.Fatalf("only %d moves: the list never had to scroll", checked)
	}
	if ok, sizes := lastMoveShown(gs); !ok {
		t.Fatalf("at the end the list does not show the last move (%s)", sizes)
	}
	// The real driver lays the panel out after the result appears, which
	// shrinks the list after it was scrolled; a window made smaller does
	// the same here.
	u.win.Resize(fyne.NewSize(800, 900))
	u.win.Resize(fyne.NewSize(800, 600))
	if ok, sizes := lastMoveShown(gs); !ok {
		t.Fatalf("after the list shrank it no longer shows the last move (%s)", sizes)
	}
}

// headlineColor is the colour the result headline is drawn in.
func headlineColor(t *testing.T, gs *gameScreen) color.Color {
	t.Helper()
	var found color.Color
	var walk func(o fyne.CanvasObject)
	walk = func(o fyne.CanvasObject) {
		switch o := o.(type) {
		case *canvas.Text:
			if o.Text != "" && found == nil {
				found = o.Color
			}
		case fyne.Widget:
			for _, c := range test.WidgetRenderer(o).Objects() {
				walk(c)
			}
		case *fyne.Container:
			for _, c := range o.Objects {
				walk(c)
			}
		}
	}
	walk(gs.result)
	if found == nil {
		t.Fatal("the headline draws no text")
	}
	return found
}

// TestHeadlineInTheWinnersColour: the result headline is drawn in the
// winner's seat colour, as ink (the shade of it that reads as text on
// the theme's background).
func TestHeadlineInTheWinnersColour(t *testing.T) {
	u := newTestApp(t)
	bots := []games.SeatInfo{{Name: "A", Controller: "ai", Bot: "hard"}, {Name: "B", Controller: "ai", Bot: "easy"}}
	gs, loop := startGame(t, u, bots)
	loop.Until(t, "the end of a bot game", func() bool { return gs.session.Live().Outcome().Over() })
	out := gs.session.Live().Outcome()
	if out.Status != games.Win || len(out.Winners) != 1 {
		t.Fatalf("want one winner, got %+v", out)
	}
	want := kit.SeatInk(out.Winners[0])
	got := headlineColor(t, gs)
	if !sameColor(got, want) {
		t.Fatalf("the headline %q is drawn in %v, want the winner's colour %v", gs.result.String(), got, want)
	}
	if c := kit.Contrast(got, theme.Color(theme.ColorNameBackground)); c < 4.5 {
		t.Fatalf("the headline reads %.2f:1 on the background, want 4.5:1", c)
	}
}

func sameColor(a, b color.Color) bool {
	r1, g1, b1, a1 := a.RGBA()
	r2, g2, b2, a2 := b.RGBA()
	return r1 == r2 && g1 == g2 && b1 == b2 && a1 == a2
}

// A row longer than the list is wide wraps to more lines, and the list
// gives it the height they need: nothing is cut mid-word.
func TestLongMoveRowsWrap(t *testing.T) {
	u := newTestApp(t)
	gs, _ := startGame(t, u, twoPeople)
	if err := gs.Submit("b2"); err != nil {
		t.Fatal(err)
	}
	one := newMoveRow().MinSize().Height
	gs.moves.Resize(fyne.NewSize(400, 300))
	gs.showMove(0, newMoveRow())
	if h := gs.rowHeights[0]; h != one {
		t.Fatalf("a short row is %v tall, one line is %v", h, one)
	}
	gs.moves.Resize(fyne.NewSize(90, 300))
	gs.showMove(0, newMoveRow())
	if h := gs.rowHeights[0]; h < 2*one-2*theme.InnerPadding() {
		t.Fatalf("a row wider than the list is %v tall, one line %v: it did not wrap", h, one)
	}
}

// A row's words wrap at the width its height was measured at (the list's
// width less its scroll bar's), so a row just short of the list's full
// width is not given two lines' height and drawn on one, with an empty
// line under it ("19. Medium jumps from f5 to h3, taking a man").
func TestMoveRowWrapsWhereItWasMeasured(t *testing.T) {
	test.NewTempApp(t)
	text := "19. Medium jumps from f5 to h3, taking a man"
	one := fyne.MeasureText(text, theme.TextSize(), fyne.TextStyle{}).Width + 2*theme.InnerPadding()
	width := one + theme.ScrollBarSize()/2 // fits the whole row, not the room left beside the scroll bar
	h := wrappedHeight(text, width-theme.ScrollBarSize())
	row := newMoveRow()
	row.Objects[0].(*widget.Label).SetText(text)
	row.Resize(fyne.NewSize(width, h))
	words := row.Objects[0].(*widget.Label)
	if got := words.MinSize().Height; got != h {
		t.Fatalf("the row was given %v for its words and draws them %v tall", h, got)
	}
}
