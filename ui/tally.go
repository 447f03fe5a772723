package ui

import (
	"fmt"
	"strings"

	"github.com/tabulagames/tabula/games"
	"github.com/tabulagames/tabula/ui/frame"
	"github.com/tabulagames/tabula/ui/session"
)

// sessionTally is this run's score of one line-up at one game: the same
// people (and bots) in the same seats, by name. A game of other people,
// or of the same people in other seats, has a score of its own.
type sessionTally struct {
	names  []string       // the seats' names as the score line shows them, in seat order
	wins   map[string]int // by the winner's name, for a game one seat won
	shared int            // games several seats won together
	draws  int
}

// tallyKey names a game's line-up: the game and, seat by seat as they
// sat at the start, who sat there (a person's name, or a bot's).
func tallyKey(s *session.Session) string {
	parts := []string{s.Game.ID()}
	for _, seat := range s.StartSeats() {
		parts = append(parts, seat.Name+"\x00"+seat.Controller+"\x00"+seat.Bot)
	}
	return strings.Join(parts, "\x01")
}

// tallyOf is the score of the session's line-up, made when asked to.
func (u *App) tallyOf(s *session.Session, make bool) *sessionTally {
	key := tallyKey(s)
	t := u.tally[key]
	if t == nil && make {
		start := s.StartSeats()
		t = &sessionTally{names: frame.PeopleOf(start, func(i int) string { return frame.SeatSymbol(start, i) }).Names, wins: map[string]int{}}
		u.tally[key] = t
	}
	return t
}

// countResult counts a finished game in this run's score of its line-up
// (the score line of the game screen).
func (u *App) countResult(s *session.Session, out games.Outcome) {
	t := u.tallyOf(s, true)
	switch {
	case out.Status != games.Win:
		t.draws++
	case len(out.Winners) > 1:
		t.shared++
	default:
		t.wins[t.names[startSeat(s, out.Winners[0])]]++
	}
}

// startSeat is the seat, as seated at the start, of whoever sits in seat
// now: a pie-rule swap exchanges the first two.
func startSeat(s *session.Session, seat int) int {
	start := s.StartSeats()
	if seat < 2 && len(start) > 1 && s.Seats[0] != start[0] {
		return 1 - seat
	}
	return seat
}

// text is the score line: "This session: Ana 2, Computer 1, draws 1",
// with "shared 1" when seats won together.
func (t *sessionTally) text() string {
	var parts []string
	for _, name := range t.names {
		parts = append(parts, fmt.Sprintf("%s %d", name, t.wins[name]))
	}
	if t.shared > 0 {
		parts = append(parts, fmt.Sprintf("shared %d", t.shared))
	}
	return fmt.Sprintf("This session: %s, draws %d", strings.Join(parts, ", "), t.draws)
}
