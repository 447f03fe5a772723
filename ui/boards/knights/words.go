package knights

import (
	"strings"

	"github.com/tabulagames/tabula/ui/frame"
)

// The move list and the hint in words (kit.JointTeller, kit.HintTeller),
// without Fyne. A turn is every knight's jump at once, "Ana jumps to c5;
// Ben jumps out of sight" under fog; a hint is the person's own jump,
// "Ana could jump to c3". Two seats of the same name are told apart by
// their colours ("Computer (Amber)").

// JointMoveText is joint turn i in words, showing only seat shown's jump
// (-2: every seat's, -1: nobody's). A knight that is out ("-") has
// nothing to tell.
func JointMoveText(f *frame.Frame, i, shown int) string {
	p := frame.PeopleOf(f.Seats, seatWord)
	var parts []string
	for seat, square := range strings.Split(f.Tokens()[i], ",") {
		if square == "-" || seat >= len(p.Names) {
			continue
		}
		where := "to " + square
		if shown != -2 && seat != shown {
			where = "out of sight"
		}
		parts = append(parts, p.Does(frame.Deed{Seat: seat, Verb: "jump", Rest: where}))
	}
	return strings.Join(parts, "; ")
}

// HintText is a hint in words: "Ana could jump to c3".
func HintText(f *frame.Frame, h *frame.Hint) string {
	p := frame.PeopleOf(f.Seats, seatWord)
	return p.Could(frame.Deed{Seat: h.Seat, Verb: "jump", Rest: "to " + h.Token})
}

func (b *Board) JointMoveText(f *frame.Frame, i, shown int) string {
	return JointMoveText(f, i, shown)
}

func (b *Board) HintText(f *frame.Frame, h *frame.Hint) string { return HintText(f, h) }
