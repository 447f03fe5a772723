package arena

import (
	"fmt"
	"image/color"
	"slices"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/canvas"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"

	game "github.com/tabulagames/tabula/games/arena"
	"github.com/tabulagames/tabula/ui/boards/kit"
	"github.com/tabulagames/tabula/ui/frame"
)

// Board is the arena widget with its controls: the line of words and the
// touch buttons under it.
type Board struct {
	widget.BaseWidget
	host kit.Host
	m    Model

	story   *kit.Story      // draws every frame at once; stories overlap
	refused kit.RefusedMark // cell flashing

	plays []*running // the stories playing; older ones only finish their blast
	cur   *running   // the story of the action shown, nil when it has ended
	pulse float32    // 0..1, the beat of the bombs about to blow
	beat  *fyne.Animation
	// StartAnim starts the board's animations (a.Start); tests replace it
	// to hold them and tick them by hand, since Fyne's test driver would
	// run them to the end at once.
	StartAnim func(a *fyne.Animation)

	phone    bool // a phone's layout: the squares take the full width
	line     *widget.Label
	lineBox  *fyne.Container // the line in its fixed room
	buttons  *fyne.Container // the arrows and the actions, hidden once the game is over
	dirBtns  [4]*widget.Button
	placeBtn *widget.Button
	kickBtn  *widget.Button
	endBtn   *widget.Button
	undoBtn  *widget.Button
	controls fyne.CanvasObject
}

// Entry is Bomber vs Freezer as the app offers it (kit.Entry): its rules
// text and icon are help.md and icon.svg, which entry.go embeds.
var Entry = kit.Entry{
	Files:  files,
	Game:   game.Game{},
	New:    New,
	Pacing: &Pacing,
	// The seats are named by their pieces' colours, as alcazar's are: the
	// amber square and the blue circle.
	SeatName: SeatWord,
	// Each seat's character is its own choice.
	SeatRules: []string{game.RuleP1, game.RuleP2},
}

// New makes the board for the game screen.
func New(h kit.Host) kit.Board {
	b := &Board{host: h, m: NewModel(), refused: kit.NoRefusedMark(), phone: h.Phone()}
	b.story = kit.NewStory(h, kit.Scenes{
		Playing: func() bool { return len(b.plays) > 0 },
		Draw:    b.drawNow,
	})
	b.StartAnim = func(a *fyne.Animation) { a.Start() }
	b.buildControls()
	b.ExtendBaseWidget(b)
	return b
}

// Draw shows the frame's shown position. One step forward plays the
// action's story; drawing the same position again (a bot starts
// thinking) leaves it playing; anything else (undo, a jump in the move
// list, reduced motion) shows the position at once. The screen makes a
// new board for every game, so every frame is of the same game.
func (b *Board) Draw(f *frame.Frame, animate bool) { b.story.Draw(f, animate) }

// drawNow draws f; from is the view drawn before (-1 before the first).
func (b *Board) drawNow(f *frame.Frame, from int, animate bool) {
	same := f.View == from
	b.m.Load(f)
	if !same {
		b.refused.Square = -1
		if animate && f.Before != nil {
			b.tell(f.Before.(*game.State), f.Events)
		} else {
			b.stopAll()
		}
	}
	b.beatBombs(f.Paused)
	b.refreshControls()
	b.Refresh()
}

// Animating reports that an action's story is playing (kit.Animator): the
// game screen holds the result back until the blast has shown.
func (b *Board) Animating() bool { return b.story.Animating() }

// SpokenSquares names each cell for screen readers: "d4, bomb, timer 2".
func (b *Board) SpokenSquares() []kit.Spoken { return b.grid().SpokenSquares(b.m.Spoken) }

// grid is the geometry for the widget's size now.
func (b *Board) grid() *kit.Grid {
	g := &kit.Grid{Files: game.Size, Ranks: game.Size}
	b.fit(g, b.Size())
	return g
}

// fit sizes the cells for the widget's size. A phone gives the squares
// the full width but the rank labels' room on the left (kit.FitTight),
// kit.BoardTop below the top like every board; a desktop keeps room for
// labels on every side.
func (b *Board) fit(g *kit.Grid, size fyne.Size) {
	if !b.phone {
		g.Fit(size)
		return
	}
	g.FitTight(fyne.NewSize(size.Width, size.Height-kit.BoardTop))
	g.Origin.Y += kit.BoardTop
}

// HeightFor is the board's height at a phone's full width (kit.Portrait):
// the squares as wide as the width leaves beside the rank labels, the
// file labels under them, kit.BoardTop above.
func (b *Board) HeightFor(width float32) float32 { return kit.BoardTop + width }

// ---- controls under the board ----

func (b *Board) buildControls() {
	b.line = widget.NewLabel("")
	b.line.Alignment = fyne.TextAlignCenter
	b.line.Wrapping = fyne.TextWrapWord
	icons := [4]fyne.Resource{theme.MoveUpIcon(), theme.MoveDownIcon(), theme.NavigateBackIcon(), theme.NavigateNextIcon()}
	for d := range b.dirBtns {
		d := d
		b.dirBtns[d] = widget.NewButtonWithIcon("", icons[d], func() { b.button(b.m.Arrow(d)) })
	}
	b.placeBtn = widget.NewButtonWithIcon("Place", theme.ContentAddIcon(), func() { b.button(b.m.Place()) })
	b.kickBtn = widget.NewButtonWithIcon("Kick", theme.MailForwardIcon(), func() { b.button(b.m.Kick()) })
	b.endBtn = widget.NewButtonWithIcon("End turn", theme.MediaSkipNextIcon(), func() { b.button(b.m.End()) })
	b.undoBtn = widget.NewButtonWithIcon("Undo", theme.ContentUndoIcon(), func() { b.button(b.m.TakeBack()) })
	// Left, up, down, right: the order of the arrow keys on a keyboard.
	dirs := []fyne.CanvasObject{kit.Touch(b.dirBtns[game.W]), kit.Touch(b.dirBtns[game.N]), kit.Touch(b.dirBtns[game.S]), kit.Touch(b.dirBtns[game.E])}
	acts := []fyne.CanvasObject{kit.Touch(b.placeBtn), kit.Touch(b.kickBtn), kit.Touch(b.endBtn), kit.Touch(b.undoBtn)}
	if b.phone {
		// A phone keeps the board tall: a smaller line, the directions over
		// the actions, each a quarter of the width.
		b.line.SizeName = theme.SizeNameCaptionText
		b.endBtn.SetText("End")
		b.buttons = container.NewVBox(container.NewGridWithColumns(4, dirs...), container.NewGridWithColumns(4, acts...))
		b.controls = container.NewVBox(b.lineArea(), container.New(keepRoom{}, b.buttons))
		return
	}
	// A desktop puts the directions over the actions too, so the row fits
	// beside the side panel in a window of 800 x 600.
	b.buttons = container.NewCenter(container.NewVBox(
		container.NewCenter(container.NewHBox(dirs...)), container.NewHBox(acts...)))
	b.controls = container.NewVBox(b.lineArea(), container.New(keepRoom{}, b.buttons))
}

// keepRoom lays out one object at its size and keeps its room while it
// is hidden: the buttons leave once the game is over, the board stays.
type keepRoom struct{}

func (keepRoom) MinSize(objs []fyne.CanvasObject) fyne.Size { return objs[0].MinSize() }

func (keepRoom) Layout(objs []fyne.CanvasObject, size fyne.Size) {
	objs[0].Move(fyne.Position{})
	objs[0].Resize(size)
}

// lineArea is the line of words in the room of two lines, always: words
// that come and go with a blast or a hit never move the board or the
// buttons (kit.TwoLines).
func (b *Board) lineArea() fyne.CanvasObject {
	b.lineBox = kit.TwoLines(b.line)
	return b.lineBox
}

// TurnUnderBoard: the line under the board says whose turn it is and how
// the game ended (kit.TurnUnder).
func (b *Board) TurnUnderBoard() {}

// Controls are the line of words and the touch buttons (kit.BoardControls).
func (b *Board) Controls() fyne.CanvasObject { return b.controls }

func (b *Board) refreshControls() {
	b.line.SetText(b.m.Line)
	if b.Animating() && b.m.Mover < 0 {
		b.line.SetText("") // the blast still shows how it ended
	}
	b.lineBox.Refresh() // the words in the middle of their room
	for _, btn := range append(b.dirBtns[:], b.placeBtn, b.kickBtn, b.endBtn) {
		enable(btn, b.m.Input)
	}
	enable(b.undoBtn, b.m.Undo)
	// Once the game is over the buttons leave (disabled, they looked close
	// to enabled); their room stays (keepRoom).
	kit.ShowIf(b.buttons, b.m.Mover >= 0 && !b.m.Over)
}

func enable(btn *widget.Button, on bool) {
	if on {
		btn.Enable()
	} else {
		btn.Disable()
	}
}

// ---- renderer ----

// minNumber is the least size of every number on the board (timers,
// health), in Fyne's units (sp on a phone): readable on a phone's
// squares, where a share of the square would be about 8.
const minNumber float32 = 12

// Colours of the things on the map (the seats' come from kit).
var (
	pieceInk  = kit.PieceInk
	bombBody  = color.NRGBA{0x26, 0x26, 0x2B, 0xFF}
	bombShine = color.NRGBA{0x6A, 0x6A, 0x75, 0xFF}
	spark     = color.NRGBA{0xFF, 0xB0, 0x20, 0xFF}
	danger    = color.NRGBA{0xE8, 0x41, 0x2C, 0xFF}
	iceBody   = color.NRGBA{0xC8, 0xEC, 0xFF, 0xFF}
	iceEdge   = color.NRGBA{0x5A, 0x9C, 0xC8, 0xFF}
	iceInk    = color.NRGBA{0x12, 0x3E, 0x63, 0xFF}
	heart     = color.NRGBA{0xD8, 0x30, 0x40, 0xFF}
	fireHot   = color.NRGBA{0xFF, 0xE1, 0x4D, 0xFF}
	fireMid   = color.NRGBA{0xFF, 0x9A, 0x1F, 0xFF}
	fireOld   = color.NRGBA{0xE8, 0x41, 0x2C, 0xFF}
)

// wallTone is the walls' colour: darker than the floor in the light
// theme, lighter in the dark one (3:1 against the floor either way).
func wallTone(floor color.NRGBA) color.NRGBA {
	if floor.R < 0x80 {
		return color.NRGBA{0x7C, 0x84, 0x91, 0xFF}
	}
	return color.NRGBA{0x77, 0x71, 0x6A, 0xFF}
}

type renderer struct {
	b       *Board
	grid    *kit.Grid
	cells   [game.Cells]*canvas.Rectangle
	mortar  [game.Cells][5]*canvas.Line   // the walls' bricks
	tint    [game.Cells]*canvas.Rectangle // reachable, visited
	scorch  [game.Cells][3]*canvas.Line   // the last blast's cells, hatched
	fire    [game.Cells]*canvas.Rectangle // the blast and the hits
	bombs   [game.Cells]*bombObj
	ice     [game.Cells]*iceObj
	glow    *canvas.Circle
	players [2]*playerObj
	hint    *canvas.Rectangle
	hinted  int // the cell the hint pulses on, -1 none
	hintA   *fyne.Animation
	flash   *canvas.Rectangle
	objects []fyne.CanvasObject
}

func (b *Board) CreateRenderer() fyne.WidgetRenderer {
	r := &renderer{b: b, grid: &kit.Grid{Files: game.Size, Ranks: game.Size}, hinted: -1}
	add := func(o ...fyne.CanvasObject) { r.objects = append(r.objects, o...) }
	for c := range r.cells {
		r.cells[c] = canvas.NewRectangle(color.Transparent)
		r.tint[c] = canvas.NewRectangle(color.Transparent)
		r.fire[c] = canvas.NewRectangle(color.Transparent)
		add(r.cells[c], r.tint[c])
		if game.Wall(c) {
			for i := range r.mortar[c] {
				r.mortar[c][i] = canvas.NewLine(color.Transparent)
				add(r.mortar[c][i])
			}
		}
	}
	for _, c := range game.FloorCells() {
		for i := range r.scorch[c] {
			r.scorch[c][i] = canvas.NewLine(color.Transparent)
			add(r.scorch[c][i])
		}
	}
	for _, c := range game.FloorCells() {
		r.ice[c] = newIceObj()
		add(r.ice[c].objects()...)
	}
	for _, c := range game.FloorCells() {
		r.bombs[c] = newBombObj()
		add(r.bombs[c].objects()...)
	}
	r.glow = canvas.NewCircle(color.Transparent)
	add(r.glow)
	for seat := range r.players {
		r.players[seat] = newPlayerObj()
		add(r.players[seat].objects()...)
	}
	for c := range r.fire {
		add(r.fire[c])
	}
	r.hint, r.flash = kit.NewOutline(), kit.NewOutline()
	add(r.hint, r.flash)
	add(r.grid.Labels()...)
	return r
}

func (r *renderer) Objects() []fyne.CanvasObject { return r.objects }
func (r *renderer) Destroy() {
	if r.hintA != nil {
		r.hintA.Stop()
	}
	r.b.stopAll()
	if r.b.beat != nil {
		r.b.beat.Stop()
		r.b.beat = nil
	}
}
func (r *renderer) MinSize() fyne.Size { return r.grid.MinSize(kit.MinTouch * 0.8) }

func (r *renderer) Layout(size fyne.Size) {
	r.b.fit(r.grid, size)
	r.grid.LayoutLabels()
	r.Refresh()
}

// Refresh draws the model and the story at the point it has reached, and
// reads the theme colours.
func (r *renderer) Refresh() {
	b, m := r.b, &r.b.m
	if m.St == nil {
		return
	}
	b.fit(r.grid, b.Size())
	r.grid.LayoutLabels()
	r.drawCells()
	things := r.things()
	r.drawThings(&things)
	r.drawPlayers(&things)
	r.drawFire()
	r.drawHint()
	if b.refused.Square >= 0 {
		r.outline(r.flash, b.refused.Square, kit.Refused, 3)
		r.flash.FillColor = kit.WithAlpha(kit.Refused, 0x60)
		r.flash.Refresh()
	} else {
		r.flash.Hide()
	}
}

// pos is the top-left corner of cell c; mid its centre.
func (r *renderer) pos(c int) fyne.Position { return r.grid.CellPos(game.File(c), game.Rank(c)) }
func (r *renderer) mid(c int) fyne.Position { return r.grid.Center(game.File(c), game.Rank(c)) }

// drawCells draws walls and floor, and over the floor the reachable
// highlight, the visited shading and the last blast's scorch: hatching
// over the tint, so a burnt cell the mover can reach shows both.
func (r *renderer) drawCells() {
	m, side := &r.b.m, r.grid.Cell
	light, darkTone := kit.SquareTones()
	wall := wallTone(light)
	burning := r.b.burning()
	for c := range r.cells {
		cell := r.cells[c]
		tone := light
		if (game.File(c)+game.Rank(c))%2 == 0 {
			tone = darkTone
		}
		if game.Wall(c) {
			tone = wall
			r.drawBricks(c)
		}
		cell.FillColor = tone
		cell.CornerRadius = kit.TileRadius(side)
		kit.PlaceInset(cell, r.pos(c), side, 1)
		cell.Refresh()

		t := r.tint[c]
		var tint color.Color = color.Transparent
		switch {
		case m.Mover >= 0 && m.Visited[c]:
			tint = kit.WithAlpha(kit.SeatColor(m.Mover), 0x78)
		case m.Mover >= 0 && m.Reach[c]:
			tint = kit.WithAlpha(kit.SeatColor(m.Mover), 0x34)
		}
		t.FillColor = tint
		t.CornerRadius = kit.TileRadius(side)
		kit.PlaceInset(t, r.pos(c), side, 1)
		t.Refresh()
		if !game.Wall(c) {
			r.drawScorch(c, m.Scorch[c] && !burning)
		}
	}
}

// drawScorch hatches cell c, which the last blast burnt, with three
// diagonal strokes of soot (kit.Scorch), or hides them. The blast
// itself, while it shows, is drawn by drawFire.
func (r *renderer) drawScorch(c int, on bool) {
	p, side := r.pos(c), r.grid.Cell
	for i, l := range r.scorch[c] {
		if !on {
			l.Hide()
			continue
		}
		// Strokes along the rising diagonal and either side of it.
		off := (float32(i) - 1) * 0.3
		from, to := max(0.14, 0.14+off), min(0.86, 0.86+off)
		l.StrokeColor = kit.Scorch()
		l.StrokeWidth = max(2, side*0.035)
		l.Position1 = fyne.NewPos(p.X+(from-off)*side, p.Y+(1-from)*side)
		l.Position2 = fyne.NewPos(p.X+(to-off)*side, p.Y+(1-to)*side)
		l.Show()
		l.Refresh()
	}
}

// drawBricks draws mortar lines on wall cell c: three courses of bricks,
// the middle one offset, so a wall reads as a wall and not as floor.
func (r *renderer) drawBricks(c int) {
	p, side := r.pos(c), r.grid.Cell
	line := func(i int, x0, y0, x1, y1 float32) {
		l := r.mortar[c][i]
		l.StrokeColor = kit.WithAlpha(pieceInk, 0x60)
		l.StrokeWidth = max(1, side*0.025)
		l.Position1 = fyne.NewPos(p.X+x0*side, p.Y+y0*side)
		l.Position2 = fyne.NewPos(p.X+x1*side, p.Y+y1*side)
		l.Refresh()
	}
	third := float32(1) / 3
	line(0, 0.02, third, 0.98, third)
	line(1, 0.02, 2*third, 0.98, 2*third)
	line(2, 0.5, 0.02, 0.5, third)
	line(3, 0.25, third, 0.25, 2*third)
	line(4, 0.75, third, 0.75, 2*third)
}

// thing is what is drawn on a cell now: the position's thing, or a thing
// the story removed that has not gone yet.
type thing struct {
	kind  game.Thing
	value int
	seat  int // a player's seat
	dir   int // a player's facing
	alpha uint8
}

// things lists what is drawn on each floor cell now.
func (r *renderer) things() [game.Cells]thing {
	b, st := r.b, r.b.m.St
	var out [game.Cells]thing
	for _, c := range game.FloorCells() {
		k := st.At(c)
		out[c] = thing{kind: k, value: st.Timer(c) + st.IceHP(c), alpha: 0xFF}
		if k == game.Player1 || k == game.Player2 {
			out[c].seat = int(k - game.Player1)
			out[c].value, out[c].dir = st.HP(out[c].seat), st.Facing(out[c].seat)
		}
	}
	if p := b.cur; p != nil {
		for _, g := range p.story.Ghosts {
			if p.t < float32(g.Until) && out[g.Cell].kind == game.Floor {
				out[g.Cell] = thing{kind: g.Thing, value: g.Value, seat: int(g.Thing - game.Player1), dir: g.Facing, alpha: 0xFF}
			}
		}
		if c := p.story.Enter; c >= 0 && p.t < EnterMs {
			out[c].alpha = uint8(0xFF * max(0, p.t/EnterMs))
		}
	}
	return out
}

// shift is where the thing resting on cell c is drawn: moved back towards
// where it came from while it slides.
func (r *renderer) shift(c int) fyne.Position {
	at := r.mid(c)
	p := r.b.cur
	if p == nil || p.story.Slide == nil || p.story.Slide.To != c {
		return at
	}
	f := smooth(p.story.SlideAt(p.t))
	from := r.mid(p.story.Slide.From)
	return fyne.NewPos(from.X+(at.X-from.X)*f, from.Y+(at.Y-from.Y)*f)
}

func smooth(t float32) float32 {
	t = max(0, min(1, t))
	return t * t * (3 - 2*t)
}

func (r *renderer) drawThings(things *[game.Cells]thing) {
	side := r.grid.Cell
	for _, c := range game.FloorCells() {
		t := things[c]
		if t.kind == game.Bomb {
			r.bombs[c].set(r.shift(c), side, t.value, r.b.pulse, t.alpha)
		} else {
			r.bombs[c].hide()
		}
		if t.kind == game.Ice {
			r.ice[c].set(r.shift(c), side, t.value, t.alpha)
		} else {
			r.ice[c].hide()
		}
	}
}

// drawPlayers draws both players where they stand (or fell, faded), the
// glow on the seat to move and its actions left.
func (r *renderer) drawPlayers(things *[game.Cells]thing) {
	m, side := &r.b.m, r.grid.Cell
	drawn := [2]bool{}
	for _, c := range game.FloorCells() {
		t := things[c]
		if t.kind != game.Player1 && t.kind != game.Player2 {
			continue
		}
		at := r.shift(c)
		pips, left := 0, 0
		if t.seat == m.Mover {
			pips, left = r.budget(), m.St.ActionsLeft()
			r.glow.FillColor = kit.WithAlpha(kit.Ink(), 0x2C)
			r.glow.StrokeColor = kit.WithAlpha(kit.Ink(), 0x90)
			r.glow.StrokeWidth = max(2, side*0.04)
			d := side * 0.98
			r.glow.Move(fyne.NewPos(at.X-d/2, at.Y-d/2))
			r.glow.Resize(fyne.NewSize(d, d))
		}
		r.players[t.seat].set(at, side, t.seat, t.dir, t.value, m.St.Character(t.seat), pips, left, t.alpha)
		drawn[t.seat] = true
	}
	kit.ShowIf(r.glow, m.Mover >= 0 && drawn[m.Mover])
	for seat, c := range m.Fallen {
		if !drawn[seat] && c >= 0 {
			r.players[seat].set(r.mid(c), side, seat, m.St.Facing(seat), m.St.HP(seat), m.St.Character(seat), 0, 0, 0x50)
			drawn[seat] = true
		}
		if !drawn[seat] {
			r.players[seat].hide()
		}
	}
}

// budget is the number of actions of the turn being played.
func (r *renderer) budget() int {
	st := r.b.m.St
	if st.Turn() == 0 {
		return max(st.Params().FirstActions, st.ActionsLeft())
	}
	return max(st.Params().Actions, st.ActionsLeft())
}

// drawFire lights the cells the blast has reached, yellow turning orange
// then red as they burn, and flashes the cells hit by ice.
func (r *renderer) drawFire() {
	side := r.grid.Cell
	for c, o := range r.fire {
		var col color.Color = color.Transparent
		for _, p := range r.b.plays {
			if age, alpha, ok := p.story.FireAt(c, p.t); ok {
				col = fireColor(age, alpha)
			}
		}
		if p := r.b.cur; p != nil && col == color.Transparent {
			if f := p.story.HitFlash(p.t); f > 0 && slices.Contains(p.story.Hits, c) {
				col = kit.WithAlpha(color.White, uint8(0xD0*f))
			}
		}
		o.FillColor = col
		o.CornerRadius = side * 0.1
		kit.PlaceInset(o, r.pos(c), side, 0)
		o.Refresh()
	}
}

// fireColor is a burning cell's colour after age ms, at an opacity.
func fireColor(age, alpha float32) color.NRGBA {
	a := uint8(0xD8 * alpha)
	switch {
	case age < FireStepMs:
		return kit.WithAlpha(mix(fireHot, fireMid, age/FireStepMs), a)
	case age < 2*FireStepMs:
		return kit.WithAlpha(mix(fireMid, fireOld, age/FireStepMs-1), a)
	}
	return kit.WithAlpha(fireOld, a)
}

func mix(a, b color.NRGBA, f float32) color.NRGBA {
	l := func(x, y uint8) uint8 { return uint8(float32(x) + (float32(y)-float32(x))*f) }
	return color.NRGBA{l(a.R, b.R), l(a.G, b.G), l(a.B, b.B), 0xFF}
}

// drawHint pulses the hinted cell in the mover's colour.
func (r *renderer) drawHint() {
	m := &r.b.m
	if m.Hint != r.hinted {
		if r.hintA != nil {
			r.hintA.Stop()
			r.hintA = nil
		}
		r.hinted = m.Hint
		if m.Hint >= 0 {
			r.hintA = kit.Pulse(r.hint, kit.SeatInk(max(0, m.Mover)), r.b.host.Motion().Reduced)
		} else {
			r.hint.Hide()
		}
	}
	if m.Hint >= 0 {
		kit.PlaceOutline(r.hint, r.pos(m.Hint), r.grid.Cell, 4)
	}
}

func (r *renderer) outline(o *canvas.Rectangle, c int, col color.Color, w float32) {
	kit.PlaceOutline(o, r.pos(c), r.grid.Cell, 3)
	kit.ShowOutline(o, col, w)
}

// ---- things ----

// bombObj draws a bomb: a dark ball with a shine, a fuse with a spark and
// its timer; a red ring beats around it when the timer is 2 or less.
type bombObj struct {
	ring, ball, shine, spark *canvas.Circle
	fuse                     *canvas.Line
	timer                    *canvas.Text
}

func newBombObj() *bombObj {
	o := &bombObj{ring: canvas.NewCircle(color.Transparent), ball: canvas.NewCircle(bombBody),
		shine: canvas.NewCircle(bombShine), spark: canvas.NewCircle(spark), fuse: canvas.NewLine(bombShine),
		timer: canvas.NewText("", color.White)}
	o.timer.TextStyle.Bold = true
	o.hide()
	return o
}

func (o *bombObj) objects() []fyne.CanvasObject {
	return []fyne.CanvasObject{o.ring, o.fuse, o.spark, o.ball, o.shine, o.timer}
}

func (o *bombObj) hide() {
	for _, x := range o.objects() {
		x.Hide()
	}
}

// set draws the bomb centred at ctr in a cell of the given side; beat is
// the phase of the warning's pulse (0..1).
func (o *bombObj) set(ctr fyne.Position, side float32, timer int, beat float32, alpha uint8) {
	d := side * 0.6
	urgent := timer <= 2
	if urgent {
		d *= 1 + 0.06*beat
	}
	place(o.ball, ctr, d, d)
	o.ball.FillColor = kit.WithAlpha(bombBody, alpha)
	o.ball.StrokeColor = kit.WithAlpha(color.White, alpha/3)
	o.ball.StrokeWidth = 1
	place(o.shine, fyne.NewPos(ctr.X-d*0.2, ctr.Y-d*0.22), d*0.2, d*0.2)
	o.shine.FillColor = kit.WithAlpha(bombShine, alpha)
	o.fuse.StrokeColor = kit.WithAlpha(bombShine, alpha)
	o.fuse.StrokeWidth = max(2, side*0.04)
	o.fuse.Position1 = fyne.NewPos(ctr.X+d*0.28, ctr.Y-d*0.28)
	o.fuse.Position2 = fyne.NewPos(ctr.X+d*0.5, ctr.Y-d*0.5)
	sp := side * 0.12
	place(o.spark, o.fuse.Position2, sp, sp)
	o.spark.FillColor = kit.WithAlpha(spark, alpha)
	o.timer.Text = fmt.Sprint(timer)
	o.timer.TextSize = max(minNumber, side*0.3)
	o.timer.Color = kit.WithAlpha(color.White, alpha)
	centreText(o.timer, fyne.NewPos(ctr.X, ctr.Y+d*0.04))
	if urgent {
		rd := side * 0.86
		place(o.ring, ctr, rd, rd)
		o.ring.FillColor = kit.WithAlpha(danger, uint8(float32(0x30+0x40*beat)*float32(alpha)/0xFF))
		o.ring.StrokeColor = kit.WithAlpha(danger, uint8(float32(0x90+0x6F*beat)*float32(alpha)/0xFF))
		o.ring.StrokeWidth = max(2, side*0.045)
	}
	for _, x := range o.objects() {
		x.Show()
		x.Refresh()
	}
	kit.ShowIf(o.ring, urgent)
}

// iceObj draws an ice block: a pale block with a glow inside and its
// health.
type iceObj struct {
	block, inner *canvas.Rectangle
	hp           *canvas.Text
}

func newIceObj() *iceObj {
	o := &iceObj{block: canvas.NewRectangle(iceBody), inner: canvas.NewRectangle(color.White), hp: canvas.NewText("", iceInk)}
	o.hp.TextStyle.Bold = true
	o.hide()
	return o
}

func (o *iceObj) objects() []fyne.CanvasObject {
	return []fyne.CanvasObject{o.block, o.inner, o.hp}
}

func (o *iceObj) hide() {
	for _, x := range o.objects() {
		x.Hide()
	}
}

func (o *iceObj) set(ctr fyne.Position, side float32, hp int, alpha uint8) {
	d := side * 0.76
	place(o.block, ctr, d, d)
	o.block.FillColor = kit.WithAlpha(iceBody, alpha)
	o.block.StrokeColor = kit.WithAlpha(iceEdge, alpha)
	o.block.StrokeWidth = max(2, side*0.035)
	o.block.CornerRadius = d * 0.14
	in := d * 0.62
	place(o.inner, ctr, in, in)
	o.inner.FillColor = kit.WithAlpha(color.White, uint8(float32(alpha)*0.75))
	o.inner.CornerRadius = in * 0.3
	o.hp.Text = fmt.Sprint(hp)
	o.hp.TextSize = max(minNumber, side*0.3)
	o.hp.Color = kit.WithAlpha(iceInk, alpha)
	centreText(o.hp, ctr)
	for _, x := range o.objects() {
		x.Show()
		x.Refresh()
	}
}

// playerObj draws a player: a body in the seat's colour and shape (amber
// square, blue round, as on every board), the seat's letter, an arrow to
// the front, its health on a heart, what it drops (a small bomb or ice
// block), and for the seat to move a pip per action (filled while left).
type playerObj struct {
	body   *canvas.Rectangle
	arrow  *canvas.ArbitraryPolygon
	letter *canvas.Text
	lobes  [2]*canvas.Circle
	tip    *canvas.ArbitraryPolygon
	hp     *canvas.Text
	badge  *canvas.Rectangle
	pips   [10]*canvas.Circle
}

func newPlayerObj() *playerObj {
	o := &playerObj{body: canvas.NewRectangle(color.Transparent), letter: canvas.NewText("", pieceInk),
		hp: canvas.NewText("", color.White), badge: canvas.NewRectangle(color.Transparent)}
	o.arrow = canvas.NewArbitraryPolygon(arrowPoints(game.N), pieceInk)
	o.arrow.NormalizedPoints = true
	for i := range o.lobes {
		o.lobes[i] = canvas.NewCircle(heart)
	}
	o.tip = canvas.NewArbitraryPolygon([]fyne.Position{{X: 0, Y: 0}, {X: 1, Y: 0}, {X: 0.5, Y: 1}}, heart)
	o.tip.NormalizedPoints = true
	o.letter.TextStyle.Bold = true
	o.hp.TextStyle.Bold = true
	for i := range o.pips {
		o.pips[i] = canvas.NewCircle(color.Transparent)
	}
	o.hide()
	return o
}

func (o *playerObj) objects() []fyne.CanvasObject {
	out := []fyne.CanvasObject{o.body, o.arrow, o.letter, o.badge, o.lobes[0], o.lobes[1], o.tip, o.hp}
	for _, p := range o.pips {
		out = append(out, p)
	}
	return out
}

func (o *playerObj) hide() {
	for _, x := range o.objects() {
		x.Hide()
	}
}

// set draws the player centred at ctr; pips is the turn's budget (0 for
// the seat not to move) and left the actions left.
func (o *playerObj) set(ctr fyne.Position, side float32, seat, dir, hp int, ch game.Character, pips, left int, alpha uint8) {
	ink := kit.WithAlpha(pieceInk, alpha)
	d := side * 0.66
	place(o.body, ctr, d, d)
	o.body.FillColor = kit.WithAlpha(kit.SeatColor(seat), alpha)
	o.body.StrokeColor = ink
	o.body.StrokeWidth = max(1.5, side*0.025)
	o.body.CornerRadius = d * 0.18
	if seat == 1 {
		o.body.CornerRadius = d / 2
	}
	dx, dy := dirVec(dir)
	w, h := 0.46*d, 0.26*d
	if dx != 0 {
		w, h = h, w
	}
	o.arrow.Points = arrowPoints(dir)
	o.arrow.FillColor = ink
	o.arrow.StrokeColor = kit.WithAlpha(color.White, alpha)
	o.arrow.StrokeWidth = max(1, side*0.02)
	reach := d/2 + min(w, h)*0.25 // half on the body, half beyond it
	place(o.arrow, fyne.NewPos(ctr.X+dx*reach, ctr.Y+dy*reach), w, h)
	o.letter.Text = SeatWord(seat)[:1] // A or B, the seat's word on its piece
	o.letter.TextSize = d * 0.5
	o.letter.Color = ink
	centreText(o.letter, ctr)
	// Health on a heart at the top right, what it drops at the bottom left.
	number := max(minNumber, side*0.17)
	hs := max(side*0.34, number*1.6)
	hc := fyne.NewPos(ctr.X+d*0.46, ctr.Y-d*0.44)
	o.setHeart(hc, hs, alpha)
	o.hp.Text = fmt.Sprint(hp)
	o.hp.TextSize = number
	o.hp.Color = kit.WithAlpha(color.White, alpha)
	centreText(o.hp, fyne.NewPos(hc.X, hc.Y-hs*0.08))
	bs := side * 0.2
	place(o.badge, fyne.NewPos(ctr.X-d*0.46, ctr.Y+d*0.44), bs, bs)
	o.badge.StrokeWidth = 1
	if ch == game.Bomber {
		o.badge.FillColor, o.badge.StrokeColor, o.badge.CornerRadius = kit.WithAlpha(bombBody, alpha), kit.WithAlpha(color.White, alpha), bs/2
	} else {
		o.badge.FillColor, o.badge.StrokeColor, o.badge.CornerRadius = kit.WithAlpha(iceBody, alpha), kit.WithAlpha(iceEdge, alpha), bs*0.2
	}
	for _, x := range []fyne.CanvasObject{o.body, o.arrow, o.letter, o.hp, o.badge} {
		x.Show()
		x.Refresh()
	}
	o.setPips(ctr, side, pips, left, dir, alpha)
}

// setHeart draws a heart of width w centred at c: two round lobes over a
// point (a polygon is filled as convex, so the heart is made of three).
func (o *playerObj) setHeart(c fyne.Position, w float32, alpha uint8) {
	r := w * 0.29
	for i, l := range o.lobes {
		x := c.X - w/2 + r + float32(i)*(w-2*r)
		place(l, fyne.NewPos(x, c.Y-w*0.18), 2*r, 2*r)
		l.FillColor = kit.WithAlpha(heart, alpha)
		l.Show()
		l.Refresh()
	}
	o.tip.FillColor = kit.WithAlpha(heart, alpha)
	o.tip.Move(fyne.NewPos(c.X-w/2+w*0.02, c.Y-w*0.14))
	o.tip.Resize(fyne.NewSize(w*0.96, w*0.56))
	o.tip.Show()
	o.tip.Refresh()
}

// setPips lays the action pips in a row along the bottom of the cell,
// leaving room in the middle for the arrow when the player faces south.
func (o *playerObj) setPips(ctr fyne.Position, side float32, n, left, dir int, alpha uint8) {
	n = min(n, len(o.pips))
	room := float32(0)
	if dir == game.S {
		room = side * 0.3
	}
	p := min(side*0.1, (side*0.86-room)/(float32(n)*1.5))
	gap := p * 0.5
	width := float32(n)*p + float32(n-1)*gap + room
	x := ctr.X - width/2 + p/2
	y := ctr.Y + side*0.5 - p*0.9
	for i, pip := range o.pips {
		if i >= n {
			pip.Hide()
			continue
		}
		if i == (n+1)/2 {
			x += room // past the arrow
		}
		place(pip, fyne.NewPos(x+float32(i)*(p+gap), y), p, p)
		pip.StrokeColor = kit.WithAlpha(kit.Ink(), alpha)
		pip.StrokeWidth = 1.2
		pip.FillColor = color.Transparent
		if i < left {
			pip.FillColor = kit.WithAlpha(kit.Ink(), alpha)
		}
		pip.Show()
		pip.Refresh()
	}
}

// place centres o at ctr with the given size.
func place(o fyne.CanvasObject, ctr fyne.Position, w, h float32) {
	o.Move(fyne.NewPos(ctr.X-w/2, ctr.Y-h/2))
	o.Resize(fyne.NewSize(w, h))
}

func centreText(t *canvas.Text, ctr fyne.Position) {
	ms := t.MinSize()
	t.Move(fyne.NewPos(ctr.X-ms.Width/2, ctr.Y-ms.Height/2))
	t.Resize(ms)
}

// arrowPoints is a triangle pointing in direction d (kit.ArrowPoints).
func arrowPoints(d int) []fyne.Position { return kit.ArrowPoints(dirVec(d)) }

// dirVec is a direction as a screen vector (y grows downwards).
func dirVec(d int) (float32, float32) {
	switch d {
	case game.N:
		return 0, -1
	case game.S:
		return 0, 1
	case game.W:
		return -1, 0
	}
	return 1, 0
}
