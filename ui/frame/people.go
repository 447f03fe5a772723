package frame

import (
	"strings"

	"github.com/tabulagames/tabula/internal/words"

	"github.com/tabulagames/tabula/games"
)

// People name a game's seats in the sentences of the move list, the
// result and the hint: each by its player's name, with a tag (the seat's
// symbol or colour) added when two seats share a name ("Computer (O)").
// "You" takes the verb without -s: "You win", "Ana wins".
type People struct {
	Names []string
}

// PeopleOf names seats; tag tells two seats of the same name apart.
func PeopleOf(seats []games.SeatInfo, tag func(seat int) string) People {
	count := map[string]int{}
	for _, seat := range seats {
		count[seat.Name]++
	}
	p := People{}
	for i, seat := range seats {
		name := seat.Name
		if count[name] > 1 {
			name += " (" + tag(i) + ")"
		}
		p.Names = append(p.Names, name)
	}
	return p
}

// Deed is what a seat does, or could do, in words: a verb in its plain
// form and what follows it ("drop", "a man on d3").
type Deed struct {
	Seat int
	Verb string
	Rest string
}

// Marking is a seat putting its mark on a square, in the games of marks:
// "Ana places X on b2".
func Marking(seat int, square string) Deed {
	return Deed{Seat: seat, Verb: "place", Rest: Symbol(seat) + " on " + square}
}

// Does is a deed as the move list tells it: "Ana drops a man on d3",
// "You drop a man on d3".
func (p People) Does(d Deed) string { return p.sentence(d.Seat, p.Clause(d.Seat, d.Verb), d.Rest) }

// Could is a deed as a hint tells it: "Ana could drop a man on d3".
func (p People) Could(d Deed) string {
	return p.sentence(d.Seat, p.Object(d.Seat)+" could "+d.Verb, d.Rest)
}

func (p People) sentence(seat int, clause, rest string) string {
	if p.You(seat) {
		clause = "Y" + clause[1:]
	}
	if rest == "" {
		return clause
	}
	return clause + " " + rest
}

// Clause is a seat and a verb (plain form) in the present, as inside a
// sentence: "Ana has", "you have".
func (p People) Clause(seat int, verb string) string {
	if p.You(seat) {
		return "you " + verb
	}
	return p.Names[seat] + " " + thirdPerson(verb)
}

// Result is a finished game's headline with why: "Ana wins: three in a
// row on the 2nd rank", "Draw: the board is full".
func (p People) Result(out games.Outcome, why string) string {
	var names []string
	if out.Status == games.Win {
		for _, w := range out.Winners {
			names = append(names, p.Names[w])
		}
	}
	head := words.Winners(names)
	if why == "" {
		return head
	}
	return head + ": " + why
}

// Ended is how a game ended outside its rules, in words, for the
// headline, the move list and a board's line: "Ana resigned. Ben wins."
// ("You resigned. Ben wins.", "Ben resigned. You win."), or "Draw
// agreed.".
func (p People) Ended(e *games.Ending) string {
	if e.By == games.EndAgreed {
		return "Draw agreed."
	}
	who := p.Names[e.Seat]
	if p.You(e.Seat) {
		who = "You"
	}
	return who + " resigned. " + p.Wins(1-e.Seat) + "."
}

// Wins says that one seat wins: "Ben wins", "You win".
func (p People) Wins(seat int) string {
	return p.Result(games.Outcome{Status: games.Win, Winners: []int{seat}}, "")
}

// Whose is a seat's possessive inside a sentence: "Ana's", "your".
func (p People) Whose(seat int) string {
	if p.You(seat) {
		return "your"
	}
	return p.Names[seat] + "'s"
}

// You reports whether a seat is played by "You", whose verbs take no -s.
func (p People) You(seat int) bool { return p.Names[seat] == "You" }

// Object is a seat's name inside a sentence: "Ana", "you".
func (p People) Object(seat int) string {
	if p.You(seat) {
		return "you"
	}
	return p.Names[seat]
}

// thirdPerson is a verb with -s: "drops", "passes", "has".
func thirdPerson(verb string) string {
	switch {
	case verb == "have":
		return "has"
	case strings.HasSuffix(verb, "s"), strings.HasSuffix(verb, "sh"), strings.HasSuffix(verb, "ch"), strings.HasSuffix(verb, "x"):
		return verb + "es"
	}
	return verb + "s"
}

// The words of the games of marks (tic-tac-toe and its checkerboard),
// whose tokens are the square a seat marks.

// MarkingMove is token i in words: "Ana places X on b2".
func (f *Frame) MarkingMove(i int) string {
	seat := f.StateAt(i).ToMove()[0]
	return f.PeopleAt(i, Symbol).Does(Marking(seat, f.Tokens()[i]))
}

// MarkingResult is the result with why: "Ana wins: three in a row on the
// 2nd rank", "Draw: the board is full".
func (f *Frame) MarkingResult(out games.Outcome) string {
	return f.PeopleAt(f.Plies, Symbol).Result(out, out.Reason)
}

// MarkingHint is a hint in words: "Ana could place X on b2".
func (f *Frame) MarkingHint(h *Hint) string {
	return f.PeopleAt(f.Plies, Symbol).Could(Marking(h.Seat, h.Token))
}
