package classic

import "fyne.io/fyne/v2"

// animateIn fades a new mark in (UX.md: 150-250 ms; none under reduced motion).
func (b *Board) animateIn(sq int) {
	b.fadeIn, b.fade = sq, 0
	a := b.host.Motion().Animate(180, fyne.AnimationEaseOut, func(f float32) {
		b.fade = f
		if f >= 1 {
			b.fadeIn = -1
		}
		b.Refresh()
	})
	if a == nil {
		b.fadeIn, b.fade = -1, 1
	}
}

// flash marks a refused square briefly (cleared by the next Draw too).
func (b *Board) flash(sq int) {
	b.refused = sq
	b.Refresh()
	b.host.Motion().Animate(400, fyne.AnimationEaseInOut, func(f float32) {
		if f >= 1 {
			b.refused = -1
			b.Refresh()
		}
	})
}
