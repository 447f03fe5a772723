//go:build js

package ai

import (
	"runtime"
	"runtime/metrics"
	"time"

	"github.com/tabulagames/tabula/internal/pause"
)

func init() {
	p := pauseForBrowser
	setPauser(&p)
}

// yield counts the polls down to the next reading of the clock. The
// count is a plain variable: js runs one goroutine at a time, and a
// goroutine switches only where it blocks. It is all a poll costs besides
// ctx.Err, inlined (a call costs more on wasm than on a CPU).
func yield() {
	yieldLeft--
	if yieldLeft <= 0 {
		yieldLeft = yieldCheck()
	}
}

var yieldLeft int64

// pauseForBrowser blocks the calling goroutine until the event loop has
// called back (pause.Wait); when a collection is due (gcSoon), it then
// collects in that fresh task and waits once more.
func pauseForBrowser() {
	pause.Wait()
	if gcSoon() {
		runtime.GC()
		pause.Wait()
	}
}

// Go on wasm has one thread and no background worker: when every
// goroutine is blocked, as a bot is in its pause, the scheduler gives a
// garbage collection's marking to its idle worker, which stops only when
// a goroutine is ready to run; none gets ready before the thread goes
// back to the browser, so the rest of the marking, and then the sweeping,
// run in the same task as the bot's last 10 ms and what ran beside them
// (a frame, the UI's refresh): 50-130 ms in Chromium where a mark alone
// takes 10-30. So when the heap will likely reach the point where Go
// starts a collection before the next pause, the pause collects first,
// in a task of its own (the thread is just back from the browser), and
// then pauses again before the search goes on. A collection that starts
// anyway (a misjudged step, the UI's allocations) runs as it did before.
var gcSamples = []metrics.Sample{
	{Name: "/gc/heap/goal:bytes"},
	{Name: "/gc/heap/live:bytes"},
	{Name: "/memory/classes/heap/objects:bytes"},
	{Name: "/gc/heap/allocs:bytes"},
}

// gcAllocs is the bytes allocated in all at the last gcSoon, gcAt when,
// gcStep the bytes allocated over the last stretch. Plain variables: js
// runs one goroutine at a time, switching only where one blocks. The
// collections made ahead are about half as many again as Go's own
// (TestBrowserPauseCollectsAhead: 27 for 300 MB where Go made 18).
var (
	gcAllocs, gcStep uint64
	gcAt             time.Duration
)

// gcSoon reports whether the heap, growing twice as much as it did since
// the last call (a search's stretch and what ran beside it; when that was
// long ago, before this think, as much as over the last stretch of the
// think before), would pass the earliest point where Go's pacer starts a
// collection: 70% of the way from the live heap to the goal
// (mgcpacer.go's minimum trigger).
func gcSoon() bool {
	metrics.Read(gcSamples)
	var v [4]uint64
	for i, s := range gcSamples {
		if s.Value.Kind() != metrics.KindUint64 {
			return false
		}
		v[i] = s.Value.Uint64()
	}
	goal, live, heap, allocs := v[0], v[1], v[2], v[3]
	step := allocs - gcAllocs
	now := clock()
	if now-gcAt > 4*yieldEvery {
		step = gcStep
	}
	gcAllocs, gcAt, gcStep = allocs, now, step
	if goal <= live {
		return false
	}
	return heap+2*step >= live+(goal-live)*7/10
}

// resetYieldLeft makes the next poll read the clock (tests).
func resetYieldLeft() { yieldLeft = 0 }
