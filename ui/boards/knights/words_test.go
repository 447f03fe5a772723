package knights

import (
	"encoding/json"
	"testing"

	"github.com/tabulagames/tabula/games"
	game "github.com/tabulagames/tabula/games/knights"
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

// stallGame (standard starts, which follow from no seed): from b7 and g2 both knights reach squares a jump from f4,
// then aim at f4 three turns running, and the stall rule ends the game.
var stallGame = []string{"d8,h4", "e6,f3", "c7,e5", "b5,g4", "c3,f2", "d5,h3", "f4,f4", "f4,f4", "f4,f4"}

// A collision is told from what the turn did, not as two jumps to the
// same square (issue 19 item 1); the turn the stall rule ends says so.
func TestACollisionIsToldAsABounce(t *testing.T) {
	you := games.SeatInfo{Name: "You", Controller: "human"}
	s := replayed(t, []games.SeatInfo{you, computer}, map[string]any{}, stallGame...)
	f := s.Frame()
	if got, want := JointMoveText(f, 6, -2), "You and Computer both tried f4 and bounced back"; got != want {
		t.Errorf("the first bounce reads %q, want %q", got, want)
	}
	if got, want := JointMoveText(f, 8, -2), "You and Computer both tried f4 and bounced back; no knight has jumped for three turns, so the squares decide"; got != want {
		t.Errorf("the turn that ends the game reads %q, want %q", got, want)
	}
	if got, want := JointMoveText(f, 5, -2), "You jump to d5; Computer jumps to h3"; got != want {
		t.Errorf("a turn of jumps reads %q, want %q", got, want)
	}
}

// Under fog a seat in the collision is told who it bounced off (they all
// stand in its sight); of the others only what the public scores tell:
// that a knight bounced back, not where it aimed or off whom.
func TestACollisionUnderFogTellsOnlyWhatTheSeatSees(t *testing.T) {
	s := replayed(t, []games.SeatInfo{ana, ben}, map[string]any{"fog": true}, stallGame[:7]...)
	f := s.Frame()
	for shown, want := range map[int]string{
		-2: "Ana and Ben both tried f4 and bounced back",
		0:  "Ana and Ben both tried f4 and bounced back",
		1:  "Ana and Ben both tried f4 and bounced back",
		-1: "Ana bounced back out of sight; Ben bounced back out of sight",
	} {
		if got := JointMoveText(f, 6, shown); got != want {
			t.Errorf("shown %d: %q, want %q", shown, got, want)
		}
	}
	// Three knights from b7, g2 and g7: Ana and Ben aim at e6, Cy jumps to
	// c7, in the sight of Ana's d8 and Ben's f4 (two jumps): their lists
	// say where, as their boards show it.
	s = replayed(t, []games.SeatInfo{ana, ben, cy}, map[string]any{"fog": true}, "d8,f4,e8", "e6,e6,c7")
	f = s.Frame()
	for shown, want := range map[int]string{
		-2: "Ana and Ben both tried e6 and bounced back; Cy jumps to c7",
		0:  "Ana and Ben both tried e6 and bounced back; Cy jumps to c7",
		1:  "Ana and Ben both tried e6 and bounced back; Cy jumps to c7",
		2:  "Ana bounced back out of sight; Ben bounced back out of sight; Cy jumps to c7",
		-1: "Ana bounced back out of sight; Ben bounced back out of sight; Cy jumps out of sight",
	} {
		if got := JointMoveText(f, 1, shown); got != want {
			t.Errorf("three knights, shown %d: %q, want %q", shown, got, want)
		}
	}
}

// A knight that goes out is told in the turn that put it out.
func TestAKnightOutIsTold(t *testing.T) {
	moves := []string{"d6,e1", "b5,f3", "c3,h4", "a4,g6", "c5,e7", "d7,f5", "f6,e3", "g4,c2", "h2,d4", "f1,c6", "g3,e5",
		"e2,d3", "g1,f4", "h3,h3", "h3,h3", "h3,e6", "f2,g7", "e4,e8", "g5,c7", "f7,a8", "h8,b6"}
	s := replayed(t, []games.SeatInfo{ana, ben}, map[string]any{}, moves...)
	if got, want := JointMoveText(s.Frame(), len(moves)-1, -2), "Ana jumps to h8; Ben jumps to b6; Ana is out with 20 squares"; got != want {
		t.Errorf("the last turn reads %q, want %q", got, want)
	}
}

// Under fog a seat's move list tells another knight's jump as that seat
// saw it: when the knight landed in its sight, where (the replay of
// issue 19: Ana's list said "Cy jumps out of sight" while her note said
// "Rose (Cy) to e7" and her board showed Cy on e7).
func TestAJumpIntoSightIsToldWhere(t *testing.T) {
	s := replayed(t, []games.SeatInfo{ana, ben, cy}, map[string]any{"fog": true}, "d6,e3,f5", "c4,c4,e7")
	f := s.Frame()
	st := f.StateAt(2).(*game.State).View(0).(*game.State)
	if st.Unseen(st.SquareAt(4, 6)) {
		t.Fatal("the set-up is wrong: Ana does not see e7")
	}
	if got, want := JointMoveText(f, 1, 0), "Ana and Ben both tried c4 and bounced back; Cy jumps to e7"; got != want {
		t.Errorf("Ana's list reads %q, want %q", got, want)
	}
	if got, want := JointMoveText(f, 1, -1), "Ana bounced back out of sight; Ben bounced back out of sight; Cy jumps out of sight"; got != want {
		t.Errorf("the shared screen reads %q, want %q", got, want)
	}
}

// A game followed by the seat's views (online under fog) holds only the
// events the seat saw: a knight that jumped wholly out of sight is told
// from the public scores, and a turn the device was away for
// (game.EventUnseen) tells only its own pick.
func TestViewTurnInWords(t *testing.T) {
	rules, _ := games.ValidateRules(game.Game{}.RuleSpecs(), map[string]any{"fog": true, "size": 8})
	pos := func(board []string, scores []int) *game.State {
		data, _ := json.Marshal(map[string]any{"board": board, "scores": scores, "alive": []bool{true, true}, "turn": scores[0] - 1})
		v, err := game.FromView(game.ViewInfo{Rules: rules, Seat: 0, Position: data, Masked: true})
		if err != nil {
			t.Fatal(err)
		}
		return v
	}
	empty := "........"
	start := pos([]string{empty, ".A......", empty, empty, empty, empty, "......B.", empty}, []int{1, 1})
	s, err := session.NewFollowing(game.Game{}, rules, start, []games.SeatInfo{ana, ben}, session.Options{Post: func(func()) {}})
	if err != nil {
		t.Fatal(err)
	}
	// Ana jumps b7-c5 (in her sight); Ben's knight jumps out of it.
	after := pos([]string{empty, ".a......", "..A.....", empty, empty, empty, empty, empty}, []int{2, 2})
	events := []games.Event{{Kind: games.EventMove, Seat: 0, From: "b7", To: "c5", Value: 2}, {Kind: game.EventBurn, Seat: 0, From: "b7"}}
	if err := s.FollowView("c5,?", after, events); err != nil {
		t.Fatal(err)
	}
	for _, shown := range []int{0, -2} { // the move list of a view tells all it holds (-2)
		if got, want := JointMoveText(s.Frame(), 0, shown), "Ana jumps to c5; Ben jumps out of sight"; got != want {
			t.Errorf("shown %d: a turn seen in part: %q, want %q", shown, got, want)
		}
	}
	// A turn the device was away for: its own pick only.
	if err := s.FollowView("d7,?", after, []games.Event{{Kind: game.EventUnseen, Seat: 0, To: "d7"}, {Kind: game.EventUnseen, Seat: 1}}); err != nil {
		t.Fatal(err)
	}
	if got, want := JointMoveText(s.Frame(), 1, 0), "Ana picks d7; Ben's move is out of sight"; got != want {
		t.Errorf("a turn the device was away for: %q, want %q", got, want)
	}
	// A collision as Ana's view holds it: her aim, not Ben's (his knight
	// stood in her sight and stayed).
	bounce := []games.Event{{Kind: games.EventCollision, Seat: 0, From: "c5", To: "d3"}, {Kind: games.EventCollision, Seat: 1, From: "e4"}}
	if err := s.FollowView("d3,?", after, bounce); err != nil {
		t.Fatal(err)
	}
	for _, shown := range []int{0, -2} {
		if got, want := JointMoveText(s.Frame(), 2, shown), "Ana tried d3 and bounced back; Ben bounced back"; got != want {
			t.Errorf("shown %d: a collision in a view: %q, want %q", shown, got, want)
		}
	}
}
