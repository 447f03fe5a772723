package infiltration

import "fyne.io/fyne/v2"

// slide is the animation of the last action at progress f: a piece
// sliding From -> To, a captured piece leaving, a dropped one arriving.
type slide struct {
	Moved
	f float32
}

// noSlide is the board at rest.
func noSlide() slide { return slide{Moved: Moved{From: -1, To: -1, Gone: -1, Enter: -1}, f: 1} }

// startSlide plays a slide (UX.md: 150-250 ms; none under reduced motion).
func (b *Board) startSlide(a slide) {
	if a.From < 0 && a.Gone < 0 && a.Enter < 0 {
		return
	}
	a.f = 0
	b.anim = a
	b.running = b.host.Motion().Animate(220, fyne.AnimationEaseInOut, func(f float32) {
		b.anim.f = f
		b.Refresh()
	})
	if b.running == nil {
		b.anim = noSlide()
	}
}
