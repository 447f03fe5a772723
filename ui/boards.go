package ui

import (
	"fyne.io/fyne/v2"

	"github.com/tabulagames/tabula/ui/board"
	"github.com/tabulagames/tabula/ui/session"
)

// Board is one game's board widget. The renderer builds its canvas objects
// once; Draw copies the session's viewed state into them.
type Board interface {
	fyne.Widget
	// Draw draws the session's viewed position, its last move, the hint
	// and whether a person may act; animate is false for jumps (undo, a
	// click in the move list) and under reduced motion.
	Draw(s *session.Session, animate bool)
	// Key handles a key for keyboard play and reports whether it used it.
	Key(k fyne.KeyName) bool
}

// Host is what a board needs from the game screen.
type Host interface {
	// Submit plays a person's turn token; an error says why it was refused.
	Submit(token string) error
	// Refuse shows a refusal near the board, briefly.
	Refuse(msg string)
	// Say shows a neutral message in the same place (what a piece can do).
	Say(msg string)
	// Motion gives the animation settings.
	Motion() Motion
	// Settled tells the screen that a long animation has ended, so it can
	// show what it held back (the result of alcazar's movement phase).
	Settled()
}

// Animator is implemented by boards whose animations tell a story worth
// following (alcazar's movement phase): while Animating, the screen holds
// the result back so it does not give the ending away.
type Animator interface {
	Animating() bool
}

// Motion is the animation setting: durations are scaled by Speed (1 =
// normal, 2 = twice as slow), and Reduced makes every animation instant.
type Motion struct {
	Reduced bool
	Speed   float64
}

// Scale turns a nominal duration into the one to use (0 when reduced).
func (m Motion) Scale(ms int) (d int) {
	if m.Reduced {
		return 0
	}
	if m.Speed <= 0 {
		return ms
	}
	return int(float64(ms) * m.Speed)
}

// boardMakers lists the games that have a board; the picker shows only
// games that have both rules and a board.
var boardMakers = map[string]func(h Host) Board{
	"classic":      newClassicBoard,
	"checkerboard": newCheckerboardBoard,
	"infiltration": newInfiltrationBoard,
	"alcazar":      newAlcazarBoard,
}

// SpokenBoard is implemented by boards that name their squares for screen
// readers (UX of classic.md and checkerboard.md: "a1, empty"); the game
// screen lays the names over the board as invisible buttons.
type SpokenBoard interface {
	SpokenSquares() []board.Spoken
}

// BoardControls is implemented by boards that need controls of their own
// (a hand to drop from, "replay the last phase", a pie-rule prompt); the
// game screen shows them under the board, above the refusal line.
type BoardControls interface {
	Controls() fyne.CanvasObject
}
