// Package games holds the rules of every Tabula game behind one contract.
//
// It is pure Go: no Fyne, no files, no clocks. Everything that changes a
// game (a tap on the board, a loaded file, a test, the command line) goes
// through the same path: parse a token, check it is legal, apply it. So a
// game that can be played can also be saved and replayed.
//
// The shape follows OpenSpiel's Game/State split: a Game describes itself
// and makes States; a State answers who acts, what is legal, what the
// outcome is, and applies moves.
package games

import (
	"encoding/json"
	"errors"
	"sort"
	"strconv"

	"github.com/tabulagames/tabula/games/rng"
)

// Move is one seat's action, as a small per-game code. Each game documents
// its own encoding; outside the game a Move is only passed around, printed
// with MoveString or read with ParseMove.
type Move int32

// NoMove is a placeholder that no game uses as a real move.
const NoMove Move = -1

// Status is where a game stands.
type Status int

const (
	Ongoing Status = iota
	Win
	Draw
)

// String gives the status word used in the notation ("ongoing", "win", "draw").
func (s Status) String() string {
	switch s {
	case Win:
		return "win"
	case Draw:
		return "draw"
	default:
		return "ongoing"
	}
}

// Outcome is the result of a game so far.
type Outcome struct {
	Status  Status
	Winners []int     // seats that won; empty unless Status == Win
	Scores  []float64 // optional per-seat scores (games that count points)
	Reason  string    // a short phrase for people: "three in a row on the 2nd rank"
	Line    []string  // squares of the winning line(s), for highlighting
}

// Over reports whether the game has ended.
func (o Outcome) Over() bool { return o.Status != Ongoing }

// Config is what a new state is made from.
type Config struct {
	Rules Rules           // validated house rules (see ValidateRules)
	Seed  int64           // drives every random choice of the game itself
	Setup json.RawMessage // optional start position (NOTATION.md "setup"); nil = usual start
}

// Game describes one game of the box and makes new states.
type Game interface {
	ID() string    // "classic"
	Name() string  // "Tic-tac-toe"
	Blurb() string // one line for the picker
	// SeatRange is the smallest and largest number of seats the game can be
	// played with; the house rules pick the exact number.
	SeatRange() (min, max int)
	// RuleSpecs lists the house rules, in the order a dialog shows them.
	RuleSpecs() []RuleSpec
	// New makes a state. Rules must already be validated; New checks the
	// rules against each other and the setup, and refuses an impossible
	// setup with an error that says which check failed.
	New(cfg Config) (State, error)
	// Kind is what the game is, declared once.
	Kind() Kind
}

// Kind is what a game is, declared once by the game, as OpenSpiel's
// GameType: how its turns are played, whether a seat may see less than
// the whole position, whether it owns a stream. The session, the screen
// and the bots read it rather than probing states for optional
// interfaces; KindIsTrue (games_test.go) holds every game's declaration
// to what its states do.
type Kind struct {
	// Simultaneous: turns are picked in secret by several seats and
	// played as one joint move (knights; its states are TurnCodecs).
	Simultaneous bool
	// MultiAction: a seat's turn is a run of actions ending with "end"
	// (arena; its states are MidTurners).
	MultiAction bool
	// Hidden: a seat may see less than the whole position (knights under
	// fog; its states are Viewers, and ViewOf is the one answer to what a
	// seat may see).
	Hidden bool
	// Stream: the game owns a seeded stream its faithful bots draw from
	// (knights 4.2; its states are Streamers).
	Stream bool
}

// State is one position of a game in progress (or ended).
//
// A sequential turn has one seat in ToMove; a simultaneous turn (knights)
// has several, and Play then takes one move per seat in ToMove order. A
// multi-action turn (arena) is a run of plays by the same seat.
type State interface {
	// Seats is the number of seats in this game.
	Seats() int
	// ToMove lists the seats that act now, ascending; empty when the game is over.
	ToMove() []int
	// Legal lists the legal moves of a seat now; empty if it does not act.
	Legal(seat int) []Move
	// Play applies one move per seat in ToMove, in that order. An illegal
	// move returns an error in a player's words and changes nothing.
	Play(moves ...Move) error
	// Outcome is the result so far.
	Outcome() Outcome
	// Hash identifies the position (for transposition tables); equal
	// positions with the same seat to move have equal hashes.
	Hash() uint64
	// Position is the position as the JSON object of NOTATION.md.
	Position() any
	// MoveString writes one seat's move in notation.
	MoveString(seat int, m Move) string
	// ParseMove reads one seat's move token and checks that it is legal
	// now. The error names the token and says why in a player's words.
	ParseMove(seat int, token string) (Move, error)
	// Clone returns an independent copy.
	Clone() State
}

// OneMove is the move of a turn that takes one, for a Play: ErrGameOver
// once the game is over, and a fault (the caller broke the contract) when
// moves is not exactly one move.
func OneMove(over bool, moves []Move) (Move, error) {
	if over {
		return NoMove, ErrGameOver
	}
	if len(moves) != 1 {
		return NoMove, errors.New("one move at a time")
	}
	return moves[0], nil
}

// TurnCodec is implemented by simultaneous games, whose save-file token
// holds the moves of every seat of a turn ("c3,f6").
type TurnCodec interface {
	FormatTurn(moves []Move) string
	ParseTurn(token string) ([]Move, error)
}

// Event is one step a move caused that a board may want to animate: a piece
// sliding, a push, a return to hand, an explosion. A board gets the
// position before the turn, the position after it and the turn's events,
// so it animates exactly what the rules did instead of guessing.
type Event struct {
	Kind  EventKind
	Seat  int
	Piece int    // game-specific piece id or number
	From  string // square names; empty when not on the board
	To    string
	Delay int    // steps after the turn's first event (a blast cell's distance from its bomb)
	Value int    // a count the kind defines: health after a hit, points scored
	Note  string // free text for people
}

// EventKind names what an event is. Games use these names, so a board
// kit can treat "a piece left the board" alike in every game; a game may
// add kinds of its own.
type EventKind string

const (
	EventEnter     EventKind = "enter"     // a piece comes onto the board (To)
	EventMove      EventKind = "move"      // a piece moves From -> To by itself
	EventPush      EventKind = "push"      // a piece is pushed From -> To by another
	EventReturn    EventKind = "return"    // a piece goes back to its owner's hand (From)
	EventCapture   EventKind = "capture"   // a piece is taken off the board (From)
	EventRemove    EventKind = "remove"    // a piece is removed by a rule (FIFO), not by a capture
	EventCollision EventKind = "collision" // pieces aiming at the same square bounce (To)
	EventEliminate EventKind = "eliminate" // a seat leaves the game (Seat)
	EventBlast     EventKind = "blast"     // a cell is hit by an explosion (To, Delay)
	EventSlide     EventKind = "slide"     // a kicked object slides From -> To
	EventHealth    EventKind = "health"    // a seat's health changes (Seat, Value = new health)
	// EventSeatSwap is the event a pie-rule swap reports: the people at
	// seats 0 and 1 exchange seats, while the position stays as it is. The
	// application exchanges its seat entries (names, human or bot).
	EventSeatSwap EventKind = "swap"
)

// Evented is implemented by states that report the steps of their last play.
type Evented interface {
	LastEvents() []Event
}

// FormatTurn writes the save-file token of one turn: the single move of a
// sequential turn, or the joint token of a simultaneous game.
func FormatTurn(st State, moves []Move) string {
	if tc, ok := st.(TurnCodec); ok {
		return tc.FormatTurn(moves)
	}
	if len(moves) != 1 {
		return "?"
	}
	to := st.ToMove()
	seat := 0
	if len(to) > 0 {
		seat = to[0]
	}
	return st.MoveString(seat, moves[0])
}

// ParseTurn reads one save-file token against the state: for a sequential
// game the move of the seat to act, for a simultaneous game every seat's.
func ParseTurn(st State, token string) ([]Move, error) {
	if tc, ok := st.(TurnCodec); ok {
		return tc.ParseTurn(token)
	}
	to := st.ToMove()
	if len(to) == 0 {
		return nil, ErrGameOver
	}
	m, err := st.ParseMove(to[0], token)
	if err != nil {
		return nil, err
	}
	return []Move{m}, nil
}

// PlayToken parses one turn token and applies it.
func PlayToken(st State, token string) error {
	moves, err := ParseTurn(st, token)
	if err != nil {
		return err
	}
	return st.Play(moves...)
}

// LegalTokens lists the legal moves of the seats to move in notation,
// sorted in byte order: a list for a single seat, or for a simultaneous
// turn an object from seat number (as a string) to its list. It is the
// "legal" field of `tabula replay --legal` and of the test vectors.
func LegalTokens(st State) any {
	to := st.ToMove()
	tokens := func(seat int) []string {
		ms := st.Legal(seat)
		out := make([]string, len(ms))
		for i, m := range ms {
			out[i] = st.MoveString(seat, m)
		}
		sort.Strings(out)
		return out
	}
	if _, simultaneous := st.(TurnCodec); simultaneous {
		obj := map[string][]string{}
		for _, seat := range to {
			obj[strconv.Itoa(seat)] = tokens(seat)
		}
		return obj
	}
	if len(to) == 0 {
		return []string{}
	}
	return tokens(to[0])
}

// TurnCounter is implemented by games whose turns span several plies
// (alcazar: two placements and a movement phase; arena: up to five
// actions). Turn is the number of completed turns.
type TurnCounter interface {
	Turn() int
}

// Copier is implemented by states that can be copied into another state
// of their game, so a search reuses one state per ply instead of
// allocating a clone per node (revenge's max-n allocated 300 MB a
// move, and on the web every collection is a pause of the page). CopyInto
// makes dst (a state of the same game, from Clone or an earlier CopyInto)
// equal to the receiver, as Clone would, and returns it; given a dst it
// cannot use, it returns a clone.
type Copier interface {
	CopyInto(dst State) State
}

// CloneInto is st copied into dst when st's game can (Copier), else a
// clone; dst may be nil.
func CloneInto(st, dst State) State {
	if c, ok := st.(Copier); ok && dst != nil {
		return c.CopyInto(dst)
	}
	return st.Clone()
}

// Viewer is implemented by games with hidden information (knights under
// fog): View is the position as a person in that seat may see it, an
// independent state in which what the seat cannot see is left out; seat
// -1 is what no seat sees privately (a shared screen between two secret
// picks). Games without it show everything to everyone.
type Viewer interface {
	View(seat int) State
}

// ViewOf is the view of one seat: an independent state holding no more
// than that seat may see. Bots and the hot-seat pick screen get only
// this; the engine and save files keep the truth.
func ViewOf(st State, seat int) State {
	if v, ok := st.(Viewer); ok {
		return v.View(seat)
	}
	return st.Clone()
}

// Hides reports whether a seat's view leaves out part of the position,
// by comparing it with the truth: the one test of hiding, for a game
// whose Kind is Hidden (the others hide nothing).
func Hides(g Game, st State, seat int) bool {
	return g.Kind().Hidden && ViewOf(st, seat).Hash() != st.Hash()
}

// MidTurner is implemented by games whose seat acts several times in one
// turn (arena: up to five actions ending with "end"). MidTurn reports
// whether the seat to move has already acted in the turn now running, so
// the application can take back one action of it, or a whole turn.
type MidTurner interface {
	MidTurn() bool
}

// MidTurn reports whether the seat to move is in the middle of a
// multi-action turn (false for games that have none).
func MidTurn(st State) bool {
	m, ok := st.(MidTurner)
	return ok && m.MidTurn()
}

// Streamer is implemented by games that own a seeded random stream their
// faithful bots draw from (knights section 4.2). The rules draw from it
// only while setting up; GameStream is the stream as the setup left it.
// Where it stands later follows from the seed, the rules, the seat table
// and the moves (ai.StreamAt), so a saved game with bots continues exactly
// as it would have.
type Streamer interface {
	GameStream() rng.Stream
}
