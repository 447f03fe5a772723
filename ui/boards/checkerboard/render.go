package checkerboard

import (
	"image/color"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/canvas"
	"fyne.io/fyne/v2/widget"

	game "github.com/tabulagames/tabula/games/checkerboard"
	"github.com/tabulagames/tabula/ui/boards/kit"
	"github.com/tabulagames/tabula/ui/frame"
)

// Board is the checkerboard widget.
type Board struct {
	widget.BaseWidget
	host kit.Host
	m    Model

	hover   int // square under the mouse, -1 none
	fadeIn  int // square whose new mark is fading in, -1 none
	fadeOut int // removed square whose mark is fading out, -1 none
	outSeat int
	fade    float32
	running *fyne.Animation

	note *widget.Label // the model's note, under the board
	r    *renderer
}

// Entry is checkerboard four-in-a-row as the app offers it (kit.Entry): its rules
// text and icon are help.md and icon.svg, which entry.go embeds.
var Entry = kit.Entry{Game: game.Game{}, New: New, Files: files}

// New makes the board for the game screen.
func New(h kit.Host) kit.Board {
	b := &Board{host: h, m: NewModel(), hover: -1, fadeIn: -1, fadeOut: -1, fade: 1}
	b.note = widget.NewLabel("")
	b.note.Wrapping = fyne.TextWrapWord
	b.note.Alignment = fyne.TextAlignCenter
	b.note.Hide()
	b.ExtendBaseWidget(b)
	return b
}

// Controls is the line under the board: FIFO counters, the coin toss.
func (b *Board) Controls() fyne.CanvasObject { return b.note }

// Draw shows the frame's position; a new mark fades in and the
// one FIFO removed fades out.
func (b *Board) Draw(f *frame.Frame, animate bool) {
	prevLast, prevN := b.m.Last, b.m.N
	b.m.Load(f)
	if b.m.N != prevN {
		b.hover = -1
	}
	if b.running != nil {
		b.running.Stop()
		b.running = nil
	}
	b.fadeIn, b.fadeOut, b.fade = -1, -1, 1
	if animate && b.m.Last >= 0 && b.m.Last != prevLast {
		b.animate(b.m.Last, b.m.Removed, int(b.m.Owners[b.m.Last]))
	}
	if b.m.Note == "" {
		b.note.Hide()
	} else {
		b.note.SetText(b.m.Note)
		b.note.Show()
	}
	b.Refresh()
}

// territory is the current geometry (the renderer's, or one fitted now).
// HeightFor is the board's height at a phone's full width (kit.Portrait).
func (b *Board) HeightFor(width float32) float32 { return kit.TerritoryHeight(width) }

func (b *Board) territory() *kit.Territory {
	if r := b.r; r != nil && r.t.N == b.m.N {
		return r.t
	}
	t := &kit.Territory{Grid: kit.Grid{Files: b.m.N, Ranks: b.m.N}, N: b.m.N}
	t.Fit(b.Size())
	return t
}

// SpokenSquares names each square for screen readers, as checkerboard.md
// asks: "e6, empty, X's target half".
func (b *Board) SpokenSquares() []kit.Spoken { return b.territory().SpokenSquares(b.m.Spoken) }

func (b *Board) CreateRenderer() fyne.WidgetRenderer {
	r := &renderer{b: b}
	r.build()
	b.r = r
	return r
}

type renderer struct {
	b       *Board
	t       *kit.Territory
	marks   []*kit.Mark
	ghost   *kit.Mark // the mark a click would place
	gone    *kit.Mark // the FIFO-removed mark, fading out
	clock   *canvas.Circle
	hands   [2]*canvas.Line
	objects []fyne.CanvasObject
}

// build makes the objects for the board's current size.
func (r *renderer) build() {
	n := r.b.m.N
	if r.t != nil {
		r.t.StopPulse()
	}
	r.t = kit.NewTerritory(n)
	r.objects = append([]fyne.CanvasObject{}, r.t.Under()...)
	r.marks = make([]*kit.Mark, n*n)
	for i := range r.marks {
		r.marks[i] = kit.NewMark()
		r.objects = append(r.objects, r.marks[i].Objects()...)
	}
	r.ghost, r.gone = kit.NewMark(), kit.NewMark()
	r.objects = append(r.objects, r.ghost.Objects()...)
	r.objects = append(r.objects, r.gone.Objects()...)
	r.clock = canvas.NewCircle(color.Transparent)
	r.objects = append(r.objects, r.clock)
	for i := range r.hands {
		r.hands[i] = canvas.NewLine(color.Transparent)
		r.objects = append(r.objects, r.hands[i])
	}
	r.objects = append(r.objects, r.t.Over()...)
}

func (r *renderer) Objects() []fyne.CanvasObject { return r.objects }
func (r *renderer) Destroy()                     { r.t.StopPulse() }
func (r *renderer) MinSize() fyne.Size {
	return r.t.MinSize(max(24, kit.MinTouch*6/float32(r.b.m.N)))
}

func (r *renderer) Layout(size fyne.Size) {
	r.t.Layout(size)
	for i, m := range r.marks {
		m.Place(r.t.Pos(i), r.t.Cell)
	}
	r.paint()
}

func (r *renderer) Refresh() {
	if r.t.N != r.b.m.N {
		r.build()
		r.Layout(r.b.Size())
		canvas.Refresh(r.b)
		return
	}
	r.paint()
}

// paint copies the model into the objects and reads the theme colours.
func (r *renderer) paint() {
	b, m, t, c := r.b, &r.b.m, r.t, r.t.Cell
	t.Names = m.Whose
	t.Last = t.Last[:0]
	if m.Last >= 0 {
		t.Last = append(t.Last, m.Last)
	}
	if m.Removed >= 0 {
		t.Last = append(t.Last, m.Removed)
	}
	t.Line = m.Line
	t.Cursor = m.Cursor
	t.Hint = t.Hint[:0]
	if m.Hint >= 0 {
		t.Hint = append(t.Hint, m.Hint)
	}
	t.HintSeat = max(0, m.Mover)
	t.Refresh(b.host.Motion().Reduced)
	for i, mark := range r.marks {
		alpha := uint8(0xFF)
		switch i {
		case b.fadeIn:
			alpha = uint8(255 * b.fade)
		case m.Next:
			alpha = 0x60
		}
		seat := -1
		if i < len(m.Owners) {
			seat = int(m.Owners[i])
		}
		mark.Set(seat, alpha)
	}
	if b.fadeOut >= 0 && b.fade < 1 {
		r.gone.Place(t.Pos(b.fadeOut), c)
		r.gone.Set(b.outSeat, uint8(255*(1-b.fade)))
	} else {
		r.gone.Set(-1, 0)
	}
	if m.Ghost(b.hover) {
		r.ghost.Place(t.Pos(b.hover), c)
		r.ghost.Set(m.Mover, 0x50)
	} else {
		r.ghost.Set(-1, 0)
	}
	r.paintClock()
}

// paintClock draws a small clock in the corner of the mark that goes at
// the mover's next placement (FIFO).
func (r *renderer) paintClock() {
	m, t := &r.b.m, r.t
	if m.Next < 0 || m.Next >= len(m.Owners) {
		r.clock.Hide()
		r.hands[0].Hide()
		r.hands[1].Hide()
		return
	}
	c := t.Cell
	d := max(10, c*0.3)
	p := t.Pos(m.Next)
	x, y := p.X+c-d-c*0.06, p.Y+c*0.06
	ink := kit.WithAlpha(kit.Ink(), 0xD0)
	r.clock.FillColor = kit.WithAlpha(kit.SeatColor(m.Mover), 0x50)
	r.clock.StrokeColor = ink
	r.clock.StrokeWidth = max(1.5, d*0.1)
	r.clock.Move(fyne.NewPos(x, y))
	r.clock.Resize(fyne.NewSize(d, d))
	r.clock.Show()
	r.clock.Refresh()
	cx, cy := x+d/2, y+d/2
	ends := [2]fyne.Position{fyne.NewPos(cx, y+d*0.22), fyne.NewPos(cx+d*0.26, cy)}
	for i, h := range r.hands {
		h.StrokeColor = ink
		h.StrokeWidth = max(1.5, d*0.1)
		h.Position1, h.Position2 = fyne.NewPos(cx, cy), ends[i]
		h.Show()
		h.Refresh()
	}
}
