package ai

import (
	"context"
	"fmt"
	"sync"

	"github.com/tabulagames/tabula/games"
	"github.com/tabulagames/tabula/games/checkerboard"
)

// Checkerboard four-in-a-row bots (shared/rules/checkerboard.md section 9).
//
// The evaluation is the spec's window evaluation: every group of `line`
// consecutive squares inside a side's target half that holds k >= 1 marks
// of that side and none of the other adds 10^(k-1) to that side. hard adds
// threat knowledge on top: a threat is an empty square where a side would
// win at once (checked through the rules, so FIFO and overlines count);
// the side to move with a threat wins, a side with two threats that the
// mover cannot both block (a double threat) wins next turn, and a mover
// that can make a double threat while the other side has no threat (a
// fork: an open three and the like) is close to winning.
//
// Move ordering scores each empty square by how much it changes the window
// evaluation (building own windows in the target half, spoiling the
// opponent's), with immediate wins first, then blocks, then squares that
// make two threats at once.

// cbGeom holds the windows of one (size, line) pair.
type cbGeom struct {
	n, line int
	// win[s] lists the windows inside seat s's target half, line cells each.
	win [2][]int16
	// of[sq] lists the windows (of the seat whose target holds sq) that
	// contain sq.
	of [][]int16
}

var (
	cbGeomMu    sync.Mutex
	cbGeomCache = map[[2]int]*cbGeom{}
)

func cbGeomFor(s *checkerboard.State) *cbGeom {
	key := [2]int{s.Size(), s.LineLength()}
	cbGeomMu.Lock()
	defer cbGeomMu.Unlock()
	if g, ok := cbGeomCache[key]; ok {
		return g
	}
	n, line := key[0], key[1]
	g := &cbGeom{n: n, line: line, of: make([][]int16, n*n)}
	dirs := [4][2]int{{1, 0}, {0, 1}, {1, 1}, {1, -1}}
	for seat := 0; seat < 2; seat++ {
		lo, hi := s.TargetRanks(seat)
		for r := lo; r <= hi; r++ {
			for f := 0; f < n; f++ {
				for _, d := range dirs {
					ef, er := f+(line-1)*d[0], r+(line-1)*d[1]
					if ef < 0 || ef >= n || er < lo || er > hi {
						continue
					}
					w := int16(len(g.win[seat]) / line)
					for i := 0; i < line; i++ {
						sq := (r+i*d[1])*n + f + i*d[0]
						g.win[seat] = append(g.win[seat], int16(sq))
						g.of[sq] = append(g.of[sq], w)
					}
				}
			}
		}
	}
	cbGeomCache[key] = g
	return g
}

// cbMaxWindows bounds the windows of one half (12x12 with line 3: 188).
const cbMaxWindows = 256

// cbCounts counts, for every window of each seat's target half, the marks
// of that seat (own) and of the other (other).
type cbCounts struct {
	own, other [2][cbMaxWindows]uint8
}

func (g *cbGeom) count(cells []int8, c *cbCounts) {
	line := g.line
	for seat := 0; seat < 2; seat++ {
		w := g.win[seat]
		for i, k := 0, 0; i < len(w); i, k = i+line, k+1 {
			var own, other uint8
			for _, sq := range w[i : i+line] {
				switch cells[sq] {
				case int8(seat):
					own++
				case int8(1 - seat):
					other++
				}
			}
			c.own[seat][k], c.other[seat][k] = own, other
		}
	}
}

var pow10 = [...]int{1, 10, 100, 1000, 10_000, 100_000, 1_000_000}

// windowScore is the spec's window evaluation of one seat.
func (g *cbGeom) windowScore(c *cbCounts, seat int) int {
	v := 0
	nw := len(g.win[seat]) / g.line
	for k := 0; k < nw; k++ {
		if own := c.own[seat][k]; own > 0 && c.other[seat][k] == 0 {
			v += pow10[own-1]
		}
	}
	return v
}

// threats counts the distinct squares where seat would win at once (at
// most 2: that is all the evaluation needs).
func (g *cbGeom) threats(s *checkerboard.State, cells []int8, c *cbCounts, seat int) int {
	line := g.line
	nw := len(g.win[seat]) / line
	var first int16 = -1
	for k := 0; k < nw; k++ {
		if int(c.own[seat][k]) != line-1 || c.other[seat][k] != 0 {
			continue
		}
		for _, sq := range g.win[seat][k*line : (k+1)*line] {
			if cells[sq] == -1 && sq != first && s.WinsAt(seat, games.Move(sq)) {
				if first >= 0 {
					return 2
				}
				first = sq
			}
		}
	}
	if first >= 0 {
		return 1
	}
	return 0
}

// fork reports whether seat has an empty square that would give it two
// threats at once (an open three and the like), judged from the windows:
// a window with line-2 of seat's marks and two empty squares a, b turns
// b into a threat when seat plays a.
func (g *cbGeom) fork(cells []int8, c *cbCounts, seat int) bool {
	line := g.line
	nw := len(g.win[seat]) / line
	var made [maxCbSq]int16 // first threat square each placement makes, +1
	for k := 0; k < nw; k++ {
		if int(c.own[seat][k]) != line-2 || c.other[seat][k] != 0 {
			continue
		}
		a, b := int16(-1), int16(-1)
		for _, sq := range g.win[seat][k*line : (k+1)*line] {
			if cells[sq] == -1 {
				if a < 0 {
					a = sq
				} else {
					b = sq
				}
			}
		}
		for _, p := range [2][2]int16{{a, b}, {b, a}} {
			switch at, t := p[0], p[1]+1; made[at] {
			case 0:
				made[at] = t
			case t:
			default:
				return true
			}
		}
	}
	return false
}

const maxCbSq = 144

const (
	cbWinSoon   = 200_000 // the side to move wins next placement
	cbWinDouble = 100_000 // a double threat the mover cannot stop
	cbWinFork   = 50_000  // the mover can make a double threat, unopposed
)

// cbEval is the window evaluation for seat, with threats when asked. The
// geometry is looked up once per search (at the first call).
func cbEval(threats bool) Eval {
	var g *cbGeom
	return func(st games.State, seat int) int {
		s := st.(*checkerboard.State)
		if g == nil || g.n != s.Size() || g.line != s.LineLength() {
			g = cbGeomFor(s) // a bot may be reused for a game with other rules
		}
		cells := s.Cells()
		var c cbCounts
		g.count(cells, &c)
		if !threats {
			return g.windowScore(&c, seat) - g.windowScore(&c, 1-seat)
		}
		v := g.windowScore(&c, seat) - g.windowScore(&c, 1-seat)
		mover := s.Mover()
		sign := 1
		if mover != seat {
			sign = -1
		}
		if g.threats(s, cells, &c, mover) > 0 {
			return v + sign*cbWinSoon
		}
		nt := g.threats(s, cells, &c, 1-mover)
		if nt >= 2 {
			return v - sign*cbWinDouble
		}
		if nt == 0 && g.fork(cells, &c, mover) {
			return v + sign*cbWinFork
		}
		return v
	}
}

// cbScores scores the moves for the seat to move (higher first).
func cbScores(g *cbGeom, s *checkerboard.State, moves []games.Move, scores []int) {
	cells := s.Cells()
	var c cbCounts
	g.count(cells, &c)
	me := s.Mover()
	half := g.n / 2
	line := g.line
	for i, m := range moves {
		sq := int(m)
		ts := 1 // whose target holds the square
		if sq/g.n >= half {
			ts = 0
		}
		v, makes := 0, 0
		win, block := false, false
		for _, w := range g.of[sq] {
			own, other := int(c.own[ts][w]), int(c.other[ts][w])
			if ts == me {
				if other == 0 {
					v += pow10[own] - pow10[max(own-1, 0)]*min(own, 1)
					if own == line-1 {
						win = true
					}
					if own == line-2 {
						makes++
					}
				}
			} else if other == 0 && own > 0 {
				v += pow10[own-1]
				if own == line-1 {
					block = true
				}
			}
		}
		switch {
		case win && s.WinsAt(me, m):
			v += 1 << 40
		case block && s.WinsAt(1-me, m):
			v += 1 << 39
		case makes >= 2:
			v += pow10[line-1]
		}
		scores[i] = v
	}
}

// cbSort sorts moves by score, best first; equal scores keep their order.
func cbSort(moves []games.Move, scores []int) {
	for i := 1; i < len(moves); i++ {
		m, v := moves[i], scores[i]
		j := i
		for ; j > 0 && scores[j-1] < v; j-- {
			moves[j], scores[j] = moves[j-1], scores[j-1]
		}
		moves[j], scores[j] = m, v
	}
}

// cbOrder is the move ordering as an Order (one per search).
func cbOrder() Order {
	var g *cbGeom
	return func(st games.State, moves []games.Move) {
		s, ok := st.(*checkerboard.State)
		if !ok {
			return
		}
		if g == nil || g.n != s.Size() || g.line != s.LineLength() {
			g = cbGeomFor(s)
		}
		var buf [144]int
		scores := buf[:len(moves)]
		cbScores(g, s, moves, scores)
		cbSort(moves, scores)
	}
}

// cbEasy is the scripted easy bot of section 9.
type cbEasy struct{ seed uint64 }

func (b cbEasy) Choose(ctx context.Context, st games.State, seat int) (games.Move, error) {
	s, ok := st.(*checkerboard.State)
	if !ok {
		return games.NoMove, fmt.Errorf("not a checkerboard game")
	}
	legal := st.Legal(seat)
	if len(legal) == 0 {
		return games.NoMove, fmt.Errorf("seat %d has no legal move", seat)
	}
	rng := rngFor(b.seed, st, seat)
	s = s.Clone().(*checkerboard.State) // WinsAt touches the board for a moment
	var blocks, home []games.Move
	for _, m := range legal {
		if s.WinsAt(seat, m) {
			return m, nil
		}
		if s.WinsAt(1-seat, m) {
			blocks = append(blocks, m)
		}
		if s.InTarget(seat, int(m)/s.Size()) {
			home = append(home, m)
		}
	}
	switch {
	case len(blocks) > 0:
		return blocks[rng.IntN(len(blocks))], nil
	case len(home) > 0:
		return home[rng.IntN(len(home))], nil
	}
	return legal[rng.IntN(len(legal))], nil
}

// Budgets. hard's default takes about a second a move on the reference
// machine (see BenchmarkCheckerboardHard).
const (
	cbMediumNodes = 1_000_000 // far more than two plies ever need
	cbHardNodes   = 500_000
)

func cbMedium(o Options) Bot {
	nodes := o.Nodes
	if nodes == 0 {
		nodes = cbMediumNodes
	}
	return &AlphaBeta{Eval: cbEval(false), Order: cbOrder(), MaxDepth: 2, Nodes: nodes, Time: o.Time, TTBits: 12, Seed: o.Seed}
}

// cbHard searches every move with the full evaluation (window score,
// threats, double threats, forks) and the ordering of cbOrder. It must not
// narrow the moves below the root: the quiet-looking blocks that hold a
// position are exactly the ones a narrow search cuts (measured: a 14- or
// 32-move width lost every game as O against medium).
type cbHard struct{ o Options }

func (b cbHard) Choose(ctx context.Context, st games.State, seat int) (games.Move, error) {
	r, err := b.search(ctx, st, seat)
	return r.Move, err
}

func (b cbHard) search(ctx context.Context, st games.State, seat int) (Result, error) {
	nodes := b.o.Nodes
	if nodes == 0 {
		nodes = cbHardNodes
	}
	if _, ok := st.(*checkerboard.State); !ok {
		return Result{Move: games.NoMove}, fmt.Errorf("not a checkerboard game")
	}
	// Even depths only: an odd horizon ends on hard's own placement and
	// leaves the opponent's answer unseen, which made hard play its own
	// attack while the opponent's grew (measured: it lost every game as O
	// against medium at the depths where the last iteration was odd).
	ab := &AlphaBeta{Eval: cbEval(true), Order: cbOrder(), Nodes: nodes, Time: b.o.Time, TTBits: 18, Seed: b.o.Seed,
		MinDepth: 2, DepthStep: 2}
	r, err := ab.Search(ctx, st, seat)
	// Lost against perfect play, but only some plies away: rather than the
	// slowest loss, play the move a search too shallow to see the loss
	// likes best, so an imperfect opponent still has to find the win.
	if err == nil && r.Score < -MaxEval && r.Nodes < nodes {
		if plies := WinScore + r.Score; plies > 3 {
			hope := *ab
			hope.MaxDepth, hope.Nodes = plies-2, nodes-r.Nodes
			if h, err := hope.Search(ctx, st, seat); err == nil && h.Score > -MaxEval {
				h.Nodes += r.Nodes
				return h, nil
			}
		}
	}
	return r, err
}

func init() {
	Register(Spec{Game: "checkerboard", Name: "easy", Level: 1,
		About: "Takes a win or blocks yours when it sees one; otherwise plays anywhere.",
		New:   func(o Options) Bot { return cbEasy{seed: o.Seed} }})
	Register(Spec{Game: "checkerboard", Name: "medium", Level: 2,
		About: "Looks two moves ahead and counts the rows still open to each side.",
		New:   cbMedium})
	Register(Spec{Game: "checkerboard", Name: "hard", Level: 3,
		About: "Looks many moves ahead and sets up double threats; thinks about a second a move.",
		New:   func(o Options) Bot { return cbHard{o: o} },
		// Its full budget took up to 5 s on a busy two-core machine.
		HintNodes: 40_000})
}
