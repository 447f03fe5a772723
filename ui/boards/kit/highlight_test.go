package kit

import (
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/test"
)

// A refused square stays marked until its timer ends; a later refusal
// moves the mark, and the earlier timer, stopped, does not take it away.
func TestRefusedMarkGoesWhenItsTimeIsUp(t *testing.T) {
	test.NewTempApp(t) // Stop asks the app's driver
	var held []*fyne.Animation
	start := func(a *fyne.Animation) { held = append(held, a) }
	redrawn := 0
	refresh := func() { redrawn++ }

	r := NoRefusedMark()
	if r.Square != -1 {
		t.Fatalf("a new mark is on %d", r.Square)
	}
	r.Flash(12, Motion{Reduced: true}, start, refresh)
	if r.Square != 12 || redrawn != 1 || len(held) != 1 {
		t.Fatalf("after a flash: square %d, %d redraws, %d timers", r.Square, redrawn, len(held))
	}
	if held[0].Duration <= 0 {
		t.Error("under reduced motion the mark has no time to stay")
	}
	held[0].Tick(0.5)
	if r.Square != 12 {
		t.Fatal("the mark went before its time")
	}
	r.Flash(30, Motion{}, start, refresh)
	held[0].Tick(1)
	if r.Square != 30 {
		t.Fatalf("the first timer took away the later mark: square %d", r.Square)
	}
	held[1].Tick(1)
	if r.Square != -1 || redrawn != 3 {
		t.Fatalf("after its time: square %d, %d redraws; want -1, 3", r.Square, redrawn)
	}
}
