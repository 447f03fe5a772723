package ai

import (
	"context"
	"errors"
	"math"
	"math/bits"
	"sort"
	"time"

	"github.com/tabulagames/tabula/games"
	"github.com/tabulagames/tabula/games/arena"
	"github.com/tabulagames/tabula/games/rng"
)

// Arena bots (shared/rules/arena.md section 8). easy, medium and hard are
// the original's procedures, played on a scratch copy of the game: each
// plans its whole turn at once from the stream of 8.1, and the plan is the
// list of the actions that were legal when the procedure asked for them.
// expert (ours, section 8.7, at the end of this file) searches whole turns
// and the opponent's answers.

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

// firstOfPlan is the first action of a planner's plan as a move.
func firstOfPlan(ctx context.Context, p Planner, st games.State, seat int, seed int64) (games.Move, error) {
	plan, err := p.Plan(ctx, Decision{View: st.Clone(), Seat: seat, Seed: seed})
	if err != nil {
		return games.NoMove, err
	}
	return st.ParseMove(seat, plan[0])
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
	return !t.done && t.st.ActionsLeft() > 0 && t.ctx.Err() == nil
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

// ---- hard (8.6) ----

// iceAttack is hard's step 1 (Freezer only).
func (t *arenaTurn) iceAttack() {
	if t.p.Chars[t.me] != arena.Freezer || t.actions() == 0 {
		return
	}
	g := t.grid()
	for _, step := range g.iceAttackSteps(t.actions(), t.facing()) {
		if t.done || t.actions() == 0 {
			return
		}
		t.do(step)
	}
}

// iceAttackSteps finds the first of the three ice attacks of 8.6 step 1
// and returns its steps (nil if none applies).
func (g *arenaGrid) iceAttackSteps(k, facing int) []games.Move {
	me, opp := g.cell[g.me], g.cell[1-g.me]
	faceSteps := func(d, from int) []games.Move {
		if d == from {
			return nil
		}
		return []games.Move{arena.FaceTo(d)}
	}
	for _, e := range g.kickables(me) {
		if g.thing[e.cell] != arena.Ice {
			continue
		}
		ce := g.chainEnd(e.cell, e.dir)
		if arena.Step(ce.target, e.dir) == opp && g.safeAfter(false, e.cell, k, facing) {
			return append(faceSteps(e.dir, facing), arena.Kick)
		}
	}
	for d := 0; d < 4; d++ {
		f := arena.Step(me, d)
		if g.thing[f] != arena.Floor {
			continue
		}
		if hit, _ := g.runHits(f, d); hit && k >= 2 && g.safeAfter(true, f, k, facing) {
			return append(faceSteps(d, facing), arena.Place, arena.Kick)
		}
	}
	if k < 3 {
		return nil
	}
	for _, m := range g.validMoves(g.me) {
		for d := 0; d < 4; d++ {
			f := arena.Step(m, d)
			if g.thing[f] != arena.Floor {
				continue
			}
			if hit, _ := g.runHits(f, d); hit {
				// The original drops the move to m: the bot turns, places
				// and kicks from where it stands.
				dm := dirTo(me, m)
				steps := append(faceSteps(dm, facing), faceSteps(d, dm)...)
				return append(steps, arena.Place, arena.Kick)
			}
		}
	}
	return nil
}

// escapeHard is hard's step 2.
func (t *arenaTurn) escapeHard() {
	g := t.grid()
	me := g.cell[t.me]
	threat := g.threat()
	if t.done || threat&(1<<me) == 0 {
		return
	}
	k := t.actions()
	if safe := g.safeCells(me, k, threat); len(safe) > 0 {
		var best []int
		bestScore := 0
		for _, s := range safe {
			p, ok := g.path(me, s, k)
			if !ok {
				continue
			}
			score := 100 - len(p) + 2*len(g.reach(s, t.p.Actions, t.me))
			if best == nil || score > bestScore {
				best, bestScore = p, score
			}
		}
		t.walk(best)
		return
	}
	if moves := g.validMoves(t.me); len(moves) > 0 {
		t.moveTo(g.leastDangerous(moves, k))
	}
	g = t.grid()
	k = t.actions()
	opp := g.cell[t.opp]
	chosen, bestScore := -1, 0
	ks := g.kickables(g.cell[t.me])
	for i, e := range ks {
		if !g.safeAfter(false, e.cell, k, e.dir) {
			continue
		}
		score := 0
		ce := g.chainEnd(e.cell, e.dir)
		if ce.kind == arena.Bomb && g.blastRange(ce.target)&(1<<opp) != 0 {
			score += 100
			if g.thing[e.cell] == arena.Bomb && g.timer[e.cell] <= 2 {
				score += 50
			}
		}
		if ce.kind == arena.Ice && arena.Step(ce.target, e.dir) == opp {
			score += 80
		}
		if chosen < 0 || score > bestScore {
			chosen, bestScore = i, score
		}
	}
	if chosen >= 0 {
		t.face(ks[chosen].dir)
		t.do(arena.Kick)
	}
}

// mainHard is hard's step 3: score every candidate, play the best.
func (t *arenaTurn) mainHard() {
	for round := 0; round < 10 && t.running(); round++ {
		g := t.grid()
		threat := g.threat()
		cands := g.candidates(t.facing())
		if len(cands) == 0 {
			return
		}
		best, bestScore := -1, 0.0
		for i, m := range cands {
			score, ok := g.hardScore(m, t.actions(), threat, t.facing(), t.st.HP(t.opp))
			if !ok {
				continue
			}
			score += 5 * t.rng.Draw()
			if best < 0 || score > bestScore {
				best, bestScore = i, score
			}
		}
		if best >= 0 {
			t.do(cands[best])
			continue
		}
		moves := g.validMoves(t.me)
		if threat&(1<<g.cell[t.me]) == 0 || len(moves) == 0 {
			return
		}
		t.moveTo(g.leastDangerous(moves, t.actions()))
	}
}

// hardScore scores one candidate of hard's main loop; ok is false when the
// candidate is skipped.
func (g *arenaGrid) hardScore(m games.Move, k int, threat uint64, facing, oppHP int) (float64, bool) {
	me, opp := g.cell[g.me], g.cell[1-g.me]
	freezer := g.p.Chars[g.me] == arena.Freezer
	front := arena.Step(me, facing)
	score := 0.0
	switch {
	case m < 4:
		to := arena.Step(me, int(m))
		if !g.moveSafe(to, k, threat) {
			return 0, false
		}
		if freezer {
			if sameLine(to, opp) {
				score += 15
				if g.clearLine(to) {
					score += 25
				}
			}
			if arena.Manhattan(to, opp) < arena.Manhattan(me, opp) {
				score += 10
			}
		}
		score += 0.5 * float64(len(g.reach(to, g.p.Actions, g.me)))
	case m == arena.Place:
		if !g.safeAfter(true, front, k, facing) {
			return 0, false
		}
		if freezer {
			score += g.freezerPlaceScore(front)
		} else {
			score += g.bomberPlaceScore(front)
		}
		if g.empty() {
			score += 30
		}
	case m == arena.Kick:
		if !g.safeAfter(false, front, k, facing) {
			return 0, false
		}
		if g.thing[front] == arena.Bomb || g.thing[front] == arena.Ice {
			score += g.kickScore(front, facing, oppHP)
		}
	}
	return score, true
}

func (g *arenaGrid) bomberPlaceScore(front int) float64 {
	opp := g.cell[1-g.me]
	score := 0.0
	if g.blastRange(front)&(1<<opp) != 0 {
		score += 50
	}
	after := *g
	after.thing[front], after.timer[front] = arena.Bomb, g.p.BombTimer
	after.bombs |= 1 << front
	switch n := len(after.safeCells(opp, g.p.Actions, after.threat())); {
	case n == 0:
		score += 100
	case n <= 2:
		score += 25
	}
	return score
}

func (g *arenaGrid) freezerPlaceScore(front int) float64 {
	opp := g.cell[1-g.me]
	score := 0.0
	if sameLine(front, opp) {
		score += 30
		if arena.Manhattan(front, opp) <= 3 {
			score += 20
		}
	}
	anyHit, nearest := false, -1
	for d := 0; d < 4; d++ {
		hit, stop := g.runHits(front, d)
		anyHit = anyHit || hit
		if dist := arena.Manhattan(stop, opp); !hit && (nearest < 0 || dist < nearest) {
			nearest = dist
		}
	}
	if anyHit {
		score += 50
	} else if nearest <= 2 {
		score += 25
	}
	score += 10
	if len(g.reach(opp, g.p.Actions, 1-g.me)) < 8 {
		score += 15
	}
	return score
}

func (g *arenaGrid) kickScore(front, facing, oppHP int) float64 {
	opp := g.cell[1-g.me]
	ce := g.chainEnd(front, facing)
	score := 0.0
	if ce.kind == arena.Bomb {
		if g.blastRange(ce.target)&(1<<opp) != 0 {
			score += 30
			if g.timer[ce.last] <= 2 {
				score += 20
			}
		}
		return score
	}
	if arena.Step(ce.target, facing) == opp {
		score += 80
		if oppHP <= 2 {
			score += 40
		}
	}
	switch arena.Manhattan(ce.target, opp) {
	case 0, 1:
		score += 35
	case 2:
		score += 20
	case 3:
		score += 10
	}
	if sameLine(ce.target, opp) {
		score += 25
		if g.clearLine(ce.target) {
			score += 15
		}
	}
	return score
}

// ---- shared definitions (8.3) ----

// arenaGrid is the map as section 8.3 reads it, seen by seat me.
type arenaGrid struct {
	thing [arena.Cells]arena.Thing
	timer [arena.Cells]int
	bombs uint64
	cell  [2]int // the players' cells
	me    int
	h     int // horizon
	p     *arena.Params
}

func (g *arenaGrid) empty() bool {
	for _, c := range arena.FloorCells() {
		if g.thing[c] == arena.Bomb || g.thing[c] == arena.Ice {
			return false
		}
	}
	return true
}

func isObject(t arena.Thing) bool { return t == arena.Bomb || t == arena.Ice }

// reach is the breadth-first search reach(o, k, who): the cells at most k
// steps from o, in discovery order, o first.
func (g *arenaGrid) reach(o, k, who int) []int {
	if k < 0 {
		return nil
	}
	other := g.cell[1-who]
	out := make([]int, 1, 20)
	out[0] = o
	var dist [arena.Cells]int8
	seen := uint64(1) << o
	for q := 0; q < len(out); q++ {
		c := out[q]
		if int(dist[c]) == k {
			continue
		}
		for d := 0; d < 4; d++ {
			n := arena.Step(c, d)
			t := g.thing[n]
			if seen&(1<<n) != 0 || t == arena.WallCell || isObject(t) || n == other {
				continue
			}
			seen |= 1 << n
			dist[n] = dist[c] + 1
			out = append(out, n)
		}
	}
	return out
}

// threat is threat(h): the blast of every bomb with a timer of at most
// h + 1 and of every bomb those reach.
func (g *arenaGrid) threat() uint64 {
	var due uint64
	for b := g.bombs; b != 0; b &= b - 1 {
		if c := bits.TrailingZeros64(b); g.timer[c] <= g.h+1 {
			due |= 1 << c
		}
	}
	_, blast := arena.Detonate(due, g.bombs)
	return blast
}

// safeCells is safeCells(o, k): the cells of reach(o, k, Me) outside threat.
func (g *arenaGrid) safeCells(o, k int, threat uint64) []int {
	var out []int
	for _, c := range g.reach(o, k, g.me) {
		if threat&(1<<c) == 0 {
			out = append(out, c)
		}
	}
	return out
}

// validMoves are the free neighbours of who's cell, N, S, W, E.
func (g *arenaGrid) validMoves(who int) []int {
	var out []int
	for d := 0; d < 4; d++ {
		if n := arena.Step(g.cell[who], d); g.thing[n] == arena.Floor {
			out = append(out, n)
		}
	}
	return out
}

// chain is chainEnd's answer: the last object of a run, what it is, and
// where a kick would slide it.
type chain struct {
	last, target int
	kind         arena.Thing
}

func (g *arenaGrid) chainEnd(c, d int) chain {
	last := c
	for isObject(g.thing[arena.Step(last, d)]) {
		last = arena.Step(last, d)
	}
	target := last
	for g.thing[arena.Step(target, d)] == arena.Floor {
		target = arena.Step(target, d)
	}
	return chain{last: last, target: target, kind: g.thing[last]}
}

// canKick: the cell after the run of objects from c in direction d is free.
func (g *arenaGrid) canKick(c, d int) bool {
	for isObject(g.thing[c]) {
		c = arena.Step(c, d)
	}
	return g.thing[c] == arena.Floor
}

// kickable is one entry of kickables(o).
type kickable struct{ cell, dir int }

func (g *arenaGrid) kickables(o int) []kickable {
	var out []kickable
	for d := 0; d < 4; d++ {
		if n := arena.Step(o, d); isObject(g.thing[n]) && g.canKick(n, d) {
			out = append(out, kickable{n, d})
		}
	}
	return out
}

// safeAfter is safeAfter(kind, c, k): whether the bot is still safe after
// placing on c (place) or kicking c while facing facing.
func (g *arenaGrid) safeAfter(place bool, c, k, facing int) bool {
	if place && g.empty() {
		return k > 1 || len(g.validMoves(g.me)) > 0
	}
	after := *g
	switch {
	case place && g.p.Chars[g.me] == arena.Bomber:
		after.thing[c], after.timer[c] = arena.Bomb, g.p.BombTimer
		after.bombs |= 1 << c
	case place:
		after.thing[c] = arena.Ice
	case isObject(g.thing[c]):
		ce := g.chainEnd(c, facing)
		after.thing[ce.last], after.thing[ce.target] = arena.Floor, ce.kind
		after.timer[ce.target] = g.timer[ce.last]
		if ce.kind == arena.Bomb {
			after.bombs = after.bombs&^(1<<ce.last) | 1<<ce.target
		}
	}
	threat := after.threat()
	me := after.cell[g.me]
	return threat&(1<<me) == 0 || len(after.safeCells(me, k-1, threat)) > 0
}

// leastDangerous picks from cells the first with the highest danger score.
func (g *arenaGrid) leastDangerous(cells []int, k int) int {
	threat := g.threat()
	best, bestScore := -1, 0
	for _, m := range cells {
		score := 10*len(g.reach(m, k-1, g.me)) + 20*len(g.safeCells(m, k-1, threat))
		for b := g.bombs; b != 0; b &= b - 1 {
			c := bits.TrailingZeros64(b)
			score += arena.Manhattan(c, m) * (5 - g.timer[c])
		}
		if best < 0 || score > bestScore {
			best, bestScore = m, score
		}
	}
	return best
}

// path is path(o, t, k): the directions of a shortest walk over free cells
// from o to t expanding no cell at depth k; ok is false if there is none.
func (g *arenaGrid) path(o, t, k int) (dirs []int, ok bool) {
	var from [arena.Cells]int8 // the direction that led to a cell
	var dist [arena.Cells]int8
	queue := []int{o}
	seen := uint64(1) << o
	for q := 0; q < len(queue); q++ {
		c := queue[q]
		if c == t {
			for c != o {
				d := int(from[c])
				dirs = append(dirs, d)
				c = arena.Step(c, arena.Opposite(d))
			}
			for i, j := 0, len(dirs)-1; i < j; i, j = i+1, j-1 {
				dirs[i], dirs[j] = dirs[j], dirs[i]
			}
			return dirs, true
		}
		if int(dist[c]) == k {
			continue
		}
		for d := 0; d < 4; d++ {
			n := arena.Step(c, d)
			if seen&(1<<n) != 0 || g.thing[n] != arena.Floor {
				continue
			}
			seen |= 1 << n
			from[n], dist[n] = int8(d), dist[c]+1
			queue = append(queue, n)
		}
	}
	return nil, false
}

// runHits walks from c in direction d: a hit if it meets Opp before a wall,
// an object or Me; stop is the last cell walked onto.
func (g *arenaGrid) runHits(c, d int) (hit bool, stop int) {
	opp := g.cell[1-g.me]
	for {
		n := arena.Step(c, d)
		if n == opp {
			return true, c
		}
		if g.thing[n] != arena.Floor {
			return false, c
		}
		c = n
	}
}

func sameLine(a, b int) bool {
	return arena.File(a) == arena.File(b) || arena.Rank(a) == arena.Rank(b)
}

// clearLine: c shares a rank or file with Opp and no wall or object stands
// strictly between them.
func (g *arenaGrid) clearLine(c int) bool {
	opp := g.cell[1-g.me]
	if !sameLine(c, opp) {
		return false
	}
	if c == opp {
		return true
	}
	d := dirTo(c, opp)
	for n := arena.Step(c, d); n != opp; n = arena.Step(n, d) {
		if t := g.thing[n]; t == arena.WallCell || isObject(t) {
			return false
		}
	}
	return true
}

// blastRange is blastRange(c): c and, each way, the cells up to the first
// wall, stopping after the first bomb; no chaining.
func (g *arenaGrid) blastRange(c int) uint64 {
	out := uint64(1) << c
	for d := 0; d < 4; d++ {
		for n := arena.Step(c, d); g.thing[n] != arena.WallCell; n = arena.Step(n, d) {
			out |= 1 << n
			if g.thing[n] == arena.Bomb {
				break
			}
		}
	}
	return out
}

// candidates are the candidate actions of 8.3, in order.
func (g *arenaGrid) candidates(facing int) []games.Move {
	me, opp := g.cell[g.me], g.cell[1-g.me]
	var out []games.Move
	for d := 0; d < 4; d++ {
		if g.thing[arena.Step(me, d)] == arena.Floor {
			out = append(out, arena.MoveTo(d))
		}
	}
	for d := 0; d < 4; d++ {
		n := arena.Step(me, d)
		if d == facing || g.thing[n] == arena.WallCell || isObject(g.thing[n]) && !g.canKick(n, d) {
			continue
		}
		out = append(out, arena.FaceTo(d))
	}
	front := arena.Step(me, facing)
	if front == opp && g.thing[arena.Step(opp, facing)] == arena.Floor {
		out = append(out, arena.Kick)
	}
	if g.thing[front] == arena.Floor {
		out = append(out, arena.Place)
	}
	if isObject(g.thing[front]) && g.canKick(front, facing) {
		out = append(out, arena.Kick)
	}
	return out
}

// dirTo is the direction from a cell to another on its rank or file.
func dirTo(from, to int) int {
	switch {
	case arena.Rank(to) > arena.Rank(from):
		return arena.N
	case arena.Rank(to) < arena.Rank(from):
		return arena.S
	case arena.File(to) < arena.File(from):
		return arena.W
	}
	return arena.E
}

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

// ---- expert (ours, 8.7) ----

// arenaExpert searches whole turns: every distinct way its turn can end
// (turns are mostly reorderings of the same steps, and facing costs
// nothing, so the ways that reach the same position up to facing are
// merged), each answered by every distinct turn of the opponent, and
// scores the position after both ticks with arenaValue. Its own turns are
// searched best-first by their score before the answer, and an answer that
// already scores below the best turn found so far refutes a turn at once
// (alpha-beta on two plies of whole turns). Draws come only from its own
// stream (8.1), to break ties among equally scored turns.
//
// Every step of every enumeration counts against the node budget and
// polls the context. Listing its own turns may take half of the budget:
// with 10 actions a turn there can be some 100,000 of them, so they are
// listed shortest first (every turn of at most 0, 1, 2, ... actions), and
// a cut list still holds every turn up to some length, "end" at least.
type arenaExpert struct {
	nodes int64         // actions played in the search before it settles for what it has
	time  time.Duration // a cap on the thinking time on top (0: none)
	seed  int64         // for Choose
}

// arenaExpertNodes is the default budget of actions played per turn.
const arenaExpertNodes = 150_000

func newArenaExpert(o Options) arenaExpert {
	n := o.Nodes
	if n <= 0 {
		n = arenaExpertNodes
	}
	return arenaExpert{nodes: n, time: o.Time, seed: int64(o.Seed)}
}

func (b arenaExpert) Plan(ctx context.Context, d Decision) ([]string, error) {
	st, ok := d.View.(*arena.State)
	if !ok {
		return nil, errors.New("not an arena position")
	}
	if st.Status() != games.Ongoing {
		return nil, errors.New("the game is over")
	}
	if b.time > 0 {
		var cancel context.CancelFunc
		ctx, cancel = context.WithTimeout(ctx, b.time)
		defer cancel()
	}
	stream := rng.Own(d.Seed, d.Seat, d.Tokens)
	x := &expertSearch{ctx: ctx, budget: b.nodes, me: st.Mover(), p: st.Params(), rng: &stream}
	return x.plan(st), nil
}

// Choose is the first action of the plan (see arenaBot.Choose).
func (b arenaExpert) Choose(ctx context.Context, st games.State, seat int) (games.Move, error) {
	return firstOfPlan(ctx, b, st, seat, b.seed)
}

// Macros are the steps of the search: move D, place or kick facing D (a
// face first when needed), end. They are tried end first, then kicks and
// places (where a turn's threats come from), then moves.
const (
	macroPlace = 4 // + D
	macroKick  = 8 // + D
	macroEnd   = 12
)

var macroOrder = [...]int8{macroEnd, 8, 9, 10, 11, 4, 5, 6, 7, 0, 1, 2, 3}

// expertSearch is one decision of the expert.
type expertSearch struct {
	ctx    context.Context
	budget int64
	nodes  int64
	me     int
	p      arena.Params
	rng    *rng.Stream
	// Reused by every enumeration of a turn: the mid-turn and end keys seen.
	seen, ends map[uint64]struct{}
	// The enumeration under way stops once nodes reaches limit; it leaves
	// out turns of more than depth actions (noting so in short).
	limit int64
	depth int
	short bool
}

// candidate is one way the expert's turn can end (the position after it
// is replayed from the path when needed: most are never searched further).
type candidate struct {
	path   []int8
	key    uint64 // the end's TurnKey
	static int    // arenaValue of the end for the expert
	tie    uint32
}

const (
	arenaWin = 1_000_000
	// A position the side to move cannot survive (or the other cannot) is
	// nearly as good as the result itself.
	arenaDoomed = arenaWin / 2
	// A tie is being blasted too: worse than any position the expert is not
	// doomed in, better than one it is.
	arenaTie = -arenaDoomed / 2
	// Grave danger: a player who will need luck (the other's mistake, a
	// kick the evaluation does not see) to survive the tick after next.
	arenaGrave = arenaDoomed / 4
)

// plan searches and returns the tokens of the best turn found. Cancelled
// or out of budget, it keeps the best turn searched so far (at least the
// first, searched as far as it got), and before any turn was searched the
// best of those listed by their score alone.
func (x *expertSearch) plan(st *arena.State) []string {
	cands := x.ownTurns(st)
	x.limit, x.depth = x.budget, math.MaxInt
	for i := range cands {
		cands[i].tie = uint32(x.rng.Draw() * (1 << 32))
	}
	sort.Slice(cands, func(i, j int) bool {
		if cands[i].static != cands[j].static {
			return cands[i].static > cands[j].static
		}
		return cands[i].tie < cands[j].tie
	})
	best, alpha := -1, 0
	for i, c := range cands {
		if best >= 0 && x.stopped() {
			break
		}
		v := c.static
		if end := replay(st, c.path); end.Status() == games.Ongoing {
			var complete bool
			v, complete = x.answer(&end, alpha, best >= 0)
			if !complete && best >= 0 {
				break
			}
		}
		if best < 0 || v > alpha {
			best, alpha = i, v
		}
	}
	return x.tokens(st, cands[best].path)
}

// ownTurns lists the ways the expert's turn can end from st, with their
// scores, within half of the node budget: every turn of at most 0
// actions (end), then of at most 1, 2, ... (each pass lists them all
// again, in the order of the full enumeration), until a pass has left
// nothing out. A pass that the budget or the context cuts adds the turns
// it found to those of the pass before. The list is never empty: "end" is
// always legal while the game runs.
func (x *expertSearch) ownTurns(st *arena.State) []candidate {
	x.limit = x.budget / 2
	var cands []candidate
	for depth := 0; ; depth++ {
		x.depth, x.short = depth, false
		var found []candidate
		complete := x.eachTurnEnd(st, func(end *arena.State, path []int8) bool {
			found = append(found, candidate{path: append([]int8(nil), path...), key: end.TurnKey(), static: x.value(end)})
			return true
		})
		if !complete {
			cands = addNew(cands, found)
			break
		}
		cands = found
		if !x.short {
			break
		}
	}
	if len(cands) == 0 { // stopped before the first step
		end := replay(st, []int8{macroEnd})
		cands = []candidate{{path: []int8{macroEnd}, key: end.TurnKey(), static: x.value(&end)}}
	}
	return cands
}

// addNew appends to cands the candidates of more whose ends it lacks.
func addNew(cands, more []candidate) []candidate {
	have := make(map[uint64]bool, len(cands))
	for _, c := range cands {
		have[c.key] = true
	}
	for _, c := range more {
		if !have[c.key] {
			have[c.key] = true
			cands = append(cands, c)
		}
	}
	return cands
}

// stopped: the node budget of the enumeration under way is spent or the
// context is done.
func (x *expertSearch) stopped() bool {
	return x.nodes >= x.limit || x.ctx.Err() != nil
}

// answer is the value for the expert of its turn ending in st, the
// opponent's best answer taken: the lowest value over the opponent's turns.
// With cut set, it stops as soon as an answer scores alpha or less (the
// turn cannot beat the best one). complete is false when the budget or ctx
// stopped it first.
func (x *expertSearch) answer(st *arena.State, alpha int, cut bool) (v int, complete bool) {
	v = arenaWin + 1
	complete = x.eachTurnEnd(st, func(end *arena.State, _ []int8) bool {
		if val := x.value(end); val < v {
			v = val
		}
		return !cut || v > alpha
	}) || (cut && v <= alpha)
	return v, complete
}

// eachTurnEnd calls fn with every distinct position in which the turn of
// st's mover can end (the tick done) and the macros leading there, until
// fn returns false or the search is stopped (node limit, context); it
// reports whether it went through them all. Turns of more than x.depth
// actions are left out (x.short then says some were).
func (x *expertSearch) eachTurnEnd(st *arena.State, fn func(end *arena.State, path []int8) bool) bool {
	if x.seen == nil {
		x.seen, x.ends = map[uint64]struct{}{}, map[uint64]struct{}{}
	}
	clear(x.seen)
	clear(x.ends)
	return x.expand(st, st.Mover(), st.ActionsLeft(), nil, fn)
}

// expand goes on with a turn that had start actions at its start. Every
// macro but end spends an action, so a mid-turn key (which holds the
// actions left) is always reached after the same number of actions, and
// merging keys never hides a turn that a depth limit let through.
func (x *expertSearch) expand(st *arena.State, mover, start int, path []int8, fn func(*arena.State, []int8) bool) bool {
	for _, m := range macroOrder {
		if !macroLegal(st, mover, m) {
			continue
		}
		if m != macroEnd && start-st.ActionsLeft() >= x.depth {
			x.short = true
			continue
		}
		if x.stopped() {
			return false
		}
		next := *st
		playMacro(&next, mover, m)
		x.nodes++
		path := append(path, m)
		key := next.TurnKey()
		if next.Status() != games.Ongoing || next.Mover() != mover {
			if _, dup := x.ends[key]; dup {
				continue
			}
			x.ends[key] = struct{}{}
			if !fn(&next, path) {
				return false
			}
			continue
		}
		if _, dup := x.seen[key]; dup {
			continue
		}
		x.seen[key] = struct{}{}
		if !x.expand(&next, mover, start, path, fn) {
			return false
		}
	}
	return true
}

// macroLegal checks a macro without playing it.
func macroLegal(st *arena.State, mover int, m int8) bool {
	if m == macroEnd {
		return true
	}
	if st.ActionsLeft() == 0 {
		return false
	}
	at := st.PlayerCell(mover)
	d := int(m & 3)
	f := arena.Step(at, d)
	switch {
	case m < macroPlace:
		return st.At(f) == arena.Floor
	case m < macroKick:
		return st.At(f) == arena.Floor
	}
	switch st.At(f) {
	case arena.Player1, arena.Player2:
		return st.At(arena.Step(f, d)) == arena.Floor
	case arena.Bomb, arena.Ice:
		for isObject(st.At(f)) {
			f = arena.Step(f, d)
		}
		return st.At(f) == arena.Floor
	}
	return false
}

// playMacro plays a legal macro.
func playMacro(st *arena.State, mover int, m int8) {
	d := int(m & 3)
	switch {
	case m == macroEnd:
		_ = st.Play(arena.End)
	case m < macroPlace:
		_ = st.Play(arena.MoveTo(d))
	default:
		if st.Facing(mover) != d {
			_ = st.Play(arena.FaceTo(d))
		}
		if m < macroKick {
			_ = st.Play(arena.Place)
		} else {
			_ = st.Play(arena.Kick)
		}
	}
}

// replay plays a path of macros on a copy of st.
func replay(st *arena.State, path []int8) arena.State {
	end := *st
	mover := st.Mover()
	for _, m := range path {
		playMacro(&end, mover, m)
	}
	return end
}

// tokens writes a path of macros from st as action tokens.
func (x *expertSearch) tokens(st *arena.State, path []int8) []string {
	facing := st.Facing(x.me)
	var out []string
	for _, m := range path {
		d := int(m & 3)
		switch {
		case m == macroEnd:
			out = append(out, "end")
		case m < macroPlace:
			out = append(out, "move "+arena.DirNames[d])
		default:
			if facing != d {
				out = append(out, "face "+arena.DirNames[d])
				facing = d
			}
			if m < macroKick {
				out = append(out, "place")
			} else {
				out = append(out, "kick")
			}
		}
	}
	return out
}

// value is arenaValue for the expert's seat.
func (x *expertSearch) value(st *arena.State) int {
	switch st.Status() {
	case games.Win:
		if st.Winner() == x.me {
			return arenaWin
		}
		return -arenaWin
	case games.Draw:
		if st.CalmDrawn() { // no one was hurt in 200 turns: even
			return 0
		}
		return arenaTie
	}
	return arenaValue(st, x.me)
}

// arenaValue scores an ongoing position at the start of a turn for seat
// me. The seat to move is T, the other O. What decides games is who is
// caught by the next blasts, so it looks at the next three ticks. Bombs due
// now (timer 1) blow up at the end of T's turn, when O cannot move: O
// standing in their blast is as good as dead, and T is if it cannot reach
// a cell out of it; both is a tie. T must also end its turn out of the
// blasts of the bombs due within two ticks (it cannot move during O's
// turn), and O its next turn out of those due within three: a player who
// cannot is in grave danger; otherwise every such cell within reach of a
// turn's actions (up to a few) counts. Then health, and a Freezer's kick
// that can hit this turn (place then kick along a clear lane, or kick ice
// already there).
func arenaValue(st *arena.State, me int) int {
	p := st.Params()
	t := st.Mover()
	o := 1 - t
	sign := 1 // from T's side to me's
	if t != me {
		sign = -1
	}
	m := st.Map()
	tc, oc := st.PlayerCell(t), st.PlayerCell(o)
	var bombs uint64
	var due [4]uint64 // due[k]: bombs with a timer of at most k
	for _, c := range arena.FloorCells() {
		if m[c] == arena.Bomb {
			bombs |= 1 << c
			for k := st.Timer(c); k <= 3; k++ {
				due[k] |= 1 << c
			}
		}
	}
	blast := func(k int) uint64 {
		_, b := arena.Detonate(due[k], bombs)
		return b
	}
	free := freeCells(&m)
	reachT := spread(1<<tc, free, p.Actions)
	escapes := reachT&^blast(1) != 0
	switch {
	case blast(1)&(1<<oc) != 0 && escapes:
		return sign * arenaDoomed
	case blast(1)&(1<<oc) != 0:
		return arenaTie
	case !escapes:
		return -sign * arenaDoomed
	}
	v := 0
	tSafe := bits.OnesCount64(reachT &^ blast(2))
	if tSafe == 0 {
		v -= arenaGrave
	}
	oSafe := bits.OnesCount64(spread(1<<oc, free, p.Actions) &^ blast(3))
	if oSafe == 0 {
		v += arenaGrave
	}
	v += 25*min(tSafe, 8) - 25*min(oSafe, 8)
	hpT, hpO := st.HP(t), st.HP(o)
	v += hpValue(hpT) - hpValue(hpO)
	if p.Chars[t] == arena.Freezer && canHit(&m, tc, oc, free, p.Actions) {
		if hpO == 1 {
			v += arenaGrave
		} else {
			v += (hpValue(hpO) - hpValue(hpO-1)) * 3 / 4
		}
	}
	if p.Chars[o] == arena.Freezer && canHit(&m, oc, tc, free, p.Actions) {
		v -= (hpValue(hpT) - hpValue(hpT-1)) / 4
	}
	return sign * v
}

func hpValue(h int) int { return 100*h - 300/max(h, 1) }

// freeCells is the set of free cells of a map.
func freeCells(m *[arena.Cells]arena.Thing) uint64 {
	var free uint64
	for _, c := range arena.FloorCells() {
		if m[c] == arena.Floor {
			free |= 1 << c
		}
	}
	return free
}

// spread grows a set of cells by up to k steps over free cells, all
// directions at once. The map's outer ring is wall, so a shift by one
// cell never wraps from one rank onto a free cell of the next.
func spread(from, free uint64, k int) uint64 {
	reach := from
	for i := 0; i < k; i++ {
		next := reach | (reach<<arena.Size|reach>>arena.Size|reach<<1|reach>>1)&free
		if next == reach {
			break
		}
		reach = next
	}
	return reach
}

// canHit reports whether the player on from can hit the player on target
// with ice within k actions: walk to a cell of a clear lane at least three
// cells from the target, place and kick (k - 2 actions to get there), or
// walk behind ice already in a lane and kick it (k - 1).
func canHit(m *[arena.Cells]arena.Thing, from, target int, free uint64, k int) bool {
	if k < 1 {
		return false
	}
	walk1, walk2 := spread(1<<from, free, k-1), uint64(0)
	if k >= 2 {
		walk2 = spread(1<<from, free, k-2)
	}
	for d := 0; d < 4; d++ {
		back := arena.Opposite(d) // from the target back along the lane
		c := arena.Step(target, back)
		for i := 1; ; i++ {
			switch m[c] {
			case arena.Floor:
				stand := arena.Step(c, back)
				if i >= 2 && walk2&(1<<stand) != 0 {
					return true
				}
			case arena.Ice:
				stand := arena.Step(c, back)
				if i >= 2 && walk1&(1<<stand) != 0 {
					return true
				}
			}
			if m[c] != arena.Floor {
				break
			}
			c = arena.Step(c, back)
		}
	}
	return false
}
