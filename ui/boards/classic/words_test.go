package classic

import (
	"testing"

	"github.com/tabulagames/tabula/games"
	"github.com/tabulagames/tabula/ui/session"
)

// The move list, the result and the hint name people and say what
// happened in words (issue 10 item 8), never bare notation.
func TestWordsOfMovesResultsAndHints(t *testing.T) {
	s := newSession(t, "a1", "a2", "b1", "b2", "c1")
	for i, want := range []string{"Ana places X on a1", "Ben places O on a2", "Ana places X on b1"} {
		if got := MoveText(s.Frame(), i); got != want {
			t.Errorf("move %d: %q, want %q", i+1, got, want)
		}
	}
	if got := ResultText(s.Frame(), s.Live().Outcome()); got != "Ana wins: three in a row on the 1st rank" {
		t.Errorf("result %q", got)
	}
	draw := newSession(t, "a1", "b2", "c3", "a2", "c2", "c1", "a3", "b3", "b1")
	if out := draw.Live().Outcome(); out.Status != games.Draw || ResultText(draw.Frame(), out) != "Draw: the board is full" {
		t.Errorf("draw: %+v, %q", out, ResultText(draw.Frame(), out))
	}
	s = newSession(t, "b2")
	if got := HintText(s.Frame(), &session.Hint{Seat: 1, Move: 0, Token: "a1"}); got != "Ben could place O on a1" {
		t.Errorf("hint %q", got)
	}
}
