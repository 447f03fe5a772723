// Package checkerboard is the board of checkerboard four-in-a-row on a
// size x size board: tap an empty square to place; arrows move a cursor,
// Enter or Space places. With FIFO on, the mark that goes at the mover's
// next placement is drawn faded with a small clock, before that
// placement. model.go holds what the board shows and what input means,
// without Fyne; render.go draws it, input.go reads taps and keys, anim.go
// fades marks in and out.
package checkerboard

import (
	"fmt"
	"strings"

	"github.com/tabulagames/tabula/games"
	game "github.com/tabulagames/tabula/games/checkerboard"
	"github.com/tabulagames/tabula/ui/frame"
)

// Squares are numbered rank*N+file (a1 = 0), the game's move codes; -1
// means none.

// Model is the board's state: the viewed position and the highlights.
type Model struct {
	N       int    // files and ranks
	Owners  []int8 // the seat on each square, -1 empty
	Last    int    // the last placement
	Removed int    // the square the last placement's FIFO removal emptied
	Line    []int  // the winning line's squares
	Hint    int    // the hinted square
	Mover   int    // seat to move, -1 when over
	Input   bool   // a person may place now
	Next    int    // the mark that goes at the mover's next placement (FIFO)
	Cursor  int    // the keyboard cursor
	Note    string // the line under the board: the coin toss, the FIFO counters
	// Whose are the seats' possessives for the halves' captions, as the
	// rest of the screen names them: "Your home · Medium's target".
	Whose [2]string
}

// NewModel is an empty 8x8 board with nothing highlighted.
func NewModel() Model {
	m := Model{N: 8, Owners: make([]int8, 64), Last: -1, Removed: -1, Hint: -1, Mover: -1, Next: -1, Cursor: -1,
		Whose: [2]string{"X's", "O's"}}
	for i := range m.Owners {
		m.Owners[i] = -1
	}
	return m
}

// Load copies the frame's shown position; a new board size hides the
// cursor.
func (m *Model) Load(f *frame.Frame) {
	st := f.Shown.(*game.State)
	if len(f.Seats) == 2 {
		p := frame.PeopleOf(f.Seats, frame.Symbol)
		for seat := range m.Whose {
			m.Whose[seat] = p.Whose(seat)
			if p.You(seat) {
				m.Whose[seat] = "Your"
			}
		}
	}
	if st.Size() != m.N {
		m.N, m.Cursor = st.Size(), -1
	}
	m.Owners = append(m.Owners[:0], st.Cells()...)
	m.Last, m.Removed = -1, -1
	if sq := st.LastPlaced(); sq != games.NoMove {
		m.Last = int(sq)
	}
	if sq := st.LastRemoved(); sq != games.NoMove {
		m.Removed = int(sq)
	}
	m.Line = frame.LineSquares(m.Line, st, m.N)
	m.Hint = f.SquareHint()
	m.Mover = frame.Mover(st)
	m.Next = -1
	if f, r, ok := st.NextRemoval(); ok {
		m.Next = r*m.N + f
	}
	m.Input = f.Acting >= 0
	m.Note = m.note(f, st)
}

// note is the line under the board: who places first (when the coin or
// the house rules chose), the FIFO counters and which mark goes next.
func (m *Model) note(f *frame.Frame, st *game.State) string {
	var parts []string
	if f.View == 0 && (st.CoinTossed() || st.First() != 0) {
		who := fmt.Sprintf("%s (%s)", f.Seats[st.First()].Name, frame.Symbol(st.First()))
		if st.CoinTossed() {
			parts = append(parts, "Coin toss: "+who+" places first.")
		} else {
			parts = append(parts, who+" places first.")
		}
	}
	if k := st.Fifo(); k > 0 {
		c := fmt.Sprintf("FIFO: X %d/%d · O %d/%d.", st.Marks(0), k, st.Marks(1), k)
		if m.Next >= 0 && m.Mover >= 0 {
			sym := frame.Symbol(m.Mover)
			c += fmt.Sprintf(" The faded %s with a clock on %s goes at %s's next placement.", sym, m.name(m.Next), sym)
		}
		parts = append(parts, c)
	}
	return strings.Join(parts, "  ")
}

func (m *Model) name(sq int) string { return games.SquareName(sq%m.N, sq/m.N) }

// Token is the move a tap on square sq plays ("e6"); "" off the board.
// The rules judge it: a taken square is refused with their reason.
func (m *Model) Token(sq int) string {
	if sq < 0 || sq >= m.N*m.N {
		return ""
	}
	return m.name(sq)
}

// CursorStart is where the keyboard cursor appears: on the last move, or
// near the middle.
func (m *Model) CursorStart() int {
	if m.Last >= 0 {
		return m.Last
	}
	return (m.N/2)*m.N + m.N/2 - 1
}

// Ghost reports whether a click on sq would place the mover's mark, so a
// faint ghost of it shows under the mouse.
func (m *Model) Ghost(sq int) bool {
	return m.Input && m.Mover >= 0 && sq >= 0 && sq < len(m.Owners) && m.Owners[sq] < 0
}

// Spoken names a square and what is on it, as checkerboard.md asks: "e6,
// empty, X's target half". X's home is the bottom half, so it is O's
// target.
func (m *Model) Spoken(sq int) string {
	what := "empty"
	if o := m.Owners[sq]; o >= 0 {
		what = frame.Symbol(int(o))
	}
	target := frame.Symbol(0)
	if sq/m.N < m.N/2 {
		target = frame.Symbol(1)
	}
	return m.name(sq) + ", " + what + ", " + target + "'s target half"
}

// Explain is what a long press on sq says: the square, and with FIFO on
// when its mark is the next to go.
func (m *Model) Explain(sq int) string {
	text := m.Spoken(sq)
	if sq == m.Next && m.Mover >= 0 {
		text += "; it goes at " + frame.Symbol(m.Mover) + "'s next placement (FIFO)"
	}
	return text + "."
}
