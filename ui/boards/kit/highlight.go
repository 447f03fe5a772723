package kit

import (
	"image/color"
	"time"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/canvas"
)

// The highlights of UX.md, one meaning each, the same in every game.

// NewDot is a legal destination: a small amber dot.
func NewDot() *canvas.Circle {
	c := canvas.NewCircle(DotColor())
	c.Hide()
	return c
}

// DotColor is the colour of a legal destination, a step's dot and the
// ring on a piece a move would capture: amber as ink, so it shows on
// light squares too.
func DotColor() color.NRGBA { return SeatInk(0) }

// PlaceDot centres a dot of a fifth of the cell in a square.
func PlaceDot(c *canvas.Circle, pos fyne.Position, side float32) {
	d := side * 0.22
	c.Move(fyne.NewPos(pos.X+(side-d)/2, pos.Y+(side-d)/2))
	c.Resize(fyne.NewSize(d, d))
}

// NewOutline is the selected piece or square (solid), the keyboard cursor
// (thin, ink) or a hint (pulsing, the mover's colour).
func NewOutline() *canvas.Rectangle {
	r := canvas.NewRectangle(color.Transparent)
	r.StrokeWidth = 3
	r.Hide()
	return r
}

// PlaceInset places a rectangle in a square, inset by a few pixels.
func PlaceInset(o fyne.CanvasObject, pos fyne.Position, side, inset float32) {
	o.Move(fyne.NewPos(pos.X+inset, pos.Y+inset))
	o.Resize(fyne.NewSize(side-2*inset, side-2*inset))
}

// ShowOutline strokes a placed outline in col, width wide, with a clear
// middle, and shows it.
func ShowOutline(o *canvas.Rectangle, col color.Color, width float32) {
	o.FillColor = color.Transparent
	o.StrokeColor = col
	o.StrokeWidth = width
	o.Show()
	o.Refresh()
}

// ShowIf shows o when on, hides it otherwise, and refreshes it.
func ShowIf(o fyne.CanvasObject, on bool) {
	if on {
		o.Show()
	} else {
		o.Hide()
	}
	o.Refresh()
}

// TileRadius is the corner radius of a board's rounded square tiles
// (classic, revenge, arena).
func TileRadius(side float32) float32 { return side * 0.06 }

// PlaceOutline places an outline (the cursor, a hint, the selection, a
// refusal's flash) in a rounded tile, inset by a few pixels, with corners
// as round as the tile's, so the outline follows the tile it is on.
func PlaceOutline(o *canvas.Rectangle, pos fyne.Position, side, inset float32) {
	o.CornerRadius = TileRadius(side)
	PlaceInset(o, pos, side, inset)
}

// NewLastRing is the soft ring of the last move.
func NewLastRing() *canvas.Circle {
	c := canvas.NewCircle(color.Transparent)
	c.StrokeWidth = 3
	c.Hide()
	return c
}

// LastRingColor is the soft ring's colour: translucent ink, just opaque
// enough to show 3:1 on the darker square of either theme.
func LastRingColor() color.NRGBA {
	if dark() {
		return WithAlpha(Ink(), 0x78)
	}
	return WithAlpha(Ink(), 0xA0)
}

// NewGlow is the gold glow of a winning square.
func NewGlow() *canvas.Rectangle {
	r := canvas.NewRectangle(WithAlpha(Gold, 0x60))
	r.StrokeColor = GoldInk()
	r.StrokeWidth = 3
	r.CornerRadius = 6
	r.Hide()
	return r
}

// Pulse animates an outline's stroke between two opacities, forever, until
// stopped. With reduced motion it shows a steady outline instead.
func Pulse(r *canvas.Rectangle, c color.Color, reduced bool) *fyne.Animation {
	r.StrokeColor = c
	r.Show()
	r.Refresh()
	if reduced {
		return nil
	}
	a := fyne.NewAnimation(700*time.Millisecond, func(f float32) {
		r.StrokeColor = WithAlpha(c, uint8(80+175*f))
		r.Refresh()
	})
	a.AutoReverse = true
	a.RepeatCount = fyne.AnimationRepeatForever
	a.Start()
	return a
}

// Flash shows a square that would be refused, briefly.
func Flash(r *canvas.Rectangle, d time.Duration) {
	r.FillColor = Refused
	r.StrokeColor = color.Transparent
	r.Show()
	r.Refresh()
	if d <= 0 {
		d = 10 * time.Millisecond
	}
	a := fyne.NewAnimation(d, func(f float32) {
		r.FillColor = WithAlpha(Refused, uint8(0xC0*(1-f)))
		r.Refresh()
		if f >= 1 {
			r.Hide()
		}
	})
	a.Start()
}

// RefusedMark is a refused square's mark drawn by the board itself (UX.md:
// a square that would be refused flashes briefly): Square is the square
// (or cell) marked, -1 none, and a timer takes the mark away.
type RefusedMark struct {
	Square int
	timer  *fyne.Animation
}

// NoRefusedMark marks no square.
func NoRefusedMark() RefusedMark { return RefusedMark{Square: -1} }

// Flash marks sq and redraws the board with refresh, then times the mark:
// it stops the previous timer and starts a new one with start (a board's
// hook, which tests replace); when that ends the mark goes and refresh
// redraws, unless a later refusal marked another square. Under reduced
// motion the mark stays as long, still: it must still go away.
func (r *RefusedMark) Flash(sq int, m Motion, start func(*fyne.Animation), refresh func()) {
	r.Square = sq
	refresh()
	if r.timer != nil {
		r.timer.Stop()
	}
	d := m.Scale(450)
	if d == 0 {
		d = 450
	}
	r.timer = fyne.NewAnimation(time.Duration(d)*time.Millisecond, func(f float32) {
		if f >= 1 && r.Square == sq {
			r.Square = -1
			refresh()
		}
	})
	start(r.timer)
}
