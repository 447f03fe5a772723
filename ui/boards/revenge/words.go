package revenge

import (
	"fmt"

	"github.com/tabulagames/tabula/games"
	game "github.com/tabulagames/tabula/games/revenge"
	"github.com/tabulagames/tabula/ui/frame"
)

// The move list, the result, the hint and the last-move line in words
// (kit.Teller, kit.HintTeller), without Fyne. Seats are named by their
// players, with the symbol shown added when two share a name
// ("Computer (O)").

// PeopleOf names the frame's seats, as they sit now, in sentences.
func PeopleOf(f *frame.Frame) frame.People { return frame.PeopleOf(f.Seats, f.SeatSymbol) }

// deed is what a move does, with its verb's past form for the last-move
// line: place on an empty square, take another's, reinforce one's own.
func deed(p frame.People, seat, victim int, square string) (d frame.Deed, past string) {
	switch {
	case victim < 0:
		return frame.Deed{Seat: seat, Verb: "place", Rest: "on " + square}, "placed"
	case victim == seat:
		return frame.Deed{Seat: seat, Verb: "reinforce", Rest: square}, "reinforced"
	}
	return frame.Deed{Seat: seat, Verb: "take", Rest: square + " from " + p.Object(victim)}, "took"
}

// eventDeed is a move's event as a deed.
func eventDeed(p frame.People, e games.Event) (frame.Deed, string) {
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
func lastWords(p frame.People, e games.Event) string {
	d, past := eventDeed(p, e)
	return p.Names[d.Seat] + " " + past + " " + d.Rest
}

// lockWords is the anti-revenge refusal, naming the seats as the badges
// and the move list do: "Anti-revenge: Bo took a4 from you, so you may
// not take Bo's squares until Bo has moved again." took is "" when a
// setup does not say which square.
func lockWords(p frame.People, stealer, mover int, took string) string {
	if took == "" {
		took = "a square"
	}
	return fmt.Sprintf("Anti-revenge: %s took %s from %s, so %s may not take %s squares until %s moved again.",
		p.Names[stealer], took, p.Object(mover), p.Object(mover), p.Whose(stealer), p.Clause(stealer, "have"))
}

// MoveText is token i of the game in words, for the move list: "Ana
// takes b4 from Bo", "Ana places on c2", "Ana reinforces b3".
func MoveText(f *frame.Frame, i int) string {
	if ev := f.EventsAt(i); len(ev) == 1 {
		p := f.PeopleAt(i, f.SeatSymbol)
		d, _ := eventDeed(p, ev[0])
		return p.Does(d)
	}
	return f.Tokens()[i] // cannot happen: every move has one event
}

// ResultText is the headline of a finished game: "Ana wins: a full row,
// rank 4", "Draw: the board is full".
func ResultText(f *frame.Frame, out games.Outcome) string {
	why := out.Reason
	if out.Status == games.Win {
		why = lineWords(out.Line)
	}
	return PeopleOf(f).Result(out, why)
}

// HintText is a hint in words, by what the hinted square holds now: "Ana
// could take b3 from Bo", "Ana could place on c2".
func HintText(f *frame.Frame, h *frame.Hint) string {
	p := PeopleOf(f)
	d, _ := deed(p, h.Seat, f.Live.(*game.State).Owner(int(h.Move)), h.Token)
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

func (b *Board) MoveText(f *frame.Frame, i int) string { return MoveText(f, i) }
func (b *Board) ResultText(f *frame.Frame, out games.Outcome) string {
	return ResultText(f, out)
}
func (b *Board) HintText(f *frame.Frame, h *frame.Hint) string { return HintText(f, h) }
