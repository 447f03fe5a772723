package checkerboard

import (
	"github.com/tabulagames/tabula/games"
	"github.com/tabulagames/tabula/ui/frame"
)

// The move list, the result and the hint in words (kit.Teller,
// kit.HintTeller), without Fyne.

// MoveText is token i in words, with the mover's oldest mark that FIFO
// removed: "Ana places X on d7, removing a8 (FIFO)".
func MoveText(f *frame.Frame, i int) string {
	text := f.MarkingMove(i)
	for _, e := range f.EventsAt(i) {
		if e.Kind == games.EventRemove {
			text += ", removing " + e.From + " (FIFO)"
		}
	}
	return text
}

// ResultText is the result with why: "Ana wins: four in a row on the 8th
// rank", "Draw: the board is full".
func ResultText(f *frame.Frame, out games.Outcome) string { return f.MarkingResult(out) }

// HintText is a hint in words: "Ana could place X on e6".
func HintText(f *frame.Frame, h *frame.Hint) string { return f.MarkingHint(h) }

func (b *Board) MoveText(f *frame.Frame, i int) string { return MoveText(f, i) }
func (b *Board) ResultText(f *frame.Frame, out games.Outcome) string {
	return ResultText(f, out)
}
func (b *Board) HintText(f *frame.Frame, h *frame.Hint) string { return HintText(f, h) }
