package kit

import (
	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/canvas"
	"fyne.io/fyne/v2/theme"
)

// Grid is the geometry of a board of square cells with rank and file
// labels outside the squares. Cells are sized from the smaller of width and
// height, so a board fits a phone in portrait and a resized window alike.
type Grid struct {
	Files, Ranks int
	// Margin is extra room, in cells, outside the squares on each side
	// (alcazar's edge slots sit in it). Labels go outside the margin.
	Margin float32

	Origin fyne.Position // top-left of the square area (file a, top rank)
	Cell   float32       // side of one square
	labels []*canvas.Text
}

// BoardTop is where every board's squares (or frame) start below the top
// of the board widget: the same for all games, so switching games does
// not move the board up or down.
const BoardTop float32 = 4

// labelRoom is the space kept for rank and file labels.
func labelRoom() float32 { return theme.TextSize() * 1.4 }

// Fit computes the cell size and origin for a widget of the given size,
// centring the board across and putting it at the top (BoardTop), so
// every board starts at the same distance from the toolbar.
func (g *Grid) Fit(size fyne.Size) {
	room := labelRoom()
	w := (size.Width - 2*room) / (float32(g.Files) + 2*g.Margin)
	h := (size.Height - 2*room) / (float32(g.Ranks) + 2*g.Margin)
	g.Cell = max(1, min(w, h))
	boardW := g.Cell * float32(g.Files)
	g.Origin = fyne.NewPos((size.Width-boardW)/2, BoardTop+g.Margin*g.Cell)
}

// FitTight is Fit for a board that needs every pixel (a phone): the room
// for labels is kept only where they are, left of the squares and below
// them, not on all four sides.
func (g *Grid) FitTight(size fyne.Size) {
	room := labelRoom()
	w := (size.Width - room) / (float32(g.Files) + 2*g.Margin)
	h := (size.Height - room) / (float32(g.Ranks) + 2*g.Margin)
	g.Cell = max(1, min(w, h))
	boardW := g.Cell * float32(g.Files)
	boardH := g.Cell * float32(g.Ranks)
	g.Origin = fyne.NewPos(room+(size.Width-room-boardW)/2, (size.Height-room-boardH)/2)
}

// MinSize is the smallest useful size: cells large enough to touch.
func (g *Grid) MinSize(minCell float32) fyne.Size {
	room := 2 * labelRoom()
	return fyne.NewSize(minCell*(float32(g.Files)+2*g.Margin)+room, minCell*(float32(g.Ranks)+2*g.Margin)+room)
}

// CellPos is the top-left corner of a square (file 0 = a, rank 0 = 1, the
// bottom rank as drawn). Off-board coordinates (negative or past the edge)
// are allowed, for edge slots.
func (g *Grid) CellPos(file, rank int) fyne.Position {
	return fyne.NewPos(g.Origin.X+float32(file)*g.Cell, g.Origin.Y+float32(g.Ranks-1-rank)*g.Cell)
}

// CellSize is the size of one square.
func (g *Grid) CellSize() fyne.Size { return fyne.NewSize(g.Cell, g.Cell) }

// Center is the centre of a square.
func (g *Grid) Center(file, rank int) fyne.Position {
	p := g.CellPos(file, rank)
	return fyne.NewPos(p.X+g.Cell/2, p.Y+g.Cell/2)
}

// At finds the square under a point; ok is false off the squares.
func (g *Grid) At(p fyne.Position) (file, rank int, ok bool) {
	fx := (p.X - g.Origin.X) / g.Cell
	fy := (p.Y - g.Origin.Y) / g.Cell
	if fx < 0 || fy < 0 {
		return 0, 0, false
	}
	file, rank = int(fx), g.Ranks-1-int(fy)
	return file, rank, file < g.Files && rank >= 0
}

// AtAny finds the cell under a point including the margin (may be off-board).
func (g *Grid) AtAny(p fyne.Position) (file, rank int) {
	fx := (p.X - g.Origin.X) / g.Cell
	fy := (p.Y - g.Origin.Y) / g.Cell
	if fx < 0 {
		fx--
	}
	if fy < 0 {
		fy--
	}
	return int(fx), g.Ranks - 1 - int(fy)
}

// Labels returns the rank and file label objects, created once.
func (g *Grid) Labels() []fyne.CanvasObject {
	if g.labels == nil {
		for f := 0; f < g.Files; f++ {
			g.labels = append(g.labels, newLabel(string(rune('a'+f))))
		}
		for r := 0; r < g.Ranks; r++ {
			g.labels = append(g.labels, newLabel(itoa(r+1)))
		}
	}
	out := make([]fyne.CanvasObject, len(g.labels))
	for i, l := range g.labels {
		out[i] = l
	}
	return out
}

// LayoutLabels places the labels: files below the board, ranks to the left.
func (g *Grid) LayoutLabels() {
	size := LabelSize()
	pad := g.Margin * g.Cell
	for i, l := range g.labels {
		l.TextSize = size
		l.Color = Faint()
		ms := l.MinSize()
		if i < g.Files {
			c := g.Center(i, 0)
			l.Move(fyne.NewPos(c.X-ms.Width/2, g.Origin.Y+float32(g.Ranks)*g.Cell+pad+2))
		} else {
			c := g.Center(0, i-g.Files)
			l.Move(fyne.NewPos(g.Origin.X-pad-ms.Width-4, c.Y-ms.Height/2))
		}
		l.Resize(ms)
	}
}

func newLabel(s string) *canvas.Text {
	t := canvas.NewText(s, Faint())
	t.TextSize = LabelSize()
	return t
}

// LabelSize is the size of the rank and file labels: the theme's caption
// size, but never under 12 sp, the least any number on a board may be
// (a phone's caption is smaller).
func LabelSize() float32 { return max(12, theme.CaptionTextSize()) }

func itoa(n int) string {
	if n < 10 {
		return string(rune('0' + n))
	}
	return itoa(n/10) + string(rune('0'+n%10))
}

// IsArrow reports whether k is one of the four arrow keys.
func IsArrow(k fyne.KeyName) bool {
	return k == fyne.KeyUp || k == fyne.KeyDown || k == fyne.KeyLeft || k == fyne.KeyRight
}

// ArrowDelta is an arrow key's direction in files and ranks, up being
// towards the top rank; 0, 0 for any other key.
func ArrowDelta(k fyne.KeyName) (df, dr int) {
	switch k {
	case fyne.KeyUp:
		return 0, 1
	case fyne.KeyDown:
		return 0, -1
	case fyne.KeyLeft:
		return -1, 0
	case fyne.KeyRight:
		return 1, 0
	}
	return 0, 0
}

// ArrowStep moves square sq (rank*n+file) of an n x n board one square by
// an arrow key, stopping at the edges; any other key leaves it where it is.
func ArrowStep(sq, n int, k fyne.KeyName) int {
	df, dr := ArrowDelta(k)
	f := max(0, min(n-1, sq%n+df))
	r := max(0, min(n-1, sq/n+dr))
	return r*n + f
}

// ArrowPoints is a triangle pointing along the screen direction (dx, dy)
// (one of the four unit steps; y grows downwards), in coordinates
// normalised to a unit square: a piece's facing arrow. Each game maps its
// own direction constants to steps.
func ArrowPoints(dx, dy float32) []fyne.Position {
	switch {
	case dx > 0:
		return []fyne.Position{{X: 0, Y: 0}, {X: 1, Y: 0.5}, {X: 0, Y: 1}}
	case dy > 0:
		return []fyne.Position{{X: 0, Y: 0}, {X: 1, Y: 0}, {X: 0.5, Y: 1}}
	case dx < 0:
		return []fyne.Position{{X: 1, Y: 0}, {X: 1, Y: 1}, {X: 0, Y: 0.5}}
	}
	return []fyne.Position{{X: 0.5, Y: 0}, {X: 1, Y: 1}, {X: 0, Y: 1}}
}
