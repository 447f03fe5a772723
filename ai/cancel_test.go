package ai

import (
	"context"
	"sync"
	"testing"
	"time"

	"github.com/tabulagames/tabula/games"
	"github.com/tabulagames/tabula/games/gametest"
)

// countdownCtx answers its first n calls of Err with nil and every later
// one with context.Canceled: a cancellation that arrives after n polls.
type countdownCtx struct {
	context.Context
	left int
}

func (c *countdownCtx) Err() error {
	c.left--
	if c.left < 0 {
		return context.Canceled
	}
	return nil
}

var infLong struct {
	once sync.Once
	st   games.State
}

// infLongGame is the position after a legal 60,000-action infiltration
// game with free movement, forced capture and multi-jump (issue 8).
func infLongGame(t *testing.T) games.State {
	infLong.once.Do(func() {
		g, _ := games.Lookup("infiltration")
		rules := map[string]any{"movement": "free", "forcedCapture": true, "multiJump": true}
		rec, st := gametest.LongGame(t, g, rules, 60_000, 1)
		if len(rec.Moves) == 60_000 {
			infLong.st = st
		}
	})
	if infLong.st == nil {
		t.Fatal("the long game stopped short")
	}
	return infLong.st.Clone()
}

// Alpha-beta polls ctx at every node, so it stops at most one node after
// a cancellation, however costly a node is (here, on the 60,000-action
// game, an action and a capture extension of up to 16 more). It polled
// every 256 nodes before.
func TestSearchStopsAtTheNextNode(t *testing.T) {
	st := infLongGame(t)
	for _, polls := range []int{1, 2, 10, 300} {
		ab := infSearcher(Options{Seed: 1}, 0, infHardNodes, 4, 18)
		ctx := &countdownCtx{Context: context.Background(), left: polls}
		r, err := ab.Search(ctx, st.Clone(), st.ToMove()[0])
		if r.Depth == 0 && err != context.Canceled {
			t.Errorf("cancelled after %d polls in the first iteration: error %v, want context.Canceled", polls, err)
		}
		// The first poll is the check before the search; the nodes
		// count the capture extension's too, up to infQuiesceCap a node.
		if r.Nodes > int64(polls)*(1+infQuiesceCap) {
			t.Errorf("cancelled after %d polls: %d nodes searched", polls, r.Nodes)
		}
	}
}

// The time cap (Options.Time) is a deadline on the context the searchers
// poll, so it needs no clock in the search; a cap that does not run out
// changes nothing.
func TestTimeCapIsADeadline(t *testing.T) {
	ctx := context.Background()
	if c, stop := withTimeCap(ctx, 0); c != ctx {
		t.Error("no cap: the context should be the caller's")
	} else {
		stop()
	}
	c, stop := withTimeCap(ctx, time.Hour)
	if _, ok := c.Deadline(); !ok {
		t.Error("a cap of an hour set no deadline")
	}
	stop()
	if c.Err() == nil {
		t.Error("the context of a capped search outlives it")
	}
	st := infMidgame(t)
	seat := st.ToMove()[0]
	plain, _ := infSearcher(Options{Seed: 1, Nodes: 2000}, 0, 0, 4, 16).Search(ctx, st.Clone(), seat)
	capped, _ := infSearcher(Options{Seed: 1, Nodes: 2000, Time: time.Hour}, 0, 0, 4, 16).Search(ctx, st.Clone(), seat)
	if plain != capped {
		t.Errorf("an hour's cap changed the search: %+v, without %+v", capped, plain)
	}
}

// The knights expert polls ctx at every node of its turn search, as
// alpha-beta does (a node is an evaluation: a breadth-first search per
// knight), so it stops at most one node after a cancellation. It polled
// every 256 nodes before.
func TestKnightsExpertStopsAtTheNextNode(t *testing.T) {
	g, _ := games.Lookup("knights")
	_, st := gametest.LongGame(t, g, map[string]any{"size": 16, "players": 3}, 10, 1)
	spec, _ := Find("knights", "expert")
	for _, polls := range []int{1, 2, 10, 100} {
		watch := &countdownCtx{Context: context.Background(), left: polls}
		ctx, meter := withWorkMeter(watch)
		seat := st.ToMove()[0]
		a, err := Ask(ctx, spec.New(Options{Seed: 1}), st.Clone(), seat, ProgressOf(st, 1, 10))
		if err != nil || illegalAnswer(st, seat, a) != "" {
			t.Errorf("cancelled after %d polls: %v, %v", polls, a, err)
		}
		// The first poll is the check before the search.
		if n := meter.nodes.Load(); n > int64(polls) {
			t.Errorf("cancelled after %d polls: %d nodes searched", polls, n)
		}
	}
}

// The infiltration searchers count the captures their extension plays at
// the horizon in their node budget: every position the search plays is
// a node. Uncounted, a budget of 300,000 nodes took 14.5 s instead of
// about a second on a long game with free movement and 16 pieces a side,
// where captures abound. The test counts the captures through whichever
// hook the searcher scores its horizon with, and the search's own nodes
// through its polls of ctx.
func TestInfiltrationBudgetCountsTheCaptureExtension(t *testing.T) {
	g, _ := games.Lookup("infiltration")
	_, st := gametest.LongGame(t, g, map[string]any{"movement": "free", "pieces": 16}, 5000, 1)
	seat := st.ToMove()[0]
	const budget, qdepth = 20_000, 4
	ab := infSearcher(Options{Seed: 1, Nodes: budget}, 0, infHardNodes, qdepth, 18)
	captures := 0
	if leaf := ab.Leaf; leaf != nil {
		ab.Leaf = func(st games.State, seat, ply, alpha, beta int) (int, int) {
			v, n := leaf(st, seat, ply, alpha, beta)
			captures += n
			return v, n
		}
	} else {
		ab.Eval = func(st games.State, seat int) int {
			v, n := infExtended(st, seat, qdepth)
			captures += n
			return v
		}
	}
	watch := &countdownCtx{Context: context.Background(), left: 1 << 40}
	if _, err := ab.Search(watch, st.Clone(), seat); err != nil {
		t.Fatal(err)
	}
	nodes := int64(1<<40-watch.left) - 1 // a poll per node, and one before
	if captures == 0 {
		t.Fatal("no capture at the horizon: the test checks nothing")
	}
	if work := nodes + int64(captures); work > budget+infQuiesceCap {
		t.Errorf("%d nodes and %d captures at the horizon, %d positions for a budget of %d", nodes, captures, work, budget)
	}
}

// The lone knight's path solver polls ctx every 256 nodes (a node is a
// few instructions) and, cancelled, stops for good: it went on to search
// the next first jumps, up to 256 nodes each.
func TestLoneKnightSolverStopsWhenCancelled(t *testing.T) {
	g, _ := games.Lookup("knights")
	var st games.State
	for plies := 0; st == nil || len(st.Legal(0)) < 3; plies++ {
		if plies > 20 {
			t.Fatal("no position with three first jumps: the test checks nothing")
		}
		_, st = gametest.LongGame(t, g, map[string]any{"size": 16, "players": 1}, plies, 1)
	}
	seat := st.ToMove()[0]
	spec, _ := Find("knights", "expert")
	// Polls: one before the search, at its 256th node, at its 512th
	// (cancelled).
	watch := &countdownCtx{Context: context.Background(), left: 2}
	ctx, meter := withWorkMeter(watch)
	a, err := Ask(ctx, spec.New(Options{Seed: 1}), st.Clone(), seat, ProgressOf(st, 1, 10))
	if err != nil || illegalAnswer(st, seat, a) != "" {
		t.Fatalf("cancelled: %v, %v", a, err)
	}
	if n := meter.nodes.Load(); n > 512 {
		t.Errorf("cancelled at its 512th node, it searched %d", n)
	}
}
