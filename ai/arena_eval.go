package ai

import (
	"math/bits"

	"github.com/tabulagames/tabula/games"
	"github.com/tabulagames/tabula/games/arena"
)

// How the arena expert (arena_search.go) scores a position.

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
