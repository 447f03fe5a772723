//go:build !js

package ai

import "sync/atomic"

// yield does nothing off the browser, where the OS schedules threads and
// no pauser is set, at the cost of one load and a branch. The tests set
// a pauser to check that yielding changes no answer; polls then count
// down as on js (atomically: other tests' goroutines may poll too).
func yield() {
	if pausing.Load() {
		countDown()
	}
}

// countDown is kept out of line so that yield stays small enough to be
// inlined into poll.
//
//go:noinline
func countDown() {
	if yieldLeft.Add(-1) <= 0 {
		yieldLeft.Store(yieldCheck())
	}
}

var yieldLeft atomic.Int64

// resetYieldLeft makes the next poll read the clock (tests).
func resetYieldLeft() { yieldLeft.Store(0) }
