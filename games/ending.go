package games

import "fmt"

// How a game can end outside its rules (the save field "ending", added to
// NOTATION.md's save format by adding, as the contract allows; an older
// Tabula ignores it and shows the game as unfinished).
const (
	EndResigned = "resigned" // Seat gave up; in a two-seat game the other seat wins
	EndAgreed   = "agreed"   // the seats agreed a draw
)

// Ending is how a game ended outside its rules, after the record's last
// move: a seat resigned, or every seat agreed a draw. Only two-seat games
// end this way (with more seats a resigning seat is played on by a bot:
// the rest still have a game to finish).
type Ending struct {
	By   string `json:"by"`             // EndResigned or EndAgreed
	Seat int    `json:"seat,omitempty"` // the seat that resigned
}

// Check says in words why an ending cannot follow the position st (the
// state after the record's last move), or nil.
func (e *Ending) Check(st State) error {
	if st.Outcome().Over() {
		return Refuse("the save says the game ended by %s, but it had already ended by its rules", e.words())
	}
	if st.Seats() != 2 {
		return Refuse("only a two-player game can end by %s; this one has %d players", e.words(), st.Seats())
	}
	switch e.By {
	case EndAgreed:
		return nil
	case EndResigned:
		if e.Seat < 0 || e.Seat >= st.Seats() {
			return Refuse("the save says seat %d resigned; the game has seats 1 and 2", e.Seat+1)
		}
		return nil
	}
	return Refuse("the save ends the game %q, which is not %q or %q", e.By, EndResigned, EndAgreed)
}

// valid says in words what is wrong with an ending on its own, before
// any position is known: what DecodeRecord can check.
func (e *Ending) valid() error {
	switch e.By {
	case EndAgreed:
		if e.Seat != 0 {
			return Refuse("the save says the draw was agreed by seat %d alone; an agreed draw names no seat", e.Seat+1)
		}
		return nil
	case EndResigned:
		if e.Seat < 0 || e.Seat > 1 {
			return Refuse("the save says seat %d resigned; only seat 1 or 2 of a two-player game can", e.Seat+1)
		}
		return nil
	}
	return Refuse("the save ends the game %q, which is not %q or %q", e.By, EndResigned, EndAgreed)
}

// Result is how the game of a record stands after its last move, st:
// the ending's outcome when it has one, else the rules'.
func (r *Record) Result(st State) Outcome {
	if r.Ending != nil && !st.Outcome().Over() {
		return r.Ending.Outcome()
	}
	return st.Outcome()
}

func (e *Ending) words() string {
	if e.By == EndAgreed {
		return "agreement"
	}
	return "resignation"
}

// Outcome is the result the ending gives a two-seat game (Check first).
// Reason is the phrase a screen completes with names ("resigned").
func (e *Ending) Outcome() Outcome {
	if e.By == EndAgreed {
		return Outcome{Status: Draw, Reason: "draw agreed"}
	}
	return Outcome{Status: Win, Winners: []int{1 - e.Seat}, Reason: fmt.Sprintf("seat %d resigned", e.Seat+1)}
}
