package knights

import (
	_ "embed"

	game "github.com/tabulagames/tabula/games/knights"
	"github.com/tabulagames/tabula/ui/boards/kit"
)

var (
	//go:embed help.md
	help string
	//go:embed icon.svg
	icon []byte
)

// Entry is knights as the app offers it (kit.Entry): the app's one list of
// games (ui/boards/all) names it.
var Entry = kit.Entry{
	Game:     game.Game{},
	New:      New,
	Help:     help,
	Icon:     icon,
	SeatName: Letter,
}
