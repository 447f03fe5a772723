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
	if got := HintText(s.Frame(), &session.Hint{Seat: 1, Token: "c3"}); got != "Ben could jump to c3" {
		t.Errorf("hint %q", got)
	}
	you := games.SeatInfo{Name: "You", Controller: "human"}
	s = newSession(t, []games.SeatInfo{you, computer, computer}, nil, 42)
	if got := (&Board{}).HintText(s.Frame(), &session.Hint{Seat: 0, Token: "d5"}); got != "You could jump to d5" {
		t.Errorf("your hint %q", got)
	}
	if got := HintText(s.Frame(), &session.Hint{Seat: 2, Token: "e2"}); got != "Computer (Rose) could jump to e2" {
		t.Errorf("a computer's hint %q", got)
	}
}

// A joint turn reads as every knight's jump; under fog only the shown
// seat's square is told, the others jump "out of sight", and between two
// secret picks (shown -1) nobody's square is.
func TestJointTurnInWords(t *testing.T) {
	s := newSession(t, []games.SeatInfo{ana, ben}, nil, 42)
	var picks []string
	for seat := 0; seat < 2; seat++ {
		if who, ok := s.HandOver(); ok {
			s.Reveal(who)
		}
		live := s.Live()
		tok := live.MoveString(seat, live.Legal(seat)[0])
		picks = append(picks, tok)
		if err := s.Submit(tok); err != nil {
			t.Fatal(err)
		}
	}
	if s.Plies() != 1 {
		t.Fatalf("%d turns after both picks", s.Plies())
	}
	for shown, want := range map[int]string{
		-2: "Ana jumps to " + picks[0] + "; Ben jumps to " + picks[1],
		0:  "Ana jumps to " + picks[0] + "; Ben jumps out of sight",
		1:  "Ana jumps out of sight; Ben jumps to " + picks[1],
		-1: "Ana jumps out of sight; Ben jumps out of sight",
	} {
		if got := (&Board{}).JointMoveText(s.Frame(), 0, shown); got != want {
			t.Errorf("shown %d: %q, want %q", shown, got, want)
		}
	}
}
