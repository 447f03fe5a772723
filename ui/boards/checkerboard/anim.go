package checkerboard

import "fyne.io/fyne/v2"

// animate fades the new mark in and the FIFO-removed one out (UX.md:
// 150-250 ms; none under reduced motion).
func (b *Board) animate(in, out, seat int) {
	b.fadeIn, b.fadeOut, b.outSeat, b.fade = in, out, seat, 0
	b.running = b.host.Motion().Animate(200, fyne.AnimationEaseOut, func(f float32) {
		b.fade = f
		if f >= 1 {
			b.fadeIn, b.fadeOut = -1, -1
		}
		b.Refresh()
	})
	if b.running == nil {
		b.fadeIn, b.fadeOut, b.fade = -1, -1, 1
	}
}
