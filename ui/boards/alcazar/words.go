package alcazar

import (
	"fmt"
	"strings"

	"github.com/tabulagames/tabula/games"
	game "github.com/tabulagames/tabula/games/alcazar"
	"github.com/tabulagames/tabula/ui/frame"
)

// The move list, the result and the hint in words (kit.Teller,
// kit.HintTeller, kit.TurnNumberer), without Fyne. Seats are named by
// colour and player ("Blue (Ben)"), as in the captions; the list numbers
// turns, so both placements of a turn share its number.

// placing is a placement, or the forced pass, in words.
func placing(seat int, m games.Move) frame.Deed {
	n, sq, ok := game.DecodeMove(m)
	if m == game.Pass || !ok {
		return frame.Deed{Seat: seat, Verb: "pass", Rest: "(all five pieces in play)"}
	}
	return frame.Deed{Seat: seat, Verb: "place", Rest: fmt.Sprintf("%d on %s", n, game.SquareName(sq))}
}

// MoveText is token i in words; the second placement of a turn adds the
// pushes of the movement phase it set off: "Amber (Ana) places 2 on e4;
// Blue 4 pushes Amber 1 and Amber 2, sending Amber 2 back".
func MoveText(f *frame.Frame, i int) string {
	before := f.StateAt(i).(*game.State)
	seat := before.ToMove()[0]
	m, err := before.ParseMove(seat, f.Tokens()[i])
	if err != nil {
		return f.Tokens()[i] // cannot happen: the session played it
	}
	text := peopleOf(f.Seats).Does(placing(seat, m))
	for _, push := range pushesOf(f.EventsAt(i)) {
		text += "; " + push
	}
	return text
}

// pushesOf tells the pushes of a movement phase, briefly, for the move
// list: "Blue 4 pushes Amber 1 and Amber 2, sending Amber 2 back".
func pushesOf(events []games.Event) []string {
	var out []string
	for i := 0; i < len(events); i++ {
		if events[i].Kind != game.EventAct {
			continue
		}
		j := groupEnd(events, i)
		if a := actionOf(events[i], events[i+1:j]); a == actPush1 || a == actRun {
			out = append(out, pushWords(events[i], events[i+1:j]))
		}
		i = j - 1
	}
	return out
}

// pushWords names the pieces a piece pushed, nearest first, and those
// sent back to the hand.
func pushWords(act games.Event, group []games.Event) string {
	var pushed, back []string
	for _, e := range group {
		if e.Seat == act.Seat && e.Piece == act.Piece {
			continue // the pusher's own step
		}
		name := fmt.Sprintf("%s %d", SeatWord(e.Seat), e.Piece)
		pushed = append([]string{name}, pushed...) // nearest first; the rules shift the farthest first
		if e.Kind == games.EventReturn {
			back = append(back, name)
		}
	}
	text := fmt.Sprintf("%s %d pushes %s", SeatWord(act.Seat), act.Piece, strings.Join(pushed, " and "))
	if len(back) > 0 {
		text += ", sending " + strings.Join(back, " and ") + " back"
	}
	return text
}

// MoveNumber is the turn token i belongs to (from 1).
func MoveNumber(f *frame.Frame, i int) int { return f.StateAt(i).(*game.State).Turn() + 1 }

// ResultText is the result with why: "Amber (Ana) wins: three in a row
// on the 3rd rank", "Draw: the turn limit (20) is reached".
func ResultText(f *frame.Frame, out games.Outcome) string {
	return peopleOf(f.Seats).Result(out, out.Reason)
}

// HintText is a hint in words: "Blue (Ben) could place 4 on c1".
func HintText(f *frame.Frame, h *frame.Hint) string {
	return peopleOf(f.Seats).Could(placing(h.Seat, h.Move))
}

func (b *Board) MoveText(f *frame.Frame, i int) string { return MoveText(f, i) }
func (b *Board) MoveNumber(f *frame.Frame, i int) int  { return MoveNumber(f, i) }
func (b *Board) ResultText(f *frame.Frame, out games.Outcome) string {
	return ResultText(f, out)
}
func (b *Board) HintText(f *frame.Frame, h *frame.Hint) string { return HintText(f, h) }
