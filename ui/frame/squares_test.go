package frame

import (
	"slices"
	"testing"

	"github.com/tabulagames/tabula/games"
)

// lineState is a position that only knows who is to move and how the
// game ended.
type lineState struct {
	games.State
	to  []int
	out games.Outcome
}

func (s lineState) ToMove() []int          { return s.to }
func (s lineState) Outcome() games.Outcome { return s.out }

// Mover is the first seat to move, -1 once the game is over.
func TestMover(t *testing.T) {
	for _, c := range []struct {
		to   []int
		want int
	}{{[]int{1}, 1}, {[]int{2, 0}, 2}, {nil, -1}} {
		if got := Mover(lineState{to: c.to}); got != c.want {
			t.Errorf("Mover with %v to move = %d, want %d", c.to, got, c.want)
		}
	}
}

// The hint is a square only while the live position is shown.
func TestSquareHint(t *testing.T) {
	hint := &Hint{Seat: 0, Move: 7, Token: "b3"}
	for _, c := range []struct {
		f    Frame
		want int
	}{
		{Frame{Hint: hint}, 7},
		{Frame{Hint: hint, Viewing: true}, -1},
		{Frame{}, -1},
	} {
		if got := c.f.SquareHint(); got != c.want {
			t.Errorf("SquareHint of %+v = %d, want %d", c.f, got, c.want)
		}
	}
}

// A square's name becomes its number rank*n+file; a name off the board,
// or none, is -1.
func TestSquareOf(t *testing.T) {
	for _, c := range []struct {
		name string
		n    int
		want int
	}{{"a1", 8, 0}, {"b3", 8, 17}, {"c3", 3, 8}, {"d1", 3, -1}, {"", 8, -1}, {"x", 8, -1}} {
		if got := SquareOf(c.name, c.n); got != c.want {
			t.Errorf("SquareOf(%q, %d) = %d, want %d", c.name, c.n, got, c.want)
		}
	}
}

// The winning line's names become squares numbered rank*n+file; a name
// off the board is left out, and the slice given is reused.
func TestLineSquares(t *testing.T) {
	st := lineState{out: games.Outcome{Status: games.Win, Winners: []int{0}, Line: []string{"a1", "b2", "c3", "z9"}}}
	dst := make([]int, 5, 8)
	got := LineSquares(dst, st, 3)
	if want := []int{0, 4, 8}; !slices.Equal(got, want) {
		t.Errorf("LineSquares on 3x3 = %v, want %v", got, want)
	}
	if &got[0] != &dst[0] {
		t.Error("LineSquares did not reuse the slice it was given")
	}
	if got := LineSquares(nil, st, 8); !slices.Equal(got, []int{0, 9, 18}) {
		t.Errorf("LineSquares on 8x8 = %v, want [0 9 18]", got)
	}
	if got := LineSquares(dst, lineState{}, 3); len(got) != 0 {
		t.Errorf("LineSquares of an unfinished game = %v, want none", got)
	}
}
