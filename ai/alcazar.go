package ai

import (
	"context"
	"slices"

	"github.com/tabulagames/tabula/games"
	"github.com/tabulagames/tabula/games/alcazar"
)

// Alcazar bots (shared/rules/alcazar.md section 10). easy is random;
// medium, hard and expert are the generic AlphaBeta over single
// placements, deepening by whole turns (MinDepth/DepthStep), with a node
// budget. The last placements of a line (the second placement, or the
// whole last turn) are played at the horizon by AlphaBeta.Leaf in a tight
// loop on alcazar.Sim values, with the search's window, so every score is
// taken right after a movement phase. Inner nodes are ordered by
// simulating each placement, the table is keyed by State.Hash (pieces,
// facings, hands, crown, first placement and its square, turn when a turn
// limit is set) and symmetric positions keep one drop per class of
// mirror images. A forced pass is simply the only legal move of its seat,
// so the search plays it like any other move (never scored as a loss).

// alcazarWeights is the evaluation of section 10: piece value x square
// multiplier (in hundredths), truncated, per (number, square, facing).
type alcazarWeights struct {
	Value                      [6]int // by piece number (index 0 unused)
	Centre                     int    // multipliers in hundredths
	CornerOut, CornerIn        int
	SideOut, SideIn, SideAlong int
}

var alcazarOriginal = alcazarWeights{
	Value:  [6]int{0, 80, 120, 140, -40, 100},
	Centre: 200, CornerOut: 70, CornerIn: 155,
	SideOut: 70, SideIn: 170, SideAlong: 100,
}

type alcazarEval struct {
	score [10][alcazar.Cells][4]int32 // for piece index p = seat*5+n-1, from seat 0's view
}

func newAlcazarEval(w alcazarWeights) *alcazarEval {
	e := &alcazarEval{}
	for p := 0; p < 10; p++ {
		n := p%5 + 1
		sign := 1
		if p >= 5 {
			sign = -1
		}
		for _, sq := range alcazar.BoardSquares {
			for d := 0; d < 4; d++ {
				t := alcazar.Next(sq, d)
				var m int
				switch {
				case sq == alcazar.Centre:
					m = w.Centre
				case alcazar.OnEdge(t):
					if isCorner(sq) {
						m = w.CornerOut
					} else {
						m = w.SideOut
					}
				case isCorner(sq):
					m = w.CornerIn
				case t == alcazar.Centre:
					m = w.SideIn
				default:
					m = w.SideAlong
				}
				e.score[p][sq][d] = int32(sign * (w.Value[n] * m / 100))
			}
		}
	}
	return e
}

func isCorner(sq int) bool {
	f, r := sq%5, sq/5
	return (f == 1 || f == 3) && (r == 1 || r == 3)
}

// eval scores the pieces on the board (waiting pieces count nothing) for seat.
func (e *alcazarEval) eval(st games.State, seat int) int {
	s, ok := st.(*alcazar.State)
	if !ok {
		return 0
	}
	_, pos, dir := s.RawRef()
	return e.raw(pos, dir, seat)
}

func (e *alcazarEval) raw(pos, dir *[10]int8, seat int) int {
	var v int32
	for p, sq := range pos {
		if sq >= 0 { // the table is 0 off the board: waiting pieces count nothing
			v += e.score[p][sq][dir[p]&3]
		}
	}
	if seat == 1 {
		v = -v
	}
	return int(v)
}

// alcazarLeaf is the per-search state of the horizon: the last plies are
// played there in a tight loop on alcazar.Sim values (no allocation),
// with the search's window (fail-soft alpha-beta), and every reply is
// scored right after its movement phase, wins and draws included.
//
//   - after a first placement: the second placement is played here;
//   - at the start of a turn: with fullTurn, the whole turn (both
//     placements) is played here; without (medium), the evaluation.
type alcazarLeaf struct {
	e        *alcazarEval
	fullTurn bool
	killer   [2][2]games.Move // [first/second placement][seat]: last move that cut off
	killer2  [2][2]games.Move // the one before
	scratch  [64]int
}

func newAlcazarLeaf(e *alcazarEval, fullTurn bool) *alcazarLeaf {
	l := &alcazarLeaf{e: e, fullTurn: fullTurn}
	for i := range l.killer {
		l.killer[i] = [2]games.Move{games.NoMove, games.NoMove}
		l.killer2[i] = l.killer[i]
	}
	return l
}

func (l *alcazarLeaf) leaf(st games.State, seat, ply, alpha, beta int) (int, int) {
	s, ok := st.(*alcazar.State)
	if !ok {
		return 0, 1
	}
	x := s.Sim()
	if x.SecondPlacement() {
		return l.reply(&x, seat, ply, alpha, beta)
	}
	if l.fullTurn {
		return l.turn(&x, seat, ply, alpha, beta)
	}
	return l.e.raw(x.Pos(), x.Dir(), seat), 1
}

// killerFirst moves the killer k to the front of moves.
func killerFirst(moves []games.Move, k games.Move) {
	if k == games.NoMove {
		return
	}
	for i, m := range moves {
		if m == k {
			copy(moves[1:i+1], moves[:i])
			moves[0] = k
			return
		}
	}
}

// turn plays both placements of a turn from its start.
func (l *alcazarLeaf) turn(x *alcazar.Sim, seat, ply, alpha, beta int) (int, int) {
	mover := x.ToMove()
	var buf [64]games.Move
	moves := x.AppendLegal(buf[:0])
	killerFirst(moves, l.killer2[0][mover])
	killerFirst(moves, l.killer[0][mover])
	maximizing := mover == seat
	best := WinScore + 1
	if maximizing {
		best = -WinScore - 1
	}
	work := 0
	for _, m := range moves {
		y := *x
		y.Play(m)
		v, n := l.reply(&y, seat, ply+1, alpha, beta)
		work += n + 1
		if maximizing {
			if v > best {
				best = v
				alpha = max(alpha, v)
			}
		} else if v < best {
			best = v
			beta = min(beta, v)
		}
		if alpha >= beta {
			if l.killer[0][mover] != m {
				l.killer2[0][mover] = l.killer[0][mover]
				l.killer[0][mover] = m
			}
			break
		}
	}
	return best, work
}

// reply plays the second placement of a turn and scores every result.
// It walks the legal moves without building their list (most calls stop
// after one or two): the killer first, then piece by piece.
func (l *alcazarLeaf) reply(x *alcazar.Sim, seat, ply, alpha, beta int) (int, int) {
	mover := x.ToMove()
	maximizing := mover == seat
	best := WinScore + 1
	if maximizing {
		best = -WinScore - 1
	}
	work := 0
	try := func(m games.Move) bool {
		work++
		y := *x
		status, winner := y.Play(m)
		var v int
		switch status {
		case games.Win:
			v = WinScore - (ply + 1)
			if winner != seat {
				v = -v
			}
		case games.Draw:
			v = 0
		default:
			v = l.e.raw(y.Pos(), y.Dir(), seat)
		}
		if maximizing {
			if v > best {
				best = v
				if best >= beta {
					l.killer[1][mover] = m
					return true
				}
			}
		} else if v < best {
			best = v
			if best <= alpha {
				l.killer[1][mover] = m
				return true
			}
		}
		return false
	}
	if x.HandEmpty() {
		try(alcazar.Pass)
		return best, work
	}
	k := l.killer[1][mover]
	if kn, ksq, _ := alcazar.DecodeMove(k); k != games.NoMove && k != alcazar.Pass && x.CanDrop(kn, ksq) {
		if try(k) {
			return best, work
		}
	} else {
		k = games.NoMove
	}
	for n := 1; n <= 5; n++ {
		if !x.InHand(n) {
			continue
		}
		for _, sq := range alcazar.EdgeSquares {
			if !x.Free(sq) {
				continue
			}
			if m := alcazar.Drop(n, sq); m != k && try(m) {
				return best, work
			}
		}
	}
	return best, work
}

// order sorts the moves of an inner node best-first: a second placement by
// what it gives right after the phase, a first placement by what it would
// give if the other seat dropped nothing, plus the original's hints.
func (l *alcazarLeaf) order(st games.State, moves []games.Move) {
	s, ok := st.(*alcazar.State)
	if !ok || len(moves) <= 1 {
		return
	}
	x := s.Sim()
	mover := x.ToMove()
	second := x.SecondPlacement()
	score := l.scratch[:len(moves)]
	alcazarHints(st, moves, score)
	for i, m := range moves {
		if score[i] <= -900 {
			// Evidently bounces: as if nothing were dropped; try it last.
			score[i] -= MaxEval / 2
			continue
		}
		if second {
			score[i] = 0
		}
		y := x
		var status games.Status
		var winner int
		if second {
			status, winner = y.Play(m)
		} else {
			status, winner = y.Alone(m)
		}
		switch status {
		case games.Win:
			score[i] = -MaxEval
			if winner == mover {
				score[i] = MaxEval
			}
		case games.Draw:
			score[i] = 0
		default:
			score[i] += l.e.raw(y.Pos(), y.Dir(), mover)
		}
	}
	sortByScore(moves, score)
}

// The eight symmetries of the square, as maps on grid squares and facings.
var alcazarSym [8]struct {
	sq  [alcazar.Cells]int8
	dir [4]int8
}

func init() {
	// (x, y) relative to c3 -> image, for the 8 elements of D4.
	maps := [8]func(x, y int) (int, int){
		func(x, y int) (int, int) { return x, y },
		func(x, y int) (int, int) { return -y, x },
		func(x, y int) (int, int) { return -x, -y },
		func(x, y int) (int, int) { return y, -x },
		func(x, y int) (int, int) { return -x, y },
		func(x, y int) (int, int) { return x, -y },
		func(x, y int) (int, int) { return y, x },
		func(x, y int) (int, int) { return -y, -x },
	}
	dvec := [4][2]int{{0, 1}, {1, 0}, {0, -1}, {-1, 0}} // N E S W
	for g, f := range maps {
		for sq := 0; sq < alcazar.Cells; sq++ {
			x, y := f(sq%5-2, sq/5-2)
			alcazarSym[g].sq[sq] = int8((y+2)*5 + x + 2)
		}
		for d, v := range dvec {
			x, y := f(v[0], v[1])
			for d2, v2 := range dvec {
				if v2[0] == x && v2[1] == y {
					alcazarSym[g].dir[d] = int8(d2)
				}
			}
		}
	}
}

// alcazarMoves is the legal list with mirror-symmetry pruning: when the
// position is its own image under some symmetries of the square, only one
// drop of each class of equivalent drops is kept.
func alcazarMoves(st games.State, seat int) []games.Move {
	moves := st.Legal(seat)
	s, ok := st.(*alcazar.State)
	if !ok || len(moves) <= 1 {
		return moves
	}
	stab := alcazarStabilizer(s)
	if len(stab) == 0 {
		return moves
	}
	out := moves[:0]
	for _, m := range moves {
		_, sq, _ := alcazar.DecodeMove(m)
		if m == alcazar.Pass {
			out = append(out, m)
			continue
		}
		keep := true
		for _, g := range stab {
			if int(alcazarSym[g].sq[sq]) < sq {
				keep = false
				break
			}
		}
		if keep {
			out = append(out, m)
		}
	}
	return out
}

// alcazarStabilizer lists the symmetries of the square (other than the
// identity) that map the position onto itself.
func alcazarStabilizer(s *alcazar.State) []int {
	_, pos, dir := s.RawRef()
	var stab []int
	for g := 1; g < 8; g++ {
		sym := &alcazarSym[g]
		same := true
		for p, sq := range pos {
			if sq < 0 {
				continue
			}
			// The image of piece p must be piece p itself.
			if int8(sym.sq[sq]) != sq || sym.dir[dir[p]] != dir[p] {
				same = false
				break
			}
		}
		if same {
			stab = append(stab, g)
		}
	}
	return stab
}

// alcazarVariant picks, from the bot's seeded stream, one of the drops
// equivalent to m by a symmetry of the position. alcazarMoves searched
// only one drop of each class, so without this a bot would open every
// game on the same square whatever its seed, and Play again between two
// bots could replay the very same game.
func alcazarVariant(st games.State, seat int, m games.Move, seed uint64) games.Move {
	s, ok := st.(*alcazar.State)
	n, sq, _ := alcazar.DecodeMove(m)
	if !ok || m == alcazar.Pass || sq < 0 {
		return m
	}
	images := []games.Move{m}
	for _, g := range alcazarStabilizer(s) {
		if img := alcazar.Drop(n, int(alcazarSym[g].sq[sq])); !slices.Contains(images, img) {
			images = append(images, img)
		}
	}
	return images[rngFor(seed^0xA1CA2A, st, seat).IntN(len(images))]
}

// alcazarOrder sorts placements by the original's hints alone.
func alcazarOrder(st games.State, moves []games.Move) {
	if len(moves) <= 1 {
		return
	}
	score := make([]int, len(moves))
	alcazarHints(st, moves, score)
	sortByScore(moves, score)
}

// alcazarHints scores moves by the original's ordering hints.
func alcazarHints(st games.State, moves []games.Move, score []int) {
	s, ok := st.(*alcazar.State)
	if !ok {
		return
	}
	cell, pos, dir := s.RawRef()
	seat := st.ToMove()[0]
	crown := s.Crown()
	oppOnBoard := 0
	for p := (1 - seat) * 5; p < (1-seat)*5+5; p++ {
		if pos[p] >= 0 && alcazar.OnBoard(int(pos[p])) {
			oppOnBoard++
		}
	}
	// slot of piece p this turn: lower acts first
	slot := func(p int) int {
		sl := (p % 5) * 2
		if p/5 != crown {
			sl++
		}
		return sl
	}
	for i, m := range moves {
		n, sq, _ := alcazar.DecodeMove(m)
		score[i] = 0
		if m == alcazar.Pass {
			continue
		}
		v := 0
		t := alcazar.Next(sq, alcazar.Inward(sq))
		if q := int(cell[t]) - 1; q >= 0 && n != 4 {
			me := seat*5 + n - 1
			later := slot(q) > slot(me)
			facing := alcazar.Next(t, int(dir[q])) == sq
			if (q%5 != 0 || n == 1) && (later || facing) {
				v -= 1000
			}
		}
		if n == 4 && oppOnBoard >= 2 {
			v += 50
		}
		switch sq {
		case 2, 22, 10, 14: // c1 c5 a3 e3
			v += 20
		}
		score[i] = v
	}
}

var alcazarBase = newAlcazarEval(alcazarOriginal)

// alcazarBot searches whole turns: medium one turn (the end of the current
// turn), hard and expert deeper by iterative deepening, within a node budget.
type alcazarBot struct {
	o     Options
	turns int   // deepest search, in whole turns
	nodes int64 // node budget (Options.Nodes overrides)
	e     *alcazarEval
}

func newAlcazarBot(o Options, turns int, nodes int64, e *alcazarEval) *alcazarBot {
	if o.Nodes > 0 {
		nodes = o.Nodes
	}
	return &alcazarBot{o: o, turns: turns, nodes: nodes, e: e}
}

// searcher configures AlphaBeta for a root: the horizon plies are chosen
// so that every iteration covers whole turns.
func (b *alcazarBot) searcher(st games.State) *AlphaBeta {
	second := false
	if s, ok := st.(*alcazar.State); ok {
		second = s.SecondPlacement()
	}
	l := newAlcazarLeaf(b.e, b.turns > 1)
	ab := &AlphaBeta{
		Eval:      b.e.eval,
		Leaf:      l.leaf,
		Order:     l.order,
		Moves:     alcazarMoves,
		DepthStep: 2,
		Nodes:     b.nodes,
		Time:      b.o.Time,
		TTBits:    18,
		Seed:      b.o.Seed,
	}
	switch {
	case b.turns <= 1: // one ply from the second placer; from the first, the leaf replies
		ab.MaxDepth = 1
	case second: // plies 1, 3, 5 ... end at a turn's start; the leaf plays one more turn
		ab.MinDepth, ab.MaxDepth = 1, 2*b.turns-3
	default: // plies 2, 4, 6 ... likewise
		ab.MinDepth, ab.MaxDepth = 2, 2*b.turns-2
	}
	return ab
}

// turnsOf converts a finished iteration's plies to whole turns.
func (b *alcazarBot) turnsOf(st games.State, plies int) int {
	if plies == 0 {
		return 0
	}
	if b.turns <= 1 {
		return 1
	}
	if s, ok := st.(*alcazar.State); ok && s.SecondPlacement() {
		return (plies+1)/2 + 1
	}
	return plies/2 + 1
}

// Search runs the search and reports the depth in whole turns.
func (b *alcazarBot) Search(ctx context.Context, st games.State, seat int) (Result, int, error) {
	r, err := b.searcher(st).Search(ctx, st, seat)
	return r, b.turnsOf(st, r.Depth), err
}

func (b *alcazarBot) Choose(ctx context.Context, st games.State, seat int) (games.Move, error) {
	r, _, err := b.Search(ctx, st, seat)
	if err != nil {
		return r.Move, err
	}
	return alcazarVariant(st, seat, r.Move, b.o.Seed), nil
}

func init() {
	Register(Spec{Game: "alcazar", Name: "easy", Level: 1,
		About: "Drops a random piece on a random edge square.",
		New:   func(o Options) Bot { return Random{Seed: o.Seed} }})
	Register(Spec{Game: "alcazar", Name: "medium", Level: 2,
		About: "Looks to the end of the turn, after the pieces move.",
		New:   func(o Options) Bot { return newAlcazarBot(o, 1, 100_000, alcazarBase) }})
	Register(Spec{Game: "alcazar", Name: "hard", Level: 3,
		About: "Looks up to four whole turns ahead.",
		New:   func(o Options) Bot { return newAlcazarBot(o, 4, 300_000, alcazarBase) }})
	Register(Spec{Game: "alcazar", Name: "expert", Level: 4,
		About: "Looks further ahead than Hard.",
		New:   func(o Options) Bot { return newAlcazarBot(o, 10, 3_000_000, alcazarBase) },
		// Its full budget took 2.5 s on a busy two-core machine.
		HintNodes: 150_000})
}
