package ai

import (
	"context"
	"errors"
	"fmt"
	"math/rand/v2"
	"time"

	"github.com/tabulagames/tabula/games"
)

// Scores are from the searching seat's point of view. A won game scores
// WinScore minus the plies it takes, so the search prefers the fastest win
// and the slowest loss; evaluations must stay well inside ±MaxEval.
const (
	WinScore = 1_000_000
	MaxEval  = WinScore / 2
)

// Eval scores a position that is not over for seat, in ±MaxEval.
type Eval func(st games.State, seat int) int

// Order sorts moves best-first in place, for the seat to move at st.
type Order func(st games.State, moves []games.Move)

// AlphaBeta is the generic searcher: minimax with alpha-beta from the
// searching seat's point of view, iterative deepening and a transposition
// table. Viewing every node from the root seat (max where it moves, min
// elsewhere) covers two-player games, multi-action turns (the same seat
// moving again) and, as the "paranoid" reduction, more than two players.
// It does not handle simultaneous turns (the knights expert searches
// those its own way).
type AlphaBeta struct {
	Eval     Eval
	Order    Order         // optional
	MaxDepth int           // plies; 0 = 64
	Nodes    int64         // node budget; 0 = none. Deterministic.
	Time     time.Duration // time cap on top of Nodes; 0 = none. Not deterministic.
	TTBits   int           // log2 of the table size; 0 = 18
	// Moves, when set, replaces st.Legal (symmetry pruning, forward pruning).
	Moves func(st games.State, seat int) []games.Move
	// Key, when set, replaces st.Hash as the table's key. A game whose
	// future depends on more than Hash covers (the positions seen before,
	// for a repetition rule) must set it, or the table would hand one
	// history the value found under another.
	Key  func(st games.State) uint64
	Seed uint64
	// MinDepth is the depth of the first iteration (0 = 1) and DepthStep
	// how many plies each further iteration adds (0 = 1): a game whose
	// turns take two plies (alcazar) deepens by whole turns.
	MinDepth, DepthStep int
	// Leaf, when set, scores the positions at the horizon instead of Eval,
	// knowing the window and the ply, so a game can finish a turn there in
	// a tight loop and stop early like the search would (alcazar plays the
	// second placement of the last turn there). Scores follow the search's
	// conventions (a win is WinScore minus the plies to it); nodes is the
	// work done, added to the node count.
	Leaf func(st games.State, seat, ply, alpha, beta int) (score int, nodes int)
}

// Result is what a search found.
type Result struct {
	Move  games.Move
	Score int   // of Move, for the root seat
	Depth int   // plies of the last finished iteration
	Nodes int64 // nodes visited in all iterations
	Ties  int   // moves that shared the best score
}

// Choose makes AlphaBeta a Bot.
func (ab *AlphaBeta) Choose(ctx context.Context, st games.State, seat int) (games.Move, error) {
	r, err := ab.Search(ctx, st, seat)
	return r.Move, err
}

type ttEntry struct {
	key   uint64
	move  games.Move
	score int32
	depth int8
	flag  int8 // exact, lower or upper bound
}

const (
	ttExact = iota + 1
	ttLower
	ttUpper
)

var errStop = errors.New("search stopped")

type searcher struct {
	*AlphaBeta
	poll  context.Context // ctx, with the Time cap as its deadline
	root  int
	nodes int64
	limit int64 // node budget for this iteration onwards; 0 = none
	tt    []ttEntry
	mask  uint64
}

// Search finds the best move for seat, who must be to move alone at st.
func (ab *AlphaBeta) Search(ctx context.Context, st games.State, seat int) (Result, error) {
	to := st.ToMove()
	if len(to) != 1 || to[0] != seat {
		return Result{Move: games.NoMove}, fmt.Errorf("alpha-beta: seat %d is not the only seat to move", seat)
	}
	moves := ab.moves(st, seat)
	if len(moves) == 0 {
		return Result{Move: games.NoMove}, fmt.Errorf("seat %d has no legal move", seat)
	}
	if poll(ctx) != nil {
		return Result{Move: moves[0]}, ctx.Err()
	}
	bits := ab.TTBits
	if bits == 0 {
		bits = 18
	}
	poll, stop := withTimeCap(ctx, ab.Time)
	defer stop()
	s := &searcher{AlphaBeta: ab, poll: poll, root: seat, limit: ab.Nodes,
		tt: abTables.get(1 << bits), mask: 1<<bits - 1}
	defer abTables.put(s.tt)
	defer func() { addWork(ctx, s.nodes) }()
	maxDepth := ab.MaxDepth
	if maxDepth == 0 {
		maxDepth = 64
	}
	rng := rngFor(ab.Seed, st, seat)
	if ab.Order != nil {
		ab.Order(st, moves)
	}
	best := Result{Move: moves[0], Score: -WinScore - 1}
	for depth := max(ab.MinDepth, 1); depth <= maxDepth; depth += max(ab.DepthStep, 1) {
		r, err := s.rootSearch(st, moves, depth, rng)
		if err != nil {
			if !errors.Is(err, errStop) {
				return Result{Move: games.NoMove, Nodes: s.nodes}, err
			}
			if best.Depth == 0 && ctx.Err() != nil {
				return Result{Move: moves[0], Nodes: s.nodes}, ctx.Err()
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
		// Searching on cannot change a decided game.
		if r.Score >= WinScore-depth || r.Score <= -WinScore+depth {
			break
		}
		// Put the best move first for the next iteration.
		for i, m := range moves {
			if m == r.Move {
				copy(moves[1:i+1], moves[:i])
				moves[0] = m
				break
			}
		}
	}
	best.Nodes = s.nodes
	return best, nil
}

// rootSearch scores every root move; moves that tie the best get exact
// scores (window best-1) so the choice among them is fair and seeded.
func (s *searcher) rootSearch(st games.State, moves []games.Move, depth int, rng *rand.Rand) (Result, error) {
	bestScore := -WinScore - 1
	var ties []games.Move
	for _, m := range moves {
		c := st.Clone()
		if err := c.Play(m); err != nil {
			return Result{}, fmt.Errorf("alpha-beta: legal move refused: %w", err)
		}
		v, err := s.search(c, depth-1, 1, bestScore-1, WinScore+1)
		if err != nil {
			if len(ties) == 0 {
				return Result{Move: moves[0], Score: bestScore}, err
			}
			return Result{Move: ties[rng.IntN(len(ties))], Score: bestScore, Ties: len(ties)}, err
		}
		switch {
		case v > bestScore:
			bestScore, ties = v, append(ties[:0], m)
		case v == bestScore:
			ties = append(ties, m)
		}
	}
	return Result{Move: ties[rng.IntN(len(ties))], Score: bestScore, Ties: len(ties)}, nil
}

func (ab *AlphaBeta) key(st games.State) uint64 {
	if ab.Key != nil {
		return ab.Key(st)
	}
	return st.Hash()
}

func (ab *AlphaBeta) moves(st games.State, seat int) []games.Move {
	if ab.Moves != nil {
		return ab.Moves(st, seat)
	}
	return st.Legal(seat)
}

// terminal scores a finished game for the root seat.
func (s *searcher) terminal(out games.Outcome, ply int) int {
	if out.Status == games.Win {
		for _, w := range out.Winners {
			if w == s.root {
				return WinScore - ply
			}
		}
		return -WinScore + ply
	}
	return 0
}

// tick counts a node and polls for cancellation. It polls at every node:
// a node can be costly (an evaluation with a capture extension, a leaf
// that plays a whole turn), and polling every 256 nodes let 190 ms of CPU
// pass between polls on a long infiltration game, and skipped polls when
// a leaf added its work to the count. ctx.Err is an atomic load, far
// cheaper than a node; poll adds the browser's yield (yield.go), a
// countdown. The time cap is a deadline on the context polled, so no
// clock is read here.
func (s *searcher) tick() error {
	s.nodes++
	if poll(s.poll) != nil {
		return errStop
	}
	if s.limit > 0 && s.nodes >= s.limit {
		return errStop
	}
	return nil
}

// withTimeCap returns the context a search polls: ctx, ended also after
// limit when limit is set, and the function that releases it.
func withTimeCap(ctx context.Context, limit time.Duration) (context.Context, context.CancelFunc) {
	if limit <= 0 {
		return ctx, func() {}
	}
	return context.WithTimeout(ctx, limit)
}

// Mate scores are stored relative to the node, so they stay right when the
// same position is reached at another ply.
func toTT(v, ply int) int32 {
	switch {
	case v > MaxEval:
		return int32(v + ply)
	case v < -MaxEval:
		return int32(v - ply)
	}
	return int32(v)
}

func fromTT(v int32, ply int) int {
	switch {
	case v > MaxEval:
		return int(v) - ply
	case v < -MaxEval:
		return int(v) + ply
	}
	return int(v)
}

func (s *searcher) search(st games.State, depth, ply, alpha, beta int) (int, error) {
	if err := s.tick(); err != nil {
		return 0, err
	}
	out := st.Outcome()
	if out.Over() {
		return s.terminal(out, ply), nil
	}
	to := st.ToMove()
	if len(to) != 1 {
		return 0, fmt.Errorf("alpha-beta: simultaneous turn")
	}
	if depth <= 0 {
		if s.Leaf != nil {
			v, n := s.Leaf(st, s.root, ply, alpha, beta)
			s.nodes += int64(n)
			return v, nil
		}
		return s.Eval(st, s.root), nil
	}
	mover := to[0]
	key := s.key(st)
	e := &s.tt[key&s.mask]
	ttMove := games.NoMove
	if e.key == key {
		ttMove = e.move
		if int(e.depth) >= depth {
			v := fromTT(e.score, ply)
			switch {
			case e.flag == ttExact:
				return v, nil
			case e.flag == ttLower && v >= beta:
				return v, nil
			case e.flag == ttUpper && v <= alpha:
				return v, nil
			}
		}
	}
	moves := s.moves(st, mover)
	if len(moves) == 0 {
		return 0, fmt.Errorf("alpha-beta: seat %d to move has no legal move", mover)
	}
	if s.Order != nil {
		s.Order(st, moves)
	}
	if ttMove != games.NoMove {
		for i, m := range moves {
			if m == ttMove {
				copy(moves[1:i+1], moves[:i])
				moves[0] = m
				break
			}
		}
	}
	maximizing := mover == s.root
	a0, b0 := alpha, beta
	best := -WinScore - 1
	if !maximizing {
		best = WinScore + 1
	}
	bestMove := moves[0]
	for _, m := range moves {
		c := st.Clone()
		if err := c.Play(m); err != nil {
			return 0, fmt.Errorf("alpha-beta: legal move refused: %w", err)
		}
		v, err := s.search(c, depth-1, ply+1, alpha, beta)
		if err != nil {
			return 0, err
		}
		if maximizing {
			if v > best {
				best, bestMove = v, m
			}
			alpha = max(alpha, v)
		} else {
			if v < best {
				best, bestMove = v, m
			}
			beta = min(beta, v)
		}
		if alpha >= beta {
			break
		}
	}
	flag := int8(ttExact)
	switch {
	case best <= a0:
		flag = ttUpper
	case best >= b0:
		flag = ttLower
	}
	*e = ttEntry{key: key, move: bestMove, score: toTT(best, ply), depth: int8(min(depth, 127)), flag: flag}
	return best, nil
}

// sortByScore orders moves by their scores, best first, keeping the
// order of equal ones: the one move-ordering sort every game's
// evaluation feeds (a stable insertion sort: move lists are short).
func sortByScore(moves []games.Move, score []int) {
	for i := 1; i < len(moves); i++ {
		m, v := moves[i], score[i]
		j := i
		for j > 0 && score[j-1] < v {
			moves[j], score[j] = moves[j-1], score[j-1]
			j--
		}
		moves[j], score[j] = m, v
	}
}
