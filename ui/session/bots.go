package session

import (
	"context"
	"fmt"
	"time"

	"github.com/tabulagames/tabula/ai"
	"github.com/tabulagames/tabula/games"
	"github.com/tabulagames/tabula/games/rng"
)

// stopBots cancels thinking bots, a hint being computed and the secret
// picks of bots; their answers, if they come, are dropped. A bot's plan is
// kept: the next Start plays it on (Undo, Redo and Stop drop it).
func (s *Session) stopBots() {
	s.gen++
	if s.cancel != nil {
		s.cancel()
		s.cancel = nil
	}
	s.thinking = nil
	s.offer = -1 // a bot's answer to it is dropped with the rest
	s.cancelHint()
	for seat := range s.picks {
		if !s.Seats[seat].Human() {
			delete(s.picks, seat)
		}
	}
}

func (s *Session) cancelHint() {
	if s.hintCancel != nil {
		s.hintCancel()
		s.hintCancel = nil
	}
}

// Stop cancels everything for good (back to the picker, a new game).
func (s *Session) Stop() {
	s.stopBots()
	s.plan = nil
	s.Paused = true
	s.changed() // a board stops what it animates for the game
}

// Resume lets the bots play again after a pause.
func (s *Session) Resume() {
	s.Paused = false
	s.Start()
	s.changed()
}

// botFor is the bot of a seat, made once (again after a pie-rule swap
// seats another bot there).
func (s *Session) botFor(seat int) (ai.Bot, error) {
	name := s.Seats[seat].Bot
	if b, ok := s.bots[seat]; ok && b.name == name {
		return b.bot, nil
	}
	b, err := s.newBot(s.Game.ID(), name, ai.Options{Seed: uint64(s.Seed)*7919 + uint64(seat), Time: 10 * time.Second})
	if err != nil {
		return nil, err
	}
	s.bots[seat] = seatBot{name: name, bot: b}
	return b, nil
}

// delay is how long a bot's answer waits after the token before it.
func (s *Session) delay() time.Duration {
	if s.HasHuman() {
		return s.BotDelay
	}
	return s.AutoDelay
}

// Start lets the bots that act now think, in a goroutine on their seats'
// views. It does nothing while paused, when the game is over, when bots
// are already thinking, or when only people act.
func (s *Session) Start() {
	s.openDuePick()
	st := s.Live()
	if s.Paused || s.cancel != nil || s.Outcome().Over() {
		return
	}
	if len(s.plan) > 0 {
		s.playPlan()
		return
	}
	var seats []int
	for _, seat := range st.ToMove() {
		if _, picked := s.picks[seat]; !s.Seats[seat].Human() && !picked {
			seats = append(seats, seat)
		}
	}
	if len(seats) == 0 {
		return
	}
	bots := make([]ai.Bot, len(seats))
	for i, seat := range seats {
		b, err := s.botFor(seat)
		if err != nil {
			s.botFailed(seat, err)
			return
		}
		bots[i] = b
	}
	ctx, cancel := context.WithCancel(context.Background())
	s.cancel, s.thinking = cancel, seats
	// Everything the goroutine needs is read here: it must not touch the
	// session, which only the UI goroutine may read or change.
	gen, clone, since, delay := s.gen, st.Clone(), s.lastMove, s.delay()
	progress := ai.ProgressOf(st, s.Seed, len(s.tokens))
	kept, tokens := s.streamHistory()
	go func() {
		// In the browser the think starts and ends in a task of its own,
		// apart from the UI's (ai.YieldNow).
		ai.YieldNow()
		// The game's own stream, where the bots' earlier decisions left it
		// (knights 4.2); the bots that draw from it do so in seat order.
		stream, err := streamAt(s.Game.ID(), kept, tokens, s.startSeats, s.Seed)
		if err != nil {
			s.post(func() {
				if s.gen == gen {
					s.cancel, s.thinking = nil, nil
					s.botFailed(seats[0], err)
				}
			})
			return
		}
		progress.Stream = stream
		answers := make([]ai.Answer, len(seats))
		for i, seat := range seats {
			a, err := ai.Ask(ctx, bots[i], clone, seat, progress)
			if ctx.Err() != nil {
				return // cancelled: the game moved on
			}
			if err != nil {
				s.post(func() {
					if s.gen == gen {
						s.cancel, s.thinking = nil, nil
						s.botFailed(seat, err)
					}
				})
				return
			}
			answers[i] = a
		}
		ai.YieldNow()
		s.postAfter(ctx, wait(s.clock, since, delay), gen, func() { s.botsAnswered(seats, answers) })
	}()
	s.changed()
}

// streamHistory is what a bot's goroutine needs to follow the game's own
// stream: copies of the positions kept and of the tokens, for a game that
// has a stream (knights); nothing for the others. Only the UI goroutine
// reads the session, so the copies are made here.
func (s *Session) streamHistory() (kept []games.State, tokens []string) {
	if !s.Game.Kind().Stream {
		return nil, nil
	}
	return append([]games.State{}, s.states...), append([]string{}, s.tokens...)
}

// streamAt is where the game's own stream stands (ai.StreamAt) after the
// tokens, from the copies streamHistory made; nil for a game without one.
func streamAt(game string, kept []games.State, tokens []string, seats []games.SeatInfo, seed int64) (*rng.Stream, error) {
	if kept == nil {
		return nil, nil
	}
	history, err := allStates(kept, tokens)
	if err != nil {
		return nil, err
	}
	return ai.StreamAt(game, history, seats, seed)
}

// botsAnswered plays what the bots decided: a move, the first token of a
// plan, or their secret picks of a simultaneous turn.
func (s *Session) botsAnswered(seats []int, answers []ai.Answer) {
	if s.Simultaneous() && answers[0].Plan == nil {
		if s.picks == nil {
			s.picks = map[int]games.Move{}
		}
		for i, seat := range seats {
			s.picks[seat] = answers[i].Move
		}
		if !s.resolvePicks(true) {
			s.changed() // the people still pick
		}
		return
	}
	seat, a := seats[0], answers[0]
	token := s.Live().MoveString(seat, a.Move)
	if a.Plan != nil {
		token, s.plan = a.Plan[0], a.Plan[1:]
	}
	if err := s.apply(token); err != nil {
		s.plan = nil
		s.botFailed(seat, fmt.Errorf("its move %q was refused: %w", token, err))
		return
	}
	s.afterMove(true) // which plays on the rest of a plan
}

// playPlan plays the next token of a bot's plan after its pause. A plan
// whose turn has ended (a place or kick spent the last action) is dropped.
func (s *Session) playPlan() {
	st := s.Live()
	to := st.ToMove()
	if len(to) != 1 || s.Seats[to[0]].Human() || !games.MidTurn(st) {
		s.plan = nil
		return
	}
	token, seat := s.plan[0], to[0]
	ctx, cancel := context.WithCancel(context.Background())
	s.cancel, s.thinking = cancel, []int{seat}
	gen := s.gen
	d := s.BotDelay
	if s.TokenDelay != nil {
		d = s.TokenDelay(token)
	}
	go s.postAfter(ctx, wait(s.clock, s.lastMove, d), gen, func() {
		s.plan = s.plan[1:]
		if err := s.apply(token); err != nil {
			s.plan = nil
			s.botFailed(seat, fmt.Errorf("its planned %q was refused: %w", token, err))
			return
		}
		s.afterMove(true) // which plays on the rest of the plan
	})
	s.changed()
}

// botFailed publishes that a bot failed (not that it was cancelled): the
// game waits where it is.
func (s *Session) botFailed(seat int, err error) {
	s.publish(Change{BotFailed: err, BotSeat: seat})
}

// hintTimeCap bounds a hint on a slow or busy device: a hint answers in
// under a second (its node budget alone takes well under that on two
// cores, BenchmarkHint).
const hintTimeCap = 900 * time.Millisecond

// AskHint computes the hint bot's move for the person to act, in a
// goroutine, on that seat's view; done is called on the UI goroutine when
// it is ready. A hint already being computed is not started twice; any
// change to the game (a move, undo, leaving) cancels it.
func (s *Session) AskHint(done func(*Hint)) {
	seat := s.HumanToMove()
	if seat < 0 || s.hintCancel != nil || s.views { // a game followed by views has no stream to rebuild
		return
	}
	name, nodes := ai.HintBot(s.Game.ID())
	bot, err := s.newBot(s.Game.ID(), name, ai.Options{Seed: uint64(s.Seed) + 17, Nodes: nodes, Time: hintTimeCap})
	if err != nil {
		return
	}
	ctx, cancel := context.WithCancel(context.Background())
	s.hintCancel = cancel
	gen, clone := s.gen, s.Live().Clone()
	progress := ai.ProgressOf(clone, s.Seed, len(s.tokens))
	kept, tokens := s.streamHistory()
	go func() {
		// A hint works on a copy of the game's stream: it never moves it.
		// It starts and ends in a task of its own in the browser.
		ai.YieldNow()
		var a ai.Answer
		stream, err := streamAt(s.Game.ID(), kept, tokens, s.startSeats, s.Seed)
		if err == nil {
			progress.Stream = stream
			a, err = ai.Ask(ctx, bot, clone, seat, progress)
		}
		ai.YieldNow()
		s.post(func() {
			if s.gen != gen || ctx.Err() != nil {
				return
			}
			s.hintCancel = nil
			cancel()
			if err != nil {
				s.changed()
				return
			}
			token := ""
			if a.Plan != nil {
				token = a.Plan[0]
				if m, perr := clone.ParseMove(seat, token); perr == nil {
					a.Move = m
				}
			} else {
				token = clone.MoveString(seat, a.Move)
			}
			s.hint = &Hint{Seat: seat, Move: a.Move, Token: token}
			s.changed()
			if done != nil {
				done(s.hint)
			}
		})
	}()
	s.changed()
}

// postAfter waits w on the session's clock (unless ctx is cancelled
// first), then runs play on the UI goroutine if the game is still at
// generation gen, with the bots marked as done thinking. It runs on a
// bot's goroutine; a stale answer (undo, new game, back) is dropped.
func (s *Session) postAfter(ctx context.Context, w time.Duration, gen int, play func()) {
	if w > 0 {
		select {
		case <-s.clock.After(w):
		case <-ctx.Done():
			return
		}
	}
	s.post(func() {
		if s.gen != gen {
			return
		}
		s.cancel, s.thinking = nil, nil
		play()
	})
}
