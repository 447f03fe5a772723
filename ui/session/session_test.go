package session

import (
	"context"
	"strings"
	"testing"
	"time"

	"github.com/tabulagames/tabula/ai"
	"github.com/tabulagames/tabula/games"
	_ "github.com/tabulagames/tabula/games/all"
	"github.com/tabulagames/tabula/games/toy"
)

func classicSession(t *testing.T, h *harness, seats []games.SeatInfo, bots map[string]ai.Bot) *Session {
	t.Helper()
	g, _ := games.Lookup("classic")
	s, err := New(g, games.Defaults(g.RuleSpecs()), 1, seats, nil, h.options(botsBy(bots)))
	if err != nil {
		t.Fatal(err)
	}
	return s
}

func toySession(t *testing.T, h *harness, seats []games.SeatInfo, bots map[string]ai.Bot) *Session {
	t.Helper()
	toy.Register()
	g, _ := games.Lookup(toy.ID)
	rules, err := games.ValidateRules(g.RuleSpecs(), map[string]any{"players": float64(len(seats))})
	if err != nil {
		t.Fatal(err)
	}
	s, err := New(g, rules, 5, seats, nil, h.options(botsBy(bots)))
	if err != nil {
		t.Fatal(err)
	}
	return s
}

// The audit's first hang: a bot in the first seat that thinks longer than
// the bot delay before any person has moved waited about 292 years
// (delay - time.Since(zero time) wrapped around).
func TestFirstMoverBotThatThinksLongMoves(t *testing.T) {
	h := newHarness(t)
	slow := &scripted{think: func(context.Context, ai.Decision) { h.clock.Advance(2400 * time.Millisecond) }}
	s := classicSession(t, h, []games.SeatInfo{bot("slow"), human("Ana")}, map[string]ai.Bot{"slow": slow})
	s.Start()
	h.until(func() bool { return s.Plies() == 1 })
	for _, w := range h.waits {
		if w > s.BotDelay {
			t.Errorf("the first move waited %v, more than the bot delay %v", w, s.BotDelay)
		}
	}
	if s.HumanToMove() != 1 {
		t.Errorf("after the bot's first move the person should be to move, got seat %d", s.HumanToMove())
	}
}

func TestWaitNeverWrapsAround(t *testing.T) {
	c := newFakeClock()
	cases := []struct {
		since time.Time
		want  time.Duration
	}{
		{time.Time{}, 0},                  // nothing played yet
		{c.Now(), 400 * time.Millisecond}, // just played
		{c.Now().Add(-time.Second), 0},    // long enough ago
		{c.Now().Add(-100 * time.Millisecond), 300 * time.Millisecond},
		{c.Now().Add(time.Hour), 400 * time.Millisecond}, // the clock went back
		{time.Date(1, 1, 1, 0, 0, 0, 1, time.UTC), 0},    // saturating subtraction
	}
	for _, tc := range cases {
		if got := wait(c, tc.since, 400*time.Millisecond); got != tc.want {
			t.Errorf("wait(since %v) = %v, want %v", tc.since, got, tc.want)
		}
	}
}

func TestBotAnswerWaitsTheDelayAfterAPersonsMove(t *testing.T) {
	h := newHarness(t)
	s := classicSession(t, h, []games.SeatInfo{human("Ana"), bot("quick")}, map[string]ai.Bot{"quick": &scripted{}})
	s.BotDelay = 400 * time.Millisecond
	if err := s.Submit("b2"); err != nil {
		t.Fatal(err)
	}
	h.until(func() bool { return s.Plies() == 2 })
	if len(h.waits) != 1 || h.waits[0] != 400*time.Millisecond {
		t.Errorf("the bot's answer should wait the whole delay once; waits %v", h.waits)
	}
}

// An answer posted for a position that Undo took back is dropped: the
// answer is queued, Undo runs first, then the answer arrives.
func TestStaleBotAnswerIsDropped(t *testing.T) {
	h := newHarness(t)
	s := classicSession(t, h, []games.SeatInfo{human("Ana"), bot("quick")}, map[string]ai.Bot{"quick": &scripted{}})
	s.BotDelay = 0
	if err := s.Submit("a1"); err != nil {
		t.Fatal(err)
	}
	answer := h.queued()
	s.Undo()
	if s.Plies() != 0 {
		t.Fatalf("undo should take back Ana's move, %d plies left", s.Plies())
	}
	answer() // the stale answer: dropped
	if s.Plies() != 0 || s.HumanToMove() != 0 {
		t.Errorf("a stale answer changed the game: plies %d, to move %d", s.Plies(), s.HumanToMove())
	}
}

func TestUndoTakesBackThePersonsMoveAndTheReply(t *testing.T) {
	h := newHarness(t)
	s := classicSession(t, h, []games.SeatInfo{human("Ana"), bot("quick")}, map[string]ai.Bot{"quick": &scripted{}})
	s.Submit("b2")
	h.until(func() bool { return s.Plies() == 2 })
	s.Undo()
	if s.Plies() != 0 || s.HumanToMove() != 0 || !s.CanRedo() {
		t.Fatalf("after undo: plies %d, to move %d, redo %v", s.Plies(), s.HumanToMove(), s.CanRedo())
	}
	s.Redo()
	if got := strings.Join(s.Tokens(), " "); got != "b2 a1" {
		t.Errorf("redo gave %q, want the same two moves", got)
	}
}

// ---- simultaneous turns (the toy game's bids) ----

func TestSimultaneousPicksStaySecretUntilEverySeatPicked(t *testing.T) {
	h := newHarness(t)
	spy := &scripted{}
	s := toySession(t, h, []games.SeatInfo{human("Ana"), human("Bo"), bot("spy")}, map[string]ai.Bot{"spy": spy})
	s.BotDelay = 0
	s.Start()
	h.until(func() bool { return len(s.Thinking()) == 0 }) // the bot has picked, in secret
	if s.Plies() != 0 {
		t.Fatal("the bot's pick was revealed before the people picked")
	}
	if got := s.Pending(); len(got) != 2 || got[0] != 0 || got[1] != 1 {
		t.Fatalf("pending seats %v, want [0 1]", got)
	}
	if s.HumanToMove() != 0 || s.HumansAtOnce() != 2 {
		t.Fatalf("Ana picks first: to move %d, people at once %d", s.HumanToMove(), s.HumansAtOnce())
	}
	if err := s.Submit("2"); err != nil {
		t.Fatal(err)
	}
	if s.Plies() != 0 || s.HumanToMove() != 1 {
		t.Fatalf("after Ana's pick: plies %d, next picker %d", s.Plies(), s.HumanToMove())
	}
	if err := s.Pick(0, "3"); err == nil {
		t.Error("Ana picked twice")
	}
	if err := s.Pick(1, "9"); err == nil {
		t.Error("an illegal pick was taken")
	}
	if err := s.Pick(1, "2"); err != nil {
		t.Fatal(err)
	}
	if s.Plies() != 1 || s.Tokens()[0] != "2,2,1" {
		t.Fatalf("the joint move: %v, want [2,2,1]", s.Tokens())
	}
	// The bot was asked once, on the turn's start, and saw only its own card.
	views := spy.views()
	if len(views) != 1 {
		t.Fatalf("the bot was asked %d times", len(views))
	}
	v := views[0].(*toy.State)
	if v.Card(0) != toy.Hidden || v.Card(1) != toy.Hidden || v.Card(2) == toy.Hidden {
		t.Errorf("the bot saw cards %d %d %d; only its own should show", v.Card(0), v.Card(1), v.Card(2))
	}
}

func TestUndoNeverLeavesASimultaneousTurnHalfPicked(t *testing.T) {
	h := newHarness(t)
	s := toySession(t, h, []games.SeatInfo{human("Ana"), human("Bo"), bot("quick")}, map[string]ai.Bot{"quick": &scripted{}})
	s.BotDelay = 0
	s.Start()
	s.Submit("3")
	if !s.CanUndo() {
		t.Fatal("a pick should be undoable")
	}
	s.Undo()
	if s.HumanToMove() != 0 || len(s.Pending()) < 2 || s.Plies() != 0 {
		t.Fatalf("after undo: to move %d, pending %v, plies %d", s.HumanToMove(), s.Pending(), s.Plies())
	}
	s.Submit("1")
	s.Submit("1")
	h.until(func() bool { return s.Plies() == 1 })
	if s.Tokens()[0] != "1,1,1" {
		t.Fatalf("joint move %q", s.Tokens()[0])
	}
	// Ana leads the act turn; one action, then undo takes back that action only.
	s.Submit("step")
	if s.Plies() != 2 || !games.MidTurn(s.Live()) {
		t.Fatalf("after a step: plies %d, mid-turn %v", s.Plies(), games.MidTurn(s.Live()))
	}
	s.Undo()
	if s.Plies() != 1 || s.HumanToMove() != 0 {
		t.Fatalf("undo mid-turn should take back one action: plies %d", s.Plies())
	}
	// A whole turn (step, end) then undo takes it all back, and the bids.
	s.Submit("step")
	s.Submit("end")
	if s.Plies() != 3 {
		t.Fatalf("plies %d", s.Plies())
	}
	s.Undo()
	if s.Plies() != 1 || games.MidTurn(s.Live()) || s.HumanToMove() != 0 {
		t.Fatalf("undo of a whole turn: plies %d, mid-turn %v, to move %d", s.Plies(), games.MidTurn(s.Live()), s.HumanToMove())
	}
}

// knightsSession is a knights game (seed 1: standard starts, b7 and g2 on
// 8 x 8) with the given seats.
func knightsSession(t *testing.T, h *harness, seats []games.SeatInfo, bots map[string]ai.Bot) *Session {
	t.Helper()
	g, _ := games.Lookup("knights")
	rules, err := games.ValidateRules(g.RuleSpecs(), map[string]any{"players": float64(len(seats))})
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

// Against the computer a knights turn cannot be taken back: the bot would
// pick the same square again and the person would know it before picking
// (knights 11). Undo refuses in words, changes nothing and leaves nothing
// to redo. The person's own pick in the turn now running, made before the
// bot's, can still be taken back: nothing of the bot's was shown.
func TestUndoNeverShowsABotsSecretPick(t *testing.T) {
	h := newHarness(t)
	s := knightsSession(t, h, []games.SeatInfo{human("Ana"), bot("quick")}, map[string]ai.Bot{"quick": &scripted{}})
	s.Start()
	h.until(func() bool { return len(s.Pending()) == 1 }) // the bot has picked
	if err := s.Submit("c5"); err != nil || s.Plies() != 1 {
		t.Fatalf("Ana's pick: %v, plies %d", err, s.Plies())
	}
	before := s.Live().Hash()
	if s.CanUndo() {
		t.Error("Undo is offered after a turn against the computer")
	}
	err := s.Undo()
	if s.Plies() != 1 || s.Live().Hash() != before || s.CanRedo() {
		t.Fatalf("Undo took back a turn against the computer: plies %d, redo %v", s.Plies(), s.CanRedo())
	}
	want := "Turns cannot be taken back against the computer in Knights: you would know its pick before you choose again."
	if err == nil || err.Error() != want || s.WhyNoUndo() == nil {
		t.Fatalf("Undo said %v, want %q", err, want)
	}
	// Ana picks before the bot has answered: her pick can be taken back.
	if err := s.Submit("d7"); err != nil {
		t.Fatal(err)
	}
	if !s.CanUndo() {
		t.Fatal("Ana's own pick cannot be taken back")
	}
	if err := s.Undo(); err != nil || s.Plies() != 1 || s.HumanToMove() != 0 {
		t.Fatalf("taking back Ana's pick: %v, plies %d, to move %d", err, s.Plies(), s.HumanToMove())
	}
	h.until(func() bool { return len(s.Pending()) == 1 })
	if err := s.Submit("a6"); err != nil || s.Plies() != 2 {
		t.Fatalf("Ana's pick again: %v, plies %d", err, s.Plies())
	}
	if err := s.Undo(); err == nil || s.Plies() != 2 {
		t.Fatalf("the second turn was taken back: %v, plies %d", err, s.Plies())
	}
}

// Knights among people keeps whole-turn Undo and Redo, and a game of bots
// alone may still go back a turn: nobody picks against them.
func TestKnightsUndoWithoutAPersonAgainstTheComputer(t *testing.T) {
	h := newHarness(t)
	s := knightsSession(t, h, []games.SeatInfo{human("Ana"), human("Bo")}, nil)
	s.Submit("c5")
	s.Submit("f4")
	if err := s.Undo(); err != nil || s.Plies() != 0 || !s.CanRedo() {
		t.Fatalf("people's undo: %v, plies %d, redo %v", err, s.Plies(), s.CanRedo())
	}
	s.Redo()
	if got := strings.Join(s.Tokens(), " "); got != "c5,f4" {
		t.Fatalf("redo gave %q", got)
	}
	bots := knightsSession(t, h, []games.SeatInfo{bot("a"), bot("b")}, map[string]ai.Bot{"a": &scripted{}, "b": &scripted{}})
	bots.AutoDelay = 0
	bots.Start()
	h.until(func() bool { return bots.Plies() == 1 })
	if err := bots.Undo(); err != nil || bots.Plies() != 0 || !bots.Paused {
		t.Fatalf("bots' undo: %v, plies %d, paused %v", err, bots.Plies(), bots.Paused)
	}
}

// ---- multi-action turns ----

func TestABotsPlanIsPlayedTokenByTokenWithItsPauses(t *testing.T) {
	h := newHarness(t)
	plan := &planner{scripted: scripted{plan: []string{"step", "end"}}}
	bids := &scripted{}
	// Seat 0 leads round 0: the planner; the bids of every seat are bots too.
	s := toySession(t, h, []games.SeatInfo{bot("plan"), bot("bids")}, map[string]ai.Bot{"plan": plan, "bids": bids})
	s.AutoDelay = time.Second
	s.TokenDelay = func(tok string) time.Duration {
		if tok == "end" {
			return 250 * time.Millisecond
		}
		return 500 * time.Millisecond
	}
	s.Start()
	h.until(func() bool { return s.Plies() >= 3 })
	if got := strings.Join(s.Tokens()[1:3], " "); got != "step end" {
		t.Fatalf("the plan was played as %q", got)
	}
	// The bids wait the auto delay... (none before the first: nothing to follow),
	// the plan's first token follows the bids by a second, its second by 250 ms.
	want := []time.Duration{time.Second, 250 * time.Millisecond}
	if len(h.waits) < 2 || h.waits[0] != want[0] || h.waits[1] != want[1] {
		t.Errorf("pauses %v, want %v first", h.waits, want)
	}
	if plan.plans != 1 {
		t.Errorf("the planner was asked %d times for one turn", plan.plans)
	}
}

func TestPickTimerPicksTheFirstLegalMove(t *testing.T) {
	h := newHarness(t)
	s := toySession(t, h, []games.SeatInfo{human("Ana"), human("Bo")}, nil)
	s.PickTime = 30 * time.Second
	s.OpenPick(0)
	h.until(func() bool { return s.HumanToMove() == 1 })
	if h.waits[0] != 30*time.Second {
		t.Fatalf("waits %v, want the pick time first", h.waits)
	}
	s.OpenPick(1)
	s.Pick(1, "3") // in time: the timer, when it fires, does nothing
	h.step()
	if s.Plies() != 1 || s.Tokens()[0] != "1,3" {
		t.Fatalf("joint move %v, want [1,3]", s.Tokens())
	}
}

// The countdown a board shows runs on the session's clock from OpenPick,
// and stops showing once the seat has picked or the pick was undone.
func TestPickLeftFollowsTheCountdown(t *testing.T) {
	h := newHarness(t)
	s := toySession(t, h, []games.SeatInfo{human("Ana"), human("Bo")}, nil)
	if _, ok := s.PickLeft(0); ok {
		t.Fatal("a countdown shows without a timer")
	}
	s.PickTime = 20 * time.Second
	s.OpenPick(0)
	<-h.clock.timers // the countdown's own timer: left to run out later
	h.clock.Advance(5 * time.Second)
	if left, ok := s.PickLeft(0); !ok || left != 15*time.Second {
		t.Fatalf("after 5 s: %v left (%v), want 15 s", left, ok)
	}
	if _, ok := s.PickLeft(1); ok {
		t.Fatal("Bo has a countdown before his pick opened")
	}
	s.Submit("1")
	if _, ok := s.PickLeft(0); ok {
		t.Fatal("Ana's countdown still shows after her pick")
	}
	s.Undo()
	if _, ok := s.PickLeft(0); ok {
		t.Fatal("an undone pick shows the old countdown")
	}
	s.OpenPick(0)
	if left, ok := s.PickLeft(0); !ok || left != 20*time.Second {
		t.Fatalf("a pick opened again: %v left (%v), want a fresh 20 s", left, ok)
	}
}

// The device shows the view of the person acting, else of the only
// person at the table, else nobody's.
func TestDeviceSeat(t *testing.T) {
	h := newHarness(t)
	alone := toySession(t, h, []games.SeatInfo{bot("a"), human("Ana")}, map[string]ai.Bot{"a": &scripted{}})
	if alone.DeviceSeat() != 1 {
		t.Fatalf("one person at seat 1: device seat %d", alone.DeviceSeat())
	}
	two := toySession(t, h, []games.SeatInfo{human("Ana"), human("Bo")}, nil)
	if two.DeviceSeat() != 0 {
		t.Fatalf("Ana picks first: device seat %d", two.DeviceSeat())
	}
	two.Submit("1")
	if two.DeviceSeat() != 1 {
		t.Fatalf("Bo picks next: device seat %d", two.DeviceSeat())
	}
	two.Submit("1")
	two.SetView(0)
	if two.DeviceSeat() != -1 {
		t.Fatalf("two people looking back: device seat %d, want nobody's", two.DeviceSeat())
	}
}

// ---- hints ----

func TestHintIsCancelledAndNeverStartedTwice(t *testing.T) {
	h := newHarness(t)
	started := make(chan context.Context, 4)
	slow := &scripted{think: func(ctx context.Context, _ ai.Decision) {
		started <- ctx
		<-ctx.Done()
	}}
	g, _ := games.Lookup("classic")
	s, err := New(g, games.Defaults(g.RuleSpecs()), 1, []games.SeatInfo{human("Ana"), human("Bo")}, nil,
		h.options(func(game, name string, o ai.Options) (ai.Bot, error) { return slow, nil }))
	if err != nil {
		t.Fatal(err)
	}
	s.AskHint(nil)
	s.AskHint(nil)
	ctx := <-started
	if !s.HintThinking() {
		t.Fatal("the hint should be thinking")
	}
	select {
	case <-started:
		t.Fatal("a second click started a second hint bot")
	default:
	}
	s.Stop()
	select {
	case <-ctx.Done():
	case <-time.After(10 * time.Second):
		t.Fatal("leaving did not cancel the hint")
	}
	if s.HintThinking() {
		t.Error("the hint still counts as thinking after Stop")
	}
}

// TestHintAsksTheHintBotWithinASecond: a hint is the hint bot's move
// (ai.HintBot: alcazar's expert held to a lighter node budget), capped
// under a second on a busy device, not the strongest bot's full search
// (which took about 3 s on two cores).
func TestHintAsksTheHintBotWithinASecond(t *testing.T) {
	h := newHarness(t)
	g, _ := games.Lookup("alcazar")
	var asked []ai.Options
	var names []string
	newBot := func(game, name string, o ai.Options) (ai.Bot, error) {
		names, asked = append(names, name), append(asked, o)
		return ai.Random{}, nil
	}
	s, err := New(g, games.Defaults(g.RuleSpecs()), 1, []games.SeatInfo{human("Ana"), human("Bo")}, nil, h.options(newBot))
	if err != nil {
		t.Fatal(err)
	}
	var hint *Hint
	s.AskHint(func(got *Hint) { hint = got })
	for hint == nil {
		h.step()
	}
	name, nodes := ai.HintBot("alcazar")
	if len(asked) != 1 || names[0] != name || asked[0].Nodes != nodes {
		t.Fatalf("the hint asked %v with %+v, want %s with %d nodes", names, asked, name, nodes)
	}
	if nodes == 0 {
		t.Error("alcazar's hint bot should have a lighter budget than its own")
	}
	if asked[0].Time <= 0 || asked[0].Time >= time.Second {
		t.Errorf("the hint's time cap is %v, want under a second", asked[0].Time)
	}
}

// A saved game whose bots draw from the game's own stream continues
// exactly as it would have: the session's game equals the match tool's
// (which keeps one running stream), and loaded after any turn the bots
// make the same decisions again.
func TestLoadedGameContinuesTheGameStream(t *testing.T) {
	seats := []games.SeatInfo{bot("session-dice"), bot("session-dice"), bot("session-dice")}
	play := func(s *Session, h *harness) string {
		s.AutoDelay = 0
		s.Start()
		h.until(func() bool { return s.Live().Outcome().Over() })
		return strings.Join(s.Tokens(), " ")
	}
	h := newHarness(t)
	s := toySession(t, h, seats, nil)
	got := play(s, h)

	st, _ := s.Game.New(games.Config{Rules: s.Rules, Seed: s.Seed})
	gr, err := ai.PlayGame(context.Background(), st, s.Seed, []ai.Bot{dice{}, dice{}, dice{}}, 100)
	if err != nil {
		t.Fatal(err)
	}
	if want := strings.Join(gr.Moves, " "); got != want {
		t.Fatalf("the session played\n%s\nthe match tool\n%s", got, want)
	}
	full := s.Record()
	for k := 0; k < len(full.Moves); k++ {
		rec := *full
		rec.Moves = full.Moves[:k]
		h2 := newHarness(t)
		s2, err := FromRecord(&rec, h2.options(nil))
		if err != nil {
			t.Fatal(err)
		}
		if again := play(s2, h2); again != got {
			t.Fatalf("loaded after %d turns the game went\n%s\ninstead of\n%s", k, again, got)
		}
	}
}

// The registry is read by bots thinking in goroutines: register before
// any test starts them.
func init() {
	toy.Register()
	ai.Register(ai.Spec{Game: toy.ID, Name: "session-dice", GameStream: true, New: func(ai.Options) ai.Bot { return dice{} }})
}

// dice bids what the game's stream draws.
type dice struct{}

func (dice) Choose(ctx context.Context, st games.State, seat int) (games.Move, error) {
	return games.NoMove, nil
}

func (dice) Decide(ctx context.Context, d ai.Decision) (games.Move, error) {
	if len(d.View.Legal(d.Seat)) == 2 {
		return toy.Step, nil
	}
	return games.Move(d.Stream.Pick(3) + 1), nil
}

// Several people picking in one turn on one device: the board is hidden
// until the device is handed over, then shows only that seat's view; the
// next person gets the hand-over screen again; the end shows everything.
func TestHandOverShowsEachPersonOnlyTheirView(t *testing.T) {
	h := newHarness(t)
	s := toySession(t, h, []games.SeatInfo{human("Ana"), human("Bo")}, nil)
	card := func(seat int) int { return s.Shown().(*toy.State).Card(seat) }
	seat, ok := s.HandOver()
	if !ok || seat != 0 {
		t.Fatalf("hand-over to %d (%v), want Ana", seat, ok)
	}
	if card(0) != toy.Hidden || card(1) != toy.Hidden {
		t.Fatal("a card shows before the device was handed over")
	}
	s.Reveal(1) // not Bo's turn to pick: nothing happens
	if _, ok := s.HandOver(); !ok {
		t.Fatal("revealing to the wrong seat ended the hand-over")
	}
	s.Reveal(0)
	if _, ok := s.HandOver(); ok {
		t.Fatal("still handing over after Ana took the device")
	}
	if card(0) == toy.Hidden || card(1) != toy.Hidden {
		t.Fatalf("Ana sees cards %d and %d: her own only", card(0), card(1))
	}
	s.Submit("1")
	if seat, ok := s.HandOver(); !ok || seat != 1 || card(0) != toy.Hidden {
		t.Fatalf("after Ana's pick: hand-over to %d (%v), Ana's card hidden %v", seat, ok, card(0) == toy.Hidden)
	}
	s.Reveal(1)
	if card(1) == toy.Hidden || card(0) != toy.Hidden {
		t.Fatal("Bo should see his card and not Ana's")
	}
	for !s.Live().Outcome().Over() {
		if _, ok := s.HandOver(); ok {
			s.Reveal(s.HumanToMove())
		}
		tok := "1"
		if len(s.Live().ToMove()) == 1 {
			tok = "end"
		}
		if err := s.Submit(tok); err != nil {
			t.Fatal(err)
		}
	}
	if card(0) == toy.Hidden || card(1) == toy.Hidden {
		t.Fatal("the end of the game should show every card")
	}
}
