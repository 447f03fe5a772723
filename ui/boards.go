package ui

import (
	"github.com/tabulagames/tabula/ui/boards/alcazar"
	"github.com/tabulagames/tabula/ui/boards/checkerboard"
	"github.com/tabulagames/tabula/ui/boards/classic"
	"github.com/tabulagames/tabula/ui/boards/infiltration"
	"github.com/tabulagames/tabula/ui/boards/kit"
	"github.com/tabulagames/tabula/ui/boards/knights"
)

// boardMakers lists the games that have a board; the picker shows only
// games that have both rules and a board.
var boardMakers = map[string]func(h kit.Host) kit.Board{
	"classic":      classic.New,
	"checkerboard": checkerboard.New,
	"infiltration": infiltration.New,
	"alcazar":      alcazar.New,
	"knights":      knights.New,
}
