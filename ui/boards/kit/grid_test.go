package kit

import (
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/test"
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

// On a phone 412 wide the squares of an 8 x 8 board take the room the
// right and top labels would keep: larger squares than Fit gives, with
// the labels' room left of them and below, and nothing off the edges.
func TestFitTightKeepsLabelRoomOnlyWhereTheLabelsAre(t *testing.T) {
	test.NewTempApp(t)
	size := fyne.NewSize(412, 430)
	loose, tight := Grid{Files: 8, Ranks: 8}, Grid{Files: 8, Ranks: 8}
	loose.Fit(size)
	tight.FitTight(size)
	room := labelRoom()
	if tight.Cell <= loose.Cell || tight.Origin.X < room-0.01 {
		t.Fatalf("tight cell %v (loose %v), origin %v, label room %v", tight.Cell, loose.Cell, tight.Origin, room)
	}
	if right := tight.Origin.X + 8*tight.Cell; right > size.Width+0.01 {
		t.Fatalf("the squares end at %v, past the width %v", right, size.Width)
	}
	if bottom := tight.Origin.Y + 8*tight.Cell; bottom > size.Height-room+0.01 {
		t.Fatalf("the squares end at %v, over the file labels' room", bottom)
	}
}
