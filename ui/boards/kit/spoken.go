package kit

import (
	"image/color"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/canvas"
	"fyne.io/fyne/v2/widget"
)

// Spoken is one square as a screen reader presents it: a button with a
// readable name ("e6, empty, X's target half"), over the square's area in
// the board's coordinates.
type Spoken struct {
	Pos   fyne.Position
	Size  fyne.Size
	Label string
}

// SpokenLayer lies over a board and holds an invisible button for each
// square that Fyne's screen-reader support announces (Fyne 2.8, built with
// -tags accessibility; it reads fyne.Accessible objects inside plain
// containers, not inside a widget's renderer, which is why the squares
// live here and not in the board). It takes no pointer events: taps and
// drags reach the board under it.
type SpokenLayer struct {
	*fyne.Container
	squares func() []Spoken
}

// NewSpokenLayer makes the layer; squares is asked for the squares after
// every change of the board and of its size.
func NewSpokenLayer(squares func() []Spoken) *SpokenLayer {
	l := &SpokenLayer{squares: squares}
	l.Container = &fyne.Container{Layout: spokenLayout{l}}
	return l
}

// Update matches the buttons to the board's squares: their number, names
// and places.
func (l *SpokenLayer) Update() {
	sq := l.squares()
	for len(l.Objects) < len(sq) {
		l.Objects = append(l.Objects, newSpokenSquare())
	}
	l.Objects = l.Objects[:len(sq)]
	l.place(sq)
}

func (l *SpokenLayer) place(sq []Spoken) {
	for i, o := range l.Objects {
		if i >= len(sq) {
			break
		}
		s := o.(*spokenSquare)
		s.label = sq[i].Label
		s.Move(sq[i].Pos)
		s.Resize(sq[i].Size)
	}
}

// Label is the name of square i as a screen reader says it ("" if none).
func (l *SpokenLayer) Label(i int) string {
	if i < 0 || i >= len(l.Objects) {
		return ""
	}
	return l.Objects[i].(*spokenSquare).label
}

type spokenLayout struct{ l *SpokenLayer }

// Layout runs when the board is resized: the squares move with it.
func (s spokenLayout) Layout(_ []fyne.CanvasObject, _ fyne.Size) { s.l.place(s.l.squares()) }

func (spokenLayout) MinSize([]fyne.CanvasObject) fyne.Size { return fyne.Size{} }

// spokenSquare is an invisible widget with an accessible name. It
// implements no input interface, so the pointer passes through it.
type spokenSquare struct {
	widget.BaseWidget
	label string
}

func newSpokenSquare() *spokenSquare {
	s := &spokenSquare{}
	s.ExtendBaseWidget(s)
	return s
}

func (s *spokenSquare) AccessibilityLabel() string             { return s.label }
func (s *spokenSquare) AccessibilityRole() fyne.AccessibleRole { return fyne.AccessibleRoleButton }

func (s *spokenSquare) CreateRenderer() fyne.WidgetRenderer {
	return widget.NewSimpleRenderer(canvas.NewRectangle(color.Transparent))
}

// SpokenSquares lists the squares of a grid, numbered rank*Files+file,
// with the names label gives them.
func (g *Grid) SpokenSquares(label func(sq int) string) []Spoken {
	out := make([]Spoken, g.Files*g.Ranks)
	for sq := range out {
		out[sq] = Spoken{Pos: g.CellPos(sq%g.Files, sq/g.Files), Size: fyne.NewSize(g.Cell, g.Cell), Label: label(sq)}
	}
	return out
}
