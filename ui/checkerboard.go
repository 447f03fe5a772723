package ui

import (
	"fmt"
	"image/color"
	"strings"
	"time"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/canvas"
	"fyne.io/fyne/v2/driver/desktop"
	"fyne.io/fyne/v2/widget"

	"github.com/tabulagames/tabula/games"
	"github.com/tabulagames/tabula/games/checkerboard"
	"github.com/tabulagames/tabula/ui/boards/kit"
	"github.com/tabulagames/tabula/ui/session"
)

// checkerboardBoard is checkerboard four-in-a-row on a size x size board:
// tap an empty square to place; arrows move a cursor, Enter or Space
// places. With FIFO on, the mark that goes at the mover's next placement
// is drawn faded with a small clock, before that placement.
type checkerboardBoard struct {
	widget.BaseWidget
	host kit.Host

	n       int
	owners  []int8
	last    int // square of the last placement, -1 none
	removed int // square the last placement's FIFO removal emptied, -1 none
	line    []int
	hint    int // hinted square, -1 none
	mover   int // seat to move, -1 when over
	input   bool
	next    int // the mark that goes at the mover's next placement, -1 none
	cursor  int
	hover   int
	fadeIn  int
	fadeOut int // removed square whose mark is fading out
	outSeat int
	fade    float32
	running *fyne.Animation

	note *widget.Label // FIFO counters and the coin toss, under the board
	r    *checkerboardRenderer
}

func newCheckerboardBoard(h kit.Host) kit.Board {
	b := &checkerboardBoard{host: h, n: 8, last: -1, removed: -1, hint: -1, mover: -1, next: -1,
		cursor: -1, hover: -1, fadeIn: -1, fadeOut: -1, fade: 1}
	b.owners = make([]int8, 64)
	for i := range b.owners {
		b.owners[i] = -1
	}
	b.note = widget.NewLabel("")
	b.note.Wrapping = fyne.TextWrapWord
	b.note.Alignment = fyne.TextAlignCenter
	b.note.Hide()
	b.ExtendBaseWidget(b)
	return b
}

// Controls is the line under the board: FIFO counters, the coin toss.
func (b *checkerboardBoard) Controls() fyne.CanvasObject { return b.note }

func (b *checkerboardBoard) Draw(s *session.Session, animate bool) {
	st := s.Viewed().(*checkerboard.State)
	if st.Size() != b.n {
		b.n = st.Size()
		b.cursor, b.hover = -1, -1
	}
	prevLast := b.last
	b.owners = append(b.owners[:0], st.Cells()...)
	b.last, b.removed = -1, -1
	if m := st.LastPlaced(); m != games.NoMove {
		b.last = int(m)
	}
	if m := st.LastRemoved(); m != games.NoMove {
		b.removed = int(m)
	}
	b.line = b.line[:0]
	for _, sq := range st.Outcome().Line {
		if f, r, err := games.ParseSquare(sq, b.n, b.n); err == nil {
			b.line = append(b.line, r*b.n+f)
		}
	}
	b.hint = -1
	if h := s.Hint(); h != nil && !s.Viewing() {
		if f, r, err := games.ParseSquare(h.Token, b.n, b.n); err == nil {
			b.hint = r*b.n + f
		}
	}
	b.mover = -1
	if to := st.ToMove(); len(to) > 0 {
		b.mover = to[0]
	}
	b.next = -1
	if f, r, ok := st.NextRemoval(); ok {
		b.next = r*b.n + f
	}
	b.input = s.HumanToMove() >= 0
	if b.running != nil {
		b.running.Stop()
		b.running = nil
	}
	b.fadeIn, b.fadeOut, b.fade = -1, -1, 1
	if animate && b.last >= 0 && b.last != prevLast {
		b.animate(b.last, b.removed, int(st.Cells()[b.last]))
	}
	b.setNote(s, st)
	b.Refresh()
}

// setNote writes the counters and the coin toss under the kit.
func (b *checkerboardBoard) setNote(s *session.Session, st *checkerboard.State) {
	var parts []string
	if s.ViewIndex() == 0 && (st.CoinTossed() || st.First() != 0) {
		who := fmt.Sprintf("%s (%s)", s.Seats[st.First()].Name, kit.SeatSymbols[st.First()])
		if st.CoinTossed() {
			parts = append(parts, "Coin toss: "+who+" places first.")
		} else {
			parts = append(parts, who+" places first.")
		}
	}
	if k := st.Fifo(); k > 0 {
		c := fmt.Sprintf("FIFO: X %d/%d · O %d/%d.", st.Marks(0), k, st.Marks(1), k)
		if b.next >= 0 && b.mover >= 0 {
			c += fmt.Sprintf(" The faded %s with a clock on %s goes at %s's next placement.",
				kit.SeatSymbols[b.mover], games.SquareName(b.next%b.n, b.next/b.n), kit.SeatSymbols[b.mover])
		}
		parts = append(parts, c)
	}
	text := strings.Join(parts, "  ")
	if text == "" {
		b.note.Hide()
		return
	}
	b.note.SetText(text)
	b.note.Show()
}

// animate fades the new mark in and the FIFO-removed one out (UX.md:
// 150-250 ms; none under reduced motion).
func (b *checkerboardBoard) animate(in, out, seat int) {
	d := b.host.Motion().Scale(200)
	if d == 0 {
		return
	}
	b.fadeIn, b.fadeOut, b.outSeat, b.fade = in, out, seat, 0
	a := fyne.NewAnimation(time.Duration(d)*time.Millisecond, func(f float32) {
		b.fade = f
		if f >= 1 {
			b.fadeIn, b.fadeOut = -1, -1
		}
		b.Refresh()
	})
	a.Curve = fyne.AnimationEaseOut
	b.running = a
	a.Start()
}

func (b *checkerboardBoard) play(sq int) {
	if sq < 0 || sq >= b.n*b.n {
		return
	}
	if err := b.host.Submit(games.SquareName(sq%b.n, sq/b.n)); err != nil {
		b.host.Refuse(err.Error())
		b.flash(sq)
	}
}

func (b *checkerboardBoard) flash(sq int) {
	if r := b.r; r != nil {
		r.t.Flash(sq, time.Duration(b.host.Motion().Scale(400))*time.Millisecond)
	}
}

// territory is the current geometry (the renderer's, or one fitted now).
func (b *checkerboardBoard) territory() *kit.Territory {
	if r := b.r; r != nil && r.t.N == b.n {
		return r.t
	}
	t := &kit.Territory{Grid: kit.Grid{Files: b.n, Ranks: b.n}, N: b.n}
	t.Fit(b.Size())
	return t
}

func (b *checkerboardBoard) Tapped(ev *fyne.PointEvent) {
	if sq := b.territory().Square(ev.Position); sq >= 0 {
		b.cursor = -1
		b.play(sq)
	}
}

// MouseIn, MouseMoved and MouseOut show a faint ghost of the mark a click
// would place.
func (b *checkerboardBoard) MouseIn(ev *desktop.MouseEvent) { b.MouseMoved(ev) }
func (b *checkerboardBoard) MouseMoved(ev *desktop.MouseEvent) {
	if sq := b.territory().Square(ev.Position); sq != b.hover {
		b.hover = sq
		b.Refresh()
	}
}
func (b *checkerboardBoard) MouseOut() { b.hover = -1; b.Refresh() }

// Key: arrows move the cursor (it appears on the last move, or near the
// middle), Enter or Space places there. Escape hides the cursor and is
// not used, so the screen can go back.
func (b *checkerboardBoard) Key(k fyne.KeyName) bool {
	n := b.n
	switch k {
	case fyne.KeyUp, fyne.KeyDown, fyne.KeyLeft, fyne.KeyRight:
		if b.cursor < 0 || b.cursor >= n*n {
			b.cursor = b.last
			if b.cursor < 0 {
				b.cursor = (n/2)*n + n/2 - 1
			}
			b.Refresh()
			return true
		}
		b.cursor = territoryCursor(b.cursor, n, k)
		b.Refresh()
		return true
	case fyne.KeyReturn, fyne.KeyEnter, fyne.KeySpace:
		if b.cursor < 0 {
			return false
		}
		b.play(b.cursor)
		return true
	case fyne.KeyEscape:
		if b.cursor >= 0 {
			b.cursor = -1
			b.Refresh()
		}
		return false
	}
	return false
}

// territoryCursor moves a square index on an n x n board by an arrow key
// (up is towards the top rank), stopping at the edges.
func territoryCursor(sq, n int, k fyne.KeyName) int {
	f, r := sq%n, sq/n
	switch k {
	case fyne.KeyUp:
		r = min(n-1, r+1)
	case fyne.KeyDown:
		r = max(0, r-1)
	case fyne.KeyLeft:
		f = max(0, f-1)
	case fyne.KeyRight:
		f = min(n-1, f+1)
	}
	return r*n + f
}

func (b *checkerboardBoard) CreateRenderer() fyne.WidgetRenderer {
	r := &checkerboardRenderer{b: b}
	r.build()
	b.r = r
	return r
}

type checkerboardRenderer struct {
	b       *checkerboardBoard
	t       *kit.Territory
	marks   []*kit.Mark
	ghost   *kit.Mark // the mark a click would place
	gone    *kit.Mark // the FIFO-removed mark, fading out
	clock   *canvas.Circle
	hands   [2]*canvas.Line
	objects []fyne.CanvasObject
}

// build makes the objects for the board's current size.
func (r *checkerboardRenderer) build() {
	n := r.b.n
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

func (r *checkerboardRenderer) Objects() []fyne.CanvasObject { return r.objects }
func (r *checkerboardRenderer) Destroy()                     { r.t.StopPulse() }
func (r *checkerboardRenderer) MinSize() fyne.Size {
	return r.t.MinSize(max(24, kit.MinTouch*6/float32(r.b.n)))
}

func (r *checkerboardRenderer) Layout(size fyne.Size) {
	r.t.Layout(size)
	for i, m := range r.marks {
		m.Place(r.t.Pos(i), r.t.Cell)
	}
	r.paint()
}

func (r *checkerboardRenderer) Refresh() {
	if r.t.N != r.b.n {
		r.build()
		r.Layout(r.b.Size())
		canvas.Refresh(r.b)
		return
	}
	r.paint()
}

// paint copies the model into the objects and reads the theme colours.
func (r *checkerboardRenderer) paint() {
	b, t, c := r.b, r.t, r.t.Cell
	t.Last = t.Last[:0]
	if b.last >= 0 {
		t.Last = append(t.Last, b.last)
	}
	if b.removed >= 0 {
		t.Last = append(t.Last, b.removed)
	}
	t.Line = b.line
	t.Cursor = b.cursor
	t.Hint = t.Hint[:0]
	if b.hint >= 0 {
		t.Hint = append(t.Hint, b.hint)
	}
	t.HintSeat = max(0, b.mover)
	t.Refresh(b.host.Motion().Reduced)
	for i, m := range r.marks {
		alpha := uint8(0xFF)
		switch i {
		case b.fadeIn:
			alpha = uint8(255 * b.fade)
		case b.next:
			alpha = 0x60
		}
		seat := -1
		if i < len(b.owners) {
			seat = int(b.owners[i])
		}
		m.Set(seat, alpha)
	}
	if b.fadeOut >= 0 && b.fade < 1 {
		r.gone.Place(t.Pos(b.fadeOut), c)
		r.gone.Set(b.outSeat, uint8(255*(1-b.fade)))
	} else {
		r.gone.Set(-1, 0)
	}
	if b.input && b.hover >= 0 && b.hover < len(b.owners) && b.owners[b.hover] < 0 && b.mover >= 0 {
		r.ghost.Place(t.Pos(b.hover), c)
		r.ghost.Set(b.mover, 0x50)
	} else {
		r.ghost.Set(-1, 0)
	}
	r.paintClock()
}

// paintClock draws a small clock in the corner of the mark that goes at
// the mover's next placement (FIFO).
func (r *checkerboardRenderer) paintClock() {
	b, t := r.b, r.t
	if b.next < 0 || b.next >= len(b.owners) {
		r.clock.Hide()
		r.hands[0].Hide()
		r.hands[1].Hide()
		return
	}
	c := t.Cell
	d := max(10, c*0.3)
	p := t.Pos(b.next)
	x, y := p.X+c-d-c*0.06, p.Y+c*0.06
	ink := kit.WithAlpha(kit.Ink(), 0xD0)
	r.clock.FillColor = kit.WithAlpha(kit.SeatColor(b.mover), 0x50)
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

// SpokenSquares names each square for screen readers, as
// checkerboard.md asks: "e6, empty, X's target half".
func (b *checkerboardBoard) SpokenSquares() []kit.Spoken {
	return b.territory().SpokenSquares(b.describe)
}

// describe names a square and what is on it. X's home is the bottom half,
// so it is O's target.
func (b *checkerboardBoard) describe(sq int) string {
	n := b.n
	what := "empty"
	if o := b.owners[sq]; o >= 0 {
		what = kit.SeatSymbols[o]
	}
	target := "X"
	if sq/n < n/2 {
		target = "O"
	}
	return games.SquareName(sq%n, sq/n) + ", " + what + ", " + target + "'s target half"
}

// TappedSecondary (a right-click, or a long press on a phone) describes a
// square, and with FIFO on says when a mark is the next to go.
func (b *checkerboardBoard) TappedSecondary(ev *fyne.PointEvent) {
	sq := b.territory().Square(ev.Position)
	if sq < 0 {
		return
	}
	text := b.describe(sq)
	if sq == b.next && b.mover >= 0 {
		text += "; it goes at " + kit.SeatSymbols[b.mover] + "'s next placement (FIFO)"
	}
	b.host.Say(text + ".")
}
