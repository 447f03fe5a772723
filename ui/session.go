package ui

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"time"

	"fyne.io/fyne/v2"

	"github.com/tabulagames/tabula/ai"
	"github.com/tabulagames/tabula/games"
)

// Session is a game in progress: its seats, its history of states, undo
// and redo, and the bots thinking in goroutines. Every method is called on
// the UI goroutine; bot answers come back through fyne.Do, tagged with the
// generation they were computed for, and are dropped if the game moved on.
type Session struct {
	Game  games.Game
	Rules games.Rules
	Seed  int64
	// Seats says who sits where now; a pie-rule swap exchanges seats 0
	// and 1. startSeats is who sat where at the start (what a save holds).
	Seats      []games.SeatInfo
	startSeats []games.SeatInfo
	Setup      json.RawMessage

	Created  time.Time
	Path     string // the save file this game was last saved to or opened from
	Autosave string // this game's own autosave file, once it has one

	states []games.State   // states[0] is the start; one more per turn
	tokens []string        // the turn tokens, in notation
	turns  [][]games.Move  // the same turns as moves (for marking and animating)
	events [][]games.Event // what each turn did, for games that report it
	redo   [][]string      // groups of tokens taken back by Undo
	view   int             // the state on the board; len(states)-1 when live

	// Pacing: a bot's move waits at least BotDelay after a person's, and
	// AutoDelay between bots, so people can follow.
	BotDelay  time.Duration
	AutoDelay time.Duration
	Paused    bool // bots do not move (a bot-only game, stopped by the player)

	// OnChange is called after every change (a move, undo, a bot starting
	// or stopping, a view change); OnMove after a turn is played.
	OnChange func()
	OnMove   func(turn []games.Move, byBot bool)
	// OnFinished is called once when the game ends.
	OnFinished func(games.Outcome)

	// post runs a function on the UI goroutine: fyne.Do in the app; tests
	// replace it to run bot answers on the test's goroutine.
	post func(func())
	// clock paces the bots: the real time in the app, a fake one in tests.
	clock Clock
	// newBot makes the bots and the hint's bot: ai.New, or a test's bot.
	newBot func(game, name string, o ai.Options) (ai.Bot, error)

	gen           int                // bumped on every change; stale bot answers are dropped
	cancel        context.CancelFunc // of the thinking bot, if any
	thinking      []int              // seats whose bot is thinking
	finished      bool               // OnFinished has been called
	lastHumanMove time.Time
	hint          *Hint
	hintCancel    context.CancelFunc // of the hint's bot while it thinks
}

// Hint is the strongest bot's suggestion for a person.
type Hint struct {
	Seat  int
	Move  games.Move
	Token string
}

// NewSession starts a game. Rules must be validated.
func NewSession(g games.Game, rules games.Rules, seed int64, seats []games.SeatInfo, setup json.RawMessage) (*Session, error) {
	st, err := g.New(games.Config{Rules: rules, Seed: seed, Setup: setup})
	if err != nil {
		return nil, err
	}
	if len(seats) != st.Seats() {
		return nil, fmt.Errorf("%d seats given; this game has %d", len(seats), st.Seats())
	}
	for i, s := range seats {
		if !s.Human() {
			if _, err := ai.Find(g.ID(), s.Bot); err != nil {
				return nil, fmt.Errorf("seat %d: %w", i+1, err)
			}
		}
	}
	return &Session{Game: g, Rules: rules, Seed: seed, Seats: seats, startSeats: seats, Setup: setup, Created: time.Now().UTC(),
		states: []games.State{st}, turns: nil, events: nil,
		BotDelay: 400 * time.Millisecond, AutoDelay: time.Second, post: fyne.Do, clock: realClock{}, newBot: ai.New}, nil
}

// SessionFromRecord replays a saved game into a session.
func SessionFromRecord(rec *games.Record) (*Session, error) {
	g, st, err := rec.Start()
	if err != nil {
		return nil, err
	}
	rules, _ := games.ValidateRules(g.RuleSpecs(), rec.Rules)
	seats := rec.Seats
	if seats == nil {
		seats = make([]games.SeatInfo, st.Seats())
		for i := range seats {
			seats[i] = games.SeatInfo{Name: fmt.Sprintf("Player %d", i+1), Controller: "human"}
		}
	}
	s, err := NewSession(g, rules, rec.Seed, seats, rec.Setup)
	if err != nil {
		return nil, err
	}
	if !rec.Created.IsZero() {
		s.Created = rec.Created
	}
	for i, tok := range rec.Moves {
		if err := s.apply(tok); err != nil {
			return nil, &games.ReplayError{Ply: i, Token: tok, Err: err}
		}
	}
	s.finished = s.Live().Outcome().Over() // a finished game is not counted again
	return s, nil
}

// Record is the game as a save record.
func (s *Session) Record() *games.Record {
	rules := map[string]any{}
	for k, v := range s.Rules {
		rules[k] = v
	}
	return &games.Record{Game: s.Game.ID(), Rules: rules, Seed: s.Seed, Seats: s.startSeats,
		Moves: append([]string{}, s.tokens...), Setup: s.Setup, Created: s.Created, Updated: time.Now().UTC()}
}

// Live is the current state of the game.
func (s *Session) Live() games.State { return s.states[len(s.states)-1] }

// Viewed is the state on the board (the live one, or a past one).
func (s *Session) Viewed() games.State { return s.states[s.view] }

// ViewIndex is the ply shown; Plies the number of turns played.
func (s *Session) ViewIndex() int { return s.view }
func (s *Session) Plies() int     { return len(s.tokens) }

// Viewing reports whether a past position is shown.
func (s *Session) Viewing() bool { return s.view != len(s.states)-1 }

// Tokens are the turns played, in notation.
func (s *Session) Tokens() []string { return s.tokens }

// LastTurn is the turn that led to the viewed state, and the state before
// it (nil at the start).
func (s *Session) LastTurn() (prev games.State, turn []games.Move, events []games.Event) {
	if s.view == 0 {
		return nil, nil, nil
	}
	return s.states[s.view-1], s.turns[s.view-1], s.events[s.view-1]
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

// HumanToMove is the seat a person may play now, or -1.
func (s *Session) HumanToMove() int {
	if s.Viewing() {
		return -1
	}
	for _, seat := range s.Live().ToMove() {
		if s.Seats[seat].Human() {
			return seat
		}
	}
	return -1
}

// HasHuman reports whether any person plays.
func (s *Session) HasHuman() bool {
	for _, seat := range s.Seats {
		if seat.Human() {
			return true
		}
	}
	return false
}

// Submit plays a person's turn token. It is refused (with the reason in a
// player's words, and nothing changed) when no person is to move, a past
// position is shown, or the move is illegal.
func (s *Session) Submit(token string) error {
	if s.Live().Outcome().Over() {
		return games.ErrGameOver
	}
	if s.Viewing() {
		return errors.New("You are looking at an earlier position: go back to the game to move.")
	}
	if s.HumanToMove() < 0 {
		return errors.New("Wait: the computer is to move.")
	}
	if err := s.apply(token); err != nil {
		return err
	}
	s.redo = nil
	s.lastHumanMove = s.clock.Now()
	s.afterMove(false)
	return nil
}

// apply plays one token on the live state and appends it to the history.
func (s *Session) apply(token string) error {
	next := s.Live().Clone()
	moves, err := games.ParseTurn(next, token)
	if err != nil {
		return err
	}
	if err := next.Play(moves...); err != nil {
		return err
	}
	var ev []games.Event
	if e, ok := next.(games.Evented); ok {
		ev = e.LastEvents()
	}
	s.states = append(s.states, next)
	s.tokens = append(s.tokens, token)
	s.turns = append(s.turns, moves)
	s.events = append(s.events, ev)
	s.view = len(s.states) - 1
	s.updateSeats()
	return nil
}

// updateSeats derives who sits where from the history: every pie-rule swap
// played so far exchanges seats 0 and 1, so undo and redo stay right.
func (s *Session) updateSeats() {
	s.Seats = append([]games.SeatInfo{}, s.startSeats...)
	for _, turn := range s.events {
		if SwapIn(turn) && len(s.Seats) > 1 {
			s.Seats[0], s.Seats[1] = s.Seats[1], s.Seats[0]
		}
	}
}

// SwapIn reports whether a turn's events hold a pie-rule swap.
func SwapIn(events []games.Event) bool {
	for _, e := range events {
		if e.Kind == games.EventSeatSwap {
			return true
		}
	}
	return false
}

func (s *Session) afterMove(byBot bool) {
	s.hint = nil
	s.stopBots()
	if s.OnMove != nil {
		s.OnMove(s.turns[len(s.turns)-1], byBot)
	}
	s.checkFinished()
	s.changed()
	s.Start()
}

// checkFinished calls OnFinished the first time the game is seen over.
func (s *Session) checkFinished() {
	if out := s.Live().Outcome(); out.Over() && !s.finished {
		s.finished = true
		if s.OnFinished != nil {
			s.OnFinished(out)
		}
	}
}

func (s *Session) changed() {
	if s.OnChange != nil {
		s.OnChange()
	}
}

// pop takes the last turn back and returns its token.
func (s *Session) pop() string {
	n := len(s.tokens) - 1
	tok := s.tokens[n]
	s.states, s.tokens, s.turns, s.events = s.states[:n+1], s.tokens[:n], s.turns[:n], s.events[:n]
	s.view = n
	s.updateSeats()
	return tok
}

// CanUndo reports whether Undo would do anything.
func (s *Session) CanUndo() bool { return len(s.tokens) > 0 }

// CanRedo reports whether Redo would do anything.
func (s *Session) CanRedo() bool { return len(s.redo) > 0 }

// Undo takes back the last move of a person, and the bot replies after it,
// so the same person is to move again. In a game without people it takes
// back one turn and pauses the bots.
func (s *Session) Undo() {
	if !s.CanUndo() {
		return
	}
	s.stopBots()
	var group []string
	if !s.HasHuman() {
		group = append(group, s.pop())
		s.Paused = true
	} else {
		// Take turns back until a person's own move has gone and a person
		// is to move again (the bot replies after it go too).
		for len(s.tokens) > 0 {
			byHuman := false
			for _, seat := range s.states[len(s.states)-2].ToMove() {
				byHuman = byHuman || s.Seats[seat].Human()
			}
			group = append(group, s.pop())
			if byHuman && s.HumanToMove() >= 0 {
				break
			}
		}
	}
	s.redo = append(s.redo, group)
	s.hint = nil
	s.changed()
	s.Start()
}

// Redo plays again what the last Undo took back.
func (s *Session) Redo() {
	if !s.CanRedo() {
		return
	}
	s.stopBots()
	group := s.redo[len(s.redo)-1]
	s.redo = s.redo[:len(s.redo)-1]
	for i := len(group) - 1; i >= 0; i-- {
		if err := s.apply(group[i]); err != nil {
			break // cannot happen: the same tokens were legal before
		}
	}
	s.hint = nil
	s.checkFinished()
	s.changed()
	s.Start()
}

// stopBots cancels any thinking bot and the hint's bot; their answers,
// if they come, are dropped.
func (s *Session) stopBots() {
	s.gen++
	if s.cancel != nil {
		s.cancel()
		s.cancel = nil
	}
	if s.hintCancel != nil {
		s.hintCancel()
		s.hintCancel = nil
	}
	s.thinking = nil
}

// Stop cancels thinking bots for good (back to the picker, a new game).
func (s *Session) Stop() {
	s.stopBots()
	s.Paused = true
}

// Resume lets the bots play again after a pause.
func (s *Session) Resume() {
	s.Paused = false
	s.Start()
	s.changed()
}

// Start lets the bots to move think, in a goroutine on a clone. It does
// nothing if a person is to move, the game is over or paused.
func (s *Session) Start() {
	st := s.Live()
	to := st.ToMove()
	if s.Paused || len(to) == 0 || s.cancel != nil {
		return
	}
	var seats []int
	for _, seat := range to {
		if !s.Seats[seat].Human() {
			seats = append(seats, seat)
		}
	}
	if len(seats) == 0 || len(seats) != len(to) {
		// A simultaneous turn shared by people and bots waits for the
		// people; their board submits the whole turn.
		return
	}
	ctx, cancel := context.WithCancel(context.Background())
	s.cancel = cancel
	s.thinking = seats
	gen := s.gen
	// Everything the goroutine needs is read here: it must not touch the
	// session, which only the UI goroutine may read or change.
	delay, clock := s.AutoDelay, s.clock
	ready := clock.Now() // bots alone: the delay counts from now
	if s.HasHuman() {
		// With people, the delay counts from a person's last move; none
		// yet (a bot plays first, a resumed game) owes no wait.
		delay, ready = s.BotDelay, s.lastHumanMove
	}
	if !ready.IsZero() {
		ready = ready.Add(delay)
	}
	clone := st.Clone()
	bots := make([]ai.Bot, len(seats))
	for i, seat := range seats {
		b, err := s.newBot(s.Game.ID(), s.Seats[seat].Bot, ai.Options{Seed: uint64(s.Seed)*7919 + uint64(len(s.tokens))*131 + uint64(seat), Time: 10 * time.Second})
		if err != nil {
			s.thinking, s.cancel = nil, nil
			return
		}
		bots[i] = b
	}
	go func() {
		moves := make([]games.Move, len(seats))
		for i, seat := range seats {
			m, err := bots[i].Choose(ctx, clone.Clone(), seat)
			if err != nil {
				return // cancelled: the game moved on
			}
			moves[i] = m
		}
		token := games.FormatTurn(clone, moves)
		if wait := botWait(ready, clock.Now(), delay); wait > 0 {
			select {
			case <-clock.After(wait):
			case <-ctx.Done():
				return
			}
		}
		s.post(func() {
			if s.gen != gen {
				return // undo, new game or back: the answer is stale
			}
			s.cancel, s.thinking = nil, nil
			if err := s.apply(token); err != nil {
				fyne.LogError("bot move refused", err)
				return
			}
			s.afterMove(true)
		})
	}()
	s.changed()
}

// HintPending reports whether a hint is being looked for.
func (s *Session) HintPending() bool { return s.hintCancel != nil }

// AskHint looks for the strongest bot's move for the person to move, in a
// goroutine; done is called on the UI goroutine when it is ready. Asking
// again while a hint is being looked for does nothing; any change to the
// game (a move, undo, redo, Stop) cancels it.
func (s *Session) AskHint(done func(*Hint)) {
	seat := s.HumanToMove()
	if seat < 0 || s.HintPending() {
		return
	}
	bot, err := s.newBot(s.Game.ID(), ai.Strongest(s.Game.ID()), ai.Options{Seed: uint64(s.Seed) + 17, Time: 3 * time.Second})
	if err != nil {
		return
	}
	ctx, cancel := context.WithCancel(context.Background())
	s.hintCancel = cancel
	gen, clone := s.gen, s.Live().Clone()
	go func() {
		m, err := bot.Choose(ctx, clone.Clone(), seat)
		s.post(func() {
			if s.gen != gen {
				return // the game moved on; stopBots cancelled the hint
			}
			cancel()
			s.hintCancel = nil
			if err == nil {
				s.hint = &Hint{Seat: seat, Move: m, Token: clone.MoveString(seat, m)}
			}
			s.changed()
			if err == nil && done != nil {
				done(s.hint)
			}
		})
	}()
	s.changed()
}

// botWait is how long a bot's answer found at now still waits before it
// is played at ready: never less than zero, never more than delay (the
// clock may jump), and nothing when there is no ready time. Times are
// compared, never durations subtracted, so nothing can overflow.
func botWait(ready, now time.Time, delay time.Duration) time.Duration {
	if ready.IsZero() || !ready.After(now) {
		return 0
	}
	return min(ready.Sub(now), delay)
}

// Clock is the time as the session sees it, so tests can run it by hand.
type Clock interface {
	Now() time.Time
	After(d time.Duration) <-chan time.Time
}

// realClock is the wall clock.
type realClock struct{}

func (realClock) Now() time.Time                         { return time.Now() }
func (realClock) After(d time.Duration) <-chan time.Time { return time.After(d) }
