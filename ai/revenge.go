package ai

import (
	"context"
	"fmt"
	"math/bits"
	"math/rand/v2"

	"github.com/tabulagames/tabula/games"
	"github.com/tabulagames/tabula/games/revenge"
)

// Revenge bots (shared/rules/revenge.md section 12). Every one reads the
// position through the rules engine (Legal, WinningMoves, LineCounts), so
// every house rule is respected.
//
//   - easy: a uniformly random legal move.
//   - medium: a move that wins at once; else, among the moves that leave
//     the next seat no win at once (all moves if none does), the one with
//     the best evaluation, ties at random; it reinforces only when no
//     other such move is left.
//   - hard: max-n over one full round plus two plies, its own next move
//     and the next seat's reply (players + 2 plies), fewer where that
//     could not finish within the node budget (revDepth), the evaluation
//     at the leaves; a draw
//     is worth a little less than 0 to it (revDraw), a seat with nothing
//     to gain between two moves is taken to pick the one better for hard
//     (Hopeful: medium breaks its ties at random, it does not gang up),
//     and its table tells apart positions seen a different number of
//     times (revKey).

// revHardNodes is hard's node budget: enough to finish players + 2 = 5
// plies on the default board (4x4, three seats) in every position, since
// iterations 1 to 5 visit at most 1,193,040 nodes there (revDepth). A
// move takes 0.5 s on a default mid-game and 0.75 s in the slowest case
// (the empty 4x4 board with four seats, 1.18 million nodes) on one core
// of the two-core development machine (go test -bench RevengeHard
// ./ai/): well within the app's 10 s cap on a bot's move, and a Hint
// answers in 0.4 s (BenchmarkHint), under its second.
const revHardNodes = 1_200_000

// revEvalAll is the evaluation of section 12 for every seat: a line with
// k >= 1 squares of a seat is worth 4^(k-1), halved when another seat
// owns at least as many of its squares; a seat's score is its sum minus
// the largest sum of the others. Everything is doubled so the halves
// stay whole.
func revEvalAll(st games.State, scores []int) {
	s := st.(*revenge.State)
	counts := s.LineCounts()
	var sums [revenge.MaxSeats]int
	seats := len(scores)
	for l := 0; l < s.NumLines(); l++ {
		c := &counts[l]
		for p := 0; p < seats; p++ {
			k := int(c[p])
			if k == 0 {
				continue
			}
			w := 2 << (2 * (k - 1))
			for q := 0; q < seats; q++ {
				if q != p && int(c[q]) >= k {
					w /= 2
					break
				}
			}
			sums[p] += w
		}
	}
	for p := 0; p < seats; p++ {
		best := 0
		first := true
		for q := 0; q < seats; q++ {
			if q != p && (first || sums[q] > best) {
				best, first = sums[q], false
			}
		}
		scores[p] = sums[p] - best
	}
}

// revScore is the evaluation for one seat after one of its moves. A
// move that ends the game there is a draw, scored 0 (section 12): medium
// plays its wins before it scores moves, and only the mover can win.
func revScore(s *revenge.State, seat int) int {
	if s.Outcome().Over() {
		return 0
	}
	var scores [revenge.MaxSeats]int
	revEvalAll(s, scores[:s.Seats()])
	return scores[seat]
}

func revState(st games.State) (*revenge.State, error) {
	s, ok := st.(*revenge.State)
	if !ok {
		return nil, fmt.Errorf("not a revenge position")
	}
	return s, nil
}

// revMedium is the medium bot of section 12.
type revMedium struct{ seed uint64 }

func (b revMedium) Choose(ctx context.Context, st games.State, seat int) (games.Move, error) {
	s, err := revState(st)
	if err != nil {
		return games.NoMove, err
	}
	legal := s.Legal(seat)
	if len(legal) == 0 {
		return games.NoMove, fmt.Errorf("seat %d has no legal move", seat)
	}
	if err := poll(ctx); err != nil {
		return legal[0], err
	}
	rng := rngFor(b.seed, st, seat)
	if wins := s.WinningMoves(); len(wins) > 0 {
		return wins[rng.IntN(len(wins))], nil
	}
	// Sort the moves into four groups, best first: safe and not a
	// reinforcement, safe reinforcements, unsafe others, unsafe
	// reinforcements. A move is safe when the next seat cannot win at once
	// after it.
	var groups [4][]games.Move
	var scores [revenge.MaxSquares]int
	for _, m := range legal {
		c := s.Clone().(*revenge.State)
		if err := c.Play(m); err != nil {
			return legal[0], fmt.Errorf("medium: legal move refused: %w", err)
		}
		g := 0
		if s.KindAt(int(m)) == revenge.Reinforce {
			g = 1
		}
		if len(c.WinningMoves()) > 0 {
			g += 2
		}
		groups[g] = append(groups[g], m)
		scores[m] = revScore(c, seat)
	}
	for _, g := range groups {
		if len(g) > 0 {
			return revBest(g, scores[:], rng), nil
		}
	}
	return legal[0], nil // not reached: every legal move is in a group
}

// revBest is the move of ms with the best score, ties at random.
func revBest(ms []games.Move, scores []int, rng *rand.Rand) games.Move {
	var ties []games.Move
	for _, m := range ms {
		switch {
		case len(ties) == 0 || scores[m] > scores[ties[0]]:
			ties = append(ties[:0], m)
		case scores[m] == scores[ties[0]]:
			ties = append(ties, m)
		}
	}
	return ties[rng.IntN(len(ties))]
}

// revHard is the hard bot: max-n to players + 2 plies (section 12), so
// it sees the next seat's steal followed by that seat's line one round
// later (ply 5 with three seats), which players + 1 plies cannot.
func revHard(o Options) Bot {
	return revMaxN{o: o, nodes: revHardNodes, extra: 2}
}

// revMaxN searches players + extra plies with max-n, or fewer where the
// node budget could not finish them (revDepth); the depth depends on the
// board and the number of seats, known only when it is asked.
type revMaxN struct {
	o     Options
	nodes int64
	extra int
}

// searcher is the max-n search of one decision on st.
func (b revMaxN) searcher(st *revenge.State) *MaxN {
	nodes := b.nodes
	if b.o.Nodes > 0 {
		nodes = b.o.Nodes
	}
	depth := revDepth(st.Size()*st.Size(), st.Seats()+b.extra, nodes)
	// Hopeful: the seats it plays against in practice break their ties
	// at random. Against two mediums (300 games, seed 1) it took hard at
	// players + 1 plies from 69 wins and 69 losses (39.4% of the points)
	// to 86 and 60 (43.2%).
	return &MaxN{Eval: revEvalAll, Key: revKey, Draw: revDraw, Hopeful: true, MaxDepth: depth, Nodes: nodes, Time: b.o.Time, Seed: b.o.Seed}
}

// revDepth is the depth of hard's search: want plies, or the most that a
// search of nodes nodes surely finishes, at least 1. A position has at
// most one move per square, so the iterations to depths 1..d visit at
// most the sum over k = 1..d of squares + squares^2 + ... + squares^k
// nodes. With the default budget, 3x3 boards, 4x4 with two or three
// seats and 5x5 with two get players + 2 plies; 4x4 with four seats gets
// 5, 5x5 with three or four seats 4, and 6x6 boards 3. Cutting the depth
// here rather than letting the budget stop a deeper iteration spares the
// nodes of an iteration that could not finish.
func revDepth(squares, want int, nodes int64) int {
	depth, spent, level, iteration := 0, int64(0), int64(1), int64(0)
	for depth < want {
		level *= int64(squares) // the nodes at ply depth+1
		iteration += level      // the nodes of the iteration to depth+1
		if spent+iteration > nodes {
			break
		}
		spent += iteration
		depth++
	}
	return max(depth, 1)
}

// revKey tells positions apart by what the repetition rule counts as
// well: the same position seen once or twice before has different
// futures.
func revKey(st games.State) uint64 {
	s := st.(*revenge.State)
	return s.Hash() ^ bits.RotateLeft64(s.PastHash(), 17)
}

// revDraw is what a draw is worth to hard, in the evaluation's doubled
// units: 0 for the others, as section 12 says, but a little less for the
// searching seat, the worth of two lines of two marks. In a three-seat
// game a seat's score is its sum less the best of the two others, so a
// seat that does not lead scores a little below 0 even when the board is
// level, and a draw at 0 looked better than playing on: hard took draws
// by repetition in level positions, and 79% of its games against two
// mediums were draws. Worth -16, it plays on unless it stands clearly
// worse: over 120 games against two mediums its share of the points went
// from 34% (0) to 43% (-16); -64 did no better (41%).
const revDraw = -16

func (b revMaxN) Choose(ctx context.Context, st games.State, seat int) (games.Move, error) {
	s, err := revState(st)
	if err != nil {
		return games.NoMove, err
	}
	return b.searcher(s).Choose(ctx, st, seat)
}

func init() {
	Register(Spec{Game: "revenge", Name: "easy", Level: 1,
		About: "Plays a random square.",
		New:   func(o Options) Bot { return Random{Seed: o.Seed} }})
	Register(Spec{Game: "revenge", Name: "medium", Level: 2,
		About: "Wins when it can, stops the next player's win, else plays the best-looking square.",
		New:   func(o Options) Bot { return revMedium{seed: o.Seed} }})
	Register(Spec{Game: "revenge", Name: "hard", Level: 3,
		About: "Looks one full round ahead, plus its own next move and the reply to it.",
		New:   revHard})
}
