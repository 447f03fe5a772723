package ai

import (
	"math"

	"github.com/tabulagames/tabula/games/rng"
)

// What the knights expert (knights_expert.go) reads off its board: the
// territory of each knight, and the longest path through a region its
// knight has to itself.

// bfs fills x.dist[s] with the knight-jump distance from seat s's knight
// to every square through empty squares (math.MaxInt16 = unreachable).
func (x *kx) bfs(s int) {
	d := x.dist[s]
	for i := range d {
		d[i] = math.MaxInt16
	}
	q := x.queue[:0]
	d[x.pos[s]] = 0
	q = append(q, int16(x.pos[s]))
	for i := 0; i < len(q); i++ {
		sq := q[i]
		for _, j := range x.jumps[sq] {
			if !x.blocked[j] && d[j] == math.MaxInt16 {
				d[j] = d[sq] + 1
				q = append(q, j)
			}
		}
	}
	x.queue = q
}

// territory gives, for every knight in play, the squares it reaches
// strictly first, counted as the longest path their colours allow; and
// whether my knight's reachable squares are reached by nobody else.
func (x *kx) territory(est *[4]int) (alone bool) {
	var cnt [4][2]int
	for s := 0; s < x.seats; s++ {
		if x.inPlay(s) {
			x.bfs(s)
		}
	}
	alone = true
	for sq, b := range x.blocked {
		if b {
			continue
		}
		owner, best, tie := -1, int16(math.MaxInt16), false
		for s := 0; s < x.seats; s++ {
			if !x.inPlay(s) {
				continue
			}
			d := x.dist[s][sq]
			if d < best {
				owner, best, tie = s, d, false
			} else if d == best && d != math.MaxInt16 {
				tie = true
			}
			if s != x.me && d != math.MaxInt16 && x.dist[x.me][sq] != math.MaxInt16 {
				alone = false
			}
		}
		if owner >= 0 && !tie {
			cnt[owner][x.color[sq]]++
		}
	}
	for s := 0; s < x.seats; s++ {
		if x.inPlay(s) {
			est[s] = pathBound(cnt[s], x.color[x.pos[s]])
		}
	}
	return alone
}

// pathBound is the longest path a knight on a square of colour c can make
// through cnt[0] + cnt[1] squares: it alternates colours, starting with
// the other one.
func pathBound(cnt [2]int, c uint8) int {
	a, b := cnt[1-c], cnt[c]
	if a > b {
		return 2*b + 1
	}
	return 2 * a
}

// eval scores a position that goes on, for me: my territory against the
// largest other one, then my mobility.
func (x *kx) eval() int {
	var est [4]int
	x.territory(&est)
	other := 0
	for s := 0; s < x.seats; s++ {
		if s != x.me && x.inPlay(s) {
			other = max(other, est[s])
		}
	}
	return 100*(est[x.me]-other) + 10*x.mobility(x.pos[x.me])
}

// solveAlone chooses the move that starts the longest knight path through
// my region, searched depth-first within the budget.
func (x *kx) solveAlone(mine []int, own *rng.Stream) int {
	scores := make([]float64, len(mine))
	share := (x.budget - x.nodes) / int64(len(mine))
	for i, m := range mine {
		x.blocked[m] = true
		cnt := x.region(m)
		best := 0
		stop := x.nodes + share
		x.longest(m, 0, &cnt, &best, stop)
		x.blocked[m] = false
		scores[i] = float64(best)
		if x.stopped && x.ctx.Err() != nil {
			break // cancelled: the moves not searched score 0
		}
		x.stopped = false // this move's share is spent, not the budget
	}
	return pickBest(mine, scores, own)
}

// region counts, by colour, the empty squares reachable from sq.
func (x *kx) region(sq int) [2]int {
	s := x.me
	saved := x.pos[s]
	x.pos[s] = sq
	x.bfs(s)
	x.pos[s] = saved
	var cnt [2]int
	for q, d := range x.dist[s] {
		if d != math.MaxInt16 && q != sq {
			cnt[x.color[q]]++
		}
	}
	return cnt
}

// longest searches the paths from sq (already blocked), depth jumps made,
// for the longest; cnt counts the region's squares not yet on the path.
func (x *kx) longest(sq, depth int, cnt *[2]int, best *int, stop int64) {
	if depth > *best {
		*best = depth
	}
	x.nodes++
	if x.nodes >= stop || (x.nodes&255 == 0 && poll(x.ctx) != nil) {
		x.stopped = true
	}
	if x.stopped || depth+pathBound(*cnt, x.color[sq]) <= *best {
		return
	}
	var buf [8]int
	next := buf[:0]
	for _, j := range x.jumps[sq] {
		if !x.blocked[j] {
			next = append(next, int(j))
		}
	}
	var mob [8]int
	for i, m := range next {
		mob[i] = x.mobility(m)
	}
	for i := 1; i < len(next); i++ { // fewest onward moves first (Warnsdorff)
		for k := i; k > 0 && mob[k] < mob[k-1]; k-- {
			next[k], next[k-1] = next[k-1], next[k]
			mob[k], mob[k-1] = mob[k-1], mob[k]
		}
	}
	for _, j := range next {
		x.blocked[j] = true
		cnt[x.color[j]]--
		x.longest(j, depth+1, cnt, best, stop)
		cnt[x.color[j]]++
		x.blocked[j] = false
		if x.stopped {
			return
		}
	}
}
