package ui

import (
	"context"
	"strings"
	"testing"
	"time"

	"fyne.io/fyne/v2/test"
	"fyne.io/fyne/v2/widget"

	"github.com/tabulagames/tabula/ai"
	"github.com/tabulagames/tabula/games"
)

// The session's own tests (ui/session) cover pacing with a fake clock;
// these check that the game screen cancels hints and asks one at a time.

// testBot answers with its choose function.
type testBot struct {
	choose func(ctx context.Context, st games.State, seat int) (games.Move, error)
}

func (b testBot) Choose(ctx context.Context, st games.State, seat int) (games.Move, error) {
	return b.choose(ctx, st, seat)
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
			probe := newHintProbe()
			u.newBot = probe.newBot
			gs, _ := startGame(t, u, twoPeople)
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
	probe := newHintProbe()
	u.newBot = probe.newBot
	gs, loop := startGame(t, u, twoPeople)
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
	loop.Until(t, "the hint", func() bool { return gs.session.Hint() != nil })
	if btn.Disabled() || !strings.HasPrefix(gs.status.Text, "Hint: ") {
		t.Fatalf("after the hint: button disabled %v, status %q", btn.Disabled(), gs.status.Text)
	}
}
