package knights

import (
	"image/color"
	"math"
	"slices"
	"time"

	"fyne.io/fyne/v2"

	"github.com/tabulagames/tabula/ui/boards/kit"
)

// The turn's story as an animation (knights.md 12): the knights jump or
// bounce (about 220 ms), the landings and collisions flash while the
// closing ring's crosses fade in (about 280 ms), then the eliminated
// knights shake and grey out. One fyne.Animation drives it all, so
// stopping it is one call. The times are nominal: the motion setting
// scales them, and reduced motion shows the end at once.
const (
	slideMs = 220
	flashMs = 280
	shakeMs = 420
)

// timeline is the story playing and where it stands (ms, nominal).
type timeline struct {
	story Story
	t     float32
	total float32
	fa    *fyne.Animation
}

// play starts the story of the turn just drawn; nothing plays under
// reduced motion or when the device sees nothing of it.
func (b *Board) play(st Story) {
	if st.Empty() || b.host.Motion().Reduced {
		return
	}
	total := float32(slideMs + flashMs)
	if len(st.Out) > 0 {
		total += shakeMs
	}
	d := b.host.Motion().Scale(int(total))
	a := &timeline{story: st, total: total}
	b.anim = a
	a.fa = fyne.NewAnimation(time.Duration(max(1, d))*time.Millisecond, func(f float32) {
		if b.anim != a {
			return
		}
		a.t = f * a.total
		if f >= 1 {
			b.story.End()
			return
		}
		b.Refresh()
	})
	a.fa.Curve = fyne.AnimationLinear
	b.StartAnim(a.fa)
}

// finish stops the story and shows its end (kit.Scenes); the story then
// draws (and tells) a turn that arrived meanwhile, and the screen may
// show what it held back.
func (b *Board) finish() {
	b.stopAnim()
	b.updateOver()
	b.Refresh()
}

// stopAnim stops the story where it is; the caller draws what it wants.
func (b *Board) stopAnim() {
	if b.anim == nil {
		return
	}
	if b.anim.fa != nil {
		b.anim.fa.Stop()
	}
	b.anim = nil
}

// skip ends the story at once (any input does, so nothing waits for it).
func (b *Board) skip() { b.story.End() }

// phase is the progress (0..1) of the part of the story that starts at
// from and lasts ms; -1 while no story plays.
func (b *Board) phase(from, ms float32) float32 {
	if b.anim == nil {
		return -1
	}
	return max(0, min(1, (b.anim.t-from)/ms))
}

// knightAt is where a seat's knight is drawn while it jumps or bounces
// (the top-left corner of the square it passes over); moving is false
// when it stands on its square.
func (b *Board) knightAt(seat int, g *kit.Grid) (at fyne.Position, moving bool) {
	p := b.phase(0, slideMs)
	if p < 0 || p >= 1 {
		return fyne.Position{}, false
	}
	n := b.m.N
	for _, sl := range b.anim.story.Slides {
		if sl.Seat != seat {
			continue
		}
		from, to := g.CellPos(sl.From%n, sl.From/n), g.CellPos(sl.To%n, sl.To/n)
		k := smooth(p)
		if sl.Bounce { // towards the contested square and back
			k = 0.45 * float32(math.Sin(math.Pi*float64(p)))
		}
		return fyne.NewPos(from.X+(to.X-from.X)*k, from.Y+(to.Y-from.Y)*k), true
	}
	return fyne.Position{}, false
}

// flashSpot is a landing (in the knight's colour) or a collision (red).
type flashSpot struct {
	sq  int
	col color.NRGBA
}

// flashes are the spots flashing now and their progress (0..1; outside
// it, none shows).
func (b *Board) flashes() ([]flashSpot, float32) {
	p := b.phase(slideMs, flashMs)
	if p <= 0 || p >= 1 {
		return nil, -1
	}
	var out []flashSpot
	for _, sl := range b.anim.story.Slides {
		if !sl.Bounce {
			out = append(out, flashSpot{sq: sl.To, col: kit.SeatColor(sl.Seat)})
		}
	}
	for _, sq := range b.anim.story.Clashes {
		out = append(out, flashSpot{sq: sq, col: kit.Refused})
	}
	return out, p
}

// closeProgress is how far square sq has closed: 1 for every square but
// those the shrinking board closes in the story playing, which fade in
// after the jumps.
func (b *Board) closeProgress(sq int) float32 {
	if b.anim == nil || !slices.Contains(b.anim.story.Closed, sq) {
		return 1
	}
	return b.phase(slideMs, flashMs)
}

// shaking reports whether a seat's knight is still to shake (or shaking)
// in the story: it keeps its colour until the shake ends.
func (b *Board) shaking(seat int) bool {
	return b.anim != nil && slices.Contains(b.anim.story.Out, seat) && b.anim.t < slideMs+flashMs+shakeMs
}

// shakeOffset is an eliminated knight's sideways jolt, in cells.
func (b *Board) shakeOffset(seat int) float32 {
	if !b.shaking(seat) {
		return 0
	}
	p := b.phase(slideMs+flashMs, shakeMs)
	if p <= 0 {
		return 0
	}
	return float32(math.Sin(float64(p)*6*math.Pi) * 0.08 * float64(1-p))
}

func smooth(t float32) float32 {
	t = max(0, min(1, t))
	return t * t * (3 - 2*t)
}

// ---- the legal dots' pulse and the refusal flash ----

// updatePulse lets the legal dots pulse softly while a person picks; under
// reduced motion they stay still, and once the game is paused (left: the
// board may outlive its screen for a while) they stop.
func (b *Board) updatePulse(paused bool) {
	want := b.m.Input && len(b.m.Legal) > 0 && !b.host.Motion().Reduced && !paused
	if !want {
		b.stopDots()
		return
	}
	if b.dotPulse != nil {
		return
	}
	var pulse *fyne.Animation
	pulse = fyne.NewAnimation(900*time.Millisecond, func(f float32) {
		if b.dotPulse != pulse {
			return // stopped: a last tick must not light the dots again
		}
		b.dotAlpha = uint8(0x80 + 0x60*f)
		if b.r != nil {
			b.r.refreshDots()
		}
	})
	pulse.AutoReverse = true
	pulse.RepeatCount = fyne.AnimationRepeatForever
	b.dotPulse = pulse
	b.StartAnim(pulse)
}

func (b *Board) stopDots() {
	if b.dotPulse != nil {
		b.dotPulse.Stop()
		b.dotPulse = nil
	}
	b.dotAlpha = 0xD0
}

// flash marks a refused square for a moment.
func (b *Board) flash(sq int) {
	if sq < 0 {
		return
	}
	b.refused.Flash(sq, b.host.Motion(), b.StartAnim, b.Refresh)
}
