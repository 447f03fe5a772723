package kit

import (
	"testing"

	"fyne.io/fyne/v2"
)

func TestArrowStepStopsAtTheEdges(t *testing.T) {
	for _, c := range []struct {
		sq, n int
		keys  []fyne.KeyName
		want  int
	}{
		{4, 3, []fyne.KeyName{fyne.KeyRight, fyne.KeyRight, fyne.KeyUp}, 8},
		{4, 3, []fyne.KeyName{fyne.KeyDown, fyne.KeyLeft, fyne.KeyDown, fyne.KeyLeft}, 0},
		{27, 8, []fyne.KeyName{fyne.KeyUp, fyne.KeyRight}, 36},
		{63, 8, []fyne.KeyName{fyne.KeyUp, fyne.KeyRight, fyne.KeyEscape}, 63},
	} {
		sq := c.sq
		for _, k := range c.keys {
			sq = ArrowStep(sq, c.n, k)
		}
		if sq != c.want {
			t.Errorf("%d on %dx%d by %v: %d, want %d", c.sq, c.n, c.n, c.keys, sq, c.want)
		}
	}
	if !IsArrow(fyne.KeyLeft) || IsArrow(fyne.KeyReturn) {
		t.Fatal("IsArrow")
	}
}
