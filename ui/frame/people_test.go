package frame

import (
	"testing"

	"github.com/tabulagames/tabula/games"
)

// People tell deeds and results with names: "You" takes the verb without
// -s, two seats of one name are told apart by their tag, and verbs take
// -s or -es as English does.
func TestPeopleTellDeedsAndResults(t *testing.T) {
	p := PeopleOf([]games.SeatInfo{{Name: "You"}, {Name: "Computer"}, {Name: "Computer"}}, Symbol)
	for _, c := range []struct{ got, want string }{
		{p.Does(Deed{Seat: 0, Verb: "drop", Rest: "a man on d3"}), "You drop a man on d3"},
		{p.Does(Deed{Seat: 1, Verb: "drop", Rest: "a man on d3"}), "Computer (O) drops a man on d3"},
		{p.Does(Deed{Seat: 2, Verb: "pass"}), "Computer (+) passes"},
		{p.Does(Deed{Seat: 1, Verb: "push", Rest: "b3"}), "Computer (O) pushes b3"},
		{p.Could(Deed{Seat: 0, Verb: "place", Rest: "X on b2"}), "You could place X on b2"},
		{p.Could(Deed{Seat: 1, Verb: "place", Rest: "O on b2"}), "Computer (O) could place O on b2"},
		{p.Clause(0, "have") + " no move", "you have no move"},
		{p.Clause(1, "have") + " no move", "Computer (O) has no move"},
		{p.Whose(0) + " half", "your half"},
		{p.Whose(2) + " half", "Computer (+)'s half"},
		{p.Result(games.Outcome{Status: games.Win, Winners: []int{0}}, "a line"), "You win: a line"},
		{p.Result(games.Outcome{Status: games.Win, Winners: []int{2}}, "a line"), "Computer (+) wins: a line"},
		{p.Result(games.Outcome{Status: games.Draw}, "the board is full"), "Draw: the board is full"},
		{p.Result(games.Outcome{Status: games.Draw}, ""), "Draw"},
	} {
		if c.got != c.want {
			t.Errorf("%q, want %q", c.got, c.want)
		}
	}
}
