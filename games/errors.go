package games

import "fmt"

// Refusal is a refusal in a player's words: a move the rules do not allow,
// a move that does not parse, a house rule or a setup that cannot be used.
// Its message is shown to the player as it stands. Every other error from
// the rules packages is a fault (a caller broke a contract), so a caller
// tells the two apart with errors.As:
//
//	var r *games.Refusal
//	if errors.As(err, &r) { /* show err.Error() near the board */ }
//
// An error that wraps a refusal (fmt.Errorf with %w, as ParseMove does to
// name the token) is still one.
type Refusal struct{ msg string }

func (r *Refusal) Error() string { return r.msg }

// Refuse makes a refusal in a player's words.
func Refuse(format string, args ...any) error {
	return &Refusal{msg: fmt.Sprintf(format, args...)}
}

// ErrGameOver refuses any move once the game has ended.
var ErrGameOver = Refuse("The game is over.")

// ErrNotYourTurn refuses a move from a seat that does not act now.
var ErrNotYourTurn = Refuse("It is not your turn.")
