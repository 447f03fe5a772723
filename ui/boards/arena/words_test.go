package arena

import (
	"testing"

	"github.com/tabulagames/tabula/games"
	"github.com/tabulagames/tabula/ui/session"
)

// Every action of the move list, the result and a hint name people and
// say what the action does, never the bare token (issue 10 item 8).
func TestActionsResultsAndHintsInWords(t *testing.T) {
	s := newSession(t, nil, nil, "move E", "face W", "place", "end", "place", "end")
	for i, want := range []string{"Ana steps east", "Ana turns west", "Ana places a bomb", "Ana ends the turn", "Ben places an ice block"} {
		if got := MoveText(s.Frame(), i); got != want {
			t.Errorf("action %d: %q, want %q", i+1, got, want)
		}
	}
	you := []games.SeatInfo{{Name: "You", Controller: "human"}, {Name: "Ben", Controller: "human"}}
	s = newSession(t, nil, &kickable, "kick", "face W")
	if got := MoveText(s.Frame(), 0); got != "Ana kicks the ice block" {
		t.Errorf("a kick: %q", got)
	}
	if got := HintText(s.Frame(), &session.Hint{Seat: 0, Token: "kick"}); got != "Ana could kick the bomb" {
		t.Errorf("a kick's hint: %q", got)
	}
	face := pic{rows: []string{"#######", "#.....#", "#.#.#.#", "#12...#", "#.#.#.#", "#.....#", "#######"}, actions: 5}
	if got := HintText(newSession(t, you, &face).Frame(), &session.Hint{Seat: 0, Token: "kick"}); got != "You could kick Ben" {
		t.Errorf("a kick at a player: %q", got)
	}
	s = newSession(t, nil, nil)
	for tok, want := range map[string]string{"move W": "Ana could step west", "face N": "Ana could turn north",
		"place": "Ana could place a bomb", "end": "Ana could end the turn"} {
		if got := HintText(s.Frame(), &session.Hint{Seat: 0, Token: tok}); got != want {
			t.Errorf("hint %q: %q, want %q", tok, got, want)
		}
	}
	if got := (&Board{}).HintText(newSession(t, you, nil).Frame(), &session.Hint{Seat: 0, Token: "move E"}); got != "You could step east" {
		t.Errorf("your hint: %q", got)
	}
	// Results: who won and how the other fell.
	for _, c := range []struct {
		seats []games.SeatInfo
		p     *pic
		toks  []string
		want  string
	}{
		{nil, &blast, []string{"end"}, "Ben wins: Ana was caught in a blast"},
		{you, &blast, []string{"end"}, "Ben wins: you were caught in a blast"},
		{you, &ko, []string{"kick"}, "You win: Ben was knocked out by ice"},
		{nil, &bothHit, []string{"end"}, "Draw: both players were hit"},
		{nil, &quiet, quietEnds(), "Draw: no one was hurt in 200 turns"},
	} {
		s := newSession(t, c.seats, c.p, c.toks...)
		if got := (&Board{}).ResultText(s.Frame(), s.Live().Outcome()); got != c.want {
			t.Errorf("result %q, want %q", got, c.want)
		}
	}
	// Two computers are told apart by their symbols.
	twins := []games.SeatInfo{{Name: "Computer", Controller: "human"}, {Name: "Computer", Controller: "human"}}
	if got := (&Board{}).MoveText(newSession(t, twins, nil, "end", "move W").Frame(), 1); got != "Computer (O) steps west" {
		t.Errorf("twins: %q", got)
	}
}

// A finished game's earlier position says the game is over, the reason
// no one may act (session.WhyNot), not "go back to the game to move".
func TestPastOfAFinishedGameSaysItIsOver(t *testing.T) {
	s := newSession(t, nil, &blast, "end")
	s.SetView(0)
	if m := loaded(s); m.Input || m.Blocked != games.ErrGameOver.Error() {
		t.Fatalf("a past position after the end: input %v, %q", m.Input, m.Blocked)
	}
}
