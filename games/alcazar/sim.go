package alcazar

import "github.com/tabulagames/tabula/games"

// Sim is a bare copy of a position for the bots' inner loops: no checks,
// no allocation, no history. It is a value: copy it to branch.
type Sim struct {
	c        core
	bothDraw bool
	limit    int32
}

// Sim copies the position (the game must be going on).
func (s *State) Sim() Sim { return Sim{c: s.c, bothDraw: s.bothDraw, limit: s.limit} }

// Pos and Dir give the square (-1 in hand) and facing of piece seat*5+n-1.
func (x *Sim) Pos() *[10]int8 { return &x.c.pos }
func (x *Sim) Dir() *[10]int8 { return &x.c.dir }

// ToMove is the seat to place now.
func (x *Sim) ToMove() int { return int(x.c.toMove) }

// SecondPlacement reports whether the crown holder has placed this turn.
func (x *Sim) SecondPlacement() bool { return x.c.toMove != x.c.crown }

// AppendLegal appends the legal moves of the seat to move to buf.
func (x *Sim) AppendLegal(buf []games.Move) []games.Move { return x.c.legal(buf) }

// Play applies a legal move (unchecked). After the second placement it runs
// the movement phase and the end of the turn, and reports the result:
// status and, for a win, the winner.
func (x *Sim) Play(m games.Move) (games.Status, int) {
	second := x.c.toMove != x.c.crown
	x.c.place(m)
	if !second {
		x.c.toMove = 1 - x.c.crown
		return games.Ongoing, -1
	}
	return x.finish()
}

// Alone plays m as the placement of the seat to move and runs the phase as
// if nothing else were dropped this turn (a bot's estimate of a first
// placement); the result as for Play.
func (x *Sim) Alone(m games.Move) (games.Status, int) {
	x.c.place(m)
	return x.finish()
}

func (x *Sim) finish() (games.Status, int) {
	c := &x.c
	c.movementPhase(nil)
	c.turn++
	c.crown = 1 - c.crown
	c.toMove, c.first = c.crown, -1
	return result(c.lineMask(), x.bothDraw, c.turn, x.limit)
}

// result is section 7 applied after a phase.
func result(lines uint16, bothDraw bool, turn, limit int32) (games.Status, int) {
	own0, own1 := lines&0xff != 0, lines>>8 != 0
	switch {
	case own0 && !own1:
		return games.Win, 0
	case own1 && !own0:
		return games.Win, 1
	case own0 && own1 && bothDraw:
		return games.Draw, -1
	}
	if limit > 0 && turn >= limit {
		return games.Draw, -1
	}
	return games.Ongoing, -1
}

// CanDrop reports whether the seat to move may drop piece n on sq now
// (the game going on); with HandEmpty it lets a bot walk the legal moves
// without building the list.
func (x *Sim) CanDrop(n, sq int) bool {
	return n >= 1 && n <= 5 && OnEdge(sq) && x.c.pos[int(x.c.toMove)*5+n-1] < 0 && x.c.cell[sq] == 0
}

// InHand reports whether the seat to move holds piece n.
func (x *Sim) InHand(n int) bool { return x.c.pos[int(x.c.toMove)*5+n-1] < 0 }

// Free reports whether grid square sq is empty.
func (x *Sim) Free(sq int) bool { return x.c.cell[sq] == 0 }

// HandEmpty reports whether the seat to move has every piece in play (its
// only move is Pass).
func (x *Sim) HandEmpty() bool { return x.c.handEmpty(int(x.c.toMove)) }
