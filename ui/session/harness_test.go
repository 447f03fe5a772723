package session

import (
	"context"
	"sync"
	"testing"
	"time"

	"github.com/tabulagames/tabula/ai"
	"github.com/tabulagames/tabula/games"
)

// fakeClock is a clock the test moves by hand. Every After registers a
// timer and tells the harness, which fires it by moving the clock to it.
type fakeClock struct {
	mu     sync.Mutex
	now    time.Time
	timers chan fakeTimer
}

type fakeTimer struct {
	d  time.Duration
	at time.Time
	ch chan time.Time
}

func newFakeClock() *fakeClock {
	return &fakeClock{now: time.Date(2026, 11, 23, 12, 0, 0, 0, time.UTC), timers: make(chan fakeTimer, 64)}
}

func (c *fakeClock) Now() time.Time {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.now
}

func (c *fakeClock) After(d time.Duration) <-chan time.Time {
	ch := make(chan time.Time, 1)
	c.mu.Lock()
	at := c.now.Add(d)
	c.mu.Unlock()
	c.timers <- fakeTimer{d: d, at: at, ch: ch}
	return ch
}

// Advance moves the clock on (a bot "thinking" for d).
func (c *fakeClock) Advance(d time.Duration) {
	c.mu.Lock()
	c.now = c.now.Add(d)
	c.mu.Unlock()
}

// harness is the UI goroutine of a test: bot answers are posted to a
// queue that the test runs, and timers fire only when the test lets them.
type harness struct {
	t      *testing.T
	clock  *fakeClock
	posted chan func()
	waits  []time.Duration // every timer a session asked for, in order
}

func newHarness(t *testing.T) *harness {
	return &harness{t: t, clock: newFakeClock(), posted: make(chan func(), 64)}
}

func (h *harness) options(newBot func(game, name string, o ai.Options) (ai.Bot, error)) Options {
	return Options{Post: func(f func()) { h.posted <- f }, Clock: h.clock, NewBot: newBot}
}

// step waits for the next thing the session's goroutines do: a posted
// answer, which it runs, or a timer, which it fires by moving the clock
// to it. The 10 s limit only stops a broken test from hanging; nothing
// is measured with it.
func (h *harness) step() {
	h.t.Helper()
	select {
	case f := <-h.posted:
		f()
	case tm := <-h.clock.timers:
		h.waits = append(h.waits, tm.d)
		if tm.d > time.Hour {
			h.t.Fatalf("a timer of %v was asked for: the session would wait for ever", tm.d)
		}
		h.clock.mu.Lock()
		if tm.at.After(h.clock.now) {
			h.clock.now = tm.at
		}
		h.clock.mu.Unlock()
		tm.ch <- tm.at
	case <-time.After(10 * time.Second):
		h.t.Fatal("nothing happened: the session is stuck")
	}
}

// until steps until cond holds.
func (h *harness) until(cond func() bool) {
	h.t.Helper()
	for i := 0; !cond(); i++ {
		if i > 1000 {
			h.t.Fatal("the condition never held")
		}
		h.step()
	}
}

// queued waits until an answer is posted and returns it without running it.
func (h *harness) queued() func() {
	h.t.Helper()
	for {
		select {
		case f := <-h.posted:
			return f
		case tm := <-h.clock.timers:
			h.waits = append(h.waits, tm.d)
			tm.ch <- tm.at
		case <-time.After(10 * time.Second):
			h.t.Fatal("no answer was posted")
		}
	}
}

// scripted is a test bot: it plays the first legal move of the seat's
// view, or a fixed plan; think runs first (to move the fake clock, to
// block, to look at the view).
type scripted struct {
	think func(ctx context.Context, d ai.Decision)
	plan  []string
	seen  []games.State
	mu    sync.Mutex
}

func (b *scripted) Choose(ctx context.Context, st games.State, seat int) (games.Move, error) {
	return b.Decide(ctx, ai.Decision{View: st, Seat: seat})
}

func (b *scripted) Decide(ctx context.Context, d ai.Decision) (games.Move, error) {
	b.mu.Lock()
	b.seen = append(b.seen, d.View)
	b.mu.Unlock()
	if b.think != nil {
		b.think(ctx, d)
	}
	if err := ctx.Err(); err != nil {
		return games.NoMove, err
	}
	return d.View.Legal(d.Seat)[0], nil
}

func (b *scripted) views() []games.State {
	b.mu.Lock()
	defer b.mu.Unlock()
	return append([]games.State{}, b.seen...)
}

// planner is a scripted bot that plans a whole turn.
type planner struct {
	scripted
	plans int // how many times Plan was asked
}

func (b *planner) Plan(ctx context.Context, d ai.Decision) ([]string, error) {
	if _, err := b.Decide(ctx, d); err != nil {
		return nil, err
	}
	b.mu.Lock()
	b.plans++
	b.mu.Unlock()
	return b.plan, nil
}

// botsBy makes every bot seat's bot with make (by bot name).
func botsBy(bots map[string]ai.Bot) func(game, name string, o ai.Options) (ai.Bot, error) {
	return func(game, name string, o ai.Options) (ai.Bot, error) {
		if b, ok := bots[name]; ok {
			return b, nil
		}
		return ai.New(game, name, o)
	}
}

func human(name string) games.SeatInfo { return games.SeatInfo{Name: name, Controller: "human"} }
func bot(name string) games.SeatInfo {
	return games.SeatInfo{Name: "Computer " + name, Controller: "ai", Bot: name}
}
