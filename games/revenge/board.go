package revenge

import (
	"fmt"

	"github.com/tabulagames/tabula/games"
)

// What a board and the bots read off a state. Nothing here changes it.

// NoSeat is the owner of an empty square and a null steal record.
const NoSeat = none

// The events of a move (LastEvents): a placement is games.EventEnter;
// these are the other two kinds. Seat is the mover and To the square; a
// steal's Piece is the seat stolen from.
const (
	EventReinforce games.EventKind = "reinforce"
	EventSteal     games.EventKind = "steal"
)

// Size is the number of files and of ranks.
func (s *State) Size() int { return s.size }

// Square is the square index (the move) of a file and rank, both from 0.
func (s *State) Square(file, rank int) int { return rank*s.size + file }

// Owner is the seat whose mark is on a square, or NoSeat.
func (s *State) Owner(sq int) int { return int(s.pos.board[sq]) }

// LastSteal is the seat that seat's latest move stole from, or NoSeat.
func (s *State) LastSteal(seat int) int { return int(s.pos.lastSteal[seat]) }

// StolenSquare is the square seat's latest move stole, "" when it did not
// steal or the game started from a setup that does not say.
func (s *State) StolenSquare(seat int) string {
	if t := s.took[seat]; t != none {
		return s.name(int(t))
	}
	return ""
}

// KindAt is what a move of the seat to move on sq would be (whether or
// not it is allowed).
func (s *State) KindAt(sq int) MoveKind {
	switch int(s.pos.board[sq]) {
	case none:
		return Place
	case int(s.pos.turn):
		return Reinforce
	default:
		return Steal
	}
}

// Lock is a square the seat to move may not play on, and why: Err is a
// *BlockedError (anti-revenge) or ErrReinforceOff.
type Lock struct {
	Square int
	Err    error
}

// Locks lists the squares the seat to move may not play on, in square
// order; none once the game is over.
func (s *State) Locks() []Lock {
	if s.outcome.Over() {
		return nil
	}
	var out []Lock
	for sq := 0; sq < s.squares; sq++ {
		if err := s.refusal(int(s.pos.turn), sq); err != nil {
			out = append(out, Lock{Square: sq, Err: err})
		}
	}
	return out
}

// LineCounts holds, for every line (ranks, files, the a1 diagonal, the
// other diagonal; NumLines of them), how many of its squares each seat
// owns.
func (s *State) LineCounts() [MaxLines][MaxSeats]int8 { return s.counts }

// NumLines is the number of lines: 2*size + 2.
func (s *State) NumLines() int { return len(s.lines) }

// WinningMoves lists the moves that would win at once for the seat to
// move, in square order.
func (s *State) WinningMoves() []games.Move {
	if s.outcome.Over() {
		return nil
	}
	seat := int(s.pos.turn)
	var wins [MaxSquares]bool
	for l, line := range s.lines {
		if int(s.counts[l][seat]) != s.size-1 {
			continue
		}
		for _, sq := range line { // the one square of the line the seat lacks
			if int(s.pos.board[sq]) != seat && s.allowed(seat, int(sq)) {
				wins[sq] = true
			}
		}
	}
	var out []games.Move
	for sq, w := range wins[:s.squares] {
		if w {
			out = append(out, games.Move(sq))
		}
	}
	return out
}

// LastEvents reports the latest move: games.EventEnter for a placement,
// EventReinforce, or EventSteal with the victim in Piece.
func (s *State) LastEvents() []games.Event {
	if s.last.square == none {
		return nil
	}
	mover, sq := int(s.last.mover), s.name(int(s.last.square))
	e := games.Event{Seat: mover, Piece: NoSeat, To: sq}
	switch s.last.kind {
	case Place:
		e.Kind, e.Note = games.EventEnter, fmt.Sprintf("%s places on %s", Symbols[mover], sq)
	case Reinforce:
		e.Kind, e.Note = EventReinforce, fmt.Sprintf("%s reinforces %s", Symbols[mover], sq)
	case Steal:
		e.Kind, e.Piece = EventSteal, int(s.last.victim)
		e.Note = fmt.Sprintf("%s %s steals from %s", Symbols[mover], sq, Symbols[e.Piece])
	}
	return []games.Event{e}
}
