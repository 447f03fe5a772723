package infiltration_test

import (
	"testing"

	"github.com/tabulagames/tabula/games/gametest"
	"github.com/tabulagames/tabula/games/infiltration"
)

// playouts is the number of random games for a rule set: n, fewer under
// -short. (TABULA_PLAYOUTS, read by the kit, replaces it.)
func playouts(n int) int {
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

// The other movement and the off switches, 100 games each. (Parallel, as
// the long-game test below: both fit in the time AllToggles takes after
// Default is done.)
func TestRandomPlayoutsVariants(t *testing.T) {
	t.Parallel()
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

// longPlyCap cuts the random games of free movement with forced capture
// and multi-jump: random players capture and drop back all the time there,
// and games run 36,000 actions on average, some past 200,000 (measured on
// 200 games: 179 passed 2,000).
const longPlyCap = 2000

// Free movement with forced capture and multi-jump, 50 games capped at
// longPlyCap actions; the games that reach it are counted. (With 100,
// the -race run of the games grew by 17 s of CPU.)
func TestRandomPlayoutsLongGames(t *testing.T) {
	t.Parallel()
	n := max(playouts(10000)/200, 3)
	gametest.CappedPlayouts(t, infiltration.Game{}, longRules, n, longPlyCap, 20)
}
