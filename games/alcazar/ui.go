package alcazar

import "github.com/tabulagames/tabula/games"

// Read-only accessors for the board widget and the bots.

// Piece is one piece in play.
type Piece struct {
	Seat, N int
	Square  string // board square, or the edge square it waits on
	Dir     string // "N", "E", "S", "W"
	Waiting bool   // dropped this turn, still on the edge
}

// Pieces lists the pieces in play, by seat then number.
func (s *State) Pieces() []Piece {
	var out []Piece
	for p, sq := range s.c.pos {
		if sq >= 0 {
			out = append(out, Piece{Seat: p / 5, N: p%5 + 1, Square: SquareName(int(sq)),
				Dir: DirName(int(s.c.dir[p])), Waiting: onEdge[sq]})
		}
	}
	return out
}

// Hand lists the numbers of seat's pieces in hand, ascending (never nil).
func (s *State) Hand(seat int) []int {
	out := []int{}
	if seat < 0 || seat > 1 {
		return out
	}
	for n := 1; n <= 5; n++ {
		if s.c.pos[seat*5+n-1] < 0 {
			out = append(out, n)
		}
	}
	return out
}

// Crown is the seat holding the crown (it places first this turn).
func (s *State) Crown() int { return int(s.c.crown) }

// SecondPlacement reports whether the crown holder has already placed (or
// passed) this turn, so the other seat places now.
func (s *State) SecondPlacement() bool {
	return s.status == games.Ongoing && s.c.toMove != s.c.crown
}

// FirstSquare is the edge square the crown holder used this turn; "" before
// its placement or after its pass.
func (s *State) FirstSquare() string {
	if !s.SecondPlacement() || s.c.first < 0 {
		return ""
	}
	return SquareName(int(s.c.first))
}

// CheckDrop says why the seat to move may not drop piece n on grid square
// sq now, in the words ParseMove gives after the token ("Your opponent has
// just placed there."); nil when it may. The board asks it before a piece
// is chosen, to refuse a square at once.
func (s *State) CheckDrop(n, sq int) error {
	switch {
	case n < 1 || n > 5:
		return games.Refuse("There is no piece %d: the pieces are numbered 1 to 5.", n)
	case sq < 0 || sq >= Cells:
		return games.Refuse("Pieces can only be dropped on the 12 edge squares.")
	}
	return s.check(Drop(n, sq))
}

// TurnLimit is the house rule turnLimit (0 = none).
func (s *State) TurnLimit() int { return int(s.limit) }

// BothLinesDraw is the house rule bothLinesDraw.
func (s *State) BothLinesDraw() bool { return s.bothDraw }

// Lines lists, after the last movement phase, each seat's complete lines
// as their squares (for highlighting the winning line, or both lines when
// play continues).
func (s *State) Lines(seat int) [][]string {
	var out [][]string
	if seat < 0 || seat > 1 {
		return out
	}
	for i, l := range Lines {
		if s.lines&(1<<(uint(i)+8*uint(seat))) != 0 {
			out = append(out, []string{SquareName(l[0]), SquareName(l[1]), SquareName(l[2])})
		}
	}
	return out
}

// WinningLines lists the winner's lines (nil unless the game is won).
func (s *State) WinningLines() [][]string {
	if s.status != games.Win {
		return nil
	}
	return s.Lines(int(s.winner))
}

// BothLines reports whether the last movement phase left both seats with a
// line ("Both players have a line — play continues", or the house-rule draw).
func (s *State) BothLines() bool { return s.lines&0xff != 0 && s.lines>>8 != 0 }

// LastEvents replays the last play and reports what happened, in order:
// the placement (games.EventEnter with the piece's number and its edge
// square, or EventPass), then for the second placement of a turn the
// movement phase, and EventCrown (Seat = the new crown holder). In the
// phase, each piece in play opens its group with EventAct; what it did
// follows: games.EventMove (it stepped, or a 4 moved shoving a run),
// games.EventPush (a piece it shoved, From -> To), games.EventReturn (a
// piece went back to its owner's hand from From: To is the edge square it
// was pushed or stepped onto, "" when it was pushed out of the play area
// or could not enter; Note says why), EventBlocked (it stayed). Piece is
// a piece's number (1-5). Empty before the first play.
func (s *State) LastEvents() []games.Event {
	if !s.hasLast {
		return nil
	}
	c := s.prev
	var out []games.Event
	if !s.setupPhase {
		seat := int(s.lastBy)
		n, sq, _ := DecodeMove(s.last)
		if s.last == Pass {
			out = append(out, games.Event{Kind: EventPass, Seat: seat, Note: "no piece in hand"})
		} else {
			out = append(out, games.Event{Kind: games.EventEnter, Seat: seat, Piece: n, To: SquareName(sq)})
		}
		second := c.toMove != c.crown
		c.place(s.last)
		if !second {
			return out
		}
	}
	c.movementPhase(&out)
	return append(out, games.Event{Kind: EventCrown, Seat: 1 - int(c.crown)})
}

// Raw is the position in the engine's own arrays, for the bots.
type Raw struct {
	Cell   [Cells]int8 // 0 empty, else seat*5+n (piece index + 1)
	Pos    [10]int8    // square of piece seat*5+n-1, -1 in hand
	Dir    [10]int8    // its facing, NoDir in hand
	Crown  int8
	ToMove int8
	First  int8 // square of the crown holder's drop this turn, -1 none
	Turn   int32
}

// Raw copies the position.
func (s *State) Raw() Raw {
	c := &s.c
	return Raw{Cell: c.cell, Pos: c.pos, Dir: c.dir, Crown: c.crown, ToMove: c.toMove, First: c.first, Turn: c.turn}
}

// RawRef gives the engine's arrays without copying; callers must not write.
func (s *State) RawRef() (cell *[Cells]int8, pos *[10]int8, dir *[10]int8) {
	return &s.c.cell, &s.c.pos, &s.c.dir
}

// The kinds of event alcazar reports besides the shared ones.
const (
	// EventPass: a seat with every piece in play passes (Seat).
	EventPass games.EventKind = "pass"
	// EventAct opens a piece's turn in the movement phase (Seat, Piece,
	// From; Value is its slot, 0-9: the crown holder's 1, the other's 1,
	// the crown holder's 2, ...). The events after it, up to the next act
	// or the crown, are what that piece did.
	EventAct games.EventKind = "act"
	// EventBlocked: the acting piece cannot move and stays on From.
	EventBlocked games.EventKind = "blocked"
	// EventCrown ends the movement phase: the crown passes to Seat.
	EventCrown games.EventKind = "crown"
)
