package knights

import (
	"testing"

	"github.com/tabulagames/tabula/games"
	"github.com/tabulagames/tabula/ui/session"
)

// A hint is the person's own jump in words, never the bare square (issue
// 10 item 8); "You" and two seats of one name read as in the other games.
func TestHintInWords(t *testing.T) {
	s := newSession(t, []games.SeatInfo{ana, ben}, nil, 42)
	if got := HintText(s, &session.Hint{Seat: 1, Token: "c3"}); got != "Ben could jump to c3" {
		t.Errorf("hint %q", got)
	}
	you := games.SeatInfo{Name: "You", Controller: "human"}
	s = newSession(t, []games.SeatInfo{you, computer, computer}, nil, 42)
	if got := (&Board{}).HintText(s, &session.Hint{Seat: 0, Token: "d5"}); got != "You could jump to d5" {
		t.Errorf("your hint %q", got)
	}
	if got := HintText(s, &session.Hint{Seat: 2, Token: "e2"}); got != "Computer (Rose) could jump to e2" {
		t.Errorf("a computer's hint %q", got)
	}
}
