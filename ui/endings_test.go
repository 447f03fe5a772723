//go:build !mobile

package ui

import (
	"context"
	"strings"
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/driver/desktop"
	"fyne.io/fyne/v2/test"

	"github.com/tabulagames/tabula/ai"
	"github.com/tabulagames/tabula/games"
)

var anaVsEasy = []games.SeatInfo{{Name: "Ana", Controller: "human"}, {Name: "Computer", Controller: "ai", Bot: "easy"}}

// The side panel offers Offer draw and Resign on a person's turn; Resign
// asks first, then ends the game in words, counts a loss, and Undo takes
// it back.
func TestResignFromTheSidePanel(t *testing.T) {
	u := newTestApp(t)
	gs, _ := openGame(t, u, "checkerboard", 0, anaVsEasy)
	if !gs.endRow.Visible() || gs.offerBtn.Disabled() || gs.resignBtn.Disabled() || gs.endWhy.Visible() {
		t.Fatalf("on Ana's turn: row shown %v, offer disabled %v, resign disabled %v, reason %q",
			gs.endRow.Visible(), gs.offerBtn.Disabled(), gs.resignBtn.Disabled(), gs.endWhy.Text)
	}
	test.Tap(gs.resignBtn)
	if !showsText(topDialog(u), "Ana, do you resign? Computer wins.") {
		t.Fatalf("the confirmation says %q", texts(topDialog(u)))
	}
	tapDialogButton(t, u, "Play on")
	if gs.session.Outcome().Over() {
		t.Fatal("Play on resigned the game")
	}
	test.Tap(gs.resignBtn)
	tapDialogButton(t, u, "Resign")
	want := "Ana resigned. Computer wins."
	if !gs.session.Outcome().Over() || gs.winnerText(gs.session.Outcome()) != want || !gs.result.Visible() {
		t.Fatalf("after resigning: %+v, headline %q shown %v", gs.session.Outcome(), gs.winnerText(gs.session.Outcome()), gs.result.Visible())
	}
	if got := lastRow(gs); got != want {
		t.Errorf("the move list ends %q, want %q", got, want)
	}
	if !gs.offerBtn.Disabled() || !gs.resignBtn.Disabled() {
		t.Error("Offer draw or Resign is enabled after the game ended")
	}
	u.disk.Wait()
	if tally := u.stats.For("checkerboard")["easy"]; tally.Losses != 1 || tally.Played() != 1 {
		t.Errorf("a resignation counted as %+v, want one loss", tally)
	}
	if u.store.HasAutosave("checkerboard") {
		t.Error("the finished game's autosave was kept")
	}
	gs.undo()
	if gs.session.Outcome().Over() || gs.result.Visible() || gs.resignBtn.Disabled() {
		t.Errorf("after undo: %+v, headline shown %v", gs.session.Outcome(), gs.result.Visible())
	}
	if strings.Contains(lastRow(gs), "resigned") {
		t.Errorf("the move list still says %q", lastRow(gs))
	}
	gs.redo()
	if lastRow(gs) != want {
		t.Errorf("after redo the move list ends %q", lastRow(gs))
	}
}

// While the computer is to move nobody here can resign or offer, and the
// panel says why; Ctrl+R and Ctrl+D say it too.
func TestEndingsWaitForYourTurn(t *testing.T) {
	u := newTestApp(t)
	seats := []games.SeatInfo{{Name: "Computer", Controller: "ai", Bot: "easy"}, {Name: "Ana", Controller: "human"}}
	gs, loop := openGame(t, u, "checkerboard", 0, seats)
	if !gs.offerBtn.Disabled() || !gs.resignBtn.Disabled() || !gs.endWhy.Visible() || gs.endWhy.Text != "Resign or offer a draw on your turn." {
		t.Fatalf("on the computer's turn: offer disabled %v, resign disabled %v, reason %q", gs.offerBtn.Disabled(), gs.resignBtn.Disabled(), gs.endWhy.Text)
	}
	c := canvasShortcuts(t, u)
	c.TypedShortcut(&desktop.CustomShortcut{KeyName: fyne.KeyR, Modifier: fyne.KeyModifierShortcutDefault})
	if topDialog(u) != nil || gs.lastRefusal != "Resign or offer a draw on your turn." {
		t.Errorf("Ctrl+R on the computer's turn: dialog %v, said %q", topDialog(u) != nil, gs.lastRefusal)
	}
	loop.Until(t, "the computer's move", func() bool { return gs.session.Plies() == 1 })
	if gs.offerBtn.Disabled() || gs.resignBtn.Disabled() || gs.endWhy.Visible() {
		t.Error("on Ana's turn the buttons stay disabled")
	}
}

// Two people at one device: Ctrl+D offers, the other is asked in a
// dialog, and accepting ends the game "Draw agreed.".
func TestOfferDrawToAPersonHere(t *testing.T) {
	u := newTestApp(t)
	gs, _ := openGame(t, u, "infiltration", 0, twoPeople)
	c := canvasShortcuts(t, u)
	c.TypedShortcut(&desktop.CustomShortcut{KeyName: fyne.KeyD, Modifier: fyne.KeyModifierShortcutDefault})
	if !showsText(topDialog(u), "Ana offers a draw. Accept?") {
		t.Fatalf("the dialog says %q", texts(topDialog(u)))
	}
	if !gs.offerBtn.Disabled() {
		t.Error("a second offer can be made while the first waits")
	}
	tapDialogButton(t, u, "Decline")
	if gs.session.Outcome().Over() || gs.lastSaid != "Ben declines the draw. Play on." {
		t.Fatalf("declined: %+v, said %q", gs.session.Outcome(), gs.lastSaid)
	}
	test.Tap(gs.offerBtn)
	tapDialogButton(t, u, "Accept")
	if out := gs.session.Outcome(); out.Status != games.Draw || gs.winnerText(out) != "Draw agreed." || lastRow(gs) != "Draw agreed." {
		t.Errorf("accepted: %+v, headline %q, last row %q", out, gs.winnerText(out), lastRow(gs))
	}
	if e := gs.session.Record().Ending; e == nil || e.By != games.EndAgreed {
		t.Errorf("the record's ending is %+v", e)
	}
}

// A bot answers an offer as ai.Assess judges the position from its seat,
// off the UI goroutine; a refusal is said under the board.
func TestOfferDrawToTheComputer(t *testing.T) {
	u := newTestApp(t)
	gs, loop := openGame(t, u, "infiltration", 0, anaVsEasy)
	want, err := ai.Assess(context.Background(), "infiltration", gs.session.Live(), 1, uint64(gs.session.Seed)*7919+1, 0)
	if err != nil {
		t.Fatal(err)
	}
	test.Tap(gs.offerBtn)
	if topDialog(u) != nil {
		t.Fatal("a dialog asks the person about a draw offered to the computer")
	}
	if !strings.Contains(gs.lastSaid, "Ana offers a draw. Computer is thinking it over") {
		t.Errorf("said %q", gs.lastSaid)
	}
	loop.Until(t, "the computer's answer", func() bool { return gs.session.DrawOffer() < 0 })
	t.Logf("the computer's judgement: %+v", want)
	if want.Accept {
		if gs.session.Outcome().Status != games.Draw || lastRow(gs) != "Draw agreed." {
			t.Errorf("the computer should accept (%+v): %+v", want, gs.session.Outcome())
		}
		u.disk.Wait()
		if tally := u.stats.For("infiltration")["easy"]; tally.Draws != 1 || tally.Played() != 1 {
			t.Errorf("an agreed draw counted as %+v, want one draw", tally)
		}
	} else if gs.session.Outcome().Over() || gs.lastSaid != "Computer declines the draw. Play on." {
		t.Errorf("the computer should decline (%+v): %+v, said %q", want, gs.session.Outcome(), gs.lastSaid)
	}
}

// Tic-tac-toe and games of three or more offer neither.
func TestNoEndingsWhereTheyMeanNothing(t *testing.T) {
	for _, c := range []struct {
		id      string
		players int
		seats   []games.SeatInfo
	}{
		{"classic", 0, anaVsEasy},
		{"revenge", 3, append(append([]games.SeatInfo{}, twoPeople...), games.SeatInfo{Name: "Cy", Controller: "human"})},
	} {
		u := newTestApp(t)
		gs, _ := openGame(t, u, c.id, c.players, c.seats)
		if gs.endRow.Visible() {
			t.Errorf("%s: Resign and Offer draw are shown", c.id)
		}
		canvasShortcuts(t, u).TypedShortcut(&desktop.CustomShortcut{KeyName: fyne.KeyR, Modifier: fyne.KeyModifierShortcutDefault})
		if topDialog(u) != nil || gs.session.Outcome().Over() {
			t.Errorf("%s: Ctrl+R asked or resigned", c.id)
		}
	}
	// Two seats of revenge do offer them.
	u := newTestApp(t)
	gs, _ := openGame(t, u, "revenge", 2, twoPeople)
	if !gs.endRow.Visible() {
		t.Error("a two-player revenge game offers no Resign")
	}
}

// The computer's yes is said where its "thinking it over" was, and the
// wait is not left on screen under "Draw agreed." (it was, fading, for
// four seconds).
func TestTheComputerAcceptingADrawSaysSo(t *testing.T) {
	u := newTestApp(t)
	gs, loop := openGame(t, u, "checkerboard", 0, anaVsEasy)
	a, err := ai.Assess(context.Background(), "checkerboard", gs.session.Live(), 1, uint64(gs.session.Seed)*7919+1, 0)
	if err != nil || !a.Accept {
		t.Skipf("the computer would not accept at the start (%+v, %v)", a, err)
	}
	test.Tap(gs.offerBtn)
	loop.Until(t, "the computer's answer", func() bool { return gs.session.DrawOffer() < 0 })
	if gs.session.Outcome().Status != games.Draw {
		t.Fatalf("not drawn: %+v", gs.session.Outcome())
	}
	if gs.lastSaid != "Computer accepts the draw." || strings.Contains(gs.toast.AccessibilityLabel(), "thinking") {
		t.Errorf("said %q, the line reads %q", gs.lastSaid, gs.toast.AccessibilityLabel())
	}
}

// TestEnterConfirmsAnEnding: in the Resign and the draw questions Enter
// presses the confirming button (they ignored it), and Escape declines.
func TestEnterConfirmsAnEnding(t *testing.T) {
	key := func(u *App, name fyne.KeyName) { u.win.Canvas().OnTypedKey()(&fyne.KeyEvent{Name: name}) }
	u := newTestApp(t)
	gs, _ := openGame(t, u, "checkerboard", 0, anaVsEasy)
	test.Tap(gs.resignBtn)
	key(u, fyne.KeyEscape)
	if topDialog(u) != nil || gs.session.Outcome().Over() {
		t.Fatalf("Escape: dialog %v, game over %v", topDialog(u) != nil, gs.session.Outcome().Over())
	}
	test.Tap(gs.resignBtn)
	key(u, fyne.KeyReturn)
	if topDialog(u) != nil || gs.winnerText(gs.session.Outcome()) != "Ana resigned. Computer wins." {
		t.Fatalf("Enter: dialog %v, outcome %+v", topDialog(u) != nil, gs.session.Outcome())
	}
	u = newTestApp(t)
	gs, _ = openGame(t, u, "infiltration", 0, twoPeople)
	test.Tap(gs.offerBtn)
	key(u, fyne.KeyEscape)
	if topDialog(u) != nil || gs.session.Outcome().Over() || gs.session.DrawOffer() >= 0 {
		t.Fatalf("Escape on a draw: dialog %v, outcome %+v, offer %d", topDialog(u) != nil, gs.session.Outcome(), gs.session.DrawOffer())
	}
	test.Tap(gs.offerBtn)
	key(u, fyne.KeyEnter) // the keypad's Enter
	if out := gs.session.Outcome(); topDialog(u) != nil || gs.winnerText(out) != "Draw agreed." {
		t.Fatalf("Enter on a draw: dialog %v, outcome %+v", topDialog(u) != nil, out)
	}
}

// TestEndingButtonsGoWhenTheGameIsOver: after the end, Offer draw and
// Resign leave the panel (they stayed, disabled, close to enabled in
// look), and come back when Undo takes the end back.
func TestEndingButtonsGoWhenTheGameIsOver(t *testing.T) {
	u := newTestApp(t)
	gs, _ := openGame(t, u, "checkerboard", 0, anaVsEasy)
	test.Tap(gs.resignBtn)
	tapDialogButton(t, u, "Resign")
	if !gs.session.Outcome().Over() {
		t.Fatal("the game did not end")
	}
	if gs.endRow.Visible() {
		t.Error("Offer draw and Resign stay after the game ended")
	}
	gs.undo()
	if !gs.endRow.Visible() {
		t.Error("Offer draw and Resign did not come back after undo")
	}
}
