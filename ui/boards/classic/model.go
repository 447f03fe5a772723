// Package classic is the tic-tac-toe board: tap a square to play; arrows
// move a cursor, Enter or Space plays, keys 1-9 play in numeric-keypad
// layout. model.go holds what the board shows and what input means,
// without Fyne; render.go draws it, input.go reads taps and keys, anim.go
// fades a new mark in.
package classic

import (
	"github.com/tabulagames/tabula/games"
	game "github.com/tabulagames/tabula/games/classic"
	"github.com/tabulagames/tabula/ui/frame"
)

// Squares are numbered rank*3+file: a1 = 0, b1 = 1, ... c3 = 8 (the
// game's move codes).

// Model is the board's state: the viewed position and the highlights.
type Model struct {
	Owners [9]int8 // the seat on each square, -1 empty
	Last   int     // square of the last move, -1 none
	Line   []int   // the winning line's squares: a gold glow
	Hint   int     // the hinted square, -1 none
	Mover  int     // seat to move (the hover ghost's and the hint's colour), -1 when over
	Input  bool    // a person may play now
	Cursor int     // the keyboard cursor, -1 hidden
}

// NewModel is an empty board with nothing highlighted.
func NewModel() Model {
	m := Model{Last: -1, Hint: -1, Mover: -1, Cursor: -1}
	for i := range m.Owners {
		m.Owners[i] = -1
	}
	return m
}

// Load copies the frame's shown position, its last move, the winning
// line and the hint.
func (m *Model) Load(f *frame.Frame) {
	st := f.Shown.(*game.State)
	m.Owners = st.Board()
	m.Last = -1
	if len(f.Turn) == 1 {
		m.Last = int(f.Turn[0])
	}
	m.Line = frame.LineSquares(m.Line, st, 3)
	m.Hint = f.SquareHint()
	m.Mover = frame.Mover(st)
	m.Input = f.Acting >= 0
}

// Token is the move a tap on square sq plays ("b2"); "" off the board.
// The rules judge it: a taken square is refused with their reason.
func Token(sq int) string {
	if sq < 0 || sq > 8 {
		return ""
	}
	return games.SquareName(sq%3, sq/3)
}

// KeypadSquare is the square of digit key d (1-9) in numeric-keypad
// layout: 7 8 9 is the top rank, 1 2 3 the bottom one; -1 for any other.
func KeypadSquare(d rune) int {
	if d < '1' || d > '9' {
		return -1
	}
	return int(d - '1')
}

// Ghost reports whether a click on sq would place the mover's mark, so a
// faint ghost of it shows under the mouse.
func (m *Model) Ghost(sq int) bool {
	return m.Input && sq >= 0 && sq < 9 && m.Owners[sq] < 0
}

// Spoken names square sq for screen readers: "a1, empty", "b2, X".
func (m *Model) Spoken(sq int) string {
	what := "empty"
	if o := m.Owners[sq]; o >= 0 {
		what = frame.Symbol(int(o))
	}
	return games.SquareName(sq%3, sq/3) + ", " + what
}
