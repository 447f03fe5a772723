// Package all is the app's one list of games: every game the picker
// offers, in the picker's order. A game is added by writing its packages
// (rules, bots, board with its entry.go) and naming its board's Entry
// here; see docs/ARCHITECTURE.md, "Adding a game".
package all

import (
	"github.com/tabulagames/tabula/ui/boards/alcazar"
	"github.com/tabulagames/tabula/ui/boards/arena"
	"github.com/tabulagames/tabula/ui/boards/checkerboard"
	"github.com/tabulagames/tabula/ui/boards/classic"
	"github.com/tabulagames/tabula/ui/boards/infiltration"
	"github.com/tabulagames/tabula/ui/boards/kit"
	"github.com/tabulagames/tabula/ui/boards/knights"
	"github.com/tabulagames/tabula/ui/boards/revenge"
)

// Entries are the games of the box, in the picker's order.
func Entries() []kit.Entry {
	return []kit.Entry{
		classic.Entry,
		checkerboard.Entry,
		infiltration.Entry,
		revenge.Entry,
		alcazar.Entry,
		knights.Entry,
		arena.Entry,
	}
}
