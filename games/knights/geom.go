package knights

import "github.com/tabulagames/tabula/games"

// Jumps is the jump order of section 1 as (file change, rank change): rank
// change +2, +1, -1, -2, and in each pair the jump to the left first. It
// decides bot tie-breaks, the timer's automatic move and the keyboard
// cursor.
var Jumps = [8][2]int{{-1, 2}, {1, 2}, {-2, 1}, {2, 1}, {-2, -1}, {2, -1}, {-1, -2}, {1, -2}}

// geom is what never changes on a board of one size: the jumps from every
// square (on the board only, in jump order), the squares two jumps away
// (the fog view), every square's ring and name.
type geom struct {
	n     int
	jumps [][]int16 // jumps[sq]: the on-board squares one jump away, in jump order
	sight [][]int16 // sight[sq]: sq and every square one or two jumps away, ascending
	ring  []int8    // distance to the nearest edge
	names []string
}

var geoms [MaxSize + 1]*geom

func init() {
	for n := MinSize; n <= MaxSize; n++ {
		geoms[n] = newGeom(n)
	}
}

func geomOf(n int) *geom { return geoms[n] }

// index is the square index of a square's name on this board, or -1.
func (g *geom) index(name string) int {
	file, rank, err := games.ParseSquare(name, g.n, g.n)
	if err != nil {
		return -1
	}
	return (g.n-1-rank)*g.n + file
}

func newGeom(n int) *geom {
	g := &geom{n: n, jumps: make([][]int16, n*n), sight: make([][]int16, n*n), ring: make([]int8, n*n), names: make([]string, n*n)}
	for sq := 0; sq < n*n; sq++ {
		row, col := sq/n, sq%n
		for _, j := range Jumps {
			c, r := col+j[0], row-j[1] // a rank up is a row up
			if c >= 0 && c < n && r >= 0 && r < n {
				g.jumps[sq] = append(g.jumps[sq], int16(r*n+c))
			}
		}
		g.ring[sq] = int8(min(row, col, n-1-row, n-1-col))
		g.names[sq] = games.SquareName(col, n-1-row)
	}
	for sq := 0; sq < n*n; sq++ {
		seen := make([]bool, n*n)
		seen[sq] = true
		for _, a := range g.jumps[sq] {
			seen[a] = true
			for _, b := range g.jumps[a] {
				seen[b] = true
			}
		}
		for x, ok := range seen {
			if ok {
				g.sight[sq] = append(g.sight[sq], int16(x))
			}
		}
	}
	return g
}

// JumpTable is, for a board of the given size (MinSize..MaxSize), the
// on-board squares one jump from every square (Move codes, in jump
// order): the table the rules use, shared, so callers must not change it.
// Bots build their own fast boards on it.
func JumpTable(size int) [][]int16 { return geomOf(size).jumps }
