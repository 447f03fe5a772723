package revenge

import (
	_ "embed"

	game "github.com/tabulagames/tabula/games/revenge"
	"github.com/tabulagames/tabula/ui/boards/kit"
)

var (
	//go:embed help.md
	help string
	//go:embed icon.svg
	icon []byte
)

// Entry is revenge as the app offers it (kit.Entry): the app's one list of
// games (ui/boards/all) names it.
var Entry = kit.Entry{
	Game: game.Game{},
	New:  New,
	Help: help,
	Icon: icon,
	// The symbols a player may choose for a seat (revenge.md section 1):
	// the four seat symbols first, then signs and letters that the app's
	// own font draws on every platform and that are not easily confused.
	Symbols: []string{"X", "O", "+", "*", "#", "@", "&", "Δ", "Ω", "Ψ", "Σ", "Φ"},
}
