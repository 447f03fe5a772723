//go:build js

package ai

import (
	"context"
	"fmt"
	"sync"
	"testing"
	"time"

	"github.com/tabulagames/tabula/games"
	"github.com/tabulagames/tabula/games/gametest"
	"github.com/tabulagames/tabula/internal/jstest"
)

// These tests run the bots under GOOS=js, where the searches pause for
// the event loop (yield_js.go), in Node (make test-web-ai):
//
//	GOOS=js GOARCH=wasm go test -exec "$(go env GOROOT)/lib/wasm/go_js_wasm_exec" -run Browser -v ./ai/
//
// A task is what the thread does between two turns of the event loop: a
// stretch of a search and whatever else runs before its pause hands the
// thread over (the garbage collector, other goroutines); jstest measures
// the longest, and the tests hold it to maxTask.
const maxTask = jstest.MaxTask

// pauses counts the pauses of the searches, around the pause of the app,
// which it restores at the end of the test.
type pauses struct {
	mu     sync.Mutex
	n      int
	begins []time.Time
}

func countPauses(t *testing.T) *pauses {
	c := &pauses{}
	withPauser(t, yieldEvery, func() {
		c.mu.Lock()
		c.n++
		c.begins = append(c.begins, time.Now())
		c.mu.Unlock()
		pauseForBrowser()
	})
	return c
}

func (c *pauses) count() int {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.n
}

// The strongest bot of every game, and a draw assessment, never run a
// task longer than maxTask, on every game's default rules and at the
// largest rules. A position whose longest task is over is measured once
// more: a busy machine can stretch one task now and then (the wall time
// and Node's other threads both), a search that does not yield stretches
// it every time.
func TestBrowserLongestTask(t *testing.T) {
	warmUp(t)
	for _, p := range append(yieldPositions(t), largeRules(t)...) {
		t.Run(p.game+"/"+p.name, func(t *testing.T) {
			bot, assess := measureTasks(t, p)
			if bot.Longest > maxTask || assess.Longest > maxTask {
				t.Logf("measured again: longest task %v; draw assessment %v", bot, assess)
				bot, assess = measureTasks(t, p)
			}
			if bot.Longest > maxTask {
				t.Errorf("a task of the bot's think took %v", bot)
			}
			if assess.Longest > maxTask {
				t.Errorf("a task of the draw assessment took %v", assess)
			}
		})
	}
}

// measureTasks asks the strongest bot of p's game, then its draw
// assessment, and gives the longest task of each.
func measureTasks(t *testing.T, p yieldPosition) (bot, assess jstest.Tasks) {
	h := jstest.Start(t)
	c := countPauses(t)
	t0 := time.Now()
	a, err := askStrongest(context.Background(), p, Options{Seed: 1})
	think := time.Since(t0)
	bot = h.Read()
	if err != nil {
		t.Fatal(err)
	}
	if why := illegalAnswer(p.st, p.st.ToMove()[0], a); why != "" {
		t.Fatal(why)
	}
	n := c.count()
	if _, err := Assess(context.Background(), p.game, p.st, p.st.ToMove()[0], 5, 0); err != nil {
		t.Fatal(err)
	}
	assess = h.Read()
	t.Logf("%s: think %v, %d pauses, longest task %v; draw assessment: %d pauses, longest task %v",
		Strongest(p.game), think.Round(time.Millisecond), n, bot, c.count()-n, assess)
	return bot, assess
}

// A cancellation during a think (Back, New game) is seen when the thread
// comes back from the pause it came in: the bot answers without pausing
// again. Without the pauses the canceller would not even run until the
// bot had finished.
func TestBrowserCancelDuringThink(t *testing.T) {
	const cancelAfter = 5 * time.Millisecond // at the first pause but one
	for _, p := range longThinks(t) {
		t.Run(p.game+"/"+p.name, func(t *testing.T) {
			c := countPauses(t)
			ctx, cancel := context.WithCancel(context.Background())
			var cancelled time.Time
			var pausedThen int
			go func() {
				time.Sleep(cancelAfter)
				cancelled, pausedThen = time.Now(), c.count()
				cancel()
			}()
			t0 := time.Now()
			a, err := askStrongest(ctx, p, Options{Seed: 1})
			done := time.Now()
			if cancelled.IsZero() {
				if took := done.Sub(t0); took > cancelAfter+maxTask {
					t.Fatalf("the bot thought %v and answered before the cancellation %v in", took, cancelAfter)
				}
				t.Skipf("the bot answered in %v, before the cancellation", done.Sub(t0))
			}
			if err != nil && err != context.Canceled {
				t.Fatal(err)
			}
			if err == nil {
				if why := illegalAnswer(p.st, p.st.ToMove()[0], a); why != "" {
					t.Fatal(why)
				}
			}
			t.Logf("%s: cancelled %v in, answered %v after (%v)", Strongest(p.game),
				cancelled.Sub(t0).Round(time.Millisecond), jstest.Round(done.Sub(cancelled)), err)
			if more := c.count() - pausedThen; more > 0 {
				t.Errorf("the bot paused %d more times after the cancellation", more)
			}
		})
	}
}

// The time cap (Options.Time, the UI's safety cap) fires: its deadline
// is a timer, which runs while the bot pauses, so the bot answers at the
// first pause after the cap even with a budget it would take hours to
// spend.
func TestBrowserTimeCap(t *testing.T) {
	const capTime = 150 * time.Millisecond
	// The cap runs from when the search sets it, after Ask has made the
	// seat's view: pauses are counted from a little after.
	const setUp = 10 * time.Millisecond
	for _, p := range longThinks(t) {
		t.Run(p.game+"/"+p.name, func(t *testing.T) {
			c := countPauses(t)
			t0 := time.Now()
			a, err := askStrongest(context.Background(), p, Options{Seed: 1, Nodes: 1 << 40, Time: capTime})
			took := time.Since(t0)
			if err != nil {
				t.Fatal(err)
			}
			if why := illegalAnswer(p.st, p.st.ToMove()[0], a); why != "" {
				t.Fatal(why)
			}
			c.mu.Lock()
			after, last := 0, time.Duration(0)
			for _, b := range c.begins {
				if b.Sub(t0) >= capTime+setUp {
					after++
				}
				last = b.Sub(t0)
			}
			c.mu.Unlock()
			t.Logf("%s: answered after %v with a cap of %v; %d pauses began after the cap, the last %v in", Strongest(p.game),
				took.Round(time.Millisecond), capTime, after, jstest.Round(last))
			// The pause in which the deadline's timer fires begins
			// after the deadline, not a second one.
			if after > 1 {
				t.Errorf("the bot paused %d times after its cap of %v ran out", after, capTime)
			}
		})
	}
}

// TestBrowserPauserIsSet: on js the searches pause for the browser
// (pause.Wait; its own test is internal/pause's).
func TestBrowserPauserIsSet(t *testing.T) {
	if pauser.Load() == nil {
		t.Fatal("no pause is set on js: the searches would never yield")
	}
}

// longThinks are, for every game but tic-tac-toe (whose strongest bot
// answers in a few milliseconds), the position a few turns in.
func longThinks(t *testing.T) []yieldPosition {
	var out []yieldPosition
	seen := map[string]bool{}
	for _, p := range yieldPositions(t) {
		if p.game != "classic" && !seen[p.game] {
			seen[p.game] = true
			out = append(out, p)
		}
	}
	return out
}

// largeRules are positions of the games at their largest rules, where a
// node costs the most (from BenchmarkPollGaps).
func largeRules(t *testing.T) []yieldPosition {
	var out []yieldPosition
	add := func(game, name string, rules map[string]any, plies int) {
		g, _ := games.Lookup(game)
		rec, st := gametest.LongGame(t, g, rules, plies, 1)
		out = append(out, yieldPosition{game, fmt.Sprintf("%s-ply%d", name, len(rec.Moves)), st})
	}
	add("checkerboard", "12x12line6", map[string]any{"size": 12, "line": 6}, 40)
	add("infiltration", "free16", map[string]any{"movement": "free", "pieces": 16}, 300)
	add("revenge", "6x6-4", map[string]any{"size": 6, "players": 4}, 12)
	add("knights", "16x16-4", map[string]any{"size": 16, "players": 4}, 10)
	add("knights", "16x16-1", map[string]any{"size": 16, "players": 1}, 10)
	return out
}

// warmUp asks every game's strongest bot and assessment once on a small
// budget. A fresh WebAssembly instance compiles a function when it is
// first called (V8's lazy compilation), which made the first tasks of a
// test up to 45 ms long: the page pays that once, at its first think, and
// the tasks measured here are those of every think after.
func warmUp(t *testing.T) {
	for _, p := range yieldPositions(t) {
		if _, err := askStrongest(context.Background(), p, Options{Seed: 1, Nodes: 500}); err != nil {
			t.Fatal(err)
		}
		if _, err := Assess(context.Background(), p.game, p.st, p.st.ToMove()[0], 5, 500); err != nil {
			t.Fatal(err)
		}
	}
}

// ai.StreamAt replays every decision of the knights bots that draw from
// the game's stream, on a bot's goroutine before it thinks: over a whole
// game of four such bots on the largest board it pauses like a search.
func TestBrowserStreamAtPauses(t *testing.T) {
	g, _ := games.Lookup("knights")
	rules := map[string]any{"size": 16, "players": 4}
	rec, _ := gametest.LongGame(t, g, rules, 1000, 3)
	_, st, err := rec.Start()
	if err != nil {
		t.Fatal(err)
	}
	states := []games.State{st.Clone()}
	for _, tok := range rec.Moves {
		if err := games.PlayToken(st, tok); err != nil {
			t.Fatal(err)
		}
		states = append(states, st.Clone())
	}
	seats := make([]games.SeatInfo, 4)
	for i := range seats {
		seats[i] = games.SeatInfo{Controller: "ai", Bot: "balanced"}
	}
	warm := time.Now()
	if _, err := StreamAt("knights", states, seats, 9); err != nil {
		t.Fatal(err)
	}
	h := jstest.Start(t)
	countPauses(t)
	t0 := time.Now()
	if _, err := StreamAt("knights", states, seats, 9); err != nil {
		t.Fatal(err)
	}
	took := time.Since(t0)
	k := h.Read()
	t.Logf("%d turns replayed in %v (the first time %v), longest task %v", len(rec.Moves), jstest.Round(took), jstest.Round(t0.Sub(warm)), k)
	if k.Longest > maxTask {
		t.Errorf("a task of the replay took %v", k)
	}
}
