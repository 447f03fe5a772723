package ai

import (
	"context"
	"errors"
	"fmt"

	"github.com/tabulagames/tabula/games"
	"github.com/tabulagames/tabula/games/rng"
)

// Decision is what a bot is told when it is asked to act. It is built by
// Ask and nothing else, so no path (the session, hints, `tabula ai`,
// `tabula match`) can hand a bot more than its seat may see.
type Decision struct {
	// View is the seat's view of the position (games.ViewOf): an
	// independent copy the bot may play on, holding nothing hidden from
	// that seat.
	View games.State
	Seat int
	// Seed is the game's seed: bots of our own derive their per-decision
	// streams from it (knights 4.3, arena 8.1).
	Seed int64
	// Tokens is the number of turn tokens played in the game so far
	// (arena's p); Turns the number of completed turns (knights' t), which
	// is Tokens for games without games.TurnCounter.
	Tokens int
	Turns  int
	// Stream is the game's own stream (games.Streamer), positioned for
	// this decision, for the bots that draw from it (Spec.GameStream);
	// they advance it. nil for other games, and for a hint it is a copy.
	Stream *rng.Stream
}

// Answer is a bot's decision: one move, or for a multi-action turn a plan,
// the tokens of the rest of the turn in notation, played one by one.
type Answer struct {
	Move games.Move
	Plan []string
}

// Decider is implemented by bots that need more than the position: the
// game's seed or how far the game has gone (bots with streams derived from
// them). Ask prefers it to Bot.Choose.
type Decider interface {
	Decide(ctx context.Context, d Decision) (games.Move, error)
}

// Planner is implemented by bots that plan a whole multi-action turn at
// once (arena). Ask prefers it to Decider and Bot.Choose when one seat
// acts; a simultaneous turn takes one move per seat.
type Planner interface {
	Plan(ctx context.Context, d Decision) ([]string, error)
}

// Ask asks a bot what a seat does on st, handing it only the seat's view.
// It is the one way the application asks a bot. progress gives Seed,
// Tokens and Turns; its View and Seat are set here.
func Ask(ctx context.Context, b Bot, st games.State, seat int, progress Decision) (Answer, error) {
	if !acts(st, seat) {
		return Answer{Move: games.NoMove}, fmt.Errorf("seat %d does not act now", seat+1)
	}
	d := progress
	d.Seat = seat
	d.View = games.ViewOf(st, seat)
	if p, ok := b.(Planner); ok && len(st.ToMove()) == 1 {
		plan, err := p.Plan(ctx, d)
		if err != nil {
			return Answer{Move: games.NoMove}, err
		}
		if len(plan) == 0 {
			return Answer{Move: games.NoMove}, errors.New("the bot planned nothing")
		}
		return Answer{Move: games.NoMove, Plan: plan}, nil
	}
	switch b := b.(type) {
	case Decider:
		m, err := b.Decide(ctx, d)
		return Answer{Move: m}, err
	default:
		m, err := b.Choose(ctx, d.View, seat)
		return Answer{Move: m}, err
	}
}

// ProgressOf fills the Decision fields that follow from the game itself:
// the seed and the tokens played; Turns comes from the state when it
// counts turns.
func ProgressOf(st games.State, seed int64, tokens int) Decision {
	d := Decision{Seed: seed, Tokens: tokens, Turns: tokens}
	if tc, ok := st.(games.TurnCounter); ok {
		d.Turns = tc.Turn()
	}
	return d
}

func acts(st games.State, seat int) bool {
	for _, s := range st.ToMove() {
		if s == seat {
			return true
		}
	}
	return false
}
