package ai

import (
	"context"
	"errors"
	"math"
	"time"

	"github.com/tabulagames/tabula/games"
	"github.com/tabulagames/tabula/games/knights"
	"github.com/tabulagames/tabula/games/rng"
)

// The knights expert (section 9.7, ours). It never touches the game's
// stream: its tie-breaks come from its own stream rng.Own(seed, seat,
// turns) (section 4.3). It decides on its seat's view only.
//
//   - When its knight's region is cut off from every other knight, it
//     solves that region: the longest knight path through its empty
//     squares (depth-first, fewest onward moves first, cut by the colour
//     count bound), as far as the budget allows.
//   - Otherwise it treats the turn as a simultaneous game: a matrix of its
//     moves against the other knights' joint moves, each entry scored by
//     a search of the turns after it, deepened while the budget lasts:
//     max-min over whole turns, the others answering each of its moves (a
//     paranoid bound), against every move of one other knight and the
//     likeliest few of each of two. Against three others one turn is
//     scored by the evaluation alone (measured stronger). It picks the
//     row with the best blend of the worst case and the expected value
//     under a model of the others: the faithful procedures' choices
//     (section 9), with some weight on every other move.
//   - The evaluation is territory: the squares each knight reaches
//     strictly first in knight jumps (a Voronoi split), counted as the
//     longest path their colours allow (a knight alternates colours).
//
// The rules' end conditions (last knight standing, everybody out, the
// stall, the shrinking ring) are played exactly inside the search.
//
// This file holds the bot and its search; knights_expert_board.go the
// board it searches on, knights_expert_territory.go the evaluation and the
// solver of a region its knight has to itself.

func init() {
	Register(Spec{Game: knights.ID, Name: "expert", Level: 3,
		About: "Guesses what the others will do, counts the squares each knight reaches first, and plays closed-off corners perfectly.",
		New: func(o Options) Bot {
			nodes := o.Nodes
			if nodes == 0 {
				nodes = kExpertNodes
			}
			return &kExpert{nodes: nodes, time: o.Time}
		}})
}

// kExpertNodes is the expert's default budget of searched positions:
// about 40 ms a move on 8x8 on the development machine.
const kExpertNodes = 15_000

// The weight of the worst case against the expected value under the
// model of the others, with one other knight and with several. Measured
// over 40-game matches against mobility: 1 (pure max-min) beat 0.5 and 0
// with one other knight.
const kLambda2, kLambdaN = 1.0, 0.25

// kTie is how much less than an even position a shared win is worth (30
// squares of territory): without it the expert settled for stalls at
// equal scores, a shared win, in a third of its games against mobility;
// with it, in a tenth.
const kTie = 3000

type kExpert struct {
	nodes int64
	time  time.Duration
}

// Choose decides without the game's seed (the own stream's seed is 0).
func (b *kExpert) Choose(ctx context.Context, st games.State, seat int) (games.Move, error) {
	d := ProgressOf(st, 0, 0)
	d.View, d.Seat = games.ViewOf(st, seat), seat
	return b.Decide(ctx, d)
}

func (b *kExpert) Decide(ctx context.Context, d Decision) (games.Move, error) {
	st, ok := d.View.(*knights.State)
	if !ok {
		return games.NoMove, errors.New("not a knights position")
	}
	legal := st.Legal(d.Seat)
	switch len(legal) {
	case 0:
		return games.NoMove, errors.New("this knight has no legal move")
	case 1:
		return legal[0], nil
	}
	if b.time > 0 {
		var cancel context.CancelFunc
		ctx, cancel = context.WithTimeout(ctx, b.time)
		defer cancel()
	}
	x := newKx(st, d.Seat, ctx, b.nodes)
	defer func() { addWork(ctx, x.nodes) }()
	own := rng.Own(d.Seed, d.Seat, d.Turns)
	return games.Move(x.decide(&own)), nil
}

// decide chooses my square.
func (x *kx) decide(own *rng.Stream) int {
	mine := x.moves(x.me, nil)
	var opps []int
	for s := 0; s < x.seats; s++ {
		if s != x.me && x.inPlay(s) {
			opps = append(opps, s)
		}
	}
	if poll(x.ctx) != nil {
		// Cancelled before it began: the square with the most onward
		// moves, without a search (the solver and the matrix poll ctx
		// only every 256 nodes).
		return x.fallback(mine, own)
	}
	var est [4]int
	if len(opps) == 0 || x.territory(&est) {
		return x.solveAlone(mine, own)
	}
	joints := x.jointModel(opps)
	lambda := kLambda2
	if len(opps) > 1 {
		lambda = kLambdaN
	}
	var scores []float64
	for depth := 1; depth <= 64; depth++ {
		m, ok := x.matrix(mine, joints, depth)
		if !ok {
			break
		}
		scores = make([]float64, len(mine))
		for i, row := range m {
			worst, mean := math.Inf(1), 0.0
			for j, v := range row {
				worst = math.Min(worst, float64(v))
				mean += joints[j].p * float64(v)
			}
			scores[i] = lambda*worst + (1-lambda)*mean
		}
		if x.stopped || len(opps) >= 3 {
			break // three others: one turn, measured stronger than searching deeper
		}
	}
	if scores == nil { // not even one turn searched: the best territory
		return x.fallback(mine, own)
	}
	return pickBest(mine, scores, own)
}

// pickBest is the move of the highest score, ties broken by my own stream.
func pickBest(moves []int, scores []float64, own *rng.Stream) int {
	best := math.Inf(-1)
	var top []int
	for i, s := range scores {
		switch {
		case s > best+1e-9:
			best, top = s, []int{moves[i]}
		case s >= best-1e-9:
			top = append(top, moves[i])
		}
	}
	if len(top) == 1 {
		return top[0]
	}
	return top[own.Pick(len(top))]
}

// fallback is the move to the square with the most onward moves.
func (x *kx) fallback(mine []int, own *rng.Stream) int {
	scores := make([]float64, len(mine))
	for i, m := range mine {
		x.blocked[m] = true
		scores[i] = float64(x.mobility(m))
		x.blocked[m] = false
	}
	return pickBest(mine, scores, own)
}

// kJoint is one joint move of the other knights and its probability
// under the model.
type kJoint struct {
	dest [4]int
	p    float64
}

// jointModel lists every joint move of the other knights in play with its
// probability: each knight independently plays as one of the faithful
// procedures would (their best squares, ties shared), with a fifth of its
// weight spread over all its moves.
func (x *kx) jointModel(opps []int) []kJoint {
	joints := []kJoint{{p: 1}}
	for _, o := range opps {
		moves := x.moves(o, nil)
		probs := x.likely(o, moves)
		var next []kJoint
		for _, j := range joints {
			for k, m := range moves {
				c := j
				c.dest[o] = m
				c.p *= probs[k]
				next = append(next, c)
			}
		}
		joints = next
	}
	return joints
}

// likely is the model of one knight: the squares the mobility, aggressor
// and balanced procedures rate best (without their random tie-breaks),
// each procedure a third of 80%, and 20% spread evenly.
func (x *kx) likely(o int, moves []int) []float64 {
	p := make([]float64, len(moves))
	for k := range p {
		p[k] = 0.2 / float64(len(moves))
	}
	filled := 0
	for _, b := range x.blocked {
		if b {
			filled++
		}
	}
	dens := float64(filled) / float64(len(x.blocked))
	ownMoves := func(c int) int { return x.mobility(c) }
	oppSum := func(c int) int {
		x.blocked[c] = true
		sum := 0
		for s := 0; s < x.seats; s++ {
			if s != o && x.inPlay(s) {
				sum += 8 - x.mobility(x.pos[s])
			}
		}
		x.blocked[c] = false
		return sum
	}
	procs := []func(c int) float64{
		func(c int) float64 { return float64(ownMoves(c)) },
		func(c int) float64 { return float64(2*oppSum(c) + ownMoves(c)) },
		func(c int) float64 { return float64(ownMoves(c))*(1-dens*0.5) + float64(oppSum(c))*dens*2 },
	}
	for _, score := range procs {
		best, top := math.Inf(-1), []int(nil)
		for k, m := range moves {
			switch s := score(m); {
			case s > best+1e-9:
				best, top = s, []int{k}
			case s >= best-1e-9:
				top = append(top, k)
			}
		}
		for _, k := range top {
			p[k] += 0.8 / 3 / float64(len(top))
		}
	}
	return p
}

// matrix scores every pair (my move, joint move of the others) by the
// position after it, searched depth-1 more turns; ok is false when the
// budget ran out before the matrix was complete.
func (x *kx) matrix(mine []int, joints []kJoint, depth int) ([][]int, bool) {
	m := make([][]int, len(mine))
	for i, my := range mine {
		m[i] = make([]int, len(joints))
		for j := range joints {
			dest := joints[j].dest
			dest[x.me] = my
			f := x.play(&dest)
			m[i][j] = x.after(depth-1, 1, -kWin-1, kWin+1)
			x.undo(f, &dest)
			if x.stopped {
				return nil, false
			}
		}
	}
	return m, true
}

// after values the position after a turn: the end of the game, the
// evaluation at the horizon, or the search of the turns that follow (two
// knights in play: I choose, the other answers knowing my choice).
func (x *kx) after(depth, ply, alpha, beta int) int {
	if v, over := x.terminal(); over {
		switch {
		case v >= kWin/2:
			return v - ply
		case v <= -kWin/2:
			return v + ply
		}
		return v
	}
	if x.tick() || depth == 0 {
		return x.eval()
	}
	joints := x.replies()
	if len(joints) == 0 {
		return x.eval()
	}
	var mineBuf [8]int
	mine := x.ordered(x.me, mineBuf[:0])
	best := -kWin - 1
	for _, my := range mine {
		worst := kWin + 1
		for _, dest := range joints {
			dest[x.me] = my
			f := x.play(&dest)
			v := x.after(depth-1, ply+1, max(alpha, best), min(beta, worst))
			x.undo(f, &dest)
			worst = min(worst, v)
			if worst <= max(alpha, best) || x.stopped {
				break
			}
		}
		best = max(best, worst)
		if best >= beta || x.stopped {
			break
		}
	}
	return best
}

// replies lists the joint moves of the other knights in play that the
// search answers inside: every move of a lone opponent; with more, the
// best few of each by onward moves (all of them would be 8^3 a turn).
func (x *kx) replies() [][4]int {
	joints := [][4]int{{}}
	var opps []int
	for s := 0; s < x.seats; s++ {
		if s != x.me && x.inPlay(s) {
			opps = append(opps, s)
		}
	}
	if len(opps) == 0 {
		return nil
	}
	keep := [4]int{8, 8, 3, 2}[len(opps)]
	for _, o := range opps {
		var buf [8]int
		moves := x.ordered(o, buf[:0])
		if len(moves) > keep {
			moves = moves[:keep]
		}
		next := make([][4]int, 0, len(joints)*len(moves))
		for _, j := range joints {
			for _, m := range moves {
				j[o] = m
				next = append(next, j)
			}
		}
		joints = next
	}
	return joints
}

// ordered lists a knight's moves, those with the most onward moves first.
func (x *kx) ordered(s int, buf []int) []int {
	moves := x.moves(s, buf)
	var mob [8]int
	for i, m := range moves {
		mob[i] = x.mobility(m)
	}
	for i := 1; i < len(moves); i++ { // insertion sort, stable
		for k := i; k > 0 && mob[k] > mob[k-1]; k-- {
			moves[k], moves[k-1] = moves[k-1], moves[k]
			mob[k], mob[k-1] = mob[k-1], mob[k]
		}
	}
	return moves
}
