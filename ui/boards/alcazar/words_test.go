package alcazar

import (
	"testing"

	"github.com/tabulagames/tabula/games"
	game "github.com/tabulagames/tabula/games/alcazar"

	"github.com/tabulagames/tabula/ui/session"
)

// The move list names each seat by colour and player, numbers turns (so
// the crown holder's two placements in a row, across a turn's end, do
// not read as one seat moving twice), and tells a 4's push; the result
// and the hint read the same way.
func TestWordsOfPlacementsPushesAndTurns(t *testing.T) {
	s, _ := load(t, "", "1@c1", "4@c5", "2@a2", "2@e4", "3@a3")
	for i, want := range []struct {
		n    int
		text string
	}{
		{1, "Amber (Ana) places 1 on c1"},
		{1, "Blue (Ben) places 4 on c5"},
		{2, "Blue (Ben) places 2 on a2"},
		{2, "Amber (Ana) places 2 on e4; Blue 4 pushes Amber 1"},
		{3, "Amber (Ana) places 3 on a3"},
	} {
		if got, n := MoveText(s.Frame(), i), MoveNumber(s.Frame(), i); got != want.text || n != want.n {
			t.Errorf("placement %d: %d. %q, want %d. %q", i+1, n, got, want.n, want.text)
		}
	}
	mv, err := s.Live().ParseMove(1, "5@c1")
	if err != nil {
		t.Fatal(err)
	}
	if got := HintText(s.Frame(), &session.Hint{Seat: 1, Move: mv, Token: "5@c1"}); got != "Blue (Ben) could place 5 on c1" {
		t.Errorf("hint %q", got)
	}
	won, _ := load(t, `{"pieces":[{"seat":0,"n":2,"at":"b2","dir":"E"},{"seat":0,"n":3,"at":"b3","dir":"E"},{"seat":0,"n":5,"at":"b4","dir":"E"}],
		"hands":[[1,4],[1,2,3,4,5]],"crown":0,"turn":0,"toMove":0}`, "1@e4", "1@b1")
	if got := ResultText(won.Frame(), won.Live().Outcome()); got != "Amber (Ana) wins: three in a row on the c-file" {
		t.Errorf("result %q", got)
	}
	// A forced pass says why; as the second placement, it sets off the
	// phase, whose pushes follow.
	full, _ := load(t, `{"pieces":[{"seat":1,"n":1,"at":"b2","dir":"N"},{"seat":1,"n":2,"at":"c2","dir":"N"},{"seat":1,"n":3,"at":"d2","dir":"N"},
		{"seat":1,"n":4,"at":"b4","dir":"S"},{"seat":1,"n":5,"at":"d4","dir":"S"}],"hands":[[1,2,3,4,5],[]],"crown":0,"turn":0,"toMove":0}`, "2@a3", "pass")
	if got := MoveText(full.Frame(), 1); got != "Blue (Ben) passes (all five pieces in play); Amber 2 pushes Blue 1; Blue 2 pushes Blue 1; Blue 4 pushes Amber 2" {
		t.Errorf("a pass: %q", got)
	}
}

// A 4's run names every piece it pushed, nearest first, and those it
// sent back to the hand.
func TestWordsOfARun(t *testing.T) {
	run := []games.Event{
		{Kind: game.EventAct, Seat: 0, Piece: 4, From: "a3"},
		{Kind: games.EventReturn, Seat: 1, Piece: 5, From: "e3", Note: "pushed off the play area"},
		{Kind: games.EventPush, Seat: 1, Piece: 2, From: "d3", To: "e3"},
		{Kind: games.EventMove, Seat: 0, Piece: 4, From: "a3", To: "b3"},
		{Kind: game.EventCrown, Seat: 1},
	}
	if got := pushesOf(run); len(got) != 1 || got[0] != "Amber 4 pushes Blue 2 and Blue 5, sending Blue 5 back" {
		t.Fatalf("%q", got)
	}
}
