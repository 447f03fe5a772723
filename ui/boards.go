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

// seatLetters names the seats of games whose pieces carry letters of
// their own (the knights A to D) wherever seats are listed: the side
// panel and the new-game dialog; other games use the session's symbols.
var seatLetters = map[string]func(seat int) string{
	"knights": knights.Letter,
}

// seatLetter is the letter of a seat of a game.
func seatLetter(game string, seat int) string {
	if f := seatLetters[game]; f != nil {
		return f(seat)
	}
	return kit.SeatSymbols[seat%len(kit.SeatSymbols)]
}
