//go:build mobile

package ui

import (
	"slices"
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/canvas"
	"fyne.io/fyne/v2/test"
	"fyne.io/fyne/v2/theme"

	"github.com/tabulagames/tabula/games"
)

// On a phone Resign and Offer draw are items of the toolbar's menu (⋮),
// disabled while nobody here may use them; Resign asks first and the
// headline says who resigned.
func TestPhoneMenuResigns(t *testing.T) {
	u := newTestApp(t)
	u.win.Resize(fyne.NewSize(412, 790))
	seats := []games.SeatInfo{{Name: "Computer", Controller: "ai", Bot: "easy"}, {Name: "Ana", Controller: "human"}}
	gs, loop := openGame(t, u, "checkerboard", 0, seats)
	if gs.endRow.Visible() {
		t.Error("the phone shows the desktop's buttons")
	}
	if !gs.offerItem.Disabled || !gs.resignItem.Disabled {
		t.Error("the menu offers Resign or Offer draw on the computer's turn")
	}
	loop.Until(t, "the computer's move", func() bool { return gs.session.Plies() == 1 })
	if gs.offerItem.Disabled || gs.resignItem.Disabled {
		t.Fatal("the menu's Resign or Offer draw is disabled on Ana's turn")
	}
	more := buttons(gs.content, "", theme.MoreVerticalIcon())
	if len(more) != 1 {
		t.Fatalf("%d menu buttons", len(more))
	}
	test.Tap(more[0])
	menu := topDialog(u)
	var items []string
	for _, o := range canvasObjects(menu) {
		if tx, ok := o.(*canvas.Text); ok {
			items = append(items, tx.Text)
		}
	}
	if !slices.Contains(items, "Offer draw") || !slices.Contains(items, "Resign") {
		t.Errorf("the menu holds %q", items)
	}
	u.win.Canvas().Overlays().Remove(menu)
	gs.resignItem.Action()
	tapDialogButton(t, u, "Resign")
	if got := gs.winnerText(gs.session.Outcome()); got != "Ana resigned. Computer wins." {
		t.Errorf("headline %q", got)
	}
	if !gs.resignItem.Disabled || !gs.offerItem.Disabled {
		t.Error("the menu offers Resign after the game ended")
	}
}
