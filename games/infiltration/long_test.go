package infiltration_test

import (
	"testing"

	"github.com/tabulagames/tabula/games/gametest"
	"github.com/tabulagames/tabula/games/infiltration"
)

// longRules are the rules of the longest random games (issue 8): with
// free movement, forced capture and multi-jump random players capture and
// drop back all the time, and games run tens of thousands of actions.
var longRules = map[string]any{"movement": "free", "forcedCapture": true, "multiJump": true}

// longPlies is the length of the long game of issue 8.
const longPlies = 60_000

// BenchmarkReplayLongGame replays a legal 60,000-action game from its
// notation, as opening a save does.
func BenchmarkReplayLongGame(b *testing.B) {
	rec, _ := gametest.LongGame(b, infiltration.Game{}, longRules, longPlies, 1)
	if len(rec.Moves) != longPlies {
		b.Fatalf("the long game stopped after %d actions", len(rec.Moves))
	}
	for b.Loop() {
		if _, err := rec.Replay(); err != nil {
			b.Fatal(err)
		}
	}
	b.ReportMetric(float64(b.N*longPlies)/b.Elapsed().Seconds(), "plies/s")
}
