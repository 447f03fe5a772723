package session

import (
	"strings"
	"testing"

	"github.com/tabulagames/tabula/games"
	"github.com/tabulagames/tabula/games/toy"
)

// remoteSession is a game whose seats in remote are played from another
// device, on the harness.
func remoteSession(t *testing.T, h *harness, id string, seats []games.SeatInfo, remote ...int) *Session {
	t.Helper()
	g, _ := games.Lookup(id)
	o := h.options(nil)
	o.Remote = remote
	rules := games.Defaults(g.RuleSpecs())
	if id == toy.ID {
		rules, _ = games.ValidateRules(g.RuleSpecs(), map[string]any{"players": float64(len(seats))})
	}
	s, err := New(g, rules, 1, seats, nil, o)
	if err != nil {
		t.Fatal(err)
	}
	return s
}

// A seat played from another device is neither this device's person nor
// a bot: nobody here may play it, no bot thinks for it, and its moves
// arrive through Deliver, checked by the same rules as a person's, and
// are published as any move is.
func TestRemoteSeatMovesArriveThroughDeliver(t *testing.T) {
	h := newHarness(t)
	s := remoteSession(t, h, "classic", []games.SeatInfo{human("Ana"), human("Ben")}, 1)
	var moved int
	s.Subscribe(func(c Change) {
		if c.Moved {
			moved++
		}
	})
	if s.DriverOf(0) != PersonHere || s.DriverOf(1) != Remote {
		t.Fatalf("drivers %v %v", s.DriverOf(0), s.DriverOf(1))
	}
	if err := s.Deliver(1, "a1"); err == nil || !strings.Contains(err.Error(), "not Ben's turn") {
		t.Fatalf("Ben's move out of turn: %v", err)
	}
	if err := s.Deliver(0, "a1"); err == nil {
		t.Fatal("a move for Ana's seat came from elsewhere")
	}
	if err := s.Submit("b2"); err != nil {
		t.Fatal(err)
	}
	s.Start()
	if len(s.Thinking()) != 0 || s.HumanToMove() != -1 {
		t.Fatalf("while Ben is to move: thinking %v, person here %d", s.Thinking(), s.HumanToMove())
	}
	if err := s.WhyNot(); err == nil || err.Error() != "Waiting for Ben to move on another device." {
		t.Fatalf("why Ana cannot move: %v", err)
	}
	if err := s.Submit("a1"); err == nil {
		t.Fatal("Ana played Ben's move")
	}
	if err := s.Deliver(1, "b2"); err == nil || s.Plies() != 1 {
		t.Fatalf("an illegal move from elsewhere: %v, %d tokens", err, s.Plies())
	}
	if err := s.Deliver(1, "a1"); err != nil || s.Plies() != 2 || moved != 2 {
		t.Fatalf("Ben's move: %v, %d tokens, %d published", err, s.Plies(), moved)
	}
	if err := s.Undo(); err == nil || !strings.Contains(err.Error(), "another device") || s.Plies() != 2 {
		t.Fatalf("undo with someone elsewhere: %v, %d tokens", err, s.Plies())
	}
	o := h.options(nil)
	o.Remote = []int{1}
	if _, err := New(s.Game, s.Rules, 1, []games.SeatInfo{human("Ana"), bot("easy")}, nil, o); err == nil {
		t.Fatal("a bot's seat was played from another device")
	}
}

// In a turn picked in secret, a pick from elsewhere is kept secret like a
// bot's: the person here picks without seeing it, and the joint move is
// played when both are in, whichever came first.
func TestRemotePickStaysSecretUntilTheTurnResolves(t *testing.T) {
	h := newHarness(t)
	toy.Register()
	s := remoteSession(t, h, toy.ID, []games.SeatInfo{human("Ana"), human("Bo")}, 1)
	if err := s.Deliver(1, "3"); err != nil {
		t.Fatal(err)
	}
	if s.Plies() != 0 || s.HumanToMove() != 0 || s.HumansAtOnce() != 1 {
		t.Fatalf("after Bo's pick: %d tokens, person here %d, %d people here", s.Plies(), s.HumanToMove(), s.HumansAtOnce())
	}
	if _, waiting := s.HandOver(); waiting {
		t.Fatal("a hand-over for one person at the device")
	}
	if err := s.Deliver(1, "2"); err == nil {
		t.Fatal("Bo picked twice")
	}
	if err := s.Submit("1"); err != nil {
		t.Fatal(err)
	}
	if s.Plies() != 1 || s.Tokens()[0] != "1,3" {
		t.Fatalf("joint move %v, want [1,3]", s.Tokens())
	}
}
