// Package classic is 3x3 tic-tac-toe (shared/rules/classic.md), the
// reference game every other game copies.
package classic

import (
	"encoding/json"
	"fmt"
	"strings"

	"github.com/tabulagames/tabula/games"
)

// A move is the square index rank*3+file: a1 = 0, b1 = 1, ... c3 = 8.

const empty = -1

// Lines are the eight winning lines as square indexes.
var Lines = [8][3]int{
	{0, 1, 2}, {3, 4, 5}, {6, 7, 8}, // ranks 1..3
	{0, 3, 6}, {1, 4, 7}, {2, 5, 8}, // files a..c
	{0, 4, 8}, {6, 4, 2}, // diagonals a1-c3, a3-c1
}

var lineNames = [8]string{
	"the 1st rank", "the 2nd rank", "the 3rd rank",
	"the a-file", "the b-file", "the c-file",
	"the a1-c3 diagonal", "the a3-c1 diagonal",
}

// Game is the classic game description.
type Game struct{}

func init() { games.Register(Game{}) }

func (Game) ID() string            { return "classic" }
func (Game) Name() string          { return "Tic-tac-toe" }
func (Game) Blurb() string         { return "3x3, three in a row, with a perfect opponent" }
func (Game) SeatRange() (int, int) { return 2, 2 }

// Kind is what the game is (games.Kind).
func (Game) Kind() games.Kind            { return games.Kind{} }
func (Game) RuleSpecs() []games.RuleSpec { return nil }

// New starts an empty board, or the setup position.
func (Game) New(cfg games.Config) (games.State, error) {
	s := &State{turn: 0}
	for i := range s.board {
		s.board[i] = empty
	}
	if cfg.Setup != nil {
		if err := s.setup(cfg.Setup); err != nil {
			return nil, fmt.Errorf("bad setup: %w", err)
		}
	}
	s.settle(-1)
	return s, nil
}

// State is a classic position.
type State struct {
	board   [9]int8 // -1 empty, 0 X, 1 O
	turn    int     // seat to move (meaningless once over)
	outcome games.Outcome
	line    int // index into Lines of the winning line, -1 if none
}

// Board returns the owner of every square (-1 empty), a1 first.
func (s *State) Board() [9]int8 { return s.board }

func (s *State) Seats() int { return 2 }

func (s *State) ToMove() []int {
	if s.outcome.Over() {
		return []int{}
	}
	return []int{s.turn}
}

func (s *State) Legal(seat int) []games.Move {
	if s.outcome.Over() || seat != s.turn {
		return nil
	}
	out := make([]games.Move, 0, 9)
	for i, v := range s.board {
		if v == empty {
			out = append(out, games.Move(i))
		}
	}
	return out
}

func (s *State) Play(moves ...games.Move) error {
	m, err := games.OneMove(s.outcome.Over(), moves)
	if err != nil {
		return err
	}
	if m < 0 || m > 8 {
		return games.Refuse("not a square of this board")
	}
	if s.board[m] != empty {
		return games.Refuse("That square is already taken.")
	}
	s.board[m] = int8(s.turn)
	s.settle(s.turn)
	s.turn = 1 - s.turn
	return nil
}

// settle computes the outcome after a move by mover (-1: check both, for a setup).
func (s *State) settle(mover int) {
	s.outcome, s.line = games.Outcome{Status: games.Ongoing}, -1
	for i, l := range Lines {
		a := s.board[l[0]]
		if a != empty && a == s.board[l[1]] && a == s.board[l[2]] && (mover < 0 || int(a) == mover) {
			sq := make([]string, 3)
			for j, k := range l {
				sq[j] = squareName(k)
			}
			s.outcome = games.Outcome{Status: games.Win, Winners: []int{int(a)},
				Reason: "three in a row on " + lineNames[i], Line: sq}
			s.line = i
			return
		}
	}
	for _, v := range s.board {
		if v == empty {
			return
		}
	}
	s.outcome = games.Outcome{Status: games.Draw, Winners: []int{}, Reason: "the board is full"}
}

func (s *State) Outcome() games.Outcome { return s.outcome }

// Hash packs the board in base 3 plus the side to move; it is exact.
func (s *State) Hash() uint64 {
	var h uint64
	for _, v := range s.board {
		h = h*3 + uint64(v+1)
	}
	return h*2 + uint64(s.turn)
}

// Position is {"board": [rank 3, rank 2, rank 1]}.
func (s *State) Position() any {
	rows := make([]string, 3)
	for r := 2; r >= 0; r-- {
		var b strings.Builder
		for f := 0; f < 3; f++ {
			b.WriteByte(".XO"[s.board[r*3+f]+1])
		}
		rows[2-r] = b.String()
	}
	return map[string]any{"board": rows}
}

func squareName(i int) string { return games.SquareName(i%3, i/3) }

func (s *State) MoveString(seat int, m games.Move) string {
	if m < 0 || m > 8 {
		return "?"
	}
	return squareName(int(m))
}

func (s *State) ParseMove(seat int, tok string) (games.Move, error) {
	if s.outcome.Over() {
		return games.NoMove, games.ErrGameOver
	}
	if seat != s.turn {
		return games.NoMove, games.ErrNotYourTurn
	}
	f, r, err := games.ParseSquare(tok, 3, 3)
	if err != nil {
		return games.NoMove, err
	}
	m := games.Move(r*3 + f)
	if s.board[m] != empty {
		return games.NoMove, games.Refuse("%s: that square is already taken.", tok)
	}
	return m, nil
}

func (s *State) Clone() games.State { c := *s; return &c }

// setup reads a NOTATION.md setup: {"board": [...], "toMove": n}.
func (s *State) setup(raw json.RawMessage) error {
	var in struct {
		Board  []string `json:"board"`
		ToMove *int     `json:"toMove"`
	}
	if err := json.Unmarshal(raw, &in); err != nil {
		return games.Refuse("not a position object: %v", err)
	}
	if len(in.Board) != 3 {
		return games.Refuse("the board must have 3 ranks, not %d", len(in.Board))
	}
	if in.ToMove == nil {
		return games.Refuse("toMove is missing")
	}
	count := [2]int{}
	for i, row := range in.Board {
		if len(row) != 3 {
			return games.Refuse("rank %d must have 3 squares", 3-i)
		}
		for f, c := range row {
			sq := (2-i)*3 + f
			switch c {
			case '.':
				s.board[sq] = empty
			case 'X':
				s.board[sq] = 0
				count[0]++
			case 'O':
				s.board[sq] = 1
				count[1]++
			default:
				return games.Refuse("%q is not X, O or . (rank %d)", c, 3-i)
			}
		}
	}
	switch {
	case count[0] == count[1] && *in.ToMove == 0, count[0] == count[1]+1 && *in.ToMove == 1:
	default:
		return games.Refuse("X has %d marks and O %d, so %d cannot be to move", count[0], count[1], *in.ToMove)
	}
	s.turn = *in.ToMove
	s.settle(-1)
	if s.outcome.Status == games.Win {
		return games.Refuse("somebody already has a line")
	}
	if s.outcome.Status == games.Draw {
		return games.Refuse("no empty square is left")
	}
	return nil
}
