// Package session is a game in progress, without Fyne: the tokens played
// and the positions between them (kept sparsely in a long game,
// history.go) with a position pointer, undo and redo by turn, the bots
// thinking in goroutines, secret simultaneous picks, bot plans played
// token by token, and hooks for autosave and statistics. It is shaped
// after the mid-end of Simon Tatham's puzzles: the screen draws what the
// session holds and sends it what a person does.
//
// Every method is called on one goroutine (the UI's), except that New and
// FromRecord may run on another (the app loads a long game off the UI
// goroutine) before the session is handed to it. Bots think in their own
// goroutines on their seat's view; their answers come back through the
// posting function given at creation (fyne.Do in the app, a queue in
// tests), tagged with the generation they were computed for, and are
// dropped if the game moved on meanwhile.
package session

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"slices"
	"sort"
	"time"

	"github.com/tabulagames/tabula/ai"
	"github.com/tabulagames/tabula/games"
	"github.com/tabulagames/tabula/internal/words"
	"github.com/tabulagames/tabula/ui/frame"
)

// Options are what a session needs from its surroundings.
type Options struct {
	// Post runs a function on the UI goroutine. Required.
	Post func(func())
	// Clock paces the bots and times the picks; nil is the real clock.
	Clock Clock
	// NewBot makes a seat's bot; nil is ai.New. Tests put scripted bots here.
	NewBot func(game, name string, o ai.Options) (ai.Bot, error)
	// Remote lists the seats (as seated at the start) of people who play
	// from another device: their moves arrive through Deliver, never from
	// this device's person or a bot of this session.
	Remote []int
}

// Session is one game in progress.
type Session struct {
	Game  games.Game
	Rules games.Rules
	Seed  int64
	// Seats says who sits where now; a pie-rule swap exchanges seats 0
	// and 1. startSeats is who sat where at the start (what a save holds).
	Seats      []games.SeatInfo
	startSeats []games.SeatInfo
	Setup      json.RawMessage
	// remote marks the seats whose person plays from another device (by
	// start seat; remoteNow by seat now, after pie-rule swaps).
	remote, remoteNow []bool

	Created time.Time

	// states[i] is the position after i tokens, where it is kept (the
	// start, every keepEvery-th, and those of the open block); nil where
	// it is computed again when asked for (history.go).
	states []games.State
	tokens []string // the turn tokens, in notation
	open   block    // the block of the last tokens: positions, moves, events
	past   []*block // blocks computed again lately, the last used first
	swaps  []int    // the tokens whose turn was a pie-rule swap, ascending
	work   work     // what was computed, for the tests that keep it linear
	redo   []undone // what Undo took back, the last taken last
	view   int      // the state on the board; len(states)-1 when live
	// ending is how the game ended outside its rules after the last
	// token (a resignation, an agreed draw), or nil (ending.go).
	ending *games.Ending
	// offer is the seat whose draw offer waits for an answer, or -1.
	offer int

	// Pacing. A bot's answer comes at least BotDelay after the move before
	// it when a person plays, AutoDelay when only bots play, so people can
	// follow. TokenDelay, when set, paces the tokens of a bot's plan after
	// the first (arena: 500 ms, 250 ms for a turn); otherwise BotDelay.
	BotDelay   time.Duration
	AutoDelay  time.Duration
	TokenDelay func(token string) time.Duration
	// PickTime, when not 0, gives each person's secret pick a countdown
	// started by OpenPick (knights `timer`).
	PickTime time.Duration
	Paused   bool // bots do not move (a bot-only game, stopped by the player)

	post   func(func())
	clock  Clock
	newBot func(game, name string, o ai.Options) (ai.Bot, error)
	bots   map[int]seatBot // one bot per bot seat, made once

	gen      int                // bumped on every change; stale answers are dropped
	cancel   context.CancelFunc // of the thinking bots, if any
	thinking []int              // seats whose bot is thinking
	finished bool               // a Change with Finished has been published
	subs     []*subscriber      // told of every change, in the order they subscribed
	opened   [2]int             // the plies and seat whose pick countdown was opened last, or -1s
	lastMove time.Time          // when the last token was played; zero before any

	picks    map[int]games.Move // the secret picks of the simultaneous turn now running
	revealed int                // the seat the shared device was handed to for its pick, or -1
	seen     int                // the tokens whose turn the people here have seen (Continue)
	plan     []string           // the rest of a bot's plan for the turn now running

	// following: the session follows a server (follow.go), which takes
	// the picks and times them; views: it follows by the seat's views.
	following, views bool

	hint       *Hint
	hintCancel context.CancelFunc // of the hint being computed, if any
	pickTimer  int                // bumped when a pick timer is started or void
	selected   selection          // what the person acting has selected, not confirmed
	countdown  countdown          // the pick countdown started last
}

// countdown is a person's pick countdown: whose, when it runs out, and the
// timer and generation it was started under (it runs while both hold).
type countdown struct {
	seat       int
	due        time.Time
	timer, gen int
}

// selection is a token a person has selected and not confirmed.
// It holds for the turn it was made in only.
type selection struct {
	seat, plies int
	token       string
}

type seatBot struct {
	name string
	bot  ai.Bot
}

// Hint is the hint bot's suggestion for a person (ai.HintBot).
type Hint = frame.Hint

// ErrViewingPast refuses a move while an earlier position is shown.
var ErrViewingPast = frame.ErrViewingPast

// New starts a game. Rules must be validated.
func New(g games.Game, rules games.Rules, seed int64, seats []games.SeatInfo, setup json.RawMessage, o Options) (*Session, error) {
	st, err := g.New(games.Config{Rules: rules, Seed: seed, Setup: setup})
	if err != nil {
		return nil, err
	}
	return newFrom(g, rules, seed, st, seats, setup, o)
}

// newFrom starts a game at st, its first position.
func newFrom(g games.Game, rules games.Rules, seed int64, st games.State, seats []games.SeatInfo, setup json.RawMessage, o Options) (*Session, error) {
	if len(seats) != st.Seats() {
		return nil, fmt.Errorf("%d seats given; this game has %d", len(seats), st.Seats())
	}
	if o.Post == nil {
		return nil, errors.New("session: no posting function")
	}
	if o.Clock == nil {
		o.Clock = RealClock{}
	}
	if o.NewBot == nil {
		o.NewBot = ai.New
	}
	s := &Session{Game: g, Rules: rules, Seed: seed, Seats: seats, startSeats: seats, Setup: setup, Created: o.Clock.Now().UTC(),
		states: []games.State{st}, open: block{states: []games.State{st}}, BotDelay: 400 * time.Millisecond, AutoDelay: time.Second,
		post: o.Post, clock: o.Clock, newBot: o.NewBot, bots: map[int]seatBot{}, revealed: -1, opened: [2]int{-1, -1}, offer: -1}
	for i := range seats {
		if !seats[i].Human() {
			if _, err := s.botFor(i); err != nil {
				return nil, fmt.Errorf("seat %d: %w", i+1, err)
			}
		}
	}
	s.remote = make([]bool, len(seats))
	for _, i := range o.Remote {
		if i < 0 || i >= len(seats) || !seats[i].Human() {
			return nil, fmt.Errorf("seat %d cannot be played from another device: only a person's seat can", i+1)
		}
		s.remote[i] = true
	}
	s.remoteNow = s.remote
	return s, nil
}

// Driver is who plays a seat, as the session sees it: a person at this
// device (Submit), a bot of this session, or a person on another device
// whose moves arrive through Deliver. The session treats their moves
// alike: each is parsed, checked and played by the same steps (take).
type Driver int

const (
	PersonHere Driver = iota
	Bot
	Remote
)

// DriverOf says who plays a seat now.
func (s *Session) DriverOf(seat int) Driver {
	switch {
	case !s.Seats[seat].Human():
		return Bot
	case s.remoteNow[seat]:
		return Remote
	}
	return PersonHere
}

// here reports whether a person at this device plays the seat.
func (s *Session) here(seat int) bool { return s.DriverOf(seat) == PersonHere }

// FromRecord replays a saved game into a session.
func FromRecord(rec *games.Record, o Options) (*Session, error) {
	g, st, err := rec.Start()
	if err != nil {
		return nil, err
	}
	rules, err := games.ValidateRules(g.RuleSpecs(), rec.Rules)
	if err != nil {
		return nil, err
	}
	seats := rec.Seats
	if seats == nil {
		seats = make([]games.SeatInfo, st.Seats())
		for i := range seats {
			seats[i] = games.SeatInfo{Name: fmt.Sprintf("Player %d", i+1), Controller: "human"}
		}
	}
	s, err := New(g, rules, rec.Seed, seats, rec.Setup, o)
	if err != nil {
		return nil, err
	}
	if !rec.Created.IsZero() {
		s.Created = rec.Created
	}
	for i, tok := range rec.Moves {
		ai.Yield() // a long save takes seconds in the browser: let the page draw
		if err := s.apply(tok); err != nil {
			return nil, &games.ReplayError{Ply: i, Token: tok, Err: err}
		}
	}
	if rec.Ending != nil {
		if err := rec.Ending.Check(s.Live()); err != nil {
			return nil, err
		}
		e := *rec.Ending
		s.ending = &e
	}
	s.lastMove = time.Time{}        // nothing to pace after: the game was loaded
	s.seen = len(s.tokens)          // the last turn was seen before it was saved
	s.finished = s.Outcome().Over() // a finished game is not counted again
	return s, nil
}

// Record is the game as a save record.
func (s *Session) Record() *games.Record {
	rules := map[string]any{}
	for k, v := range s.Rules {
		rules[k] = v
	}
	return &games.Record{Game: s.Game.ID(), Rules: rules, Seed: s.Seed, Seats: s.startSeats,
		Moves: append([]string{}, s.tokens...), Setup: s.Setup, Ending: s.Ending(), Created: s.Created, Updated: s.clock.Now().UTC()}
}

// ---- what the board shows ----

// Live is the current state of the game.
func (s *Session) Live() games.State { return s.states[len(s.states)-1] }

// Viewed is the state on the board (the live one, or a past one).
func (s *Session) Viewed() games.State { return s.State(s.view) }

// ViewIndex is the token shown; Plies the number of tokens played.
func (s *Session) ViewIndex() int { return s.view }
func (s *Session) Plies() int     { return len(s.tokens) }

// Viewing reports whether a past position is shown.
func (s *Session) Viewing() bool { return s.view != len(s.states)-1 }

// Tokens are the turn tokens played, in notation.
func (s *Session) Tokens() []string { return s.tokens }

// LastTurn is the token that led to the viewed state, as moves with its
// events, and the state before it (nil at the start).
func (s *Session) LastTurn() (prev games.State, turn []games.Move, events []games.Event) {
	if s.view == 0 {
		return nil, nil, nil
	}
	turn, events = s.turnAt(s.view - 1)
	return s.State(s.view - 1), turn, events
}

// SetView shows a past position (or the live one with Plies()).
func (s *Session) SetView(i int) {
	s.view = max(0, min(i, len(s.states)-1))
	s.changed()
}

// Thinking lists the seats whose bot is thinking.
func (s *Session) Thinking() []int { return s.thinking }

// Hint is the current hint, if any.
func (s *Session) Hint() *Hint { return s.hint }

// HintThinking reports whether a hint is being computed.
func (s *Session) HintThinking() bool { return s.hintCancel != nil }

// Simultaneous reports whether the turn now running is a simultaneous one
// (several seats pick in secret, then one joint move).
func (s *Session) Simultaneous() bool {
	return s.Game.Kind().Simultaneous
}

// HumanToMove is the seat a person may play now, or -1: the seat to move,
// or in a simultaneous turn the first person who has not picked yet (the
// seat whose pick screen shows on a shared device).
func (s *Session) HumanToMove() int {
	if s.Viewing() || s.ShowingTurn() || s.ending != nil {
		return -1
	}
	for _, seat := range s.Live().ToMove() {
		if _, picked := s.picks[seat]; s.here(seat) && !picked {
			return seat
		}
	}
	return -1
}

// Pending lists the seats of the simultaneous turn now running that have
// not picked yet (people and bots), ascending; empty otherwise.
func (s *Session) Pending() []int {
	if !s.Simultaneous() || s.ending != nil {
		return nil
	}
	var out []int
	for _, seat := range s.Live().ToMove() {
		if _, picked := s.picks[seat]; !picked {
			out = append(out, seat)
		}
	}
	return out
}

// HasHuman reports whether any person plays at this device.
func (s *Session) HasHuman() bool {
	for seat := range s.Seats {
		if s.here(seat) {
			return true
		}
	}
	return false
}

// HumansAtOnce is the number of people at this device in the turn now
// running: above one, a shared device shows a hand-over screen between
// their secret picks.
func (s *Session) HumansAtOnce() int { return s.peopleIn(s.Live()) }

// peopleIn is the number of people at this device who act in st.
func (s *Session) peopleIn(st games.State) int {
	n := 0
	for _, seat := range st.ToMove() {
		if s.here(seat) {
			n++
		}
	}
	return n
}

// HandOver is the seat whose secret pick comes next when several people
// pick in the same turn on one device: the screen hides the board and
// asks for the device to be handed to that person ("Rose: your move -
// others look away") until Reveal. ok is false when no hand-over is due.
func (s *Session) HandOver() (seat int, ok bool) {
	seat = s.HumanToMove()
	if seat < 0 || !s.Simultaneous() || s.HumansAtOnce() < 2 || s.revealed == seat {
		return -1, false
	}
	return seat, true
}

// ShowingTurn reports whether the turn just played is shown to everyone
// at the device until someone presses Continue: a simultaneous turn that
// two or more people here picked in secret, when the next one is picked
// so too. Without it the device would go straight to the next hand-over
// and nobody would see what the turn did. Meanwhile nobody picks (the
// bots may think), and the board shows what no seat sees privately
// (Shown), as everyone is looking: under fog, only what all may know.
func (s *Session) ShowingTurn() bool {
	n := len(s.tokens)
	if n == 0 || s.seen >= n || !s.Simultaneous() || s.Viewing() || s.Outcome().Over() {
		return false
	}
	return s.peopleIn(s.State(n-1)) >= 2 && s.peopleIn(s.Live()) >= 2
}

// Continue ends the showing of the turn just played (ShowingTurn): the
// device is then handed over for the next secret picks.
func (s *Session) Continue() {
	if !s.ShowingTurn() {
		return
	}
	s.seen = len(s.tokens)
	s.changed()
}

// errShowingTurn is why nobody picks while the turn just played is shown.
var errShowingTurn = games.Refuse("Everyone may look at the turn just played: press Continue to go on.")

// Reveal shows the board to the seat the device was handed to, and starts
// its pick's countdown when the game has one.
func (s *Session) Reveal(seat int) {
	if hs, ok := s.HandOver(); !ok || hs != seat {
		return
	}
	s.revealed = seat
	s.OpenPick(seat)
	s.changed()
}

// Shown is the position the board draws: what the person at the device
// may see. That is the viewed position seen from the seat acting on this
// device (the person picking, or the only person at the table); while the
// device waits to be handed over, what no seat sees privately (the view
// of seat -1); everything when the game is over or only bots play.
func (s *Session) Shown() games.State {
	st := s.Viewed()
	if !s.Game.Kind().Hidden || s.Outcome().Over() || !s.HasHuman() {
		return st
	}
	if _, waiting := s.HandOver(); waiting {
		return games.ViewOf(st, -1)
	}
	return games.ViewOf(st, s.DeviceSeat())
}

// DeviceSeat is the seat whose view the device shows: the person acting
// now, else the only person at the table, else -1 (several people, none
// acting: nobody's secrets show). A board draws what that seat cannot see
// as hidden (knights' fog).
func (s *Session) DeviceSeat() int {
	if seat := s.HumanToMove(); seat >= 0 {
		return seat
	}
	only := -1
	for i := range s.Seats {
		if s.here(i) {
			if only >= 0 {
				return -1
			}
			only = i
		}
	}
	return only
}

// ---- what a person does ----

// Submit plays a person's token: the move of the seat to move, or in a
// simultaneous turn the secret pick of HumanToMove. It is refused (with
// the reason in a player's words, and nothing changed) when no person is
// to act, a past position is shown, or the move is illegal.
func (s *Session) Submit(token string) error {
	if err := s.WhyNot(); err != nil {
		return err
	}
	seat := s.HumanToMove()
	if s.Simultaneous() {
		return s.Pick(seat, token)
	}
	return s.take(seat, token)
}

// Deliver plays a move that a remote seat's person sent from another
// device (through an online game's server): the seat's move when it is to
// move, or its secret pick in a simultaneous turn, by the same steps as a
// person's move here. It is refused, in words and changing nothing, when
// the seat is not played from elsewhere, is not to move, or the move is
// illegal. A past position on the board goes back to the game.
func (s *Session) Deliver(seat int, token string) error {
	if seat < 0 || seat >= len(s.Seats) || s.DriverOf(seat) != Remote {
		return games.Refuse("Seat %d is not played from another device.", seat+1)
	}
	if s.Outcome().Over() {
		return games.ErrGameOver
	}
	if !slices.Contains(s.Live().ToMove(), seat) {
		return games.Refuse("It is not %s's turn.", s.Seats[seat].Name)
	}
	if s.Simultaneous() {
		return s.pick(seat, token)
	}
	return s.take(seat, token)
}

// take plays the token of the one seat to move, a person's here or
// elsewhere: every check is the rules' own (apply), and nothing changes
// when they refuse it.
func (s *Session) take(seat int, token string) error {
	if err := s.apply(token); err != nil {
		return err
	}
	s.redo = nil
	s.afterMove(false)
	return nil
}

// Pick records a person's secret move for a simultaneous turn. Nothing is
// revealed until every seat of the turn has picked; the last pick plays
// the joint move.
func (s *Session) Pick(seat int, token string) error {
	if err := s.canAct(); err != nil {
		return err
	}
	if !s.Simultaneous() {
		return games.Refuse("This turn is not played by picking at the same time.")
	}
	st := s.Live()
	if seat < 0 || seat >= len(s.Seats) || !contains(st.ToMove(), seat) {
		return games.Refuse("Seat %d does not pick this turn.", seat+1)
	}
	switch s.DriverOf(seat) {
	case Bot:
		return games.Refuse("%s is played by the computer.", s.Seats[seat].Name)
	case Remote:
		return games.Refuse("%s plays from another device.", s.Seats[seat].Name)
	}
	return s.pick(seat, token)
}

// pick records the secret pick of a seat that is to pick, a person's
// here or elsewhere, and plays the joint move when it was the last.
func (s *Session) pick(seat int, token string) error {
	st := s.Live()
	if _, done := s.picks[seat]; done {
		return games.Refuse("%s has already picked this turn.", s.Seats[seat].Name)
	}
	m, err := st.ParseMove(seat, token)
	if err != nil {
		return err
	}
	if s.picks == nil {
		s.picks = map[int]games.Move{}
	}
	s.picks[seat] = m
	s.pickTimer++ // this seat's countdown is over
	s.redo = nil
	s.hint = nil
	s.cancelHint()
	if !s.resolvePicks(false) {
		s.changed()
	}
	return nil
}

// OpenPick starts the countdown of a person's secret pick, when PickTime
// is set: the session opens it as a lone person's pick opens, Reveal as
// a handed-over person's does. When it runs out, the seat picks what it
// had selected (Select), else its first legal move.
func (s *Session) OpenPick(seat int) {
	if s.PickTime <= 0 || !s.Simultaneous() || s.HumanToMove() != seat || s.following {
		return // a server times a followed game's picks (FollowCountdown)
	}
	s.pickTimer++
	timer, gen := s.pickTimer, s.gen
	s.countdown = countdown{seat: seat, due: s.clock.Now().Add(s.PickTime), timer: timer, gen: gen}
	ch := s.clock.After(s.PickTime)
	go func() {
		<-ch
		s.post(func() {
			if s.pickTimer != timer || s.gen != gen || s.HumanToMove() != seat {
				return // picked, undone or left meanwhile
			}
			if sel := s.selected; s.HumanToMove() == seat && s.gen == gen && sel.seat == seat && sel.plies == len(s.tokens) && sel.token != "" {
				if s.Pick(seat, sel.token) == nil {
					return // the square the person had selected
				}
			}
			if s.HumanToMove() == seat && s.gen == gen {
				st := s.Live()
				if legal := st.Legal(seat); len(legal) > 0 {
					s.Pick(seat, st.MoveString(seat, legal[0]))
				}
			}
		})
	}()
}

// Select records the token the person acting has selected but not
// confirmed ("" for none): when their pick clock runs out, the session
// picks it rather than the seat's first legal move. A board calls it
// through its host as the selection changes; it changes nothing else.
func (s *Session) Select(token string) {
	s.selected = selection{seat: s.HumanToMove(), plies: len(s.tokens), token: token}
}

// PickLeft is how long the pick countdown of a seat still runs, on the
// session's clock; ok is false when none runs for it (no timer, picked,
// undone, or the game moved on), so the board shows no countdown.
func (s *Session) PickLeft(seat int) (left time.Duration, ok bool) {
	c := s.countdown
	if c.seat != seat || c.timer != s.pickTimer || c.gen != s.gen || s.HumanToMove() != seat || c.due.IsZero() {
		return 0, false
	}
	return max(0, c.due.Sub(s.clock.Now())), true
}

// WhyNot says why no person may play now, in a player's words (the game
// is over, an earlier position is shown, the computer is to move); nil
// when one may. Boards say it when a tap cannot be a move.
func (s *Session) WhyNot() error {
	if err := s.canAct(); err != nil {
		return err
	}
	if s.HumanToMove() < 0 {
		var away []string
		for _, seat := range s.Pending() {
			if s.DriverOf(seat) == Remote {
				away = append(away, s.Seats[seat].Name)
			}
		}
		if to := s.Live().ToMove(); !s.Simultaneous() && len(to) == 1 && s.DriverOf(to[0]) == Remote {
			away = []string{s.Seats[to[0]].Name}
		}
		if len(away) > 0 {
			return games.Refuse("Waiting for %s to move on another device.", words.JoinAnd(away))
		}
		return games.ErrNotYourTurn
	}
	return nil
}

func (s *Session) canAct() error {
	if s.Outcome().Over() {
		return games.ErrGameOver
	}
	if s.Viewing() {
		return ErrViewingPast
	}
	if s.ShowingTurn() {
		return errShowingTurn
	}
	return nil
}

// resolvePicks plays the joint move when every seat of the simultaneous
// turn has picked, and reports whether it did.
func (s *Session) resolvePicks(byBot bool) bool {
	st := s.Live()
	to := st.ToMove()
	moves := make([]games.Move, len(to))
	for i, seat := range to {
		m, ok := s.picks[seat]
		if !ok {
			return false
		}
		moves[i] = m
	}
	s.picks = nil
	if err := s.apply(games.FormatTurn(st, moves)); err != nil {
		s.botFailed(-1, err) // cannot happen: every pick was checked
		return false
	}
	s.afterMove(byBot)
	return true
}

// ---- playing tokens ----

// apply plays one token on the live state and appends it to the history.
func (s *Session) apply(token string) error {
	next, moves, ev, err := s.play(s.Live(), token)
	if err != nil {
		return err
	}
	s.push(token, next, moves, ev)
	s.view = len(s.states) - 1
	s.lastMove = s.clock.Now()
	s.updateSeats()
	return nil
}

// updateSeats sets who sits where now: every pie-rule swap played so far
// exchanges seats 0 and 1, so undo and redo stay right.
func (s *Session) updateSeats() {
	s.Seats = s.SeatsAt(len(s.tokens))
	s.remoteNow = s.remote
	if swapped := sort.SearchInts(s.swaps, len(s.tokens)); swapped%2 == 1 && len(s.remote) > 1 {
		s.remoteNow = append([]bool{s.remote[1], s.remote[0]}, s.remote[2:]...)
	}
}

// SeatsAt is who sat where after the first n tokens: the start seats,
// with seats 0 and 1 exchanged by every pie-rule swap among them. The
// move list names who played each token with it, so it takes no longer
// in a long game: the swaps are counted from the list of the tokens that
// made them.
func (s *Session) SeatsAt(n int) []games.SeatInfo {
	seats := append([]games.SeatInfo{}, s.startSeats...)
	if swapped := sort.SearchInts(s.swaps, n); swapped%2 == 1 && len(seats) > 1 {
		seats[0], seats[1] = seats[1], seats[0]
	}
	return seats
}

// SwapIn reports whether a turn's events hold a pie-rule swap.
func SwapIn(events []games.Event) bool { return frame.SwapIn(events) }

func (s *Session) afterMove(byBot bool) {
	s.hint = nil
	s.stopBots()
	c := Change{Moved: true, Turn: s.open.turns[len(s.open.turns)-1], ByBot: byBot}
	s.publish(s.finishing(c))
	s.Start()
}

// finishing marks the change that ends the game: the first one after
// which the game is seen over (statistics count it once).
func (s *Session) finishing(c Change) Change {
	if out := s.Outcome(); out.Over() && !s.finished {
		s.finished = true
		c.Finished, c.Outcome = true, out
	}
	return c
}

// changed publishes a change that played no token (a pick, a bot starting
// or stopping, a hint, a view).
func (s *Session) changed() { s.publish(Change{}) }

// ---- undo and redo ----

// pop takes the last token back and returns it.
func (s *Session) pop() string {
	tok := s.unpush()
	s.view = len(s.tokens)
	s.seen = min(s.seen, len(s.tokens)) // a turn played again is shown again
	s.updateSeats()
	return tok
}

// CanUndo reports whether Undo would do anything: something to take back
// that WhyNoUndo does not refuse.
func (s *Session) CanUndo() bool {
	return (len(s.tokens) > 0 || s.humanPicked() || s.ending != nil) && s.WhyNoUndo() == nil
}

// WhyNoUndo says why Undo refuses, in a player's words, or nil. A turn in
// which a bot picked at the same time as others cannot be taken back while
// people play: the bot would pick the same again (bots are deterministic),
// and the person would know its pick before choosing again. A person's own
// pick in the turn now running can always be taken back: the bots' picks
// of that turn are never shown before it resolves, and they are asked again.
// A game without people may go back: nobody picks against the bots.
func (s *Session) WhyNoUndo() error {
	if slices.Contains(s.remote, true) {
		return games.Refuse("Moves cannot be taken back when someone plays from another device: they have seen them.")
	}
	if len(s.tokens) == 0 || s.humanPicked() || !s.HasHuman() || s.ending != nil {
		return nil // an ending is taken back alone, before any token
	}
	from := len(s.tokens) - 1 // one action of a person's multi-action turn
	if s.HumanToMove() < 0 || !games.MidTurn(s.Live()) {
		from = s.undoTo()
	}
	for i := from; i < len(s.tokens); i++ {
		if s.botPickedInSecret(i) {
			return games.Refuse("Turns cannot be taken back against the computer in %s: you would know its pick before you choose again.", s.Game.Name())
		}
	}
	return nil
}

// botPickedInSecret reports whether token i was a turn that several seats
// picked at once, a bot among them.
func (s *Session) botPickedInSecret(i int) bool {
	to := s.State(i).ToMove()
	seats := s.SeatsAt(i)
	for _, seat := range to {
		if len(to) > 1 && !seats[seat].Human() {
			return true
		}
	}
	return false
}

// undoTo is how many tokens stay when Undo takes back whole turns: back to
// the start of the last turn a person played, where a person is to act
// and not in the middle of a multi-action turn.
func (s *Session) undoTo() int {
	n := len(s.tokens)
	for n > 0 {
		n--
		st := s.State(n)
		playedByHuman := s.humanIn(st, s.SeatsAt(n+1))
		if playedByHuman && s.humanIn(st, s.SeatsAt(n)) && !games.MidTurn(st) {
			break
		}
	}
	return n
}

// humanIn reports whether a person, as the seats say, acts in st.
func (s *Session) humanIn(st games.State, seats []games.SeatInfo) bool {
	for _, seat := range st.ToMove() {
		if seats[seat].Human() {
			return true
		}
	}
	return false
}

// CanRedo reports whether Redo would do anything.
func (s *Session) CanRedo() bool { return len(s.redo) > 0 }

// humanPicked reports whether a person has picked in the simultaneous
// turn now running.
func (s *Session) humanPicked() bool {
	for seat := range s.picks {
		if s.Seats[seat].Human() {
			return true
		}
	}
	return false
}

// Undo takes back a person's last whole turn and the bots' answers since,
// so the same person is to act again:
//   - in a simultaneous turn some people have picked in: those picks (the
//     turn starts again; it is never left half-picked);
//   - in the middle of a person's multi-action turn: that turn's last action;
//   - otherwise tokens back to the start of the last turn a person played.
//
// A resignation or an agreed draw is taken back first, alone: the game
// goes on from the position where it was given up or agreed.
//
// In a game without people it takes back one turn and pauses the bots.
// What WhyNoUndo refuses it refuses with that reason, changing nothing.
func (s *Session) Undo() error {
	if err := s.WhyNoUndo(); err != nil {
		return err
	}
	if !s.CanUndo() {
		return nil
	}
	s.stopBots()
	s.hint, s.plan = nil, nil
	if e := s.ending; e != nil {
		s.ending = nil
		s.redo = append(s.redo, undone{ending: e})
		s.publish(Change{Rewound: true})
		s.Start()
		return nil
	}
	if s.humanPicked() {
		s.picks = nil
		s.changed()
		s.Start()
		return nil
	}
	var group []string
	switch {
	case !s.HasHuman():
		group = append(group, s.pop())
		for len(s.tokens) > 0 && games.MidTurn(s.Live()) {
			group = append(group, s.pop())
		}
		s.Paused = true
	case s.HumanToMove() >= 0 && games.MidTurn(s.Live()):
		group = append(group, s.pop()) // one action of the turn now running
	default:
		for to := s.undoTo(); len(s.tokens) > to; {
			group = append(group, s.pop())
		}
	}
	s.redo = append(s.redo, undone{tokens: group})
	s.publish(Change{Rewound: true})
	s.Start()
	return nil
}

// Redo plays again what the last Undo took back.
func (s *Session) Redo() {
	if !s.CanRedo() {
		return
	}
	s.stopBots()
	s.plan = nil
	group := s.redo[len(s.redo)-1]
	s.redo = s.redo[:len(s.redo)-1]
	for i := len(group.tokens) - 1; i >= 0; i-- {
		if err := s.apply(group.tokens[i]); err != nil {
			break // cannot happen: the same tokens were legal before
		}
	}
	if group.ending != nil {
		s.ending = group.ending
		s.view = len(s.states) - 1
	}
	s.hint = nil
	s.publish(s.finishing(Change{Rewound: true}))
	s.Start()
}

func contains(list []int, x int) bool {
	for _, v := range list {
		if v == x {
			return true
		}
	}
	return false
}

// StartSeats is who sat where when the game began (what a save holds;
// Play again seats people the same way).
func (s *Session) StartSeats() []games.SeatInfo {
	return append([]games.SeatInfo{}, s.startSeats...)
}

// ShowHint shows a hint computed elsewhere (the tests', or a later
// hint source) as if AskHint had found it.
func (s *Session) ShowHint(h *Hint) {
	s.hint = h
	s.changed()
}

// State is the position after i tokens (0 is the start), or nil outside
// the history. A position the session does not keep is computed again
// from the kept one before it (at most keepEvery tokens back).
func (s *Session) State(i int) games.State {
	if i < 0 || i >= len(s.states) {
		return nil
	}
	if st := s.states[i]; st != nil {
		return st
	}
	b := s.blockOf(i)
	return b.states[i-b.first]
}

// Events are what token i did (nil for games that do not report events).
func (s *Session) Events(i int) []games.Event {
	if i < 0 || i >= len(s.tokens) {
		return nil
	}
	_, events := s.turnAt(i)
	return events
}
