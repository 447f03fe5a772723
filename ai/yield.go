package ai

import (
	"context"
	"sync"
	"sync/atomic"
	"time"
)

// In the browser (GOOS=js) Go runs on the page's only thread and hands it
// back only when every goroutine is blocked: a search of seconds would
// freeze the page for seconds (no frame, no click, no timer, so neither a
// Back nor the time cap could stop it), and runtime.Gosched does not help.
// So a search yields: wherever it polls ctx it calls poll, which, once
// yieldEvery of work have passed since the thread last came back, blocks
// until the browser has had its turn (yield_js.go). Elsewhere the OS
// schedules threads and nothing is set to pause with: poll costs one load
// and a branch more than ctx.Err. Yielding only waits, so a bot's answer
// is the same on every platform (TestYieldingChangesNoAnswer).
const yieldEvery = 10 * time.Millisecond

// pauser hands the thread over and returns when it is back: set on js,
// nil elsewhere; the tests set their own.
var pauser atomic.Pointer[func()]

// poll is what a search calls where it checks for cancellation: it yields
// if due, then reports ctx.Err. Yielding first means a cancellation or a
// time cap's deadline that came in meanwhile is seen at once.
func poll(ctx context.Context) error {
	yield()
	return ctx.Err()
}

// yield hands the thread over if yieldEvery of work have passed since the
// last time (js; a no-op where no pauser is set).
func yield() {
	if p := pauser.Load(); p != nil {
		yieldSlow(*p)
	}
}

// yielding is the state of the thread's yields, shared by every search:
// on js all goroutines share the one thread, so any of them may yield for
// all. The mutex is for the tests that set a pauser natively.
var yielding struct {
	sync.Mutex
	last    time.Time     // when the thread last came back; zero before
	every   time.Duration // yieldEvery; the tests shorten it
	longest time.Duration // the longest stretch of work between two yields
	count   int           // yields so far
}

func init() { yielding.every = yieldEvery }

func yieldSlow(pause func()) {
	now := time.Now()
	yielding.Lock()
	stretch := now.Sub(yielding.last)
	due := yielding.last.IsZero() || stretch >= yielding.every
	if due && !yielding.last.IsZero() {
		yielding.longest = max(yielding.longest, stretch)
	}
	yielding.Unlock()
	if !due {
		return
	}
	pause()
	yielding.Lock()
	yielding.last = time.Now()
	yielding.count++
	yielding.Unlock()
}
