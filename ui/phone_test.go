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

// TestRealPhoneWindowArenaFillsTheWidth: a real 412x790 px window under
// Fyne's phone simulation is 294x564 dp (it scales by 1.4), not the test
// driver's 412x790 dp. There the arena board was 292 of 412 px wide: its
// two rows of buttons and the panel's reserve left it too little height.
// It takes the full width as the other boards do.
func TestRealPhoneWindowArenaFillsTheWidth(t *testing.T) {
	if !fyne.CurrentDevice().IsMobile() {
		t.Skip("a phone's layout: run with -tags mobile")
	}
	for _, id := range []string{"arena", "checkerboard", "knights"} {
		u := newTestApp(t)
		u.win.Resize(fyne.NewSize(294, 564))
		g, _ := games.Lookup(id)
		rules := games.Defaults(g.RuleSpecs())
		gs, _ := openOnLoop(t, u, g, rules, people[:games.SeatCount(g, rules)], nil)
		width := u.win.Canvas().Size().Width - 2*theme.Padding()
		board := gs.board.Size()
		t.Logf("%s: canvas %v, board %v, needs %.0f", id, u.win.Canvas().Size(), board, gs.boardHeightFor(board.Width))
		if board.Width < width-1 || board.Height < gs.boardHeightFor(board.Width)-1 {
			t.Errorf("%s: the board is %v on a %.0f dp screen; it needs %.0f tall at the full width", id, board, width, gs.boardHeightFor(width))
		}
	}
}
