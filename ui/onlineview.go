package ui

// How an online game starts on this device, and how it follows knights.
//
// The start is exact: the server's first Update of the whole game (From
// 0) carries the game's seed when no seat's view hides anything
// (protocol.Update.Seed), and the device replays the history from it.
// The session is made and the history replayed on a worker goroutine, as
// a long save is loaded: a game joined after thousands of moves does not
// freeze the window; the Updates that arrive meanwhile wait and are
// followed once the session is swapped in on the UI goroutine.
//
// Knights: a turn is picked by every seat at once. The device's person's
// pick goes to the server and shows at once as pending (the board waits;
// the online line says it is sent), then as the server's (Update.Picked),
// or is refused in words; the other seats' picks show only as picked
// (SeatState.Picked), never what they are; the server's countdown
// (Update.Deadline) is the board's. Without fog the joint turn tokens are
// whole and replayed like any other game's. Under fog the server sends no
// seed and masks the other seats' picks ("c5,?"), so the device follows
// the seat's views instead: each Update's position becomes a knights
// view (knights.FromView) that the session keeps (session.FollowView),
// with the events the seat saw for the board's reveal. The fog, the
// knights in sight and the move list's words all come from what the
// server sent: nothing on the device holds more than the seat may see. A
// turn played while the device was away (a rejoin) has no view of its
// own: it shows the position the device came back to, and the move list
// tells only the seat's own pick.

import (
	"errors"
	"fmt"
	"strings"
	"time"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/widget"

	"github.com/tabulagames/tabula/games"
	"github.com/tabulagames/tabula/games/knights"
	"github.com/tabulagames/tabula/internal/words"
	"github.com/tabulagames/tabula/online/protocol"
	"github.com/tabulagames/tabula/ui/session"
)

// prepare makes the game's session off the UI goroutine, then opens its
// screen (started).
func (og *onlineGame) prepare(g games.Game, rules games.Rules, seats []games.SeatInfo, remote []int, up *protocol.Update) error {
	if up.From != 0 { // a join's first Update holds the whole game
		return errors.New("the server sent the game without its start: leave and join again")
	}
	o := og.u.sessionOptions()
	o.Remote = remote
	og.starting, og.queued = true, nil
	go func() {
		s, err := followingSession(g, rules, seats, o, up)
		og.u.post(func() { og.started(s, up, err) })
	}()
	return nil
}

// followingSession is the session of an online game as the seat's first
// Update of the whole game shows it: replayed from the seed, or made
// from the seat's views. It touches nothing of the app: a worker runs it.
func followingSession(g games.Game, rules games.Rules, seats []games.SeatInfo, o session.Options, up *protocol.Update) (*session.Session, error) {
	if up.Seed == nil {
		if g.ID() != knights.ID {
			return nil, errors.New("the server did not say how the game starts: it is older than this version of Tabula, whose keeper should update it")
		}
		return viewSession(g, rules, seats, o, up)
	}
	rec := &games.Record{Game: g.ID(), Rules: map[string]any(rules), Seed: *up.Seed, Seats: seats, Moves: up.History}
	s, err := session.FromRecord(rec, o)
	if err == nil && len(seats) > 1 && s.Seats[0].Name != seats[0].Name {
		// The server's seats are as they sit now: after a pie-rule swap,
		// the game started with seats 0 and 1 the other way round.
		rec.Seats = append([]games.SeatInfo{seats[1], seats[0]}, seats[2:]...)
		o.Remote = swapRemote(o.Remote)
		s, err = session.FromRecord(rec, o)
	}
	if err != nil {
		return nil, fmt.Errorf("this device cannot follow the server's game (%v): leave and join again", err)
	}
	s.FollowServer()
	return s, nil
}

// swapRemote exchanges seats 0 and 1 in a list of remote seats.
func swapRemote(remote []int) []int {
	out := make([]int, len(remote))
	for i, r := range remote {
		switch r {
		case 0:
			r = 1
		case 1:
			r = 0
		}
		out[i] = r
	}
	return out
}

// viewSession is a knights session made from the seat's view: the turns
// already played (a rejoin) show the view the device came back to.
func viewSession(g games.Game, rules games.Rules, seats []games.SeatInfo, o session.Options, up *protocol.Update) (*session.Session, error) {
	view, err := viewOf(rules, up)
	if err != nil {
		return nil, err
	}
	s, err := session.NewFollowing(g, rules, view, seats, o)
	if err != nil {
		return nil, err
	}
	for _, tok := range up.History {
		if err := s.FollowView(tok, view, unseenEvents(tok, up.Seat)); err != nil {
			return nil, err
		}
	}
	return s, nil
}

// viewOf is the knights view an Update shows.
func viewOf(rules games.Rules, up *protocol.Update) (*knights.State, error) {
	events := make([]games.Event, len(up.Events))
	for i, e := range up.Events {
		events[i] = games.Event{Kind: games.EventKind(e.Kind), Seat: e.Seat, Piece: e.Piece, From: e.From, To: e.To, Delay: e.Delay, Value: e.Value, Note: e.Note}
	}
	v, err := knights.FromView(knights.ViewInfo{Rules: rules, Seat: up.Seat, Position: up.Position, Masked: up.Masked,
		Over: up.Status != "ongoing" && len(up.ToMove) == 0, Winners: up.Winners, Reason: up.Reason, Events: events})
	if err != nil {
		return nil, fmt.Errorf("this device cannot draw the server's game (%v): leave and join again", err)
	}
	return v, nil
}

// unseenEvents stand for a turn the device has no view of: each seat's
// part of its masked token (the seat's own pick; another's when the mask
// shows it), for the move list's words.
func unseenEvents(token string, seat int) []games.Event {
	var out []games.Event
	for i, entry := range strings.Split(token, ",") {
		switch entry {
		case "-":
		case games.Hidden:
			out = append(out, games.Event{Kind: knights.EventUnseen, Seat: i})
		default:
			out = append(out, games.Event{Kind: knights.EventUnseen, Seat: i, To: entry})
		}
	}
	return out
}

// started swaps the session made on the worker in, on the UI goroutine,
// opens the game screen and follows the Updates that came meanwhile.
func (og *onlineGame) started(s *session.Session, up *protocol.Update, err error) {
	og.starting = false
	queued := og.queued
	og.queued = nil
	if og.closed {
		return
	}
	if err != nil {
		og.fail(err)
		return
	}
	og.u.pace(s)
	og.s = s
	og.u.online = og
	og.u.openSessionFor(s, &gameFiles{}, og)
	og.gs = og.u.game
	og.bar = widget.NewLabel("")
	og.bar.Wrapping = fyne.TextWrapWord
	og.wrap()
	og.followPicks(up)
	for _, q := range queued {
		og.update(q)
	}
	og.showState()
}

// followViews follows an Update of a game followed by views: each new
// token with the seat's view after it; the last with the events the seat
// saw (a turn the device was away for has none).
func (og *onlineGame) followViews(up *protocol.Update) {
	s := og.s
	if up.From > s.Plies() {
		og.gs.Refuse("Some moves did not arrive from the server; waiting for the whole game again.")
		return
	}
	if up.From+len(up.History) <= s.Plies() {
		return
	}
	view, err := viewOf(s.Rules, up)
	if err != nil {
		og.gs.Refuse(err.Error())
		return
	}
	for i, tok := range up.History {
		ply := up.From + i
		if ply < s.Plies() {
			continue
		}
		// The server sends the events of the last turn with an Update
		// that carries what is new, none with the whole game after a
		// join (whose From is 0, as is a first turn's): a turn without
		// them is one the device was away for. A seat's view always
		// holds its own knight's part of a turn while it is fogged.
		events := unseenEvents(tok, up.Seat)
		if i == len(up.History)-1 && len(up.Events) > 0 {
			events = view.LastEvents()
		}
		og.pending = ""
		if err := s.FollowView(tok, view, events); err != nil {
			og.gs.Refuse(fmt.Sprintf("This device cannot follow the server's game (%v). Leave and join again.", err))
			return
		}
	}
}

// followPicks shows who has picked in a simultaneous turn, as the
// server says, with this device's pick (the server's, or the one on its
// way), and the server's countdown of this device's pick.
func (og *onlineGame) followPicks(up *protocol.Update) {
	s := og.s
	if s == nil || up == nil || !s.Simultaneous() || up.Ply != s.Plies() {
		return
	}
	if up.Picked != "" {
		og.pending = "" // the server has it
	}
	picks := map[int]string{}
	for i, st := range up.Seats {
		if st.Picked && i != up.Seat {
			picks[i] = ""
		}
	}
	if own := firstOf(up.Picked, og.pending); own != "" {
		picks[up.Seat] = own
	}
	s.FollowPicks(picks)
	if up.Deadline > 0 && up.TickRate > 0 && len(up.Legal) > 0 && og.pending == "" {
		s.FollowCountdown(up.Seat, time.Duration(up.Deadline)*time.Second/time.Duration(up.TickRate))
	}
}

func firstOf(a, b string) string {
	if a != "" {
		return a
	}
	return b
}

// submitPick sends this device's pick of a simultaneous turn: it shows
// at once as made (the board waits for the others) and on the online
// line as sent, until the server's Update has it or a Refused says why
// not.
func (og *onlineGame) submitPick(token string) error {
	s := og.s
	seat := s.HumanToMove()
	if _, err := s.Live().ParseMove(seat, token); err != nil {
		return err
	}
	if err := og.c.Move(token, s.Plies()); err != nil {
		return err
	}
	og.pending = token
	og.followPicks(og.last)
	og.showState()
	return nil
}

// pickRefused takes back the pick shown as made when the server refused
// it: the person picks again.
func (og *onlineGame) pickRefused() {
	if og.s != nil && og.s.Simultaneous() {
		og.followPicks(og.last)
	}
}

// pendingLine is what the online line says of this device's move: on its
// way to the server, or (a simultaneous turn) in and waiting for others.
func (og *onlineGame) pendingLine() string {
	s := og.s
	if s == nil {
		return ""
	}
	simultaneous := s.Simultaneous()
	switch {
	case og.pending != "" && simultaneous:
		return "Your pick " + og.pending + " is sent; waiting for the server."
	case og.pending != "":
		return "Your move is sent; waiting for the server to play it."
	case !simultaneous || og.seat < 0 || s.Outcome().Over():
		return ""
	}
	own, ok := s.OwnPick(og.seat)
	if !ok {
		return ""
	}
	var names []string
	for _, seat := range s.Pending() {
		names = append(names, s.Seats[seat].Name)
	}
	if len(names) == 0 {
		return "The server has your pick " + own + "."
	}
	return "The server has your pick " + own + "; waiting for " + words.JoinAnd(names) + "."
}
