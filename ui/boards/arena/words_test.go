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
	for i, want := range []string{"Ana steps east to c6", "Ana turns west", "Ana places a bomb on b6", "Ana ends the turn", "Ben places an ice block on e2"} {
		if got := MoveText(s.Frame(), i); got != want {
			t.Errorf("action %d: %q, want %q", i+1, got, want)
		}
	}
	you := []games.SeatInfo{{Name: "You", Controller: "human"}, {Name: "Ben", Controller: "human"}}
	s = newSession(t, nil, &kickable, "kick", "face W")
	if got := MoveText(s.Frame(), 0); got != "Ana kicks the ice block on d4 to f4" {
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
	// Two computers are told apart by their seats' colours.
	twins := []games.SeatInfo{{Name: "Computer", Controller: "human"}, {Name: "Computer", Controller: "human"}}
	if got := (&Board{}).MoveText(newSession(t, twins, nil, "end", "move W").Frame(), 1); got != "Computer (Blue) steps west to e2" {
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

// Every end of turn is told in the row of the action that ended it: the
// ice that melted away, the bombs that went off (by their timer or set
// off by another's blast) and whom and what they caught (issue 19 item
// 2); a place or a kick that spends the last action says the turn ends.
func TestEndsOfTurnAreTold(t *testing.T) {
	you := []games.SeatInfo{{Name: "You", Controller: "human"}, {Name: "Ben", Controller: "human"}}
	away := pic{rows: []string{"#######", "#1....#", "#.#.#.#", "#..B..#", "#.#.#.#", "#...2.#", "#######"},
		values: map[string]int{"d4": 1}, actions: 5}
	melt := pic{rows: []string{"#######", "#1....#", "#.#.#.#", "#.I.I.#", "#.#.#.#", "#...2.#", "#######"},
		values: map[string]int{"c4": 1, "e4": 1}, actions: 5}
	iceInBlast := pic{rows: []string{"#######", "#1....#", "#.#.#.#", "#.IBI.#", "#.#.#.#", "#.2...#", "#######"},
		values: map[string]int{"c4": 5, "d4": 1, "e4": 1}, actions: 1}
	for _, c := range []struct {
		seats []games.SeatInfo
		p     *pic
		toks  []string
		want  string
	}{
		{nil, &away, []string{"end"}, "Ana ends the turn. The bomb on d4 explodes: nobody is caught"},
		{nil, &melt, []string{"end"}, "Ana ends the turn. The ice blocks on c4 and e4 melt away"},
		{nil, &blast, []string{"end"}, "Ana ends the turn. The bomb on d4 explodes, setting off the bomb on d2: Ana is caught"},
		{you, &blast, []string{"end"}, "You end the turn. The bomb on d4 explodes, setting off the bomb on d2: you are caught"},
		{nil, &bothHit, []string{"end"}, "Ana ends the turn. The bomb on d4 explodes, setting off the bomb on d2: Ana and Ben are caught"},
		// Ana's last action: the turn ends; e4 melts away before the blast,
		// which destroys c4.
		{nil, &iceInBlast, []string{"move E"}, "Ana steps east to c6"},
		{nil, &iceInBlast, []string{"place"}, "Ana places a bomb on c6. The turn ends. The ice block on e4 melts away. " +
			"The bomb on d4 explodes: the ice block on c4 is destroyed"},
	} {
		s := newSession(t, c.seats, c.p, c.toks...)
		if got := MoveText(s.Frame(), len(c.toks)-1); got != c.want {
			t.Errorf("%q: %q, want %q", c.toks, got, c.want)
		}
	}
}

// A kick names what it kicked, where it went and what kicked ice hit,
// with the health left (issue 19 items 2 and 12).
func TestKicksAreTold(t *testing.T) {
	row := func(r string, values map[string]int, hp int) *pic {
		return &pic{rows: []string{"#######", "#.....#", "#.#.#.#", r, "#.#.#.#", "#.....#", "#######"},
			values: values, hp: [2]int{5, hp}, chars: [2]string{"freezer", "freezer"}, actions: 5}
	}
	for _, c := range []struct {
		p    *pic
		want string
	}{
		{row("#1I..2#", map[string]int{"c4": 3}, 5), "Ana kicks the ice block on c4 to e4: it hits Ben (health 4)"},
		{row("#1I..2#", map[string]int{"c4": 1}, 5), "Ana kicks the ice block on c4 to e4: it hits Ben (health 4) and breaks"},
		{row("#1I..2#", map[string]int{"c4": 3}, 1), "Ana kicks the ice block on c4 to e4: it knocks Ben out"},
		{row("#1I.I2#", map[string]int{"c4": 3, "e4": 1}, 5), "Ana kicks the ice block on c4 to d4: it breaks the ice block on e4"},
		{row("#1I.I2#", map[string]int{"c4": 3, "e4": 4}, 5), "Ana kicks the ice block on c4 to d4: it hits the ice block on e4 (health 3)"},
		{row("#1BI.2#", map[string]int{"c4": 3, "d4": 3}, 5), "Ana kicks the bomb on c4: the ice block on d4 slides to e4 and hits Ben (health 4)"},
		{row("#1B..2#", map[string]int{"c4": 3}, 5), "Ana kicks the bomb on c4 to e4"},
		{row("#12...#", nil, 5), "Ana kicks Ben from c4 to d4"},
	} {
		if got := MoveText(newSession(t, nil, c.p, "kick").Frame(), 0); got != c.want {
			t.Errorf("%s: %q, want %q", c.p.rows[3], got, c.want)
		}
	}
}
