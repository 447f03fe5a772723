package ui

import (
	"github.com/tabulagames/tabula/ui/boards/alcazar"
	"github.com/tabulagames/tabula/ui/boards/arena"
	"github.com/tabulagames/tabula/ui/boards/checkerboard"
	"github.com/tabulagames/tabula/ui/boards/classic"
	"github.com/tabulagames/tabula/ui/boards/infiltration"
	"github.com/tabulagames/tabula/ui/boards/kit"
	"github.com/tabulagames/tabula/ui/boards/revenge"
)

// boardMakers lists the games that have a board; the picker shows only
// games that have both rules and a board.
var boardMakers = map[string]func(h kit.Host) kit.Board{
	"classic":      classic.New,
	"checkerboard": checkerboard.New,
	"infiltration": infiltration.New,
	"alcazar":      alcazar.New,
	"arena":        arena.New,
	"revenge":      revenge.New,
}

// boardPacing lists the boards that pace a bot's turn of several actions
// themselves (arena 8.2); other games' bots wait BotDelay before a move.
var boardPacing = map[string]kit.Pacing{
	"arena": arena.Pacing,
}
