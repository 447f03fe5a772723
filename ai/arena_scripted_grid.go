package ai

import (
	"math/bits"

	"github.com/tabulagames/tabula/games"
	"github.com/tabulagames/tabula/games/arena"
)

// The definitions the scripted procedures share (section 8.3): the map as
// they read it, what reaches where, what a blast threatens, the candidate
// actions.

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
