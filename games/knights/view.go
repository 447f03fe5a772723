package knights

import "github.com/tabulagames/tabula/games"

// View is what a seat may see (section 10.2). Without fog, after the game,
// and for an eliminated seat: everything (a clone). Under fog, for a seat
// whose knight is alive: the squares of its sight hold their true
// contents, every other square reads as empty, and an other seat's knight
// outside its sight is Unknown. Scores and alive flags stay public. The
// last turn's events keep only what the seat saw happen (eventsSeen).
func (s *State) View(seat int) games.State {
	c := s.clone()
	if !s.fog || s.over || seat >= s.players || seat >= 0 && (!s.alive[seat] || s.pos[seat] == Unknown) {
		return c
	}
	// Seat -1 is what no seat sees privately (a shared screen between two
	// secret picks): under fog, nothing.
	seen := make([]bool, len(s.cells))
	if seat >= 0 {
		for _, sq := range s.g.sight[s.pos[seat]] {
			seen[sq] = true
		}
	}
	for sq := range c.cells {
		if !seen[sq] {
			c.cells[sq] = empty
		}
	}
	for o, p := range c.pos {
		if p != Unknown && !seen[p] {
			c.pos[o] = Unknown
		}
	}
	c.events = s.eventsSeen(seat, seen)
	c.seen = seen
	return c
}

// Masked reports whether this state is a fogged seat's view, whose
// squares out of sight read as empty (Unseen tells which): a board draws
// fog from the view itself, so what a seat may see is decided here only.
func (s *State) Masked() bool { return s.seen != nil }

// Unseen reports whether a square (as a Move code) is out of sight in this
// view; never in the whole position or a view that sees everything.
func (s *State) Unseen(sq games.Move) bool { return s.seen != nil && !s.seen[sq] }

// eventsSeen are the last turn's events as a fogged seat saw them: its own
// knight's in full (it knows its own pick); of another knight, a jump, the
// trail it left and a bounce only as far as they happened in the seat's
// sight (a square out of sight reads "", and an event with nothing in
// sight is left out, so a jump out of sight leaves no trace, as on the
// board and in the move list); an elimination, which is public, with its
// square only when in sight; the squares a shrink closed in its sight.
// What is left is the same for every turn that shows the seat the same
// board (gametest.ViewsHide).
func (s *State) eventsSeen(seat int, seen []bool) []games.Event {
	inSight := func(name string) string {
		if name != "" && seen[s.g.index(name)] {
			return name
		}
		return ""
	}
	var out []games.Event
	for _, e := range s.events {
		switch {
		case e.Kind == EventShrink:
			if inSight(e.To) == "" {
				continue
			}
		case e.Seat == seat:
		case e.Kind == games.EventEliminate:
			e.From = inSight(e.From)
		case e.Kind == games.EventCollision:
			// The knight stayed where it was; where it aimed shows nowhere.
			if e.From, e.To = inSight(e.From), ""; e.From == "" {
				continue
			}
		default: // a jump or a burn
			if e.From, e.To = inSight(e.From), inSight(e.To); e.From == "" && e.To == "" {
				continue
			}
		}
		out = append(out, e)
	}
	return out
}

// Sight lists the squares (as Move codes, ascending) that a knight on
// the seat's square sees under fog: its own square and every square one
// or two jumps away. Nil when the seat's knight is Unknown.
func (s *State) Sight(seat int) []games.Move {
	if s.pos[seat] == Unknown {
		return nil
	}
	sight := s.g.sight[s.pos[seat]]
	out := make([]games.Move, len(sight))
	for i, sq := range sight {
		out[i] = games.Move(sq)
	}
	return out
}

// Fogged reports whether the seat's view hides part of the board now: fog
// is on, the game runs and the seat's knight is alive.
func (s *State) Fogged(seat int) bool {
	return s.fog && !s.over && seat >= 0 && seat < s.players && s.alive[seat]
}

// Square kinds, as Square reports them.
type SquareKind int

const (
	Empty SquareKind = iota
	Obstacle
	Trail
	Knight
)

// Size is the number of files (and ranks) of the board.
func (s *State) Size() int { return s.g.n }

// Square says what the square with Move code sq holds and, for a trail or
// a knight, whose it is (else -1).
func (s *State) Square(sq games.Move) (SquareKind, int) {
	switch c := s.cells[sq]; {
	case c == empty:
		return Empty, -1
	case c == obstacle:
		return Obstacle, -1
	case c >= knight0:
		return Knight, int(c - knight0)
	default:
		return Trail, int(c - trail0)
	}
}

// SquareAt is the Move code of the square at file f and rank r, both
// counted from 0 (a1 is (0, 0)).
func (s *State) SquareAt(file, rank int) games.Move {
	return games.Move((s.g.n-1-rank)*s.g.n + file)
}

// Coords are the file and rank (from 0) of a square's Move code.
func (s *State) Coords(sq games.Move) (file, rank int) {
	return int(sq) % s.g.n, s.g.n - 1 - int(sq)/s.g.n
}

// KnightAt is the square of a seat's knight, or Unknown in a fogged view
// that does not show it.
func (s *State) KnightAt(seat int) games.Move {
	if s.pos[seat] == Unknown {
		return games.NoMove
	}
	return games.Move(s.pos[seat])
}

// Alive reports whether a seat's knight is still in the game.
func (s *State) Alive(seat int) bool { return s.alive[seat] }

// Score is the number of squares a seat has occupied, its start included.
func (s *State) Score(seat int) int { return s.scores[seat] }

// Mobility is the number of legal moves of a seat's knight now (0 when it
// is out or not in sight): the scoreboard's bar is Mobility / 8.
func (s *State) Mobility(seat int) int {
	if !s.alive[seat] || s.pos[seat] == Unknown {
		return 0
	}
	return s.mobility(s.pos[seat])
}

// Stalled reports whether the stall rule ended the game (section 7.5).
func (s *State) Stalled() bool { return s.stalled }

// Fog and ShrinkEvery are the variants in force.
func (s *State) Fog() bool        { return s.fog }
func (s *State) ShrinkEvery() int { return s.shrink }

// ShrinkIn is the number of turns until the next ring closes (1 = at the
// end of this turn); 0 when shrink is off.
func (s *State) ShrinkIn() int {
	if s.shrink == 0 {
		return 0
	}
	return s.shrink - s.turn%s.shrink
}

// Ring is a square's distance to the nearest edge (0 = the border).
func (s *State) Ring(sq games.Move) int { return int(s.g.ring[sq]) }

// JumpsFrom lists the on-board squares one knight jump from sq, in jump order,
// whatever they hold.
func (s *State) JumpsFrom(sq games.Move) []games.Move {
	js := s.g.jumps[sq]
	out := make([]games.Move, len(js))
	for i, j := range js {
		out[i] = games.Move(j)
	}
	return out
}

// Idle is the number of resolved turns in a row in which no knight jumped.
func (s *State) Idle() int { return s.idle }
