// Package infiltration is the placement-then-checkers game of
// shared/rules/infiltration.md: both sides place their pieces in their own
// half of an 8x8 board, then move like checkers men until one side has
// four in a row inside the opponent's half. Captured pieces go back to
// their owner's hand and may be dropped again at home.
package infiltration

import "github.com/tabulagames/tabula/games"

// Move encoding (games.Move):
//
//	0..63        drop / placement of a man on square sq (@sq)
//	64..127      drop of a king on square sq-64 (K@sq)
//	128..4223    step or capture: 128 + from*64 + to; a capture when the
//	             two squares are two apart (from-to / fromxto)
//	4224         the pie swap
//
// Squares are rank*8+file: a1 = 0, b1 = 1, ... h8 = 63.
const (
	kingDrop  = 64
	moveBase  = 128
	swapMove  = moveBase + 64*64
	boardSize = 8
	noSquare  = -1
)

// Cell values of the board.
const (
	empty int8 = iota
	xMan
	xKing
	oMan
	oKing
)

// Seats.
const (
	X = 0
	O = 1
)

var seatName = [2]string{"X", "O"}

func owner(v int8) int   { return int(v-1) >> 1 }
func isKing(v int8) bool { return v == xKing || v == oKing }
func man(seat int) int8  { return int8(1 + 2*seat) }
func king(seat int) int8 { return int8(2 + 2*seat) }

// Directions: 0 N, 1 NE, 2 E, 3 SE, 4 S, 5 SW, 6 W, 7 NW (N = up = rank 8).
var dirDF = [8]int{0, 1, 1, 1, 0, -1, -1, -1}
var dirDR = [8]int{1, 1, 0, -1, -1, -1, 0, 1}

// step1[sq][d] and step2[sq][d] are the squares one and two away in
// direction d, or noSquare off the board.
var step1, step2 [64][8]int8

var squareNames [64]string

func init() {
	for sq := 0; sq < 64; sq++ {
		f, r := sq%8, sq/8
		squareNames[sq] = games.SquareName(f, r)
		for d := 0; d < 8; d++ {
			step1[sq][d], step2[sq][d] = noSquare, noSquare
			if f1, r1 := f+dirDF[d], r+dirDR[d]; f1 >= 0 && f1 < 8 && r1 >= 0 && r1 < 8 {
				step1[sq][d] = int8(r1*8 + f1)
			}
			if f2, r2 := f+2*dirDF[d], r+2*dirDR[d]; f2 >= 0 && f2 < 8 && r2 >= 0 && r2 < 8 {
				step2[sq][d] = int8(r2*8 + f2)
			}
		}
	}
	buildLines()
}

// dirSets[free][seat][king] lists the directions a piece may step and jump in.
var dirSets = [2][2][2][]int{
	{ // diagonal
		{{1, 7}, {1, 3, 5, 7}}, // X man: NE NW; king: 4 diagonals
		{{3, 5}, {1, 3, 5, 7}}, // O man: SE SW
	},
	{ // free
		{{0, 1, 7, 2, 6}, {0, 1, 2, 3, 4, 5, 6, 7}}, // X man: N NE NW E W
		{{4, 3, 5, 2, 6}, {0, 1, 2, 3, 4, 5, 6, 7}}, // O man: S SE SW E W
	},
}

// homeHalf reports whether sq is in seat's home half (X ranks 1-4, O 5-8).
func homeHalf(seat, sq int) bool { return (sq/8 < 4) == (seat == X) }

// homeStart is the first square of seat's home half, which is 32 squares
// long (X a1-h4, O a5-h8).
func homeStart(seat int) int {
	if seat == X {
		return 0
	}
	return 32
}

// farRank reports whether sq is on seat's far rank (X rank 8, O rank 1).
func farRank(seat, sq int) bool {
	if seat == X {
		return sq/8 == 7
	}
	return sq/8 == 0
}

// lines[seat] holds every four consecutive squares inside seat's target
// half (X: ranks 5-8, O: ranks 1-4); linesAt[sq] indexes those containing sq.
var lines [2][][4]int8
var linesAt [64][]int

func buildLines() {
	for seat := 0; seat < 2; seat++ {
		lo := 4 // X's target: ranks 5-8
		if seat == O {
			lo = 0
		}
		for r := lo; r < lo+4; r++ {
			for f := 0; f < 8; f++ {
				for _, d := range []int{0, 1, 2, 7} { // N, NE, E, NW: each line once
					var l [4]int8
					ok := true
					for k := 0; k < 4; k++ {
						f1, r1 := f+k*dirDF[d], r+k*dirDR[d]
						if f1 < 0 || f1 >= 8 || r1 < lo || r1 >= lo+4 {
							ok = false
							break
						}
						l[k] = int8(r1*8 + f1)
					}
					if ok {
						lines[seat] = append(lines[seat], l)
					}
				}
			}
		}
	}
	// Both halves are disjoint, so one index serves both seats.
	for seat := 0; seat < 2; seat++ {
		for i, l := range lines[seat] {
			for _, sq := range l {
				linesAt[sq] = append(linesAt[sq], i)
			}
		}
	}
}

func homeRanks(seat int) string {
	if seat == X {
		return "ranks 1-4"
	}
	return "ranks 5-8"
}

// MoveString writes a move in the notation of section 4.
func (s *State) MoveString(seat int, m games.Move) string { return moveString(m) }

func moveString(m games.Move) string {
	switch {
	case m >= 0 && m < kingDrop:
		return "@" + squareNames[m]
	case m >= kingDrop && m < moveBase:
		return "K@" + squareNames[m-kingDrop]
	case m >= moveBase && m < swapMove:
		from, to := int(m-moveBase)/64, int(m-moveBase)%64
		sep := "-"
		if isJump(from, to) {
			sep = "x"
		}
		return squareNames[from] + sep + squareNames[to]
	case m == swapMove:
		return "swap"
	}
	return "?"
}

// isJump reports whether to is two squares from from in a straight or
// diagonal line (the shape of a capture).
func isJump(from, to int) bool {
	for d := 0; d < 8; d++ {
		if int(step2[from][d]) == to {
			return true
		}
	}
	return false
}

func stepMove(from, to int) games.Move { return games.Move(moveBase + from*64 + to) }

// parseToken reads the shape of a token (check 2 of section 8). sep is '@'
// for a man drop, 'K' for a king drop, '-' or 'x' for a step or capture,
// 's' for swap.
func parseToken(tok string) (sep byte, from, to int, err error) {
	bad := func() (byte, int, int, error) {
		return 0, 0, 0, games.Refuse("Not a move: %q (write @e3, K@b2, c3-d4, c3xe5 or swap).", tok)
	}
	sq := func(s string) (int, error) {
		f, r, err := games.ParseSquare(s, boardSize, boardSize)
		if err != nil {
			return 0, err
		}
		return r*8 + f, nil
	}
	switch {
	case tok == "swap":
		return 's', 0, 0, nil
	case len(tok) > 1 && tok[0] == '@':
		to, err := sq(tok[1:])
		if err != nil {
			return 0, 0, 0, err
		}
		return '@', 0, to, nil
	case len(tok) > 2 && tok[0] == 'K' && tok[1] == '@':
		to, err := sq(tok[2:])
		if err != nil {
			return 0, 0, 0, err
		}
		return 'K', 0, to, nil
	}
	// from-to or fromxto: a letter, digits, the separator, a square.
	if len(tok) < 5 || tok[0] < 'a' || tok[0] > 'z' {
		return bad()
	}
	i := 1
	for i < len(tok) && tok[i] >= '0' && tok[i] <= '9' {
		i++
	}
	if i == 1 || i >= len(tok) || (tok[i] != '-' && tok[i] != 'x') {
		return bad()
	}
	from, err = sq(tok[:i])
	if err != nil {
		return 0, 0, 0, err
	}
	to, err = sq(tok[i+1:])
	if err != nil {
		return 0, 0, 0, err
	}
	return tok[i], from, to, nil
}
