package ai

import (
	"context"

	"github.com/tabulagames/tabula/games"
)

// Arena bots (shared/rules/arena.md section 8), one file per part:
//
//   - arena_scripted.go: easy and medium, the original's procedures, played
//     on a scratch copy of the game: each plans its whole turn at once from
//     the stream of 8.1, and the plan is the list of the actions that were
//     legal when the procedure asked for them;
//   - arena_scripted_hard.go: hard, the original's third procedure;
//   - arena_scripted_grid.go: the definitions the three procedures share
//     (section 8.3);
//   - arena_search.go: expert (ours, section 8.7), which searches whole
//     turns and the opponent's answers;
//   - arena_eval.go: how expert scores a position.

func init() {
	Register(Spec{Game: "arena", Name: "easy", Level: 1,
		About: "Does random things and pays no attention to bombs.",
		New:   func(o Options) Bot { return arenaBot{level: arenaEasy, seed: int64(o.Seed)} }})
	Register(Spec{Game: "arena", Name: "medium", Level: 2,
		About: "Does random things but keeps out of bombs about to go off.",
		New:   func(o Options) Bot { return arenaBot{level: arenaMedium, seed: int64(o.Seed)} }})
	Register(Spec{Game: "arena", Name: "hard", Level: 3,
		About: "Weighs every action, lines up ice and sets bomb traps.",
		New:   func(o Options) Bot { return arenaBot{level: arenaHard, seed: int64(o.Seed)} }})
	Register(Spec{Game: "arena", Name: "expert", Level: 4,
		About: "Plans its whole turn against every answer, and never stays where a blast can catch it.",
		New:   func(o Options) Bot { return newArenaExpert(o) }})
}

// firstOfPlan is the first action of a planner's plan as a move.
func firstOfPlan(ctx context.Context, p Planner, st games.State, seat int, seed int64) (games.Move, error) {
	plan, err := p.Plan(ctx, Decision{View: st.Clone(), Seat: seat, Seed: seed})
	if err != nil {
		return games.NoMove, err
	}
	return st.ParseMove(seat, plan[0])
}
