package revenge

import (
	"testing"

	"fyne.io/fyne/v2/test"
)

// TestMinLinesMakesNoLabelPerLayout: the controls under the board keep
// their height without making a label at each layout: Fyne keeps the
// renderer of every label it measures for a minute, and layouts run at
// every frame of an animation (a label a frame was megabytes a minute).
func TestMinLinesMakesNoLabelPerLayout(t *testing.T) {
	test.NewTempApp(t)
	l := newMinLines(2)
	l.MinSize(nil) // the first measure makes the probe's renderer
	if allocs := testing.AllocsPerRun(20, func() { l.MinSize(nil) }); allocs > 0 {
		t.Fatalf("a layout allocates %v objects", allocs)
	}
}
