package session

import (
	"fmt"
	"maps"
	"time"

	"github.com/tabulagames/tabula/games"
)

// Following a game played on a server (online play, ui/online.go).
//
// The server is the referee: it collects the picks of a simultaneous turn
// and plays the turn once all are in; the device shows what the server
// says and plays nothing of its own. A followed session therefore takes
// no pick locally (its person's pick goes to the server; FollowPicks
// says who has picked), runs no pick countdown of its own (the server's
// timer plays a late person's pick; FollowCountdown shows it) and plays
// each turn the server played:
//
//   - by its token (Follow), when the device may read the whole token
//     and replay it: every game without hidden squares, knights without
//     fog among them;
//   - by the seat's view after it (FollowView), when it may not: knights
//     under fog, whose other seats' picks come masked ("c5,?,-") and whose
//     seed (which placed obstacles out of sight) is not sent. A session
//     made by NewFollowing holds the seat's views only, never the whole
//     position, so nothing the board draws can show more than the seat
//     may see.

// FollowServer makes a session follow a server: its picks and pick
// countdowns are the server's from now on.
func (s *Session) FollowServer() { s.following = true }

// NewFollowing starts a session that follows a server by the seat's
// views (FollowView): start is the seat's view of the position the
// device first sees. The session knows no seed (Frame.NoSeed) and gives
// no hints (the game's stream cannot be rebuilt from views).
func NewFollowing(g games.Game, rules games.Rules, start games.State, seats []games.SeatInfo, o Options) (*Session, error) {
	s, err := newFrom(g, rules, 0, start, seats, nil, o)
	if err != nil {
		return nil, err
	}
	s.following, s.views = true, true
	return s, nil
}

// Follows reports whether the session follows a server's views, so that
// its history holds views and masked tokens, not a game to replay.
func (s *Session) Follows() bool { return s.views }

// Follow plays a whole turn token the server played: a joint turn of a
// simultaneous game (every seat's pick at once), or any other token. The
// turn's picks shown so far are over.
func (s *Session) Follow(token string) error {
	if s.views {
		return fmt.Errorf("this game is followed by views: its turns cannot be replayed")
	}
	if err := s.apply(token); err != nil {
		return err
	}
	s.picks, s.redo = nil, nil
	s.afterMove(false)
	return nil
}

// FollowView appends a turn the server played that the device cannot
// replay: the token as the seat may read it (masked), the seat's view
// after it and the events the seat saw (nil when unknown: a turn played
// while the device was away). Every view is kept: none can be computed
// again.
func (s *Session) FollowView(token string, view games.State, events []games.Event) error {
	if !s.views {
		return fmt.Errorf("this game is followed by its tokens, not by views")
	}
	if view == nil || view.Seats() != len(s.Seats) {
		return fmt.Errorf("the server's view does not fit this game")
	}
	s.picks, s.redo = nil, nil
	s.push(token, view, nil, events)
	s.view = len(s.states) - 1
	s.lastMove = s.clock.Now()
	s.updateSeats()
	s.afterMove(false)
	return nil
}

// FollowPicks says who has picked in the simultaneous turn now running,
// as the server says it: picks holds a seat's own pick token when it is
// this device's (the server's Update.Picked, or the pick just sent), ""
// for another seat that has picked (not what). Seats not in it have not
// picked. It changes nothing when the picks shown are the same.
func (s *Session) FollowPicks(picks map[int]string) {
	if !s.Simultaneous() {
		return
	}
	next := map[int]games.Move{}
	st := s.Live()
	for seat, tok := range picks {
		if seat < 0 || seat >= len(s.Seats) || !contains(st.ToMove(), seat) {
			continue
		}
		m := games.NoMove
		if tok != "" {
			if mv, err := st.ParseMove(seat, tok); err == nil {
				m = mv
			}
		}
		next[seat] = m
	}
	if maps.Equal(next, s.picks) {
		return
	}
	s.picks = next
	if len(next) == 0 {
		s.picks = nil
	}
	s.changed()
}

// OwnPick is the pick of a seat in the turn now running as this device
// knows it, if it has one: a followed session's person's pick.
func (s *Session) OwnPick(seat int) (string, bool) {
	m, ok := s.picks[seat]
	if !ok || m == games.NoMove {
		return "", false
	}
	return s.Live().MoveString(seat, m), true
}

// FollowCountdown shows the server's countdown of seat's pick: left is
// what the server's timer leaves of it. The session does not pick when
// it runs out: the server does, and says so in its next Update.
func (s *Session) FollowCountdown(seat int, left time.Duration) {
	if s.PickTime <= 0 {
		return
	}
	s.countdown = countdown{seat: seat, due: s.clock.Now().Add(min(left, s.PickTime)), timer: s.pickTimer, gen: s.gen}
	s.changed()
}

// pickedHere reports whether the person here has picked in the turn a
// server's game is waiting on: they may still resign (the server takes a
// resignation at any moment), as they could before they picked.
func (s *Session) pickedHere() bool {
	if !s.following || s.canAct() != nil {
		return false
	}
	for seat := range s.picks {
		if s.here(seat) {
			return true
		}
	}
	return false
}
