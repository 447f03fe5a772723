package infiltration

import "github.com/tabulagames/tabula/games"

// Read-only accessors for the board widget and the bots. Squares are given
// as names ("e3") or as indexes rank*8+file (a1 = 0, h8 = 63).

// Cell values returned by Cells.
const (
	Empty = empty // no piece
	XMan  = xMan
	XKing = xKing
	OMan  = oMan
	OKing = oKing
)

// Size is the number of files and ranks (8).
func (s *State) Size() int { return boardSize }

// Cells returns the board, a1 first (index rank*8+file), with the values
// Empty, XMan, XKing, OMan, OKing.
func (s *State) Cells() [64]int8 { return s.board }

// PieceAt tells what stands on a square: owner is -1 for an empty square
// (or a square off the board), else the seat (0 X, 1 O); king tells a king.
func (s *State) PieceAt(file, rank int) (owner int, king bool) {
	if file < 0 || file >= 8 || rank < 0 || rank >= 8 {
		return -1, false
	}
	v := s.board[rank*8+file]
	if v == empty {
		return -1, false
	}
	return ownerOf(v), isKing(v)
}

func ownerOf(v int8) int { return owner(v) }

// Hand is what a seat holds: in the placement phase the pieces still to
// place, in the movement phase the captured pieces not yet dropped.
func (s *State) Hand(seat int) (men, kings int) {
	if seat != X && seat != O {
		return 0, 0
	}
	return int(s.hand[seat][0]), int(s.hand[seat][1])
}

// Pieces is the number of pieces each side owns (the pieces rule).
func (s *State) Pieces() int { return int(s.rules.pieces) }

// Placement reports whether the game is in the placement phase.
func (s *State) Placement() bool { return s.placement }

// Phase is "placement" or "movement".
func (s *State) Phase() string {
	if s.placement {
		return "placement"
	}
	return "movement"
}

// Swapped reports whether the pie swap was made.
func (s *State) Swapped() bool { return s.swapped }

// CanSwap reports whether the seat to move (O) may answer with swap now.
func (s *State) CanSwap() bool { return s.canSwap() }

// MustContinue names the square of the piece that must keep capturing in
// a multi-jump chain, if one is in progress.
func (s *State) MustContinue() (square string, ok bool) {
	if s.chain < 0 || s.outcome.Over() {
		return "", false
	}
	return squareNames[s.chain], true
}

// NoProgress is the no-progress counter (a draw at 100).
func (s *State) NoProgress() int { return int(s.noProgress) }

// PastHash is a hash of the positions the repetition rule counts now
// (those since the last placement or crowning, each with how often it
// occurred). The same position seen once or twice before has different
// futures, so a search may share what it found about a state only with
// states of equal Hash and PastHash.
func (s *State) PastHash() uint64 { return s.seen.Hash() }

// Destinations lists the legal destinations of the piece on a square for
// the side to move, split into steps and captures (landing squares). Both
// are empty for an empty square, an enemy piece, a finished game, or a
// piece that may not move now (forced capture, a multi-jump by another piece).
func (s *State) Destinations(square string) (steps, captures []string) {
	f, r, err := games.ParseSquare(square, boardSize, boardSize)
	if err != nil || s.outcome.Over() {
		return nil, nil
	}
	from := r*8 + f
	for _, m := range s.legal(nil) {
		if m < moveBase || m >= swapMove || int(m-moveBase)/64 != from {
			continue
		}
		to := int(m-moveBase) % 64
		if isJump(from, to) {
			captures = append(captures, squareNames[to])
		} else {
			steps = append(steps, squareNames[to])
		}
	}
	return steps, captures
}

// CheckStep says why the side to move may not step from one square to
// another (indexes rank*8+file) now, in the words ParseMove uses for the
// token "from-to" ("d4 is taken", "you must capture"); nil when the step
// is legal. The board asks it to tell a person why a piece cannot move.
func (s *State) CheckStep(from, to int) error {
	if s.outcome.Over() {
		return games.ErrGameOver
	}
	if from < 0 || from >= 64 || to < 0 || to >= 64 {
		return games.Refuse("Not a move: that square is off the board.")
	}
	return s.checkMove(from, to, false)
}

// DropSquares lists the squares where the side to move may place or drop
// a man (king=false) or a king (king=true) now.
func (s *State) DropSquares(king bool) []string {
	if s.outcome.Over() {
		return nil
	}
	var out []string
	for _, m := range s.legal(nil) {
		if m >= moveBase {
			continue
		}
		if (m >= kingDrop) == king {
			out = append(out, squareNames[m%64])
		}
	}
	return out
}

// MoveKind tells the kind of a move code.
type MoveKind int

const (
	NotAMove  MoveKind = iota
	PlaceMan           // @sq: placement or drop of a man
	PlaceKing          // K@sq
	Step               // from-to
	Capture            // fromxto
	Swap               // swap
)

// Decode splits a move code into its kind and squares (indexes rank*8+file;
// from is -1 for drops and swap, to is -1 for swap).
func Decode(m games.Move) (kind MoveKind, from, to int) {
	switch {
	case m >= 0 && m < kingDrop:
		return PlaceMan, -1, int(m)
	case m >= kingDrop && m < moveBase:
		return PlaceKing, -1, int(m - kingDrop)
	case m >= moveBase && m < swapMove:
		from, to = int(m-moveBase)/64, int(m-moveBase)%64
		if isJump(from, to) {
			return Capture, from, to
		}
		return Step, from, to
	case m == swapMove:
		return Swap, -1, -1
	}
	return NotAMove, -1, -1
}

// SwapMove is the code of the pie swap.
const SwapMove games.Move = swapMove

// Captures lists the legal captures of the side to move (during a chain,
// the jumping piece's).
func (s *State) Captures() []games.Move {
	if s.outcome.Over() || !s.rules.captures || s.placement {
		return nil
	}
	if s.chain >= 0 {
		return s.pieceCaptures(int(s.chain), nil)
	}
	var out []games.Move
	for sq, v := range s.board {
		if v != empty && owner(v) == int(s.turn) {
			out = append(out, s.pieceCaptures(sq, nil)...)
		}
	}
	return out
}

// Mover is the seat to move (meaningless once the game is over). Not
// named Turn: that would make the state a games.TurnCounter, whose Turn
// counts whole turns.
func (s *State) Mover() int { return int(s.turn) }

// Rules are the house rules the state plays by, in the shape the bots need.
type Rules struct {
	Pieces                                               int
	Captures, Kings, ForcedCapture, Pie, MultiJump, Free bool
}

// RuleSet returns the house rules of this state.
func (s *State) RuleSet() Rules {
	r := s.rules
	return Rules{Pieces: int(r.pieces), Captures: r.captures, Kings: r.kings, ForcedCapture: r.forced,
		Pie: r.pie, MultiJump: r.multi, Free: r.free}
}

// Directions lists the direction indexes a piece (cell value) may move in
// under these rules: 0 N, 1 NE, 2 E, 3 SE, 4 S, 5 SW, 6 W, 7 NW.
func (s *State) Directions(cell int8) []int {
	if cell == empty {
		return nil
	}
	return s.dirs(cell)
}

// Neighbor is the square one step from sq in direction d, or -1.
func Neighbor(sq, d int) int { return int(step1[sq][d]) }

// TargetLines lists every four consecutive squares inside seat's target
// half (X: ranks 5-8, O: ranks 1-4), as square indexes.
func TargetLines(seat int) [][4]int8 { return lines[seat] }
