// Package ai holds Tabula's computer opponents. It imports games only.
//
// A Bot chooses a move for one seat. Generic searchers (alpha-beta in
// search.go) serve every game; per-game knowledge enters through an
// evaluation, a move ordering or a scripted bot in <game>.go, which
// registers the game's named bots here.
package ai

import (
	"context"
	"fmt"
	"math/rand/v2"
	"sort"
	"strings"
	"time"

	"github.com/tabulagames/tabula/games"
)

// Bot chooses a move for a seat. It works on its own clone of the state,
// returns promptly when ctx is cancelled (with the best move it has, and
// ctx.Err() if it has none), and never sees more than that seat may see.
type Bot interface {
	Choose(ctx context.Context, st games.State, seat int) (games.Move, error)
}

// Options are the knobs every bot accepts.
type Options struct {
	Seed uint64 // the bot's own random stream; same seed, same state: same move
	// Nodes overrides the bot's own node (or iteration) budget; 0 keeps the
	// level's default. Every level's default is a node budget, so a bot is
	// a pure function of (state, seed) unless Time is set.
	Nodes int64
	// Time caps the thinking time on top of the node budget (the command
	// line's --time; the UI's safety cap on slow phones). 0 = no cap.
	Time time.Duration
}

// Spec names one bot of one game.
type Spec struct {
	Game  string // game id
	Name  string // "easy", "medium", "hard", ...
	About string // one line for the new-game dialog
	Level int    // order of strength in the dialog, weakest first
	New   func(o Options) Bot
	// GameStream marks the faithful bots that draw from the game's own
	// stream (knights 4.2): where that stream stands depends on their
	// decisions, so StreamAt replays them.
	GameStream bool
	// HintNodes is the node budget of this bot when it answers a person's
	// Hint, for a strongest bot whose own budget takes a second or more
	// (a hint must answer in under a second); 0 keeps its own.
	HintNodes int64
}

var registry = map[string][]Spec{}

// Register adds a bot. Per-game files call it from init.
func Register(s Spec) {
	for _, o := range registry[s.Game] {
		if o.Name == s.Name {
			panic("ai: duplicate bot " + s.Game + "/" + s.Name)
		}
	}
	registry[s.Game] = append(registry[s.Game], s)
	sort.SliceStable(registry[s.Game], func(i, j int) bool { return registry[s.Game][i].Level < registry[s.Game][j].Level })
}

// ForGame lists a game's bots, weakest first.
func ForGame(game string) []Spec { return registry[game] }

// Find returns the spec of a named bot.
func Find(game, name string) (Spec, error) {
	for _, s := range registry[game] {
		if s.Name == name {
			return s, nil
		}
	}
	names := []string{}
	for _, s := range registry[game] {
		names = append(names, s.Name)
	}
	if len(names) == 0 {
		return Spec{}, fmt.Errorf("%s has no computer opponents", game)
	}
	return Spec{}, fmt.Errorf("no bot %q for %s (choose one of %s)", name, game, strings.Join(names, ", "))
}

// New makes a named bot.
func New(game, name string, o Options) (Bot, error) {
	s, err := Find(game, name)
	if err != nil {
		return nil, err
	}
	return s.New(o), nil
}

// Strongest is the name of a game's strongest bot (used for hints).
func Strongest(game string) string {
	b := registry[game]
	if len(b) == 0 {
		return ""
	}
	return b[len(b)-1].Name
}

// rngFor gives the random stream of one decision: it depends on the bot's
// seed and the position only, so a bot is a pure function of both.
func rngFor(seed uint64, st games.State, seat int) *rand.Rand {
	return rand.New(rand.NewPCG(seed, st.Hash()^uint64(seat)*0x9E3779B97F4A7C15))
}

// Random plays a uniformly random legal move.
type Random struct{ Seed uint64 }

func (b Random) Choose(ctx context.Context, st games.State, seat int) (games.Move, error) {
	legal := st.Legal(seat)
	if len(legal) == 0 {
		return games.NoMove, fmt.Errorf("seat %d has no legal move", seat)
	}
	return legal[rngFor(b.Seed, st, seat).IntN(len(legal))], nil
}

// Mix plays like Strong with probability P and like Weak otherwise; the
// coin is flipped anew for every move from the bot's own stream.
type Mix struct {
	P      float64
	Seed   uint64
	Strong Bot
	Weak   Bot
}

func (b Mix) Choose(ctx context.Context, st games.State, seat int) (games.Move, error) {
	if rngFor(b.Seed^0xC0FFEE, st, seat).Float64() < b.P {
		return b.Strong.Choose(ctx, st, seat)
	}
	return b.Weak.Choose(ctx, st, seat)
}

// HintBot is the bot that answers a person's Hint: the strongest, held to
// its HintNodes budget (0: its own).
func HintBot(game string) (name string, nodes int64) {
	b := registry[game]
	if len(b) == 0 {
		return "", 0
	}
	return b[len(b)-1].Name, b[len(b)-1].HintNodes
}
