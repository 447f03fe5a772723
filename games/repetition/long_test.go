package repetition_test

import (
	"testing"

	"github.com/tabulagames/tabula/games/gametest"
	"github.com/tabulagames/tabula/games/infiltration"
	"github.com/tabulagames/tabula/games/repetition"
)

// maxSteps bounds the work of one Record: a node for each of the 16
// levels of the trie (two positions of one game with the same 64-bit
// hash, which would add a collision node, are not expected).
const maxSteps = 16

// Building a legal 60,000-action infiltration game (free movement,
// forced capture, multi-jump), no Record may walk more than maxSteps
// steps: the work per action does not grow with the game. (The list
// walked before walked a 16th of the whole game at every action: 1,876
// positions on average here.)
func TestRecordWorkDoesNotGrowWithTheGame(t *testing.T) {
	records, steps, worst, cur := 0, 0, 0, 0
	repetition.SetWalked(func(first bool) {
		if first {
			worst, cur = max(worst, cur), 0
			records++
		}
		cur++
		steps++
	})
	defer repetition.SetWalked(nil)
	rules := map[string]any{"movement": "free", "forcedCapture": true, "multiJump": true}
	rec, _ := gametest.LongGame(t, infiltration.Game{}, rules, 60_000, 1)
	worst = max(worst, cur)
	if len(rec.Moves) != 60_000 {
		t.Fatalf("the long game stopped after %d actions", len(rec.Moves))
	}
	if records < len(rec.Moves) {
		t.Fatalf("%d records for %d actions: the hook missed some", records, len(rec.Moves))
	}
	if worst > maxSteps {
		t.Errorf("a record walked %d steps, more than %d", worst, maxSteps)
	}
	t.Logf("%d records, %.2f steps each on average, %d at most", records, float64(steps)/float64(records), worst)
}
