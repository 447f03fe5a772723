package alcazar

import (
	"fmt"
	"strings"

	"github.com/tabulagames/tabula/games"
	game "github.com/tabulagames/tabula/games/alcazar"
	"github.com/tabulagames/tabula/ui/session"
)

// The move list, the result and the hint in words (kit.Teller,
// kit.HintTeller, kit.TurnNumberer), without Fyne. Seats are named by
// colour and player ("Blue (Ben)"), as in the captions; the list numbers
// turns, so both placements of a turn share its number.

// placing is a placement, or the forced pass, in words.
func placing(seat int, m games.Move) session.Deed {
	n, sq, ok := game.DecodeMove(m)
	if m == game.Pass || !ok {
		return session.Deed{Seat: seat, Verb: "pass", Rest: "(all five pieces in play)"}
	}
	return session.Deed{Seat: seat, Verb: "place", Rest: fmt.Sprintf("%d on %s", n, game.SquareName(sq))}
}

// MoveText is token i in words; the second placement of a turn adds the
// pushes of the movement phase it set off: "Blue (Ben) places 4 on a3.
// Blue 4 pushes 2 pieces; Amber 5 goes back to the hand (pushed onto the
// edge)".
func MoveText(s *session.Session, i int) string {
	before := s.State(i).(*game.State)
	seat := before.ToMove()[0]
	m, err := before.ParseMove(seat, s.Tokens()[i])
	if err != nil {
		return s.Tokens()[i] // cannot happen: the session played it
	}
	text := peopleOf(s.Seats).Does(placing(seat, m))
	if pushes := pushesOf(s.Events(i)); len(pushes) > 0 {
		text += ". " + strings.TrimSuffix(strings.Join(pushes, " "), ".")
	}
	return text
}

// pushesOf tells the pushes of a movement phase, one caption each.
func pushesOf(events []games.Event) []string {
	var out []string
	for i := 0; i < len(events); i++ {
		if events[i].Kind != game.EventAct {
			continue
		}
		j := groupEnd(events, i)
		group := events[i+1 : j]
		if a := actionOf(events[i], group); a == actPush1 || a == actRun {
			out = append(out, actCaption(events[i], group))
		}
		i = j - 1
	}
	return out
}

// MoveNumber is the turn token i belongs to (from 1).
func MoveNumber(s *session.Session, i int) int { return s.State(i).(*game.State).Turn() + 1 }

// ResultText is the result with why: "Amber (Ana) wins: three in a row
// on the 3rd rank", "Draw: the turn limit (20) is reached".
func ResultText(s *session.Session, out games.Outcome) string {
	return peopleOf(s.Seats).Result(out, out.Reason)
}

// HintText is a hint in words: "Blue (Ben) could place 4 on c1".
func HintText(s *session.Session, h *session.Hint) string {
	return peopleOf(s.Seats).Could(placing(h.Seat, h.Move))
}

func (b *Board) MoveText(s *session.Session, i int) string { return MoveText(s, i) }
func (b *Board) MoveNumber(s *session.Session, i int) int  { return MoveNumber(s, i) }
func (b *Board) ResultText(s *session.Session, out games.Outcome) string {
	return ResultText(s, out)
}
func (b *Board) HintText(s *session.Session, h *session.Hint) string { return HintText(s, h) }
