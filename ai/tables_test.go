package ai

import (
	"context"
	"fmt"
	"testing"

	"github.com/tabulagames/tabula/games"
	"github.com/tabulagames/tabula/games/gametest"
)

// A pool hands back a table of the length asked for, cleared, reusing
// what was put back, and keeps no more than keptTables.
func TestTablePool(t *testing.T) {
	var p tablePool[int32]
	a := p.get(8)
	if len(a) != 8 {
		t.Fatalf("asked for 8 entries, got %d", len(a))
	}
	for i := range a {
		a[i] = 7
	}
	p.put(a)
	b := p.get(8)
	if &b[0] != &a[0] {
		t.Error("the table put back was not reused")
	}
	for i, v := range b {
		if v != 0 {
			t.Fatalf("a reused table is not cleared: entry %d is %d", i, v)
		}
	}
	if c := p.get(16); len(c) != 16 || &c[0] == &b[0] {
		t.Errorf("a table of another length: %d entries, the same as before %v", len(c), &c[0] == &b[0])
	}
	for range keptTables + 3 {
		p.put(make([]int32, 4))
	}
	if len(p.free) != keptTables {
		t.Errorf("the pool keeps %d tables, want %d", len(p.free), keptTables)
	}
}

// A search on a table the same search filled before it, then on tables
// filled with garbage, finds what it found on a fresh one, to the node:
// the tables are cleared when reused (a stale entry of the same position
// would cut the second search short).
func TestReusedTablesChangeNoSearch(t *testing.T) {
	g, _ := games.Lookup("classic")
	ttt := gametest.NewState(t, g, nil, "")
	lines := lines3After(6, 0)
	searches := map[string]func() string{
		"alpha-beta": func() string {
			r, err := (&AlphaBeta{Eval: func(games.State, int) int { return 0 }, MaxDepth: 5, TTBits: 10}).Search(context.Background(), ttt.Clone(), 0)
			return fmt.Sprint(r, err)
		},
		"max-n": func() string {
			r, err := (&MaxN{Eval: lines3Eval, MaxDepth: 5, TTBits: 10}).Search(context.Background(), lines, lines.toMove)
			return fmt.Sprint(r, err)
		},
	}
	for name, search := range searches {
		fresh := search()
		if again := search(); again != fresh {
			t.Errorf("%s on the table of the same search: %s, on a fresh one %s", name, again, fresh)
		}
		poison()
		if again := search(); again != fresh {
			t.Errorf("%s on tables of garbage: %s, on a fresh one %s", name, again, fresh)
		}
	}
}

// poison fills every pooled table with entries no search wrote.
func poison() {
	abTables.mu.Lock()
	for _, tt := range abTables.free {
		for i := range tt {
			tt[i] = ttEntry{key: uint64(i), move: 3, score: 12345, depth: 60, flag: ttExact}
		}
	}
	abTables.mu.Unlock()
	maxnTables.mu.Lock()
	for _, tt := range maxnTables.free {
		for i := range tt {
			tt[i] = maxnEntry{key: uint64(i), depth: 60, used: true}
		}
	}
	maxnTables.mu.Unlock()
	maxnVals.mu.Lock()
	for _, v := range maxnVals.free {
		for i := range v {
			v[i] = 999
		}
	}
	maxnVals.mu.Unlock()
}
