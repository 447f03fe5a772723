package knights

import (
	"fmt"
	"image/color"
	"math"
	"strings"
	"time"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/canvas"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"

	game "github.com/tabulagames/tabula/games/knights"
	"github.com/tabulagames/tabula/ui/boards/kit"
	"github.com/tabulagames/tabula/ui/frame"
)

// Board is the knights board widget with its controls: the line under it,
// the pick countdown and the Confirm button.
type Board struct {
	widget.BaseWidget
	host kit.Host
	m    Model
	// story draws the frames and holds a later turn back while the story
	// of one plays.
	story *kit.Story

	selected string          // the selection last told to the host (Host.Select)
	hover    int             // square under the mouse, -1 none
	refused  kit.RefusedMark // square flashing
	shift    bool

	anim     *timeline
	told     string // the last turn told (its view index and story)
	heard    string // told, and the device seat it was said to
	dotPulse *fyne.Animation
	dotAlpha uint8
	clock    *countdownRun
	r        *renderer // set when Fyne makes it
	// StartAnim starts the board's animations (a.Start); tests replace it
	// to hold them and tick them by hand, since Fyne's test driver would
	// run them to the end at once.
	StartAnim func(a *fyne.Animation)

	mobile     bool
	note       *widget.Label
	confirmBtn *widget.Button
	timerText  *canvas.Text
	timerBar   *bar
	confirmRow *fyne.Container // Confirm and what shares its row
	timerRow   *fyne.Container // hidden without a countdown, so it takes no room
	strip      *scoreStrip
	over       *overlay
	overClosed bool // the game-over card was closed, to look at the board
	controls   fyne.CanvasObject
}

// The screen finds what the board does through these interfaces.
var (
	_ kit.Board         = (*Board)(nil)
	_ kit.JointTeller   = (*Board)(nil)
	_ kit.HintTeller    = (*Board)(nil)
	_ kit.SeatPanel     = (*Board)(nil)
	_ kit.Animator      = (*Board)(nil)
	_ kit.BoardOverlay  = (*Board)(nil)
	_ kit.BoardControls = (*Board)(nil)
	_ kit.SpokenBoard   = (*Board)(nil)
)

// Entry is the knight sprint as the app offers it (kit.Entry): its rules
// text and icon are help.md and icon.svg, which entry.go embeds.
var Entry = kit.Entry{
	Files:    files,
	Game:     game.Game{},
	New:      New,
	SeatName: Letter,
}

// New makes the board for the game screen.
func New(h kit.Host) kit.Board {
	b := &Board{host: h, m: NewModel(), hover: -1, refused: kit.NoRefusedMark(), dotAlpha: 0xD0}
	b.story = kit.NewStory(h, kit.Scenes{
		Hold:    true,
		Playing: func() bool { return b.anim != nil },
		Draw:    b.drawNow,
		Redraw:  b.load,
		Finish:  b.finish,
	})
	b.StartAnim = func(a *fyne.Animation) { a.Start() }
	b.note = widget.NewLabel("")
	b.confirmBtn = widget.NewButtonWithIcon("Confirm", theme.ConfirmIcon(), b.confirm)
	b.confirmBtn.Importance = widget.HighImportance
	// Its size is taken while it shows: a button hidden before it is
	// first drawn leaves its icon out of its size, and the room kept for
	// it would grow the first time it shows.
	b.confirmBtn.MinSize()
	b.confirmBtn.Hide()
	b.timerText = canvas.NewText("", kit.Ink())
	b.timerText.TextStyle.Bold = true
	b.timerBar = newBar()
	timer := container.NewBorder(nil, nil, nil, b.timerText, b.timerBar)
	b.timerRow = timer
	b.mobile = b.host.Phone()
	b.strip = newScoreStrip(b.mobile)
	b.over = newOverlay(b)
	// Confirm keeps its room while it is hidden, so it comes and goes
	// without moving the board (room).
	if b.mobile {
		// A phone keeps the board large: the scoreboard shares its row
		// with Confirm (its height kept; its width only while it shows,
		// which is rare for one person), the countdown and a brief line
		// in small type follow.
		b.note.SizeName = kit.SizeNameSmallText // a caption, but minText at least
		b.confirmRow = container.NewBorder(nil, nil, nil, container.New(room{}, b.confirmBtn), b.strip)
		b.controls = container.NewVBox(b.confirmRow, timer, kit.TwoLines(b.note))
	} else {
		// The line under the board and Confirm share a row. The line keeps
		// the room of two lines, so the board does not move as it wraps.
		b.note.Alignment = fyne.TextAlignCenter
		b.confirmRow = container.NewBorder(nil, nil, nil, container.New(room{width: true}, b.confirmBtn), kit.TwoLines(b.note))
		b.controls = container.NewVBox(b.strip, b.confirmRow, timer)
	}
	b.showTimer(0, 0)
	b.ExtendBaseWidget(b)
	return b
}

// room lays out one control at its own size, centred, and keeps its
// room while it is hidden: its height always, its width too when width
// is set. A control that comes and goes in it moves nothing around it.
type room struct{ width bool }

func (l room) MinSize(objs []fyne.CanvasObject) fyne.Size {
	size := objs[0].MinSize()
	if !l.width && !objs[0].Visible() {
		size.Width = 0
	}
	return size
}

func (room) Layout(objs []fyne.CanvasObject, size fyne.Size) {
	o := objs[0]
	ms := o.MinSize()
	o.Resize(ms)
	o.Move(fyne.NewPos((size.Width-ms.Width)/2, (size.Height-ms.Height)/2))
}

// Controls are the line, the countdown and Confirm under the board.
func (b *Board) Controls() fyne.CanvasObject { return b.controls }

// Overlay is the game-over card the screen lays over the board
// (kit.BoardOverlay).
func (b *Board) Overlay() fyne.CanvasObject { return b.over.layer }

// updateOver shows the game-over card once the game is over and its
// last turn has been told, unless it was closed.
func (b *Board) updateOver() {
	if b.m.Over == nil {
		b.overClosed = false
	}
	if b.m.Over == nil || b.anim != nil || b.overClosed {
		b.over.set(nil)
		return
	}
	b.over.set(b.m.Over)
}

// closeOver hides the game-over card, to look at the final board.
func (b *Board) closeOver() {
	b.overClosed = true
	b.updateOver()
}

// rematch and newGame are the card's buttons: the host starts the game.
func (b *Board) rematch() {
	if r, ok := b.host.(kit.Replayer); ok {
		r.Rematch()
	}
}

func (b *Board) newGame() {
	if r, ok := b.host.(kit.Replayer); ok {
		r.NewGame()
	}
}

// Drawn is what the board draws now (a copy of its model): the squares
// with their fog, the knights in sight, the line under the board. Tests
// of what a screen may show read it.
func (b *Board) Drawn() Model {
	m := b.m
	m.Cells = append([]Cell{}, b.m.Cells...)
	m.Knights = append([]int{}, b.m.Knights...)
	return m
}

// SeatNote is a seat's squares, and whether it is out, for the side panel.
func (b *Board) SeatNote(seat int) string { return b.m.SeatNote(seat) }

// Draw shows the frame's shown position (kit.Board). A forward step
// tells the turn (its messages, and its story unless motion is reduced);
// a story that plays goes on when the same position is drawn again, and
// a turn that arrives while it plays is shown when it ends.
func (b *Board) Draw(f *frame.Frame, animate bool) { b.story.Draw(f, animate) }

// drawNow draws f at once (from is the view drawn before, -1 before the
// first), stopping a story that plays, and tells its turn when animate.
func (b *Board) drawNow(f *frame.Frame, from int, animate bool) {
	b.stopAnim()
	opening := from < 0 && f.Plies == 0 // the board is made for one game
	b.refused.Square = -1
	b.load(f)
	if opening {
		b.host.Say(b.m.StartText(f.Seed, f.NoSeed))
	}
	story := b.m.Story(f.Events)
	// A turn is told once to each view of it: after a hand-over the next
	// person hears and sees what their own view shows of it. Its words
	// are said again to each person who takes the device, even when
	// their view of it is the same: the screen took the last person's
	// words away with their view, and they had looked away.
	told := fmt.Sprintf("%d %v", f.View, story)
	heard := fmt.Sprintf("%s %d", told, f.DeviceSeat)
	if animate && heard != b.heard {
		says := story.Says
		if b.m.Over != nil { // the last turn: its story, then the result
			says = append(says, b.m.Over.Announcement())
		}
		if len(says) > 0 {
			b.host.Say(strings.Join(says, " "))
		}
	}
	if animate && told != b.told {
		b.play(story)
	}
	b.told, b.heard = told, heard
	b.updateOver()
	b.Refresh()
}

// load copies the frame into the model and the controls.
func (b *Board) load(f *frame.Frame) {
	b.m.Load(f)
	b.strip.set(b.m.Board)
	b.updateOver()
	b.updateControls()
	b.updateCountdown(f)
	b.updatePulse(f.Paused)
	b.Refresh()
}

func (b *Board) updateControls() {
	if b.mobile {
		b.note.SetText(b.m.Brief)
	} else {
		b.note.SetText(b.m.Note)
	}
	// Confirm shows only when it can do something or a person needs it:
	// several people pick here (each selects, then confirms), or one
	// person alone, who picks with a tap, has selected with the keys.
	if show := b.m.Input && (b.m.Confirm || b.m.CanConfirm()); show != b.confirmBtn.Visible() {
		kit.ShowIf(b.confirmBtn, show)
		b.confirmRow.Refresh() // its row lays it out again (on a phone, its width)
	}
	if b.m.CanConfirm() {
		b.confirmBtn.Enable()
	} else {
		b.confirmBtn.Disable()
	}
	b.tellSelection()
}

// tellSelection tells the host what the person has selected and not
// confirmed, when that changed: if their pick time runs out, the session
// picks it.
func (b *Board) tellSelection() {
	if sel := b.m.Selection(); sel != b.selected {
		b.selected = sel
		b.host.Select(sel)
	}
}

// Animating reports that the turn's story is playing (kit.Animator): the
// screen holds the result back meanwhile.
func (b *Board) Animating() bool { return b.story.Animating() }

// grid is the geometry for the widget's size now.
func (b *Board) grid() *kit.Grid {
	n := max(1, b.m.N)
	g := &kit.Grid{Files: n, Ranks: n}
	b.fit(g, b.Size())
	return g
}

// fit sizes the squares: on a phone they take the room the right and
// top labels would keep (44 dp squares on 8 x 8 at 412 dp wide). While
// everyone looks at the turn just played, a phone's board leaves a band
// at its foot to the screen's Continue (frame.Frame.ShowingTurn), which
// would else lie over the last rank; a desktop's has room beside it.
func (b *Board) fit(g *kit.Grid, size fyne.Size) {
	if b.mobile {
		if b.m.Showing {
			size.Height -= continueRoom
		}
		g.FitTight(size)
		return
	}
	g.Fit(size)
}

// continueRoom is the band a phone's board leaves at its foot for
// Continue: a touch target and a little air.
const continueRoom = kit.MinTouch + 4

// SpokenSquares names each square for screen readers: "d5, Amber's trail".
func (b *Board) SpokenSquares() []kit.Spoken {
	if b.m.St == nil {
		return nil
	}
	return b.grid().SpokenSquares(b.m.Spoken)
}

// ---- the pick countdown ----

// countdownRun is the countdown shown: the pick it belongs to, the full
// time and what was left when it was (re)started.
type countdownRun struct {
	key   [2]int
	total time.Duration
	left  time.Duration
	shown int // the whole seconds shown
	anim  *fyne.Animation
}

// updateCountdown shows the countdown of the person picking, when the
// session runs one, and hides it otherwise. The bar shrinks once a
// second: a step, not a motion, so reduced motion keeps it.
func (b *Board) updateCountdown(f *frame.Frame) {
	left, ok := f.PickLeft, b.m.Input && f.PickRunning // the frame's countdown is the picker's (f.Acting)
	if !ok || f.PickTime <= 0 {
		b.stopCountdown()
		b.showTimer(0, 0)
		return
	}
	if b.clock != nil && b.clock.key == b.m.pickKey {
		return // already counting this pick down
	}
	b.stopCountdown()
	run := &countdownRun{key: b.m.pickKey, total: f.PickTime, left: left, shown: seconds(left)}
	b.clock = run
	b.showTimer(left, run.total)
	run.anim = fyne.NewAnimation(max(left, time.Millisecond), func(f float32) {
		now := time.Duration(float64(run.left) * (1 - float64(f)))
		if b.clock != run || seconds(now) == run.shown {
			return // redrawn once a second
		}
		run.shown = seconds(now)
		b.showTimer(now, run.total)
	})
	run.anim.Curve = fyne.AnimationLinear
	b.StartAnim(run.anim)
}

func (b *Board) stopCountdown() {
	if b.clock != nil && b.clock.anim != nil {
		b.clock.anim.Stop()
	}
	b.clock = nil
}

// showTimer draws the countdown: whole seconds left and a bar of that
// share of the pick time (hidden when total is 0).
func (b *Board) showTimer(left, total time.Duration) {
	if total <= 0 {
		b.timerRow.Hide()
		return
	}
	b.timerRow.Show()
	secs := seconds(left)
	frac := float64(secs) / total.Seconds()
	b.timerBar.set(float32(frac), timerColor(TimerTone(frac)))
	b.timerText.Text = fmt.Sprintf(" %d s", secs)
	b.timerText.Color = kit.Ink()
	b.timerText.Refresh()
}

// seconds is a time left in whole seconds, rounded up (0.2 s left shows 1).
func seconds(d time.Duration) int { return int(math.Ceil(d.Seconds())) }

// timerColor: amber, orange, red (knights.md 12).
func timerColor(tone int) color.NRGBA {
	switch tone {
	case 0:
		return kit.SeatColor(0)
	case 1:
		return color.NRGBA{0xF0, 0x70, 0x20, 0xFF}
	}
	return color.NRGBA{0xE0, 0x30, 0x30, 0xFF}
}

// bar is the countdown's bar: a track and a fill of a share of its width.
type bar struct {
	widget.BaseWidget
	frac  float32
	fill  color.Color
	track *canvas.Rectangle
	front *canvas.Rectangle
}

func newBar() *bar {
	r := &bar{track: canvas.NewRectangle(color.Transparent), front: canvas.NewRectangle(color.Transparent)}
	r.track.CornerRadius, r.front.CornerRadius = 4, 4
	r.ExtendBaseWidget(r)
	return r
}

func (r *bar) set(frac float32, c color.Color) {
	r.frac, r.fill = max(0, min(1, frac)), c
	r.Refresh()
}

func (r *bar) CreateRenderer() fyne.WidgetRenderer { return &barRenderer{r} }

type barRenderer struct{ r *bar }

func (br *barRenderer) Objects() []fyne.CanvasObject {
	return []fyne.CanvasObject{br.r.track, br.r.front}
}
func (br *barRenderer) Destroy()           {}
func (br *barRenderer) MinSize() fyne.Size { return fyne.NewSize(60, 10) }
func (br *barRenderer) Layout(size fyne.Size) {
	r := br.r
	h := float32(10)
	y := (size.Height - h) / 2
	r.track.Move(fyne.NewPos(0, y))
	r.track.Resize(fyne.NewSize(size.Width, h))
	r.front.Move(fyne.NewPos(0, y))
	r.front.Resize(fyne.NewSize(size.Width*r.frac, h))
}
func (br *barRenderer) Refresh() {
	r := br.r
	r.track.FillColor = kit.WithAlpha(kit.Ink(), 0x28)
	r.front.FillColor = r.fill
	br.Layout(r.Size())
	r.track.Refresh()
	r.front.Refresh()
}

// ---- drawing ----

// pieceInk is the letter and outline colour on a (bright) knight.
var pieceInk = kit.PieceInk

// outGrey is the body of an eliminated knight.
var outGrey = color.NRGBA{0x90, 0x90, 0x90, 0xFF}

// knightPoints outline a knight's head and base facing left, in a unit
// square (y grows downwards).
var knightPoints = []fyne.Position{
	{X: 0.22, Y: 0.94}, {X: 0.84, Y: 0.94}, {X: 0.84, Y: 0.84}, {X: 0.76, Y: 0.80}, {X: 0.80, Y: 0.58},
	{X: 0.76, Y: 0.38}, {X: 0.66, Y: 0.22}, {X: 0.56, Y: 0.14}, {X: 0.54, Y: 0.04}, {X: 0.46, Y: 0.13},
	{X: 0.36, Y: 0.17}, {X: 0.24, Y: 0.30}, {X: 0.12, Y: 0.46}, {X: 0.10, Y: 0.56}, {X: 0.18, Y: 0.62},
	{X: 0.30, Y: 0.58}, {X: 0.40, Y: 0.54}, {X: 0.44, Y: 0.60}, {X: 0.34, Y: 0.74}, {X: 0.28, Y: 0.82},
}

// knightObj draws one knight: its body, an eye and its letter.
type knightObj struct {
	body   *canvas.ArbitraryPolygon
	eye    *canvas.Circle
	letter *canvas.Text
	glow   *canvas.Rectangle
}

func newKnightObj(seat int) knightObj {
	o := knightObj{body: canvas.NewArbitraryPolygon(knightPoints, kit.SeatColor(seat)),
		eye: canvas.NewCircle(pieceInk), letter: canvas.NewText(Letter(seat), pieceInk), glow: kit.NewGlow()}
	o.body.NormalizedPoints = true
	o.letter.TextStyle.Bold = true
	return o
}

func (o *knightObj) objects() []fyne.CanvasObject {
	return []fyne.CanvasObject{o.glow, o.body, o.eye, o.letter}
}

func (o *knightObj) hide() {
	o.body.Hide()
	o.eye.Hide()
	o.letter.Hide()
	o.glow.Hide()
}

// set draws the knight of a seat in a square of side c whose top-left
// corner is at p; out greys it; glow marks a winner.
func (o *knightObj) set(seat int, p fyne.Position, c float32, out, glow bool) {
	fill := kit.SeatColor(seat)
	o.body.StrokeColor, o.body.StrokeWidth = pieceInk, max(1.2, c*0.025)
	if out {
		fill = outGrey
		o.body.StrokeColor = kit.SeatColor(seat)
		o.body.StrokeWidth = max(2, c*0.05)
	}
	o.body.FillColor = fill
	in := c * 0.08
	o.body.Move(fyne.NewPos(p.X+in, p.Y+in))
	o.body.Resize(fyne.NewSize(c-2*in, c-2*in))
	o.body.Show()
	o.body.Refresh()
	e := c * 0.07
	o.eye.Move(fyne.NewPos(p.X+in+(c-2*in)*0.36-e/2, p.Y+in+(c-2*in)*0.30-e/2))
	o.eye.Resize(fyne.NewSize(e, e))
	o.eye.Show()
	o.eye.Refresh()
	o.letter.TextSize = max(minText, c*0.3)
	ms := o.letter.MinSize()
	o.letter.Move(fyne.NewPos(p.X+in+(c-2*in)*0.62-ms.Width/2, p.Y+in+(c-2*in)*0.70-ms.Height/2))
	o.letter.Resize(ms)
	o.letter.Show()
	o.letter.Refresh()
	if glow {
		kit.PlaceInset(o.glow, p, c, 2)
		o.glow.Show()
	} else {
		o.glow.Hide()
	}
	o.glow.Refresh()
}

// squareObj draws one square: its tone or trail tint, the trail's letter,
// an obstacle's cross, the fog, and the legal dot.
type squareObj struct {
	cell   *canvas.Rectangle
	letter *canvas.Text
	cross  [2]*canvas.Line
	fog    *canvas.Rectangle
	haze   *canvas.Line // a diagonal stripe: fog is told from a dark square by its texture
	dot    *canvas.Circle
}

func newSquareObj() squareObj {
	o := squareObj{cell: canvas.NewRectangle(color.Transparent), letter: canvas.NewText("", pieceInk),
		fog: canvas.NewRectangle(color.Transparent), haze: canvas.NewLine(color.Transparent), dot: kit.NewDot()}
	for i := range o.cross {
		o.cross[i] = canvas.NewLine(color.Transparent)
	}
	return o
}

type renderer struct {
	b        *Board
	n        int
	grid     kit.Grid
	squares  []squareObj
	rings    [4]*canvas.Circle // the last turn's landings
	clashes  [4]*canvas.Circle // the last turn's collisions
	flashes  [4]*canvas.Circle // landing flashes while the story plays
	knights  [4]knightObj
	hoverSq  *canvas.Rectangle
	sel      *canvas.Rectangle
	hint     *canvas.Rectangle
	refused  *canvas.Rectangle
	pulse    *fyne.Animation
	pulseKey [2]int
	labels   []*canvas.Text // the rank and file labels of the grid
	fitted   [2]any         // the size and Showing the squares were fitted to
	objects  []fyne.CanvasObject
}

func (b *Board) CreateRenderer() fyne.WidgetRenderer {
	r := &renderer{b: b, pulseKey: [2]int{-1, -1}}
	r.build(b.m.N)
	b.r = r
	return r
}

// build makes the objects of an n x n board, once per size.
func (r *renderer) build(n int) {
	r.n = n
	r.grid = kit.Grid{Files: max(1, n), Ranks: max(1, n)}
	r.squares = make([]squareObj, n*n)
	r.objects = nil
	add := func(o ...fyne.CanvasObject) { r.objects = append(r.objects, o...) }
	for i := range r.squares {
		r.squares[i] = newSquareObj()
		sq := &r.squares[i]
		add(sq.cell, sq.letter, sq.cross[0], sq.cross[1])
	}
	r.hoverSq = canvas.NewRectangle(color.Transparent)
	add(r.hoverSq)
	for i := range r.rings {
		r.rings[i], r.clashes[i], r.flashes[i] = kit.NewLastRing(), kit.NewLastRing(), kit.NewLastRing()
		add(r.rings[i], r.clashes[i], r.flashes[i])
	}
	for seat := range r.knights {
		r.knights[seat] = newKnightObj(seat)
		add(r.knights[seat].objects()...)
	}
	for i := range r.squares {
		add(r.squares[i].fog, r.squares[i].haze)
	}
	for i := range r.squares {
		add(r.squares[i].dot)
	}
	r.sel, r.hint, r.refused = kit.NewOutline(), kit.NewOutline(), kit.NewOutline()
	add(r.sel, r.hint, r.refused)
	labels := r.grid.Labels()
	r.labels = r.labels[:0]
	for _, l := range labels {
		r.labels = append(r.labels, l.(*canvas.Text))
	}
	add(labels...)
}

// minText is the smallest type on the board, in the theme's text units
// (sp): a knight's letter, a trail's and, on a phone, the rank and file
// labels and the scoreboard's words (issue 19 item 9), however small the
// squares of a 16 x 16 board are.
const minText float32 = 12

// layOutLabels places the rank and file labels (kit.Grid.LayoutLabels,
// whose type is never below minText).
func (r *renderer) layOutLabels() { r.grid.LayoutLabels() }

func (r *renderer) Objects() []fyne.CanvasObject { return r.objects }

func (r *renderer) Destroy() {
	if r.pulse != nil {
		r.pulse.Stop()
	}
	r.b.stopDots()
	r.b.stopCountdown()
}

func (r *renderer) MinSize() fyne.Size {
	g := kit.Grid{Files: max(5, r.n), Ranks: max(5, r.n)}
	// Squares of at least 40 px on the largest board (knights.md 12)
	// would not fit a phone; 26 px keeps a 16 x 16 board on one.
	return g.MinSize(min(kit.MinTouch, 420/float32(max(5, r.n))))
}

func (r *renderer) Layout(size fyne.Size) {
	r.b.fit(&r.grid, size)
	r.layOutLabels()
	r.fitted = [2]any{size, r.b.m.Showing}
	r.Refresh()
}

// Refresh copies the model (and the story playing) into the objects and
// reads the theme's colours.
func (r *renderer) Refresh() {
	b, m := r.b, &r.b.m
	if m.N != r.n {
		r.build(m.N)
		r.fitted = [2]any{} // new squares: fitted below
	}
	if fitted := [2]any{b.Size(), m.Showing}; fitted != r.fitted {
		r.fitted = fitted // the size or the room to leave changed
		b.fit(&r.grid, b.Size())
		r.layOutLabels()
	}
	if m.St == nil {
		return
	}
	c := r.grid.Cell
	light, darkTone := kit.SquareTones()
	fog := fogColor()
	for i := range r.squares {
		o, cell := &r.squares[i], m.Cells[i]
		p := r.grid.CellPos(i%m.N, i/m.N)
		tone := light
		if (i%m.N+i/m.N)%2 == 0 {
			tone = darkTone
		}
		opacity := b.closeProgress(i)
		switch cell.Kind {
		case game.Trail, game.Knight:
			tone = blend(tone, kit.SeatColor(cell.Seat), 0.42)
		case game.Obstacle:
			tone = blend(tone, kit.WithAlpha(kit.Ink(), 0xFF), 0.25*opacity)
		}
		o.cell.FillColor = tone
		o.cell.Move(p)
		o.cell.Resize(fyne.NewSize(c+0.75, c+0.75)) // no seams at fractional positions
		o.cell.Refresh()
		r.drawTrailLetter(o, cell, p, c)
		r.drawCross(o, cell.Kind == game.Obstacle, opacity, p, c)
		o.fog.FillColor = fog
		o.fog.Move(p)
		o.fog.Resize(fyne.NewSize(c+0.75, c+0.75))
		kit.ShowIf(o.fog, cell.Fog)
		o.haze.StrokeColor = kit.WithAlpha(kit.Ink(), 0x22)
		o.haze.StrokeWidth = max(1, c*0.05)
		o.haze.Position1, o.haze.Position2 = fyne.NewPos(p.X, p.Y+c), fyne.NewPos(p.X+c, p.Y)
		kit.ShowIf(o.haze, cell.Fog)
		placeDot(o.dot, p, c)
		kit.ShowIf(o.dot, m.IsLegal(i))
	}
	r.refreshDots()
	r.drawHover()
	last, clashes := m.Last, m.Clashes
	if b.anim != nil { // the story shows them as it goes
		last, clashes = nil, nil
	}
	r.drawRings(r.rings[:], last, kit.LastRingColor())
	r.drawRings(r.clashes[:], clashes, kit.Refused)
	r.drawFlashes()
	r.drawKnights()
	r.outline(r.sel, m.Selected, kit.SeatInk(0), 3, 2)
	r.outline(r.refused, b.refused.Square, kit.Refused, 0, 2)
	if b.refused.Square >= 0 {
		r.refused.FillColor = kit.WithAlpha(kit.Refused, 0x70)
		r.refused.Refresh()
	}
	r.drawHint()
}

// drawTrailLetter writes a trail's small letter (a-d) in its square's
// corner, so a trail is told by letter as well as by colour.
func (r *renderer) drawTrailLetter(o *squareObj, cell Cell, p fyne.Position, c float32) {
	if cell.Kind != game.Trail {
		o.letter.Hide()
		return
	}
	o.letter.Text = TrailLetter(cell.Seat)
	o.letter.Color = kit.InkOn(o.cell.FillColor)
	o.letter.TextSize = max(minText, min(c*0.22, 15))
	ms := o.letter.MinSize()
	o.letter.Move(fyne.NewPos(p.X+c*0.08, p.Y+c*0.04))
	o.letter.Resize(ms)
	o.letter.Show()
	o.letter.Refresh()
}

// drawCross draws an obstacle's cross at an opacity (0..1: a square the
// shrinking board is closing fades in).
func (r *renderer) drawCross(o *squareObj, on bool, opacity float32, p fyne.Position, c float32) {
	in := c * 0.24
	ends := [2][2]fyne.Position{
		{{X: p.X + in, Y: p.Y + in}, {X: p.X + c - in, Y: p.Y + c - in}},
		{{X: p.X + in, Y: p.Y + c - in}, {X: p.X + c - in, Y: p.Y + in}},
	}
	for k, l := range o.cross {
		if !on || opacity <= 0 {
			l.Hide()
			continue
		}
		l.StrokeColor = kit.WithAlpha(kit.Ink(), uint8(0xC0*opacity))
		l.StrokeWidth = max(2, c*0.07)
		l.Position1, l.Position2 = ends[k][0], ends[k][1]
		l.Show()
		l.Refresh()
	}
}

// placeDot puts a legal dot in the middle of a square: the kit's size
// (kit.PlaceDot, a fifth of the square), but at least 10 px across (or
// nearly half a small square), so the dots of a 16 x 16 board on a phone
// are not specks.
func placeDot(d *canvas.Circle, p fyne.Position, c float32) {
	size := max(c*0.22, min(10, c*0.45))
	d.Move(fyne.NewPos(p.X+(c-size)/2, p.Y+(c-size)/2))
	d.Resize(fyne.NewSize(size, size))
}

// refreshDots colours the legal dots at the pulse's opacity.
func (r *renderer) refreshDots() {
	for i := range r.squares {
		if d := r.squares[i].dot; d.Visible() {
			d.FillColor = kit.WithAlpha(kit.DotColor(), r.b.dotAlpha)
			d.Refresh()
		}
	}
}

// drawHover lights a legal square under the mouse.
func (r *renderer) drawHover() {
	b, m := r.b, &r.b.m
	if b.hover < 0 || !m.IsLegal(b.hover) {
		r.hoverSq.Hide()
		return
	}
	r.hoverSq.FillColor = kit.WithAlpha(kit.SeatColor(0), 0x40)
	kit.PlaceInset(r.hoverSq, r.grid.CellPos(b.hover%m.N, b.hover/m.N), r.grid.Cell, 0)
	r.hoverSq.Show()
	r.hoverSq.Refresh()
}

// drawRings puts a ring on each square of list (at most four).
func (r *renderer) drawRings(rings []*canvas.Circle, list []int, col color.Color) {
	m, c := &r.b.m, r.grid.Cell
	for i, ring := range rings {
		if i >= len(list) || list[i] < 0 || list[i] >= len(m.Cells) {
			ring.Hide()
			continue
		}
		ring.FillColor = color.Transparent
		ring.StrokeColor = col
		ring.StrokeWidth = max(2, c*0.06)
		kit.PlaceInset(ring, r.grid.CellPos(list[i]%m.N, list[i]/m.N), c, c*0.05)
		ring.Show()
		ring.Refresh()
	}
}

// drawFlashes draws the landing and collision flashes of the story.
func (r *renderer) drawFlashes() {
	b, m, c := r.b, &r.b.m, r.grid.Cell
	spots, p := b.flashes()
	for i, f := range r.flashes {
		if i >= len(spots) || p <= 0 || p >= 1 {
			f.Hide()
			continue
		}
		sp := spots[i]
		grow := c * (0.3 + 0.5*p)
		ctr := r.grid.Center(sp.sq%m.N, sp.sq/m.N)
		f.FillColor = kit.WithAlpha(sp.col, uint8(0x90*(1-p)))
		f.StrokeColor = color.Transparent
		f.Move(fyne.NewPos(ctr.X-grow, ctr.Y-grow))
		f.Resize(fyne.NewSize(2*grow, 2*grow))
		f.Show()
		f.Refresh()
	}
}

// drawKnights draws every knight that shows: at its square, or where
// the story has it now.
func (r *renderer) drawKnights() {
	b, m, c := r.b, &r.b.m, r.grid.Cell
	win := map[int]bool{}
	for _, w := range m.Winners {
		win[w] = true
	}
	for seat := range r.knights {
		o := &r.knights[seat]
		if seat >= len(m.Knights) || m.Knights[seat] < 0 {
			o.hide()
			continue
		}
		sq := m.Knights[seat]
		p := r.grid.CellPos(sq%m.N, sq/m.N)
		if at, moving := b.knightAt(seat, &r.grid); moving {
			p = at
		}
		out := m.Out[seat] && !b.shaking(seat)
		if dx := b.shakeOffset(seat); dx != 0 {
			p.X += dx * c
		}
		o.set(seat, p, c, out, win[seat] && b.anim == nil)
	}
}

// drawHint pulses the hinted square in the picker's colour.
func (r *renderer) drawHint() {
	b, m := r.b, &r.b.m
	key := [2]int{m.Hint, m.Picker}
	reduced := b.host.Motion().Reduced
	if key != r.pulseKey {
		if r.pulse != nil {
			r.pulse.Stop()
			r.pulse = nil
		}
		r.pulseKey = key
		r.hint.Hide()
		if m.Hint >= 0 {
			kit.PlaceInset(r.hint, r.grid.CellPos(m.Hint%m.N, m.Hint/m.N), r.grid.Cell, 5)
			r.pulse = kit.Pulse(r.hint, kit.SeatInk(max(0, m.Picker)), reduced)
		}
	}
	if m.Hint >= 0 {
		kit.PlaceInset(r.hint, r.grid.CellPos(m.Hint%m.N, m.Hint/m.N), r.grid.Cell, 5)
	}
}

func (r *renderer) outline(o *canvas.Rectangle, sq int, col color.Color, width, inset float32) {
	m := &r.b.m
	if sq < 0 || sq >= len(m.Cells) {
		o.Hide()
		return
	}
	kit.PlaceInset(o, r.grid.CellPos(sq%m.N, sq/m.N), r.grid.Cell, inset)
	kit.ShowOutline(o, col, width)
}

// blend mixes a share of c into base (trails are tinted strongly, unlike
// kit.Tint's faint territory halves).
func blend(base color.NRGBA, c color.NRGBA, share float32) color.NRGBA {
	mix := func(a, b uint8) uint8 { return uint8(float32(a)*(1-share) + float32(b)*share) }
	return color.NRGBA{mix(base.R, c.R), mix(base.G, c.G), mix(base.B, c.B), 0xFF}
}

// fogColor is the fog over what the device may not see, in both themes.
func fogColor() color.NRGBA {
	light, _ := kit.SquareTones()
	if light.R < 0x80 { // the dark theme's squares
		return color.NRGBA{0x15, 0x17, 0x1B, 0xF0}
	}
	return color.NRGBA{0x9A, 0xA0, 0xA8, 0xF0}
}
