//go:build js

package ai

import (
	"runtime/metrics"
	"testing"
)

var gcSink []byte

// A pause collects before the heap reaches the pacer's trigger: work that
// allocates steadily between pauses (1 MB a stretch, a little of it
// kept, beside 16 MB live as an app has) has its collections made at its
// pauses, in tasks of their own (forced), none started by an allocation
// in the middle of a stretch (automatic), whose marking would end in the
// stretch's task; and not many more than Go would have made: one every
// few stretches, not at every pause.
func TestBrowserPauseCollectsAhead(t *testing.T) {
	live := make([]byte, 16<<20)
	cycles := []metrics.Sample{{Name: "/gc/cycles/automatic:gc-cycles"}, {Name: "/gc/cycles/forced:gc-cycles"}}
	pauseForBrowser() // the step is counted from here
	metrics.Read(cycles)
	auto0, forced0 := cycles[0].Value.Uint64(), cycles[1].Value.Uint64()
	var kept [][]byte
	for i := range 300 {
		for j := range 16 {
			b := make([]byte, 64<<10)
			if i%8 == 0 && j == 0 {
				kept = append(kept, b)
			}
			gcSink = b
		}
		pauseForBrowser()
	}
	metrics.Read(cycles)
	auto, forced := cycles[0].Value.Uint64()-auto0, cycles[1].Value.Uint64()-forced0
	t.Logf("300 MB in 300 stretches (%d MB kept): %d collections at pauses, %d started by an allocation", len(kept)/16, forced, auto)
	if forced == 0 {
		t.Error("no collection was made at a pause")
	}
	if auto > 0 {
		t.Errorf("%d collections started in the middle of a stretch", auto)
	}
	// Go starts one when the heap has grown 70-95% of the way from the
	// live heap to the goal, twice the live heap: every 11 to 15 MB here.
	if forced > 300/5 {
		t.Errorf("%d collections for 300 MB: more than one every 5 MB", forced)
	}
	gcSink = live[:1]
}
