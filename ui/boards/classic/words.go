package classic

import (
	"github.com/tabulagames/tabula/games"
	"github.com/tabulagames/tabula/ui/session"
)

// The move list, the result and the hint in words (kit.Teller,
// kit.HintTeller), without Fyne.

// MoveText is token i in words: "Ana places X on b2".
func MoveText(s *session.Session, i int) string {
	seat := s.State(i).ToMove()[0]
	return s.PeopleAt(i, session.Symbol).Does(session.Marking(seat, s.Tokens()[i]))
}

// ResultText is the result with why: "Ana wins: three in a row on the
// 2nd rank", "Draw: the board is full".
func ResultText(s *session.Session, out games.Outcome) string {
	return s.PeopleAt(s.Plies(), session.Symbol).Result(out, out.Reason)
}

// HintText is a hint in words: "Ana could place X on b2".
func HintText(s *session.Session, h *session.Hint) string {
	return s.PeopleAt(s.Plies(), session.Symbol).Could(session.Marking(h.Seat, h.Token))
}

func (b *Board) MoveText(s *session.Session, i int) string { return MoveText(s, i) }
func (b *Board) ResultText(s *session.Session, out games.Outcome) string {
	return ResultText(s, out)
}
func (b *Board) HintText(s *session.Session, h *session.Hint) string { return HintText(s, h) }
