package ui

import (
	"testing"

	"fyne.io/fyne/v2/test"

	"github.com/tabulagames/tabula/games"
	"github.com/tabulagames/tabula/ui/frame"
)

// The helpers of the tests of Resign and Offer draw, on the desktop and
// on the phone.

// openGame opens a game by id with its default rules (and the players
// rule where given) on a test loop.
func openGame(t *testing.T, u *App, id string, players int, seats []games.SeatInfo) (*gameScreen, uiLoop) {
	t.Helper()
	g, _ := games.Lookup(id)
	raw := map[string]any{}
	if players > 0 {
		raw[games.PlayersRule] = players
	}
	rules, err := games.ValidateRules(g.RuleSpecs(), raw)
	if err != nil {
		t.Fatal(err)
	}
	return openOnLoop(t, u, g, rules, seats, nil)
}

// tapDialogButton presses the button of the dialog on top with the text.
func tapDialogButton(t *testing.T, u *App, text string) {
	t.Helper()
	top := topDialog(u)
	if top == nil {
		t.Fatalf("no dialog open to press %q in", text)
	}
	bs := buttons(top, text, nil)
	if len(bs) != 1 {
		t.Fatalf("the dialog has %d buttons %q; its texts: %q", len(bs), text, texts(top))
	}
	test.Tap(bs[0])
}

// lastRow is the move list's last row as it reads.
func lastRow(gs *gameScreen) string {
	if gs.rows() == 0 {
		return ""
	}
	return gs.moveText(gs.rows() - 1)
}

// The ending's words follow the people: "You" takes "win" and "resigned"
// reads the same for everyone.
func TestEndingWords(t *testing.T) {
	you := frame.PeopleOf([]games.SeatInfo{{Name: "You"}, {Name: "Medium"}}, frame.Symbol)
	two := frame.PeopleOf([]games.SeatInfo{{Name: "Ana"}, {Name: "Ben"}}, frame.Symbol)
	for _, c := range []struct{ got, want string }{
		{endingText(&games.Ending{By: games.EndResigned, Seat: 0}, you), "You resigned. Medium wins."},
		{endingText(&games.Ending{By: games.EndResigned, Seat: 1}, you), "Medium resigned. You win."},
		{endingText(&games.Ending{By: games.EndResigned, Seat: 0}, two), "Ana resigned. Ben wins."},
		{endingText(&games.Ending{By: games.EndAgreed}, two), "Draw agreed."},
	} {
		if c.got != c.want {
			t.Errorf("%q, want %q", c.got, c.want)
		}
	}
}
