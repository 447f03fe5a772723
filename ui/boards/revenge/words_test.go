package revenge

import (
	"testing"

	"github.com/tabulagames/tabula/games"
	"github.com/tabulagames/tabula/ui/session"
)

// A hint says in words what the hinted square would be for the person to
// move, the way the move list tells moves, never bare notation: a steal
// names whose square, one's own mark is reinforced, an empty square is
// placed on (issue 10 item 8).
func TestHintsInWords(t *testing.T) {
	s := newSession(t, three, nil, "a1", "a4", "b4") // Ana to move
	hint := func(seat int, square string) string {
		f, r, err := games.ParseSquare(square, 4, 4)
		if err != nil {
			t.Fatal(err)
		}
		return HintText(s.Frame(), &session.Hint{Seat: seat, Move: games.Move(r*4 + f), Token: square})
	}
	for square, want := range map[string]string{
		"b4": "Ana could take b4 from Cy",
		"a4": "Ana could take a4 from Bo",
		"a1": "Ana could reinforce a1",
		"c2": "Ana could place on c2",
	} {
		if got := hint(0, square); got != want {
			t.Errorf("hint %s: %q, want %q", square, got, want)
		}
	}
	you := []games.SeatInfo{{Name: "You", Controller: "human"}, {Name: "Computer", Controller: "human"}, {Name: "Cy", Controller: "human"}}
	s = newSession(t, you, nil, "a1", "b2", "c3") // you to move
	if got := hint(0, "b2"); got != "You could take b2 from Computer" {
		t.Errorf("your hint: %q", got)
	}
	if got := (&Board{}).HintText(s.Frame(), &session.Hint{Seat: 0, Move: 0, Token: "a1"}); got != "You could reinforce a1" {
		t.Errorf("the board's hint: %q", got)
	}
}
