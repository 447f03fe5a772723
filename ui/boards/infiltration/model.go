// Package infiltration is the infiltration board: place pieces in the home
// half, then select a piece to see its steps (amber dots) and captures
// (red rings) and tap the target; drop from the hand under the board by
// tapping a man or a king there and then an empty home square (tapping an
// empty home square drops a man when that is the only reading). Arrows
// move a cursor, Enter or Space act as a tap, M and K take a man or a king
// from the hand, Escape cancels a selection. A piece can also be dragged;
// a right-click or long press tells what a piece can do.
//
// model.go holds what is selectable and highlighted and what a tap, a key
// or a long press means, without Fyne; render.go draws it and the controls
// under it, input.go reads taps, drags and keys, anim.go slides pieces.
package infiltration

import (
	"fmt"
	"slices"
	"strings"

	"github.com/tabulagames/tabula/games"
	game "github.com/tabulagames/tabula/games/infiltration"
	"github.com/tabulagames/tabula/ui/frame"
)

// Squares are numbered rank*8+file (a1 = 0, h8 = 63); -1 means none. A
// cell holds game.Empty, XMan, XKing, OMan or OKing.

func ownerOf(v int8) int { return int(v-1) / 2 }
func isKing(v int8) bool { return v == game.XKing || v == game.OKing }

// cellOf is the cell value of a seat's man or king.
func cellOf(seat int, king bool) int8 {
	v := int8(1 + 2*seat)
	if king {
		v++
	}
	return v
}

func name(sq int) string { return games.SquareName(sq%8, sq/8) }

func parseSquare(s string) int { return frame.SquareOf(s, 8) }

// pieceName is "X man", "O king".
func pieceName(v int8) string {
	if isKing(v) {
		return frame.Symbol(ownerOf(v)) + " king"
	}
	return frame.Symbol(ownerOf(v)) + " man"
}

// half names the home half a square is in (X's home is ranks 1-4).
func half(sq int) string {
	if sq < 32 {
		return "X's home half"
	}
	return "O's home half"
}

// Moved is what the last action did, for its animation: a piece slid
// From -> To (-1 none), a captured piece left Gone (its cell GoneV), a
// dropped piece arrived on Enter.
type Moved struct {
	From, To, Gone, Enter int
	GoneV                 int8
}

// Reply is what a tap, a key or a long press means: a token for the host
// to submit, or a refusal in a player's words with the square to flash
// (-1 none); the zero Reply only changed the selection.
type Reply struct {
	Token   string
	Refusal string
	Square  int
}

func refuse(sq int, format string, a ...any) Reply {
	return Reply{Refusal: fmt.Sprintf(format, a...), Square: sq}
}

// Model is the board's state: the viewed position, the legal actions of
// the person to move, the selection and the highlights.
type Model struct {
	Cells     [64]int8
	Hands     [2][2]int // [seat][0 men, 1 kings]
	Placement bool
	Pieces    int        // the pieces rule
	Rules     game.Rules // the house rules the position plays by
	Mover     int        // seat to move, -1 when over
	Input     bool       // a person may act now
	Blocked   string     // why not, in a player's words, when !Input
	Last      []int      // the last action's squares: soft rings
	Line      []int      // the winning line
	Hint      []int      // the hint's destination, then its origin
	Moved     Moved
	Phase     string // the phase line under the board

	// The legal actions of the person to move, by kind.
	Steps   map[int][]int   // piece -> step targets
	Caps    map[int][]int   // piece -> capture landing squares
	Drops   [2]map[int]bool // [0 men, 1 kings] squares a drop may go to
	CanSwap bool            // the pie swap is open
	Chain   int             // the piece that must keep capturing, -1 none

	Sel     int  // the selected piece, -1 none
	HandSel int  // -1 none, 0 a man, 1 a king chosen from the hand
	Cursor  int  // the keyboard cursor, -1 hidden
	PieKept bool // the person chose to keep the colours (pie rule)

	live  *game.State // the position a person acts on
	drawn int         // the view index loaded last
}

// NewModel is an empty board with nothing selected.
func NewModel() Model {
	return Model{Mover: -1, Chain: -1, Sel: -1, HandSel: -1, Cursor: -1, drawn: -1,
		Moved: Moved{From: -1, To: -1, Gone: -1, Enter: -1}}
}

// Load copies the frame's shown position. A new position clears the
// selection (a multi-jump keeps its piece selected); forward reports that
// it is one step after the position loaded before.
func (m *Model) Load(f *frame.Frame) (fresh, forward bool) {
	st := f.Shown.(*game.State)
	m.Cells = st.Cells()
	for seat := range m.Hands {
		m.Hands[seat][0], m.Hands[seat][1] = st.Hand(seat)
	}
	m.Placement, m.Pieces, m.Rules = st.Placement(), st.Pieces(), st.RuleSet()
	m.Mover = frame.Mover(st)
	m.Input = f.Acting >= 0
	m.Blocked = ""
	if err := f.WhyNot; err != nil {
		m.Blocked = err.Error()
	}
	m.live = f.Live.(*game.State)
	m.Chain = -1
	if sq, ok := st.MustContinue(); ok {
		m.Chain = parseSquare(sq)
	}
	m.readEvents(f.Events)
	m.Line = m.Line[:0]
	for _, sq := range st.Outcome().Line {
		m.Line = append(m.Line, parseSquare(sq))
	}
	m.Hint = m.Hint[:0]
	if h := f.Hint; h != nil && !f.Viewing {
		if kind, from, to := game.Decode(h.Move); kind != game.NotAMove && kind != game.Swap {
			m.Hint = append(m.Hint, to)
			if from >= 0 {
				m.Hint = append(m.Hint, from)
			}
		}
	}
	m.legalMoves()

	fresh = f.View != m.drawn
	if fresh {
		m.Sel, m.HandSel = -1, -1
		if !m.CanSwap {
			m.PieKept = false
		}
	}
	if m.Chain >= 0 && m.Input {
		m.Sel, m.HandSel = m.Chain, -1
	}
	if m.Sel >= 0 && (!m.Input || !m.Own(m.Sel)) {
		m.Sel = -1
	}
	if m.HandSel >= 0 && (!m.Input || m.Hands[m.Mover][m.HandSel] == 0) {
		m.HandSel = -1
	}
	forward = f.View == m.drawn+1
	m.drawn = f.View
	m.Phase = m.phase(f)
	return fresh, forward
}

// readEvents finds the last action's squares and what moved.
func (m *Model) readEvents(events []games.Event) {
	m.Last = m.Last[:0]
	m.Moved = Moved{From: -1, To: -1, Gone: -1, Enter: -1}
	for _, ev := range events {
		switch ev.Kind {
		case games.EventMove:
			m.Moved.From, m.Moved.To = parseSquare(ev.From), parseSquare(ev.To)
			m.Last = append(m.Last, m.Moved.From, m.Moved.To)
		case games.EventEnter:
			m.Moved.Enter = parseSquare(ev.To)
			m.Last = append(m.Last, m.Moved.Enter)
		case games.EventReturn:
			m.Moved.Gone = parseSquare(ev.From)
			m.Moved.GoneV = cellOf(ev.Seat, ev.Piece == 1)
			m.Last = append(m.Last, m.Moved.Gone)
		}
	}
}

// legalMoves sorts the legal actions of the person to move by kind.
func (m *Model) legalMoves() {
	m.Steps, m.Caps = map[int][]int{}, map[int][]int{}
	m.Drops = [2]map[int]bool{{}, {}}
	m.CanSwap = false
	if !m.Input || m.Mover < 0 {
		return
	}
	for _, mv := range m.live.Legal(m.Mover) {
		kind, from, to := game.Decode(mv)
		switch kind {
		case game.PlaceMan:
			m.Drops[0][to] = true
		case game.PlaceKing:
			m.Drops[1][to] = true
		case game.Step:
			m.Steps[from] = append(m.Steps[from], to)
		case game.Capture:
			m.Caps[from] = append(m.Caps[from], to)
		case game.Swap:
			m.CanSwap = true
		}
	}
}

// phase is the phase line: who places which piece, who moves first.
func (m *Model) phase(f *frame.Frame) string {
	sym := frame.Symbol
	switch {
	case f.StateAt(f.View).Outcome().Over() || f.Ending != nil && !f.Viewing:
		return ""
	case m.Placement && m.Mover >= 0:
		if frame.SwapIn(f.Events) {
			return "Swapped (pie rule): " + sym(m.Mover) + " places"
		}
		n := m.Pieces - m.Hands[m.Mover][0] - m.Hands[m.Mover][1] + 1
		return fmt.Sprintf("Placement: %s places piece %d of %d at home", sym(m.Mover), n, m.Pieces)
	case m.Mover >= 0 && f.Before != nil && f.Before.(*game.State).Placement():
		return fmt.Sprintf("Movement: %s placed last and moves first", sym(m.Mover))
	case m.Chain >= 0:
		return fmt.Sprintf("%s's piece on %s must keep capturing", sym(m.Mover), name(m.Chain))
	case m.Mover >= 0 && m.Hands[m.Mover][0]+m.Hands[m.Mover][1] > 0:
		return fmt.Sprintf("Movement: %s moves, captures or drops", sym(m.Mover))
	case m.Mover >= 0:
		return fmt.Sprintf("Movement: %s moves or captures", sym(m.Mover))
	}
	return ""
}

// Own reports whether sq holds a piece of the seat to move.
func (m *Model) Own(sq int) bool {
	return sq >= 0 && sq < 64 && m.Cells[sq] != game.Empty && ownerOf(m.Cells[sq]) == m.Mover
}

func isHome(seat, sq int) bool { return (sq/8 < 4) == (seat == 0) }

// Tap says what a tap on sq means: drop the chosen hand piece, move the
// selected piece, select a piece, or drop a man on an empty home square;
// anything else goes to the rules, whose refusal says why.
func (m *Model) Tap(sq int) Reply {
	if sq < 0 || sq >= 64 {
		return Reply{Square: -1}
	}
	if !m.Input {
		return refuse(-1, "%s", m.Blocked)
	}
	me, v := m.Mover, m.Cells[sq]
	own := m.Own(sq)
	switch {
	case m.HandSel >= 0 && !own:
		if m.HandSel == 1 {
			return Reply{Token: "K@" + name(sq), Square: sq}
		}
		return Reply{Token: "@" + name(sq), Square: sq}
	case m.Sel >= 0 && sq == m.Sel:
		if m.Chain < 0 {
			m.Sel = -1
		}
		return Reply{Square: -1}
	case m.Sel >= 0 && !own:
		sep := "-"
		if slices.Contains(m.Caps[m.Sel], sq) || isJump(m.Sel, sq) {
			sep = "x"
		}
		return Reply{Token: name(m.Sel) + sep + name(sq), Square: sq}
	case own:
		return m.Select(sq)
	case v != game.Empty:
		return m.notYours(sq)
	}
	// An empty square with nothing chosen: a drop is the only reading
	// when the hand holds one kind of piece.
	men, kings := m.Hands[me][0], m.Hands[me][1]
	switch {
	case men > 0 && kings > 0 && isHome(me, sq):
		return refuse(sq, "Choose a man or a king from your hand first (under the board).")
	case kings > 0 && men == 0:
		return Reply{Token: "K@" + name(sq), Square: sq}
	case men > 0:
		return Reply{Token: "@" + name(sq), Square: sq}
	}
	return refuse(sq, "Select one of your pieces first, then where it goes.")
}

// notYours refuses another seat's piece on sq.
func (m *Model) notYours(sq int) Reply {
	return refuse(sq, "The piece on %s is %s's: select one of yours.", name(sq), frame.Symbol(ownerOf(m.Cells[sq])))
}

// Lift is a drag that starts on sq: the mover's piece is selected, as a
// tap would (or refused with why it cannot act); another piece, or any
// piece while no person may act, is refused with why. A drag from an
// empty square means nothing.
func (m *Model) Lift(sq int) Reply {
	switch {
	case sq < 0 || sq >= 64 || m.Cells[sq] == game.Empty:
		return Reply{Square: -1}
	case !m.Input:
		return refuse(-1, "%s", m.Blocked)
	case !m.Own(sq):
		return m.notYours(sq)
	}
	return m.Select(sq)
}

// isJump reports whether to is two squares from from in a line.
func isJump(from, to int) bool {
	df, dr := to%8-from%8, to/8-from/8
	return (df == 0 || df == 2 || df == -2) && (dr == 0 || dr == 2 || dr == -2) && (df != 0 || dr != 0)
}

// Select selects an own piece that can act, or says why it cannot.
func (m *Model) Select(sq int) Reply {
	if len(m.Steps[sq]) == 0 && len(m.Caps[sq]) == 0 {
		return refuse(sq, "%s", m.whyNot(sq))
	}
	m.Sel, m.HandSel = sq, -1
	return Reply{Square: -1}
}

// whyNot asks the rules why the piece on sq cannot move, by trying its
// steps: first those in its own directions onto empty squares (forced
// capture, a multi-jump in progress, the placement phase), then onto
// taken ones ("d4 is taken"), then any other.
func (m *Model) whyNot(sq int) string {
	v := m.Cells[sq]
	fwd := 1
	if ownerOf(v) == 1 {
		fwd = -1
	}
	dirs := [][2]int{{1, fwd}, {-1, fwd}}
	if isKing(v) {
		dirs = append(dirs, [2]int{1, -fwd}, [2]int{-1, -fwd})
	}
	if m.Rules.Free {
		dirs = append(dirs, [2]int{0, fwd}, [2]int{1, 0}, [2]int{-1, 0})
		if isKing(v) {
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
			if emptyOnly && m.Cells[to] != game.Empty {
				continue
			}
			if err := m.live.CheckStep(sq, to); err != nil {
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

// ChooseHand takes a man (k 0) or a king (k 1) from the seat's hand to
// drop; choosing it again puts it back.
func (m *Model) ChooseHand(seat, k int) Reply {
	switch {
	case !m.Input:
		return refuse(-1, "%s", m.Blocked)
	case seat != m.Mover:
		return refuse(-1, "It is %s's turn: that is %s's hand.", frame.Symbol(m.Mover), frame.Symbol(seat))
	case m.Hands[seat][k] == 0:
		return refuse(-1, "You have no %s in hand.", [2]string{"man", "king"}[k])
	case m.Chain >= 0:
		return refuse(-1, "Your piece on %s must keep capturing.", name(m.Chain))
	case m.HandSel == k:
		m.HandSel = -1
	default:
		m.HandSel, m.Sel = k, -1
	}
	return Reply{Square: -1}
}

// Escape cancels a selection; used is false when there was none to
// cancel, so the screen may go back. During a multi-jump it is refused.
func (m *Model) Escape() (r Reply, used bool) {
	switch {
	case m.Chain >= 0 && m.Input:
		return refuse(m.Chain, "Your piece on %s must keep capturing.", name(m.Chain)), true
	case m.Sel >= 0 || m.HandSel >= 0:
		m.Sel, m.HandSel = -1, -1
		return Reply{Square: -1}, true
	}
	m.Cursor = -1
	return Reply{Square: -1}, false
}

// CursorStart is where the keyboard cursor appears: on the selected
// piece, on the last action, or in the mover's half.
func (m *Model) CursorStart() int {
	switch {
	case m.Sel >= 0:
		return m.Sel
	case len(m.Last) > 0:
		return m.Last[len(m.Last)-1]
	case m.Mover == 1:
		return 5*8 + 3
	}
	return 2*8 + 4
}

// DropAt is the piece a tap on an empty square would drop (0 a man, 1 a
// king), or -1 when a tap there is not a drop: the ghost under the mouse.
func (m *Model) DropAt(sq int) int {
	if !m.Input || sq < 0 || sq >= 64 || m.Cells[sq] != game.Empty || m.Mover < 0 {
		return -1
	}
	if m.HandSel >= 0 {
		if m.Drops[m.HandSel][sq] {
			return m.HandSel
		}
		return -1
	}
	if m.Sel >= 0 {
		return -1
	}
	men, kings := m.Hands[m.Mover][0], m.Hands[m.Mover][1]
	switch {
	case men > 0 && kings == 0 && m.Drops[0][sq]:
		return 0
	case kings > 0 && men == 0 && m.Drops[1][sq]:
		return 1
	}
	return -1
}

// Dots and Captures are the highlighted targets: the selected piece's
// steps and captures, or the squares the chosen hand piece may go to.
func (m *Model) Dots() []int {
	switch {
	case m.Sel >= 0:
		return m.Steps[m.Sel]
	case m.HandSel >= 0:
		var out []int
		for sq := range m.Drops[m.HandSel] {
			out = append(out, sq)
		}
		return out
	}
	return nil
}

func (m *Model) Captures() []int {
	if m.Sel >= 0 {
		return m.Caps[m.Sel]
	}
	return nil
}

// ShowPie reports whether the pie prompt shows: O may swap and has not
// chosen to keep the colours.
func (m *Model) ShowPie() bool { return m.CanSwap && m.Input && !m.PieKept }

// LongPress says what a long press (or a right-click) on sq tells: the
// mover's own piece is selected, so its steps and captures light up, and
// they are listed in words; any other piece is described by how it moves
// under this game's house rules. busy (a piece still sliding) keeps the
// selection as it is.
func (m *Model) LongPress(sq int, busy bool) (r Reply, say string) {
	v := m.Cells[sq]
	switch {
	case v == game.Empty:
		return Reply{Square: -1}, name(sq) + ": empty, " + half(sq) + "."
	case m.Input && m.Own(sq) && !busy:
		if r = m.Select(sq); m.Sel == sq {
			return r, m.pieceMoves(sq)
		}
		return r, ""
	}
	return Reply{Square: -1}, m.pieceRules(sq)
}

// pieceMoves lists what the mover's piece on sq can do now.
func (m *Model) pieceMoves(sq int) string {
	names := func(sqs []int) string {
		sqs = slices.Sorted(slices.Values(sqs))
		out := make([]string, len(sqs))
		for i, t := range sqs {
			out[i] = name(t)
		}
		return strings.Join(out, ", ")
	}
	var parts []string
	if st := m.Steps[sq]; len(st) > 0 {
		parts = append(parts, "steps to "+names(st))
	}
	if c := m.Caps[sq]; len(c) > 0 {
		parts = append(parts, "captures landing on "+names(c))
	}
	return fmt.Sprintf("%s (%s): %s.", name(sq), pieceName(m.Cells[sq]), strings.Join(parts, "; "))
}

// pieceRules says how the piece on sq moves under the house rules.
func (m *Model) pieceRules(sq int) string {
	v := m.Cells[sq]
	forward, far := "up the board", "rank 8"
	if ownerOf(v) == 1 {
		forward, far = "down the board", "rank 1"
	}
	var how string
	switch {
	case isKing(v) && m.Rules.Free:
		how = "moves one square in any direction"
	case isKing(v):
		how = "moves one square diagonally, in any of the four directions"
	case m.Rules.Free:
		how = "moves one square forward (" + forward + "), diagonally forward or sideways"
	default:
		how = "moves one square diagonally forward (" + forward + ")"
	}
	text := fmt.Sprintf("%s (%s) %s", name(sq), pieceName(v), how)
	if m.Rules.Captures {
		text += "; it captures by jumping an adjacent enemy piece in those directions"
	}
	if !isKing(v) && m.Rules.Kings {
		text += "; crowned on reaching " + far
	}
	return text + "."
}

// Spoken names a square for screen readers: "c3, X man, X's home half".
func (m *Model) Spoken(sq int) string {
	what := "empty"
	if v := m.Cells[sq]; v != game.Empty {
		what = pieceName(v)
	}
	return name(sq) + ", " + what + ", " + half(sq)
}
