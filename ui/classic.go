package ui

import (
	"image/color"
	"time"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/canvas"
	"fyne.io/fyne/v2/driver/desktop"
	"fyne.io/fyne/v2/widget"

	"github.com/tabulagames/tabula/games"
	"github.com/tabulagames/tabula/games/classic"
	"github.com/tabulagames/tabula/ui/boards/kit"
	"github.com/tabulagames/tabula/ui/session"
)

// classicBoard is the 3x3 board: tap a square to play; arrows move a
// cursor, Enter or Space plays, keys 1-9 play in numeric-keypad layout.
type classicBoard struct {
	widget.BaseWidget
	host kit.Host

	owners  [9]int8
	last    int   // square of the last move, -1 none
	line    []int // winning squares
	hint    int   // hinted square, -1 none
	mover   int   // seat to move, for the hover ghost and hint colour
	input   bool  // a person may play now
	cursor  int   // keyboard cursor square, -1 hidden
	hover   int   // square under the mouse, -1 none
	fadeIn  int   // square whose mark is fading in, -1 none
	fade    float32
	refused int // square flashing, -1 none
}

func newClassicBoard(h kit.Host) kit.Board {
	b := &classicBoard{host: h, last: -1, hint: -1, cursor: -1, hover: -1, fadeIn: -1, refused: -1, fade: 1}
	b.ExtendBaseWidget(b)
	return b
}

func (b *classicBoard) Draw(s *session.Session, animate bool) {
	st := s.Viewed().(*classic.State)
	prevLast := b.last
	b.owners = st.Board()
	b.last = -1
	if _, turn, _ := s.LastTurn(); len(turn) == 1 {
		b.last = int(turn[0])
	}
	b.line = nil
	for _, sq := range st.Outcome().Line {
		f, r, _ := games.ParseSquare(sq, 3, 3)
		b.line = append(b.line, r*3+f)
	}
	b.hint = -1
	if h := s.Hint(); h != nil && !s.Viewing() {
		b.hint = int(h.Move)
	}
	b.mover = -1
	if to := st.ToMove(); len(to) > 0 {
		b.mover = to[0]
	}
	b.input = s.HumanToMove() >= 0
	b.refused = -1
	if animate && b.last >= 0 && b.last != prevLast {
		b.animateIn(b.last)
	}
	b.Refresh()
}

// animateIn fades a new mark in (UX.md: 150-250 ms; none under reduced motion).
func (b *classicBoard) animateIn(sq int) {
	d := b.host.Motion().Scale(180)
	if d == 0 {
		return
	}
	b.fadeIn, b.fade = sq, 0
	a := fyne.NewAnimation(time.Duration(d)*time.Millisecond, func(f float32) {
		b.fade = f
		if f >= 1 {
			b.fadeIn = -1
		}
		b.Refresh()
	})
	a.Curve = fyne.AnimationEaseOut
	a.Start()
}

func (b *classicBoard) play(sq int) {
	if sq < 0 || sq > 8 {
		return
	}
	tok := games.SquareName(sq%3, sq/3)
	if err := b.host.Submit(tok); err != nil {
		b.host.Refuse(err.Error())
		b.flash(sq)
	}
}

// flash marks a refused square briefly (cleared by the next Draw too).
func (b *classicBoard) flash(sq int) {
	b.refused = sq
	b.Refresh()
	d := b.host.Motion().Scale(400)
	if d == 0 {
		return
	}
	a := fyne.NewAnimation(time.Duration(d)*time.Millisecond, func(f float32) {
		if f >= 1 {
			b.refused = -1
			b.Refresh()
		}
	})
	a.Start()
}

// Tapped plays the square under the pointer.
func (b *classicBoard) Tapped(ev *fyne.PointEvent) {
	if sq := b.squareAt(ev.Position); sq >= 0 {
		b.cursor = -1
		b.play(sq)
	}
}

func (b *classicBoard) squareAt(p fyne.Position) int {
	g := b.grid()
	f, r, ok := g.At(p)
	if !ok {
		return -1
	}
	return r*3 + f
}

func (b *classicBoard) grid() *kit.Grid {
	g := &kit.Grid{Files: 3, Ranks: 3}
	g.Fit(b.Size())
	return g
}

// MouseIn, MouseMoved and MouseOut show a faint ghost of the mark a click
// would place.
func (b *classicBoard) MouseIn(ev *desktop.MouseEvent) { b.MouseMoved(ev) }
func (b *classicBoard) MouseMoved(ev *desktop.MouseEvent) {
	if sq := b.squareAt(ev.Position); sq != b.hover {
		b.hover = sq
		b.Refresh()
	}
}
func (b *classicBoard) MouseOut() { b.hover = -1; b.Refresh() }

// Key: arrows move the cursor, Enter/Space play it, 1-9 play directly
// (7 8 9 is the top rank, as on a numeric keypad).
func (b *classicBoard) Key(k fyne.KeyName) bool {
	if b.cursor < 0 {
		switch k {
		case fyne.KeyUp, fyne.KeyDown, fyne.KeyLeft, fyne.KeyRight:
			b.cursor = 4
			b.Refresh()
			return true
		}
	}
	f, r := b.cursor%3, b.cursor/3
	switch k {
	case fyne.KeyUp:
		r = min(2, r+1)
	case fyne.KeyDown:
		r = max(0, r-1)
	case fyne.KeyLeft:
		f = max(0, f-1)
	case fyne.KeyRight:
		f = min(2, f+1)
	case fyne.KeyReturn, fyne.KeyEnter, fyne.KeySpace:
		if b.cursor >= 0 {
			b.play(b.cursor)
		}
		return b.cursor >= 0
	case fyne.KeyEscape:
		if b.cursor >= 0 {
			b.cursor = -1
			b.Refresh()
			return true
		}
		return false
	default:
		if len(k) == 1 && k[0] >= '1' && k[0] <= '9' {
			b.play(int(k[0] - '1'))
			return true
		}
		return false
	}
	b.cursor = r*3 + f
	b.Refresh()
	return true
}

func (b *classicBoard) CreateRenderer() fyne.WidgetRenderer {
	r := &classicRenderer{b: b, grid: &kit.Grid{Files: 3, Ranks: 3}}
	for i := 0; i < 9; i++ {
		r.cells[i] = canvas.NewRectangle(color.Transparent)
		r.glow[i] = kit.NewGlow()
		r.marks[i] = kit.NewMark()
		r.objects = append(r.objects, r.cells[i], r.glow[i])
	}
	r.ring = kit.NewLastRing()
	r.objects = append(r.objects, r.ring)
	for i := 0; i < 9; i++ {
		r.objects = append(r.objects, r.marks[i].Objects()...)
	}
	r.ghost = kit.NewMark()
	r.objects = append(r.objects, r.ghost.Objects()...)
	r.hint, r.cursor, r.flash = kit.NewOutline(), kit.NewOutline(), kit.NewOutline()
	r.objects = append(r.objects, r.hint, r.cursor, r.flash)
	r.objects = append(r.objects, r.grid.Labels()...)
	return r
}

type classicRenderer struct {
	b       *classicBoard
	grid    *kit.Grid
	cells   [9]*canvas.Rectangle
	glow    [9]*canvas.Rectangle
	marks   [9]*kit.Mark
	ring    *canvas.Circle
	ghost   *kit.Mark
	hint    *canvas.Rectangle
	cursor  *canvas.Rectangle
	flash   *canvas.Rectangle
	pulse   *fyne.Animation
	pulseSq int
	objects []fyne.CanvasObject
}

func (r *classicRenderer) Objects() []fyne.CanvasObject { return r.objects }
func (r *classicRenderer) Destroy() {
	if r.pulse != nil {
		r.pulse.Stop()
	}
}
func (r *classicRenderer) MinSize() fyne.Size { return r.grid.MinSize(kit.MinTouch * 1.5) }

// Layout only moves and resizes.
func (r *classicRenderer) Layout(size fyne.Size) {
	r.grid.Fit(size)
	r.grid.LayoutLabels()
	c := r.grid.Cell
	for i := 0; i < 9; i++ {
		p := r.grid.CellPos(i%3, i/3)
		kit.PlaceInset(r.cells[i], p, c, 2)
		kit.PlaceInset(r.glow[i], p, c, 4)
		r.marks[i].Place(p, c)
	}
	r.Refresh()
}

// Refresh copies the model into the objects and reads the theme colours.
func (r *classicRenderer) Refresh() {
	b, c := r.b, r.grid.Cell
	light, darkTone := kit.SquareTones()
	win := map[int]bool{}
	for _, sq := range b.line {
		win[sq] = true
	}
	for i := 0; i < 9; i++ {
		tone := light
		if (i%3+i/3)%2 == 0 {
			tone = darkTone
		}
		r.cells[i].FillColor = tone
		r.cells[i].CornerRadius = c * 0.06
		r.cells[i].Refresh()
		if win[i] {
			r.glow[i].Show()
		} else {
			r.glow[i].Hide()
		}
		r.glow[i].Refresh()
		alpha := uint8(0xFF)
		if i == b.fadeIn {
			alpha = uint8(255 * b.fade)
		}
		r.marks[i].Set(int(b.owners[i]), alpha)
	}
	if b.last >= 0 {
		p := r.grid.CellPos(b.last%3, b.last/3)
		r.ring.StrokeColor = kit.LastRingColor()
		kit.PlaceInset(r.ring, p, c, c*0.08)
		r.ring.Show()
	} else {
		r.ring.Hide()
	}
	r.ring.Refresh()
	// A faint ghost of the mark a click would place.
	if b.input && b.hover >= 0 && b.owners[b.hover] < 0 {
		r.ghost.Place(r.grid.CellPos(b.hover%3, b.hover/3), c)
		r.ghost.Set(b.mover, 0x50)
	} else {
		r.ghost.Set(-1, 0)
	}
	r.layoutOutline(r.cursor, b.cursor, kit.Ink())
	r.layoutOutline(r.flash, b.refused, kit.Refused)
	if b.refused >= 0 {
		r.flash.FillColor = kit.WithAlpha(kit.Refused, 0x60)
		r.flash.Refresh()
	}
	// The hint pulses in the mover's colour.
	if b.hint != r.pulseSq || (b.hint >= 0 && r.pulse == nil && !b.host.Motion().Reduced) {
		if r.pulse != nil {
			r.pulse.Stop()
			r.pulse = nil
		}
		r.pulseSq = b.hint
		if b.hint >= 0 {
			kit.PlaceInset(r.hint, r.grid.CellPos(b.hint%3, b.hint/3), c, 6)
			r.pulse = kit.Pulse(r.hint, kit.SeatColor(max(0, b.mover)), b.host.Motion().Reduced)
		} else {
			r.hint.Hide()
		}
	}
	if b.hint >= 0 {
		kit.PlaceInset(r.hint, r.grid.CellPos(b.hint%3, b.hint/3), c, 6)
	}
}

func (r *classicRenderer) layoutOutline(o *canvas.Rectangle, sq int, col color.Color) {
	if sq < 0 {
		o.Hide()
		return
	}
	o.FillColor = color.Transparent
	o.StrokeColor = col
	o.StrokeWidth = 3
	kit.PlaceInset(o, r.grid.CellPos(sq%3, sq/3), r.grid.Cell, 5)
	o.Show()
	o.Refresh()
}

// SpokenSquares names each square for screen readers: "a1, empty", "b2, X".
func (b *classicBoard) SpokenSquares() []kit.Spoken {
	return b.grid().SpokenSquares(func(sq int) string {
		what := "empty"
		if o := b.owners[sq]; o >= 0 {
			what = kit.SeatSymbols[o]
		}
		return games.SquareName(sq%3, sq/3) + ", " + what
	})
}
