package ui

import (
	"fmt"
	"image/color"
	"slices"
	"strings"
	"time"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/canvas"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/driver/desktop"
	"fyne.io/fyne/v2/layout"
	"fyne.io/fyne/v2/widget"

	"github.com/tabulagames/tabula/games"
	"github.com/tabulagames/tabula/games/infiltration"
	"github.com/tabulagames/tabula/ui/boards/kit"
	"github.com/tabulagames/tabula/ui/session"
)

// Piece values on the infiltration board, as in the engine's position:
// 0 empty, 1 X man, 2 X king, 3 O man, 4 O king.
func infOwner(v int8) int { return int(v-1) / 2 }
func infKing(v int8) bool { return v == 2 || v == 4 }
func infValue(seat int, king bool) int8 {
	v := int8(1 + 2*seat)
	if king {
		v++
	}
	return v
}

// infiltrationBoard is the infiltration board: place pieces in the home
// half, then select a piece to see its steps (amber dots) and captures
// (red rings) and tap the target; drop from the hand under the board by
// tapping a man or a king there and then an empty home square (tapping an
// empty home square drops a man when that is the only reading). Arrows
// move a cursor, Enter or Space act as a tap, M and K take a man or a king
// from the hand, Escape cancels a selection. A piece can also be dragged;
// a right-click or long press tells what a piece can do.
type infiltrationBoard struct {
	widget.BaseWidget
	host kit.Host

	cells     [64]int8
	hands     [2][2]int // [seat][0 men, 1 kings]
	placement bool
	pieces    int
	free      bool // movement=free
	captures  bool // the captures and kings house rules
	kings     bool
	mover     int  // seat to move, -1 when over
	input     bool // a person may act now
	live      games.State
	last      []int
	line      []int
	hint      []int // destination, then origin
	steps     map[int][]int
	caps      map[int][]int
	drops     [2]map[int]bool // [0 men, 1 kings] squares a drop may go to
	canSwap   bool
	chain     int // the piece that must keep capturing, -1 none
	sel       int // selected piece, -1 none
	handSel   int // -1 none, 0 a man, 1 a king from the hand
	cursor    int
	hover     int  // square under the mouse, -1 none
	dragFrom  int  // the piece being dragged, -1 none
	dragSeen  bool // the current drag has been looked at
	dragPos   fyne.Position
	dropping  bool // a dragged piece is being played where it was let go
	pieKept   bool // the person chose to keep the colours (pie rule)
	drawnPly  int
	anim      infAnim
	running   *fyne.Animation
	r         *infiltrationRenderer

	phase    *widget.Label
	handBtns [2][2]*widget.Button
	pie      *fyne.Container
	pieText  *widget.Label
	controls fyne.CanvasObject
}

// infAnim is the animation of the last action: a slide (from -> to), a
// captured piece leaving (gone), a dropped piece arriving (enter).
type infAnim struct {
	from, to, gone, enter int
	goneV                 int8
	f                     float32
}

func newInfiltrationBoard(h kit.Host) kit.Board {
	b := &infiltrationBoard{host: h, mover: -1, chain: -1, sel: -1, handSel: -1, cursor: -1, hover: -1, dragFrom: -1, drawnPly: -1}
	b.anim = infAnim{from: -1, to: -1, gone: -1, enter: -1, f: 1}
	b.ExtendBaseWidget(b)
	b.buildControls()
	return b
}

// ---- controls under the board: the phase, both hands, the pie prompt ----

func (b *infiltrationBoard) buildControls() {
	b.phase = widget.NewLabel("")
	b.phase.Alignment = fyne.TextAlignCenter
	b.phase.Truncation = fyne.TextTruncateEllipsis
	var hands []fyne.CanvasObject
	for seat := 0; seat < 2; seat++ {
		sym := canvas.NewText(kit.SeatSymbols[seat], kit.SeatColor(seat))
		sym.TextStyle.Bold = true
		sym.TextSize = 20
		row := []fyne.CanvasObject{layout.NewSpacer(), container.NewCenter(sym)}
		if !fyne.CurrentDevice().IsMobile() {
			row = append(row, widget.NewLabel("hand"))
		}
		for k := 0; k < 2; k++ {
			seat, k := seat, k
			btn := widget.NewButtonWithIcon("0", infPieceIcon(seat, k == 1), func() { b.unfocus(); b.chooseHand(seat, k) })
			b.handBtns[seat][k] = btn
			row = append(row, btn)
		}
		row = append(row, layout.NewSpacer())
		hands = append(hands, container.NewHBox(row...))
	}
	b.pieText = widget.NewLabel("")
	swap := widget.NewButton("Swap sides", func() {
		b.unfocus()
		if err := b.host.Submit("swap"); err != nil {
			b.host.Refuse(err.Error())
		}
	})
	swap.Importance = widget.HighImportance
	keep := widget.NewButton("Keep", func() {
		b.unfocus()
		b.pieKept = true
		b.refreshControls()
	})
	b.pie = container.NewCenter(container.NewHBox(b.pieText, swap, keep))
	b.pie.Hide()
	b.controls = container.NewVBox(b.phase, b.pie, container.NewGridWithColumns(2, hands...))
}

// unfocus gives the keys back to the board after a button under it was
// tapped (a focused button would take the arrows and Enter).
func (b *infiltrationBoard) unfocus() {
	if c := fyne.CurrentApp().Driver().CanvasForObject(b); c != nil {
		c.Unfocus()
	}
}

// Controls are the phase line, the two hands and the pie prompt.
func (b *infiltrationBoard) Controls() fyne.CanvasObject { return b.controls }

// chooseHand takes a man (k 0) or a king (k 1) from the seat's hand to
// drop; choosing it again puts it back.
func (b *infiltrationBoard) chooseHand(seat, k int) {
	if !b.input || seat != b.mover {
		if err := b.host.Submit("@"); err != nil && !b.input {
			b.host.Refuse(err.Error())
		} else {
			b.host.Refuse(fmt.Sprintf("It is %s's turn: that is %s's hand.", kit.SeatSymbols[b.mover], kit.SeatSymbols[seat]))
		}
		return
	}
	if b.hands[seat][k] == 0 {
		b.host.Refuse(fmt.Sprintf("You have no %s in hand.", [2]string{"man", "king"}[k]))
		return
	}
	if b.chain >= 0 {
		b.host.Refuse(fmt.Sprintf("Your piece on %s must keep capturing.", infSqName(b.chain)))
		return
	}
	if b.handSel == k {
		b.handSel = -1
	} else {
		b.handSel, b.sel = k, -1
	}
	b.refreshControls()
	b.Refresh()
}

func (b *infiltrationBoard) refreshControls() {
	for seat := 0; seat < 2; seat++ {
		for k := 0; k < 2; k++ {
			btn := b.handBtns[seat][k]
			btn.SetText(fmt.Sprintf("×%d", b.hands[seat][k]))
			// Buttons stay enabled (a disabled icon loses its colours and
			// crown); a tap that cannot drop says why.
			btn.Importance = widget.LowImportance
			switch {
			case seat == b.mover && k == b.handSel:
				btn.Importance = widget.HighImportance
			case b.input && seat == b.mover && b.hands[seat][k] > 0 && b.chain < 0:
				btn.Importance = widget.MediumImportance
			}
			btn.Refresh()
		}
	}
	if b.canSwap && b.input && !b.pieKept {
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

// ---- the model ----

func (b *infiltrationBoard) Draw(s *session.Session, animate bool) {
	st := s.Viewed()
	pos, _ := st.Position().(infiltration.Position)
	for i, row := range pos.Board {
		r := 7 - i
		for f := 0; f < len(row) && f < 8; f++ {
			b.cells[r*8+f] = int8(strings.IndexByte(".xXoO", row[f]))
		}
	}
	b.hands = [2][2]int{{pos.Hand.X.Men, pos.Hand.X.Kings}, {pos.Hand.O.Men, pos.Hand.O.Kings}}
	b.placement = pos.Phase == "placement"
	b.pieces = infRuleInt(s.Rules, "pieces", 8)
	mv, _ := s.Rules["movement"].(string)
	b.free = mv == "free"
	b.captures = s.Rules["captures"] != false
	b.kings = s.Rules["kings"] != false
	b.mover = -1
	if to := st.ToMove(); len(to) > 0 {
		b.mover = to[0]
	}
	b.input = s.HumanToMove() >= 0
	b.live = s.Live()

	// The last action: its squares, and whether it continues (multi-jump).
	prev, _, events := s.LastTurn()
	b.last = b.last[:0]
	b.chain = -1
	slide, gone, enter := [2]int{-1, -1}, -1, -1
	var goneV int8
	for _, ev := range events {
		switch ev.Kind {
		case "move":
			from, to := infParseSq(ev.From), infParseSq(ev.To)
			b.last = append(b.last, from, to)
			slide = [2]int{from, to}
			if b.mover == ev.Seat && !b.placement && infIsJump(from, to) {
				b.chain = to
			}
		case "enter":
			enter = infParseSq(ev.To)
			b.last = append(b.last, enter)
		case "return":
			gone = infParseSq(ev.From)
			b.last = append(b.last, gone)
			goneV = infValue(ev.Seat, ev.Piece == 1)
		}
	}
	_ = prev
	b.line = b.line[:0]
	for _, sq := range st.Outcome().Line {
		b.line = append(b.line, infParseSq(sq))
	}
	b.hint = b.hint[:0]
	if h := s.Hint(); h != nil && !s.Viewing() {
		kind, from, to := parseInfToken(h.Token)
		if kind != 0 && kind != 's' {
			b.hint = append(b.hint, to)
			if from >= 0 {
				b.hint = append(b.hint, from)
			}
		}
	}
	b.legalMoves()

	// A new position clears the selection; a multi-jump keeps its piece.
	if s.ViewIndex() != b.drawnPly {
		b.sel, b.handSel, b.dragFrom = -1, -1, -1
		if !b.canSwap {
			b.pieKept = false
		}
	}
	if b.chain >= 0 && b.input {
		b.sel, b.handSel = b.chain, -1
	}
	if b.sel >= 0 && (!b.input || b.cells[b.sel] == 0 || infOwner(b.cells[b.sel]) != b.mover) {
		b.sel = -1
	}
	if b.handSel >= 0 && (!b.input || b.hands[b.mover][b.handSel] == 0) {
		b.handSel = -1
	}
	forward := s.ViewIndex() == b.drawnPly+1
	b.drawnPly = s.ViewIndex()
	if b.running != nil {
		b.running.Stop()
		b.running = nil
	}
	b.anim = infAnim{from: -1, to: -1, gone: -1, enter: -1, f: 1}
	if animate && forward {
		a := infAnim{from: slide[0], to: slide[1], gone: gone, goneV: goneV, enter: enter}
		if b.dropping {
			a.from, a.to = -1, -1 // the hand already carried it there
		}
		b.startAnim(a)
	}
	b.setPhase(s, prev)
	b.refreshControls()
	b.Refresh()
}

// legalMoves sorts the legal actions of the person to move by kind.
func (b *infiltrationBoard) legalMoves() {
	b.steps, b.caps = map[int][]int{}, map[int][]int{}
	b.drops = [2]map[int]bool{{}, {}}
	b.canSwap = false
	if !b.input || b.mover < 0 {
		return
	}
	for _, m := range b.live.Legal(b.mover) {
		kind, from, to := parseInfToken(b.live.MoveString(b.mover, m))
		switch kind {
		case '@':
			b.drops[0][to] = true
		case 'K':
			b.drops[1][to] = true
		case '-':
			b.steps[from] = append(b.steps[from], to)
		case 'x':
			b.caps[from] = append(b.caps[from], to)
		case 's':
			b.canSwap = true
		}
	}
}

// setPhase writes the phase line: who places which piece, who moves first.
func (b *infiltrationBoard) setPhase(s *session.Session, prev games.State) {
	sym := func(seat int) string { return kit.SeatSymbols[seat] }
	var text string
	switch {
	case s.Viewed().Outcome().Over():
		text = ""
	case b.placement && b.mover >= 0:
		n := b.pieces - b.hands[b.mover][0] - b.hands[b.mover][1] + 1
		text = fmt.Sprintf("Placement: %s places piece %d of %d at home", sym(b.mover), n, b.pieces)
		if _, _, ev := s.LastTurn(); len(ev) == 1 && ev[0].Kind == "swap" {
			text = "Swapped (pie rule): " + sym(b.mover) + " places"
		}
	case b.mover >= 0 && prev != nil && infPrevPlacement(prev):
		text = fmt.Sprintf("Movement: %s placed last and moves first", sym(b.mover))
	case b.chain >= 0:
		text = fmt.Sprintf("%s's piece on %s must keep capturing", sym(b.mover), infSqName(b.chain))
	case b.mover >= 0 && b.hands[b.mover][0]+b.hands[b.mover][1] > 0:
		text = fmt.Sprintf("Movement: %s moves, captures or drops", sym(b.mover))
	case b.mover >= 0:
		text = fmt.Sprintf("Movement: %s moves or captures", sym(b.mover))
	}
	b.phase.SetText(text)
	if text == "" {
		b.phase.Hide()
	} else {
		b.phase.Show()
	}
}

func infPrevPlacement(st games.State) bool {
	p, ok := st.Position().(infiltration.Position)
	return ok && p.Phase == "placement"
}

func infRuleInt(r games.Rules, key string, def int) int {
	switch v := r[key].(type) {
	case int:
		return v
	case int64:
		return int(v)
	case float64:
		return int(v)
	}
	return def
}

// ---- animation ----

func (b *infiltrationBoard) startAnim(a infAnim) {
	d := b.host.Motion().Scale(220)
	if d == 0 || (a.from < 0 && a.gone < 0 && a.enter < 0) {
		return
	}
	a.f = 0
	b.anim = a
	an := fyne.NewAnimation(time.Duration(d)*time.Millisecond, func(f float32) {
		b.anim.f = f
		b.Refresh()
	})
	an.Curve = fyne.AnimationEaseInOut
	b.running = an
	an.Start()
}

// ---- input ----

func infSqName(sq int) string { return games.SquareName(sq%8, sq/8) }

func infParseSq(s string) int {
	f, r, err := games.ParseSquare(s, 8, 8)
	if err != nil {
		return -1
	}
	return r*8 + f
}

// infIsJump reports whether to is two squares from from in a line.
func infIsJump(from, to int) bool {
	df, dr := to%8-from%8, to/8-from/8
	return (df == 0 || df == 2 || df == -2) && (dr == 0 || dr == 2 || dr == -2) && (df != 0 || dr != 0)
}

// parseInfToken reads a token's shape: kind '@' (drop a man), 'K' (drop a
// king), '-' (step), 'x' (capture), 's' (swap) or 0; from is -1 for drops.
func parseInfToken(tok string) (kind byte, from, to int) {
	switch {
	case tok == "swap":
		return 's', -1, -1
	case strings.HasPrefix(tok, "K@"):
		return 'K', -1, infParseSq(tok[2:])
	case strings.HasPrefix(tok, "@"):
		return '@', -1, infParseSq(tok[1:])
	}
	for i := 1; i < len(tok); i++ {
		if tok[i] == '-' || tok[i] == 'x' {
			from, to = infParseSq(tok[:i]), infParseSq(tok[i+1:])
			if from < 0 || to < 0 {
				return 0, -1, -1
			}
			return tok[i], from, to
		}
	}
	return 0, -1, -1
}

func (b *infiltrationBoard) submit(tok string, sq int) bool {
	if err := b.host.Submit(tok); err != nil {
		b.refuse(err.Error(), sq)
		return false
	}
	return true
}

func (b *infiltrationBoard) refuse(msg string, sq int) {
	b.host.Refuse(msg)
	if b.r != nil && sq >= 0 {
		b.r.t.Flash(sq, time.Duration(b.host.Motion().Scale(400))*time.Millisecond)
	}
}

func (b *infiltrationBoard) isHome(seat, sq int) bool { return (sq/8 < 4) == (seat == 0) }

// tap acts on a square: drop the chosen hand piece, move the selected
// piece, select a piece, or drop a man on an empty home square; anything
// else is sent to the rules, whose refusal says why.
func (b *infiltrationBoard) tap(sq int) {
	if sq < 0 || sq >= 64 {
		return
	}
	if !b.input {
		if err := b.host.Submit("@" + infSqName(sq)); err != nil {
			b.refuse(err.Error(), sq)
		}
		return
	}
	me, v := b.mover, b.cells[sq]
	own := v != 0 && infOwner(v) == me
	switch {
	case b.handSel >= 0 && !own:
		tok := "@" + infSqName(sq)
		if b.handSel == 1 {
			tok = "K@" + infSqName(sq)
		}
		b.submit(tok, sq)
		return
	case b.sel >= 0 && sq == b.sel:
		if b.chain < 0 {
			b.sel = -1
			b.Refresh()
		}
		return
	case b.sel >= 0 && !own:
		if contains(b.caps[b.sel], sq) {
			b.submit(infSqName(b.sel)+"x"+infSqName(sq), sq)
			return
		}
		sep := "-"
		if infIsJump(b.sel, sq) {
			sep = "x"
		}
		b.submit(infSqName(b.sel)+sep+infSqName(sq), sq)
		return
	case own:
		b.selectPiece(sq)
		return
	case v != 0:
		b.refuse(fmt.Sprintf("The piece on %s is %s's: select one of yours.", infSqName(sq), kit.SeatSymbols[infOwner(v)]), sq)
		return
	}
	// An empty square with nothing chosen: a drop is the only reading
	// when the hand holds one kind of piece.
	men, kings := b.hands[me][0], b.hands[me][1]
	switch {
	case men > 0 && kings > 0 && b.isHome(me, sq):
		b.refuse("Choose a man or a king from your hand first (under the board).", sq)
	case kings > 0 && men == 0:
		b.submit("K@"+infSqName(sq), sq)
	case men > 0:
		b.submit("@"+infSqName(sq), sq)
	default:
		b.refuse("Select one of your pieces first, then where it goes.", sq)
	}
}

// selectPiece selects an own piece that can act, or says why it cannot.
func (b *infiltrationBoard) selectPiece(sq int) {
	if len(b.steps[sq]) == 0 && len(b.caps[sq]) == 0 {
		b.refuse(b.whyNot(sq), sq)
		return
	}
	b.sel, b.handSel = sq, -1
	b.refreshControls()
	b.Refresh()
}

// whyNot asks the rules why the piece on sq cannot move, by trying its
// steps: first those in its own directions onto empty squares (forced
// capture, a multi-jump in progress, the placement phase), then onto
// taken ones ("d4 is taken"), then any other.
func (b *infiltrationBoard) whyNot(sq int) string {
	v := b.cells[sq]
	fwd := 1
	if infOwner(v) == 1 {
		fwd = -1
	}
	dirs := [][2]int{{1, fwd}, {-1, fwd}}
	if infKing(v) {
		dirs = append(dirs, [2]int{1, -fwd}, [2]int{-1, -fwd})
	}
	if b.free {
		dirs = append(dirs, [2]int{0, fwd}, [2]int{1, 0}, [2]int{-1, 0})
		if infKing(v) {
			dirs = append(dirs, [2]int{0, -fwd})
		}
	}
	all := [][2]int{{1, fwd}, {-1, fwd}, {0, fwd}, {1, 0}, {-1, 0}, {1, -fwd}, {-1, -fwd}, {0, -fwd}}
	f, r := sq%8, sq/8
	try := func(ds [][2]int, emptyOnly bool) string {
		for _, d := range ds {
			tf, tr := f+d[0], r+d[1]
			if tf < 0 || tf > 7 || tr < 0 || tr > 7 {
				continue
			}
			to := tr*8 + tf
			if emptyOnly && b.cells[to] != 0 {
				continue
			}
			if _, err := b.live.ParseMove(b.mover, infSqName(sq)+"-"+infSqName(to)); err != nil {
				return err.Error()
			}
		}
		return ""
	}
	for _, pass := range []func() string{
		func() string { return try(dirs, true) },
		func() string { return try(dirs, false) },
		func() string { return try(all, false) },
	} {
		if msg := pass(); msg != "" {
			return msg
		}
	}
	return "That piece cannot move now."
}

func (b *infiltrationBoard) Tapped(ev *fyne.PointEvent) {
	b.cursor = -1
	b.tap(b.territory().Square(ev.Position))
}

// Dragged picks up an own piece that can act and carries it with the
// pointer; its steps and captures show as for a selection. DragEnd plays
// it on the square under the pointer, exactly as a tap there would after
// selecting it (so a refused target says why and keeps the selection).
// A drag that starts anywhere else does nothing.
func (b *infiltrationBoard) Dragged(ev *fyne.DragEvent) {
	if !b.dragSeen {
		b.dragSeen = true
		sq := b.territory().Square(ev.Position.Subtract(ev.Dragged))
		if !b.input || b.anim.f < 1 || sq < 0 || b.cells[sq] == 0 || infOwner(b.cells[sq]) != b.mover {
			return
		}
		b.selectPiece(sq) // refuses with the reason if it cannot act (a multi-jump's other pieces)
		if b.sel != sq {
			return
		}
		b.dragFrom, b.cursor = sq, -1
	}
	if b.dragFrom < 0 {
		return
	}
	b.dragPos = ev.Position
	b.hover = b.territory().Square(ev.Position)
	b.Refresh()
}

func (b *infiltrationBoard) DragEnd() {
	from, to := b.dragFrom, b.territory().Square(b.dragPos)
	b.dragFrom, b.dragSeen = -1, false
	if from < 0 {
		return
	}
	if to >= 0 && to != from && b.sel == from && b.input {
		b.dropping = true
		b.tap(to)
		b.dropping = false
	}
	b.Refresh()
}

// TappedSecondary (a right-click, or a long press on a phone) shows what
// a piece can do: the mover's own piece is selected, so its steps and
// captures light up, and they are listed in words; any other piece is
// described by how it moves under this game's house rules.
func (b *infiltrationBoard) TappedSecondary(ev *fyne.PointEvent) {
	sq := b.territory().Square(ev.Position)
	if sq < 0 {
		return
	}
	b.cursor = -1
	v := b.cells[sq]
	name := infSqName(sq)
	switch {
	case v == 0:
		b.host.Say(name + ": empty, " + infHalf(sq) + ".")
	case b.input && infOwner(v) == b.mover && b.anim.f >= 1:
		b.selectPiece(sq) // refuses with the reason if it cannot act
		if b.sel == sq {
			b.host.Say(b.pieceMoves(sq))
		}
	default:
		b.host.Say(b.pieceRules(sq))
	}
}

// infHalf names the home half a square is in (X's home is ranks 1-4).
func infHalf(sq int) string {
	if sq < 32 {
		return "X's home half"
	}
	return "O's home half"
}

// pieceName is "X man", "O king".
func pieceName(v int8) string {
	if infKing(v) {
		return kit.SeatSymbols[infOwner(v)] + " king"
	}
	return kit.SeatSymbols[infOwner(v)] + " man"
}

// pieceMoves lists what the mover's piece on sq can do now.
func (b *infiltrationBoard) pieceMoves(sq int) string {
	names := func(sqs []int) string {
		sqs = slices.Sorted(slices.Values(sqs))
		out := make([]string, len(sqs))
		for i, t := range sqs {
			out[i] = infSqName(t)
		}
		return strings.Join(out, ", ")
	}
	var parts []string
	if st := b.steps[sq]; len(st) > 0 {
		parts = append(parts, "steps to "+names(st))
	}
	if c := b.caps[sq]; len(c) > 0 {
		parts = append(parts, "captures landing on "+names(c))
	}
	return fmt.Sprintf("%s (%s): %s.", infSqName(sq), pieceName(b.cells[sq]), strings.Join(parts, "; "))
}

// pieceRules says how the piece on sq moves under the house rules.
func (b *infiltrationBoard) pieceRules(sq int) string {
	v := b.cells[sq]
	seat := infOwner(v)
	forward, far := "up the board", "rank 8"
	if seat == 1 {
		forward, far = "down the board", "rank 1"
	}
	var how string
	switch {
	case infKing(v) && b.free:
		how = "moves one square in any direction"
	case infKing(v):
		how = "moves one square diagonally, in any of the four directions"
	case b.free:
		how = "moves one square forward (" + forward + "), diagonally forward or sideways"
	default:
		how = "moves one square diagonally forward (" + forward + ")"
	}
	text := fmt.Sprintf("%s (%s) %s", infSqName(sq), pieceName(v), how)
	if b.captures {
		text += "; it captures by jumping an adjacent enemy piece in those directions"
	}
	if !infKing(v) && b.kings {
		text += "; crowned on reaching " + far
	}
	return text + "."
}

// MouseIn, MouseMoved and MouseOut show a faint ghost of the piece a
// click would drop.
func (b *infiltrationBoard) MouseIn(ev *desktop.MouseEvent) { b.MouseMoved(ev) }
func (b *infiltrationBoard) MouseMoved(ev *desktop.MouseEvent) {
	if sq := b.territory().Square(ev.Position); sq != b.hover {
		b.hover = sq
		b.Refresh()
	}
}
func (b *infiltrationBoard) MouseOut() { b.hover = -1; b.Refresh() }

// dropAt is the piece a tap on an empty square would drop (0 a man, 1 a
// king), or -1 when a tap there is not a drop.
func (b *infiltrationBoard) dropAt(sq int) int {
	if !b.input || sq < 0 || sq >= 64 || b.cells[sq] != 0 || b.mover < 0 {
		return -1
	}
	if b.handSel >= 0 {
		if b.drops[b.handSel][sq] {
			return b.handSel
		}
		return -1
	}
	if b.sel >= 0 {
		return -1
	}
	men, kings := b.hands[b.mover][0], b.hands[b.mover][1]
	switch {
	case men > 0 && kings == 0 && b.drops[0][sq]:
		return 0
	case kings > 0 && men == 0 && b.drops[1][sq]:
		return 1
	}
	return -1
}

func (b *infiltrationBoard) territory() *kit.Territory {
	if b.r != nil {
		return b.r.t
	}
	t := &kit.Territory{Grid: kit.Grid{Files: 8, Ranks: 8}, N: 8}
	t.Fit(b.Size())
	return t
}

// Key: arrows move the cursor, Enter or Space tap it, M and K take a man
// or a king from the hand, Escape cancels a selection (and is not used
// when nothing is selected, so the screen can go back).
func (b *infiltrationBoard) Key(k fyne.KeyName) bool {
	switch k {
	case fyne.KeyUp, fyne.KeyDown, fyne.KeyLeft, fyne.KeyRight:
		if b.cursor < 0 {
			switch {
			case b.sel >= 0:
				b.cursor = b.sel
			case len(b.last) > 0:
				b.cursor = b.last[len(b.last)-1]
			case b.mover == 1:
				b.cursor = 5*8 + 3
			default:
				b.cursor = 2*8 + 4
			}
		} else {
			b.cursor = kit.ArrowStep(b.cursor, 8, k)
		}
		b.Refresh()
		return true
	case fyne.KeyReturn, fyne.KeyEnter, fyne.KeySpace:
		if b.cursor < 0 {
			return false
		}
		b.tap(b.cursor)
		return true
	case fyne.KeyM, fyne.KeyK:
		if b.mover < 0 {
			return false
		}
		kind := 0
		if k == fyne.KeyK {
			kind = 1
		}
		b.chooseHand(b.mover, kind)
		return true
	case fyne.KeyEscape:
		if b.chain >= 0 && b.input {
			b.refuse(fmt.Sprintf("Your piece on %s must keep capturing.", infSqName(b.chain)), b.chain)
			return true
		}
		if b.sel >= 0 || b.handSel >= 0 {
			b.sel, b.handSel = -1, -1
			b.refreshControls()
			b.Refresh()
			return true
		}
		if b.cursor >= 0 {
			b.cursor = -1
			b.Refresh()
		}
		return false
	}
	return false
}

// ---- drawing ----

func (b *infiltrationBoard) CreateRenderer() fyne.WidgetRenderer {
	r := &infiltrationRenderer{b: b, t: kit.NewTerritory(8)}
	r.objects = append(r.objects, r.t.Under()...)
	for i := range r.pieces {
		r.pieces[i] = newInfPiece()
		r.objects = append(r.objects, r.pieces[i].objects()...)
	}
	r.gone, r.ghost = newInfPiece(), newInfPiece()
	r.objects = append(r.objects, r.gone.objects()...)
	r.objects = append(r.objects, r.ghost.objects()...)
	r.objects = append(r.objects, r.t.Over()...)
	b.r = r
	return r
}

type infiltrationRenderer struct {
	b       *infiltrationBoard
	t       *kit.Territory
	pieces  [64]*infPiece
	gone    *infPiece // a captured piece leaving
	ghost   *infPiece // the piece a click would drop
	objects []fyne.CanvasObject
}

func (r *infiltrationRenderer) Objects() []fyne.CanvasObject { return r.objects }
func (r *infiltrationRenderer) Destroy()                     { r.t.StopPulse() }
func (r *infiltrationRenderer) MinSize() fyne.Size           { return r.t.MinSize(kit.MinTouch * 0.8) }

func (r *infiltrationRenderer) Layout(size fyne.Size) {
	r.t.Layout(size)
	r.Refresh()
}

// Refresh copies the model into the objects and reads the theme colours.
func (r *infiltrationRenderer) Refresh() {
	b, t := r.b, r.t
	t.Last = append(t.Last[:0], b.last...)
	t.Line = b.line
	t.Cursor = b.cursor
	t.Selected = b.sel
	t.Dots, t.Captures = t.Dots[:0], t.Captures[:0]
	switch {
	case b.sel >= 0:
		t.Dots = append(t.Dots, b.steps[b.sel]...)
		t.Captures = append(t.Captures, b.caps[b.sel]...)
	case b.handSel >= 0:
		for sq := range b.drops[b.handSel] {
			t.Dots = append(t.Dots, sq)
		}
	}
	t.Hint = append(t.Hint[:0], b.hint...)
	t.HintSeat = max(0, b.mover)
	t.Refresh(b.host.Motion().Reduced)

	c := t.Cell
	a := b.anim
	moving := a.f < 1
	for sq, p := range r.pieces {
		v := b.cells[sq]
		centre := t.Mid(sq)
		scale, alpha := float32(1), uint8(0xFF)
		if moving && sq == a.to && a.from >= 0 {
			from := t.Mid(a.from)
			centre = fyne.NewPos(from.X+(centre.X-from.X)*a.f, from.Y+(centre.Y-from.Y)*a.f)
		}
		if moving && sq == a.enter {
			scale, alpha = 0.6+0.4*a.f, uint8(255*a.f)
		}
		if sq == b.dragFrom {
			alpha = 0x50 // the piece in hand is drawn at the pointer (ghost)
		}
		p.set(v, alpha)
		p.place(centre, c*0.78*scale)
	}
	if moving && a.gone >= 0 {
		r.gone.set(a.goneV, uint8(255*(1-a.f)))
		r.gone.place(t.Mid(a.gone), c*0.78*(1-0.5*a.f))
	} else {
		r.gone.set(0, 0)
		r.gone.place(fyne.Position{}, 0)
	}
	if b.dragFrom >= 0 {
		r.ghost.set(b.cells[b.dragFrom], 0xFF)
		r.ghost.place(b.dragPos, c*0.78*1.1)
	} else if k := b.dropAt(b.hover); k >= 0 {
		r.ghost.set(infValue(b.mover, k == 1), 0x60)
		r.ghost.place(t.Mid(b.hover), c*0.78)
	} else {
		r.ghost.set(0, 0)
		r.ghost.place(fyne.Position{}, 0)
	}
}

// ---- pieces ----

// infPiece is a disc in the seat's colour with the seat's shape on it (a
// cross for X, a ring for O); a king wears a crown above a smaller shape
// and a gold rim.
type infPiece struct {
	disc  *canvas.Circle
	lines [2]*canvas.Line
	ring  *canvas.Circle
	crown *canvas.ArbitraryPolygon
	v     int8
	alpha uint8
	shown bool
}

func newInfPiece() *infPiece {
	p := &infPiece{disc: canvas.NewCircle(color.Transparent), ring: canvas.NewCircle(color.Transparent)}
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

func (p *infPiece) objects() []fyne.CanvasObject {
	return []fyne.CanvasObject{p.disc, p.ring, p.lines[0], p.lines[1], p.crown}
}

func (p *infPiece) hide() {
	if !p.shown {
		return
	}
	p.shown = false
	for _, o := range p.objects() {
		o.Hide()
	}
}

func (p *infPiece) set(v int8, alpha uint8) { p.v, p.alpha = v, alpha }

// infInk is the dark ink of the shapes on a piece.
var infInk = color.NRGBA{0x1A, 0x1A, 0x22, 0xFF}

func infDarker(c color.NRGBA) color.NRGBA {
	return color.NRGBA{uint8(int(c.R) * 55 / 100), uint8(int(c.G) * 55 / 100), uint8(int(c.B) * 55 / 100), c.A}
}

// place draws the piece centred at c with diameter d.
func (p *infPiece) place(c fyne.Position, d float32) {
	if p.v <= 0 || p.alpha == 0 || d <= 0 {
		p.hide()
		return
	}
	p.shown = true
	seat, king := infOwner(p.v), infKing(p.v)
	col := kit.WithAlpha(kit.SeatColor(seat), p.alpha)
	ink := kit.WithAlpha(infInk, uint8(int(p.alpha)*0xE0/0xFF))
	p.disc.FillColor = col
	p.disc.StrokeColor = kit.WithAlpha(infDarker(kit.SeatColor(seat)), p.alpha)
	p.disc.StrokeWidth = max(1.5, d*0.05)
	if king {
		p.disc.StrokeColor = kit.WithAlpha(kit.Gold, p.alpha)
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

// infPieceIcon is the icon of a man or a king of a seat, for the hand buttons.
func infPieceIcon(seat int, king bool) fyne.Resource {
	fill := [2]string{"#F0A500", "#44B4FF"}[seat%2]
	rim := [2]string{"#845A00", "#25638C"}[seat%2]
	shape := `<path d="M7.5 7.5L16.5 16.5M7.5 16.5L16.5 7.5" stroke="#1A1A22" stroke-width="2.6" stroke-linecap="round"/>`
	if seat%2 == 1 {
		shape = `<circle cx="12" cy="12" r="4.6" fill="none" stroke="#1A1A22" stroke-width="2.6"/>`
	}
	name := fmt.Sprintf("man%d.svg", seat)
	if king {
		rim = "#FFD040"
		shape = `<path d="M5.3 8.5L8.6 11.6L12 5.6L15.4 11.6L18.7 8.5L17.6 15.2L6.4 15.2Z" fill="#1A1A22"/>`
		name = fmt.Sprintf("king%d.svg", seat)
	}
	svg := `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 24 24"><circle cx="12" cy="12" r="10.5" fill="` + fill +
		`" stroke="` + rim + `" stroke-width="1.8"/>` + shape + `</svg>`
	return fyne.NewStaticResource(name, []byte(svg))
}

// SpokenSquares names each square for screen readers: "c3, X man, X's
// home half".
func (b *infiltrationBoard) SpokenSquares() []kit.Spoken {
	return b.territory().SpokenSquares(func(sq int) string {
		what := "empty"
		if v := b.cells[sq]; v != 0 {
			what = pieceName(v)
		}
		return infSqName(sq) + ", " + what + ", " + infHalf(sq)
	})
}
