package ai

import (
	"context"
	"fmt"
	"time"

	"github.com/tabulagames/tabula/games"
	"github.com/tabulagames/tabula/games/rng"
)

// MatchConfig describes a bot-against-bot match.
type MatchConfig struct {
	Game  string
	Rules map[string]any // raw; validated here
	Bots  []string       // one name per seat of the game
	Games int
	Seed  uint64
	// MaxTurns ends a game as a draw after this many turns (0 = 200):
	// games between bots can cycle forever. Turns are counted by the
	// state's games.TurnCounter, or by plies for a game without one.
	MaxTurns int
	// Progress, when set, is called after every game.
	Progress func(done int, r GameResult)
}

// GameResult is one game of a match.
type GameResult struct {
	Seating []int // Seating[seat] = index into Bots
	Outcome games.Outcome
	Turns   int // plies played
	Moves   []string
	// Think and Decisions are, per seat, the time its bot spent choosing
	// and how many moves it chose.
	Think     []time.Duration
	Decisions []int
}

// MatchResult sums a match up per bot (in MatchConfig.Bots order).
type MatchResult struct {
	Game   string    `json:"game"`
	Games  int       `json:"games"`
	Bots   []string  `json:"bots"`
	Wins   []int     `json:"wins"`
	Draws  int       `json:"draws"`
	Points []float64 `json:"points"`
	// Share is each bot's part of all points given out: a bot that does as
	// well as the others takes 1/n of them, whatever the number of seats.
	Share []float64 `json:"share"`
	// Think and Decisions are, per bot, its thinking time and moves over the
	// match (not in the JSON summary, whose fields NOTATION.md fixes).
	Think     []time.Duration `json:"-"`
	Decisions []int           `json:"-"`
}

// Match plays the games, rotating seats fairly: game i seats the bots in
// the i-th ordering of all n! orderings (lexicographic, so with two bots
// they simply alternate), so over a multiple of n! games every bot sits in
// every seat, and behind every other bot, equally often. A win is 1 point
// (shared if several seats win); in a draw every bot gets 1/2, as
// NOTATION.md says.
func Match(ctx context.Context, cfg MatchConfig) (MatchResult, error) {
	g, ok := games.Lookup(cfg.Game)
	if !ok {
		return MatchResult{}, fmt.Errorf("unknown game %q", cfg.Game)
	}
	rules, err := games.ValidateRules(g.RuleSpecs(), cfg.Rules)
	if err != nil {
		return MatchResult{}, err
	}
	n := len(cfg.Bots)
	res := MatchResult{Game: cfg.Game, Games: cfg.Games, Bots: cfg.Bots, Wins: make([]int, n), Points: make([]float64, n),
		Think: make([]time.Duration, n), Decisions: make([]int, n)}
	maxTurns := cfg.MaxTurns
	if maxTurns == 0 {
		maxTurns = 200
	}
	for i := 0; i < cfg.Games; i++ {
		if err := poll(ctx); err != nil {
			return res, err
		}
		seating := Seating(n, i)
		bots := make([]Bot, n)
		for seat := range seating {
			b, err := New(cfg.Game, cfg.Bots[seating[seat]], Options{Seed: cfg.Seed*1_000_003 + uint64(i)*31 + uint64(seat)})
			if err != nil {
				return res, err
			}
			bots[seat] = b
		}
		st, err := g.New(games.Config{Rules: rules, Seed: int64(cfg.Seed) + int64(i)})
		if err != nil {
			return res, err
		}
		if st.Seats() != n {
			return res, fmt.Errorf("%s is played by %d seats with these rules; %d bots given", cfg.Game, st.Seats(), n)
		}
		gr, err := PlayGame(ctx, st, int64(cfg.Seed)+int64(i), bots, maxTurns)
		if err != nil {
			return res, fmt.Errorf("game %d: %w", i+1, err)
		}
		gr.Seating = seating
		for seat, b := range seating {
			res.Think[b] += gr.Think[seat]
			res.Decisions[b] += gr.Decisions[seat]
		}
		switch gr.Outcome.Status {
		case games.Win:
			for _, w := range gr.Outcome.Winners {
				res.Wins[seating[w]]++
				res.Points[seating[w]] += 1 / float64(len(gr.Outcome.Winners))
			}
		default: // a draw, or the turn cap
			res.Draws++
			for _, b := range seating {
				res.Points[b] += 0.5
			}
		}
		if cfg.Progress != nil {
			cfg.Progress(i+1, gr)
		}
	}
	res.Share = shares(res.Points)
	return res, nil
}

// Seating is the seating of game i of a match between n bots:
// Seating(n, i)[seat] is the bot at that seat, the i-th of the n!
// orderings in lexicographic order (cycling after n!).
func Seating(n, i int) []int {
	fact := 1
	for k := 2; k <= n; k++ {
		fact *= k
	}
	i %= fact
	free := make([]int, n)
	for k := range free {
		free[k] = k
	}
	out := make([]int, 0, n)
	for k := n; k > 0; k-- {
		fact /= k
		j := i / fact
		i %= fact
		out = append(out, free[j])
		free = append(free[:j], free[j+1:]...)
	}
	return out
}

func shares(points []float64) []float64 {
	total := 0.0
	for _, p := range points {
		total += p
	}
	out := make([]float64, len(points))
	for i, p := range points {
		if total > 0 {
			out[i] = p / total
		}
	}
	return out
}

// PlayGame plays st to its end (or maxTurns, a draw) with one bot per seat;
// seed is the game's seed (bots may derive their streams from it). Every
// bot is asked through Ask, on its seat's view; every move goes through
// the notation, as a saved game would. A bot's plan (a multi-action turn)
// is played token by token. It stops with ctx.Err() when ctx is
// cancelled, whether the bots notice or not.
//
// Turns are counted by the state's games.TurnCounter (those played since
// st), or by plies for a game without one.
func PlayGame(ctx context.Context, st games.State, seed int64, bots []Bot, maxTurns int) (GameResult, error) {
	gr := GameResult{Think: make([]time.Duration, len(bots)), Decisions: make([]int, len(bots))}
	counter, counted := st.(games.TurnCounter)
	first := 0
	if counted {
		first = counter.Turn()
	}
	turns := func() int {
		if counted {
			return counter.Turn() - first
		}
		return gr.Turns
	}
	// The game's own stream, if it has one: every bot gets it, and those
	// that draw from it (in seat order, as knights 4.2 says) advance it.
	var stream *rng.Stream
	if gs, ok := st.(games.Streamer); ok {
		s := gs.GameStream()
		stream = &s
	}
	for !st.Outcome().Over() && turns() < maxTurns {
		if err := poll(ctx); err != nil {
			return gr, err
		}
		to := st.ToMove()
		moves := make([]games.Move, len(to))
		var plan []string
		for j, seat := range to {
			start := time.Now()
			d := ProgressOf(st, seed, len(gr.Moves))
			d.Stream = stream
			a, err := Ask(ctx, bots[seat], st, seat, d)
			if err != nil {
				return gr, err
			}
			gr.Think[seat] += time.Since(start)
			gr.Decisions[seat]++
			moves[j], plan = a.Move, a.Plan
		}
		tokens := plan
		if tokens == nil {
			tokens = []string{games.FormatTurn(st, moves)}
		}
		for _, tok := range tokens {
			if err := games.PlayToken(st, tok); err != nil {
				return gr, fmt.Errorf("bot move %q refused: %w", tok, err)
			}
			gr.Moves = append(gr.Moves, tok)
			gr.Turns++
		}
	}
	gr.Outcome = st.Outcome()
	if !gr.Outcome.Over() {
		gr.Outcome = games.Outcome{Status: games.Draw, Reason: fmt.Sprintf("stopped after %d turns", maxTurns)}
	}
	return gr, nil
}
