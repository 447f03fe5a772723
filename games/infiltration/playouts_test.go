package infiltration_test

import (
	"os"
	"strconv"
	"testing"

	"github.com/tabulagames/tabula/games/gametest"
	"github.com/tabulagames/tabula/games/infiltration"
)

// playouts is the number of random games for a rule set: n, fewer under
// -short, or TABULA_PLAYOUTS when it is set.
func playouts(n int) int {
	if v, err := strconv.Atoi(os.Getenv("TABULA_PLAYOUTS")); err == nil && v > 0 {
		return v
	}
	if testing.Short() {
		return max(n/50, 5)
	}
	return n
}

// Random games can be long: captured pieces come back as drops, and with
// forced capture and multi-jump random play captures all the time.
const maxPlies = 200000

// The acceptance run: 10,000 games on the default rules and 10,000 with
// every on/off rule on, in parallel with each other. Under -race they took
// 49 s and 167 s on the 2-core development machine (without -race, about
// 3,200 default games a second: go test -bench RandomPlayout).
func TestRandomPlayoutsDefault(t *testing.T) {
	t.Parallel()
	gametest.RandomPlayouts(t, infiltration.Game{}, nil, playouts(10000), maxPlies, 1)
}

// Every boolean house rule on (captures and kings are on by default).
func TestRandomPlayoutsAllToggles(t *testing.T) {
	t.Parallel()
	rules := map[string]any{"captures": true, "kings": true, "forcedCapture": true, "pie": true, "multiJump": true}
	gametest.RandomPlayouts(t, infiltration.Game{}, rules, playouts(10000), maxPlies, 2)
}

// The other movement and the off switches, 100 games each. (Free movement
// with forced capture and multi-jump is left out: random players capture
// all the time there; games average 36,000 plies and some pass 200,000.)
func TestRandomPlayoutsVariants(t *testing.T) {
	n := max(playouts(10000)/100, 3)
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
