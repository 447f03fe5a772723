package knights

import (
	"strings"

	"github.com/tabulagames/tabula/ui/session"
)

// The move list and the hint in words (kit.JointTeller, kit.HintTeller),
// without Fyne. A turn is every knight's jump at once, "Ana jumps to c5;
// Ben jumps out of sight" under fog; a hint is the person's own jump,
// "Ana could jump to c3". Two seats of the same name are told apart by
// their colours ("Computer (Amber)").

// JointMoveText is joint turn i in words, showing only seat shown's jump
// (-2: every seat's, -1: nobody's). A knight that is out ("-") has
// nothing to tell.
func JointMoveText(s *session.Session, i, shown int) string {
	p := session.PeopleOf(s.Seats, seatWord)
	var parts []string
	for seat, square := range strings.Split(s.Tokens()[i], ",") {
		if square == "-" || seat >= len(p.Names) {
			continue
		}
		where := "to " + square
		if shown != -2 && seat != shown {
			where = "out of sight"
		}
		parts = append(parts, p.Does(session.Deed{Seat: seat, Verb: "jump", Rest: where}))
	}
	return strings.Join(parts, "; ")
}

// HintText is a hint in words: "Ana could jump to c3".
func HintText(s *session.Session, h *session.Hint) string {
	p := session.PeopleOf(s.Seats, seatWord)
	return p.Could(session.Deed{Seat: h.Seat, Verb: "jump", Rest: "to " + h.Token})
}

func (b *Board) JointMoveText(s *session.Session, i, shown int) string {
	return JointMoveText(s, i, shown)
}

func (b *Board) HintText(s *session.Session, h *session.Hint) string { return HintText(s, h) }
