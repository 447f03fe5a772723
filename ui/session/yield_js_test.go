//go:build js

package session

import (
	"context"
	"testing"
	"time"

	"github.com/tabulagames/tabula/ai"
	"github.com/tabulagames/tabula/games"
	"github.com/tabulagames/tabula/games/gametest"
	"github.com/tabulagames/tabula/internal/jstest"
)

// watchedBot tells when its bot's Choose returns, and with what.
type watchedBot struct {
	ai.Bot
	returned chan error
}

func (b watchedBot) Choose(ctx context.Context, st games.State, seat int) (games.Move, error) {
	m, err := b.Bot.Choose(ctx, st, seat)
	b.returned <- err
	return m, err
}

// In the browser a bot's goroutine and the UI's share the page's one
// thread. While checkerboard's hard bot thinks (seconds there), the UI's
// goroutine still runs every ~10 ms (the search pauses for the event
// loop, ai/yield.go) and sees the seat thinking, which the screen shows
// as "... is thinking..."; and Stop (Back, New game) ends the think at the
// bot's next poll. Without the pauses the UI's goroutine would not run
// until the bot had answered.
//
//	GOOS=js GOARCH=wasm go test -exec "$(go env GOROOT)/lib/wasm/go_js_wasm_exec" -run Browser ./ui/session/
func TestBrowserThinkLeavesTheUIRunning(t *testing.T) {
	g, _ := games.Lookup("checkerboard")
	returned := make(chan error, 1)
	newBot := func(game, name string, o ai.Options) (ai.Bot, error) {
		b, err := ai.New(game, name, o)
		return watchedBot{b, returned}, err
	}
	posted := make(chan func(), 64)
	seats := []games.SeatInfo{{Name: "Computer", Controller: "ai", Bot: "hard"}, human("Ana")}
	s, err := New(g, games.Defaults(g.RuleSpecs()), 1, seats, nil, Options{Post: func(f func()) { posted <- f }, NewBot: newBot})
	if err != nil {
		t.Fatal(err)
	}
	t0 := time.Now()
	s.Start()
	const frames = 10 // 60 Hz: a sixth of a second
	for i := range frames {
		if len(s.Thinking()) == 0 {
			t.Fatalf("frame %d: the bot is not thinking", i)
		}
		time.Sleep(time.Second / 60)
		select {
		case err := <-returned:
			t.Fatalf("the bot answered (%v) %v in, and the UI had drawn only %d frames meanwhile", err, time.Since(t0), i)
		default:
		}
	}
	stopped := time.Now()
	s.Stop()
	err = <-returned
	t.Logf("the UI ran %d frames in %v of the bot's think; Stop ended it %v later (%v)",
		frames, stopped.Sub(t0).Round(time.Millisecond), time.Since(stopped).Round(100*time.Microsecond), err)
	if len(s.Thinking()) != 0 {
		t.Error("the bot is still thinking after Stop")
	}
	select {
	case f := <-posted:
		f() // a stale answer is dropped: nothing to play
		if s.Plies() != 0 {
			t.Errorf("the stopped bot's answer was played: %v", s.Tokens())
		}
	default:
	}
}

// Loading a long save (FromRecord, on a goroutine of the app's own) plays
// every token again: seconds for a long arena game in the browser. It
// pauses for the event loop like a search (ai.Yield), so no task of it is
// longer than jstest.MaxTask.
func TestBrowserLongSaveLoadPauses(t *testing.T) {
	g, _ := games.Lookup("arena")
	rec, _ := gametest.LongGame(t, g, map[string]any{}, 20000, 1)
	h := jstest.Start(t)
	t0 := time.Now()
	s, err := FromRecord(rec, Options{Post: func(func()) {}})
	took := time.Since(t0)
	k := h.Read()
	if err != nil {
		t.Fatal(err)
	}
	t.Logf("%d tokens loaded in %v, longest task %v", s.Plies(), jstest.Round(took), k)
	if k.Longest > jstest.MaxTask {
		t.Errorf("a task of the load took %v", k)
	}
}
