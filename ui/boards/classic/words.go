package classic

import (
	"github.com/tabulagames/tabula/games"
	"github.com/tabulagames/tabula/ui/frame"
)

// The move list, the result and the hint in words (kit.Teller,
// kit.HintTeller), without Fyne.

// MoveText is token i in words: "Ana places X on b2".
func MoveText(f *frame.Frame, i int) string {
	seat := f.StateAt(i).ToMove()[0]
	return f.PeopleAt(i, frame.Symbol).Does(frame.Marking(seat, f.Tokens()[i]))
}

// ResultText is the result with why: "Ana wins: three in a row on the
// 2nd rank", "Draw: the board is full".
func ResultText(f *frame.Frame, out games.Outcome) string {
	return f.PeopleAt(f.Plies, frame.Symbol).Result(out, out.Reason)
}

// HintText is a hint in words: "Ana could place X on b2".
func HintText(f *frame.Frame, h *frame.Hint) string {
	return f.PeopleAt(f.Plies, frame.Symbol).Could(frame.Marking(h.Seat, h.Token))
}

func (b *Board) MoveText(f *frame.Frame, i int) string { return MoveText(f, i) }
func (b *Board) ResultText(f *frame.Frame, out games.Outcome) string {
	return ResultText(f, out)
}
func (b *Board) HintText(f *frame.Frame, h *frame.Hint) string { return HintText(f, h) }
