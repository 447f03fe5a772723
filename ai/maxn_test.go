package ai

import (
	"context"
	"fmt"
	"hash/fnv"
	"math/rand/v2"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/tabulagames/tabula/games"
)

// treeGame is a three-seat game given as a hand-made tree, so its max-n
// answer can be worked out by hand. A position is the path of letters
// played from the root; seat len(path) % 3 moves; move k is the letter
// 'a'+k. The leaves are listed in ends; every other prefix of a leaf is an
// inner node whose children are the letters that continue some leaf.
type treeGame struct {
	ends map[string]treeEnd
	path string
}

// treeEnd is a leaf: a game still going, scored by scores (a horizon),
// or a finished game with its winners (none: a draw).
type treeEnd struct {
	scores  []int
	winners []int
}

func (g *treeGame) Seats() int { return 3 }

func (g *treeGame) ToMove() []int {
	if g.Outcome().Over() {
		return []int{}
	}
	return []int{len(g.path) % 3}
}

func (g *treeGame) Legal(seat int) []games.Move {
	if g.Outcome().Over() || seat != len(g.path)%3 {
		return nil
	}
	var moves []games.Move
	for k := range 26 {
		next := g.path + string(rune('a'+k))
		for leaf := range g.ends {
			if strings.HasPrefix(leaf, next) {
				moves = append(moves, games.Move(k))
				break
			}
		}
	}
	return moves
}

func (g *treeGame) Play(moves ...games.Move) error {
	if len(moves) != 1 || !slices.Contains(g.Legal(len(g.path)%3), moves[0]) {
		return fmt.Errorf("not a move here")
	}
	g.path += string(rune('a' + moves[0]))
	return nil
}

func (g *treeGame) Outcome() games.Outcome {
	end, ok := g.ends[g.path]
	switch {
	case !ok || end.scores != nil:
		return games.Outcome{}
	case len(end.winners) == 0:
		return games.Outcome{Status: games.Draw}
	}
	return games.Outcome{Status: games.Win, Winners: end.winners}
}

// eval is the leaf's scores at a horizon leaf, and 0 for everyone at an
// inner node (the early iterations stop there).
func (g *treeGame) eval(st games.State, scores []int) {
	clear(scores)
	copy(scores, g.ends[st.(*treeGame).path].scores)
}

func (g *treeGame) Hash() uint64 {
	h := fnv.New64a()
	h.Write([]byte(g.path))
	return h.Sum64()
}
func (g *treeGame) Position() any                             { return g.path }
func (g *treeGame) MoveString(_ int, m games.Move) string     { return string(rune('a' + m)) }
func (g *treeGame) ParseMove(int, string) (games.Move, error) { return games.NoMove, games.ErrGameOver }
func (g *treeGame) Clone() games.State                        { c := *g; return &c }

// paranoidTree is where max-n and the paranoid reduction disagree. Seat 0
// picks a or b, seat 1 then a or b, seat 2 then a or b; the leaves are
// (seat 0, seat 1, seat 2) scores. By hand, max-n:
//
//	seat 2 after aa: aaa (5,2,1) or aab (2,3,6): 6 > 1, aab (2,3,6)
//	seat 2 after ab: aba (4,4,0) or abb (1,1,5): 5 > 0, abb (1,1,5)
//	seat 1 after a: aa gives it 3, ab 1: a is worth (2,3,6)
//	seat 2 after ba: baa (6,1,4) or bab (0,5,3): 4 > 3, baa (6,1,4)
//	seat 2 after bb: bba (3,2,2) or bbb (7,0,1): 2 > 1, bba (3,2,2)
//	seat 1 after b: ba gives it 1, bb 2: b is worth (3,2,2)
//	seat 0: a gives it 2, b 3: max-n plays b, expecting (3,2,2).
//
// Paranoid (seats 1 and 2 minimise seat 0): a is worth min(5,2,4,1) = 1,
// b min(6,0,3,7) = 0, so it plays a, expecting 1.
var paranoidTree = map[string]treeEnd{
	"aaa": {scores: []int{5, 2, 1}}, "aab": {scores: []int{2, 3, 6}},
	"aba": {scores: []int{4, 4, 0}}, "abb": {scores: []int{1, 1, 5}},
	"baa": {scores: []int{6, 1, 4}}, "bab": {scores: []int{0, 5, 3}},
	"bba": {scores: []int{3, 2, 2}}, "bbb": {scores: []int{7, 0, 1}},
}

func TestMaxNDiffersFromParanoid(t *testing.T) {
	g := &treeGame{ends: paranoidTree}
	mn := &MaxN{Eval: g.eval, MaxDepth: 3}
	r, err := mn.Search(context.Background(), g, 0)
	if err != nil {
		t.Fatal(err)
	}
	if r.Move != 1 || !slices.Equal(r.Scores, []int{3, 2, 2}) || r.Score != 3 || r.Depth != 3 {
		t.Errorf("max-n plays %s expecting %v (score %d, depth %d); want b expecting [3 2 2]",
			g.MoveString(0, r.Move), r.Scores, r.Score, r.Depth)
	}
	paranoid := &AlphaBeta{MaxDepth: 3, Eval: func(st games.State, seat int) int {
		scores := make([]int, 3)
		g.eval(st, scores)
		return scores[seat]
	}}
	p, err := paranoid.Search(context.Background(), g, 0)
	if err != nil {
		t.Fatal(err)
	}
	if p.Move != 0 || p.Score != 1 {
		t.Errorf("paranoid alpha-beta plays %s expecting %d; want a expecting 1", g.MoveString(0, p.Move), p.Score)
	}
}

// TestMaxNTerminalScores: finished games score WinScore minus the plies for
// each winner and the opposite for everyone else, a draw 0 for all. By
// hand, with W = WinScore:
//
//	a: seat 1 picks aa (it wins at ply 2) over ab (seat 0 wins): (-W+2, W-2, -W+2)
//	b: seat 1 picks ba (draw, 0) over bb (seat 2 wins, -W+2 for it): (0, 0, 0)
//	ca: seat 2 picks cab (it wins): (-W+3, -W+3, W-3)
//	cb: seat 2 loses either way; of cba (seat 0 wins) and cbb (seat 1
//	    wins) it is assumed to pick the one worse for the root seat: cbb
//	c: seat 1 picks cb (it wins) over ca: (-W+3, W-3, -W+3)
//	seat 0: a loses, b draws, c loses: b, expecting (0, 0, 0).
func TestMaxNTerminalScores(t *testing.T) {
	const W = WinScore
	g := &treeGame{ends: map[string]treeEnd{
		"aa": {winners: []int{1}}, "ab": {winners: []int{0}},
		"ba": {}, "bb": {winners: []int{2}},
		"caa": {winners: []int{0}}, "cab": {winners: []int{2}},
		"cba": {winners: []int{0}}, "cbb": {winners: []int{1}},
	}}
	mn := &MaxN{Eval: g.eval}
	r, err := mn.Search(context.Background(), g, 0)
	if err != nil {
		t.Fatal(err)
	}
	if r.Move != 1 || !slices.Equal(r.Scores, []int{0, 0, 0}) {
		t.Errorf("plays %s expecting %v; want b expecting a draw", g.MoveString(0, r.Move), r.Scores)
	}
	// Every line ends by ply 3, so the iterations stop there although
	// MaxDepth allows 64.
	if r.Depth != 3 {
		t.Errorf("searched to depth %d, want 3", r.Depth)
	}
	for _, c := range []struct {
		path string
		want []int
	}{
		{"a", []int{-W + 2, W - 2, -W + 2}},
		{"c", []int{-W + 3, W - 3, -W + 3}},
		{"ca", []int{-W + 3, -W + 3, W - 3}},
		{"cb", []int{-W + 3, W - 3, -W + 3}},
	} {
		// The node's value as the root sees it: search it as a child of
		// the root (seat 0), so the root's tie rule applies.
		s := mn.newSearch(context.Background(), g, 0)
		sub := &treeGame{ends: g.ends, path: c.path}
		if err := s.search(sub, 3, len(c.path)); err != nil {
			t.Fatal(err)
		}
		if got := s.vals[len(c.path)]; !slices.Equal(got, c.want) {
			t.Errorf("%s is worth %v, want %v", c.path, got, c.want)
		}
	}
}

// TestMaxNDraw: Draw is what a draw is worth to the searching seat
// alone. Seat 0 chooses between a, a draw, and b, where seat 1 then picks
// ba (-1 for seat 0) or bb (a draw). At Draw 0 seat 0 takes the draw a
// (0 > -1); at Draw -5 it plays b, expecting ba: seat 1 still scores a
// draw 0 and prefers ba's 2.
func TestMaxNDraw(t *testing.T) {
	g := &treeGame{ends: map[string]treeEnd{
		"a": {}, "ba": {scores: []int{-1, 2, 0}}, "bb": {},
	}}
	for _, c := range []struct {
		draw   int
		want   games.Move
		scores []int
	}{{0, 0, []int{0, 0, 0}}, {-5, 1, []int{-1, 2, 0}}} {
		r, err := (&MaxN{Eval: g.eval, MaxDepth: 2, Draw: c.draw}).Search(context.Background(), g, 0)
		if err != nil {
			t.Fatal(err)
		}
		if r.Move != c.want || !slices.Equal(r.Scores, c.scores) {
			t.Errorf("Draw %d: plays %s expecting %v, want %s expecting %v", c.draw, g.MoveString(0, r.Move), r.Scores, g.MoveString(0, c.want), c.scores)
		}
	}
}

// TestMaxNWinsSoonLosesLate: of two wins the search takes the sooner, of
// two losses the later.
func TestMaxNWinsSoonLosesLate(t *testing.T) {
	for _, c := range []struct {
		ends  map[string]treeEnd
		want  games.Move
		score int
	}{
		{map[string]treeEnd{"aaa": {winners: []int{0}}, "b": {winners: []int{0}}}, 1, WinScore - 1},
		{map[string]treeEnd{"a": {winners: []int{1}}, "ba": {winners: []int{2}}}, 1, -WinScore + 2},
	} {
		g := &treeGame{ends: c.ends}
		r, err := (&MaxN{Eval: g.eval}).Search(context.Background(), g, 0)
		if err != nil {
			t.Fatal(err)
		}
		if r.Move != c.want || r.Score != c.score {
			t.Errorf("%v: plays %s scoring %d, want %s scoring %d", c.ends, g.MoveString(0, r.Move), r.Score, g.MoveString(0, c.want), c.score)
		}
	}
}

// TestMaxNTieRule: a seat choosing between equal scores of its own is
// assumed to take the one worse for the searching seat (the better one
// when Hopeful), then the lower scores seat by seat. Here seat 1 searches from "a"; by hand:
//
//	seat 2 after aa: aaa (1,5,3) and aab (0,9,3) tie at 3; seat 1 gets 5
//	  or 9, so aaa, the worse for it, though aab is lower seat by seat
//	seat 2 after ab: aba (2,7,1) and abb (1,7,1) tie at 1, and seat 1
//	  gets 7 either way: abb, lower at seat 0
//	seat 1: aa gives it 5, ab 7: ab, expecting (1,7,1).
func TestMaxNTieRule(t *testing.T) {
	g := &treeGame{path: "a", ends: map[string]treeEnd{
		"aaa": {scores: []int{1, 5, 3}}, "aab": {scores: []int{0, 9, 3}},
		"aba": {scores: []int{2, 7, 1}}, "abb": {scores: []int{1, 7, 1}},
	}}
	r, err := (&MaxN{Eval: g.eval, MaxDepth: 2}).Search(context.Background(), g, 1)
	if err != nil {
		t.Fatal(err)
	}
	if r.Move != 1 || !slices.Equal(r.Scores, []int{1, 7, 1}) {
		t.Errorf("plays %s expecting %v; want b expecting [1 7 1]", g.MoveString(1, r.Move), r.Scores)
	}
	// Hopeful, seat 2 after aa takes aab, the better for seat 1, which
	// then plays a for 9; after ab nothing changes (seat 1 gets 7 either
	// way).
	r, err = (&MaxN{Eval: g.eval, MaxDepth: 2, Hopeful: true}).Search(context.Background(), g, 1)
	if err != nil {
		t.Fatal(err)
	}
	if r.Move != 0 || !slices.Equal(r.Scores, []int{0, 9, 3}) {
		t.Errorf("hopeful: plays %s expecting %v; want a expecting [0 9 3]", g.MoveString(1, r.Move), r.Scores)
	}
}

// TestMaxNDeepensWhileALineGoesOn: the search stops deepening only when
// no line reached the horizon, whichever root move that line follows.
// Here a wins for seat 0 at ply 3 and b loses at ply 2: after depth 2 the
// b line is over but the a line is not.
func TestMaxNDeepensWhileALineGoesOn(t *testing.T) {
	g := &treeGame{ends: map[string]treeEnd{"aaa": {winners: []int{0}}, "ba": {winners: []int{1}}}}
	r, err := (&MaxN{Eval: g.eval}).Search(context.Background(), g, 0)
	if err != nil {
		t.Fatal(err)
	}
	if r.Move != 0 || r.Depth != 3 || r.Score != WinScore-3 {
		t.Errorf("plays %s at depth %d scoring %d; want a at depth 3 scoring WinScore-3", g.MoveString(0, r.Move), r.Depth, r.Score)
	}
}

// lines3 is a three-seat game deep enough to exercise budgets and the
// table: seats 0, 1, 2 take turns putting a mark on an empty cell of a
// 4 x 4 board; three in a row (row, column or diagonal) wins, a full board
// is a draw. Placing the same marks in another order reaches the same
// position, so the search meets transpositions.
type lines3 struct {
	cells  [16]int8 // 0 empty, else seat+1
	toMove int
	placed int
	winner int // -1 while nobody has won
}

// lines3Segments are the 24 runs of three cells in a row.
var lines3Segments = func() [][3]int {
	var segs [][3]int
	for r := range 4 {
		for c := range 4 {
			for _, d := range [][2]int{{0, 1}, {1, 0}, {1, 1}, {1, -1}} {
				r2, c2 := r+2*d[0], c+2*d[1]
				if r2 >= 0 && r2 < 4 && c2 >= 0 && c2 < 4 {
					segs = append(segs, [3]int{r*4 + c, (r+d[0])*4 + c + d[1], r2*4 + c2})
				}
			}
		}
	}
	return segs
}()

func newLines3() *lines3 { return &lines3{winner: -1} }

func (g *lines3) Seats() int { return 3 }
func (g *lines3) ToMove() []int {
	if g.Outcome().Over() {
		return []int{}
	}
	return []int{g.toMove}
}

func (g *lines3) Legal(seat int) []games.Move {
	if g.Outcome().Over() || seat != g.toMove {
		return nil
	}
	var moves []games.Move
	for i, c := range g.cells {
		if c == 0 {
			moves = append(moves, games.Move(i))
		}
	}
	return moves
}

func (g *lines3) Play(moves ...games.Move) error {
	if len(moves) != 1 || !slices.Contains(g.Legal(g.toMove), moves[0]) {
		return fmt.Errorf("not a move here")
	}
	cell := int(moves[0])
	g.cells[cell] = int8(g.toMove + 1)
	g.placed++
	for _, s := range lines3Segments {
		if (s[0] == cell || s[1] == cell || s[2] == cell) &&
			g.cells[s[0]] == g.cells[s[1]] && g.cells[s[1]] == g.cells[s[2]] {
			g.winner = g.toMove
		}
	}
	g.toMove = (g.toMove + 1) % 3
	return nil
}

func (g *lines3) Outcome() games.Outcome {
	switch {
	case g.winner >= 0:
		return games.Outcome{Status: games.Win, Winners: []int{g.winner}}
	case g.placed == 16:
		return games.Outcome{Status: games.Draw}
	}
	return games.Outcome{}
}

// Hash is exact: two bits per cell and the seat to move.
func (g *lines3) Hash() uint64 {
	h := uint64(g.toMove)
	for _, c := range g.cells {
		h = h<<2 | uint64(c)
	}
	return h
}
func (g *lines3) Position() any                         { return g.cells }
func (g *lines3) MoveString(_ int, m games.Move) string { return strconv.Itoa(int(m)) }
func (g *lines3) ParseMove(int, string) (games.Move, error) {
	return games.NoMove, games.ErrGameOver
}
func (g *lines3) Clone() games.State { c := *g; return &c }

// lines3Eval counts each seat's open runs (a run holding only its marks:
// 1 for one mark, 4 for two) and scores a seat by its count against the
// others'.
func lines3Eval(st games.State, scores []int) {
	g := st.(*lines3)
	var open [3]int
	for _, s := range lines3Segments {
		owner, n := 0, 0
		for _, cell := range s {
			if c := int(g.cells[cell]); c != 0 {
				if owner != 0 && owner != c {
					n = 0
					break
				}
				owner, n = c, n+1
			}
		}
		if n > 0 {
			open[owner-1] += n * n
		}
	}
	for seat := range scores {
		scores[seat] = 3*open[seat] - (open[0] + open[1] + open[2])
	}
}

// lines3After plays n random moves from the empty board with a fixed
// stream, stopping early if the game ends.
func lines3After(n int, seed uint64) *lines3 {
	g := newLines3()
	rng := rand.New(rand.NewPCG(seed, 0))
	for range n {
		legal := g.Legal(g.toMove)
		if len(legal) == 0 {
			break
		}
		g.Play(legal[rng.IntN(len(legal))])
	}
	return g
}

// maxnOracle is plain max-n without a table, written apart from the
// searcher: every child's vector, then the mover's choice by the rule
// MaxN documents (own score up, root score down, then seat by seat down).
// It returns the node's vector and the nodes it visited.
func maxnOracle(st games.State, depth, ply, root int, eval EvalAll) ([]int, int64) {
	nodes := int64(1)
	if out := st.Outcome(); out.Over() {
		v := make([]int, st.Seats())
		for i := range v {
			switch {
			case slices.Contains(out.Winners, i):
				v[i] = WinScore - ply
			case out.Status == games.Win:
				v[i] = ply - WinScore
			}
		}
		return v, nodes
	}
	if depth == 0 {
		v := make([]int, st.Seats())
		eval(st, v)
		return v, nodes
	}
	mover := st.ToMove()[0]
	var kids [][]int
	for _, m := range st.Legal(mover) {
		c := st.Clone()
		c.Play(m)
		v, n := maxnOracle(c, depth-1, ply+1, root, eval)
		kids = append(kids, v)
		nodes += n
	}
	best := slices.MinFunc(kids, func(a, b []int) int {
		if a[mover] != b[mover] {
			return b[mover] - a[mover]
		}
		if a[root] != b[root] {
			return a[root] - b[root]
		}
		return slices.Compare(a, b)
	})
	return best, nodes
}

// TestMaxNMatchesOracle: on positions of lines3 the searcher, with its
// table, finds the oracle's value and one of the oracle's best moves, and
// the table saves nodes (at depth 5 a seat moves twice, so two orders of
// its moves reach the same position).
func TestMaxNMatchesOracle(t *testing.T) {
	saved := false
	for i := range 12 {
		st := lines3After(6+i%3, uint64(i))
		if st.Outcome().Over() {
			continue
		}
		seat := st.toMove
		for _, depth := range []int{1, 2, 5} {
			r, err := (&MaxN{Eval: lines3Eval, MaxDepth: depth, Seed: uint64(i)}).Search(context.Background(), st, seat)
			if err != nil {
				t.Fatal(err)
			}
			var oracleNodes int64
			for d := 1; d <= r.Depth; d++ {
				_, n := maxnOracle(st, d, 0, seat, lines3Eval)
				oracleNodes += n - 1 // the oracle counts the root, the searcher does not
			}
			bestScore, bestMoves, moveScores := -WinScore-1, []games.Move{}, []int(nil)
			for _, m := range st.Legal(seat) {
				c := st.Clone()
				c.Play(m)
				v, _ := maxnOracle(c, r.Depth-1, 1, seat, lines3Eval)
				if v[seat] > bestScore {
					bestScore, bestMoves = v[seat], bestMoves[:0]
				}
				if v[seat] == bestScore {
					bestMoves = append(bestMoves, m)
				}
				if m == r.Move {
					moveScores = v
				}
			}
			if !slices.Contains(bestMoves, r.Move) || r.Score != bestScore || !slices.Equal(r.Scores, moveScores) {
				t.Fatalf("position %d depth %d: plays %d scoring %d %v; oracle: best %v scoring %d, %d is worth %v",
					i, depth, r.Move, r.Score, r.Scores, bestMoves, bestScore, r.Move, moveScores)
			}
			if r.Ties != len(bestMoves) {
				t.Errorf("position %d depth %d: %d ties, oracle %d", i, depth, r.Ties, len(bestMoves))
			}
			if r.Nodes > oracleNodes {
				t.Errorf("position %d depth %d: %d nodes, more than the oracle's %d", i, depth, r.Nodes, oracleNodes)
			}
			saved = saved || r.Nodes < oracleNodes
		}
	}
	if !saved {
		t.Error("the table never saved a node")
	}
}

// TestMaxNTableIsExact: the table answers only for the same position at
// the same depth; win and loss scores are kept relative to the node, so a
// position stored at ply 1 and found again at ply 4 has its wins three
// plies further away; and an entry remembers that its subtree reached the
// horizon, so finding it keeps the iterations going.
func TestMaxNTableIsExact(t *testing.T) {
	const W = WinScore
	s := (&MaxN{Eval: lines3Eval}).newSearch(context.Background(), newLines3(), 0)
	s.horizon = true
	s.store(42, 2, 1, []int{W - 2, -W + 2, 5})
	s.horizon = false
	got := make([]int, 3)
	if !s.probe(42, 2, 4, got) || !slices.Equal(got, []int{W - 5, -W + 5, 5}) {
		t.Errorf("found %v at ply 4, want [W-5 -W+5 5]", got)
	}
	if !s.horizon {
		t.Error("an entry that reached the horizon did not say so")
	}
	if s.probe(42, 3, 1, got) || s.probe(43, 2, 1, got) || s.probe(42+1<<16, 2, 1, got) {
		t.Error("found an entry for another depth or another position")
	}
}

// TestMaxNBudget: the node budget is never exceeded, the answer is the
// one of the last iteration the budget let finish, and the same budget
// gives the same answer. From the empty board (16 cells, no transposition
// and no win within 4 plies) iteration d costs 16 + 16*15 + ... nodes:
// 16, 256, 3616 and 47296, so 272, 3888 and 51184 nodes finish depths 2,
// 3 and 4.
func TestMaxNBudget(t *testing.T) {
	st := newLines3()
	for _, c := range []struct {
		budget int64
		depth  int
	}{{271, 1}, {500, 2}, {5_000, 3}, {60_000, 4}} {
		budget := c.budget
		mn := &MaxN{Eval: lines3Eval, Nodes: budget, Seed: 7}
		r, err := mn.Search(context.Background(), st, 0)
		if err != nil {
			t.Fatal(err)
		}
		if r.Nodes > budget || r.Depth != c.depth {
			t.Errorf("budget %d: %d nodes, depth %d; want at most %d nodes, depth %d", budget, r.Nodes, r.Depth, budget, c.depth)
		}
		full, err := (&MaxN{Eval: lines3Eval, MaxDepth: r.Depth, Seed: 7}).Search(context.Background(), st, 0)
		if err != nil {
			t.Fatal(err)
		}
		if full.Move != r.Move || !slices.Equal(full.Scores, r.Scores) {
			t.Errorf("budget %d: plays %d %v; its last finished iteration (depth %d) plays %d %v",
				budget, r.Move, r.Scores, r.Depth, full.Move, full.Scores)
		}
		again, _ := mn.Search(context.Background(), st, 0)
		if again.Move != r.Move || again.Nodes != r.Nodes || again.Depth != r.Depth {
			t.Errorf("budget %d: not deterministic: %+v then %+v", budget, r.Result, again.Result)
		}
	}
}

// TestMaxNBudgetBelowOneIteration: a budget too small for the first
// iteration answers the best of the moves it did score. From the empty
// board, 10 nodes score cells 0 to 8 at depth 1; of those, 5 and 6 (the
// centre cells, in 7 runs each) are best: 3*7 - 7 = 14.
func TestMaxNBudgetBelowOneIteration(t *testing.T) {
	r, err := (&MaxN{Eval: lines3Eval, Nodes: 10}).Search(context.Background(), newLines3(), 0)
	if err != nil {
		t.Fatal(err)
	}
	if r.Depth != 0 || (r.Move != 5 && r.Move != 6) || r.Score != 14 || r.Ties != 2 {
		t.Errorf("depth %d: plays %d scoring %d among %d ties; want 5 or 6 scoring 14 among 2, depth 0", r.Depth, r.Move, r.Score, r.Ties)
	}
}

// cancelAfter is a context that is cancelled after its Err has answered
// nil a given number of times: cancellation at an exact point of the
// search, with no clock and no goroutine.
type cancelAfter struct {
	context.Context
	polls, allowed int
}

func (c *cancelAfter) Err() error {
	c.polls++
	if c.polls > c.allowed {
		return context.Canceled
	}
	return nil
}

// TestMaxNCancel: a cancelled search stops within one polling gap (at most
// 256 nodes between two looks at ctx) and answers the move of its last
// finished iteration; cancelled before any iteration finished, it answers
// a legal move and the context's error.
func TestMaxNCancel(t *testing.T) {
	st := newLines3()
	for _, allowed := range []int{40, 400, 4000} {
		ctx := &cancelAfter{Context: context.Background(), allowed: allowed}
		r, err := (&MaxN{Eval: lines3Eval, Seed: 2}).Search(ctx, st, 0)
		if err != nil {
			t.Fatalf("cancelled after %d polls: %v", allowed, err)
		}
		if ctx.polls != allowed+1 {
			t.Errorf("cancelled after %d polls: the search went on polling (%d polls)", allowed, ctx.polls)
		}
		if r.Nodes > 256*int64(ctx.polls) {
			t.Errorf("%d nodes in %d polls: more than 256 nodes between polls", r.Nodes, ctx.polls)
		}
		full, _ := (&MaxN{Eval: lines3Eval, MaxDepth: r.Depth, Seed: 2}).Search(context.Background(), st, 0)
		if r.Depth < 1 || full.Move != r.Move {
			t.Errorf("cancelled after %d polls: plays %d at depth %d; that iteration plays %d", allowed, r.Move, r.Depth, full.Move)
		}
	}
	for _, allowed := range []int{0, 1} {
		// MinDepth 6 makes the first iteration long enough to be cut.
		ctx := &cancelAfter{Context: context.Background(), allowed: allowed}
		r, err := (&MaxN{Eval: lines3Eval, MinDepth: 6}).Search(ctx, st, 0)
		if err != context.Canceled {
			t.Errorf("cancelled after %d polls in the first iteration: error %v, want %v", allowed, err, context.Canceled)
		}
		if err := st.Clone().Play(r.Move); err != nil {
			t.Errorf("cancelled after %d polls in the first iteration: %v", allowed, err)
		}
		if r.Nodes > 256*int64(ctx.polls) {
			t.Errorf("%d nodes in %d polls", r.Nodes, ctx.polls)
		}
	}
}

// TestMaxNSeeded: the same seed gives the same search; other seeds choose
// among the moves that tie for best, and only among those.
func TestMaxNSeeded(t *testing.T) {
	for i := range 6 {
		st := lines3After(i, uint64(i))
		mn := &MaxN{Eval: lines3Eval, Nodes: 20_000, Seed: 5}
		a, _ := mn.Search(context.Background(), st, st.toMove)
		b, _ := mn.Search(context.Background(), st.Clone(), st.toMove)
		if a.Move != b.Move || !slices.Equal(a.Scores, b.Scores) || a.Nodes != b.Nodes || a.Depth != b.Depth {
			t.Errorf("position %d: same seed, different searches: %+v %v, %+v %v", i, a.Result, a.Scores, b.Result, b.Scores)
		}
	}
	// The empty board at depth 1: the four corners tie, and so on.
	st := newLines3()
	chosen := map[games.Move]bool{}
	var ties int
	for seed := range uint64(20) {
		r, _ := (&MaxN{Eval: lines3Eval, MaxDepth: 1, Seed: seed}).Search(context.Background(), st, 0)
		chosen[r.Move] = true
		ties = r.Ties
	}
	if ties < 2 || len(chosen) < 2 || len(chosen) > ties {
		t.Errorf("20 seeds chose %d different moves among %d ties", len(chosen), ties)
	}
}

// TestMaxNRefuses: a seat that is not alone to move gets an error, not a
// move.
func TestMaxNRefuses(t *testing.T) {
	mn := &MaxN{Eval: lines3Eval}
	if _, err := mn.Search(context.Background(), newLines3(), 1); err == nil {
		t.Error("searched for seat 1 while seat 0 is to move")
	}
	if _, err := mn.Choose(context.Background(), &higher{}, 0); err == nil {
		t.Error("searched a simultaneous turn")
	}
	// A game that breaks the contract (a seat to move with no move) is
	// reported, not taken for the end of the budget.
	g := &treeGame{ends: map[string]treeEnd{"a": {scores: []int{0, 0, 0}}, "ba": {winners: []int{0}}}}
	if r, err := (&MaxN{Eval: g.eval}).Search(context.Background(), g, 0); err == nil {
		t.Errorf("seat 1 has no move after a, yet the search answered %s", g.MoveString(0, r.Move))
	}
}

// TestMaxNMoves: Moves replaces the legal moves at every node, the root
// included, and an empty list at the root is an error.
func TestMaxNMoves(t *testing.T) {
	var seen []games.Move
	only := func(st games.State, seat int) []games.Move {
		if st.(*lines3).placed == 0 {
			return []games.Move{15}
		}
		seen = append(seen, st.Legal(seat)...)
		return st.Legal(seat)[:1]
	}
	r, err := (&MaxN{Eval: lines3Eval, Moves: only, MaxDepth: 3}).Search(context.Background(), newLines3(), 0)
	if err != nil || r.Move != 15 || r.Nodes != 1+2+3 {
		t.Errorf("plays %d in %d nodes (%v); want 15 in 6 nodes, one move a node", r.Move, r.Nodes, err)
	}
	if len(seen) == 0 {
		t.Error("Moves was not asked below the root")
	}
	none := func(games.State, int) []games.Move { return nil }
	if _, err := (&MaxN{Eval: lines3Eval, Moves: none}).Search(context.Background(), newLines3(), 0); err == nil {
		t.Error("no error for a root without moves")
	}
}

// BenchmarkMaxNLines3 measures the searcher's speed on lines3 from the
// empty board with a budget of 200,000 nodes: ns/op is one move.
func BenchmarkMaxNLines3(b *testing.B) {
	st := newLines3()
	mn := &MaxN{Eval: lines3Eval, Nodes: 200_000}
	var nodes int64
	depth := 0
	for b.Loop() {
		r, err := mn.Search(context.Background(), st, 0)
		if err != nil {
			b.Fatal(err)
		}
		nodes += r.Nodes
		depth = r.Depth
	}
	b.ReportMetric(float64(nodes)/b.Elapsed().Seconds(), "nodes/s")
	b.ReportMetric(float64(depth), "depth")
	b.ReportMetric(float64(nodes)/float64(b.N), "nodes/move")
}

// higher is a one-turn simultaneous game: both seats name 0, 1 or 2 at
// once; the higher number wins, equal numbers draw.
type higher struct {
	done   bool
	picked [2]int
}

func (h *higher) Seats() int { return 2 }
func (h *higher) ToMove() []int {
	if h.done {
		return []int{}
	}
	return []int{0, 1}
}
func (h *higher) Legal(seat int) []games.Move {
	if h.done {
		return nil
	}
	return []games.Move{0, 1, 2}
}
func (h *higher) Play(moves ...games.Move) error {
	if h.done || len(moves) != 2 {
		return games.ErrGameOver
	}
	h.picked = [2]int{int(moves[0]), int(moves[1])}
	h.done = true
	return nil
}
func (h *higher) Outcome() games.Outcome {
	switch {
	case !h.done:
		return games.Outcome{}
	case h.picked[0] > h.picked[1]:
		return games.Outcome{Status: games.Win, Winners: []int{0}}
	case h.picked[1] > h.picked[0]:
		return games.Outcome{Status: games.Win, Winners: []int{1}}
	}
	return games.Outcome{Status: games.Draw}
}
func (h *higher) Hash() uint64                              { return uint64(h.picked[0]*3+h.picked[1]) + 100*uint64(btoi(h.done)) }
func (h *higher) Position() any                             { return h.picked }
func (h *higher) MoveString(int, games.Move) string         { return "" }
func (h *higher) ParseMove(int, string) (games.Move, error) { return games.NoMove, games.ErrGameOver }
func (h *higher) Clone() games.State                        { c := *h; return &c }

func btoi(b bool) int {
	if b {
		return 1
	}
	return 0
}
