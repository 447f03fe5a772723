package ui

import (
	"errors"
	"fmt"
	"image/color"
	"time"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/canvas"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/driver/desktop"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"

	"github.com/tabulagames/tabula/games"
	"github.com/tabulagames/tabula/games/alcazar"
	"github.com/tabulagames/tabula/ui/boards/kit"
	"github.com/tabulagames/tabula/ui/session"
)

// alcazarBoard is the 3x3 board inside its frame of 12 entry slots, with
// each seat's hand in a tray above and below. Tap a piece in your hand and
// then an entry slot (or the slot first, then the piece); keys 1-5 choose a
// piece, the arrows walk the ring of slots, Enter places. The movement
// phase after the second placement of a turn plays as an animation, one
// piece at a time (alcazar_anim.go).
type alcazarBoard struct {
	widget.BaseWidget
	host kit.Host

	sess    *session.Session
	st      *alcazar.State
	viewIdx int
	bottom  int  // the seat whose tray is under (or left of) the board
	side    bool // the trays stand left and right of the board

	pieces    [10]alzPiece // every piece, always: on the grid or in its tray slot
	crownSeat int          // where the crown is drawn (animated: from here to crownTo)
	crownTo   int
	crownProg float32
	acting    int // piece acting in the phase (outlined), -1 none

	mover    int  // seat to move, -1 when over
	input    bool // a person may place now
	first    int  // square the crown holder used this turn, -1
	selPiece int  // number chosen in the hand, 0 none
	selSq    int  // entry square chosen first, -1 none
	cursor   int  // keyboard cursor on the ring, -1 hidden
	hintSq   int  // hinted square, -1 none
	hintN    int  // hinted piece, 0 none
	refused  int  // square flashing, -1 none
	hover    int  // entry square under the mouse, -1 none
	dragN    int  // piece being dragged from the hand, 0 none
	dragPos  fyne.Position
	dragSeen bool         // the current drag has been looked at
	dropping bool         // a dragged piece is being placed
	line     map[int]bool // winning squares (after any animation)
	lastSqs  []int        // squares of the pieces dropped this turn, if still in play
	note     string       // text line in the controls when nothing animates

	anim      *alzAnim
	animGen   int
	pending   bool                    // a forward Draw arrived while the phase played
	startAnim func(a *fyne.Animation) // a.Start; tests hold animations in their hands
	flashAnim *fyne.Animation

	noteLabel *widget.Label
	replayBtn *widget.Button
	skipBtn   *widget.Button
	stepBtn   *widget.Button
	playBtn   *widget.Button
	passBtn   *widget.Button
	controls  fyne.CanvasObject
}

// alzLoc is where a piece is drawn: a tray slot, or a grid square (files
// and ranks 0-4, possibly one step outside for a piece pushed off).
type alzLoc struct {
	hand bool
	f, r int
}

type alzPiece struct {
	dir   int      // facing, alcazar.NoDir in hand
	path  []alzLoc // at rest one loc; while moving the waypoints
	prog  float32  // 0..1 along path
	shake float32  // 0..1 progress of a shake in place, 0 none
}

func (p *alzPiece) at() alzLoc { return p.path[len(p.path)-1] }

func newAlcazarBoard(h kit.Host) kit.Board {
	b := &alcazarBoard{host: h, viewIdx: -1, selSq: -1, cursor: -1, hintSq: -1, refused: -1, first: -1, acting: -1, mover: -1, hover: -1}
	b.startAnim = func(a *fyne.Animation) { a.Start() }
	for i := range b.pieces {
		b.pieces[i] = alzPiece{dir: alcazar.NoDir, path: []alzLoc{{hand: true}}}
	}
	b.noteLabel = widget.NewLabel("")
	b.noteLabel.Alignment = fyne.TextAlignCenter
	b.noteLabel.Wrapping = fyne.TextWrapWord
	// A phone keeps the board tall: icons only, beside the text line.
	mobile := fyne.CurrentDevice().IsMobile()
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

// Controls are the text line and buttons under the kit.
func (b *alcazarBoard) Controls() fyne.CanvasObject { return b.controls }

// alzIndex is the index of piece n of a seat: seat*5+n-1.
func alzIndex(seat, n int) int { return seat*5 + n - 1 }

// squareLoc is the grid location of a square name.
func squareLoc(name string) alzLoc {
	sq, _ := alcazar.Square(name)
	return alzLoc{f: sq % 5, r: sq / 5}
}

// Draw shows the session's viewed state. A phase that is playing goes on
// when the same position is drawn again (a bot starts thinking) and when
// later plies arrive (they are shown once the phase is over: the next one
// with its drop animated, several at once without); anything else (undo,
// a jump in the move list, another game) stops it and shows the final
// position at once.
func (b *alcazarBoard) Draw(s *session.Session, animate bool) {
	if b.anim != nil && s == b.sess {
		switch {
		case s.ViewIndex() == b.viewIdx:
			b.readFlags(s)
			b.updateControls()
			b.Refresh()
			return
		case animate && !s.Viewing() && s.ViewIndex() > b.viewIdx:
			// Plies that come in while the phase plays (a quick bot) wait
			// for its end; then the board catches up with the game.
			b.pending = true
			return
		}
	}
	b.drawNow(s, animate)
}

func (b *alcazarBoard) drawNow(s *session.Session, animate bool) {
	b.stopAnim()
	b.pending = false
	st, ok := s.Viewed().(*alcazar.State)
	if !ok {
		return
	}
	if b.sess != s {
		b.bottom = 0
		if len(s.Seats) == 2 && !s.Seats[0].Human() && s.Seats[1].Human() {
			b.bottom = 1
		}
	}
	changed := b.sess != s || b.viewIdx != s.ViewIndex()
	b.sess, b.st, b.viewIdx = s, st, s.ViewIndex()
	if changed {
		b.selPiece, b.selSq = 0, -1
	}
	b.refused = -1
	b.readFlags(s)
	b.sync()
	if animate && changed {
		if prev, _, events := s.LastTurn(); prev != nil {
			if p, ok := prev.(*alcazar.State); ok {
				b.play(p, events, b.host.Motion().Reduced, false, b.dropping)
			}
		}
	}
	b.updateControls()
	b.Refresh()
}

// readFlags copies what does not move: whose turn, input, hint, lines.
func (b *alcazarBoard) readFlags(s *session.Session) {
	st := b.st
	b.mover = -1
	if to := st.ToMove(); len(to) > 0 {
		b.mover = to[0]
	}
	b.input = b.mover >= 0 && s.HumanToMove() == b.mover
	if !b.input {
		b.selPiece, b.selSq = 0, -1
	}
	b.first = -1
	if sq, ok := alcazar.Square(st.FirstSquare()); ok {
		b.first = sq
	}
	b.hintSq, b.hintN = -1, 0
	if h := s.Hint(); h != nil && !s.Viewing() && h.Seat == b.mover {
		if n, sq, ok := alcazar.DecodeMove(h.Move); ok && h.Move != alcazar.Pass {
			b.hintSq, b.hintN = sq, n
		}
	}
	b.line = map[int]bool{}
	lines := st.WinningLines()
	if lines == nil && st.BothLines() {
		lines = append(st.Lines(0), st.Lines(1)...)
	}
	for _, l := range lines {
		for _, name := range l {
			if sq, ok := alcazar.Square(name); ok {
				b.line[sq] = true
			}
		}
	}
	b.lastSqs = b.lastSqs[:0]
	if prev, turn, _ := s.LastTurn(); prev != nil && len(turn) == 1 {
		var dropped []int // piece indexes dropped this turn
		if n, _, ok := alcazar.DecodeMove(turn[0]); ok && turn[0] != alcazar.Pass {
			dropped = append(dropped, alzIndex(prev.ToMove()[0], n))
		}
		if p, ok := prev.(*alcazar.State); ok && p.SecondPlacement() {
			for _, pc := range p.Pieces() {
				if pc.Waiting {
					dropped = append(dropped, alzIndex(pc.Seat, pc.N))
				}
			}
		}
		for _, pc := range st.Pieces() {
			for _, d := range dropped {
				if alzIndex(pc.Seat, pc.N) == d {
					sq, _ := alcazar.Square(pc.Square)
					b.lastSqs = append(b.lastSqs, sq)
				}
			}
		}
	}
	b.note = b.noteText(s)
}

// sync puts every piece and the crown where the viewed state has them.
func (b *alcazarBoard) sync() { b.syncFrom(b.st) }

func (b *alcazarBoard) syncFrom(st *alcazar.State) {
	for i := range b.pieces {
		b.pieces[i] = alzPiece{dir: alcazar.NoDir, path: []alzLoc{{hand: true}}}
	}
	for _, pc := range st.Pieces() {
		d, _ := alcazar.ParseDir(pc.Dir)
		b.pieces[alzIndex(pc.Seat, pc.N)] = alzPiece{dir: d, path: []alzLoc{squareLoc(pc.Square)}}
	}
	b.crownSeat, b.crownTo, b.crownProg = st.Crown(), st.Crown(), 0
	b.acting = -1
}

// seatWord names a seat by its colour, as the pieces show it.
func seatWord(seat int) string {
	if seat == 0 {
		return "Amber"
	}
	return "Blue"
}

func (b *alcazarBoard) who(seat int) string {
	name := seatWord(seat)
	if b.sess != nil && seat < len(b.sess.Seats) && b.sess.Seats[seat].Name != "" {
		name += " (" + b.sess.Seats[seat].Name + ")"
	}
	return name
}

// noteText is the line under the board when nothing animates.
func (b *alcazarBoard) noteText(s *session.Session) string {
	st := b.st
	turn := fmt.Sprintf("Turn %d", st.Turn()+1)
	if st.Outcome().Over() {
		turn = fmt.Sprintf("%d %s played", st.Turn(), plural(st.Turn(), "turn", "turns"))
	} else if lim := st.TurnLimit(); lim > 0 {
		turn += fmt.Sprintf(" of %d", lim)
	}
	_, _, events := s.LastTurn()
	out := st.Outcome()
	switch {
	case out.Status == games.Win && len(out.Winners) == 1:
		msg := b.who(out.Winners[0]) + " wins"
		if out.Reason != "" {
			msg += ": " + out.Reason
		}
		return msg + ". " + turn + "."
	case out.Over():
		msg := "Draw"
		if out.Reason != "" {
			msg += ": " + out.Reason
		}
		return msg + ". " + turn + "."
	case st.BothLines():
		return turn + ". Both players have a line of three: play continues."
	case b.input && len(st.Hand(b.mover)) == 0:
		return turn + ". All five of your pieces are in play: you must pass."
	case len(events) > 0 && events[0].Kind == alcazar.EventPass:
		return turn + ". " + b.who(events[0].Seat) + " had all five pieces in play and passed."
	case b.input && st.SecondPlacement() && b.first >= 0:
		return turn + ". Choose a piece and an entry square; " + alcazar.SquareName(b.first) + " is taken."
	case b.input:
		return turn + ". Choose a piece from your hand, then an entry square."
	}
	return turn + "."
}

func (b *alcazarBoard) updateControls() {
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
	b.noteLabel.SetText(b.note)
	if b.canReplay() {
		b.replayBtn.Enable()
	} else {
		b.replayBtn.Disable()
	}
	if b.input && b.st != nil && len(b.st.Hand(b.mover)) == 0 {
		b.passBtn.Show()
	} else {
		b.passBtn.Hide()
	}
}

// canReplay reports whether there is a movement phase to replay.
func (b *alcazarBoard) canReplay() bool {
	start, _ := b.lastPhase()
	return start != nil
}

// Animating reports that the movement phase is playing (ui.Animator).
func (b *alcazarBoard) Animating() bool { return b.anim != nil }

// busy reports whether input is held back (the phase is playing).
func (b *alcazarBoard) busy() bool { return b.anim != nil }

// ---- acting ----

func (b *alcazarBoard) pass() {
	if b.busy() || !b.input {
		return
	}
	if err := b.host.Submit("pass"); err != nil {
		b.host.Refuse(err.Error())
	}
}

// place submits "N@sq"; a refusal says why and flashes the square.
func (b *alcazarBoard) place(n, sq int) {
	tok := fmt.Sprintf("%d@%s", n, alcazar.SquareName(sq))
	keepPiece := b.selPiece
	b.selPiece, b.selSq = 0, -1
	if err := b.host.Submit(tok); err != nil {
		b.selPiece = keepPiece
		b.host.Refuse(err.Error())
		b.flash(sq)
		return
	}
}

// checkSquare says why no piece may go on sq now, in the engine's words.
func (b *alcazarBoard) checkSquare(sq int) error {
	hand := b.st.Hand(b.mover)
	if len(hand) == 0 {
		return errors.New("All five of your pieces are in play: you must pass.")
	}
	tok := fmt.Sprintf("%d@%s", hand[0], alcazar.SquareName(sq))
	if _, err := b.st.ParseMove(b.mover, tok); err != nil {
		if inner := errors.Unwrap(err); inner != nil {
			return inner
		}
		return err
	}
	return nil
}

func (b *alcazarBoard) flash(sq int) {
	b.refused = sq
	b.Refresh()
	if b.flashAnim != nil {
		b.flashAnim.Stop()
	}
	d := b.host.Motion().Scale(450)
	if d == 0 {
		d = 450 // a steady mark that goes away; no motion involved
	}
	b.flashAnim = fyne.NewAnimation(time.Duration(d)*time.Millisecond, func(f float32) {
		if f >= 1 && b.refused == sq {
			b.refused = -1
			b.Refresh()
		}
	})
	b.startAnim(b.flashAnim)
}

// choosePiece selects piece n of the mover's hand (again: deselect); with
// a square already chosen it places at once.
func (b *alcazarBoard) choosePiece(n int) {
	if !contains(b.st.Hand(b.mover), n) {
		b.host.Refuse(fmt.Sprintf("Piece %d is already in play.", n))
		return
	}
	if b.selSq >= 0 {
		b.place(n, b.selSq)
		return
	}
	if b.selPiece == n {
		b.selPiece = 0
	} else {
		b.selPiece = n
	}
	b.Refresh()
}

// chooseSquare places the chosen piece on sq, or remembers sq until a
// piece is chosen.
func (b *alcazarBoard) chooseSquare(sq int) {
	if b.selPiece > 0 {
		b.place(b.selPiece, sq)
		return
	}
	if err := b.checkSquare(sq); err != nil {
		b.host.Refuse(err.Error())
		b.flash(sq)
		return
	}
	if b.selSq == sq {
		b.selSq = -1
	} else {
		b.selSq = sq
	}
	b.Refresh()
}

// Tapped: a piece of the mover's hand, or an entry square.
func (b *alcazarBoard) Tapped(ev *fyne.PointEvent) {
	if b.st == nil || b.busy() {
		return
	}
	g := alzLayout(b.Size(), b.bottom, b.side)
	if seat, n, ok := g.trayAt(ev.Position); ok {
		switch {
		case !b.input:
		case seat != b.mover:
			b.host.Refuse("Those are your opponent's pieces: choose one of your own.")
		case contains(b.st.Hand(seat), n):
			b.cursor = -1
			b.choosePiece(n)
		}
		return
	}
	f, r := g.grid.AtAny(ev.Position)
	if f < 0 || f > 4 || r < 0 || r > 4 {
		return
	}
	sq := r*5 + f
	if !alcazar.OnEdge(sq) {
		if b.selPiece > 0 || b.selSq >= 0 {
			b.selPiece, b.selSq = 0, -1
			b.Refresh()
		}
		return
	}
	if !b.input {
		return
	}
	b.cursor = -1
	b.chooseSquare(sq)
}

// TappedSecondary (a right-click, or a long press on a phone) says what a
// piece does: its kind (a light 1, the pusher 4, a plain piece), and on the
// board which way it faces and so where it will step.
func (b *alcazarBoard) TappedSecondary(ev *fyne.PointEvent) {
	if b.st == nil || b.busy() {
		return
	}
	g := alzLayout(b.Size(), b.bottom, b.side)
	if seat, n, ok := g.trayAt(ev.Position); ok {
		where := "in hand"
		if !contains(b.st.Hand(seat), n) {
			where = "in play"
		}
		b.host.Say(fmt.Sprintf("%s's %d (%s): %s", seatWord(seat), n, where, alzKind(n)))
		return
	}
	f, r := g.grid.AtAny(ev.Position)
	if f < 0 || f > 4 || r < 0 || r > 4 {
		return
	}
	name := alcazar.SquareName(r*5 + f)
	for _, p := range b.st.Pieces() {
		if p.Square == name {
			b.host.Say(fmt.Sprintf("%s's %d on %s, facing %s: %s", seatWord(p.Seat), p.N, name, alzDirWord[p.Dir], alzKind(p.N)))
			return
		}
	}
}

var alzDirWord = map[string]string{"N": "north", "E": "east", "S": "south", "W": "west"}

// alzKind says what a piece of number n does when it acts (alcazar.md 2, 6).
func alzKind(n int) string {
	order := fmt.Sprintf("acts %s in each movement phase. ", [6]string{"", "first", "second", "third", "fourth", "fifth"}[n])
	switch n {
	case 1:
		return order + "A light piece: it steps one square the way it faces, pushes nothing, and a 2, 3 or 5 can push it one square."
	case 4:
		return order + "The pusher: it always steps one square the way it faces, shoving every piece in front of it."
	}
	return order + "A plain piece: it steps one square the way it faces, can push a lone 1 out of its way, and is blocked by anything else."
}

// edgeAt is the entry square under a point, or -1.
func (b *alcazarBoard) edgeAt(p fyne.Position) int {
	g := alzLayout(b.Size(), b.bottom, b.side)
	f, r := g.grid.AtAny(p)
	if f < 0 || f > 4 || r < 0 || r > 4 || !alcazar.OnEdge(r*5+f) {
		return -1
	}
	return r*5 + f
}

// MouseIn, MouseMoved and MouseOut show a faint ghost of the chosen piece
// on the entry square under the mouse.
func (b *alcazarBoard) MouseIn(ev *desktop.MouseEvent) { b.MouseMoved(ev) }
func (b *alcazarBoard) MouseMoved(ev *desktop.MouseEvent) {
	if sq := b.edgeAt(ev.Position); sq != b.hover {
		b.hover = sq
		if b.selPiece > 0 {
			b.Refresh()
		}
	}
}
func (b *alcazarBoard) MouseOut() {
	if b.hover >= 0 {
		b.hover = -1
		b.Refresh()
	}
}

// Dragged moves a piece picked up from the mover's hand with the pointer;
// DragEnd drops it on the entry square under it (or puts it back, chosen).
func (b *alcazarBoard) Dragged(ev *fyne.DragEvent) {
	if !b.dragSeen {
		b.dragSeen = true
		start := ev.Position.Subtract(ev.Dragged)
		g := alzLayout(b.Size(), b.bottom, b.side)
		seat, n, ok := g.trayAt(start)
		if b.st == nil || b.busy() || !b.input || !ok || seat != b.mover || !contains(b.st.Hand(seat), n) {
			return
		}
		b.dragN, b.selPiece, b.selSq, b.cursor = n, n, -1, -1
	}
	if b.dragN == 0 {
		return
	}
	b.dragPos = ev.Position
	b.hover = b.edgeAt(ev.Position)
	b.Refresh()
}

func (b *alcazarBoard) DragEnd() {
	n, sq := b.dragN, b.hover
	b.dragN, b.dragSeen = 0, false
	if n == 0 {
		return
	}
	if sq >= 0 && !b.busy() && b.input {
		b.dropping = true
		b.place(n, sq)
		b.dropping = false
	}
	b.Refresh()
}

// ring is the 12 entry squares clockwise from b5.
var alzRing = func() []int {
	var out []int
	for _, n := range []string{"b5", "c5", "d5", "e4", "e3", "e2", "d1", "c1", "b1", "a2", "a3", "a4"} {
		sq, _ := alcazar.Square(n)
		out = append(out, sq)
	}
	return out
}()

// ringStep moves the cursor one square around the ring in the arrow's
// direction; where the ring does not go that way (the middle of a side),
// it jumps across the board to the opposite square.
func ringStep(sq int, k fyne.KeyName) int {
	df, dr := 0, 0
	switch k {
	case fyne.KeyUp:
		dr = 1
	case fyne.KeyDown:
		dr = -1
	case fyne.KeyLeft:
		df = -1
	case fyne.KeyRight:
		df = 1
	}
	i := 0
	for j, s := range alzRing {
		if s == sq {
			i = j
		}
	}
	f, r := sq%5, sq/5
	best, bestGain := -1, 0
	for _, j := range []int{(i + 1) % 12, (i + 11) % 12} {
		n := alzRing[j]
		gain := (n%5-f)*df + (n/5-r)*dr
		if gain > bestGain {
			best, bestGain = n, gain
		}
	}
	if best >= 0 {
		return best
	}
	// Across the board: c5 -> c1, a3 -> e3.
	if (f == 0 && df > 0) || (f == 4 && df < 0) {
		return r*5 + 4 - f
	}
	if (r == 0 && dr > 0) || (r == 4 && dr < 0) {
		return (4-r)*5 + f
	}
	return sq
}

// Key: 1-5 choose a piece, arrows walk the ring, Enter or Space places,
// Escape drops the selection (false when there is none).
func (b *alcazarBoard) Key(k fyne.KeyName) bool {
	if b.st == nil {
		return false
	}
	if b.busy() {
		switch k {
		case fyne.KeyEscape:
			b.skip()
		case fyne.KeySpace, fyne.KeyRight:
			b.step()
		case fyne.KeyReturn, fyne.KeyEnter:
			if b.anim.paused {
				b.resume()
			}
		}
		return true
	}
	switch k {
	case fyne.KeyEscape:
		if b.selPiece > 0 || b.selSq >= 0 || b.cursor >= 0 {
			b.selPiece, b.selSq, b.cursor = 0, -1, -1
			b.Refresh()
			return true
		}
		return false
	case fyne.KeyUp, fyne.KeyDown, fyne.KeyLeft, fyne.KeyRight:
		if b.cursor < 0 {
			b.cursor = b.defaultCursor()
		} else {
			b.cursor = ringStep(b.cursor, k)
		}
		b.selSq = -1
		b.Refresh()
		return true
	case fyne.KeyReturn, fyne.KeyEnter, fyne.KeySpace:
		if !b.input {
			return false
		}
		if len(b.st.Hand(b.mover)) == 0 {
			b.pass()
			return true
		}
		switch {
		case b.selPiece == 0:
			b.host.Refuse("Choose a piece first: press 1-5.")
		case b.cursor < 0:
			b.cursor = b.defaultCursor()
			b.Refresh()
		default:
			b.place(b.selPiece, b.cursor)
		}
		return true
	}
	if len(k) == 1 && k[0] >= '1' && k[0] <= '5' {
		if !b.input {
			return false
		}
		n := int(k[0] - '0')
		if !contains(b.st.Hand(b.mover), n) {
			b.host.Refuse(fmt.Sprintf("Piece %d is already in play.", n))
			return true
		}
		b.selPiece = n
		b.selSq = -1
		if b.cursor < 0 {
			b.cursor = b.defaultCursor()
		}
		b.Refresh()
		return true
	}
	return false
}

// defaultCursor is the mover's middle entry square (c1 or c5), or the
// hinted square.
func (b *alcazarBoard) defaultCursor() int {
	if b.hintSq >= 0 {
		return b.hintSq
	}
	sq := 2 // c1
	if b.mover >= 0 && b.mover != b.bottom {
		sq = 22 // c5
	}
	if sq == b.first {
		sq = 24 - sq
	}
	return sq
}

// ---- geometry ----

// alzGeom places the 5x5 frame and the two trays in a widget of a size.
// The trays go above and below the frame, or, where that gives bigger
// squares (a wide area: a desktop window, the top of a phone in
// portrait), to its left and right, standing upright.
type alzGeom struct {
	grid   kit.Grid
	c      float32
	side   bool             // trays left and right of the frame
	tray   [2]fyne.Position // top-left corner of each seat's tray
	trayH  float32          // the tray's thickness (its length is 5 cells)
	bottom int              // the seat whose tray is below (or left of) the frame
}

func alzLayout(size fyne.Size, bottom int, side bool) alzGeom {
	room := theme.TextSize() * 1.4 // rank labels left, file labels below
	const thick, gap = 0.92, 0.15
	const long = 5 + 2*thick + 2*gap // the frame and two trays, in cells
	cTall := min((size.Width-2*room)/5, (size.Height-room)/long)
	cWide := min((size.Width-2*room)/long, (size.Height-room)/5)
	// Hysteresis: the arrangement changes only for clearly bigger squares,
	// so a text line growing under the board does not flip it back and forth.
	g := alzGeom{bottom: bottom, side: cWide > cTall*1.12}
	if side {
		g.side = cTall <= cWide*1.12
	}
	c := max(1, cTall)
	if g.side {
		c = max(1, cWide)
	}
	g.c, g.trayH = c, thick*c
	if g.side {
		top := (size.Height - 5*c - room) / 2
		left := (size.Width - long*c) / 2
		g.grid = kit.Grid{Files: 5, Ranks: 5, Cell: c, Origin: fyne.NewPos(left+(thick+gap)*c, top)}
		// The labels' room on both sides keeps the frame centred.
		g.tray[bottom] = fyne.NewPos(left-room, top)
		g.tray[1-bottom] = fyne.NewPos(g.grid.Origin.X+(5+gap)*c+room, top)
		return g
	}
	top := (size.Height - long*c - room) / 2
	g.grid = kit.Grid{Files: 5, Ranks: 5, Cell: c, Origin: fyne.NewPos((size.Width-5*c)/2, top+(thick+gap)*c)}
	g.tray[1-bottom] = fyne.NewPos(g.grid.Origin.X, top)
	g.tray[bottom] = fyne.NewPos(g.grid.Origin.X, g.grid.Origin.Y+(5+gap)*c+room)
	return g
}

// traySize is the size of a tray.
func (g *alzGeom) traySize() fyne.Size {
	if g.side {
		return fyne.NewSize(g.trayH, 5*g.c)
	}
	return fyne.NewSize(5*g.c, g.trayH)
}

// alongTray is the point at distance d (in cells) along a seat's tray,
// on its middle line.
func (g *alzGeom) alongTray(seat int, d float32) fyne.Position {
	t := g.tray[seat]
	if g.side {
		return fyne.NewPos(t.X+g.trayH/2, t.Y+d*g.c)
	}
	return fyne.NewPos(t.X+d*g.c, t.Y+g.trayH/2)
}

// traySlot is the centre of piece n's slot in a seat's tray.
func (g *alzGeom) traySlot(seat, n int) fyne.Position {
	return g.alongTray(seat, 0.1+0.86*float32(n-1)+0.43)
}

// crownPos is the centre of the crown by a seat's tray.
func (g *alzGeom) crownPos(seat int) fyne.Position { return g.alongTray(seat, 4.68) }

// trayAt finds the tray slot under a point.
func (g *alzGeom) trayAt(p fyne.Position) (seat, n int, ok bool) {
	ts := g.traySize()
	for seat := 0; seat < 2; seat++ {
		t := g.tray[seat]
		if p.X < t.X || p.X > t.X+ts.Width || p.Y < t.Y || p.Y > t.Y+ts.Height {
			continue
		}
		d := (p.X - t.X) / g.c
		if g.side {
			d = (p.Y - t.Y) / g.c
		}
		d -= 0.1
		if d < 0 || d >= 0.86*5 {
			return 0, 0, false
		}
		return seat, int(d/0.86) + 1, true
	}
	return 0, 0, false
}

// center is the centre of a location.
func (g *alzGeom) center(l alzLoc, seat, n int) fyne.Position {
	if l.hand {
		return g.traySlot(seat, n)
	}
	return fyne.NewPos(g.grid.Origin.X+(float32(l.f)+0.5)*g.c, g.grid.Origin.Y+(4.5-float32(l.r))*g.c)
}

// cellPos is the top-left corner of grid square sq.
func (g *alzGeom) cellPos(sq int) fyne.Position { return g.grid.CellPos(sq%5, sq/5) }

// pieceSide is the drawn size of piece n (1 is small: it is light).
func (g *alzGeom) pieceSide(n int) float32 {
	if n == 1 {
		return 0.58 * g.c
	}
	return 0.74 * g.c
}

// ---- renderer ----

// alzPieceObj draws one piece: body (square for amber, round for blue),
// one or two arrowheads (two for the pusher 4), and its number.
type alzPieceObj struct {
	body   *canvas.Rectangle
	arrows [2]*canvas.ArbitraryPolygon
	num    *canvas.Text
}

// set draws a piece of a seat centred at ctr, facing dir (no arrow for
// NoDir), at an opacity.
func (o *alzPieceObj) set(seat, n int, ctr fyne.Position, side float32, dir int, alpha uint8) {
	ink := kit.WithAlpha(pieceInk, alpha)
	o.body.FillColor = kit.WithAlpha(kit.SeatColor(seat), alpha)
	o.body.CornerRadius = pieceRadius(seat, side)
	o.body.StrokeColor = color.Transparent
	o.body.StrokeWidth = 0
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
	if dir != alcazar.NoDir {
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

func (o *alzPieceObj) hide() {
	o.body.Hide()
	o.arrows[0].Hide()
	o.arrows[1].Hide()
	o.num.Hide()
}

func newPieceObj() alzPieceObj {
	o := alzPieceObj{body: canvas.NewRectangle(color.Transparent), num: canvas.NewText("", pieceInk)}
	for k := range o.arrows {
		o.arrows[k] = canvas.NewArbitraryPolygon(arrowPoints(alcazar.N), pieceInk)
		o.arrows[k].NormalizedPoints = true
	}
	o.num.TextStyle.Bold = true
	return o
}

func (o *alzPieceObj) objects() []fyne.CanvasObject {
	return []fyne.CanvasObject{o.body, o.arrows[0], o.arrows[1], o.num}
}

type alcazarRenderer struct {
	b         *alcazarBoard
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
	pieces    [10]alzPieceObj
	ghost     alzPieceObj
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
var pieceInk = color.NRGBA{0x1B, 0x1B, 0x1B, 0xFF}

func (b *alcazarBoard) CreateRenderer() fyne.WidgetRenderer {
	r := &alcazarRenderer{b: b, grid: &kit.Grid{Files: 5, Ranks: 5}, pulseKey: [2]int{-1, -1}}
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
		if !alcazar.InArea(sq) {
			continue
		}
		r.cells[sq] = canvas.NewRectangle(color.Transparent)
		r.glow[sq] = kit.NewGlow()
		add(r.cells[sq], r.glow[sq])
		if alcazar.OnEdge(sq) {
			r.slotArrow[sq] = canvas.NewArbitraryPolygon(arrowPoints(alcazar.Inward(sq)), color.Transparent)
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

// arrowPoints is a triangle pointing in direction d, in normalized
// coordinates, clockwise.
func arrowPoints(d int) []fyne.Position {
	switch d {
	case alcazar.E:
		return []fyne.Position{{X: 0, Y: 0}, {X: 1, Y: 0.5}, {X: 0, Y: 1}}
	case alcazar.S:
		return []fyne.Position{{X: 0, Y: 0}, {X: 1, Y: 0}, {X: 0.5, Y: 1}}
	case alcazar.W:
		return []fyne.Position{{X: 1, Y: 0}, {X: 1, Y: 1}, {X: 0, Y: 0.5}}
	}
	return []fyne.Position{{X: 0.5, Y: 0}, {X: 1, Y: 1}, {X: 0, Y: 1}}
}

// dirVec is a facing as a screen vector (y grows downwards).
func dirVec(d int) (float32, float32) {
	switch d {
	case alcazar.N:
		return 0, -1
	case alcazar.E:
		return 1, 0
	case alcazar.S:
		return 0, 1
	case alcazar.W:
		return -1, 0
	}
	return 0, 0
}

func (r *alcazarRenderer) Objects() []fyne.CanvasObject { return r.objects }
func (r *alcazarRenderer) Destroy() {
	for _, p := range r.pulses {
		if p != nil {
			p.Stop()
		}
	}
}
func (r *alcazarRenderer) MinSize() fyne.Size {
	room := 2 * theme.TextSize() * 1.4
	return fyne.NewSize(5*44+room, 7.3*44+room)
}

func (r *alcazarRenderer) Layout(size fyne.Size) { r.Refresh() }

// Refresh places everything from the model (the board's geometry depends
// on the widget's size only, so it is cheap to recompute) and reads the
// theme colours.
func (r *alcazarRenderer) Refresh() {
	b := r.b
	g := alzLayout(b.Size(), b.bottom, b.side)
	b.side = g.side
	c := g.c
	r.grid.Cell, r.grid.Origin = g.grid.Cell, g.grid.Origin
	r.grid.LayoutLabels()
	light, darkTone := kit.SquareTones()
	faint := kit.Faint()
	animating := b.anim != nil

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
			s := r.slots[alzIndex(seat, n)]
			side := g.pieceSide(n)
			p := g.traySlot(seat, n)
			s.StrokeColor = kit.WithAlpha(kit.SeatColor(seat), 0x60)
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
		if alcazar.OnBoard(sq) {
			tone := light
			if (sq%5+sq/5)%2 == 0 {
				tone = darkTone
			}
			cell.FillColor = tone
			cell.StrokeColor = color.Transparent
			cell.CornerRadius = c * 0.05
			kit.PlaceInset(cell, p, c, 2)
		} else {
			cell.FillColor = kit.WithAlpha(darkTone, 0x60)
			cell.StrokeColor = faint
			cell.StrokeWidth = 1.5
			if sq == b.first && !animating {
				cell.StrokeColor = kit.Refused
				cell.FillColor = kit.WithAlpha(kit.Refused, 0x30)
			}
			cell.CornerRadius = c * 0.18
			kit.PlaceInset(cell, p, c, c*0.08)
			a := r.slotArrow[sq]
			a.FillColor = kit.WithAlpha(kit.Ink(), 0x50)
			dx, dy := dirVec(alcazar.Inward(sq))
			w, h := 0.34*c, 0.16*c
			if dx != 0 {
				w, h = h, w
			}
			cx, cy := p.X+c/2+dx*0.27*c, p.Y+c/2+dy*0.27*c
			a.Move(fyne.NewPos(cx-w/2, cy-h/2))
			a.Resize(fyne.NewSize(w, h))
			a.Refresh()
			dot := r.dots[sq]
			if b.input && !animating && b.selPiece > 0 && r.free(sq) && (sq != b.hover || b.dragN > 0) {
				kit.PlaceDot(dot, p, c)
				dot.Show()
			} else {
				dot.Hide()
			}
		}
		cell.Refresh()
		glow := r.glow[sq]
		if b.line[sq] && !animating {
			kit.PlaceInset(glow, p, c, 4)
			glow.Show()
		} else {
			glow.Hide()
		}
		glow.Refresh()
	}

	// The soft ring on the pieces dropped this turn.
	for i, ring := range r.rings {
		if i < len(b.lastSqs) && !animating {
			ring.StrokeColor = kit.LastRingColor()
			kit.PlaceInset(ring, g.cellPos(b.lastSqs[i]), c, c*0.06)
			ring.Show()
		} else {
			ring.Hide()
		}
		ring.Refresh()
	}

	// The crown, by the tray of the seat that places first.
	cp := lerpPos(g.crownPos(b.crownSeat), g.crownPos(b.crownTo), smooth(b.crownProg))
	cw := 0.5 * c
	r.crown.FillColor = kit.Gold
	r.crown.StrokeColor = kit.WithAlpha(pieceInk, 0x90)
	r.crown.Move(fyne.NewPos(cp.X-cw/2, cp.Y-cw*0.4))
	r.crown.Resize(fyne.NewSize(cw, cw*0.8))
	r.crown.Refresh()

	// The pieces; a dragged piece follows the pointer.
	var actAt fyne.Position
	for i := range b.pieces {
		seat, n := i/5, i%5+1
		pc := &b.pieces[i]
		ctr := pathPos(&g, pc, seat, n)
		if pc.shake > 0 && pc.shake < 1 {
			ctr.X += float32(shakeOffset(pc.shake)) * c
		}
		if i == b.acting {
			actAt = ctr
		}
		dir := pc.dir
		if pc.at().hand {
			dir = alcazar.NoDir
		}
		if b.dragN > 0 && seat == b.mover && n == b.dragN {
			ctr = b.dragPos
			if b.hover >= 0 {
				dir = alcazar.Inward(b.hover)
			}
		}
		r.pieces[i].set(seat, n, ctr, g.pieceSide(n), dir, 0xFF)
	}
	// The ghost of the chosen piece on the entry square under the pointer.
	if sq := b.hover; sq >= 0 && b.input && !animating && b.selPiece > 0 && b.dragN == 0 && r.free(sq) && sq != b.first {
		r.ghost.set(b.mover, b.selPiece, centerOf(&g, sq), g.pieceSide(b.selPiece), alcazar.Inward(sq), 0x80)
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

	// Selection, cursor, flash.
	mc := kit.SeatColor(max(0, b.mover))
	if b.selPiece > 0 && b.mover >= 0 && !animating {
		r.outlineAt(r.selPiece, g.traySlot(b.mover, b.selPiece), 0.84*c, mc, 3)
	} else {
		r.selPiece.Hide()
	}
	if b.selSq >= 0 && !animating {
		r.outlineAt(r.selSq, centerOf(&g, b.selSq), 0.9*c, mc, 3)
	} else {
		r.selSq.Hide()
	}
	if b.cursor >= 0 && !animating {
		r.outlineAt(r.cursor, centerOf(&g, b.cursor), 0.96*c, kit.Ink(), 2)
	} else {
		r.cursor.Hide()
	}
	if b.refused >= 0 {
		r.outlineAt(r.flash, centerOf(&g, b.refused), 0.9*c, kit.Refused, 3)
		r.flash.FillColor = kit.WithAlpha(kit.Refused, 0x60)
		r.flash.Refresh()
	} else {
		r.flash.Hide()
	}

	// The hint pulses on the square and on the piece in the hand.
	hintSq, hintN := b.hintSq, b.hintN
	if animating {
		hintSq, hintN = -1, 0
	}
	r.pulseOn(0, r.hintSq, hintSq, func() (fyne.Position, float32) { return centerOf(&g, hintSq), 0.86 * c })
	r.pulseOn(1, r.hintPiece, hintN, func() (fyne.Position, float32) {
		return g.traySlot(max(0, b.mover), hintN), 0.84 * c
	})
}

// pulseOn shows outline o pulsing in the mover's colour while key >= 0
// (key > 0 for the piece), placed by where.
func (r *alcazarRenderer) pulseOn(i int, o *canvas.Rectangle, key int, where func() (fyne.Position, float32)) {
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
		r.pulses[i] = kit.Pulse(o, kit.SeatColor(max(0, r.b.mover)), r.b.host.Motion().Reduced)
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

func (r *alcazarRenderer) outlineAt(o *canvas.Rectangle, p fyne.Position, side float32, col color.Color, w float32) {
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
func (r *alcazarRenderer) free(sq int) bool {
	for i := range r.b.pieces {
		if l := r.b.pieces[i].at(); !l.hand && l.r*5+l.f == sq {
			return false
		}
	}
	return true
}

func centerOf(g *alzGeom, sq int) fyne.Position { return g.center(alzLoc{f: sq % 5, r: sq / 5}, 0, 0) }

func pieceRadius(seat int, side float32) float32 {
	if seat == 1 {
		return side / 2 // blue pieces are round (O)
	}
	return side * 0.16 // amber pieces are square (X)
}

func lerpPos(a, b fyne.Position, t float32) fyne.Position {
	return fyne.NewPos(a.X+(b.X-a.X)*t, a.Y+(b.Y-a.Y)*t)
}
