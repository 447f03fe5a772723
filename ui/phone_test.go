//go:build mobile

package ui

import (
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/theme"

	"github.com/tabulagames/tabula/games"
	"github.com/tabulagames/tabula/ui/boards/kit"
)

// TestPhoneBoardsFillTheWidth opens every game on a phone's test driver
// (`go test -tags mobile`) at 412x790 in portrait: the board takes the
// full width, and its squares are touch targets of at least 44 dp
// (UX.md). Alcazar names no squares; its geometry has a test of its own.
func TestPhoneBoardsFillTheWidth(t *testing.T) {
	if !fyne.CurrentDevice().IsMobile() {
		t.Fatal("the test driver is not a phone")
	}
	for _, id := range []string{"classic", "checkerboard", "infiltration", "alcazar", "revenge", "knights", "arena"} {
		t.Run(id, func(t *testing.T) {
			u := newTestApp(t)
			u.win.Resize(fyne.NewSize(412, 790))
			g, _ := games.Lookup(id)
			rules := games.Defaults(g.RuleSpecs())
			gs, _ := openOnLoop(t, u, g, rules, people[:games.SeatCount(g, rules)], nil)
			width := u.win.Canvas().Size().Width - 2*theme.Padding() // the screen's edge
			board := gs.board.Size()
			if board.Width < width-1 {
				t.Errorf("the board is %.0f wide on a %.0f screen", board.Width, width)
			}
			if board.Height < gs.boardHeightFor(board.Width)-1 {
				t.Errorf("the board is %.0f tall, it needs %.0f at the full width", board.Height, gs.boardHeightFor(board.Width))
			}
			if gs.spoken == nil {
				return
			}
			sq := gs.spoken.Objects[0].Size()
			t.Logf("%s: canvas %v, board %v, square %v", id, u.win.Canvas().Size(), board, sq)
			if sq.Width < kit.MinTouch || sq.Height < kit.MinTouch {
				t.Errorf("squares of %v, want at least %v", sq, kit.MinTouch)
			}
		})
	}
}
