package frame

import (
	"fmt"

	"github.com/tabulagames/tabula/games"
)

// Symbols are the seats' letters on screen, always paired with the seat
// colours (UX.md): X, O, + and *. Boards' models, which may not import
// the drawing kit, name seats with them too.
var Symbols = []string{"X", "O", "+", "*"}

// Symbol is the letter the screen shows for a seat.
func Symbol(seat int) string { return Symbols[seat%len(Symbols)] }

// SeatSymbol is what the screen shows for a seat: the symbol its player
// chose (revenge lets each seat choose), else Symbol(seat). The notation
// keeps x o + * whatever is shown.
func SeatSymbol(seats []games.SeatInfo, seat int) string {
	if seat >= 0 && seat < len(seats) && seats[seat].Symbol != "" {
		return seats[seat].Symbol
	}
	return Symbol(seat)
}

// DistinctSymbols checks that no two seats show the same symbol (a seat
// that chose none shows Symbol(seat)), in a player's words.
func DistinctSymbols(seats []games.SeatInfo) error {
	shown := func(i int) string { return SeatSymbol(seats, i) }
	for i := range seats {
		for j := 0; j < i; j++ {
			if shown(i) == shown(j) {
				return fmt.Errorf("Seat %d (%s) and seat %d (%s) both have the symbol %s: each player needs a different one.",
					j+1, seats[j].Name, i+1, seats[i].Name, shown(i))
			}
		}
	}
	return nil
}
