package kit

import (
	"io/fs"

	"github.com/tabulagames/tabula/games"
)

// Entry is one game as the app offers it, declared by the game's board
// package (its entry.go) from what that package holds: the rules, the
// board, the in-app rules text and the icon, and how its seats are
// named. The app's one list of entries (ui/boards/all) gives the
// picker's order; nothing else in the app is keyed by a game's id.
type Entry struct {
	// Game is the rules (its package registers itself in the games
	// catalog, so saves and the command line find it).
	Game games.Game
	// New makes the board for a game screen.
	New func(h Host) Board
	// Files hold help.md (the rules for players, in Markdown) and
	// icon.svg (the picker's icon), embedded by the board package.
	Files fs.FS
	// Pacing, when set, is how a bot's turn of several actions is paced
	// so people can follow it (arena 8.2); nil waits the player's "Computer
	// waits" setting before every move.
	Pacing *Pacing
	// SeatName, when set, is the letter or word of a seat wherever seats
	// are listed (the knights A to D, alcazar's Amber and Blue); nil uses
	// the seat's symbol (X, O, + and *, or the one its player chose).
	SeatName func(seat int) string
	// SeatRules, when set, are house rules that each belong to one seat,
	// in seat order (arena's characters: what the first seat plays, what
	// the second plays): the New game dialog asks each in its seat's
	// row, where it is plain whose it is, rather than among the rules.
	SeatRules []string
	// Symbols, when set, are the symbols a seat's player may choose
	// (revenge.md section 1), the four seat symbols first; nil keeps X, O,
	// + and *.
	Symbols []string
	// NoEndings, when set, leaves out Resign and Offer draw in a
	// two-player game that is over too quickly for either to mean
	// anything (tic-tac-toe: nine moves at most, a few seconds).
	NoEndings bool
}

// ID is the game's id, as in saves and on the command line.
func (e Entry) ID() string { return e.Game.ID() }

// Help is the rules for players, in Markdown ("" when the file is
// missing: a test holds every game to having one).
func (e Entry) Help() string {
	b, _ := fs.ReadFile(e.Files, "help.md")
	return string(b)
}

// Icon is the picker's icon, an SVG (nil when the file is missing).
func (e Entry) Icon() []byte {
	b, _ := fs.ReadFile(e.Files, "icon.svg")
	return b
}
