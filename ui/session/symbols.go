package session

// Symbols are the seats' letters on screen, always paired with the seat
// colours (UX.md): X, O, + and *. Boards' models, which may not import
// the drawing kit, name seats with them too.
var Symbols = []string{"X", "O", "+", "*"}

// Symbol is the letter the screen shows for a seat.
func Symbol(seat int) string { return Symbols[seat%len(Symbols)] }

// SeatSymbol is what the screen shows for a seat of this game: the symbol
// its player chose (revenge lets each seat choose), else Symbol(seat).
// The notation keeps x o + * whatever is shown.
func (s *Session) SeatSymbol(seat int) string {
	if seat >= 0 && seat < len(s.Seats) && s.Seats[seat].Symbol != "" {
		return s.Seats[seat].Symbol
	}
	return Symbol(seat)
}
