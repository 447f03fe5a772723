package session

import (
	"testing"
	"time"

	"github.com/tabulagames/tabula/games"
)

// The session tells its subscribers once per change, in the order they
// subscribed, what the change did; a game's end is told once, however
// often undo and redo cross it; a cancelled subscription hears nothing.
func TestSessionPublishesEachChangeOnce(t *testing.T) {
	h := newHarness(t)
	s := classicSession(t, h, []games.SeatInfo{human("Ana"), human("Ben")}, nil)
	var got []Change
	var order []string
	s.Subscribe(func(c Change) { got = append(got, c); order = append(order, "screen") })
	cancel := s.Subscribe(func(Change) { order = append(order, "disk") })
	last := func() Change { return got[len(got)-1] }

	if err := s.Submit("a1"); err != nil {
		t.Fatal(err)
	}
	if len(got) != 1 || !last().Moved || last().ByBot || !last().Played() || last().Finished {
		t.Fatalf("a move: %+v", got)
	}
	if order[0] != "screen" || order[1] != "disk" {
		t.Fatalf("told in the order %v, want the screen first", order)
	}
	s.SetView(0)
	if len(got) != 2 || last().Played() {
		t.Fatalf("a look back is told as a change of the tokens: %+v", last())
	}
	s.SetView(1)
	for _, tok := range []string{"a2", "b1", "b2", "c1"} {
		if err := s.Submit(tok); err != nil {
			t.Fatal(err)
		}
	}
	if !last().Finished || last().Outcome.Status != games.Win || last().Outcome.Winners[0] != 0 {
		t.Fatalf("the winning move: %+v", last())
	}
	n := len(got)
	if err := s.Undo(); err != nil {
		t.Fatal(err)
	}
	if len(got) != n+1 || !last().Rewound || !last().Played() {
		t.Fatalf("undo: %+v", got[n:])
	}
	s.Redo()
	if !last().Rewound || last().Finished {
		t.Fatalf("redo told the end again: %+v", last())
	}
	cancel()
	heard := len(order)
	s.SetView(2)
	if len(order) != heard+1 {
		t.Fatalf("after cancelling one subscription, %d told of a change, want 1", len(order)-heard)
	}
}

// When a person's pick clock runs out, the session picks what they had
// selected (Select, as a board reports it), not the first legal move.
func TestPickTimerPicksTheSelection(t *testing.T) {
	h := newHarness(t)
	s := toySession(t, h, []games.SeatInfo{human("Ana"), human("Bo")}, nil)
	s.PickTime = 30 * time.Second
	s.OpenPick(0)
	s.Select("2")
	h.until(func() bool { return s.HumanToMove() == 1 })
	s.OpenPick(1)
	s.Select("") // Bo selected nothing: his first legal move
	h.until(func() bool { return s.Plies() == 1 })
	if s.Tokens()[0] != "2,1" {
		t.Fatalf("joint move %v, want [2,1]: Ana's selection, Bo's first move", s.Tokens())
	}
}
