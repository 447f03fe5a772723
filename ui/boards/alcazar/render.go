package alcazar

import (
	"fmt"
	"image/color"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/canvas"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"

	game "github.com/tabulagames/tabula/games/alcazar"
	"github.com/tabulagames/tabula/ui/boards/kit"
	"github.com/tabulagames/tabula/ui/frame"
)

// Board is the alcazar board widget with its controls: the text line
// under it and the Pass, Replay, Step, Play and Skip buttons.
type Board struct {
	widget.BaseWidget
	host kit.Host
	m    Model

	// story draws the frames and holds a later one while the phase
	// plays; its Last is the last frame given.
	story *kit.Story
	side  bool // the trays stand left and right of the board

	pieces    [10]piece // every piece, always: on the grid or in its tray slot
	crownSeat int       // where the crown is drawn (animated: from here to crownTo)
	crownTo   int
	crownProg float32
	acting    int // piece acting in the phase (outlined), -1 none

	refused  kit.RefusedMark // square flashing
	hover    int             // entry square under the mouse, -1 none
	dragN    int             // piece being dragged from the hand, 0 none
	dragPos  fyne.Position
	dragSeen bool // the current drag has been looked at
	dropping bool // a dragged piece is being placed

	anim    *timeline
	animGen int
	// StartAnim starts the board's animations (a.Start); tests replace it
	// to hold them and tick them by hand, since Fyne's test driver would
	// run them to the end at once.
	StartAnim func(a *fyne.Animation)

	noteLabel *widget.Label
	replayBtn *widget.Button
	skipBtn   *widget.Button
	stepBtn   *widget.Button
	playBtn   *widget.Button
	passBtn   *widget.Button
	controls  fyne.CanvasObject
}

// Entry is alcazar as the app offers it (kit.Entry): its rules
// text and icon are help.md and icon.svg, which entry.go embeds.
var Entry = kit.Entry{
	Files:    files,
	Game:     game.Game{},
	New:      New,
	SeatName: SeatWord,
}

// New makes the board for the game screen.
func New(h kit.Host) kit.Board {
	b := &Board{host: h, m: NewModel(), refused: kit.NoRefusedMark(), acting: -1, hover: -1}
	b.story = kit.NewStory(h, kit.Scenes{
		Hold:    true,
		Playing: b.busy,
		Draw:    b.drawNow,
		Redraw:  b.redraw,
		Finish:  b.finish,
	})
	b.StartAnim = func(a *fyne.Animation) { a.Start() }
	for i := range b.pieces {
		b.pieces[i] = piece{dir: game.NoDir, path: []Loc{{Hand: true}}}
	}
	b.noteLabel = widget.NewLabel("")
	b.noteLabel.Alignment = fyne.TextAlignCenter
	b.noteLabel.Wrapping = fyne.TextWrapWord
	// A phone keeps the board tall: icons only, beside the text line.
	mobile := b.host.Phone()
	label := func(s string) string {
		if mobile {
			return ""
		}
		return s
	}
	b.passBtn = widget.NewButtonWithIcon("Pass", theme.MediaSkipNextIcon(), b.pass)
	b.passBtn.Importance = widget.HighImportance
	b.passBtn.Hide()
	b.replayBtn = widget.NewButtonWithIcon(label("Replay the moves"), theme.MediaReplayIcon(), b.replay)
	b.replayBtn.Disable()
	b.skipBtn = widget.NewButtonWithIcon(label("Skip to the end"), theme.MediaFastForwardIcon(), b.skip)
	b.skipBtn.Hide()
	b.stepBtn = widget.NewButtonWithIcon(label("Step"), theme.MediaSkipNextIcon(), b.step)
	b.stepBtn.Hide()
	b.playBtn = widget.NewButtonWithIcon(label("Play"), theme.MediaPlayIcon(), b.resume)
	b.playBtn.Hide()
	buttons := container.NewHBox(b.passBtn, b.replayBtn, b.stepBtn, b.playBtn, b.skipBtn)
	if mobile {
		b.noteLabel.Alignment = fyne.TextAlignLeading
		b.noteLabel.SizeName = theme.SizeNameCaptionText
		b.controls = container.NewBorder(nil, nil, nil, container.NewCenter(buttons), b.noteLabel)
	} else {
		b.controls = container.NewVBox(b.noteLabel, container.NewCenter(buttons))
	}
	b.ExtendBaseWidget(b)
	return b
}

// Controls are the text line and buttons under the board.
func (b *Board) Controls() fyne.CanvasObject { return b.controls }

// Draw shows the frame's shown position. A phase that is playing goes on
// when the same position is drawn again (a bot starts thinking) and when
// later plies arrive (they are shown once the phase is over: the next one
// with its drop animated, several at once without); anything else (undo,
// a jump in the move list) stops it and shows the final position at once.
// The screen makes a new board for every game, so every frame is of the
// same game.
func (b *Board) Draw(f *frame.Frame, animate bool) { b.story.Draw(f, animate) }

// redraw loads the position drawn again while the phase plays on.
func (b *Board) redraw(f *frame.Frame) {
	b.m.Load(f)
	b.updateControls()
	b.Refresh()
}

// drawNow draws f at once (from is the position drawn before, -1 before
// the first), stopping a phase that plays; a new position animates its
// ply when animate.
func (b *Board) drawNow(f *frame.Frame, from int, animate bool) {
	b.stopAnim()
	first := from < 0
	if first {
		b.m.Bottom = 0
		if len(f.Seats) == 2 && !f.Seats[0].Human() && f.Seats[1].Human() {
			b.m.Bottom = 1
		}
	}
	changed := from != f.View
	if changed {
		b.m.SelPiece, b.m.SelSq = 0, -1
	}
	b.refused.Square = -1
	b.m.Load(f)
	b.sync()
	if animate && changed && f.Before != nil {
		b.play(f.Before.(*game.State), f.Events, b.host.Motion().Reduced, false, b.dropping)
	}
	b.updateControls()
	b.Refresh()
}

func (b *Board) updateControls() {
	if b.anim != nil {
		b.noteLabel.SetText(b.anim.caption)
		b.skipBtn.Show()
		b.stepBtn.Show()
		if b.anim.paused {
			b.playBtn.Show()
		} else {
			b.playBtn.Hide()
		}
		b.replayBtn.Disable()
		b.passBtn.Hide()
		return
	}
	b.skipBtn.Hide()
	b.stepBtn.Hide()
	b.playBtn.Hide()
	b.noteLabel.SetText(b.m.Note)
	if b.canReplay() {
		b.replayBtn.Enable()
	} else {
		b.replayBtn.Disable()
	}
	if b.m.St != nil && b.m.MustPass() {
		b.passBtn.Show()
	} else {
		b.passBtn.Hide()
	}
}

// canReplay reports whether there is a movement phase to replay.
func (b *Board) canReplay() bool {
	last := b.story.Last()
	if last == nil {
		return false
	}
	start, _ := LastPhase(last)
	return start != nil
}

// Animating reports that the movement phase is playing (kit.Animator).
func (b *Board) Animating() bool { return b.story.Animating() }

// busy reports whether input is held back (the phase is playing).
func (b *Board) busy() bool { return b.anim != nil }

// ---- renderer ----

// pieceObj draws one piece: body (square for amber, round for blue),
// one or two arrowheads (two for the pusher 4), and its number.
type pieceObj struct {
	body   *canvas.Rectangle
	arrows [2]*canvas.ArbitraryPolygon
	num    *canvas.Text
}

// set draws a piece of a seat centred at ctr, facing dir (no arrow for
// NoDir), at an opacity.
func (o *pieceObj) set(seat, n int, ctr fyne.Position, side float32, dir int, alpha uint8) {
	ink := kit.WithAlpha(pieceInk, alpha)
	o.body.FillColor = kit.WithAlpha(kit.SeatColor(seat), alpha)
	o.body.CornerRadius = pieceRadius(seat, side)
	o.body.StrokeColor = kit.WithAlpha(kit.SeatEdge(seat), alpha)
	o.body.StrokeWidth = max(1, side*0.03)
	if n == 4 { // the pusher: a heavy rim
		o.body.StrokeColor = ink
		o.body.StrokeWidth = max(2, side*0.09)
	}
	o.body.Move(fyne.NewPos(ctr.X-side/2, ctr.Y-side/2))
	o.body.Resize(fyne.NewSize(side, side))
	o.body.Show()
	o.body.Refresh()
	dx, dy := dirVec(dir)
	count := 0
	if dir != game.NoDir {
		count = 1
		if n == 4 {
			count = 2
		}
	}
	for k, a := range o.arrows {
		if k >= count {
			a.Hide()
			continue
		}
		w, h := 0.42*side, 0.17*side
		if dx != 0 {
			w, h = h, w
		}
		off := 0.33*side - float32(k)*0.15*side
		a.Points = arrowPoints(dir)
		a.FillColor = ink
		a.Move(fyne.NewPos(ctr.X+dx*off-w/2, ctr.Y+dy*off-h/2))
		a.Resize(fyne.NewSize(w, h))
		a.Show()
		a.Refresh()
	}
	o.num.Text = fmt.Sprint(n)
	o.num.Color = ink
	o.num.TextSize = side * 0.48
	ms := o.num.MinSize()
	shift := float32(0)
	if count > 0 {
		shift = -0.1 * side
		if n == 4 {
			shift = -0.16 * side
		}
	}
	o.num.Move(fyne.NewPos(ctr.X+dx*shift-ms.Width/2, ctr.Y+dy*shift-ms.Height/2))
	o.num.Resize(ms)
	o.num.Show()
	o.num.Refresh()
}

func (o *pieceObj) hide() {
	o.body.Hide()
	o.arrows[0].Hide()
	o.arrows[1].Hide()
	o.num.Hide()
}

func newPieceObj() pieceObj {
	o := pieceObj{body: canvas.NewRectangle(color.Transparent), num: canvas.NewText("", pieceInk)}
	for k := range o.arrows {
		o.arrows[k] = canvas.NewArbitraryPolygon(arrowPoints(game.N), pieceInk)
		o.arrows[k].NormalizedPoints = true
	}
	o.num.TextStyle.Bold = true
	return o
}

func (o *pieceObj) objects() []fyne.CanvasObject {
	return []fyne.CanvasObject{o.body, o.arrows[0], o.arrows[1], o.num}
}

type renderer struct {
	b         *Board
	grid      *kit.Grid
	trays     [2]*canvas.Rectangle
	slots     [10]*canvas.Rectangle // empty tray slots
	cells     [25]*canvas.Rectangle
	glow      [25]*canvas.Rectangle
	slotArrow [25]*canvas.ArbitraryPolygon
	dots      [25]*canvas.Circle
	rings     [2]*canvas.Circle
	crown     *canvas.ArbitraryPolygon
	act       *canvas.Rectangle
	pieces    [10]pieceObj
	ghost     pieceObj
	selPiece  *canvas.Rectangle
	selSq     *canvas.Rectangle
	cursor    *canvas.Rectangle
	hintSq    *canvas.Rectangle
	hintPiece *canvas.Rectangle
	flash     *canvas.Rectangle
	pulses    [2]*fyne.Animation
	pulseKey  [2]int
	objects   []fyne.CanvasObject
}

// pieceInk is the number and arrow colour on a (bright) piece.
var pieceInk = kit.PieceInk

func (b *Board) CreateRenderer() fyne.WidgetRenderer {
	r := &renderer{b: b, grid: &kit.Grid{Files: 5, Ranks: 5}, pulseKey: [2]int{-1, -1}}
	add := func(o ...fyne.CanvasObject) { r.objects = append(r.objects, o...) }
	for i := range r.trays {
		r.trays[i] = canvas.NewRectangle(color.Transparent)
		add(r.trays[i])
	}
	for i := range r.slots {
		r.slots[i] = canvas.NewRectangle(color.Transparent)
		r.slots[i].StrokeWidth = 1.5
		add(r.slots[i])
	}
	for sq := 0; sq < 25; sq++ {
		if !game.InArea(sq) {
			continue
		}
		r.cells[sq] = canvas.NewRectangle(color.Transparent)
		r.glow[sq] = kit.NewGlow()
		add(r.cells[sq], r.glow[sq])
		if game.OnEdge(sq) {
			r.slotArrow[sq] = canvas.NewArbitraryPolygon(arrowPoints(game.Inward(sq)), color.Transparent)
			r.slotArrow[sq].NormalizedPoints = true
			r.dots[sq] = kit.NewDot()
			add(r.slotArrow[sq])
		}
	}
	for i := range r.rings {
		r.rings[i] = kit.NewLastRing()
		add(r.rings[i])
	}
	for sq := 0; sq < 25; sq++ {
		if r.dots[sq] != nil {
			add(r.dots[sq])
		}
	}
	r.crown = canvas.NewArbitraryPolygon([]fyne.Position{
		{X: 0, Y: 1}, {X: 0, Y: 0.25}, {X: 0.25, Y: 0.6}, {X: 0.5, Y: 0.1}, {X: 0.75, Y: 0.6}, {X: 1, Y: 0.25}, {X: 1, Y: 1},
	}, kit.Gold)
	r.crown.NormalizedPoints = true
	r.crown.StrokeWidth = 1.5
	r.act = kit.NewOutline()
	add(r.crown, r.act)
	r.ghost = newPieceObj()
	r.ghost.hide()
	add(r.ghost.objects()...)
	for i := range r.pieces {
		r.pieces[i] = newPieceObj()
		add(r.pieces[i].objects()...)
	}
	r.selPiece, r.selSq, r.cursor = kit.NewOutline(), kit.NewOutline(), kit.NewOutline()
	r.hintSq, r.hintPiece, r.flash = kit.NewOutline(), kit.NewOutline(), kit.NewOutline()
	add(r.selPiece, r.selSq, r.cursor, r.hintSq, r.hintPiece, r.flash)
	add(r.grid.Labels()...)
	return r
}

// arrowPoints is a triangle pointing in direction d (kit.ArrowPoints).
func arrowPoints(d int) []fyne.Position { return kit.ArrowPoints(dirVec(d)) }

// dirVec is a facing as a screen vector (y grows downwards).
func dirVec(d int) (float32, float32) {
	switch d {
	case game.N:
		return 0, -1
	case game.E:
		return 1, 0
	case game.S:
		return 0, 1
	case game.W:
		return -1, 0
	}
	return 0, 0
}

func (r *renderer) Objects() []fyne.CanvasObject { return r.objects }
func (r *renderer) Destroy() {
	for _, p := range r.pulses {
		if p != nil {
			p.Stop()
		}
	}
}
func (r *renderer) MinSize() fyne.Size {
	room := 2 * labelRoom()
	return fyne.NewSize(5*kit.MinTouch+room, long*kit.MinTouch+room)
}

func (r *renderer) Layout(size fyne.Size) { r.Refresh() }

// Refresh draws the board for the widget's size and then the position on
// it. The geometry depends on the widget's size only, so it is cheap to
// recompute at every refresh, and the theme's colours are read again.
func (r *renderer) Refresh() {
	g := r.layoutBoard()
	animating := r.b.anim != nil
	r.drawSquares(&g, animating)
	r.drawPieces(&g, animating)
	r.drawMarks(&g, animating)
}

// layoutBoard places what does not depend on the position: the labels,
// the trays with their empty slots, the squares of the board and the
// entry slots with their arrows, in the theme's colours. It returns the
// geometry the rest is placed by.
func (r *renderer) layoutBoard() geom {
	b := r.b
	g := layout(b.Size(), b.m.Bottom, b.side)
	b.side = g.side
	c := g.c
	r.grid.Cell, r.grid.Origin = g.grid.Cell, g.grid.Origin
	r.grid.LayoutLabels()
	light, darkTone := kit.SquareTones()
	faint := kit.Faint()

	// Trays and their empty slots.
	for seat := 0; seat < 2; seat++ {
		t := r.trays[seat]
		t.FillColor = kit.WithAlpha(kit.Tint(darkTone, seat), 0xA0)
		t.StrokeColor = kit.WithAlpha(kit.SeatColor(seat), 0x70)
		t.StrokeWidth = 1.5
		t.CornerRadius = c * 0.12
		t.Move(g.tray[seat])
		t.Resize(g.traySize())
		t.Refresh()
		for n := 1; n <= 5; n++ {
			s := r.slots[index(seat, n)]
			side := g.pieceSide(n)
			p := g.traySlot(seat, n)
			s.StrokeColor = kit.SeatInk(seat)
			s.CornerRadius = pieceRadius(seat, side)
			s.Move(fyne.NewPos(p.X-side/2, p.Y-side/2))
			s.Resize(fyne.NewSize(side, side))
			s.Refresh()
		}
	}

	// The board and the entry slots.
	for sq := 0; sq < 25; sq++ {
		cell := r.cells[sq]
		if cell == nil {
			continue
		}
		p := g.cellPos(sq)
		if game.OnBoard(sq) {
			tone := light
			if (sq%5+sq/5)%2 == 0 {
				tone = darkTone
			}
			cell.FillColor = tone
			cell.StrokeColor = color.Transparent
			cell.CornerRadius = c * 0.05
			kit.PlaceInset(cell, p, c, 2)
			cell.Refresh()
			continue
		}
		cell.FillColor = kit.WithAlpha(darkTone, 0x60)
		cell.StrokeColor = faint
		cell.StrokeWidth = 1.5
		cell.CornerRadius = c * 0.18
		kit.PlaceInset(cell, p, c, c*0.08)
		cell.Refresh()
		a := r.slotArrow[sq]
		a.FillColor = faint
		dx, dy := dirVec(game.Inward(sq))
		w, h := 0.34*c, 0.16*c
		if dx != 0 {
			w, h = h, w
		}
		cx, cy := p.X+c/2+dx*0.27*c, p.Y+c/2+dy*0.27*c
		a.Move(fyne.NewPos(cx-w/2, cy-h/2))
		a.Resize(fyne.NewSize(w, h))
		a.Refresh()
	}
	return g
}

// drawSquares marks the squares as the position has them: the entry
// square of the turn's first placement (the second must differ), the
// free entry squares the chosen piece may enter, the line of three that
// ended the game, and the soft ring on the pieces dropped this turn.
// While the phase plays only the pieces move.
func (r *renderer) drawSquares(g *geom, animating bool) {
	b := r.b
	c := g.c
	for sq := 0; sq < 25; sq++ {
		cell := r.cells[sq]
		if cell == nil {
			continue
		}
		p := g.cellPos(sq)
		if !game.OnBoard(sq) {
			if sq == b.m.First && !animating { // over the slot's look of layoutBoard
				cell.StrokeColor = kit.Refused
				cell.FillColor = kit.WithAlpha(kit.Refused, 0x30)
				cell.Refresh()
			}
			dot := r.dots[sq]
			if b.m.Input && !animating && b.m.SelPiece > 0 && r.free(sq) && (sq != b.hover || b.dragN > 0) {
				kit.PlaceDot(dot, p, c)
				dot.Show()
			} else {
				dot.Hide()
			}
		}
		glow := r.glow[sq]
		if b.m.Line[sq] && !animating {
			kit.PlaceInset(glow, p, c, 4)
			glow.Show()
		} else {
			glow.Hide()
		}
		glow.Refresh()
	}
	for i, ring := range r.rings {
		if i < len(b.m.LastSqs) && !animating {
			ring.StrokeColor = kit.LastRingColor()
			kit.PlaceInset(ring, g.cellPos(b.m.LastSqs[i]), c, c*0.06)
			ring.Show()
		} else {
			ring.Hide()
		}
		ring.Refresh()
	}
}

// drawPieces draws the crown by the tray of the seat that places first,
// every piece where the board has it (along its path while the phase
// plays, under the pointer while dragged), the ghost of the chosen piece
// on the entry square under the pointer, and the outline of the piece
// acting in the phase.
func (r *renderer) drawPieces(g *geom, animating bool) {
	b := r.b
	c := g.c
	cp := lerpPos(g.crownPos(b.crownSeat), g.crownPos(b.crownTo), smooth(b.crownProg))
	cw := 0.5 * c
	r.crown.FillColor = kit.Gold
	r.crown.StrokeColor = kit.WithAlpha(pieceInk, 0x90)
	r.crown.Move(fyne.NewPos(cp.X-cw/2, cp.Y-cw*0.4))
	r.crown.Resize(fyne.NewSize(cw, cw*0.8))
	r.crown.Refresh()

	var actAt fyne.Position
	for i := range b.pieces {
		seat, n := i/5, i%5+1
		pc := &b.pieces[i]
		ctr := pathPos(g, pc, seat, n)
		if pc.shake > 0 && pc.shake < 1 {
			ctr.X += float32(shakeOffset(pc.shake)) * c
		}
		if i == b.acting {
			actAt = ctr
		}
		dir := pc.dir
		if pc.at().Hand {
			dir = game.NoDir
		}
		if b.dragN > 0 && seat == b.m.Mover && n == b.dragN {
			ctr = b.dragPos
			if b.hover >= 0 {
				dir = game.Inward(b.hover)
			}
		}
		r.pieces[i].set(seat, n, ctr, g.pieceSide(n), dir, 0xFF)
	}
	if sq := b.hover; sq >= 0 && b.m.Input && !animating && b.m.SelPiece > 0 && b.dragN == 0 && r.free(sq) && sq != b.m.First {
		r.ghost.set(b.m.Mover, b.m.SelPiece, centerOf(g, sq), g.pieceSide(b.m.SelPiece), game.Inward(sq), 0x80)
	} else {
		r.ghost.hide()
	}
	if b.acting >= 0 {
		r.act.StrokeColor = kit.Ink()
		r.act.StrokeWidth = 3
		r.act.CornerRadius = c * 0.12
		side := 0.92 * c
		r.act.Move(fyne.NewPos(actAt.X-side/2, actAt.Y-side/2))
		r.act.Resize(fyne.NewSize(side, side))
		r.act.Show()
	} else {
		r.act.Hide()
	}
	r.act.Refresh()
}

// drawMarks draws the outlines of UX.md over the position: the chosen
// piece and square, the keyboard cursor, a refused square's flash, and
// the hint pulsing on its square and on its piece in the hand. Only the
// flash shows while the phase plays.
func (r *renderer) drawMarks(g *geom, animating bool) {
	b := r.b
	c := g.c
	mc := kit.SeatInk(max(0, b.m.Mover))
	if b.m.SelPiece > 0 && b.m.Mover >= 0 && !animating {
		r.outlineAt(r.selPiece, g.traySlot(b.m.Mover, b.m.SelPiece), 0.84*c, mc, 3)
	} else {
		r.selPiece.Hide()
	}
	if b.m.SelSq >= 0 && !animating {
		r.outlineAt(r.selSq, centerOf(g, b.m.SelSq), 0.9*c, mc, 3)
	} else {
		r.selSq.Hide()
	}
	if b.m.Cursor >= 0 && !animating {
		r.outlineAt(r.cursor, centerOf(g, b.m.Cursor), 0.96*c, kit.Ink(), 2)
	} else {
		r.cursor.Hide()
	}
	if b.refused.Square >= 0 {
		r.outlineAt(r.flash, centerOf(g, b.refused.Square), 0.9*c, kit.Refused, 3)
		r.flash.FillColor = kit.WithAlpha(kit.Refused, 0x60)
		r.flash.Refresh()
	} else {
		r.flash.Hide()
	}

	hintSq, hintN := b.m.HintSq, b.m.HintN
	if animating {
		hintSq, hintN = -1, 0
	}
	r.pulseOn(0, r.hintSq, hintSq, func() (fyne.Position, float32) { return centerOf(g, hintSq), 0.86 * c })
	r.pulseOn(1, r.hintPiece, hintN, func() (fyne.Position, float32) {
		return g.traySlot(max(0, b.m.Mover), hintN), 0.84 * c
	})
}

// pulseOn shows outline o pulsing in the mover's colour while key >= 0
// (key > 0 for the piece), placed by where.
func (r *renderer) pulseOn(i int, o *canvas.Rectangle, key int, where func() (fyne.Position, float32)) {
	on := key > 0 || (i == 0 && key >= 0)
	if !on {
		key = -1
	}
	if key != r.pulseKey[i] {
		if r.pulses[i] != nil {
			r.pulses[i].Stop()
			r.pulses[i] = nil
		}
		r.pulseKey[i] = key
		if !on {
			o.Hide()
			return
		}
		r.pulses[i] = kit.Pulse(o, kit.SeatInk(max(0, r.b.m.Mover)), r.b.host.Motion().Reduced)
	}
	if on {
		p, side := where()
		o.FillColor = color.Transparent
		o.StrokeWidth = 3
		o.CornerRadius = side * 0.15
		o.Move(fyne.NewPos(p.X-side/2, p.Y-side/2))
		o.Resize(fyne.NewSize(side, side))
	}
}

func (r *renderer) outlineAt(o *canvas.Rectangle, p fyne.Position, side float32, col color.Color, w float32) {
	o.FillColor = color.Transparent
	o.StrokeColor = col
	o.StrokeWidth = w
	o.CornerRadius = side * 0.15
	o.Move(fyne.NewPos(p.X-side/2, p.Y-side/2))
	o.Resize(fyne.NewSize(side, side))
	o.Show()
	o.Refresh()
}

// free reports whether an entry square holds no piece.
func (r *renderer) free(sq int) bool {
	for i := range r.b.pieces {
		if l := r.b.pieces[i].at(); !l.Hand && l.R*5+l.F == sq {
			return false
		}
	}
	return true
}

func centerOf(g *geom, sq int) fyne.Position { return g.center(Loc{F: sq % 5, R: sq / 5}, 0, 0) }

func pieceRadius(seat int, side float32) float32 {
	if seat == 1 {
		return side / 2 // blue pieces are round (O)
	}
	return side * 0.16 // amber pieces are square (X)
}

var _ kit.SpokenBoard = (*Board)(nil)

// SpokenSquares names the frame's 21 squares and the pieces in both
// trays for screen readers (and the web build's test hook, which clicks
// them): a piece is chosen by its tray slot, then placed on an entry
// square, so both have to be found.
func (b *Board) SpokenSquares() []kit.Spoken {
	if b.m.St == nil {
		return nil
	}
	g := layout(b.Size(), b.m.Bottom, b.side)
	var out []kit.Spoken
	for sq := 0; sq < 25; sq++ {
		if label := b.m.SpokenSquare(sq); label != "" {
			out = append(out, kit.Spoken{Pos: g.cellPos(sq), Size: g.grid.CellSize(), Label: label})
		}
	}
	slot := fyne.NewSize(0.86*g.c, g.trayH)
	if g.side {
		slot = fyne.NewSize(g.trayH, 0.86*g.c)
	}
	for seat := 0; seat < 2; seat++ {
		for _, n := range b.m.St.Hand(seat) {
			c := g.traySlot(seat, n)
			out = append(out, kit.Spoken{Pos: fyne.NewPos(c.X-slot.Width/2, c.Y-slot.Height/2), Size: slot,
				Label: b.m.SpokenTray(seat, n)})
		}
	}
	return out
}
