package revenge

import (
	"image/color"
	"time"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/canvas"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"

	game "github.com/tabulagames/tabula/games/revenge"
	"github.com/tabulagames/tabula/ui/boards/kit"
	"github.com/tabulagames/tabula/ui/frame"
)

// Board is the revenge board widget.
type Board struct {
	widget.BaseWidget
	host kit.Host
	m    Model

	hover   int // the square under the mouse, -1 none
	refused int // the locked square whose tap was just refused, -1 none
	drawn   int // the position drawn (its view index), so a move animates once
	fadeSq  int // the square of the move being animated, -1 none
	fade    float32
	running *fyne.Animation

	ctl *controls
	r   *renderer
}

// Entry is revenge tic-tac-toe as the app offers it (kit.Entry): its rules
// text and icon are help.md and icon.svg, which entry.go embeds.
var Entry = kit.Entry{
	Files: files,
	Game:  game.Game{},
	New:   New,
	// The symbols a player may choose for a seat (revenge.md section 1):
	// the four seat symbols first, then signs and letters that the app's
	// own font draws on every platform and that are not easily confused.
	Symbols: []string{"X", "O", "+", "*", "#", "@", "&", "Δ", "Ω", "Ψ", "Σ", "Φ"},
}

// New makes the board for the game screen.
func New(h kit.Host) kit.Board {
	b := &Board{host: h, m: NewModel(), hover: -1, refused: -1, drawn: -1, fadeSq: -1, fade: 1}
	b.ctl = newControls(b)
	b.ExtendBaseWidget(b)
	return b
}

// Controls are the turn badges with the steal records, the last move, what
// the square pointed at means, and the reinforcement question.
func (b *Board) Controls() fyne.CanvasObject { return b.ctl.box }

// Draw shows the frame's position; a new move fades in.
func (b *Board) Draw(f *frame.Frame, animate bool) {
	view := f.View
	b.m.Load(f)
	if view != b.drawn {
		b.refused = -1
		b.stopAnimation()
		if animate && b.m.Last >= 0 {
			b.animate()
		}
	}
	b.drawn = view
	b.ctl.refresh()
	b.Refresh()
}

// grid is the geometry for the widget's size now.
func (b *Board) grid() *kit.Grid {
	if r := b.r; r != nil && r.n == b.m.N {
		return r.grid
	}
	g := &kit.Grid{Files: b.m.N, Ranks: b.m.N}
	g.Fit(b.Size())
	return g
}

// SpokenSquares names each square for screen readers: "b3, O (Bo)".
func (b *Board) SpokenSquares() []kit.Spoken { return b.grid().SpokenSquares(b.m.Spoken) }

func (b *Board) CreateRenderer() fyne.WidgetRenderer {
	r := &renderer{b: b, pulseSq: -1}
	r.build()
	b.r = r
	return r
}

// lock is the padlock on a square the seat to move may not take: a
// shackle and a body on a round badge.
type lock struct {
	badge, shackle *canvas.Circle
	body           *canvas.Rectangle
}

func newLock() lock {
	l := lock{badge: canvas.NewCircle(color.Transparent), shackle: canvas.NewCircle(color.Transparent), body: canvas.NewRectangle(color.Transparent)}
	l.show(false)
	return l
}

func (l lock) objects() []fyne.CanvasObject { return []fyne.CanvasObject{l.badge, l.shackle, l.body} }

func (l lock) show(on bool) {
	for _, o := range l.objects() {
		if on {
			o.Show()
		} else {
			o.Hide()
		}
	}
}

// place puts the lock in the top-right corner of a square and paints it.
func (l lock) place(p fyne.Position, cell float32) {
	d := max(18, cell*0.3)
	x, y := p.X+cell-d-cell*0.04, p.Y+cell*0.04
	l.badge.Move(fyne.NewPos(x, y))
	l.badge.Resize(fyne.NewSize(d, d))
	l.badge.FillColor = kit.WithAlpha(theme.Color(theme.ColorNameBackground), 0xF0)
	l.badge.StrokeColor, l.badge.StrokeWidth = kit.Refused, max(1.5, d*0.07)
	w := d * 0.38
	l.shackle.Move(fyne.NewPos(x+(d-w)/2, y+d*0.18))
	l.shackle.Resize(fyne.NewSize(w, w))
	l.shackle.StrokeColor, l.shackle.StrokeWidth = kit.Ink(), max(1.5, d*0.08)
	bw, bh := d*0.52, d*0.34
	l.body.Move(fyne.NewPos(x+(d-bw)/2, y+d*0.42))
	l.body.Resize(fyne.NewSize(bw, bh))
	l.body.FillColor, l.body.CornerRadius = kit.Ink(), d*0.05
	for _, o := range l.objects() {
		o.Refresh()
	}
}

type renderer struct {
	b       *Board
	n       int
	grid    *kit.Grid
	cells   []*canvas.Rectangle
	glow    []*canvas.Rectangle
	marks   []*kit.Mark
	locks   []lock
	ring    *canvas.Circle // the last move
	kind    *canvas.Text   // the last move's kind, under its mark
	gone    *kit.Mark      // a stolen mark fading out
	ghost   *kit.Mark      // what a click would place or take
	take    *canvas.Circle // a click would steal: a red-tinted ring
	keep    *canvas.Rectangle
	pending *canvas.Rectangle // the reinforcement waiting for confirmation
	hint    *canvas.Rectangle
	cursor  *canvas.Rectangle
	flash   *canvas.Rectangle
	pulse   *fyne.Animation
	pulseSq int
	objects []fyne.CanvasObject
}

// build makes the objects for the board's current size.
func (r *renderer) build() {
	r.stopPulse()
	n := r.b.m.N
	r.n, r.grid = n, &kit.Grid{Files: n, Ranks: n}
	r.cells, r.glow, r.marks, r.locks = nil, nil, nil, nil
	r.objects = nil
	for i := 0; i < n*n; i++ {
		r.cells = append(r.cells, canvas.NewRectangle(color.Transparent))
		r.glow = append(r.glow, kit.NewGlow())
		r.objects = append(r.objects, r.cells[i], r.glow[i])
	}
	r.ring = kit.NewLastRing()
	r.objects = append(r.objects, r.ring)
	for i := 0; i < n*n; i++ {
		r.marks = append(r.marks, kit.NewMark())
		r.objects = append(r.objects, r.marks[i].Objects()...)
	}
	r.gone, r.ghost = kit.NewMark(), kit.NewMark()
	r.objects = append(r.objects, r.gone.Objects()...)
	r.objects = append(r.objects, r.ghost.Objects()...)
	r.take = canvas.NewCircle(color.Transparent)
	r.kind = canvas.NewText("", color.Transparent)
	r.kind.Alignment = fyne.TextAlignCenter
	r.keep, r.pending, r.hint, r.cursor = kit.NewOutline(), kit.NewOutline(), kit.NewOutline(), kit.NewOutline()
	r.flash = kit.NewOutline()
	r.objects = append(r.objects, r.take, r.kind, r.keep, r.pending, r.hint, r.cursor)
	for i := 0; i < n*n; i++ {
		r.locks = append(r.locks, newLock())
		r.objects = append(r.objects, r.locks[i].objects()...)
	}
	r.objects = append(r.objects, r.flash)
	r.objects = append(r.objects, r.grid.Labels()...)
}

func (r *renderer) Objects() []fyne.CanvasObject { return r.objects }
func (r *renderer) Destroy()                     { r.stopPulse() }
func (r *renderer) MinSize() fyne.Size           { return r.grid.MinSize(kit.MinTouch) }

func (r *renderer) stopPulse() {
	if r.pulse != nil {
		r.pulse.Stop()
		r.pulse = nil
	}
}

// Layout only moves and resizes.
func (r *renderer) Layout(size fyne.Size) {
	r.grid.Fit(size)
	r.grid.LayoutLabels()
	c := r.grid.Cell
	for i := range r.cells {
		p := r.pos(i)
		kit.PlaceInset(r.cells[i], p, c, 2)
		kit.PlaceInset(r.glow[i], p, c, 4)
		r.marks[i].Place(p, c)
	}
	r.paint()
}

func (r *renderer) Refresh() {
	if r.n != r.b.m.N {
		r.build()
		r.Layout(r.b.Size())
		canvas.Refresh(r.b)
		return
	}
	r.paint()
}

func (r *renderer) pos(sq int) fyne.Position { return r.grid.CellPos(sq%r.n, sq/r.n) }

// paint copies the model into the objects and reads the theme colours.
func (r *renderer) paint() {
	b, m, c := r.b, &r.b.m, r.grid.Cell
	light, darkTone := kit.SquareTones()
	win := map[int]bool{}
	for _, sq := range m.Line {
		win[sq] = true
	}
	for i, cell := range r.cells {
		cell.FillColor = light
		if (i%r.n+i/r.n)%2 == 0 {
			cell.FillColor = darkTone
		}
		cell.CornerRadius = kit.TileRadius(c)
		cell.Refresh()
		r.glow[i].Hidden = !win[i]
		r.glow[i].Refresh()
		seat, alpha := int(m.Owners[i]), uint8(0xFF)
		if i == b.fadeSq {
			alpha = b.fadeAlpha()
		}
		r.marks[i].SetSymbol(seat, r.symbol(seat), alpha)
		if m.Locks[i] != "" {
			r.locks[i].place(r.pos(i), c)
			r.locks[i].show(true)
		} else {
			r.locks[i].show(false)
		}
	}
	r.paintLast()
	r.paintGhost()
	outline(r.pending, r.pos(m.Pending), c, m.Pending >= 0, kit.SeatInk(max(0, m.Mover)), 4)
	outline(r.cursor, r.pos(m.Cursor), c, m.Cursor >= 0, kit.Ink(), 5)
	r.paintHint()
}

// symbol is what the board draws for a seat.
func (r *renderer) symbol(seat int) string {
	if syms := r.b.m.Symbols; seat >= 0 && seat < len(syms) {
		return syms[seat]
	}
	return frame.Symbol(max(0, seat))
}

// lastCaption is what the last move did, in the past: "steal" under a
// lock read as an invitation to take the square.
func lastCaption(k game.MoveKind) string {
	switch k {
	case game.Steal:
		return "stolen"
	case game.Reinforce:
		return "reinforced"
	default:
		return "placed"
	}
}

// paintLast rings the last move's square and writes its kind under the
// mark; a stolen mark fades out while the new one fades in.
func (r *renderer) paintLast() {
	b, m, c := r.b, &r.b.m, r.grid.Cell
	r.gone.SetSymbol(-1, "", 0)
	if m.Last < 0 {
		r.ring.Hide()
		r.kind.Hide()
		return
	}
	p := r.pos(m.Last)
	r.ring.StrokeColor = kit.LastRingColor()
	kit.PlaceInset(r.ring, p, c, c*0.08)
	r.ring.Show()
	r.ring.Refresh()
	r.kind.Text, r.kind.Color = lastCaption(m.LastKind), kit.Ink()
	r.kind.TextSize = max(9, min(theme.CaptionTextSize(), c*0.14))
	// The caption's box is as tall as its text and ends inside the square:
	// a box of a fifth of the square spilt the text over the edge of a
	// phone's smaller squares.
	h := fyne.MeasureText(r.kind.Text, r.kind.TextSize, r.kind.TextStyle).Height
	r.kind.Move(fyne.NewPos(p.X, p.Y+c-h-max(1, c*0.03)))
	r.kind.Resize(fyne.NewSize(c, h))
	r.kind.Show()
	r.kind.Refresh()
	if b.fadeSq == m.Last && m.LastKind == game.Steal && m.Victim >= 0 {
		r.gone.Place(p, c)
		r.gone.SetSymbol(m.Victim, r.symbol(m.Victim), uint8(255*(1-b.fade)))
	}
}

// paintGhost previews what a click on the square under the mouse does: a
// faint mark to place, a faint mark in a red-tinted ring to steal, an
// outline to reinforce.
func (r *renderer) paintGhost() {
	b, m, c := r.b, &r.b.m, r.grid.Cell
	kind, ok := m.Ghost(b.hover)
	r.ghost.SetSymbol(-1, "", 0)
	r.take.Hide()
	r.keep.Hide()
	if !ok || b.hover == m.Pending {
		return
	}
	p := r.pos(b.hover)
	switch kind {
	case game.Reinforce:
		outline(r.keep, p, c, true, kit.SeatInk(m.Mover), 6)
		return
	case game.Steal:
		r.take.FillColor, r.take.StrokeColor, r.take.StrokeWidth = color.Transparent, kit.CaptureColor, 3
		kit.PlaceInset(r.take, p, c, c*0.06)
		r.take.Show()
		r.take.Refresh()
	}
	r.ghost.Place(p, c)
	r.ghost.SetSymbol(m.Mover, r.symbol(m.Mover), 0x60)
}

// paintHint pulses an outline on the hinted square in the mover's colour.
func (r *renderer) paintHint() {
	m, c := &r.b.m, r.grid.Cell
	reduced := r.b.host.Motion().Reduced
	if m.Hint != r.pulseSq || (m.Hint >= 0 && r.pulse == nil && !reduced) {
		r.stopPulse()
		r.pulseSq = m.Hint
		if m.Hint < 0 {
			r.hint.Hide()
			return
		}
		r.pulse = kit.Pulse(r.hint, kit.SeatInk(max(0, m.Mover)), reduced)
	}
	if m.Hint >= 0 {
		kit.PlaceOutline(r.hint, r.pos(m.Hint), c, 6)
	}
}

// flashAt shows briefly that a square was refused.
func (r *renderer) flashAt(sq int) {
	kit.PlaceOutline(r.flash, r.pos(sq), r.grid.Cell, 3)
	kit.Flash(r.flash, time.Duration(r.b.host.Motion().Scale(400))*time.Millisecond)
}

// outline shows a square's outline inset by inset, or hides it.
func outline(o *canvas.Rectangle, p fyne.Position, cell float32, on bool, col color.Color, inset float32) {
	if !on {
		o.Hide()
		return
	}
	o.FillColor, o.StrokeColor, o.StrokeWidth = color.Transparent, col, 3
	kit.PlaceOutline(o, p, cell, inset)
	o.Show()
	o.Refresh()
}
