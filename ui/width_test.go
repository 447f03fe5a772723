package ui

import (
	"slices"
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/widget"

	"github.com/tabulagames/tabula/games"
	"github.com/tabulagames/tabula/ui/boards/kit"
)

// TestDesktopLayoutFitsAboveThePhoneWidth: the desktop layout of the
// picker and of every game's screen (four seats where the game seats
// four) needs no more than phoneWidth, so a page from phoneWidth up never
// cuts it, and the phone's layout of each fits the narrowest phone (360).
func TestDesktopLayoutFitsAboveThePhoneWidth(t *testing.T) {
	for _, phone := range []bool{false, true} {
		limit := phoneWidth
		if phone {
			limit = 360
		}
		u := newTestApp(t)
		u.mobile = phone
		u.ShowPicker()
		if w := u.picker.content.MinSize().Width; w > limit {
			t.Errorf("phone %v: the picker needs %.0f wide, more than %.0f", phone, w, limit)
		}
		for _, g := range offered() {
			rules := games.Defaults(g.RuleSpecs())
			if _, ok := rules["players"]; ok {
				rules["players"] = 4
			}
			gs, _ := openOnLoop(t, u, g, rules, people[:games.SeatCount(g, rules)], nil)
			if w := gs.content.MinSize().Width; w > limit {
				t.Errorf("phone %v: %s needs %.0f wide, more than %.0f", phone, g.ID(), w, limit)
			}
		}
		u.game.leave()
		u.game = nil
	}
}

// TestLayoutFollowsTheWidth: with the layout by width (the web), a
// window narrower than phoneWidth gets the phone's layout and a wider one
// the desktop's, and a game's screen is built again around the same
// session when the width crosses the line, the position kept, with a
// board made for the layout.
// Without it (a native desktop window), the width changes nothing.
func TestLayoutFollowsTheWidth(t *testing.T) {
	desktopOnly(t)
	u := newTestApp(t)
	u.ShowPicker()
	u.fitWidth(400)
	if u.mobile {
		t.Fatal("a native window switched to the phone layout")
	}
	u.byWidth = true
	u.fitWidth(400)
	if !u.mobile || u.picker == nil {
		t.Fatalf("a 400 wide page: phone %v, picker %v", u.mobile, u.picker != nil)
	}
	if u.win.Content() != u.picker.content {
		t.Fatal("the picker was not built again for the phone")
	}
	gs, loop := startGame(t, u, people[:2])
	board := gs.board
	tapSpoken(gs, 4)
	loop.Until(t, "the first move", func() bool { return gs.session.Plies() == 1 })
	phoneContent := gs.content
	u.fitWidth(1280)
	if u.mobile || u.game != gs || gs.board == board {
		t.Fatalf("a 1280 wide page: phone %v, same screen %v, a new board %v", u.mobile, u.game == gs, gs.board != board)
	}
	if gs.content == phoneContent || u.win.Content() != gs.content {
		t.Fatal("the game's screen was not built again for the desktop")
	}
	if gs.session.Plies() != 1 || !showsText(u.win.Content(), "Ben") {
		t.Fatalf("after the switch: %d moves, texts %q", gs.session.Plies(), texts(u.win.Content()))
	}
	// Still played by clicks, and the status says whose turn it is.
	u.win.Resize(fyne.NewSize(1280, 800))
	tapSpoken(gs, 0)
	loop.Until(t, "the second move", func() bool { return gs.session.Plies() == 2 })
	if gs.status.Text == "" {
		t.Fatal("no status after the switch")
	}
	u.fitWidth(phoneWidth - 1)
	if !u.mobile {
		t.Fatal("one unit under phoneWidth is not the phone's layout")
	}
	u.fitWidth(phoneWidth)
	if u.mobile {
		t.Fatal("phoneWidth itself is not the desktop's layout")
	}
	// A phone (its user agent, on the web) keeps the phone's layout at
	// any width.
	u.deviceMobile = true
	u.fitWidth(1920)
	if !u.mobile {
		t.Fatal("a phone's browser switched to the desktop layout")
	}
}

// TestBoardFollowsTheLayout: on the web the board is made for the layout
// the page's width chose, not for the device: alcazar's buttons under the
// board ("Skip to the end") have words on the desktop's layout and icons
// alone on a phone's,
// and a resize across the line makes them again, the game kept.
func TestBoardFollowsTheLayout(t *testing.T) {
	desktopOnly(t)
	u := newTestApp(t)
	u.byWidth = true
	u.ShowPicker()
	u.fitWidth(400)
	g, _ := games.Lookup("alcazar")
	gs, _ := openOnLoop(t, u, g, games.Defaults(g.RuleSpecs()), people[:2], nil)
	worded := func() []string {
		var out []string
		if bc, ok := gs.board.(kit.BoardControls); ok {
			walk(bc.Controls(), func(o fyne.CanvasObject) {
				if b, ok := o.(*widget.Button); ok && b.Text != "" && b.Icon != nil {
					out = append(out, b.Text)
				}
			})
		}
		return out
	}
	if w := worded(); slices.Contains(w, "Skip to the end") {
		t.Fatalf("the phone's layout (400 wide) shows buttons with words under alcazar's board: %q", w)
	}
	u.fitWidth(1280)
	if w := worded(); !slices.Contains(w, "Skip to the end") {
		t.Fatalf("the desktop's layout (1280 wide): alcazar's buttons %q, want words", w)
	}
	u.fitWidth(400)
	if w := worded(); slices.Contains(w, "Skip to the end") || gs.session.Game.ID() != "alcazar" || u.game != gs {
		t.Fatalf("back to 400 wide: buttons %q, same game %v", w, u.game == gs)
	}
}
