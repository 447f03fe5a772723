package kit

import (
	"image/color"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/theme"

	"github.com/tabulagames/tabula/ui/frame"
)

// Seat colours, colour-blind safe, always paired with a shape or letter.
var seatColors = []color.NRGBA{
	{0xF0, 0xA5, 0x00, 0xFF}, // amber: seat 0, X
	{0x44, 0xB4, 0xFF, 0xFF}, // ice-blue: seat 1, O
	{0xFF, 0x6A, 0x8A, 0xFF}, // rose: seat 2, +
	{0x3E, 0xD9, 0xA0, 0xFF}, // jade: seat 3, *
}

// seatDeep are the seat colours deepened (each channel scaled, so the hue
// stays) until they read on the light theme's white and beige: 4.5:1 as
// text on white and the input grey, 3:1 as a mark on the darker square.
var seatDeep = []color.NRGBA{
	{0x92, 0x65, 0x00, 0xFF}, // amber
	{0x2C, 0x73, 0xA3, 0xFF}, // ice-blue
	{0xB2, 0x4A, 0x61, 0xFF}, // rose
	{0x23, 0x7C, 0x5B, 0xFF}, // jade
}

// SeatSymbols are the letters that go with the colours.
var SeatSymbols = frame.Symbols

// SeatColor is the colour of a seat, as UX.md gives it: the fill of its
// pieces, under PieceInk.
func SeatColor(seat int) color.NRGBA { return seatColors[seat%len(seatColors)] }

// SeatInk is a seat's colour for text and for marks drawn straight on the
// background or the squares (crosses, rings, dots, outlines, hints): the
// colour itself in the dark theme, a deeper shade of it in the light one,
// where the bright colours barely show on white and beige.
func SeatInk(seat int) color.NRGBA {
	if dark() {
		return SeatColor(seat)
	}
	return SeatEdge(seat)
}

// SeatEdge is the rim of a piece filled with SeatColor, in both themes: a
// deeper shade of it, so the piece stands out from a light square.
func SeatEdge(seat int) color.NRGBA { return seatDeep[seat%len(seatDeep)] }

// PieceInk is the letter, number and outline colour on a piece filled
// with SeatColor.
var PieceInk = color.NRGBA{0x1B, 0x1B, 0x1B, 0xFF}

// WithAlpha returns c at the given opacity (0-255).
func WithAlpha(c color.Color, a uint8) color.NRGBA {
	r, g, b, _ := c.RGBA()
	return color.NRGBA{uint8(r >> 8), uint8(g >> 8), uint8(b >> 8), a}
}

// Gold is the winning line: the glow's fill, a winner's crown.
var Gold = color.NRGBA{0xFF, 0xD0, 0x40, 0xFF}

// GoldInk is the outline of the winning glow: Gold in the dark theme, a
// deeper gold in the light one, where Gold does not show on beige.
func GoldInk() color.NRGBA {
	if dark() {
		return Gold
	}
	return color.NRGBA{0x80, 0x68, 0x20, 0xFF}
}

// Scorch is the mark a blast leaves on the cells it burnt (arena), until
// the next action: soot in the light theme, ash in the dark one. Drawn as
// hatching over whatever tint a cell has, it has no seat's hue and no
// highlight's shape, so it never reads as a seat's reach or a legal move.
func Scorch() color.NRGBA {
	if dark() {
		return color.NRGBA{0xBD, 0xB6, 0xAE, 0xFF}
	}
	return color.NRGBA{0x4A, 0x40, 0x39, 0xFF}
}

// Refused is the brief flash of a square that would be refused.
var Refused = color.NRGBA{0xE0, 0x40, 0x40, 0xC0}

// dark reports whether the current theme is dark, from its background.
func dark() bool {
	r, g, b, _ := theme.Color(theme.ColorNameBackground).RGBA()
	return (r+g+b)/3 < 0x8000
}

// SquareTones are the two quiet checkered tones for the current theme. Read
// them in Refresh so a theme switch repaints at once.
func SquareTones() (light, darkTone color.NRGBA) {
	if dark() {
		return color.NRGBA{0x3A, 0x3F, 0x47, 0xFF}, color.NRGBA{0x2E, 0x32, 0x39, 0xFF}
	}
	return color.NRGBA{0xEE, 0xEA, 0xE0, 0xFF}, color.NRGBA{0xD8, 0xD2, 0xC4, 0xFF}
}

// Tint mixes a faint seat colour into a square tone (territory halves).
func Tint(base color.NRGBA, seat int) color.NRGBA {
	c := SeatColor(seat)
	mix := func(a, b uint8) uint8 { return uint8((int(a)*85 + int(b)*15) / 100) }
	return color.NRGBA{mix(base.R, c.R), mix(base.G, c.G), mix(base.B, c.B), 0xFF}
}

// Ink is the colour of labels and lines on the board.
func Ink() color.Color { return theme.Color(theme.ColorNameForeground) }

// InkOn is the ink for text on a coloured square or piece: white or
// PieceInk, whichever stands out more from bg.
func InkOn(bg color.Color) color.NRGBA {
	white := color.NRGBA{0xFF, 0xFF, 0xFF, 0xFF}
	if Contrast(white, bg) > Contrast(PieceInk, bg) {
		return white
	}
	return PieceInk
}

// Faint is the dim ink of rank and file labels, captions and grid lines:
// the theme's dim text colour (Theme makes it readable), the same grey as
// a low-importance label.
func Faint() color.NRGBA { return WithAlpha(theme.Color(theme.ColorNameDisabled), 0xFF) }

// MinTouch is the smallest touch target (UX.md: 44x44 dp).
const MinTouch float32 = 44

// Square returns the largest square that fits in size.
func Square(size fyne.Size) float32 { return min(size.Width, size.Height) }
