package ai

import (
	"context"
	"fmt"
	"math/bits"
	"sort"

	"github.com/tabulagames/tabula/games"
	inf "github.com/tabulagames/tabula/games/infiltration"
)

// Infiltration bots (shared/rules/infiltration.md section 12). All three
// read the position through the rules engine's accessors, so every house
// rule is respected, and draw random numbers from their own seeded stream.
//
//   - easy: takes an immediate win; otherwise scores every action by a
//     two-ply look (its action and the best reply, static evaluation) and
//     picks at random among the better half. Places near the middle of its
//     home half with some randomness. Never swaps.
//   - medium: alpha-beta to four plies (5,000 nodes) with a transposition
//     table and a one-ply capture extension; seeded choice among equal
//     scores; the same pie decision as hard.
//   - hard: iterative-deepening alpha-beta with a transposition table and a
//     capture extension (quiescence) at the leaves, a node budget of about
//     one second; decides the pie swap by searching O's answers: it swaps
//     when the position is better for X.

// Default node budgets, counting the capture extension's nodes too.
const (
	infMediumNodes = 5_000
	infHardNodes   = 300_000
)

// infQuiesceCap bounds the capture extension of one evaluation: without
// a cap a position full of captures cost some moves tens of seconds (its
// nodes count in the budget, but a single evaluation could run long).
const infQuiesceCap = 16

// Evaluation weights, in centi-men.
var (
	infAdvance      = [8]int{0, 4, 9, 15, 24, 34, 46, 0} // a man this many ranks forward
	infLineWeight   = [4]int{0, 3, 14, 60}               // own pieces in an open four of the target half
	infManOnBoard   = 100
	infKingOnBoard  = 170
	infManInHand    = 92
	infKingInHand   = 150
	infThreatToMove = 2500 // the side to move can complete a four next action
	infThreat       = 120  // an open three the opponent must answer
	infFork         = 900  // two or more threats against a side that can block one
	infTempo        = 8
)

// infWinReach reports whether a piece of seat can step onto sq next
// action without coming from the squares of skip (the three of the line).
func infWinReach(s *inf.State, cells *[64]int8, seat, sq int, skip [4]int8) bool {
	for d := 0; d < 8; d++ {
		from := inf.Neighbor(sq, (d+4)%8) // the square sq is one step d from
		if from < 0 {
			continue
		}
		v := cells[from]
		if v == inf.Empty || int(v-1)>>1 != seat {
			continue
		}
		if skip[0] == int8(from) || skip[1] == int8(from) || skip[2] == int8(from) || skip[3] == int8(from) {
			continue
		}
		for _, dd := range s.Directions(v) {
			if dd == d {
				return true
			}
		}
	}
	return false
}

// infStatic scores a position for the side to move, without search.
func infStatic(s *inf.State) int {
	cells := s.Cells()
	me := s.Mover()
	var score [2]int
	for sq, v := range cells {
		if v == inf.Empty {
			continue
		}
		p := int(v-1) >> 1
		rank := sq / 8
		adv := rank
		if p == inf.O {
			adv = 7 - rank
		}
		if v == inf.XKing || v == inf.OKing {
			score[p] += infKingOnBoard
			if adv >= 4 {
				score[p] += 25
			}
		} else {
			score[p] += infManOnBoard + infAdvance[adv]
		}
	}
	for p := 0; p < 2; p++ {
		men, kings := s.Hand(p)
		score[p] += men*infManInHand + kings*infKingInHand
		threats := 0
		var threatSq [64]bool
		for _, l := range inf.TargetLines(p) {
			own, hole := 0, -1
			blocked := false
			for _, q := range l {
				v := cells[q]
				switch {
				case v == inf.Empty:
					hole = int(q)
				case int(v-1)>>1 == p:
					own++
				default:
					blocked = true
				}
			}
			if blocked {
				continue
			}
			score[p] += infLineWeight[min(own, 3)]
			if own == 3 && !threatSq[hole] && infWinReach(s, &cells, p, hole, l) {
				threatSq[hole] = true
				threats++
			}
		}
		switch {
		case threats > 0 && p == me:
			score[p] += infThreatToMove
		case threats >= 2:
			score[p] += infFork
		case threats == 1:
			score[p] += infThreat
		}
	}
	v := score[me] - score[1-me] + infTempo
	// Ahead with no progress: a draw is coming, so the lead is worth less.
	return v * (200 - s.NoProgress()) / 200
}

// infQuiesce extends the search along captures only: the side to move may
// stand pat (or drop, or step) with the static score, or capture.
func infQuiesce(s *inf.State, alpha, beta, depth int, nodes *int) int {
	stand := infStatic(s)
	if stand >= beta || depth == 0 || *nodes >= infQuiesceCap {
		return stand
	}
	alpha = max(alpha, stand)
	best := stand
	me := s.Mover()
	for _, m := range s.Captures() {
		*nodes++
		c := s.Clone().(*inf.State)
		if err := c.Play(m); err != nil {
			continue
		}
		var v int
		out := c.Outcome()
		switch {
		case out.Status == games.Win && out.Winners[0] == me:
			v = MaxEval - 1
		case out.Status == games.Win:
			v = -(MaxEval - 1)
		case out.Over():
			v = 0
		case c.Mover() == me: // a multi-jump goes on
			v = infQuiesce(c, alpha, beta, depth-1, nodes)
		default:
			v = -infQuiesce(c, -beta, -alpha, depth-1, nodes)
		}
		if v > best {
			best = v
			if v > alpha {
				alpha = v
			}
			if alpha >= beta {
				break
			}
		}
	}
	return best
}

// infExtended scores a position for seat with a capture extension of
// depth plies, and says how many captures the extension played.
func infExtended(st games.State, seat, depth int) (score, nodes int) {
	s, ok := st.(*inf.State)
	if !ok {
		return 0, 0
	}
	v := infQuiesce(s, -MaxEval, MaxEval, depth, &nodes)
	if s.Mover() != seat {
		v = -v
	}
	return max(-MaxEval+1, min(MaxEval-1, v)), nodes
}

// infEval is an ai.Eval with a capture extension of depth plies.
func infEval(depth int) Eval {
	return func(st games.State, seat int) int {
		v, _ := infExtended(st, seat, depth)
		return v
	}
}

// infLeaf is the same evaluation as an AlphaBeta.Leaf, so the captures
// the extension plays count in the search's node budget, like the nodes
// they are. Uncounted, up to 16 of them came free with every node: on a
// long game with free movement and 16 pieces a side, where captures
// abound, hard's 300,000 nodes took 14.5 s instead of about one second
// (BenchmarkPollGaps). The scores are the same as infEval's: the window
// is not used.
func infLeaf(depth int) func(st games.State, seat, ply, alpha, beta int) (int, int) {
	return func(st games.State, seat, ply, alpha, beta int) (int, int) {
		return infExtended(st, seat, depth)
	}
}

// infMoveScore ranks a move for ordering: captures first (kings and jumps
// into the target half before others), then promotions and advances, then
// drops towards the front.
func infMoveScore(s *inf.State, cells *[64]int8, m games.Move) int {
	kind, from, to := inf.Decode(m)
	me := s.Mover()
	adv := func(sq int) int {
		if me == inf.X {
			return sq / 8
		}
		return 7 - sq/8
	}
	switch kind {
	case inf.Capture:
		sc := 10000 + adv(to)*10
		if v := cells[(from+to)/2]; v == inf.XKing || v == inf.OKing {
			sc += 500
		}
		return sc
	case inf.Step:
		v := cells[from]
		if (v == inf.XMan || v == inf.OMan) && adv(to) == 7 && s.RuleSet().Kings {
			return 5000
		}
		sc := 1000 + adv(to)*10
		if v == inf.XKing || v == inf.OKing {
			sc -= 30
		}
		return sc
	case inf.PlaceMan, inf.PlaceKing:
		sc := 500 + adv(to)*10
		f := to % 8
		sc -= abs(2*f-7) * 2
		if kind == inf.PlaceKing {
			sc += 5
		}
		return sc
	}
	return 0
}

func abs(x int) int {
	if x < 0 {
		return -x
	}
	return x
}

func infOrder(st games.State, moves []games.Move) {
	s, ok := st.(*inf.State)
	if !ok {
		return
	}
	cells := s.Cells()
	scores := make([]int, len(moves))
	for i, m := range moves {
		scores[i] = infMoveScore(s, &cells, m)
	}
	sortByScore(moves, scores)
}

// infMoves are the legal moves without the pie swap: inside a search a
// swap changes nothing for the seat (the people exchange colours, not the
// position), so the bots decide it apart (infBot).
func infMoves(st games.State, seat int) []games.Move {
	legal := st.Legal(seat)
	out := legal[:0]
	for _, m := range legal {
		if m != inf.SwapMove {
			out = append(out, m)
		}
	}
	return out
}

// infBot wraps an alpha-beta search with the pie decision: when O may
// swap, it searches O's placements; a negative score means the position
// favours X, so taking it over (swap) is better. A search cut off before
// its first iteration finished has no score to go by: it does not swap.
type infBot struct {
	ab *AlphaBeta
}

func (b *infBot) Choose(ctx context.Context, st games.State, seat int) (games.Move, error) {
	r, err := b.ab.Search(ctx, st, seat)
	if err != nil {
		return r.Move, err
	}
	if s, ok := st.(*inf.State); ok && s.CanSwap() && r.Depth > 0 && r.Score < 0 {
		return inf.SwapMove, nil
	}
	return r.Move, nil
}

func infSearcher(o Options, depth int, nodes int64, qdepth, ttBits int) *AlphaBeta {
	if o.Nodes > 0 {
		nodes = o.Nodes
	}
	return &AlphaBeta{Eval: infEval(qdepth), Leaf: infLeaf(qdepth), Order: infOrder, Moves: infMoves, Key: infKey,
		MaxDepth: depth, Nodes: nodes, Time: o.Time, TTBits: ttBits, Seed: o.Seed}
}

// infKey tells positions apart by what the repetition rule counts as
// well: the same position seen once or twice before has different
// futures (a third time is a draw).
func infKey(st games.State) uint64 {
	s := st.(*inf.State)
	return s.Hash() ^ bits.RotateLeft64(s.PastHash(), 17)
}

// infEasy is the easy bot.
type infEasy struct{ seed uint64 }

func (b infEasy) Choose(ctx context.Context, st games.State, seat int) (games.Move, error) {
	s, ok := st.(*inf.State)
	moves := infMoves(st, seat)
	if len(moves) == 0 {
		return games.NoMove, fmt.Errorf("seat %d has no legal move", seat)
	}
	if !ok {
		return moves[0], nil
	}
	rng := rngFor(b.seed, st, seat)
	if s.Placement() {
		// Near the middle of the home half (ranks 2-3 or 6-7, files c-f), with noise.
		best, bestScore := moves[0], -1<<30
		for _, m := range moves {
			_, _, to := inf.Decode(m)
			f, r := to%8, to/8
			if seat == inf.O {
				r = 7 - r
			}
			sc := -abs(2*f-7)*2 - abs(2*r-3)*3 + rng.IntN(12)
			if sc > bestScore {
				best, bestScore = m, sc
			}
		}
		return best, nil
	}
	type scored struct {
		m games.Move
		v int
	}
	list := make([]scored, 0, len(moves))
	for _, m := range moves {
		// Each action costs a reply search: poll before every one.
		if poll(ctx) != nil {
			return moves[0], ctx.Err()
		}
		c := s.Clone().(*inf.State)
		if err := c.Play(m); err != nil {
			return games.NoMove, err
		}
		out := c.Outcome()
		if out.Status == games.Win && out.Winners[0] == seat {
			return m, nil // an immediate win
		}
		v := WinScore
		if out.Over() || c.Mover() == seat {
			v = infEasyScore(c, seat)
		} else { // the opponent answers with its best reply
			for _, r := range c.Legal(c.Mover()) {
				g := c.Clone().(*inf.State)
				if err := g.Play(r); err != nil {
					return games.NoMove, err
				}
				v = min(v, infEasyScore(g, seat))
			}
		}
		list = append(list, scored{m, v})
	}
	sort.SliceStable(list, func(i, j int) bool { return list[i].v > list[j].v })
	half := (len(list) + 1) / 2
	return list[rng.IntN(half)].m, nil
}

// infEasyScore scores a position for seat as easy sees it: won, lost,
// drawn, or the static evaluation from seat's side.
func infEasyScore(s *inf.State, seat int) int {
	out := s.Outcome()
	switch {
	case out.Status == games.Win && out.Winners[0] == seat:
		return WinScore
	case out.Status == games.Win:
		return -WinScore
	case out.Over():
		return 0
	case s.Mover() == seat:
		return infStatic(s)
	}
	return -infStatic(s)
}

func init() {
	Register(Spec{Game: "infiltration", Name: "easy", Level: 1,
		About: "Looks at your reply to each move, and often settles for a merely decent one.",
		New:   func(o Options) Bot { return infEasy{seed: o.Seed} }})
	Register(Spec{Game: "infiltration", Name: "medium", Level: 2,
		About: "Looks four moves ahead.",
		New: func(o Options) Bot {
			return &infBot{ab: infSearcher(o, 4, infMediumNodes, 1, 16)}
		}})
	Register(Spec{Game: "infiltration", Name: "hard", Level: 3,
		About: "Looks far ahead and follows every capture to the end; thinks about a second a move and knows when to swap sides.",
		New: func(o Options) Bot {
			return &infBot{ab: infSearcher(o, 0, infHardNodes, 4, 18)}
		},
		// Its full budget took up to 5 s on a busy two-core machine.
		HintNodes: 30_000})
}
