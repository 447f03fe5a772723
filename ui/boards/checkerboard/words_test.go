package checkerboard

import (
	"testing"

	"github.com/tabulagames/tabula/ui/session"
)

// The move list names people and says what FIFO removed; the result says
// why; the hint is a sentence (issue 10 item 8).
func TestWordsOfMovesResultsAndHints(t *testing.T) {
	s := newSession(t, map[string]any{"fifo": 3}, "a1", "a8", "b1", "b8", "c1", "c8", "d1")
	if got := MoveText(s.Frame(), 1); got != "Ben places O on a8" {
		t.Errorf("move 2: %q", got)
	}
	if got := MoveText(s.Frame(), 6); got != "Ana places X on d1, removing a1 (FIFO)" {
		t.Errorf("move 7: %q", got)
	}
	won := newSession(t, nil, "e5", "a1", "f5", "b1", "g5", "c1", "h5")
	if got := ResultText(won.Frame(), won.Live().Outcome()); got != "Ana wins: four in a row on the 5th rank" {
		t.Errorf("result %q", got)
	}
	if got := HintText(won.Frame(), &session.Hint{Seat: 1, Token: "e6"}); got != "Ben could place O on e6" {
		t.Errorf("hint %q", got)
	}
}
