// Package revenge is the board of revenge tic-tac-toe (revenge.md section
// 13): each seat's mark in its colour with the symbol its player chose,
// the turn rotation as badges, the steal records as short lines, a lock on
// every square the seat to move may not take (why, on hover or a long
// press), the last move with its kind, and the winning line. A tap on an
// empty square places, on another seat's mark steals, and on the mover's
// own mark asks first whether to reinforce (nothing changes on the board).
// Arrows move a cursor, Enter or Space act as a tap, Escape cancels.
//
// model.go holds what the board shows and what a tap, a key or a long
// press means, and words.go puts moves, results and hints in words, both
// without Fyne; render.go draws the board and the controls under it,
// input.go reads taps and keys, anim.go fades marks in and out.
package revenge

import (
	"errors"
	"fmt"

	"github.com/tabulagames/tabula/games"
	game "github.com/tabulagames/tabula/games/revenge"
	"github.com/tabulagames/tabula/ui/frame"
)

// Squares are numbered rank*N+file (a1 = 0), the game's move codes; -1
// means none.

// Model is the board's state: the shown position, who is who, and the
// highlights.
type Model struct {
	N        int
	Owners   []int8        // the seat on each square, -1 empty
	People   frame.People  // the seats in sentences: "Ana", "Computer (O)"
	Players  []string      // each seat's player's name, for the badges and "O (Bo)"
	Symbols  []string      // the symbol shown for each seat
	Mover    int           // the seat to move, -1 when the game is over
	Winner   int           // the seat that won, -1 none
	Input    bool          // a person may play now
	Locks    []string      // why the mover may not play on each square; "" where it may
	Last     int           // the square of the move that led here
	LastKind game.MoveKind // what that move was
	Victim   int           // the seat it stole from, -1 none
	Line     []int         // the winning line
	Hint     int           // the hinted square
	Cursor   int           // the keyboard cursor
	Pending  int           // the mover's own square waiting for "reinforce?" to be confirmed
	Steals   []Steal       // each seat's steal record
	LastText string        // the last move in words: "Bo took b3 from Ana."
	anti     bool          // the anti-revenge rule is on
	shown    games.State   // the position loaded, to notice a new one
}

// NewModel is an empty 4x4 board with nothing highlighted.
func NewModel() Model {
	m := Model{N: 4, Owners: make([]int8, 16), Locks: make([]string, 16), Mover: -1, Winner: -1, Last: -1, Victim: -1,
		Hint: -1, Cursor: -1, Pending: -1}
	for i := range m.Owners {
		m.Owners[i] = -1
	}
	return m
}

// Load copies the frame's shown position, its last move, the locks of
// the seat to move, the steal records and the hint. A new position drops
// a reinforcement waiting for confirmation; a new board size hides the
// cursor.
func (m *Model) Load(f *frame.Frame) {
	st := f.Shown.(*game.State)
	if st != m.shown {
		m.Pending = -1
	}
	m.shown = st
	if st.Size() != m.N {
		m.N, m.Cursor = st.Size(), -1
	}
	m.People = PeopleOf(f)
	m.Players, m.Symbols = m.Players[:0], m.Symbols[:0]
	for seat, info := range f.Seats {
		m.Players = append(m.Players, info.Name)
		m.Symbols = append(m.Symbols, f.SeatSymbol(seat))
	}
	m.anti = f.Rules.Bool(game.RuleAntiRevenge)
	m.Owners = m.Owners[:0]
	for sq := 0; sq < m.N*m.N; sq++ {
		m.Owners = append(m.Owners, int8(st.Owner(sq)))
	}
	m.Mover, m.Winner = frame.Mover(st), -1
	if out := st.Outcome(); out.Status == games.Win && len(out.Winners) == 1 {
		m.Winner = out.Winners[0]
	}
	m.Input = f.Acting >= 0
	m.loadLocks(st)
	m.loadLast(f.Events)
	m.loadSteals(st)
	m.Line = frame.LineSquares(m.Line, st, m.N)
	m.Hint = f.SquareHint()
}

// loadLocks words why the seat to move may not play on each locked
// square, naming the stealer by its player, as the badges do.
func (m *Model) loadLocks(st *game.State) {
	m.Locks = m.Locks[:0]
	for range m.Owners {
		m.Locks = append(m.Locks, "")
	}
	for _, l := range st.Locks() {
		var blocked *game.BlockedError
		if errors.As(l.Err, &blocked) {
			m.Locks[l.Square] = lockWords(m.People, blocked.Stealer, m.Mover, blocked.Took)
		} else {
			m.Locks[l.Square] = l.Err.Error()
		}
	}
}

// loadLast finds the move that led to the shown position, from its
// events, and words it.
func (m *Model) loadLast(events []games.Event) {
	m.Last, m.Victim, m.LastText = -1, -1, ""
	if len(events) != 1 {
		return
	}
	e := events[0]
	m.Last, m.LastKind = m.square(e.To), game.Place
	switch e.Kind {
	case game.EventReinforce:
		m.LastKind = game.Reinforce
	case game.EventSteal:
		m.LastKind, m.Victim = game.Steal, e.Piece
	}
	m.LastText = "Last move: " + lastWords(m.People, e) + "."
}

// Steal is a seat's steal record: the seat its latest move stole from (-1
// none) and the square, "" when a setup does not say.
type Steal struct {
	From   int
	Square string
}

// loadSteals copies every seat's steal record.
func (m *Model) loadSteals(st *game.State) {
	m.Steals = m.Steals[:0]
	for seat := range m.Symbols {
		m.Steals = append(m.Steals, Steal{From: st.LastSteal(seat), Square: st.StolenSquare(seat)})
	}
}

// StealLine is a seat's steal record as a short line under its name:
// "took b3 from Ana"; "no steal" when its latest move stole nothing.
func (m *Model) StealLine(seat int) string {
	r := m.Steals[seat]
	if r.From < 0 {
		return "no steal"
	}
	took := r.Square
	if took == "" {
		took = "a square"
	}
	return fmt.Sprintf("took %s from %s", took, m.People.Object(r.From))
}

func (m *Model) name(sq int) string { return games.SquareName(sq%m.N, sq/m.N) }

func (m *Model) square(name string) int { return frame.SquareOf(name, m.N) }

func (m *Model) onBoard(sq int) bool { return sq >= 0 && sq < len(m.Owners) }

// Kind is what a move of the seat to move on sq would be.
func (m *Model) Kind(sq int) game.MoveKind {
	switch int(m.Owners[sq]) {
	case -1:
		return game.Place
	case m.Mover:
		return game.Reinforce
	}
	return game.Steal
}

// Action is what a tap, a click or Enter on a square means: a token for
// the host to submit, a refusal in a player's words, or a question (a
// reinforcement waits for confirmation in Pending). The zero Action does
// nothing.
type Action struct {
	Token    string
	Refusal  string
	Question bool
}

// Act is what a tap on sq means. A locked square is refused with its
// reason; the mover's own square asks first, and a second tap on it (or
// Confirm) plays it. When no person may play, the token goes to the
// host (the session), which says why not.
func (m *Model) Act(sq int) Action {
	if !m.onBoard(sq) {
		return Action{}
	}
	asked := m.Pending == sq
	m.Pending = -1
	switch {
	case !m.Input:
	case m.Locks[sq] != "":
		return Action{Refusal: m.Locks[sq]}
	case m.Kind(sq) == game.Reinforce && !asked:
		m.Pending = sq
		return Action{Question: true}
	}
	return Action{Token: m.name(sq)}
}

// Confirm plays the reinforcement waiting for confirmation ("" if none).
func (m *Model) Confirm() string {
	if !m.onBoard(m.Pending) {
		return ""
	}
	sq := m.Pending
	m.Pending = -1
	return m.name(sq)
}

// Question is the reinforcement waiting for confirmation, in words, or
// ""; brief keeps its first sentence, for a phone's narrow screen.
func (m *Model) Question(brief bool) string {
	if !m.onBoard(m.Pending) {
		return ""
	}
	return question(m.name(m.Pending), brief)
}

func question(square string, brief bool) string {
	q := fmt.Sprintf("Reinforce %s? Nothing changes on the board.", square)
	if !brief {
		q += " Your steal record clears and the turn passes."
	}
	return q
}

// CursorStart is where the keyboard cursor appears: on the last move, or
// near the middle.
func (m *Model) CursorStart() int {
	if m.Last >= 0 {
		return m.Last
	}
	return (m.N/2)*m.N + (m.N-1)/2
}

// Ghost is the kind of move a click on sq would make, for a faint preview
// under the mouse; ok is false where a click would do nothing new
// (no person to play, a lock, off the board).
func (m *Model) Ghost(sq int) (kind game.MoveKind, ok bool) {
	if !m.Input || !m.onBoard(sq) || m.Locks[sq] != "" {
		return 0, false
	}
	return m.Kind(sq), true
}

// Legend says what a tap means, for the line under the board when no
// square is pointed at.
const Legend = "Empty square: place. Your mark: reinforce (asks first). Another's mark: steal. A lock: not allowed now; point at it, or press and hold, to see why."

// Explain is what a square means now, for a long press and for the line
// under the board while it is pointed at: its lock's reason, or what a
// tap would do there.
func (m *Model) Explain(sq int) string {
	if !m.onBoard(sq) {
		return ""
	}
	name, owner := m.name(sq), int(m.Owners[sq])
	switch {
	case m.Locks[sq] != "":
		return m.Locks[sq]
	case !m.Input || m.Mover < 0:
		if owner < 0 {
			return name + " is empty."
		}
		return fmt.Sprintf("%s holds %s.", name, m.mark(owner))
	case owner < 0:
		return name + " is empty: tap to place your mark."
	case sq == m.Pending:
		return pendingWords(name)
	case owner == m.Mover:
		return yoursWords(name)
	}
	return m.stealWords(name, owner, m.Mover)
}

func pendingWords(square string) string {
	return "Tap " + square + " again, or press Reinforce, to reinforce it."
}

func yoursWords(square string) string {
	return square + " is yours: tap to reinforce it. Nothing changes on the board; your steal record clears and the turn passes (you are asked first)."
}

// stealWords is what a tap on owner's mark on square does for mover.
func (m *Model) stealWords(square string, owner, mover int) string {
	text := fmt.Sprintf("%s holds %s: tap to steal it.", square, m.mark(owner))
	if m.anti {
		text += fmt.Sprintf(" Then %s may not take %s squares until %s moved again.", m.People.Object(owner), m.People.Whose(mover), m.People.Clause(mover, "have"))
	}
	return text
}

// Sayings are everything the lines under the board may say in a game,
// at their longest, so that the board can keep room for the tallest and
// never move when what they say changes.
type Sayings struct {
	Question []string // the reinforcement question
	Last     []string // the last move
	Means    []string // what a square means, and the legend
	Refusals []string // why a square is refused
}

// Sayings are the sayings of this game (its seats, its rules) with
// square as every square's name.
func (m *Model) Sayings(square string) Sayings {
	s := Sayings{
		Question: []string{question(square, false), question(square, true)},
		Means:    []string{Legend, pendingWords(square), yoursWords(square)},
		Refusals: []string{game.ErrReinforceOff.Error()},
	}
	for seat := range m.Players {
		s.Means = append(s.Means, fmt.Sprintf("%s holds %s.", square, m.mark(seat)))
		for other := range m.Players {
			if other == seat {
				continue
			}
			s.Last = append(s.Last, "Last move: "+lastWords(m.People, games.Event{Kind: game.EventSteal, Seat: seat, Piece: other, To: square})+".")
			s.Means = append(s.Means, m.stealWords(square, seat, other))
			s.Refusals = append(s.Refusals, lockWords(m.People, seat, other, square))
		}
	}
	return s
}

// Spoken names a square for screen readers: "b3, O (Bo)", "c2, empty,
// locked".
func (m *Model) Spoken(sq int) string {
	text := m.name(sq) + ", empty"
	if o := int(m.Owners[sq]); o >= 0 {
		text = m.name(sq) + ", " + m.mark(o)
	}
	if m.Locks[sq] != "" {
		text += ", locked"
	}
	return text
}

// mark is a seat's mark by its symbol and whose it is: "O (Bo)".
func (m *Model) mark(seat int) string {
	return fmt.Sprintf("%s (%s)", m.Symbols[seat], m.Players[seat])
}
