package ai

import (
	"context"
	"errors"

	"github.com/tabulagames/tabula/games"
	"github.com/tabulagames/tabula/games/arena"
	"github.com/tabulagames/tabula/games/rng"
)

// The original's scripted bots (section 8): the bot, the scratch turn its
// procedures play on, and the easy and medium procedures. Hard is in
// arena_scripted_hard.go, the definitions all three read in
// arena_scripted_grid.go.

// arenaLevel is a faithful bot's procedure.
type arenaLevel int

const (
	arenaEasy arenaLevel = iota
	arenaMedium
	arenaHard
)

// arenaBot is a faithful bot.
type arenaBot struct {
	level arenaLevel
	seed  int64 // for Choose, which is not told the game's seed
}

// Plan is the bot's whole turn from the position of d (ai.Planner).
func (b arenaBot) Plan(ctx context.Context, d Decision) ([]string, error) {
	st, ok := d.View.(*arena.State)
	if !ok {
		return nil, errors.New("not an arena position")
	}
	stream := rng.Own(d.Seed, d.Seat, d.Tokens)
	return planArena(ctx, st, b.level, &stream)
}

// Choose is the first action of the plan, for callers that do not go
// through Ask: it is told neither the game's seed nor how many actions
// were played, so it draws from the bot's own seed as if none were.
func (b arenaBot) Choose(ctx context.Context, st games.State, seat int) (games.Move, error) {
	return firstOfPlan(ctx, b, st, seat, b.seed)
}

// planArena runs a faithful procedure on a scratch copy of st for the seat
// to move, drawing from stream.
func planArena(ctx context.Context, st *arena.State, level arenaLevel, stream *rng.Stream) ([]string, error) {
	if st.Outcome().Over() {
		return nil, errors.New("the game is over")
	}
	t := &arenaTurn{st: st.Clone().(*arena.State), me: st.Mover(), rng: stream, ctx: ctx}
	t.opp = 1 - t.me
	t.p = st.Params()
	switch level {
	case arenaEasy:
		t.easy()
	case arenaMedium:
		t.h = 0
		t.escapeMedium()
		t.mainMedium()
	default:
		t.h = 1
		t.iceAttack()
		t.escapeHard()
		t.mainHard()
	}
	// Cut off (running stops at once when ctx is done), the plan made so
	// far is still legal: end the turn there rather than answer nothing.
	t.do(arena.End)
	return t.plan, nil
}

// arenaTurn is one plan being made: the scratch game and the actions done.
type arenaTurn struct {
	st      *arena.State
	p       arena.Params
	me, opp int
	h       int // horizon of threat: 0 medium, 1 hard
	rng     *rng.Stream
	ctx     context.Context
	plan    []string
	done    bool // the turn ended or the game is over: everything is skipped
}

// do plays an action the procedure asks for, or skips it if it is illegal
// now or the turn is over (section 8.2).
func (t *arenaTurn) do(m games.Move) {
	if t.done || t.st.Play(m) != nil {
		return
	}
	t.plan = append(t.plan, t.st.MoveString(t.me, m))
	t.done = t.st.Outcome().Over() || t.st.Mover() != t.me
}

// running: the procedure may go on (actions left, the turn not over).
func (t *arenaTurn) running() bool {
	return !t.done && t.st.ActionsLeft() > 0 && poll(t.ctx) == nil
}

func (t *arenaTurn) actions() int { return t.st.ActionsLeft() }

func (t *arenaTurn) facing() int { return t.st.Facing(t.me) }

// face turns the bot towards d unless it faces d already.
func (t *arenaTurn) face(d int) {
	if t.facing() != d {
		t.do(arena.FaceTo(d))
	}
}

// moveTo steps onto the neighbour m of the bot's cell.
func (t *arenaTurn) moveTo(m int) {
	t.do(arena.MoveTo(dirTo(t.st.PlayerCell(t.me), m)))
}

// walk follows a path: per step, face its direction, then move.
func (t *arenaTurn) walk(path []int) {
	for _, d := range path {
		if t.done || t.actions() == 0 {
			return
		}
		t.face(d)
		t.do(arena.MoveTo(d))
	}
}

// grid is the map as the procedures read it (section 8.3), for the bot's
// seat and horizon; safeAfter changes a copy of it.
func (t *arenaTurn) grid() arenaGrid {
	g := arenaGrid{me: t.me, h: t.h, p: &t.p}
	for c := 0; c < arena.Cells; c++ {
		g.thing[c] = t.st.At(c)
		if g.thing[c] == arena.Bomb {
			g.timer[c] = t.st.Timer(c)
			g.bombs |= 1 << c
		}
	}
	for seat := 0; seat < 2; seat++ {
		g.cell[seat] = t.st.PlayerCell(seat)
	}
	return g
}

// ---- easy (8.4) ----

func (t *arenaTurn) easy() {
	for t.running() {
		g := t.grid()
		cands := g.candidates(t.facing())
		if len(cands) == 0 {
			return
		}
		t.do(cands[t.rng.Pick(len(cands))])
	}
}

// ---- medium (8.5) ----

func (t *arenaTurn) escapeMedium() {
	g := t.grid()
	me := g.cell[t.me]
	threat := g.threat()
	if threat&(1<<me) == 0 {
		return
	}
	k := t.actions()
	if safe := g.safeCells(me, k, threat); len(safe) > 0 {
		var best []int
		for _, s := range safe {
			if p, ok := g.path(me, s, k); ok && (best == nil || len(p) < len(best)) {
				best = p
			}
		}
		t.walk(best)
		return
	}
	t.fleeOrKick(g, k)
}

// fleeOrKick is medium's escape without a safe cell: step to the least
// dangerous neighbour, or else kick the first kickable thing away.
func (t *arenaTurn) fleeOrKick(g arenaGrid, k int) {
	if moves := g.validMoves(t.me); len(moves) > 0 {
		t.moveTo(g.leastDangerous(moves, k))
		return
	}
	if ks := g.kickables(g.cell[t.me]); len(ks) > 0 {
		t.face(ks[0].dir)
		t.do(arena.Kick)
	}
}

func (t *arenaTurn) mainMedium() {
	for round := 0; round < 10 && t.running(); round++ {
		g := t.grid()
		threat := g.threat()
		k := t.actions()
		var kept []games.Move
		for _, m := range g.candidates(t.facing()) {
			if g.keptByMedium(m, k, threat, t.facing()) {
				kept = append(kept, m)
			}
		}
		if len(kept) == 0 {
			moves := g.validMoves(t.me)
			if len(moves) == 0 {
				return
			}
			t.moveTo(g.leastDangerous(moves, k))
			continue
		}
		t.do(kept[t.rng.Pick(len(kept))])
	}
}

// keptByMedium is medium's safety filter of one candidate.
func (g *arenaGrid) keptByMedium(m games.Move, k int, threat uint64, facing int) bool {
	me := g.cell[g.me]
	switch {
	case m < 4:
		return g.moveSafe(arena.Step(me, int(m)), k, threat)
	case m == arena.Place:
		return g.safeAfter(true, arena.Step(me, facing), k, facing)
	case m == arena.Kick:
		return g.safeAfter(false, arena.Step(me, facing), k, facing)
	}
	return true // face
}

// moveSafe: a move to m is safe if m is, or (with more than one action
// left) some cell reachable from m with the actions after the move is.
func (g *arenaGrid) moveSafe(m, k int, threat uint64) bool {
	if threat&(1<<m) == 0 {
		return true
	}
	if k <= 1 {
		return false
	}
	for _, c := range g.reach(m, k-1, g.me) {
		if threat&(1<<c) == 0 {
			return true
		}
	}
	return false
}
