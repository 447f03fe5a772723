package infiltration_test

import (
	"os"
	"strconv"
	"testing"

	"github.com/tabulagames/tabula/games/gametest"
	"github.com/tabulagames/tabula/games/infiltration"
)

// playouts is the number of random games for a rule set. The everyday run
// (also under -race) plays a sample; TABULA_PLAYOUTS=10000 plays the full
// acceptance run (about 4 minutes without -race: random infiltration games
// are long, since captured pieces come back as drops).
func playouts(sample int) int {
	if n, err := strconv.Atoi(os.Getenv("TABULA_PLAYOUTS")); err == nil && n > 0 {
		return n
	}
	if testing.Short() {
		return max(sample/4, 5)
	}
	return sample
}

// Random games can be long: captured pieces come back as drops, and with
// forced capture and multi-jump random play captures all the time.
const maxPlies = 200000

func TestRandomPlayoutsDefault(t *testing.T) {
	gametest.RandomPlayouts(t, infiltration.Game{}, nil, playouts(200), maxPlies, 1)
}

// Every boolean house rule on (captures and kings are on by default).
func TestRandomPlayoutsAllToggles(t *testing.T) {
	rules := map[string]any{"captures": true, "kings": true, "forcedCapture": true, "pie": true, "multiJump": true}
	gametest.RandomPlayouts(t, infiltration.Game{}, rules, playouts(80), maxPlies, 2)
}

// The other movement and the off switches, fewer games each. (Free
// movement with forced capture and multi-jump is left out: random players
// capture all the time there and most games pass 20,000 plies.)
func TestRandomPlayoutsVariants(t *testing.T) {
	n := max(playouts(200)/20, 3)
	for i, rules := range []map[string]any{
		{"movement": "free"},
		{"captures": false},
		{"kings": false, "pieces": 4},
		{"kings": false, "movement": "free", "pieces": 16},
		{"pieces": 16, "multiJump": true},
	} {
		gametest.RandomPlayouts(t, infiltration.Game{}, rules, n, maxPlies, uint64(10+i))
	}
}
