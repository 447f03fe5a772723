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
// schedules threads and nothing is set to pause with: poll costs a call,
// a load and a branch more than ctx.Err, about a nanosecond where a node
// costs a microsecond (BenchmarkPoll). Yielding only waits, so a bot's
// answer is the same on every platform (TestYieldingChangesNoAnswer).
const yieldEvery = 10 * time.Millisecond

// pauser hands the thread over and returns when it is back: set on js,
// nil elsewhere; the tests set their own (setPauser).
var pauser atomic.Pointer[func()]

// pausing is whether a pauser is set: what a poll reads off the browser,
// cheaper than the pointer.
var pausing atomic.Bool

func setPauser(p *func()) {
	pauser.Store(p)
	pausing.Store(p != nil)
}

// poll is what a search calls where it checks for cancellation: it yields
// if due, then reports ctx.Err. Yielding first means a cancellation or a
// time cap's deadline that came in meanwhile is seen at once.
func poll(ctx context.Context) error {
	yield()
	return ctx.Err()
}

// Yield is poll without a context, for long work outside the searches
// that runs on a goroutine of its own (replaying a long save): off the
// UI's goroutine is not off the page's thread in the browser. Call it
// every step of a few microseconds or more.
func Yield() { yield() }

// YieldNow hands the thread over at once, whatever the clock says (in the
// browser; elsewhere it does nothing). The app calls it where a think
// begins and where it ends, so that the bot's first and last stretches
// do not share a task with the UI's work around them (the person's move
// shown, the answer shown): each alone is well under a frame, together
// they made tasks of over 50 ms.
func YieldNow() {
	p := pauser.Load()
	if p == nil {
		return
	}
	(*p)()
	yielding.Lock()
	yielding.back = clock()
	yielding.checked = yielding.back
	yielding.Unlock()
}

// yielding is the state of the thread's yields, shared by every search:
// on js all goroutines share the one thread, so any of them may yield for
// all. Reading the clock costs several cheap polls there (about 200 ns,
// where ctx.Err costs 30), so it is read every stride polls, the stride
// doubling while that is under a fifth of a millisecond and halving while
// it is over one: a stretch ends at most about a millisecond late, even
// when the polls grow costly at once (stride is at most maxStride). The
// mutex is for the tests that set a pauser natively.
var yielding struct {
	sync.Mutex
	stride  int64         // polls between two readings of the clock
	checked time.Duration // the last reading (clock())
	back    time.Duration // when the thread last came back
	every   time.Duration // yieldEvery; the tests change it
}

const (
	maxStride            = 64
	strideUp, strideDown = 200 * time.Microsecond, time.Millisecond
)

func init() {
	yielding.every, yielding.stride = yieldEvery, 1
}

// clock is the monotonic time since the package started: it reads only
// the monotonic clock (time.Now reads the wall clock too, three times
// the cost on js).
var clockStart = time.Now()

func clock() time.Duration { return time.Since(clockStart) }

// yieldCheck reads the clock, pauses if due, and returns how many polls
// to let pass before it is called again. yield (yield_js.go,
// yield_other.go) counts them.
func yieldCheck() int64 {
	yielding.Lock()
	now := clock()
	switch gap := now - yielding.checked; {
	case gap < strideUp && yielding.stride < maxStride:
		yielding.stride *= 2
	case gap > strideDown && yielding.stride > 1:
		yielding.stride /= 2
	}
	yielding.checked = now
	stride := yielding.stride
	due := now-yielding.back >= yielding.every
	yielding.Unlock()
	if !due {
		return stride
	}
	if p := pauser.Load(); p != nil {
		(*p)()
	}
	yielding.Lock()
	yielding.back = clock()
	yielding.checked = yielding.back
	yielding.Unlock()
	return stride
}
