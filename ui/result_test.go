package ui

import (
	"testing"

	"github.com/tabulagames/tabula/games"
	"github.com/tabulagames/tabula/ui/frame"
)

// The screen words a result one way: "You" takes "win", another single
// winner "wins", several winners "win", and two seats of one name are
// told apart by their symbols, as the boards' words do.
func TestResultTextHasOneRuleForYou(t *testing.T) {
	p := frame.PeopleOf([]games.SeatInfo{{Name: "You"}, {Name: "Ana"}, {Name: "Computer"}, {Name: "Computer"}}, frame.Symbol)
	win := func(seats ...int) games.Outcome { return games.Outcome{Status: games.Win, Winners: seats} }
	draw := games.Outcome{Status: games.Draw}
	for _, c := range []struct{ got, want string }{
		{p.Result(win(0), ""), "You win"},
		{p.Result(win(1), "a line"), "Ana wins: a line"},
		{p.Result(win(0, 1), ""), "You and Ana win"},
		{p.Result(win(1, 2, 3), "survival"), "Ana, Computer (+) and Computer (*) win: survival"},
		{p.Result(win(3), ""), "Computer (*) wins"},
		{p.Result(draw, ""), "Draw"},
		{resultLine(p, draw), "Draw."},
	} {
		if c.got != c.want {
			t.Errorf("%q, want %q", c.got, c.want)
		}
	}
}

// A board without words of its own (the knights) shows the headline in
// the screen's words: "You win!", "Ana wins!", "Draw".
func TestHeadlineInTheScreensWords(t *testing.T) {
	u := newTestApp(t)
	gs, _ := startKnights(t, u, []games.SeatInfo{{Name: "You", Controller: "human"}, kAna}, nil)
	for _, c := range []struct {
		out  games.Outcome
		want string
	}{
		{games.Outcome{Status: games.Win, Winners: []int{0}}, "You win!"},
		{games.Outcome{Status: games.Win, Winners: []int{1}}, "Ana wins!"},
		{games.Outcome{Status: games.Draw, Reason: "both fell"}, "Draw"},
	} {
		if got := gs.winnerText(c.out); got != c.want {
			t.Errorf("%v: %q, want %q", c.out, got, c.want)
		}
	}
}
