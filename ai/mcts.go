package ai

import (
	"context"
	"fmt"
	"math"
	"math/rand/v2"
	"time"

	"github.com/tabulagames/tabula/games"
)

// MCTS is generic Monte Carlo tree search (UCT) for any games.State, with
// any number of seats. A simultaneous turn (several seats in ToMove) is
// searched by decoupled UCT: each acting seat keeps its own statistics per
// move and chooses by UCB1 on them alone; the joint move leads to the
// child. A sequential turn is the special case of one acting seat.
// Rewards are per seat: a win 1 (shared by several winners), a loss 0, a
// draw 1/2; a playout cut short by MaxPlayout is scored by Eval, or as a
// draw without it.
type MCTS struct {
	Iterations int64         // playouts; 0 = 10,000. Deterministic.
	Time       time.Duration // cap on top; 0 = none
	C          float64       // exploration constant; 0 = 1.4
	MaxPlayout int           // plies of a playout; 0 = 400
	// Playout, when set, chooses the playout moves (default: uniform).
	Playout func(st games.State, seat int, legal []games.Move, rng *rand.Rand) games.Move
	// Eval, when set, scores a playout cut short: the reward of seat in [0, 1].
	Eval func(st games.State, seat int) float64
	Seed uint64
}

type mctsArm struct {
	move   games.Move
	visits float64
	reward float64 // sum of the acting seat's rewards
}

type mctsNode struct {
	seats    []int       // seats acting here
	arms     [][]mctsArm // per acting seat
	visits   float64
	children map[uint64]*mctsNode // by joint choice
	state    games.State          // the position (kept to expand children)
}

func newMctsNode(st games.State) *mctsNode {
	n := &mctsNode{state: st, children: map[uint64]*mctsNode{}}
	if st.Outcome().Over() {
		return n
	}
	n.seats = st.ToMove()
	n.arms = make([][]mctsArm, len(n.seats))
	for i, seat := range n.seats {
		for _, m := range st.Legal(seat) {
			n.arms[i] = append(n.arms[i], mctsArm{move: m})
		}
	}
	return n
}

// Choose makes MCTS a Bot: seat must be one of the seats to move.
func (t *MCTS) Choose(ctx context.Context, st games.State, seat int) (games.Move, error) {
	m, _, err := t.Search(ctx, st, seat)
	return m, err
}

// Search returns seat's most visited move and the number of playouts run.
func (t *MCTS) Search(ctx context.Context, st games.State, seat int) (games.Move, int64, error) {
	root := newMctsNode(st.Clone())
	idx := -1
	for i, s := range root.seats {
		if s == seat {
			idx = i
		}
	}
	if idx < 0 || len(root.arms[idx]) == 0 {
		return games.NoMove, 0, fmt.Errorf("mcts: seat %d does not move here", seat)
	}
	if len(root.arms[idx]) == 1 {
		return root.arms[idx][0].move, 0, nil
	}
	iters := t.Iterations
	if iters <= 0 {
		iters = 10_000
	}
	// Polled before every iteration: one playout can run hundreds of
	// plies, so polling every 64 iterations let far too long pass.
	poll, stop := withTimeCap(ctx, t.Time)
	defer stop()
	rng := rngFor(t.Seed, st, seat)
	var done int64
	var err error
	defer func() { addWork(ctx, done) }()
	for done = 0; done < iters; done++ {
		if poll.Err() != nil {
			err = ctx.Err() // nil when only the time cap ended it
			break
		}
		if e := t.iterate(root, rng); e != nil {
			return root.arms[idx][0].move, done, e
		}
	}
	best := &root.arms[idx][0]
	for i := range root.arms[idx] {
		a := &root.arms[idx][i]
		if a.visits > best.visits || (a.visits == best.visits && a.reward > best.reward) {
			best = a
		}
	}
	return best.move, done, err
}

// iterate runs one selection, expansion, playout and backup.
func (t *MCTS) iterate(root *mctsNode, rng *rand.Rand) error {
	type step struct {
		node   *mctsNode
		choice []int
	}
	var path []step
	n := root
	for {
		if len(n.seats) == 0 { // game over
			break
		}
		choice := make([]int, len(n.seats))
		for i := range n.seats {
			choice[i] = t.pick(n, i, rng)
		}
		path = append(path, step{n, choice})
		var key uint64
		for _, k := range choice {
			key = key<<16 | uint64(k)
		}
		child, ok := n.children[key]
		if !ok {
			c := n.state.Clone()
			moves := make([]games.Move, len(choice))
			for i, k := range choice {
				moves[i] = n.arms[i][k].move
			}
			if err := c.Play(moves...); err != nil {
				return fmt.Errorf("mcts: legal move refused: %w", err)
			}
			child = newMctsNode(c)
			n.children[key] = child
			n = child
			break
		}
		n = child
	}
	rewards, err := t.playout(n.state.Clone(), rng)
	if err != nil {
		return err
	}
	n.visits++
	for _, s := range path {
		s.node.visits++
		for i, seat := range s.node.seats {
			a := &s.node.arms[i][s.choice[i]]
			a.visits++
			a.reward += rewards[seat]
		}
	}
	return nil
}

// pick chooses acting seat i's arm at n by UCB1 (unvisited arms first, at random).
func (t *MCTS) pick(n *mctsNode, i int, rng *rand.Rand) int {
	arms := n.arms[i]
	unvisited := 0
	for _, a := range arms {
		if a.visits == 0 {
			unvisited++
		}
	}
	if unvisited > 0 {
		k := rng.IntN(unvisited)
		for j, a := range arms {
			if a.visits == 0 {
				if k == 0 {
					return j
				}
				k--
			}
		}
	}
	c := t.C
	if c == 0 {
		c = 1.4
	}
	logN := math.Log(n.visits + 1)
	best, bestV := 0, math.Inf(-1)
	for j, a := range arms {
		v := a.reward/a.visits + c*math.Sqrt(logN/a.visits)
		if v > bestV {
			best, bestV = j, v
		}
	}
	return best
}

// playout plays to the end (or MaxPlayout plies) and returns every seat's reward.
func (t *MCTS) playout(st games.State, rng *rand.Rand) ([]float64, error) {
	limit := t.MaxPlayout
	if limit <= 0 {
		limit = 400
	}
	for ply := 0; ply < limit && !st.Outcome().Over(); ply++ {
		to := st.ToMove()
		moves := make([]games.Move, len(to))
		for i, seat := range to {
			legal := st.Legal(seat)
			if len(legal) == 0 {
				return nil, fmt.Errorf("mcts: seat %d to move has no legal move", seat)
			}
			if t.Playout != nil {
				moves[i] = t.Playout(st, seat, legal, rng)
			} else {
				moves[i] = legal[rng.IntN(len(legal))]
			}
		}
		if err := st.Play(moves...); err != nil {
			return nil, fmt.Errorf("mcts: playout move refused: %w", err)
		}
	}
	r := make([]float64, st.Seats())
	out := st.Outcome()
	switch {
	case out.Status == games.Win:
		for _, w := range out.Winners {
			r[w] = 1 / float64(len(out.Winners))
		}
	case out.Over() || t.Eval == nil:
		for i := range r {
			r[i] = 0.5
		}
	default:
		for i := range r {
			r[i] = t.Eval(st, i)
		}
	}
	return r, nil
}
