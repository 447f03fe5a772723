//go:build js

package settings

import (
	"testing"
	"time"

	"github.com/tabulagames/tabula/games"
	"github.com/tabulagames/tabula/games/gametest"
	"github.com/tabulagames/tabula/internal/jstest"
)

// Saving and loading a very long game replays every move (checkRecord,
// loadBytes) and encodes or decodes a file of 400 KB: a large part of a
// second for 30,000 plies in the browser. The replay pauses for the
// event loop every ~10 ms (internal/pause), and so do the steps between
// decoding, replaying and reading the name, so that no task of a save
// or a load is longer than jstest.MaxTask. The first round is not held
// to it: it is where the engine compiles the JSON and rules code it has
// not run yet (a page pays that once), and it is logged.
func TestBrowserLongSaveLoadPauses(t *testing.T) {
	g, _ := games.Lookup("arena")
	rec, _ := gametest.LongGame(t, g, map[string]any{}, 30000, 1)
	s := NewStore(home(t))
	h := jstest.Start(t)
	for round := 1; round <= 2; round++ {
		t0 := time.Now()
		path, err := s.Save(rec, "long")
		saved, k := time.Since(t0), h.Read()
		if err != nil {
			t.Fatal(err)
		}
		t.Logf("round %d: %d plies saved in %v, longest task %v", round, len(rec.Moves), jstest.Round(saved), k)
		if round > 1 && k.Longest > jstest.MaxTask {
			t.Errorf("a task of the save took %v", k)
		}
		t0 = time.Now()
		back, err := s.Load(path)
		loaded, k := time.Since(t0), h.Read()
		if err != nil || len(back.Moves) != len(rec.Moves) {
			t.Fatalf("Load = %d plies, %v", len(back.Moves), err)
		}
		t.Logf("round %d: %d plies loaded in %v, longest task %v", round, len(back.Moves), jstest.Round(loaded), k)
		if round > 1 && k.Longest > jstest.MaxTask {
			t.Errorf("a task of the load took %v", k)
		}
	}
}
