package revenge

import (
	"math"

	"fyne.io/fyne/v2"

	game "github.com/tabulagames/tabula/games/revenge"
)

// animate plays the last move (UX.md: 150-250 ms; none under reduced
// motion): a new mark fades in, over the stolen one fading out, and a
// reinforced mark dips and comes back, since nothing else changes.
func (b *Board) animate() {
	b.fadeSq, b.fade = b.m.Last, 0
	b.running = b.host.Motion().Animate(240, fyne.AnimationEaseOut, func(f float32) {
		b.fade = f
		if f >= 1 {
			b.fadeSq = -1
		}
		b.Refresh()
	})
	if b.running == nil {
		b.fadeSq, b.fade = -1, 1
	}
}

func (b *Board) stopAnimation() {
	if b.running != nil {
		b.running.Stop()
		b.running = nil
	}
	b.fadeSq, b.fade = -1, 1
}

// fadeAlpha is the opacity of the mark being animated now.
func (b *Board) fadeAlpha() uint8 {
	if b.m.LastKind == game.Reinforce {
		return uint8(255 * (0.3 + 0.7*math.Abs(float64(2*b.fade-1))))
	}
	return uint8(255 * b.fade)
}
