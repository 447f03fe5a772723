package ui

import (
	"github.com/tabulagames/tabula/ui/boards/alcazar"
	"github.com/tabulagames/tabula/ui/boards/arena"
	"github.com/tabulagames/tabula/ui/boards/checkerboard"
	"github.com/tabulagames/tabula/ui/boards/classic"
	"github.com/tabulagames/tabula/ui/boards/infiltration"
	"github.com/tabulagames/tabula/ui/boards/kit"
	"github.com/tabulagames/tabula/ui/boards/knights"
	"github.com/tabulagames/tabula/ui/boards/revenge"
	"github.com/tabulagames/tabula/ui/session"
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
	"knights":      knights.New,
}

// boardPacing lists the boards that pace a bot's turn of several actions
// themselves (arena 8.2); other games' bots wait BotDelay before a move.
var boardPacing = map[string]kit.Pacing{
	"arena": arena.Pacing,
}

// seatLetters names the seats of games whose pieces carry letters or
// colours of their own (the knights A to D, alcazar's Amber and Blue)
// wherever seats are listed: the side panel and the new-game dialog;
// other games use the session's symbols.
var seatLetters = map[string]func(seat int) string{
	"knights": knights.Letter,
	"alcazar": alcazar.SeatWord,
}

// seatLetter is the letter or symbol of a seat of a game: the knights'
// letters, else the symbol the seat's player chose (revenge), else X O + *.
func seatLetter(s *session.Session, seat int) string {
	if f := seatLetters[s.Game.ID()]; f != nil {
		return f(seat)
	}
	return s.SeatSymbol(seat)
}
