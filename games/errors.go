package games

import (
	"errors"
	"fmt"
)

// ErrGameOver refuses any move once the game has ended.
var ErrGameOver = errors.New("The game is over.")

// ErrNotYourTurn refuses a move from a seat that does not act now.
var ErrNotYourTurn = errors.New("It is not your turn.")

// Refuse makes a refusal in a player's words.
func Refuse(format string, args ...any) error { return fmt.Errorf(format, args...) }
