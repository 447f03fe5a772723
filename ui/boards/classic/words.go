package classic

import (
	"github.com/tabulagames/tabula/games"
	"github.com/tabulagames/tabula/ui/frame"
)

// The move list, the result and the hint in words (kit.Teller,
// kit.HintTeller), without Fyne.

// MoveText is token i in words: "Ana places X on b2".
func MoveText(f *frame.Frame, i int) string { return f.MarkingMove(i) }

// ResultText is the result with why: "Ana wins: three in a row on the
// 2nd rank", "Draw: the board is full".
func ResultText(f *frame.Frame, out games.Outcome) string { return f.MarkingResult(out) }

// HintText is a hint in words: "Ana could place X on b2".
func HintText(f *frame.Frame, h *frame.Hint) string { return f.MarkingHint(h) }

func (b *Board) MoveText(f *frame.Frame, i int) string { return MoveText(f, i) }
func (b *Board) ResultText(f *frame.Frame, out games.Outcome) string {
	return ResultText(f, out)
}
func (b *Board) HintText(f *frame.Frame, h *frame.Hint) string { return HintText(f, h) }
