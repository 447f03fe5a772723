package ai

import (
	"github.com/tabulagames/tabula/games"
	"github.com/tabulagames/tabula/games/arena"
)

// The hard bot (section 8.6), the original's third procedure: an ice
// attack, an escape, then every candidate action scored.

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
