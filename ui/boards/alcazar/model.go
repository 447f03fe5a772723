// Package alcazar is the alcazar board: the 3x3 board inside its frame of
// 12 entry slots, with each seat's hand in a tray above and below (or left
// and right). Tap a piece in your hand and then an entry slot (or the slot
// first, then the piece), or drag the piece there; keys 1-5 choose a
// piece, the arrows walk the ring of slots, Enter places. The movement
// phase after the second placement of a turn plays as an animation, one
// piece at a time.
//
// model.go holds, without Fyne, what may be chosen and what is highlighted,
// what a tap, a key or a long press means, and the phase told as beats
// (from the game's events); anim.go plays the beats, render.go draws the
// board and its controls, input.go reads taps, drags and keys.
package alcazar

import (
	"fmt"
	"slices"
	"strings"

	"github.com/tabulagames/tabula/games"
	game "github.com/tabulagames/tabula/games/alcazar"
	"github.com/tabulagames/tabula/internal/words"
	"github.com/tabulagames/tabula/ui/frame"
)

// Loc is where a piece is drawn: a tray slot, or a grid square (files and
// ranks 0-4, possibly one step outside for a piece pushed off).
type Loc struct {
	Hand bool
	F, R int
}

// index is the index of piece n of a seat: seat*5+n-1.
func index(seat, n int) int { return seat*5 + n - 1 }

// squareLoc is the grid location of a square name.
func squareLoc(name string) Loc {
	sq, _ := game.Square(name)
	return Loc{F: sq % 5, R: sq / 5}
}

// SeatWord names a seat by its colour, as its pieces show it: the one
// word for a seat of alcazar everywhere (the side panel, the new-game
// dialog, the captions, the move list and the result).
func SeatWord(seat int) string {
	if seat == 0 {
		return "Amber"
	}
	return "Blue"
}

// peopleOf names the seats by colour and player for sentences: "Blue
// (Ben)", "Amber" for a seat without a name.
func peopleOf(seats []games.SeatInfo) frame.People {
	p := frame.People{}
	for i, seat := range seats {
		name := SeatWord(i)
		if seat.Name != "" {
			name += " (" + seat.Name + ")"
		}
		p.Names = append(p.Names, name)
	}
	return p
}

// ring is the 12 entry squares clockwise from b5.
var ring = func() []int {
	var out []int
	for _, n := range []string{"b5", "c5", "d5", "e4", "e3", "e2", "d1", "c1", "b1", "a2", "a3", "a4"} {
		sq, _ := game.Square(n)
		out = append(out, sq)
	}
	return out
}()

// RingStep moves the cursor one square around the ring in an arrow's
// direction (df files, dr ranks); where the ring does not go that way (the
// middle of a side), it jumps across the board to the opposite square.
func RingStep(sq, df, dr int) int {
	i := 0
	for j, s := range ring {
		if s == sq {
			i = j
		}
	}
	f, r := sq%5, sq/5
	best, bestGain := -1, 0
	for _, j := range []int{(i + 1) % 12, (i + 11) % 12} {
		n := ring[j]
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

// Reply is what a tap or a key means: a token for the host to submit, or
// a refusal in a player's words with the square to flash (-1 none); the
// zero-token, no-refusal Reply only changed the choice.
type Reply struct {
	Token   string
	Refusal string
	Square  int
}

var none = Reply{Square: -1}

// Model is the board's state: the viewed position, what the person to
// move has chosen, and the highlights.
type Model struct {
	St      *game.State // the viewed position
	Mover   int         // seat to move, -1 when over
	Input   bool        // a person may place now
	Blocked string      // why not, in a player's words, when !Input
	First   int         // square the crown holder used this turn, -1
	Bottom  int         // the seat whose tray is under (or left of) the board
	Line    map[int]bool
	LastSqs []int  // squares of the pieces dropped this turn, if still in play
	Note    string // the line under the board when nothing animates
	HintSq  int    // hinted square, -1 none
	HintN   int    // hinted piece, 0 none

	SelPiece int // number chosen in the hand, 0 none
	SelSq    int // entry square chosen first, -1 none
	Cursor   int // keyboard cursor on the ring, -1 hidden

	people frame.People // the seats by colour and name: "Blue (Ben)"
	kept   int          // the piece chosen before a placement being judged
}

// NewModel is a board with nothing chosen.
func NewModel() Model {
	return Model{Mover: -1, First: -1, SelSq: -1, Cursor: -1, HintSq: -1, Line: map[int]bool{}}
}

// Load copies what does not move from the frame's shown position: whose
// turn, input, hint, lines, the last drops and the note.
func (m *Model) Load(f *frame.Frame) {
	st := f.Shown.(*game.State)
	m.St = st
	m.people = peopleOf(f.Seats)
	m.Mover = frame.Mover(st)
	m.Input = m.Mover >= 0 && f.Acting == m.Mover
	m.Blocked = ""
	if err := f.WhyNot; err != nil {
		m.Blocked = err.Error()
	}
	if !m.Input {
		m.SelPiece, m.SelSq = 0, -1
	}
	m.First = -1
	if sq, ok := game.Square(st.FirstSquare()); ok {
		m.First = sq
	}
	m.HintSq, m.HintN = -1, 0
	if h := f.Hint; h != nil && !f.Viewing && h.Seat == m.Mover {
		if n, sq, ok := game.DecodeMove(h.Move); ok && h.Move != game.Pass {
			m.HintSq, m.HintN = sq, n
		}
	}
	m.Line = map[int]bool{}
	lines := st.WinningLines()
	if lines == nil && st.BothLines() {
		lines = append(st.Lines(0), st.Lines(1)...)
	}
	for _, l := range lines {
		for _, name := range l {
			if sq, ok := game.Square(name); ok {
				m.Line[sq] = true
			}
		}
	}
	m.LastSqs = m.lastDrops(f)
	m.Note = m.note(f)
}

// lastDrops lists the squares of the pieces dropped this turn that are
// still in play: the soft rings.
func (m *Model) lastDrops(f *frame.Frame) []int {
	prev, turn := f.Before, f.Turn
	if prev == nil || len(turn) != 1 {
		return nil
	}
	var dropped []int // piece indexes dropped this turn
	if n, _, ok := game.DecodeMove(turn[0]); ok && turn[0] != game.Pass {
		dropped = append(dropped, index(prev.ToMove()[0], n))
	}
	if p := prev.(*game.State); p.SecondPlacement() {
		for _, pc := range p.Pieces() {
			if pc.Waiting {
				dropped = append(dropped, index(pc.Seat, pc.N))
			}
		}
	}
	var out []int
	for _, pc := range m.St.Pieces() {
		if slices.Contains(dropped, index(pc.Seat, pc.N)) {
			sq, _ := game.Square(pc.Square)
			out = append(out, sq)
		}
	}
	return out
}

// who names a seat by its colour and its player: "Blue (Ben)".
func (m *Model) who(seat int) string {
	if seat < len(m.people.Names) {
		return m.people.Names[seat]
	}
	return SeatWord(seat)
}

// note is the line under the board when nothing animates.
func (m *Model) note(f *frame.Frame) string {
	st := m.St
	turn := fmt.Sprintf("Turn %d", st.Turn()+1)
	if st.Outcome().Over() {
		turn = fmt.Sprintf("%d %s played", st.Turn(), words.Plural(st.Turn(), "turn", "turns"))
	} else if lim := st.TurnLimit(); lim > 0 {
		turn += fmt.Sprintf(" of %d", lim)
	}
	events := f.Events
	out := st.Outcome()
	switch {
	case f.Ending != nil && !f.Viewing: // resigned or agreed
		return m.people.Ended(f.Ending) + " " + turn + "."
	case out.Over():
		return m.people.Result(out, out.Reason) + ". " + turn + "."
	case st.BothLines():
		return turn + ". Both players have a line of three: play continues."
	case m.MustPass():
		return turn + ". All five of your pieces are in play: you must pass."
	case len(events) > 0 && events[0].Kind == game.EventPass:
		return turn + ". " + m.who(events[0].Seat) + " had all five pieces in play and passed."
	case m.Input && st.SecondPlacement() && m.First >= 0:
		return turn + ". Choose a piece and an entry square; " + game.SquareName(m.First) + " is taken."
	case m.Input:
		return turn + ". Choose a piece from your hand, then an entry square."
	}
	return turn + "."
}

// inHand reports whether piece n of a seat is in its hand.
func (m *Model) inHand(seat, n int) bool { return slices.Contains(m.St.Hand(seat), n) }

// MustPass reports whether the person to move has every piece in play,
// so the only move is to pass (the Pass button shows).
func (m *Model) MustPass() bool { return m.Input && len(m.St.Hand(m.Mover)) == 0 }

// ---- what input means ----

// place is the drop of piece n on sq. The choice is cleared while the
// rules judge it; Refused puts the chosen piece back if they refuse.
func (m *Model) place(n, sq int) Reply {
	m.kept = m.SelPiece
	m.SelPiece, m.SelSq = 0, -1
	return Reply{Token: fmt.Sprintf("%d@%s", n, game.SquareName(sq)), Square: sq}
}

// Refused is told that the placement just submitted was refused.
func (m *Model) Refused() { m.SelPiece = m.kept }

// Pass is the pass of a person whose pieces are all in play.
func (m *Model) Pass() Reply {
	if !m.Input {
		return none
	}
	m.kept = m.SelPiece
	return Reply{Token: "pass", Square: -1}
}

// ChoosePiece chooses piece n of the mover's hand (again: puts it back);
// with a square already chosen it places at once.
func (m *Model) ChoosePiece(n int) Reply {
	switch {
	case !m.inHand(m.Mover, n):
		return Reply{Refusal: fmt.Sprintf("Piece %d is already in play.", n), Square: -1}
	case m.SelSq >= 0:
		return m.place(n, m.SelSq)
	case m.SelPiece == n:
		m.SelPiece = 0
	default:
		m.SelPiece = n
	}
	return none
}

// ChooseSquare places the chosen piece on entry square sq, or remembers
// sq until a piece is chosen; a square no piece may go to is refused with
// the rules' reason.
func (m *Model) ChooseSquare(sq int) Reply {
	if m.SelPiece > 0 {
		return m.place(m.SelPiece, sq)
	}
	if err := m.checkSquare(sq); err != nil {
		return Reply{Refusal: err.Error(), Square: sq}
	}
	if m.SelSq == sq {
		m.SelSq = -1
	} else {
		m.SelSq = sq
	}
	return none
}

// checkSquare says why no piece may go on sq now, in the engine's words.
func (m *Model) checkSquare(sq int) error {
	hand := m.St.Hand(m.Mover)
	if len(hand) == 0 {
		return fmt.Errorf("All five of your pieces are in play: you must pass.")
	}
	return m.St.CheckDrop(hand[0], sq)
}

// TapTray is a tap on piece n in a seat's tray.
func (m *Model) TapTray(seat, n int) Reply {
	switch {
	case !m.Input:
		return m.notNow()
	case seat != m.Mover:
		return Reply{Refusal: "Those are your opponent's pieces: choose one of your own.", Square: -1}
	}
	m.Cursor = -1
	return m.ChoosePiece(n)
}

// notNow says why no person may place now.
func (m *Model) notNow() Reply { return Reply{Refusal: m.Blocked, Square: -1} }

// offEdge refuses a square of the board itself as a target, in the
// rules' words ("Pieces can only be dropped on the 12 edge squares.");
// the choice stays.
func (m *Model) offEdge(sq int) Reply {
	if err := m.checkSquare(sq); err != nil {
		return Reply{Refusal: err.Error(), Square: sq}
	}
	return none
}

// TapSquare is a tap on grid square sq: an entry square is chosen; a
// square of the board is refused, since pieces only enter from the edge.
func (m *Model) TapSquare(sq int) Reply {
	switch {
	case !m.Input:
		return m.notNow()
	case !game.OnEdge(sq):
		return m.offEdge(sq)
	}
	m.Cursor = -1
	return m.ChooseSquare(sq)
}

// PickUp starts dragging piece n from a seat's tray; false when it may
// not be dragged (not the mover's, not in hand, or no person to move).
func (m *Model) PickUp(seat, n int) bool {
	if !m.Input || seat != m.Mover || !m.inHand(seat, n) {
		return false
	}
	m.SelPiece, m.SelSq, m.Cursor = n, -1, -1
	return true
}

// Drop places the dragged piece n on grid square sq; a square of the
// board is refused and the piece stays chosen. Off the grid (back to the
// tray) nothing happens: the piece stays chosen.
func (m *Model) Drop(n, sq int) Reply {
	switch {
	case sq < 0:
		return none
	case !m.Input:
		return m.notNow()
	case !game.OnEdge(sq):
		return m.offEdge(sq)
	}
	return m.place(n, sq)
}

// Escape drops the choice and the cursor; false when there was none, so
// the screen may go back.
func (m *Model) Escape() bool {
	if m.SelPiece == 0 && m.SelSq < 0 && m.Cursor < 0 {
		return false
	}
	m.SelPiece, m.SelSq, m.Cursor = 0, -1, -1
	return true
}

// Arrow shows the cursor, or walks it around the ring (df files, dr ranks).
func (m *Model) Arrow(df, dr int) {
	if m.Cursor < 0 {
		m.Cursor = m.CursorStart()
	} else {
		m.Cursor = RingStep(m.Cursor, df, dr)
	}
	m.SelSq = -1
}

// Enter places the chosen piece on the cursor (or passes when that is the
// only move); false when no person is to move.
func (m *Model) Enter() (Reply, bool) {
	switch {
	case !m.Input:
		return none, false
	case len(m.St.Hand(m.Mover)) == 0:
		return m.Pass(), true
	case m.SelPiece == 0:
		return Reply{Refusal: "Choose a piece first: press 1-5.", Square: -1}, true
	case m.Cursor < 0:
		m.Cursor = m.CursorStart()
		return none, true
	}
	return m.place(m.SelPiece, m.Cursor), true
}

// Digit chooses piece n (1-5) by its key; false when no person is to move.
func (m *Model) Digit(n int) (Reply, bool) {
	if !m.Input {
		return none, false
	}
	if !m.inHand(m.Mover, n) {
		return Reply{Refusal: fmt.Sprintf("Piece %d is already in play.", n), Square: -1}, true
	}
	m.SelPiece, m.SelSq = n, -1
	if m.Cursor < 0 {
		m.Cursor = m.CursorStart()
	}
	return none, true
}

// CursorStart is the hinted square, or the mover's middle entry square
// (c1 or c5; the other one when the crown holder took it).
func (m *Model) CursorStart() int {
	if m.HintSq >= 0 {
		return m.HintSq
	}
	sq := 2 // c1
	if m.Mover >= 0 && m.Mover != m.Bottom {
		sq = 22 // c5
	}
	if sq == m.First {
		sq = 24 - sq
	}
	return sq
}

// ---- what a long press says ----

var dirWord = map[string]string{"N": "north", "E": "east", "S": "south", "W": "west"}

// ExplainTray says what piece n of a seat's tray does (alcazar.md 2, 6).
func (m *Model) ExplainTray(seat, n int) string {
	where := "in hand"
	if !m.inHand(seat, n) {
		where = "in play"
	}
	return fmt.Sprintf("%s's %d (%s): %s", SeatWord(seat), n, where, kind(n))
}

// ExplainSquare says what the piece on square sq does and which way it
// faces; "" for an empty square.
func (m *Model) ExplainSquare(sq int) string {
	name := game.SquareName(sq)
	for _, p := range m.St.Pieces() {
		if p.Square == name {
			return fmt.Sprintf("%s's %d on %s, facing %s: %s", SeatWord(p.Seat), p.N, name, dirWord[p.Dir], kind(p.N))
		}
	}
	return ""
}

// kind says what a piece of number n does when it acts.
func kind(n int) string {
	order := fmt.Sprintf("acts %s in each movement phase. ", [6]string{"", "first", "second", "third", "fourth", "fifth"}[n])
	switch n {
	case 1:
		return order + "A light piece: it steps one square the way it faces, pushes nothing, and a 2, 3 or 5 can push it one square."
	case 4:
		return order + "The pusher: it always steps one square the way it faces, shoving every piece in front of it."
	}
	return order + "A plain piece: it steps one square the way it faces, can push a lone 1 out of its way, and is blocked by anything else."
}

// ---- the movement phase as beats ----

// Move is one piece travelling along waypoints during a beat.
type Move struct {
	P     int // piece index
	Path  []Loc
	Delay float32 // fraction of the beat before it starts (a run's wave)
}

// Beat is one step of the story the board tells, of a nominal length.
type Beat struct {
	Ms      int // nominal duration
	Moves   []Move
	Shake   int // piece shaking in place, -1 none
	Act     int // piece outlined, -1 none
	SetDir  int // for a drop: the piece's new facing, NoDir else
	Crown   bool
	Caption string
}

// An action is what a piece's turn in the movement phase did, read from
// the events of its group (the events after its act event, up to the
// next act or the crown). Several events mean it pushed (section 6.2): a
// 4 shoves its whole run, any other piece a lone 1.
type action int

const (
	actNone    action = iota
	actStep           // it stepped one square
	actLeft           // it stepped onto the edge and went back to the hand
	actBounced        // it waited on the edge, could not enter, went back
	actBlocked        // it could not move and stayed
	actPush1          // it pushed a lone 1 one square (or onto the edge) and stepped
	actRun            // a 4 shoved the run in front of it
)

func actionOf(act games.Event, group []games.Event) action {
	switch {
	case len(group) == 0:
		return actNone
	case group[0].Kind == game.EventBlocked:
		return actBlocked
	case len(group) == 1 && group[0].Kind == games.EventMove:
		return actStep
	case len(group) == 1 && group[0].To != "":
		return actLeft
	case len(group) == 1:
		return actBounced
	case act.Piece == 4:
		return actRun
	}
	return actPush1
}

// groupEnd is the index after the group of the act event at i.
func groupEnd(events []games.Event, i int) int {
	j := i + 1
	for j < len(events) && events[j].Kind != game.EventAct && events[j].Kind != game.EventCrown {
		j++
	}
	return j
}

// Beats tells the events of a play (or of a phase and the drop after it)
// as beats, one piece at a time in slot order: the acting piece is
// outlined and named, then it steps, pushes a 1, shoves a 4's run (all
// the run at once, so the push is visible), shakes when blocked, or flies
// back to its tray. The crown slides to the other seat at the end.
func (m *Model) Beats(events []games.Event) []Beat {
	var out []Beat
	hand := Loc{Hand: true}
	act := -1
	beat := func(ms int) Beat {
		return Beat{Ms: ms, Shake: -1, Act: act, SetDir: game.NoDir}
	}
	for i := 0; i < len(events); i++ {
		e := events[i]
		p := index(e.Seat, e.Piece)
		switch e.Kind {
		case games.EventEnter:
			bt := beat(280)
			bt.Moves = []Move{{P: p, Path: []Loc{hand, squareLoc(e.To)}}}
			sq, _ := game.Square(e.To)
			bt.SetDir = game.Inward(sq)
			bt.Caption = fmt.Sprintf("%s places %d on %s.", m.who(e.Seat), e.Piece, e.To)
			out = append(out, bt)
		case game.EventAct:
			act = p
			j := groupEnd(events, i)
			group := events[i+1 : j]
			i = j - 1
			bt := beat(300)
			bt.Caption = actCaption(e, group)
			out = append(out, bt)
			out = append(out, actionBeats(beat, p, e, group)...)
		case game.EventCrown:
			act = -1
			bt := beat(420)
			bt.Crown = true
			bt.Caption = fmt.Sprintf("The crown passes to %s.", m.who(e.Seat))
			out = append(out, bt)
		}
	}
	return out
}

// actionBeats are the beats of what piece p did after its act event.
func actionBeats(beat func(ms int) Beat, p int, act games.Event, group []games.Event) []Beat {
	hand := Loc{Hand: true}
	switch actionOf(act, group) {
	case actStep:
		bt := beat(300)
		bt.Moves = []Move{{P: p, Path: []Loc{squareLoc(group[0].From), squareLoc(group[0].To)}}}
		return []Beat{bt}
	case actLeft:
		bt := beat(520)
		bt.Moves = []Move{{P: p, Path: []Loc{squareLoc(group[0].From), squareLoc(group[0].To), hand}}}
		return []Beat{bt}
	case actPush1:
		q := group[0]
		bt := beat(340)
		path := []Loc{squareLoc(q.From), squareLoc(q.To)}
		if q.Kind == games.EventReturn {
			path = append(path, hand)
			bt.Ms = 520
		}
		bt.Moves = []Move{{P: index(q.Seat, q.Piece), Path: path}}
		if len(group) > 1 {
			n := group[1]
			bt.Moves = append(bt.Moves, Move{P: index(n.Seat, n.Piece), Path: []Loc{squareLoc(n.From), squareLoc(n.To)}})
		}
		return []Beat{bt}
	case actRun:
		return []Beat{runBeat(beat(400), group)}
	case actBlocked:
		bt := beat(360)
		bt.Shake = p
		return []Beat{bt}
	case actBounced:
		shake := beat(320)
		shake.Shake = p
		back := beat(340)
		back.Moves = []Move{{P: p, Path: []Loc{squareLoc(group[0].From), hand}}}
		return []Beat{shake, back}
	}
	return nil
}

// runBeat moves a 4's run, farthest first, as the rules shift them: each
// piece starts a little after the one in front of it.
func runBeat(bt Beat, run []games.Event) Beat {
	hand := Loc{Hand: true}
	df, dr := 0, 0
	for _, r := range run {
		if r.To != "" {
			a, c := squareLoc(r.From), squareLoc(r.To)
			df, dr = c.F-a.F, c.R-a.R
			break
		}
	}
	for k, r := range run {
		from := squareLoc(r.From)
		var path []Loc
		switch {
		case r.To == "": // pushed off the play area
			path = []Loc{from, {F: from.F + df, R: from.R + dr}, hand}
			bt.Ms = 560
		case r.Kind == games.EventReturn:
			path = []Loc{from, squareLoc(r.To), hand}
			bt.Ms = 560
		default:
			path = []Loc{from, squareLoc(r.To)}
		}
		bt.Moves = append(bt.Moves, Move{P: index(r.Seat, r.Piece), Path: path, Delay: min(0.3, 0.08*float32(k))})
	}
	return bt
}

// actCaption names the acting piece and what it is about to do.
func actCaption(act games.Event, group []games.Event) string {
	who := fmt.Sprintf("%s %d", SeatWord(act.Seat), act.Piece)
	switch actionOf(act, group) {
	case actStep:
		return fmt.Sprintf("%s moves to %s.", who, group[0].To)
	case actLeft:
		return who + " leaves the board and goes back to the hand."
	case actPush1:
		if n := group[0]; n.Kind == games.EventReturn {
			return fmt.Sprintf("%s pushes %s 1 off the board.", who, SeatWord(n.Seat))
		} else {
			return fmt.Sprintf("%s pushes %s 1 to %s.", who, SeatWord(n.Seat), n.To)
		}
	case actRun:
		return runCaption(who, act, group)
	case actBlocked:
		return who + " is blocked and stays."
	case actBounced:
		return who + " cannot enter and goes back to the hand."
	}
	return who + "."
}

// runCaption tells a 4's run: how many it pushes, who goes back to the
// hand and why.
func runCaption(who string, act games.Event, run []games.Event) string {
	self := false
	var back []string
	reason := ""
	for _, r := range run {
		switch {
		case r.Seat == act.Seat && r.Piece == act.Piece:
			self = r.Kind == games.EventReturn
		case r.Kind == games.EventReturn:
			back = append(back, fmt.Sprintf("%s %d", SeatWord(r.Seat), r.Piece))
			reason = r.Note
		}
	}
	k := len(run)
	msg := fmt.Sprintf("%s pushes %d %s", who, k-1, words.Plural(k-1, "piece", "pieces"))
	switch len(back) {
	case 0:
	case 1:
		msg += fmt.Sprintf("; %s goes back to the hand (%s)", back[0], reason)
	default:
		msg += fmt.Sprintf("; %s go back to the hand", strings.Join(back, " and "))
	}
	if self {
		msg += "; the 4 leaves the board itself"
	}
	return msg + "."
}

// LastPhase finds the position before the last second placement up to
// the viewed one, and the events from there to the viewed position: the
// phase the viewed position ended with, or the one before the drop that
// is waiting on the edge now (followed by that drop). start is nil when
// there is no phase to replay.
func LastPhase(f *frame.Frame) (start *game.State, events []games.Event) {
	v := f.View
	at := func(i int) *game.State {
		st, _ := f.StateAt(i).(*game.State)
		return st
	}
	// ended reports whether token i ran a movement phase.
	ended := func(i int) bool {
		ev := f.EventsAt(i)
		return len(ev) > 0 && ev[len(ev)-1].Kind == game.EventCrown
	}
	if ended(v - 1) {
		return at(v - 1), f.EventsAt(v - 1)
	}
	if ended(v-2) && at(v-2) != nil {
		return at(v - 2), append(append([]games.Event{}, f.EventsAt(v-2)...), f.EventsAt(v-1)...)
	}
	return nil, nil
}

// ---- what a screen reader says ----

// SpokenSquare names grid square sq for screen readers: "c1, entry
// square", "c3, Amber's 4 facing north", "b2, empty"; "" for a corner,
// which is not part of the frame.
func (m *Model) SpokenSquare(sq int) string {
	f, r := sq%5, sq/5
	if (f == 0 || f == 4) && (r == 0 || r == 4) {
		return ""
	}
	name := game.SquareName(sq)
	if m.St != nil {
		for _, p := range m.St.Pieces() {
			if p.Square == name {
				return fmt.Sprintf("%s, %s's %d facing %s", name, SeatWord(p.Seat), p.N, dirWord[p.Dir])
			}
		}
	}
	if game.OnEdge(sq) {
		return name + ", entry square"
	}
	return name + ", empty"
}

// SpokenTray names piece n of a seat's tray for screen readers: "Amber's
// 3, in hand".
func (m *Model) SpokenTray(seat, n int) string {
	return fmt.Sprintf("%s's %d, in hand", SeatWord(seat), n)
}
