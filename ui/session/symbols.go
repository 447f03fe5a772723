package session

// Symbols are the seats' letters on screen, always paired with the seat
// colours (UX.md): X, O, + and *. Boards' models, which may not import
// the drawing kit, name seats with them too.
var Symbols = []string{"X", "O", "+", "*"}

// Symbol is the letter the screen shows for a seat.
func Symbol(seat int) string { return Symbols[seat%len(Symbols)] }
