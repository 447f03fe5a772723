package ai

import (
	"context"
	"errors"
	"fmt"
	"math/rand/v2"
	"time"

	"github.com/tabulagames/tabula/games"
)

// EvalAll scores a position that is not over for every seat at once: it
// sets scores[s] to seat s's score, in ±MaxEval, for every seat
// (len(scores) is st.Seats()).
type EvalAll func(st games.State, scores []int)

// MaxN is the searcher for three and four seats: max-n (Luckhardt and
// Irani, 1986). Every node carries a score vector, one score per seat,
// and the seat to move picks the child best for itself; unlike AlphaBeta's
// paranoid reduction, opponents are not assumed to gang up on the root.
// It also serves two seats and multi-action turns (the same seat moving
// again); it does not handle simultaneous turns (the knights expert
// searches those its own way).
//
// It does not prune. Shallow pruning (Korf, 1991) is only sound when every
// score has a lower bound and the scores of a position a known maximum
// sum; wins and losses at ±WinScore next to evaluations in ±MaxEval give
// no useful sum, and deep pruning is unsound for max-n altogether. Without
// pruning, move ordering cannot change the scores a finished iteration
// finds (ties between a seat's equal scores break by a fixed rule, see
// prefers), so there is no ordering hook: a game that wants forward
// pruning sorts and cuts in Moves.
type MaxN struct {
	Eval     EvalAll
	MaxDepth int           // plies; 0 = 64
	Nodes    int64         // node budget; 0 = none. Deterministic.
	Time     time.Duration // time cap on top of Nodes; 0 = none. Not deterministic.
	TTBits   int           // log2 of the transposition table's size; 0 = 16
	// Moves, when set, replaces st.Legal (symmetry pruning, forward pruning).
	Moves func(st games.State, seat int) []games.Move
	// Key, when set, replaces st.Hash as the table's key. A game whose
	// future depends on more than Hash covers (the positions seen before,
	// for a repetition rule) must set it, or the table would hand one
	// history the value found under another.
	Key func(st games.State) uint64
	// Draw is what a draw is worth to the searching seat (the others
	// score it 0): a little below 0, it plays on in an even position
	// rather than settle for a draw.
	Draw int
	// Hopeful changes the tie rule (see prefers): a seat choosing between
	// equal scores of its own is taken to pick the one better for the
	// searching seat, not the worse. Opponents that break their ties at
	// random hurt it less often than the cautious default assumes.
	Hopeful bool
	Seed    uint64 // breaks ties between the root's best moves
	// MinDepth is the depth of the first iteration (0 = 1) and DepthStep
	// how many plies each further iteration adds (0 = 1), as in AlphaBeta.
	MinDepth, DepthStep int
}

// MaxNResult is what a max-n search found: Score is the root seat's score
// of Move, Scores every seat's, as the search expects the game to go.
type MaxNResult struct {
	Result
	Scores []int
}

// Choose makes MaxN a Bot.
func (mn *MaxN) Choose(ctx context.Context, st games.State, seat int) (games.Move, error) {
	r, err := mn.Search(ctx, st, seat)
	return r.Move, err
}

// maxnSearch is one Search's working memory.
type maxnSearch struct {
	*MaxN
	budget *searcher // counts nodes, keeps the budget, polls ctx and the clock
	root   int
	vals   [][]int // vals[ply]: the score vector of the node being searched at ply
	// kids[ply] is the state a child at ply is played on, reused by its
	// siblings (games.CloneInto): nothing keeps a child once searched.
	kids    []games.State
	horizon bool // an evaluation at the horizon happened in this subtree
	tt      []maxnEntry
	ttVals  []int32 // the score vectors of tt, Seats() per entry
	mask    uint64
}

// maxnEntry is one table slot: the exact score vector of a position
// searched to a given depth. Max-n values are exact (nothing is pruned),
// so there are no bounds to keep.
type maxnEntry struct {
	key     uint64
	depth   int32
	used    bool
	horizon bool // the subtree reached the horizon: deeper search may differ
}

// Search finds the best move for seat, who must be to move alone at st.
func (mn *MaxN) Search(ctx context.Context, st games.State, seat int) (MaxNResult, error) {
	fail := MaxNResult{Result: Result{Move: games.NoMove}}
	to := st.ToMove()
	if len(to) != 1 || to[0] != seat {
		return fail, fmt.Errorf("max-n: seat %d is not the only seat to move", seat)
	}
	moves := mn.moves(st, seat)
	if len(moves) == 0 {
		return fail, fmt.Errorf("seat %d has no legal move", seat)
	}
	if poll(ctx) != nil {
		return MaxNResult{Result: Result{Move: moves[0]}}, ctx.Err()
	}
	poll, release := withTimeCap(ctx, mn.Time)
	defer release()
	s := mn.newSearch(poll, st, seat)
	defer s.release()
	defer func() { addWork(ctx, s.budget.nodes) }()
	rng := rngFor(mn.Seed, st, seat)
	best := MaxNResult{Result: Result{Move: moves[0], Score: -WinScore - 1}}
	for depth := max(mn.MinDepth, 1); depth <= mn.maxDepth(); depth += max(mn.DepthStep, 1) {
		s.horizon = false
		r, err := s.rootSearch(st, moves, depth, rng)
		if err != nil {
			if !errors.Is(err, errStop) {
				return fail, err
			}
			if best.Depth == 0 && ctx.Err() != nil {
				return MaxNResult{Result: Result{Move: moves[0], Nodes: s.budget.nodes}}, ctx.Err()
			}
			if best.Depth == 0 {
				// Even the first iteration ran out of budget: take what
				// the unfinished iteration had looked at.
				best = r
			}
			break
		}
		best = r
		best.Depth = depth
		if !s.horizon {
			break // every line ended the game: a deeper search sees the same tree
		}
	}
	best.Nodes = s.budget.nodes
	return best, nil
}

func (mn *MaxN) newSearch(ctx context.Context, st games.State, seat int) *maxnSearch {
	budget := &searcher{poll: ctx, limit: mn.Nodes}
	seats := st.Seats()
	s := &maxnSearch{MaxN: mn, budget: budget, root: seat, vals: make([][]int, mn.maxDepth()+1), kids: make([]games.State, mn.maxDepth()+1)}
	for i := range s.vals {
		s.vals[i] = make([]int, seats)
	}
	bits := mn.TTBits
	if bits == 0 {
		bits = 16
	}
	s.tt = maxnTables.get(1 << bits)
	s.ttVals = maxnVals.get(seats << bits)
	s.mask = 1<<bits - 1
	return s
}

// release gives the search's tables back (tables.go); s is done with.
func (s *maxnSearch) release() {
	maxnTables.put(s.tt)
	maxnVals.put(s.ttVals)
	s.tt, s.ttVals = nil, nil
}

func (mn *MaxN) maxDepth() int {
	if mn.MaxDepth == 0 {
		return 64
	}
	return mn.MaxDepth
}

func (mn *MaxN) key(st games.State) uint64 {
	if mn.Key != nil {
		return mn.Key(st)
	}
	return st.Hash()
}

func (mn *MaxN) moves(st games.State, seat int) []games.Move {
	if mn.Moves != nil {
		return mn.Moves(st, seat)
	}
	return st.Legal(seat)
}

// rootSearch scores every root move to depth; moves that tie the root
// seat's best score are chosen between by the seeded stream.
func (s *maxnSearch) rootSearch(st games.State, moves []games.Move, depth int, rng *rand.Rand) (MaxNResult, error) {
	bestScore := -WinScore - 1
	var ties []games.Move
	var tieScores [][]int
	pick := func() MaxNResult {
		if len(ties) == 0 {
			return MaxNResult{Result: Result{Move: moves[0], Score: bestScore}}
		}
		k := rng.IntN(len(ties))
		return MaxNResult{Result: Result{Move: ties[k], Score: bestScore, Ties: len(ties)}, Scores: tieScores[k]}
	}
	child := s.vals[1]
	for _, m := range moves {
		c := s.child(st, 1)
		if err := c.Play(m); err != nil {
			return MaxNResult{}, fmt.Errorf("max-n: legal move refused: %w", err)
		}
		if err := s.search(c, depth-1, 1); err != nil {
			return pick(), err
		}
		v := child[s.root]
		if v > bestScore {
			bestScore, ties, tieScores = v, ties[:0], tieScores[:0]
		}
		if v == bestScore {
			ties = append(ties, m)
			tieScores = append(tieScores, append([]int(nil), child...))
		}
	}
	return pick(), nil
}

// child is st copied into the state kept for ply (a new clone the first
// time, or for games that cannot be copied into).
func (s *maxnSearch) child(st games.State, ply int) games.State {
	c := games.CloneInto(st, s.kids[ply])
	s.kids[ply] = c
	return c
}

// search leaves the score vector of st, searched depth plies deep, in
// s.vals[ply].
func (s *maxnSearch) search(st games.State, depth, ply int) error {
	if err := s.budget.tick(); err != nil {
		return err
	}
	vals := s.vals[ply]
	if out := st.Outcome(); out.Over() {
		terminal(out, ply, vals)
		if out.Status == games.Draw {
			vals[s.root] = s.Draw
		}
		return nil
	}
	to := st.ToMove()
	if len(to) != 1 {
		return fmt.Errorf("max-n: simultaneous turn")
	}
	if depth <= 0 {
		s.horizon = true
		s.Eval(st, vals)
		return nil
	}
	key := s.key(st)
	if s.probe(key, depth, ply, vals) {
		return nil
	}
	mover := to[0]
	moves := s.moves(st, mover)
	if len(moves) == 0 {
		return fmt.Errorf("max-n: seat %d to move has no legal move", mover)
	}
	above := s.horizon
	s.horizon = false
	child := s.vals[ply+1]
	for i, m := range moves {
		c := s.child(st, ply+1)
		if err := c.Play(m); err != nil {
			return fmt.Errorf("max-n: legal move refused: %w", err)
		}
		if err := s.search(c, depth-1, ply+1); err != nil {
			return err
		}
		if i == 0 || s.prefers(mover, child, vals) {
			copy(vals, child)
		}
	}
	s.store(key, depth, ply, vals)
	s.horizon = s.horizon || above
	return nil
}

// terminal scores a finished game for every seat: a winner WinScore minus
// the plies to the end (the sooner the better), everyone else the
// opposite (the later the better); a draw 0 for all.
func terminal(out games.Outcome, ply int, vals []int) {
	for i := range vals {
		vals[i] = 0
		if out.Status == games.Win {
			vals[i] = -WinScore + ply
		}
	}
	for _, w := range out.Winners {
		vals[w] = WinScore - ply
	}
}

// prefers reports whether mover picks score vector a over b: a higher
// score of its own; between equal ones, the lower score of the root seat
// (a seat with nothing to gain is assumed to hurt the searching seat;
// the higher one when Hopeful); then the lower scores seat by seat. The order is total, so a node's
// value does not depend on the order its moves were tried in, which keeps
// the table's values exact.
func (s *maxnSearch) prefers(mover int, a, b []int) bool {
	if a[mover] != b[mover] {
		return a[mover] > b[mover]
	}
	if a[s.root] != b[s.root] {
		return a[s.root] < b[s.root] != s.Hopeful
	}
	for i := range a {
		if a[i] != b[i] {
			return a[i] < b[i]
		}
	}
	return false
}

// probe copies the table's vector for (key, depth) into vals. Win and
// loss scores are stored relative to the node (toTT), so a position
// reached at another ply gets them right.
func (s *maxnSearch) probe(key uint64, depth, ply int, vals []int) bool {
	i := key & s.mask
	e := &s.tt[i]
	if !e.used || e.key != key || int(e.depth) != depth {
		return false
	}
	stored := s.ttVals[int(i)*len(vals):][:len(vals)]
	for j, v := range stored {
		vals[j] = fromTT(v, ply)
	}
	s.horizon = s.horizon || e.horizon
	return true
}

func (s *maxnSearch) store(key uint64, depth, ply int, vals []int) {
	i := key & s.mask
	s.tt[i] = maxnEntry{key: key, depth: int32(depth), used: true, horizon: s.horizon}
	stored := s.ttVals[int(i)*len(vals):][:len(vals)]
	for j, v := range vals {
		stored[j] = toTT(v, ply)
	}
}
