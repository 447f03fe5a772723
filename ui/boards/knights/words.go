package knights

import "github.com/tabulagames/tabula/ui/session"

// The hint in words (kit.HintTeller), without Fyne: a hint is the
// person's own jump, "Ana could jump to c3". Two seats of the same name
// are told apart by their colours ("Computer (Amber)").

// HintText is a hint in words: "Ana could jump to c3".
func HintText(s *session.Session, h *session.Hint) string {
	p := session.PeopleOf(s.Seats, seatWord)
	return p.Could(session.Deed{Seat: h.Seat, Verb: "jump", Rest: "to " + h.Token})
}

func (b *Board) HintText(s *session.Session, h *session.Hint) string { return HintText(s, h) }
