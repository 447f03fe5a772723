package revenge

import (
	"github.com/tabulagames/tabula/games"
	game "github.com/tabulagames/tabula/games/revenge"
	"github.com/tabulagames/tabula/ui/session"
)

// The move list, the result, the hint and the last-move line in words
// (kit.Teller, kit.HintTeller), without Fyne. Seats are named by their
// players, with the symbol shown added when two share a name
// ("Computer (O)").

// PeopleOf names the session's seats in sentences.
func PeopleOf(s *session.Session) session.People { return session.PeopleOf(s.Seats, s.SeatSymbol) }

// deed is what a move does, with its verb's past form for the last-move
// line: place on an empty square, take another's, reinforce one's own.
func deed(p session.People, seat, victim int, square string) (d session.Deed, past string) {
	switch {
	case victim < 0:
		return session.Deed{Seat: seat, Verb: "place", Rest: "on " + square}, "placed"
	case victim == seat:
		return session.Deed{Seat: seat, Verb: "reinforce", Rest: square}, "reinforced"
	}
	return session.Deed{Seat: seat, Verb: "take", Rest: square + " from " + p.Object(victim)}, "took"
}

// eventDeed is a move's event as a deed.
func eventDeed(p session.People, e games.Event) (session.Deed, string) {
	victim := -1
	switch e.Kind {
	case game.EventSteal:
		victim = e.Piece
	case game.EventReinforce:
		victim = e.Seat
	}
	return deed(p, e.Seat, victim, e.To)
}

// lastWords is a move's event in the past, for the line under the board:
// "Ana took b4 from Bo", "You placed on c2".
func lastWords(p session.People, e games.Event) string {
	d, past := eventDeed(p, e)
	return p.Names[d.Seat] + " " + past + " " + d.Rest
}

// MoveText is token i of the session in words, for the move list: "Ana
// takes b4 from Bo", "Ana places on c2", "Ana reinforces b3".
func MoveText(s *session.Session, i int) string {
	if ev := s.Events(i); len(ev) == 1 {
		p := s.PeopleAt(i, s.SeatSymbol)
		d, _ := eventDeed(p, ev[0])
		return p.Does(d)
	}
	return s.Tokens()[i] // cannot happen: every move has one event
}

// ResultText is the headline of a finished game: "Ana wins: a full row,
// rank 4", "Draw: the board is full".
func ResultText(s *session.Session, out games.Outcome) string {
	why := out.Reason
	if out.Status == games.Win {
		why = lineWords(out.Line)
	}
	return PeopleOf(s).Result(out, why)
}

// HintText is a hint in words, by what the hinted square holds now: "Ana
// could take b3 from Bo", "Ana could place on c2".
func HintText(s *session.Session, h *session.Hint) string {
	p := PeopleOf(s)
	d, _ := deed(p, h.Seat, s.Live().(*game.State).Owner(int(h.Move)), h.Token)
	return p.Could(d)
}

// lineWords names a winning line by its squares: "a full row, rank 4", "a
// full column, the b-file", "a full diagonal, a1-d4".
func lineWords(line []string) string {
	if len(line) < 2 {
		return "a full line"
	}
	first, last := line[0], line[len(line)-1]
	switch {
	case first[1:] == last[1:]:
		return "a full row, rank " + first[1:]
	case first[0] == last[0]:
		return "a full column, the " + first[:1] + "-file"
	}
	return "a full diagonal, " + first + "-" + last
}

func (b *Board) MoveText(s *session.Session, i int) string { return MoveText(s, i) }
func (b *Board) ResultText(s *session.Session, out games.Outcome) string {
	return ResultText(s, out)
}
func (b *Board) HintText(s *session.Session, h *session.Hint) string { return HintText(s, h) }
