package infiltration

import (
	"fmt"
	"image/color"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/canvas"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"

	game "github.com/tabulagames/tabula/games/infiltration"
	"github.com/tabulagames/tabula/ui/boards/kit"
	"github.com/tabulagames/tabula/ui/frame"
)

// Board is the infiltration board widget with its controls: the phase
// line, both hands and the pie prompt.
type Board struct {
	widget.BaseWidget
	host kit.Host
	m    Model

	hover    int  // square under the mouse, -1 none
	dragFrom int  // the piece being dragged, -1 none
	dragSeen bool // the current drag has been looked at
	dragPos  fyne.Position
	dropping bool // a dragged piece is being played where it was let go
	anim     slide
	running  *fyne.Animation
	r        *renderer

	phase    *widget.Label
	handBtns [2][2]*kit.Chip // their pieces sized by chipIcon
	hands    *fyne.Container
	handsAt  *handsLayout // side by side, or stacked on a narrow phone
	phone    bool
	pie      *fyne.Container
	pieText  *widget.Label
	controls fyne.CanvasObject
}

// Entry is infiltration as the app offers it (kit.Entry): its rules
// text and icon are help.md and icon.svg, which entry.go embeds.
var Entry = kit.Entry{Game: game.Game{}, New: New, Files: files}

// New makes the board for the game screen.
func New(h kit.Host) kit.Board {
	b := &Board{host: h, m: NewModel(), hover: -1, dragFrom: -1, anim: noSlide(), phone: h.Phone()}
	b.ExtendBaseWidget(b)
	b.buildControls()
	return b
}

// Draw shows the frame's position; the last action slides in
// when it is one step forward.
func (b *Board) Draw(f *frame.Frame, animate bool) {
	fresh, forward := b.m.Load(f)
	if fresh {
		b.dragFrom = -1
	}
	if b.running != nil {
		b.running.Stop()
		b.running = nil
	}
	b.anim = noSlide()
	if animate && forward {
		a := slide{Moved: b.m.Moved}
		if b.dropping {
			a.From, a.To = -1, -1 // the hand already carried it there
		}
		b.startSlide(a)
	}
	b.setPhase()
	b.refreshControls()
	b.Refresh()
}

// ---- controls under the board: the phase, both hands, the pie prompt ----

func (b *Board) buildControls() {
	b.phase = widget.NewLabel("")
	b.phase.Alignment = fyne.TextAlignCenter
	b.phase.Truncation = fyne.TextTruncateEllipsis
	var hands []fyne.CanvasObject
	for seat := 0; seat < 2; seat++ {
		sym := canvas.NewText(kit.SeatSymbols[seat], kit.SeatInk(seat))
		sym.TextStyle.Bold = true
		sym.TextSize = 20
		row := []fyne.CanvasObject{container.NewCenter(sym)}
		if !b.phone {
			row = append(row, container.NewCenter(widget.NewLabel("hand"))) // level with the taller chips
		}
		for k := 0; k < 2; k++ {
			seat, k := seat, k
			btn := kit.NewChip("0", pieceIcon(seat, k == 1), func() { b.unfocus(); b.act(b.m.ChooseHand(seat, k)) })
			btn.IconSize = chipIcon(0, b.phone)
			btn.Narrow = b.phone
			b.handBtns[seat][k] = btn
			row = append(row, btn)
		}
		hands = append(hands, container.NewHBox(row...))
	}
	b.pieText = widget.NewLabel("")
	swap := widget.NewButton("Swap sides", func() {
		b.unfocus()
		b.act(Reply{Token: "swap", Square: -1})
	})
	swap.Importance = widget.HighImportance
	keep := widget.NewButton("Keep", func() {
		b.unfocus()
		b.m.PieKept = true
		b.refreshControls()
	})
	b.pie = container.NewCenter(container.NewHBox(b.pieText, swap, keep))
	b.pie.Hide()
	b.handsAt = &handsLayout{}
	b.hands = container.New(b.handsAt, hands...)
	// The phase line and the pie prompt share one row that keeps the room
	// of the taller, shown or not, so the board does not jump when the
	// phase line goes or the prompt takes its place.
	line := container.New(steadyLayout{}, b.phase, b.pie)
	b.controls = container.NewVBox(line, b.hands)
}

// chipIcon is the size of the pieces on the hand chips for a board of
// this width: they grow with the board's squares, and on a phone a chip
// (the icon and the button's padding) is a 44 dp touch target at least.
func chipIcon(boardWidth float32, phone bool) float32 {
	lo := float32(20)
	if phone {
		lo = kit.MinTouch - 2*theme.InnerPadding()
	}
	return min(max(lo, boardWidth/8*0.5), 36)
}

// sizeChips fits the hand chips to the board's width (not its height,
// which the chips' own row takes from: sizing by it would go round).
func (b *Board) sizeChips(width float32) {
	icon := chipIcon(width, b.phone)
	for _, seat := range b.handBtns {
		for _, chip := range seat {
			chip.SetIconSize(icon)
		}
	}
	// Not only on a phone: wherever the two hands do not fit side by
	// side (a desktop board given little width), they stack; at 360 px
	// O's king chip was once cut off.
	if stack := !beside(b.hands.Objects, width); stack != b.handsAt.stack {
		b.handsAt.stack = stack
		b.hands.Refresh()
	}
}

// handsLayout spaces the two hands evenly along the row or, on
// a phone too narrow for both side by side (a real 412 px window is
// 294 dp), one above the other, so they never run together. Which of the
// two is decided from the width the board was last given (on a phone the
// row's width too): a layout's MinSize cannot ask for the width.
type handsLayout struct{ stack bool }

// beside is whether both hands fit side by side in width, with a
// padding at least before, between and after them.
func beside(objs []fyne.CanvasObject, width float32) bool {
	return objs[0].MinSize().Width+objs[1].MinSize().Width+3*theme.Padding() <= width
}

func (l *handsLayout) MinSize(objs []fyne.CanvasObject) fyne.Size {
	a, b := objs[0].MinSize(), objs[1].MinSize()
	if l.stack {
		return fyne.NewSize(max(a.Width, b.Width), a.Height+theme.Padding()+b.Height)
	}
	return fyne.NewSize(a.Width+b.Width+3*theme.Padding(), max(a.Height, b.Height))
}

func (l *handsLayout) Layout(objs []fyne.CanvasObject, size fyne.Size) {
	a, b := objs[0].MinSize(), objs[1].MinSize()
	if l.stack {
		objs[0].Move(fyne.NewPos((size.Width-a.Width)/2, 0))
		objs[0].Resize(a)
		objs[1].Move(fyne.NewPos((size.Width-b.Width)/2, a.Height+theme.Padding()))
		objs[1].Resize(b)
		return
	}
	// The room left over goes evenly before, between and after them.
	h := max(a.Height, b.Height)
	gap := max(0, (size.Width-a.Width-b.Width)/3)
	objs[0].Move(fyne.NewPos(gap, 0))
	objs[0].Resize(fyne.NewSize(a.Width, h))
	objs[1].Move(fyne.NewPos(gap+a.Width+gap, 0))
	objs[1].Resize(fyne.NewSize(b.Width, h))
}

// steadyLayout stacks its objects and is as tall as the tallest of them,
// shown or hidden.
type steadyLayout struct{}

func (steadyLayout) MinSize(objs []fyne.CanvasObject) fyne.Size {
	var s fyne.Size
	for _, o := range objs {
		s = s.Max(o.MinSize())
	}
	return s
}

func (steadyLayout) Layout(objs []fyne.CanvasObject, size fyne.Size) {
	for _, o := range objs {
		o.Move(fyne.Position{})
		o.Resize(size)
	}
}

// unfocus gives the keys back to the board after a button under it was
// tapped (a focused button would take the arrows and Enter).
func (b *Board) unfocus() {
	if c := fyne.CurrentApp().Driver().CanvasForObject(b); c != nil {
		c.Unfocus()
	}
}

// Controls are the phase line, the two hands and the pie prompt.
func (b *Board) Controls() fyne.CanvasObject { return b.controls }

func (b *Board) setPhase() {
	b.phase.SetText(b.m.Phase)
	if b.m.Phase == "" {
		b.phase.Hide()
	} else {
		b.phase.Show()
	}
}

func (b *Board) refreshControls() {
	m := &b.m
	for seat := 0; seat < 2; seat++ {
		for k := 0; k < 2; k++ {
			btn := b.handBtns[seat][k]
			btn.SetText(fmt.Sprintf("×%d", m.Hands[seat][k]))
			// Buttons stay enabled (a disabled icon loses its colours and
			// crown); a tap that cannot drop says why.
			btn.Importance = widget.LowImportance
			switch {
			case seat == m.Mover && k == m.HandSel:
				btn.Importance = widget.HighImportance
			case m.Input && seat == m.Mover && m.Hands[seat][k] > 0 && m.Chain < 0:
				btn.Importance = widget.MediumImportance
			}
			btn.Refresh()
		}
	}
	if m.ShowPie() {
		b.pieText.SetText("Pie rule: take X's piece?")
		b.pie.Show()
		b.phase.Hide()
	} else {
		b.pie.Hide()
		if b.phase.Text != "" {
			b.phase.Show()
		}
	}
}

// territory is the current geometry (the renderer's, or one fitted now).
// HeightFor is the board's height at a phone's full width (kit.Portrait).
func (b *Board) HeightFor(width float32) float32 { return kit.TerritoryHeight(width) }

func (b *Board) territory() *kit.Territory {
	if b.r != nil {
		return b.r.t
	}
	t := &kit.Territory{Grid: kit.Grid{Files: 8, Ranks: 8}, N: 8}
	t.Fit(b.Size())
	return t
}

// SpokenSquares names each square for screen readers: "c3, X man, X's
// home half".
func (b *Board) SpokenSquares() []kit.Spoken { return b.territory().SpokenSquares(b.m.Spoken) }

func (b *Board) CreateRenderer() fyne.WidgetRenderer {
	r := &renderer{b: b, t: kit.NewTerritory(8)}
	r.objects = append(r.objects, r.t.Under()...)
	for i := range r.pieces {
		r.pieces[i] = newPiece()
		r.objects = append(r.objects, r.pieces[i].objects()...)
	}
	r.gone, r.ghost = newPiece(), newPiece()
	r.objects = append(r.objects, r.gone.objects()...)
	r.objects = append(r.objects, r.ghost.objects()...)
	r.objects = append(r.objects, r.t.Over()...)
	b.r = r
	return r
}

type renderer struct {
	b       *Board
	t       *kit.Territory
	pieces  [64]*piece
	gone    *piece // a captured piece leaving
	ghost   *piece // the piece a click would drop
	objects []fyne.CanvasObject
}

func (r *renderer) Objects() []fyne.CanvasObject { return r.objects }
func (r *renderer) Destroy()                     { r.t.StopPulse() }
func (r *renderer) MinSize() fyne.Size           { return r.t.MinSize(kit.MinTouch * 0.8) }

func (r *renderer) Layout(size fyne.Size) {
	r.b.sizeChips(size.Width)
	r.t.Layout(size)
	r.Refresh()
}

// Refresh copies the model into the objects and reads the theme colours.
func (r *renderer) Refresh() {
	b, m, t := r.b, &r.b.m, r.t
	t.Last = append(t.Last[:0], m.Last...)
	t.Line = m.Line
	t.Cursor = m.Cursor
	t.Selected = m.Sel
	t.Dots = append(t.Dots[:0], m.Dots()...)
	t.Captures = append(t.Captures[:0], m.Captures()...)
	t.Hint = append(t.Hint[:0], m.Hint...)
	t.HintSeat = max(0, m.Mover)
	t.Refresh(b.host.Motion().Reduced)

	c := t.Cell
	a := b.anim
	moving := a.f < 1
	for sq, p := range r.pieces {
		v := m.Cells[sq]
		centre := t.Mid(sq)
		scale, alpha := float32(1), uint8(0xFF)
		if moving && sq == a.To && a.From >= 0 {
			from := t.Mid(a.From)
			centre = fyne.NewPos(from.X+(centre.X-from.X)*a.f, from.Y+(centre.Y-from.Y)*a.f)
		}
		if moving && sq == a.Enter {
			scale, alpha = 0.6+0.4*a.f, uint8(255*a.f)
		}
		if sq == b.dragFrom {
			alpha = 0x50 // the piece in hand is drawn at the pointer (ghost)
		}
		p.set(v, alpha)
		p.place(centre, c*0.78*scale)
	}
	if moving && a.Gone >= 0 {
		r.gone.set(a.GoneV, uint8(255*(1-a.f)))
		r.gone.place(t.Mid(a.Gone), c*0.78*(1-0.5*a.f))
	} else {
		r.gone.set(0, 0)
		r.gone.place(fyne.Position{}, 0)
	}
	if b.dragFrom >= 0 {
		r.ghost.set(m.Cells[b.dragFrom], 0xFF)
		r.ghost.place(b.dragPos, c*0.78*1.1)
	} else if k := m.DropAt(b.hover); k >= 0 {
		r.ghost.set(cellOf(m.Mover, k == 1), 0x60)
		r.ghost.place(t.Mid(b.hover), c*0.78)
	} else {
		r.ghost.set(0, 0)
		r.ghost.place(fyne.Position{}, 0)
	}
}

// ---- pieces ----

// piece is a disc in the seat's colour with the seat's shape on it (a
// cross for X, a ring for O); a king wears a crown above a smaller shape
// and a gold rim.
type piece struct {
	disc  *canvas.Circle
	lines [2]*canvas.Line
	ring  *canvas.Circle
	crown *canvas.ArbitraryPolygon
	v     int8
	alpha uint8
	shown bool
}

func newPiece() *piece {
	p := &piece{disc: canvas.NewCircle(color.Transparent), ring: canvas.NewCircle(color.Transparent)}
	for i := range p.lines {
		p.lines[i] = canvas.NewLine(color.Transparent)
	}
	p.crown = canvas.NewArbitraryPolygon([]fyne.Position{
		{X: 0, Y: 0.25}, {X: 0.25, Y: 0.55}, {X: 0.5, Y: 0}, {X: 0.75, Y: 0.55}, {X: 1, Y: 0.25}, {X: 0.88, Y: 1}, {X: 0.12, Y: 1},
	}, color.Transparent)
	p.crown.NormalizedPoints = true
	p.shown = true
	p.hide()
	return p
}

func (p *piece) objects() []fyne.CanvasObject {
	return []fyne.CanvasObject{p.disc, p.ring, p.lines[0], p.lines[1], p.crown}
}

func (p *piece) hide() {
	if !p.shown {
		return
	}
	p.shown = false
	for _, o := range p.objects() {
		o.Hide()
	}
}

func (p *piece) set(v int8, alpha uint8) { p.v, p.alpha = v, alpha }

// pieceInk is the dark ink of the shapes on a piece.
var pieceInk = kit.PieceInk

// place draws the piece centred at c with diameter d.
func (p *piece) place(c fyne.Position, d float32) {
	if p.v <= 0 || p.alpha == 0 || d <= 0 {
		p.hide()
		return
	}
	p.shown = true
	seat, king := ownerOf(p.v), isKing(p.v)
	col := kit.WithAlpha(kit.SeatColor(seat), p.alpha)
	ink := kit.WithAlpha(pieceInk, uint8(int(p.alpha)*0xE0/0xFF))
	p.disc.FillColor = col
	p.disc.StrokeColor = kit.WithAlpha(kit.SeatEdge(seat), p.alpha)
	p.disc.StrokeWidth = max(1.5, d*0.05)
	if king {
		// The crown tells a king; its rim is its seat's, only bolder (gold
		// is the winning line's, UX.md, and showed on blue, not on amber).
		p.disc.StrokeWidth = max(2, d*0.08)
	}
	p.disc.Move(fyne.NewPos(c.X-d/2, c.Y-d/2))
	p.disc.Resize(fyne.NewSize(d, d))
	p.disc.Show()
	p.disc.Refresh()

	// The seat's shape: centred on a man, small under the crown on a king.
	s, cy := d*0.42, c.Y
	if king {
		s, cy = d*0.2, c.Y+d*0.22
	}
	w := max(1.5, s*0.22)
	p.ring.Hide()
	p.lines[0].Hide()
	p.lines[1].Hide()
	if seat == 0 {
		h := s / 2
		ends := [2][2]fyne.Position{{{X: c.X - h, Y: cy - h}, {X: c.X + h, Y: cy + h}}, {{X: c.X - h, Y: cy + h}, {X: c.X + h, Y: cy - h}}}
		for i, l := range p.lines {
			l.StrokeColor, l.StrokeWidth = ink, w
			l.Position1, l.Position2 = ends[i][0], ends[i][1]
			l.Show()
			l.Refresh()
		}
	} else {
		p.ring.FillColor = color.Transparent
		p.ring.StrokeColor, p.ring.StrokeWidth = ink, w
		p.ring.Move(fyne.NewPos(c.X-s/2, cy-s/2))
		p.ring.Resize(fyne.NewSize(s, s))
		p.ring.Show()
		p.ring.Refresh()
	}
	if king {
		cw, ch := d*0.56, d*0.36
		p.crown.FillColor = ink
		p.crown.Move(fyne.NewPos(c.X-cw/2, c.Y-d*0.08-ch/2-d*0.06))
		p.crown.Resize(fyne.NewSize(cw, ch))
		p.crown.Show()
		p.crown.Refresh()
	} else {
		p.crown.Hide()
	}
}

// pieceIcon is the icon of a man or a king of a seat, for the hand buttons.
func pieceIcon(seat int, king bool) fyne.Resource {
	fill := [2]string{"#F0A500", "#44B4FF"}[seat%2]
	rim := [2]string{"#845A00", "#25638C"}[seat%2]
	shape := `<path d="M7.5 7.5L16.5 16.5M7.5 16.5L16.5 7.5" stroke="#1A1A22" stroke-width="2.6" stroke-linecap="round"/>`
	if seat%2 == 1 {
		shape = `<circle cx="12" cy="12" r="4.6" fill="none" stroke="#1A1A22" stroke-width="2.6"/>`
	}
	name := fmt.Sprintf("man%d.svg", seat)
	if king {
		shape = `<path d="M5.3 8.5L8.6 11.6L12 5.6L15.4 11.6L18.7 8.5L17.6 15.2L6.4 15.2Z" fill="#1A1A22"/>`
		name = fmt.Sprintf("king%d.svg", seat)
	}
	svg := `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 24 24"><circle cx="12" cy="12" r="10.5" fill="` + fill +
		`" stroke="` + rim + `" stroke-width="1.8"/>` + shape + `</svg>`
	return fyne.NewStaticResource(name, []byte(svg))
}
