// Package frame is what the session publishes for the game screen and
// the boards to draw: a Frame (the position the people at the device may
// see, the one before it, the events between them, who may act now and
// why not) and, for the move list's words, a read-only History of the
// whole game. It also names seats in sentences (People, Deed) and holds
// the seats' symbols.
//
// It imports only games: a board that reads a Frame holds no session and
// pulls in no bot and no other game. Data flows one way: a person, a bot
// or a remote seat -> the session (the only writer) -> the rules -> the
// session publishes a Frame -> the screen and the board draw it. A board
// answers with intents (a token, a selection) through its kit.Host.
package frame

import (
	"time"

	"github.com/tabulagames/tabula/games"
)

// History is the game so far, read-only: the session implements it. The
// move list reads any token's words through it, so a Frame does not copy
// the whole game at every change. Read it on the UI goroutine only.
type History interface {
	// Plies is the number of tokens played.
	Plies() int
	// Tokens are the turn tokens played, in notation. Do not change them.
	Tokens() []string
	// State is the position after i tokens (0 is the start), the truth,
	// or nil outside the game.
	State(i int) games.State
	// Events are what token i did (nil for games that report none).
	Events(i int) []games.Event
	// SeatsAt is who sat where after the first i tokens (a pie-rule swap
	// exchanges seats 0 and 1).
	SeatsAt(i int) []games.SeatInfo
}

// ErrViewingPast is why a move is refused while an earlier position is
// shown; a board may say it when a tap falls on an earlier position.
var ErrViewingPast = games.Refuse("You are looking at an earlier position: go back to the game to move.")

// Hint is the hint bot's suggestion for a person.
type Hint struct {
	Seat  int
	Move  games.Move
	Token string
}

// Frame is one moment of a game as the session publishes it after a
// change. It is a snapshot: the session never changes a Frame it gave
// out; the next change gives a new one.
type Frame struct {
	Game  games.Game
	Rules games.Rules
	Seed  int64
	// NoSeed: the seed is not known here (an online game followed by the
	// seat's views, whose seed would tell what the fog hides): boards
	// leave it out.
	NoSeed bool
	// Seats is who sits where now (after any pie-rule swap).
	Seats []games.SeatInfo
	// History is the whole game, for words about earlier tokens.
	History History

	// View is the number of tokens played up to the position drawn; Plies
	// the number played in all. Viewing is true while a past position is
	// shown (View < Plies).
	View, Plies int
	Viewing     bool
	// Shown is the position drawn, as the people at the device may see it
	// (knights' fog: the view of DeviceSeat, or of nobody while the device
	// waits to be handed over). Live is the current position, the truth.
	Shown, Live games.State
	// Before is the position before the token that led to the one drawn
	// (nil at the start); Turn that token's moves and Events what it did.
	Before games.State
	Turn   []games.Move
	Events []games.Event

	// Acting is the seat a person may play now, or -1: the seat to move,
	// or in a simultaneous turn the first person who has not picked yet.
	Acting int
	// WhyNot says why no person may play now, in a player's words (the
	// game is over, a past position is shown, the computer is to move);
	// nil when one may. Boards say it when a tap cannot be a move.
	WhyNot error
	// DeviceSeat is the seat whose view the device shows: the person
	// acting, else the only person at the table, else -1.
	DeviceSeat int
	// HandOver is the seat the device must be handed to before its secret
	// pick (several people picking in one turn), or -1.
	HandOver int
	// ShowingTurn is true while the turn just played, which several
	// people here picked in secret, is shown to everyone at the device
	// until one of them presses Continue; then comes the hand-over.
	// Nobody picks meanwhile, and Shown is what no seat sees privately.
	ShowingTurn bool
	// Simultaneous is true while the turn now running is picked in secret
	// by several seats at once; Pending lists those that have not picked.
	Simultaneous bool
	Pending      []int
	// HumansAtOnce is the number of people in the turn now running.
	HumansAtOnce int
	// HasHuman is true when any person plays.
	HasHuman bool
	// Thinking lists the seats whose bot is thinking.
	Thinking []int
	// Paused is true when the bots were stopped (a bot-only game the
	// player paused, or a game that was left).
	Paused bool

	// Hint is the hint shown, or nil; HintThinking is true while one is
	// computed.
	Hint         *Hint
	HintThinking bool

	// PickTime is the countdown of each person's secret pick (0: none);
	// PickLeft is what is left of Acting's, when PickRunning.
	PickTime    time.Duration
	PickLeft    time.Duration
	PickRunning bool

	// Ending is how the game ended outside its rules (a resignation, an
	// agreed draw), or nil; DrawOffer the seat whose draw offer waits for
	// its answer, or -1. WhyNoEnding says why the person here cannot
	// resign or offer a draw now (nil: they can), WhyNoOffer why not a
	// draw in particular.
	Ending                  *games.Ending
	DrawOffer               int
	WhyNoEnding, WhyNoOffer error

	// CanUndo and CanRedo say what Undo and Redo would do; UndoRefusal is
	// why Undo refuses (the button stays pressable to say so), or nil.
	CanUndo, CanRedo bool
	UndoRefusal      error
}

// Over reports whether the game has ended.
func (f *Frame) Over() bool { return f.Outcome().Over() }

// Outcome is how the game stands: the ending's result when a person
// resigned or a draw was agreed, else the rules'.
func (f *Frame) Outcome() games.Outcome {
	if f.Ending != nil {
		return f.Ending.Outcome()
	}
	return f.Live.Outcome()
}

// SeatSymbol is the symbol the screen shows for a seat now.
func (f *Frame) SeatSymbol(seat int) string { return SeatSymbol(f.Seats, seat) }

// StateAt is the position after i tokens, the truth (History.State).
func (f *Frame) StateAt(i int) games.State { return f.History.State(i) }

// EventsAt are what token i did (History.Events).
func (f *Frame) EventsAt(i int) []games.Event { return f.History.Events(i) }

// Tokens are the tokens played (History.Tokens).
func (f *Frame) Tokens() []string { return f.History.Tokens() }

// PeopleAt names the seats as they sat before token i (a pie-rule swap
// exchanges two people); PeopleAt(f.Plies) names them as they sit now.
func (f *Frame) PeopleAt(i int, tag func(seat int) string) People {
	return PeopleOf(f.History.SeatsAt(i), tag)
}

// SwapIn reports whether a turn's events hold a pie-rule swap.
func SwapIn(events []games.Event) bool {
	for _, e := range events {
		if e.Kind == games.EventSeatSwap {
			return true
		}
	}
	return false
}
