package ai

import (
	"context"

	"github.com/tabulagames/tabula/games"
	"github.com/tabulagames/tabula/games/knights"
)

// The knights expert's board (knights_expert.go): the rules of a turn
// played fast inside its search, and taken back.

// kWin is the value of a won game for the deciding seat.
const kWin = 1_000_000

// kUnseen is the square of a knight this seat does not see or that is out.
const kUnseen = -1

// kx is the expert's board: blocked squares, the knights in play, and
// the scratch of its searches.
type kx struct {
	n       int
	jumps   [][]int16
	color   []uint8
	ring    []int8
	blocked []bool
	seats   int
	pos     [4]int  // knight squares; kUnseen for a knight not in play
	alive   [4]bool // the public alive flags (a hidden knight is alive)
	score   [4]int
	idle    int
	turn    int
	shrink  int
	me      int

	// search
	ctx     context.Context
	budget  int64
	nodes   int64
	stopped bool
	dist    [4][]int16
	queue   []int16
	closed  []int16 // squares closed by shrinks in the search, a stack
}

func newKx(st *knights.State, me int, ctx context.Context, budget int64) *kx {
	n := st.Size()
	x := &kx{n: n, jumps: knights.JumpTable(n), color: make([]uint8, n*n), ring: make([]int8, n*n),
		blocked: make([]bool, n*n), seats: st.Seats(), me: me, idle: st.Idle(), turn: st.Turn(),
		shrink: st.ShrinkEvery(), ctx: ctx, budget: budget, queue: make([]int16, 0, n*n)}
	for sq := range x.blocked {
		kind, _ := st.Square(games.Move(sq))
		x.blocked[sq] = kind != knights.Empty
		x.color[sq] = uint8((sq/n + sq%n) & 1)
		x.ring[sq] = int8(st.Ring(games.Move(sq)))
	}
	for s := 0; s < 4; s++ {
		x.pos[s] = kUnseen
		x.dist[s] = make([]int16, n*n)
	}
	for s := 0; s < x.seats; s++ {
		x.alive[s], x.score[s] = st.Alive(s), st.Score(s)
		if at := st.KnightAt(s); st.Alive(s) && at != games.NoMove {
			x.pos[s] = int(at)
		}
	}
	return x
}

// inPlay reports whether seat's knight is alive and seen.
func (x *kx) inPlay(s int) bool { return x.alive[s] && x.pos[s] != kUnseen }

func (x *kx) moves(s int, out []int) []int {
	out = out[:0]
	for _, j := range x.jumps[x.pos[s]] {
		if !x.blocked[j] {
			out = append(out, int(j))
		}
	}
	return out
}

func (x *kx) mobility(sq int) int {
	m := 0
	for _, j := range x.jumps[sq] {
		if !x.blocked[j] {
			m++
		}
	}
	return m
}

// tick counts a node and reports whether the search must stop: the
// budget is spent or ctx is done. It polls ctx at every node: a node is
// an evaluation, a breadth-first search per knight (25 us on 16x16 with
// four knights), and polling every 256 let 6.8 ms of CPU pass between
// polls there (BenchmarkPollGaps); ctx.Err costs next to nothing.
func (x *kx) tick() bool {
	x.nodes++
	if x.nodes >= x.budget || poll(x.ctx) != nil {
		x.stopped = true
	}
	return x.stopped
}

// kFrame is what a turn changed, to take it back.
type kFrame struct {
	from   [4]int
	moved  [4]bool
	alive  [4]bool
	score  [4]int
	idle   int
	closed int // length of x.closed before the turn
}

// play resolves one turn: dest[s] for every knight in play (others
// ignored), with collisions, the shrink and the eliminations of the rules.
func (x *kx) play(dest *[4]int) kFrame {
	f := kFrame{from: x.pos, alive: x.alive, score: x.score, idle: x.idle, closed: len(x.closed)}
	jumped := false
	for s := 0; s < x.seats; s++ {
		if !x.inPlay(s) {
			continue
		}
		alone := true
		for o := 0; o < x.seats; o++ {
			if o != s && x.inPlay(o) && dest[o] == dest[s] {
				alone = false
			}
		}
		if alone {
			f.moved[s] = true
			jumped = true
		}
	}
	for s := 0; s < x.seats; s++ {
		if f.moved[s] {
			x.blocked[dest[s]] = true
			x.pos[s] = dest[s]
			x.score[s]++
		}
	}
	if jumped {
		x.idle = 0
	} else {
		x.idle++
	}
	x.turn++
	if x.shrink > 0 && x.turn%x.shrink == 0 {
		x.closeRing()
	}
	for s := 0; s < x.seats; s++ {
		if x.inPlay(s) && x.mobility(x.pos[s]) == 0 {
			x.alive[s] = false
		}
	}
	return f
}

func (x *kx) undo(f kFrame, dest *[4]int) {
	for len(x.closed) > f.closed {
		x.blocked[x.closed[len(x.closed)-1]] = false
		x.closed = x.closed[:len(x.closed)-1]
	}
	for s := 0; s < x.seats; s++ {
		if f.moved[s] {
			x.blocked[dest[s]] = false
		}
	}
	x.pos, x.alive, x.score, x.idle = f.from, f.alive, f.score, f.idle
	x.turn--
}

func (x *kx) closeRing() {
	ring := int8(-1)
	for sq, b := range x.blocked {
		if !b && (ring < 0 || x.ring[sq] < ring) {
			ring = x.ring[sq]
		}
	}
	for sq, b := range x.blocked {
		if !b && x.ring[sq] == ring {
			x.blocked[sq] = true
			x.closed = append(x.closed, int16(sq))
		}
	}
}

// terminal scores an ended game for me (section 7.5), or reports that it
// goes on. A hidden knight is alive and stays so.
func (x *kx) terminal() (int, bool) {
	alive, lastAlive := 0, -1
	for s := 0; s < x.seats; s++ {
		if x.alive[s] {
			alive++
			lastAlive = s
		}
	}
	switch {
	case alive == 1:
		if lastAlive == x.me {
			return kWin, true
		}
		return -kWin, true
	case alive == 0 || x.idle >= knights.StallTurns:
		return x.byScores(), true
	}
	if !x.alive[x.me] {
		return -kWin, true // out while others go on: lost whatever follows
	}
	return 0, false
}

// byScores values an end decided on squares: a win alone, a loss, or a
// shared win, priced below an even position (kTie).
func (x *kx) byScores() int {
	best, top := 0, 0
	for s := 0; s < x.seats; s++ {
		best = max(best, x.score[s])
	}
	for s := 0; s < x.seats; s++ {
		if x.score[s] == best {
			top++
		}
	}
	if x.score[x.me] != best {
		return -kWin
	}
	if top == 1 {
		return kWin
	}
	return -kTie
}
