package session

import (
	"strings"
	"testing"
	"time"

	"github.com/tabulagames/tabula/ai"
	"github.com/tabulagames/tabula/games"
	"github.com/tabulagames/tabula/games/knights"
)

// fogSession is knightsSession with fog on.
func fogSession(t *testing.T, h *harness, seats []games.SeatInfo, bots map[string]ai.Bot) *Session {
	t.Helper()
	g, _ := games.Lookup("knights")
	rules, err := games.ValidateRules(g.RuleSpecs(), map[string]any{"players": float64(len(seats)), "fog": true})
	if err != nil {
		t.Fatal(err)
	}
	s, err := New(g, rules, 1, seats, nil, h.options(botsBy(bots)))
	if err != nil {
		t.Fatal(err)
	}
	s.BotDelay = 0
	return s
}

// After a turn that several people picked in secret, everyone at the
// device sees what it did until one of them presses Continue (issue 19
// item 3): no hand-over, nobody picks, and the board shows what no seat
// sees privately; Continue is published, and the hand-over comes.
func TestAJointTurnOfPeopleIsShownUntilContinue(t *testing.T) {
	for _, fog := range []bool{false, true} {
		h := newHarness(t)
		seats := []games.SeatInfo{human("Ana"), human("Bo")}
		s := knightsSession(t, h, seats, nil)
		if fog {
			s = fogSession(t, h, seats, nil)
		}
		changes := 0
		s.Subscribe(func(Change) { changes++ })
		if s.ShowingTurn() || s.Frame().ShowingTurn {
			t.Fatal("a turn is shown before any was played")
		}
		for _, pick := range []string{"c5", "f4"} {
			if seat, ok := s.HandOver(); ok {
				s.Reveal(seat)
			}
			if err := s.Submit(pick); err != nil {
				t.Fatal(err)
			}
		}
		f := s.Frame()
		if s.Plies() != 1 || !s.ShowingTurn() || !f.ShowingTurn {
			t.Fatalf("fog %v: after the turn, plies %d, showing %v", fog, s.Plies(), f.ShowingTurn)
		}
		if _, ok := s.HandOver(); ok || f.HandOver != -1 || f.Acting != -1 || f.DeviceSeat != -1 {
			t.Fatalf("fog %v: while the turn shows, hand-over %d, acting %d, device seat %d", fog, f.HandOver, f.Acting, f.DeviceSeat)
		}
		shown := f.Shown.(*knights.State)
		if sees := shown.KnightAt(0) != games.NoMove && shown.KnightAt(1) != games.NoMove; sees == fog || shown.Masked() != fog {
			t.Fatalf("fog %v: the shared screen shows the knights: %v (masked %v)", fog, sees, shown.Masked())
		}
		if err := s.Submit("a6"); err == nil || err.Error() != errShowingTurn.Error() || s.WhyNot() == nil {
			t.Fatalf("fog %v: a pick while the turn shows: %v", fog, err)
		}
		if err := s.Pick(0, "a6"); err == nil || s.Plies() != 1 || len(s.Pending()) != 2 {
			t.Fatalf("fog %v: Pick while the turn shows: %v, pending %v", fog, err, s.Pending())
		}
		before := changes
		s.Continue()
		if changes != before+1 || s.ShowingTurn() || s.Frame().ShowingTurn {
			t.Fatalf("fog %v: Continue published %d changes, showing %v", fog, changes-before, s.ShowingTurn())
		}
		if seat, ok := s.HandOver(); !ok || seat != 0 || s.WhyNot() != nil {
			t.Fatalf("fog %v: after Continue, hand-over to %d (%v), why not %v", fog, seat, ok, s.WhyNot())
		}
		s.Continue() // nothing to continue: no change
		if changes != before+1 {
			t.Fatalf("fog %v: a second Continue published a change", fog)
		}
	}
}

// The turn is shown only after several people picked in it, and only
// while the game goes on with their secret picks: alone against the
// computer the next pick opens at once, and so does a turn one person
// plays openly; the last turn gives way to the result; a game opened
// from a save does not show again the turn it was saved after.
func TestATurnIsShownOnlyToSeveralPeopleInAGameThatGoesOn(t *testing.T) {
	h := newHarness(t)
	alone := knightsSession(t, h, []games.SeatInfo{human("Ana"), bot("quick")}, map[string]ai.Bot{"quick": &scripted{}})
	alone.Start()
	h.until(func() bool { return len(alone.Pending()) == 1 })
	if err := alone.Submit("c5"); err != nil || alone.Plies() != 1 {
		t.Fatalf("Ana's pick: %v", err)
	}
	if alone.ShowingTurn() || alone.HumanToMove() != 0 {
		t.Fatalf("alone against the computer: showing %v, to move %d", alone.ShowingTurn(), alone.HumanToMove())
	}

	people := knightsSession(t, h, []games.SeatInfo{human("Ana"), human("Bo")}, nil)
	stall := []string{"d8,h4", "e6,f3", "c7,e5", "b5,g4", "c3,f2", "d5,h3", "f4,f4", "f4,f4", "f4,f4"}
	for i, tok := range stall {
		if i > 0 && !people.ShowingTurn() {
			t.Fatalf("turn %d is not shown", i)
		}
		people.Continue()
		for _, pick := range strings.Split(tok, ",") {
			if err := people.Submit(pick); err != nil {
				t.Fatal(err)
			}
		}
	}
	if !people.Live().Outcome().Over() || people.ShowingTurn() {
		t.Fatalf("the stall's last turn: over %v, showing %v", people.Live().Outcome().Over(), people.ShowingTurn())
	}

	// The toy's bids, picked by both, lead to one seat's open turn: no
	// hand-over follows, so the board shows that turn at once.
	toys := toySession(t, h, []games.SeatInfo{human("Ana"), human("Bo")}, nil)
	toys.Submit("1")
	toys.Submit("1")
	if toys.Plies() != 1 || toys.ShowingTurn() || toys.HumanToMove() < 0 {
		t.Fatalf("the bids before an open turn: plies %d, showing %v, to move %d", toys.Plies(), toys.ShowingTurn(), toys.HumanToMove())
	}

	g, _ := games.Lookup("knights")
	loaded, err := FromRecord(&games.Record{Game: g.ID(), Rules: map[string]any{"players": 2}, Seed: 1,
		Seats: []games.SeatInfo{human("Ana"), human("Bo")}, Moves: stall[:3]}, h.options(nil))
	if err != nil {
		t.Fatal(err)
	}
	if loaded.ShowingTurn() {
		t.Fatal("a game opened from a save shows its last turn again")
	}
	if seat, ok := loaded.HandOver(); !ok || seat != 0 {
		t.Fatalf("the opened game hands over to %d (%v)", seat, ok)
	}
}

// Undo takes back a turn that is shown (people alone may), and the turn
// played again is shown again; a look at an earlier position leaves the
// showing for when the game comes back.
func TestUndoAndLookingBackWhileATurnIsShown(t *testing.T) {
	h := newHarness(t)
	s := knightsSession(t, h, []games.SeatInfo{human("Ana"), human("Bo")}, nil)
	s.Submit("c5")
	s.Submit("f4")
	s.SetView(0)
	if s.ShowingTurn() || s.Frame().ShowingTurn {
		t.Fatal("an earlier position is drawn as the turn shown")
	}
	s.SetView(1)
	if !s.ShowingTurn() {
		t.Fatal("back at the game, the turn is no longer shown")
	}
	if err := s.Undo(); err != nil || s.Plies() != 0 || s.ShowingTurn() {
		t.Fatalf("undo of the shown turn: %v, plies %d, showing %v", err, s.Plies(), s.ShowingTurn())
	}
	s.Redo()
	if s.Plies() != 1 || !s.ShowingTurn() {
		t.Fatalf("redo: plies %d, showing %v", s.Plies(), s.ShowingTurn())
	}
	s.Continue()
	if err := s.Undo(); err != nil || s.Plies() != 0 {
		t.Fatal(err)
	}
	s.Submit("d6")
	s.Submit("e3")
	if !s.ShowingTurn() {
		t.Fatal("a turn played again after Continue and Undo is not shown")
	}
}

// While the turn shows, a bot may pick for the next one (its pick stays
// secret), but no person's countdown runs: it starts when the device is
// handed to them after Continue.
func TestNoCountdownWhileATurnIsShown(t *testing.T) {
	h := newHarness(t)
	s := knightsSession(t, h, []games.SeatInfo{human("Ana"), human("Bo"), bot("quick")}, map[string]ai.Bot{"quick": &scripted{}})
	s.PickTime = 10 * time.Second
	s.Start()
	h.until(func() bool { return len(s.Pending()) == 2 })
	for _, pick := range []string{"c5", "f4"} {
		if seat, ok := s.HandOver(); ok {
			s.Reveal(seat)
		}
		if err := s.Submit(pick); err != nil {
			t.Fatal(err)
		}
	}
	if s.Plies() != 1 || !s.ShowingTurn() {
		t.Fatalf("plies %d, showing %v", s.Plies(), s.ShowingTurn())
	}
	h.until(func() bool { return len(s.Pending()) == 2 }) // the bot picked again
	for seat := range 2 {
		if _, ok := s.PickLeft(seat); ok {
			t.Fatalf("seat %d's countdown runs while the turn is shown", seat)
		}
	}
	if !s.ShowingTurn() || s.Plies() != 1 {
		t.Fatal("the bot's pick ended the showing")
	}
	s.Continue()
	s.Reveal(0)
	if left, ok := s.PickLeft(0); !ok || left != 10*time.Second {
		t.Fatalf("after Continue and the hand-over, Ana's countdown: %v (%v)", left, ok)
	}
}
