package ui

import (
	"github.com/tabulagames/tabula/games"
	"github.com/tabulagames/tabula/ui/boards/kit"
	"github.com/tabulagames/tabula/ui/frame"
	"github.com/tabulagames/tabula/ui/session"
)

// box is the games the app offers: the entries of the one list
// (ui/boards/all), by id and in the picker's order. Nothing else in the
// app is keyed by a game's id.
type box struct {
	entries []kit.Entry
	byID    map[string]kit.Entry
}

func newBox(entries []kit.Entry) *box {
	b := &box{byID: map[string]kit.Entry{}}
	for _, e := range entries {
		b.add(e)
	}
	return b
}

// add offers one more game, after the others; its rules must be in the
// games catalog (a rules package registers itself), so saves and the
// command line find them.
func (b *box) add(e kit.Entry) {
	if _, dup := b.byID[e.ID()]; dup {
		panic("ui: the game " + e.ID() + " is listed twice")
	}
	if _, ok := games.Lookup(e.ID()); !ok {
		panic("ui: the game " + e.ID() + " has no rules in the catalog")
	}
	b.entries = append(b.entries, e)
	b.byID[e.ID()] = e
}

// entry is a game's entry; ok is false for a game the app does not offer
// (a save of a game this version has no board for).
func (b *box) entry(id string) (e kit.Entry, ok bool) {
	e, ok = b.byID[id]
	return e, ok
}

// games are the games offered, in the picker's order.
func (b *box) games() []games.Game {
	out := make([]games.Game, len(b.entries))
	for i, e := range b.entries {
		out[i] = e.Game
	}
	return out
}

// seatName is the letter or symbol of a seat wherever seats are listed:
// the game's own (the knights' letters, alcazar's colours), else the
// symbol the seat's player chose (revenge), else X O + *.
func (b *box) seatName(s *session.Session, seat int) string {
	if e, _ := b.entry(s.Game.ID()); e.SeatName != nil {
		return e.SeatName(seat)
	}
	return frame.SeatSymbol(s.Seats, seat)
}

// offers reports whether the app offers a game (has a board for it).
func (u *App) offers(id string) bool {
	_, ok := u.box.entry(id)
	return ok
}
