package arena

import "github.com/tabulagames/tabula/games"

// Read-only accessors for the board and the bots. Cells are numbered as
// in CellAt; Square names them.

// Status is where the game stands (Outcome without the words).
func (s *State) Status() games.Status { return s.c.status }

// Winner is the winning seat once the status is games.Win.
func (s *State) Winner() int { return int(s.c.winner) }

// CalmDrawn reports whether the game ended in section 6's draw by
// CalmDraw turns without a hit (not by both players dying in one blast).
func (s *State) CalmDrawn() bool {
	return s.c.status == games.Draw && s.c.at[0] >= 0 && s.c.at[1] >= 0
}

// CalmTurns is the number of turns in a row that ended with no player
// losing health (the game is a draw when it reaches CalmDraw). A setup
// starts it at 0.
func (s *State) CalmTurns() int { return int(s.c.calm) }

// Params are the house rules of this game.
func (s *State) Params() Params { return s.p }

// At is what cell c holds.
func (s *State) At(c int) Thing { return s.c.thing[c] }

// Map is what every cell holds.
func (s *State) Map() [Cells]Thing { return s.c.thing }

// Timer is the timer of the bomb on cell c (0 if there is none).
func (s *State) Timer(c int) int {
	if s.c.thing[c] != Bomb {
		return 0
	}
	return int(s.c.value[c])
}

// IceHP is the health of the ice block on cell c (0 if there is none).
func (s *State) IceHP(c int) int {
	if s.c.thing[c] != Ice {
		return 0
	}
	return int(s.c.value[c])
}

// PlayerCell is a seat's cell, -1 once the player is dead.
func (s *State) PlayerCell(seat int) int { return int(s.c.at[seat]) }

// HP is a seat's health.
func (s *State) HP(seat int) int { return int(s.c.hp[seat]) }

// Facing is the direction a seat faces.
func (s *State) Facing(seat int) int { return int(s.c.facing[seat]) }

// Character is a seat's character.
func (s *State) Character(seat int) Character { return s.p.Chars[seat] }

// Mover is the seat to move (the last one to move once the game is over
// by ice, the next one once it is over by a blast).
func (s *State) Mover() int { return int(s.c.toMove) }

// ActionsLeft is the number of actions left to the seat to move.
func (s *State) ActionsLeft() int { return int(s.c.actions) }

// Objects lists the cells holding bombs (Bomb) or ice (Ice) as bit sets.
func (s *State) Objects() (bombs, ice uint64) {
	for _, i := range floorCells {
		switch s.c.thing[i] {
		case Bomb:
			bombs |= 1 << i
		case Ice:
			ice |= 1 << i
		}
	}
	return bombs, ice
}

// Reachable is the board's reachable highlight (section 9): the cells the
// seat to move can still reach this turn, by a breadth-first search over
// free cells from where the turn started (or from where the last place or
// kick was made) with the budget it had there. The mover's own cell counts
// as free. Cells come in the order the search finds them, the start first.
// Empty once the game is over.
func (s *State) Reachable() []int {
	c := &s.c
	if c.status != games.Ongoing {
		return nil
	}
	me := int(c.at[c.toMove])
	start := int(c.anchor)
	dist := map[int]int{start: 0}
	out := []int{start}
	for q := 0; q < len(out); q++ {
		cur := out[q]
		if dist[cur] == int(c.budget) {
			continue
		}
		for d := 0; d < 4; d++ {
			n := Step(cur, d)
			if _, seen := dist[n]; seen || (c.thing[n] != Floor && n != me) {
				continue
			}
			dist[n] = dist[cur] + 1
			out = append(out, n)
		}
	}
	return out
}

// Visited lists the cells the seat to move has stood on this turn, in
// cell order (the board shades them). Empty once the game is over.
func (s *State) Visited() []int {
	if s.c.status != games.Ongoing {
		return nil
	}
	var out []int
	for _, i := range floorCells {
		if s.c.visited&(1<<i) != 0 {
			out = append(out, i)
		}
	}
	return out
}

// FloorCells lists every floor cell, ascending. Callers must not change it.
func FloorCells() []int { return floorCells }
