package frame

import "github.com/tabulagames/tabula/games"

// What several boards read from a frame alike. A board's squares are
// numbered rank*n+file, a1 = 0, as on every board's grid.

// Mover is the seat to move at st (the first, in a simultaneous turn),
// or -1 when nobody is: the game is over.
func Mover(st games.State) int {
	if to := st.ToMove(); len(to) > 0 {
		return to[0]
	}
	return -1
}

// SquareHint is the hinted move as a square, for a game whose moves are
// the squares played on: -1 when there is no hint or a past position is
// shown.
func (f *Frame) SquareHint() int {
	if f.Hint == nil || f.Viewing {
		return -1
	}
	return int(f.Hint.Move)
}

// SquareOf is the square a name stands for on an n x n board ("b3" is
// 2*n+1), -1 when it names none ("" or a bad name).
func SquareOf(name string, n int) int {
	f, r, err := games.ParseSquare(name, n, n)
	if err != nil {
		return -1
	}
	return r*n + f
}

// LineSquares is the winning line of st (its outcome's square names) as
// squares of an n x n board, appended to dst[:0]; a name that is not a
// square is left out.
func LineSquares(dst []int, st games.State, n int) []int {
	dst = dst[:0]
	for _, name := range st.Outcome().Line {
		if sq := SquareOf(name, n); sq >= 0 {
			dst = append(dst, sq)
		}
	}
	return dst
}
