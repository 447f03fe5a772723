package knights

import (
	"fmt"
	"slices"
	"strings"

	"github.com/tabulagames/tabula/games"
	game "github.com/tabulagames/tabula/games/knights"
	"github.com/tabulagames/tabula/internal/words"
	"github.com/tabulagames/tabula/ui/frame"
)

// The move list and the hint in words (kit.JointTeller, kit.HintTeller),
// without Fyne. A turn is told from what it did (its events), not from
// the picks: "Ana jumps to c5; Ben jumps to f4", "You and Computer both
// tried c3 and bounced back", and who went out. Under fog only the shown
// seat's part is told: "Ben jumps out of sight". A hint is the person's
// own jump, "Ana could jump to c3". Two seats of the same name are told
// apart by their colours ("Computer (Amber)").

// JointMoveText is joint turn i in words, showing only seat shown's part
// (-2: every seat's, -1: nobody's): its jump, or the collision it was in,
// with everyone who aimed at that square (they all stood in its sight).
// Of another seat it tells only what everyone may know from the public
// scores: that its knight jumped, or bounced back, out of sight, unless
// it landed in the shown seat's sight (its view's events). Who went
// out is public too; so is the stall that ended the game.
func JointMoveText(f *frame.Frame, i, shown int) string {
	p := frame.PeopleOf(f.Seats, seatWord)
	turn := deedsOf(f.EventsAt(i))
	sees := func(seat int) bool { return shown == -2 || seat == shown }
	// Another knight that landed in the shown seat's sight is told where,
	// as that seat's board and note show it.
	landedInSight := map[int]string{}
	if st, ok := f.StateAt(i + 1).(*game.State); ok && shown >= 0 {
		if view, ok := st.View(shown).(*game.State); ok && view.Masked() {
			for _, e := range view.LastEvents() {
				if e.Kind == games.EventMove && e.To != "" {
					landedInSight[e.Seat] = e.To
				}
			}
		}
	}
	var parts []string
	for seat := range p.Names {
		if to, ok := turn.jumped[seat]; ok {
			where := "to " + to
			// A view's event keeps only the squares the seat saw: an
			// empty one is a landing out of sight (a game followed by
			// views tells every turn from them).
			if seen, ok := landedInSight[seat]; to == "" || !sees(seat) && (!ok || seen != to) {
				where = "out of sight"
			}
			parts = append(parts, p.Does(frame.Deed{Seat: seat, Verb: "jump", Rest: where}))
			continue
		}
		aim, ok := turn.bounced[seat]
		if !ok {
			if said := unseenTurn(f, p, i, seat, turn); said != "" {
				parts = append(parts, said)
			}
			continue
		}
		group := turn.aimed[aim]
		switch {
		case aim == "":
			// A view's event: the knight stood in sight and stayed, where
			// it aimed is not told (one out of sight leaves no event).
			parts = append(parts, subject(p, seat)+" bounced back")
		case sees(seat) || slices.Contains(group, shown):
			if group[0] == seat { // the collision is told once, at its first seat
				parts = append(parts, collision(p, group, aim))
			}
		default:
			parts = append(parts, subject(p, seat)+" bounced back out of sight")
		}
	}
	for _, seat := range turn.out {
		verb := " is out"
		if p.You(seat) {
			verb = " are out"
		}
		n := turn.squares[seat]
		parts = append(parts, fmt.Sprintf("%s%s with %d %s", subject(p, seat), verb, n, words.Plural(n, "square", "squares")))
	}
	if st, ok := f.StateAt(i + 1).(*game.State); ok && st.Stalled() {
		parts = append(parts, "no knight has jumped for three turns, so the squares decide") // game.StallTurns
	}
	return strings.Join(parts, "; ")
}

// unseenTurn tells a seat's part of turn i that its events leave out, as
// a view of an online game holds them (only what the seat saw): a knight
// that jumped or bounced wholly out of sight, told from the public
// scores; a turn played while the device was away (game.EventUnseen),
// told from the pick the seat made, if its own. "" for a knight that was
// out before the turn.
func unseenTurn(f *frame.Frame, p frame.People, i, seat int, turn deeds) string {
	if pick, ok := turn.unseen[seat]; ok {
		if pick != "" {
			return p.Does(frame.Deed{Seat: seat, Verb: "pick", Rest: pick})
		}
		return possessive(p, seat) + " move is out of sight"
	}
	before, ok1 := f.StateAt(i).(*game.State)
	after, ok2 := f.StateAt(i + 1).(*game.State)
	if !ok1 || !ok2 || !before.Alive(seat) {
		return ""
	}
	if after.Score(seat) > before.Score(seat) {
		return p.Does(frame.Deed{Seat: seat, Verb: "jump", Rest: "out of sight"})
	}
	return subject(p, seat) + " bounced back out of sight"
}

// possessive is a seat's name owning something: "Ana's", "Your".
func possessive(p frame.People, seat int) string {
	if p.You(seat) {
		return "Your"
	}
	return p.Names[seat] + "'s"
}

// deeds is what a turn did, read from its events: where each knight
// jumped or which square it bounced off, who aimed at each contested
// square (in seat order), and who went out with how many squares.
type deeds struct {
	jumped  map[int]string
	bounced map[int]string
	aimed   map[string][]int
	out     []int
	squares map[int]int
	unseen  map[int]string // a turn the device was away for: the seat's own pick, or ""
}

func deedsOf(events []games.Event) deeds {
	d := deeds{jumped: map[int]string{}, bounced: map[int]string{}, aimed: map[string][]int{}, squares: map[int]int{}, unseen: map[int]string{}}
	for _, e := range events {
		switch e.Kind {
		case games.EventMove:
			d.jumped[e.Seat] = e.To
		case games.EventCollision:
			d.bounced[e.Seat] = e.To
			d.aimed[e.To] = append(d.aimed[e.To], e.Seat)
		case games.EventEliminate:
			d.out = append(d.out, e.Seat)
			d.squares[e.Seat] = e.Value
		case game.EventUnseen:
			d.unseen[e.Seat] = e.To
		}
	}
	return d
}

// collision is the seats that aimed at one square, in words: "You and
// Computer both tried c3 and bounced back", "Ana, Ben and Cy all tried
// c3 and bounced back".
func collision(p frame.People, seats []int, square string) string {
	names := make([]string, len(seats))
	for k, seat := range seats {
		names[k] = p.Object(seat)
	}
	names[0] = subject(p, seats[0])
	if len(seats) == 1 { // a view's: the others that aimed there are not told
		return fmt.Sprintf("%s tried %s and bounced back", names[0], square)
	}
	all := "both"
	if len(seats) > 2 {
		all = "all"
	}
	return fmt.Sprintf("%s %s tried %s and bounced back", words.JoinAnd(names), all, square)
}

// subject is a seat's name at the start of a sentence: "Ana", "You".
func subject(p frame.People, seat int) string {
	if p.You(seat) {
		return "You"
	}
	return p.Names[seat]
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

// WhyText is why the game ended, for the status line (kit.WhyTeller): the
// stall rule's reason in the words the move list uses; the rules' other
// reasons ("last knight standing", "survival: 37 squares") read well.
func (b *Board) WhyText(f *frame.Frame, out games.Outcome) string {
	if st, ok := f.Live.(*game.State); ok && st.Stalled() {
		return "no knight jumped for three turns, so the squares decided"
	}
	return out.Reason
}
