package alcazar

import "github.com/tabulagames/tabula/games"

// The play area lives in a 5x5 grid indexed rank*5+file (a1 = 0, e5 = 24);
// the four corners a1 a5 e1 e5 are not part of it. The board is b2..d4,
// the edge the twelve other squares.

// Directions a piece can face.
const (
	N = iota
	E
	S
	W
	NoDir = -1
)

// Cells is the size of the grid.
const Cells = 25

// Centre is c3.
const Centre = 2*5 + 2

var dirNames = [4]string{"N", "E", "S", "W"}

// DirName is "N", "E", "S" or "W".
func DirName(d int) string {
	if d < 0 || d > 3 {
		return "?"
	}
	return dirNames[d]
}

// ParseDir reads "N", "E", "S" or "W".
func ParseDir(s string) (int, bool) {
	for d, n := range dirNames {
		if n == s {
			return d, true
		}
	}
	return NoDir, false
}

var (
	inArea  [Cells]bool
	onBoard [Cells]bool
	onEdge  [Cells]bool
	inward  [Cells]int8    // facing of a piece dropped on an edge square; NoDir elsewhere
	next    [Cells][4]int8 // square one step away, -1 outside the play area
	names   [Cells]string  // square names
	// EdgeSquares lists the 12 edge squares in index order.
	EdgeSquares []int
	// BoardSquares lists the 9 board squares in index order.
	BoardSquares []int
)

func init() {
	for sq := 0; sq < Cells; sq++ {
		f, r := sq%5, sq/5
		names[sq] = games.SquareName(f, r)
		corner := (f == 0 || f == 4) && (r == 0 || r == 4)
		inArea[sq] = !corner
		onBoard[sq] = f >= 1 && f <= 3 && r >= 1 && r <= 3
		onEdge[sq] = inArea[sq] && !onBoard[sq]
		inward[sq] = NoDir
		switch {
		case !onEdge[sq]:
		case r == 0:
			inward[sq] = N
		case r == 4:
			inward[sq] = S
		case f == 0:
			inward[sq] = E
		default:
			inward[sq] = W
		}
		if onEdge[sq] {
			EdgeSquares = append(EdgeSquares, sq)
		}
		if onBoard[sq] {
			BoardSquares = append(BoardSquares, sq)
		}
	}
	df := [4]int{0, 1, 0, -1}
	dr := [4]int{1, 0, -1, 0}
	for sq := 0; sq < Cells; sq++ {
		for d := 0; d < 4; d++ {
			next[sq][d] = -1
			if !inArea[sq] {
				continue
			}
			f, r := sq%5+df[d], sq/5+dr[d]
			if f < 0 || f > 4 || r < 0 || r > 4 || !inArea[r*5+f] {
				continue
			}
			next[sq][d] = int8(r*5 + f)
		}
	}
}

// SquareName is the name of a grid index ("c3").
func SquareName(sq int) string {
	if sq < 0 || sq >= Cells {
		return "?"
	}
	return names[sq]
}

// Square reads a square name of the 5x5 grid; ok is false for anything
// else (the missing corners are grid squares: check InArea).
func Square(s string) (int, bool) {
	if len(s) != 2 || s[0] < 'a' || s[0] > 'e' || s[1] < '1' || s[1] > '5' {
		return -1, false
	}
	return int(s[1]-'1')*5 + int(s[0]-'a'), true
}

// InArea reports whether a grid index is in the play area (21 squares).
func InArea(sq int) bool { return sq >= 0 && sq < Cells && inArea[sq] }

// OnBoard reports whether a grid index is one of the 9 board squares.
func OnBoard(sq int) bool { return sq >= 0 && sq < Cells && onBoard[sq] }

// OnEdge reports whether a grid index is one of the 12 edge squares.
func OnEdge(sq int) bool { return sq >= 0 && sq < Cells && onEdge[sq] }

// Inward is the facing of a piece dropped on an edge square (NoDir elsewhere).
func Inward(sq int) int {
	if sq < 0 || sq >= Cells {
		return NoDir
	}
	return int(inward[sq])
}

// Next is the square one step from sq in direction d, or -1 outside the
// play area.
func Next(sq, d int) int {
	if sq < 0 || sq >= Cells || d < 0 || d > 3 {
		return -1
	}
	return int(next[sq][d])
}

// Lines are the eight lines of three board squares.
var Lines = [8][3]int{
	{6, 7, 8}, {11, 12, 13}, {16, 17, 18}, // ranks 2..4
	{6, 11, 16}, {7, 12, 17}, {8, 13, 18}, // files b..d
	{6, 12, 18}, {16, 12, 8}, // b2-d4, b4-d2
}

var lineNames = [8]string{
	"rank 2", "rank 3", "rank 4",
	"the b-file", "the c-file", "the d-file",
	"the b2-d4 diagonal", "the b4-d2 diagonal",
}

// LineName names one of Lines for people.
func LineName(i int) string { return lineNames[i] }
