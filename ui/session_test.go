package ui

import (
	"context"
	"strings"
	"sync"
	"testing"
	"time"

	"fyne.io/fyne/v2/test"
	"fyne.io/fyne/v2/widget"

	"github.com/tabulagames/tabula/ai"
	"github.com/tabulagames/tabula/games"
)

// fakeClock is a session clock run by hand: Now moves only when the test
// (or a test bot's "thinking") advances it, and every wait a session asks
// for is handed to the test on waits instead of sleeping.
type fakeClock struct {
	mu    sync.Mutex
	now   time.Time
	timer []fakeTimer
	waits chan time.Duration
}

type fakeTimer struct {
	at time.Time
	ch chan time.Time
}

func newFakeClock() *fakeClock {
	return &fakeClock{now: time.Date(2026, 11, 21, 12, 0, 0, 0, time.UTC), waits: make(chan time.Duration, 16)}
}

func (c *fakeClock) Now() time.Time {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.now
}

func (c *fakeClock) After(d time.Duration) <-chan time.Time {
	c.mu.Lock()
	ch := make(chan time.Time, 1)
	c.timer = append(c.timer, fakeTimer{at: c.now.Add(d), ch: ch})
	c.mu.Unlock()
	c.waits <- d
	return ch
}

// Advance moves the time on and fires the timers that are due.
func (c *fakeClock) Advance(d time.Duration) {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.now = c.now.Add(d)
	kept := c.timer[:0]
	for _, t := range c.timer {
		if t.at.After(c.now) {
			kept = append(kept, t)
			continue
		}
		t.ch <- c.now
	}
	c.timer = kept
}

// testBot answers with its choose function.
type testBot struct {
	choose func(ctx context.Context, st games.State, seat int) (games.Move, error)
}

func (b testBot) Choose(ctx context.Context, st games.State, seat int) (games.Move, error) {
	return b.choose(ctx, st, seat)
}

// slowBot plays the first legal move after "thinking" for the given time
// on the fake clock.
func slowBot(c *fakeClock, think time.Duration) func(string, string, ai.Options) (ai.Bot, error) {
	return func(string, string, ai.Options) (ai.Bot, error) {
		return testBot{func(_ context.Context, st games.State, seat int) (games.Move, error) {
			c.Advance(think)
			return st.Legal(seat)[0], nil
		}}, nil
	}
}

// runBot runs the session's UI work and hands every wait the bot asks for
// to check, then lets the fake time pass, until the game has plies moves.
func runBot(t *testing.T, s *Session, loop uiLoop, c *fakeClock, plies int, check func(time.Duration)) {
	t.Helper()
	deadline := time.After(20 * time.Second) // only against a test that hangs
	for s.Plies() < plies {
		select {
		case f := <-loop:
			f()
		case d := <-c.waits:
			check(d)
			c.Advance(d)
		case <-deadline:
			t.Fatalf("the bot never moved (%d plies)", s.Plies())
		}
	}
}

func newClassicSession(t *testing.T, seats []games.SeatInfo) *Session {
	t.Helper()
	g, _ := games.Lookup("classic")
	s, err := NewSession(g, games.Defaults(nil), 1, seats, nil)
	if err != nil {
		t.Fatal(err)
	}
	return s
}

// TestFirstBotMovesAfterThinkingLongerThanTheDelay: a bot in the first
// seat that thinks longer than the bot delay before any person has moved
// must move at once. The old arithmetic subtracted the time since a zero
// "last human move" and asked for a wait of about 292 years.
func TestFirstBotMovesAfterThinkingLongerThanTheDelay(t *testing.T) {
	s := newClassicSession(t, []games.SeatInfo{{Name: "Computer", Controller: "ai", Bot: "hard"}, {Name: "Ana", Controller: "human"}})
	loop, clock := make(uiLoop, 16), newFakeClock()
	s.post, s.clock, s.newBot = loop.post, clock, slowBot(clock, 2*time.Second)
	s.BotDelay = 400 * time.Millisecond
	t.Cleanup(s.Stop)
	s.Start()
	runBot(t, s, loop, clock, 1, func(d time.Duration) {
		t.Fatalf("the first bot asked to wait %v before its first move", d)
	})
	if s.HumanToMove() != 1 {
		t.Fatalf("after the bot's move: %v, the person is not to move", s.Tokens())
	}
}

// TestBotWaitsOutTheDelayAfterAPerson: after a person's move a quick bot
// waits what is left of the delay, and no more.
func TestBotWaitsOutTheDelayAfterAPerson(t *testing.T) {
	s := newClassicSession(t, humanVsHard)
	loop, clock := make(uiLoop, 16), newFakeClock()
	s.post, s.clock, s.newBot = loop.post, clock, slowBot(clock, 100*time.Millisecond)
	s.BotDelay = 400 * time.Millisecond
	t.Cleanup(s.Stop)
	if err := s.Submit("b2"); err != nil {
		t.Fatal(err)
	}
	var waited []time.Duration
	runBot(t, s, loop, clock, 2, func(d time.Duration) { waited = append(waited, d) })
	if len(waited) != 1 || waited[0] != 300*time.Millisecond {
		t.Fatalf("the bot waited %v; want the 300ms left of the delay", waited)
	}
}

func TestBotWait(t *testing.T) {
	now := time.Date(2026, 11, 21, 12, 0, 0, 0, time.UTC)
	delay := 400 * time.Millisecond
	for _, c := range []struct {
		name  string
		ready time.Time
		want  time.Duration
	}{
		{"no ready time", time.Time{}, 0},
		{"ready long ago", now.Add(-1000 * time.Hour), 0},
		{"ready now", now, 0},
		{"ready soon", now.Add(150 * time.Millisecond), 150 * time.Millisecond},
		{"a clock that jumped back", now.Add(1000 * time.Hour), delay},
	} {
		if got := botWait(c.ready, now, delay); got != c.want {
			t.Errorf("%s: botWait = %v, want %v", c.name, got, c.want)
		}
	}
}

// hintProbe makes hint bots that think until their context is cancelled
// or the test lets them answer, and hands the test each bot's context.
type hintProbe struct {
	made   int
	ctxs   chan context.Context
	answer chan struct{}
}

func newHintProbe() *hintProbe {
	return &hintProbe{ctxs: make(chan context.Context, 4), answer: make(chan struct{})}
}

func (p *hintProbe) newBot(string, string, ai.Options) (ai.Bot, error) {
	p.made++
	return testBot{func(ctx context.Context, st games.State, seat int) (games.Move, error) {
		p.ctxs <- ctx
		select {
		case <-ctx.Done():
			return 0, ctx.Err()
		case <-p.answer:
			return st.Legal(seat)[0], nil
		}
	}}, nil
}

// thinking waits for the hint bot to start and returns its context.
func (p *hintProbe) thinking(t *testing.T) context.Context {
	t.Helper()
	select {
	case ctx := <-p.ctxs:
		return ctx
	case <-time.After(20 * time.Second): // only against a test that hangs
		t.Fatal("the hint bot never started")
		return nil
	}
}

var twoPeople = []games.SeatInfo{{Name: "Ana", Controller: "human"}, {Name: "Ben", Controller: "human"}}

// TestHintIsCancelled: a hint being looked for stops when the game moves
// on or the player leaves, instead of thinking on for nobody.
func TestHintIsCancelled(t *testing.T) {
	for _, c := range []struct {
		name   string
		before []string // moves played before the hint
		undone bool     // the last of them taken back before the hint
		do     func(u *App, gs *gameScreen)
	}{
		{"a move", nil, false, func(_ *App, gs *gameScreen) { gs.Submit("b2") }},
		{"undo", []string{"b2"}, false, func(_ *App, gs *gameScreen) { gs.undo() }},
		{"redo", []string{"b2"}, true, func(_ *App, gs *gameScreen) { gs.redo() }},
		{"leaving", nil, false, func(u *App, _ *gameScreen) { u.ShowPicker() }},
		{"a new game", nil, false, func(u *App, _ *gameScreen) { u.NewGameNow("classic") }},
	} {
		t.Run(c.name, func(t *testing.T) {
			u := newTestApp(t)
			gs, _ := startGame(t, u, twoPeople)
			probe := newHintProbe()
			gs.session.newBot = probe.newBot
			for _, tok := range c.before {
				if err := gs.Submit(tok); err != nil {
					t.Fatal(err)
				}
			}
			if c.undone {
				gs.undo()
			}
			gs.hint()
			ctx := probe.thinking(t)
			c.do(u, gs)
			select {
			case <-ctx.Done():
			default:
				t.Fatalf("after %s the hint's bot thinks on", c.name)
			}
		})
	}
}

// TestHintAskedTwiceStartsOneBot: while a hint is being looked for, the
// Hint button is off and asking again starts no second bot; the answer
// turns it back on.
func TestHintAskedTwiceStartsOneBot(t *testing.T) {
	u := newTestApp(t)
	gs, loop := startGame(t, u, twoPeople)
	probe := newHintProbe()
	gs.session.newBot = probe.newBot
	btn := gs.hintBtn.(*widget.Button)
	test.Tap(btn)
	probe.thinking(t)
	if !btn.Disabled() || gs.status.Text != "Looking for a good move..." {
		t.Fatalf("while thinking: button disabled %v, status %q", btn.Disabled(), gs.status.Text)
	}
	test.Tap(btn)
	gs.hint() // a shortcut or the phone's menu would not look at the button
	if probe.made != 1 {
		t.Fatalf("%d hint bots started", probe.made)
	}
	probe.answer <- struct{}{}
	loop.until(t, "the hint", func() bool { return gs.session.Hint() != nil })
	if btn.Disabled() || !strings.HasPrefix(gs.status.Text, "Hint: ") {
		t.Fatalf("after the hint: button disabled %v, status %q", btn.Disabled(), gs.status.Text)
	}
}
