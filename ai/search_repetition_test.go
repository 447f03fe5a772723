package ai

import (
	"context"
	"strings"
	"testing"

	"github.com/tabulagames/tabula/games"
	inf "github.com/tabulagames/tabula/games/infiltration"
)

// infKingsEval scores an infiltration position by the pieces on the board
// and how central the kings stand, and nothing else (unlike infEval, not
// the no-progress counter), so a position's value depends on its history
// only through the repetition rule.
func infKingsEval(st games.State, seat int) int {
	v := 0
	for sq, c := range st.(*inf.State).Cells() {
		if c == inf.Empty {
			continue
		}
		f, r := sq%8, sq/8
		w := 100 - 3*(max(f, 7-f)+max(r, 7-r))
		if int(c-1)>>1 == seat {
			v += w
		} else {
			v -= w
		}
	}
	return v
}

// minimax is the plain depth-limited minimax AlphaBeta computes, from
// root's side, with no table; draws counts the draws by repetition it met.
func minimax(st games.State, root, depth, ply int, eval Eval, draws *int) int {
	if out := st.Outcome(); out.Over() {
		switch {
		case out.Status == games.Draw:
			*draws++
			return 0
		case out.Winners[0] == root:
			return WinScore - ply
		}
		return -WinScore + ply
	}
	if depth == 0 {
		return eval(st, root)
	}
	mover := st.ToMove()[0]
	best := 0
	for i, m := range infMoves(st, mover) {
		c := st.Clone()
		if err := c.Play(m); err != nil {
			panic(err)
		}
		v := minimax(c, root, depth-1, ply+1, eval, draws)
		if i == 0 || (mover == root && v > best) || (mover != root && v < best) {
			best = v
		}
	}
	return best
}

// Infiltration draws when a position occurs for the third time, so the
// same position has different values after different histories. Here X,
// a king up, shuffles kings with O after the start position occurred
// twice: inside an 8-ply search many positions come back, some for the
// third time (a draw, worth 0 to X who is ahead). One iteration of
// the infiltration searcher at a fixed depth must score the root as plain
// minimax does: its table may share a value only between states with the
// same future. Keyed on the position alone, it handed a position reached
// after one history the value found for it after another (-3 here, for 0).
func TestAlphaBetaTableKeepsRepetitionHistoriesApart(t *testing.T) {
	st := infNew(t, nil, infSetup([8]string{
		"........",
		".O......",
		"........",
		"...X....",
		"........",
		"........",
		"........",
		"........",
	}, inf.X, 0, 0))
	for _, tok := range strings.Fields("d5-e6 b7-c6 e6-f5 c6-d5 f5-e6 d5-c6 e6-d5 c6-b7") {
		if err := games.PlayToken(st, tok); err != nil {
			t.Fatal(tok, err)
		}
	}
	const depth = 8
	draws := 0
	want := minimax(st, inf.X, depth, 0, infKingsEval, &draws)
	if draws == 0 {
		t.Fatal("no draw by repetition in the tree: the test checks nothing")
	}
	// The hard bot's searcher, but with one iteration at depth, and
	// infKingsEval.
	ab := infSearcher(Options{}, depth, 0, 0, 16)
	ab.Eval, ab.Leaf, ab.MinDepth = infKingsEval, nil, depth
	r, err := ab.Search(context.Background(), st, inf.X)
	if err != nil {
		t.Fatal(err)
	}
	if r.Score != want {
		t.Errorf("alpha-beta scores the root %d, plain minimax %d (%d draws by repetition in the tree)", r.Score, want, draws)
	}
	t.Logf("score %d, %d draws by repetition in the tree, %d nodes", want, draws, r.Nodes)
}
