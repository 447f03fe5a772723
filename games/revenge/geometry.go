package revenge

import (
	"fmt"

	"github.com/tabulagames/tabula/games"
)

// A square is the index rank*size + file: a1 = 0, b1 = 1, ...; a move is
// the square played.

// geometry is everything that follows from the board size alone.
type geometry struct {
	size    int
	squares int
	// lines holds the squares of every line: the ranks 1..size, the files
	// a.., then the a1 diagonal and the a<size> diagonal.
	lines     [][]int8
	lineNames []string
	// through[sq] lists the lines through a square.
	through [MaxSquares][]int8
}

var geometries = func() (g [MaxSize + 1]*geometry) {
	for n := MinSize; n <= MaxSize; n++ {
		g[n] = newGeometry(n)
	}
	return g
}()

func newGeometry(n int) *geometry {
	g := &geometry{size: n, squares: n * n}
	add := func(name string, sq func(i int) int) {
		line := make([]int8, n)
		for i := range line {
			line[i] = int8(sq(i))
			g.through[line[i]] = append(g.through[line[i]], int8(len(g.lines)))
		}
		g.lines = append(g.lines, line)
		g.lineNames = append(g.lineNames, name)
	}
	for r := 0; r < n; r++ {
		add(fmt.Sprintf("rank %d", r+1), func(i int) int { return r*n + i })
	}
	for f := 0; f < n; f++ {
		add(fmt.Sprintf("the %c-file", 'a'+f), func(i int) int { return i*n + f })
	}
	add(fmt.Sprintf("the a1-%s diagonal", games.SquareName(n-1, n-1)), func(i int) int { return i*n + i })
	add(fmt.Sprintf("the a%d-%s diagonal", n, games.SquareName(n-1, 0)), func(i int) int { return (n-1-i)*n + i })
	return g
}

// name is the notation of a square.
func (g *geometry) name(sq int) string { return games.SquareName(sq%g.size, sq/g.size) }

// parse reads a move token: a lower-case file letter and a rank digit,
// both on the board. The error names the token.
func (g *geometry) parse(tok string) (int, error) {
	f, r, err := games.ParseSquare(tok, 26, 99) // the grammar only; the board is checked here
	if err != nil {
		return 0, err
	}
	if f >= g.size || r >= g.size {
		return 0, games.Refuse("%s is not a square of this %dx%d board.", tok, g.size, g.size)
	}
	return r*g.size + f, nil
}

// lineSquares writes the squares of a line in notation.
func (g *geometry) lineSquares(l int) []string {
	out := make([]string, len(g.lines[l]))
	for i, sq := range g.lines[l] {
		out[i] = g.name(int(sq))
	}
	return out
}
