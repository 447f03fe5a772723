package kit

import (
	"testing"
	"time"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/test"
	"fyne.io/fyne/v2/widget"

	"github.com/tabulagames/tabula/ui/frame"
)

func TestForwardAnimatesStepsForwardOnly(t *testing.T) {
	f := NewForward()
	at := func(view, plies int) *frame.Frame {
		return &frame.Frame{View: view, Plies: plies, Viewing: view < plies}
	}
	steps := []struct {
		fr   *frame.Frame
		want bool
		what string
	}{
		{at(0, 0), true, "the first draw"},
		{at(1, 1), true, "a move"},
		{at(1, 1), true, "the same move drawn again"},
		{at(3, 3), false, "two moves at once"},
		{at(1, 3), false, "a jump back in the move list"},
		{at(2, 3), false, "a step forward in the past"},
		{at(3, 3), true, "a step forward back to the game"},
		{at(4, 4), true, "the next move"},
		{at(2, 2), false, "undo"},
	}
	for _, st := range steps {
		if got := f.Next(st.fr); got != st.want {
			t.Errorf("%s: animate %v, want %v", st.what, got, st.want)
		}
	}
}

func TestMotionAnimateHonoursReducedMotion(t *testing.T) {
	test.NewTempApp(t)
	ticks := 0
	if a := (Motion{Reduced: true}).Animate(200, fyne.AnimationLinear, func(float32) { ticks++ }); a != nil || ticks != 0 {
		t.Fatalf("reduced motion started an animation (%d ticks)", ticks)
	}
	last := float32(0)
	a := (Motion{Speed: 2}).Animate(200, fyne.AnimationLinear, func(f float32) { ticks++; last = f })
	if a == nil || a.Duration.Milliseconds() != 400 || ticks == 0 || last != 1 {
		t.Fatalf("animation %v, %d ticks, last %v", a, ticks, last)
	}
	if (Motion{}).Scale(150) != 150 || (Motion{Speed: 0.5}).Scale(150) != 75 || (Motion{Reduced: true}).Scale(150) != 0 {
		t.Fatal("Scale")
	}
}

func TestPacingIsScaledBySetting(t *testing.T) {
	p := Pacing{Turn: time.Second, Token: func(tok string) time.Duration {
		if tok == "quick" {
			return 250 * time.Millisecond
		}
		return 500 * time.Millisecond
	}}
	turn, token := p.Scaled(2)
	if turn != 2*time.Second || token("quick") != 500*time.Millisecond || token("step") != time.Second {
		t.Fatalf("twice as slow: turn %v, tokens %v %v", turn, token("quick"), token("step"))
	}
	if turn, token = p.Scaled(0); turn != 0 || token("step") != 0 {
		t.Fatal("a setting of 0 still waits")
	}
}

func TestTouchKeepsControlsFingerSized(t *testing.T) {
	test.NewTempApp(t)
	small := widget.NewButton("", nil)
	if ms := Touch(small).MinSize(); ms.Width < MinTouch || ms.Height < MinTouch {
		t.Fatalf("a touch target of %v", ms)
	}
	wide := widget.NewButton("A long label that is wider than a finger", nil)
	if ms := Touch(wide).MinSize(); ms.Width != wide.MinSize().Width || ms.Height < MinTouch {
		t.Fatalf("a wide control's touch target %v, its own %v", ms, wide.MinSize())
	}
}

// TestCaptureLandingIsALegalDestination: a capture's landing square is
// ringed in the amber of every legal destination (UX.md: one meaning per
// highlight), not in a red of its own.
func TestCaptureLandingIsALegalDestination(t *testing.T) {
	test.NewTempApp(t)
	tr := NewTerritory(8)
	tr.Layout(fyne.NewSize(400, 400))
	tr.Dots, tr.Captures = []int{9}, []int{18}
	tr.Refresh(true)
	if !tr.caps[18].Visible() || tr.caps[18].StrokeColor != tr.dots[9].FillColor {
		t.Fatalf("the capture ring is %v, a destination's dot %v", tr.caps[18].StrokeColor, tr.dots[9].FillColor)
	}
}
