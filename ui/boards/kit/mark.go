package kit

import (
	"image/color"
	"math"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/canvas"

	"github.com/tabulagames/tabula/ui/frame"
)

// Mark draws a seat's symbol in the seat's ink (SeatInk): X a cross, O a ring, +
// a plus and * a star as vector shapes, any other symbol a player chose
// (revenge) as a bold letter. Build it once; Set and Place it in
// Refresh/Layout.
type Mark struct {
	lines  [2]*canvas.Line
	ring   *canvas.Circle
	star   *canvas.ArbitraryPolygon
	letter *canvas.Text
	seat   int
	symbol string
	rect   fyne.Position
	side   float32
	alpha  uint8
}

// NewMark makes a hidden mark.
func NewMark() *Mark {
	m := &Mark{seat: -1, alpha: 0xFF}
	for i := range m.lines {
		m.lines[i] = canvas.NewLine(color.Transparent)
	}
	m.ring = canvas.NewCircle(color.Transparent)
	m.star = canvas.NewArbitraryPolygon(nil, color.Transparent)
	m.letter = canvas.NewText("", color.Transparent)
	m.letter.TextStyle.Bold = true
	m.letter.Alignment = fyne.TextAlignCenter
	return m
}

// Objects are the canvas objects to add to a renderer.
func (m *Mark) Objects() []fyne.CanvasObject {
	return []fyne.CanvasObject{m.lines[0], m.lines[1], m.ring, m.star, m.letter}
}

// Set chooses the seat shown (-1 hides it), with its usual symbol, and
// its opacity.
func (m *Mark) Set(seat int, alpha uint8) {
	m.SetSymbol(seat, frame.Symbol(max(seat, 0)), alpha)
}

// SetSymbol chooses the seat shown (-1 hides it), the symbol drawn in its
// colour and its opacity.
func (m *Mark) SetSymbol(seat int, symbol string, alpha uint8) {
	m.seat, m.symbol, m.alpha = seat, symbol, alpha
	m.apply()
}

// Place puts the mark in a square of the given side at pos.
func (m *Mark) Place(pos fyne.Position, side float32) {
	m.rect, m.side = pos, side
	m.apply()
}

func (m *Mark) apply() {
	for _, l := range m.lines {
		l.Hide()
	}
	m.ring.Hide()
	m.star.Hide()
	m.letter.Hide()
	if m.seat < 0 || m.side <= 0 {
		return
	}
	c := WithAlpha(SeatInk(m.seat), m.alpha)
	inset := m.side * 0.2
	x0, y0 := m.rect.X+inset, m.rect.Y+inset
	x1, y1 := m.rect.X+m.side-inset, m.rect.Y+m.side-inset
	width := max(2, m.side*0.1)
	switch m.symbol {
	case "X": // a cross
		m.setLine(0, fyne.NewPos(x0, y0), fyne.NewPos(x1, y1), c, width)
		m.setLine(1, fyne.NewPos(x0, y1), fyne.NewPos(x1, y0), c, width)
	case "O": // a ring
		m.ring.FillColor = color.Transparent
		m.ring.StrokeColor = c
		m.ring.StrokeWidth = width
		m.ring.Move(fyne.NewPos(x0, y0))
		m.ring.Resize(fyne.NewSize(x1-x0, y1-y0))
		m.ring.Show()
		m.ring.Refresh()
	case "+": // a plus
		cx, cy := (x0+x1)/2, (y0+y1)/2
		m.setLine(0, fyne.NewPos(cx, y0), fyne.NewPos(cx, y1), c, width)
		m.setLine(1, fyne.NewPos(x0, cy), fyne.NewPos(x1, cy), c, width)
	case "*": // a five-pointed star
		r := (x1 - x0) / 2
		pts := make([]fyne.Position, 10)
		for i := range pts {
			rad := float64(r)
			if i%2 == 1 {
				rad *= 0.45
			}
			a := -math.Pi/2 + float64(i)*math.Pi/5
			pts[i] = fyne.NewPos(r+float32(rad*math.Cos(a)), r+float32(rad*math.Sin(a)))
		}
		m.star.Points = pts
		m.star.FillColor = c
		m.star.Move(fyne.NewPos(x0, y0))
		m.star.Resize(fyne.NewSize(2*r, 2*r))
		m.star.Show()
		m.star.Refresh()
	default: // a letter, centred in the whole square (its line is taller than its capitals)
		m.letter.Text, m.letter.Color = m.symbol, c
		m.letter.TextSize = m.side * 0.62
		m.letter.Move(m.rect)
		m.letter.Resize(fyne.NewSize(m.side, m.side))
		m.letter.Show()
		m.letter.Refresh()
	}
}

func (m *Mark) setLine(i int, a, b fyne.Position, c color.Color, w float32) {
	l := m.lines[i]
	l.StrokeColor, l.StrokeWidth = c, w
	l.Position1, l.Position2 = a, b
	l.Show()
	l.Refresh()
}
