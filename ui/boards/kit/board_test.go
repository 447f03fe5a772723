package kit

import (
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/test"

	"github.com/tabulagames/tabula/games"
	_ "github.com/tabulagames/tabula/games/classic"
	"github.com/tabulagames/tabula/ui/session"
)

func TestForwardAnimatesStepsForwardOnly(t *testing.T) {
	g, _ := games.Lookup("classic")
	people := []games.SeatInfo{{Name: "Ana", Controller: "human"}, {Name: "Ben", Controller: "human"}}
	s, err := session.New(g, nil, 1, people, nil, session.Options{Post: func(func()) {}})
	if err != nil {
		t.Fatal(err)
	}
	f := NewForward()
	steps := []struct {
		do   func()
		want bool
		what string
	}{
		{func() {}, true, "the first draw"},
		{func() { s.Submit("b2") }, true, "a move"},
		{func() {}, true, "the same move drawn again"},
		{func() { s.Submit("a1"); s.Submit("c3") }, false, "two moves at once"},
		{func() { s.SetView(1) }, false, "a jump back in the move list"},
		{func() { s.SetView(2) }, false, "a step forward in the past"},
		{func() { s.SetView(3) }, true, "a step forward back to the game"},
		{func() { s.Submit("a3") }, true, "the next move"},
		{func() { s.Undo() }, false, "undo"},
	}
	for _, st := range steps {
		st.do()
		if got := f.Next(s); got != st.want {
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
