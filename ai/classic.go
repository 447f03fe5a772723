package ai

import "github.com/tabulagames/tabula/games"

// Classic tic-tac-toe bots (shared/rules/classic.md section 9). The game
// tree is tiny, so hard searches it whole: perfect play, fastest win,
// slowest loss, a seeded choice among equally good moves. Its own budget
// is none (the whole tree is 17,000 nodes at most), but it takes the
// budget and the time cap it is given, like every bot.

func classicHard(o Options) *AlphaBeta {
	return &AlphaBeta{
		Eval:     func(games.State, int) int { return 0 }, // only reached when a budget cuts the search
		MaxDepth: 9,
		Nodes:    o.Nodes,
		Time:     o.Time,
		TTBits:   14,
		Seed:     o.Seed,
	}
}

func init() {
	Register(Spec{Game: "classic", Name: "easy", Level: 1,
		About: "Plays a random empty square.",
		New:   func(o Options) Bot { return Random{Seed: o.Seed} }})
	Register(Spec{Game: "classic", Name: "medium", Level: 2,
		About: "Plays perfectly half the time, randomly otherwise.",
		New: func(o Options) Bot {
			return Mix{P: 0.5, Seed: o.Seed, Strong: classicHard(o), Weak: Random{Seed: o.Seed}}
		}})
	Register(Spec{Game: "classic", Name: "hard", Level: 3,
		About: "Perfect play: never loses, wins as fast as it can.",
		New:   func(o Options) Bot { return classicHard(o) }})
}
