package infiltration

import (
	"github.com/tabulagames/tabula/games"
	game "github.com/tabulagames/tabula/games/infiltration"
	"github.com/tabulagames/tabula/ui/frame"
)

// The move list, the result and the hint in words (kit.Teller,
// kit.HintTeller), without Fyne, in the rules' words: men and kings are
// placed, dropped, moved, jump to capture and are crowned.

// pieceWord is "man" or "king" by an event's Piece.
func pieceWord(e games.Event) string {
	if e.Piece == 1 {
		return "king"
	}
	return "man"
}

// deed is what an action did, from the position before it and its
// events: "place a man on e3", "drop a king on b2", "move a man from c3
// to d4", "jump from c3 to e5, taking a man (crowned)" (the
// piece taken is the one jumped over),
// "take over X's first piece (pie rule)".
func deed(before *game.State, seat int, events []games.Event) frame.Deed {
	d := frame.Deed{Seat: seat}
	var moved games.Event
	taken, crowned := "", false
	for _, e := range events {
		switch e.Kind {
		case games.EventSeatSwap:
			d.Verb, d.Rest = "take", "over "+frame.Symbol(0)+"'s first piece (pie rule)"
		case games.EventEnter:
			d.Verb, d.Rest = "drop", "a "+pieceWord(e)+" on "+e.To
			if before.Placement() {
				d.Verb = "place"
			}
		case games.EventMove:
			moved = e
			d.Verb, d.Rest = "move", "a "+pieceWord(e)+" from "+e.From+" to "+e.To
		case games.EventReturn:
			taken = "a " + pieceWord(e)
		case "promote":
			crowned = true
		}
	}
	if taken != "" {
		d.Verb, d.Rest = "jump", "from "+moved.From+" to "+moved.To+", taking "+taken
	}
	if crowned {
		d.Rest += " (crowned)"
	}
	return d
}

// MoveText is token i in words: "Ana drops a man on d3", "Ben jumps from
// e5 to c3, taking a king".
func MoveText(f *frame.Frame, i int) string {
	before := f.StateAt(i).(*game.State)
	return f.PeopleAt(i, frame.Symbol).Does(deed(before, before.ToMove()[0], f.EventsAt(i)))
}

// HintText is a hint in words, told from what the move would do: "Ana
// could jump from c3 to e5, taking a man".
func HintText(f *frame.Frame, h *frame.Hint) string {
	live := f.Live.(*game.State)
	after := live.Clone().(*game.State)
	if err := after.Play(h.Move); err != nil {
		return h.Token // cannot happen: a hint is a legal move
	}
	return f.PeopleAt(f.Plies, frame.Symbol).Could(deed(live, h.Seat, after.LastEvents()))
}

// ResultText is the result with why, naming people rather than X and O:
// "Ana wins: four in a row in Ben's half", "Ana wins: Ben has no move",
// "Draw: same position three times".
func ResultText(f *frame.Frame, out games.Outcome) string {
	p := f.PeopleAt(f.Plies, frame.Symbol)
	why := out.Reason
	if out.Status == games.Win && len(out.Winners) == 1 {
		other := 1 - out.Winners[0]
		why = p.Clause(other, "have") + " no move"
		if len(out.Line) > 0 {
			why = "four in a row in " + p.Whose(other) + " half"
		}
	}
	return p.Result(out, why)
}

func (b *Board) MoveText(f *frame.Frame, i int) string { return MoveText(f, i) }
func (b *Board) ResultText(f *frame.Frame, out games.Outcome) string {
	return ResultText(f, out)
}
func (b *Board) HintText(f *frame.Frame, h *frame.Hint) string { return HintText(f, h) }
