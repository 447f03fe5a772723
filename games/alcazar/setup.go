package alcazar

import (
	"bytes"
	"encoding/json"
	"fmt"
	"sort"

	"github.com/tabulagames/tabula/games"
)

// setup reads a position object plus toMove (section 8). afterPlacements
// is the test-only runMovementPhase reading: pieces on edge squares are
// this turn's drops, at most one per seat, and toMove is the seat without
// the crown.
func (s *State) setup(raw json.RawMessage, afterPlacements bool) error {
	var in struct {
		Pieces []struct {
			Seat *int    `json:"seat"`
			N    *int    `json:"n"`
			At   *string `json:"at"`
			Dir  *string `json:"dir"`
		} `json:"pieces"`
		Hands  *[][]int `json:"hands"`
		Crown  *int     `json:"crown"`
		Turn   *int     `json:"turn"`
		ToMove *int     `json:"toMove"`
	}
	dec := json.NewDecoder(bytes.NewReader(raw))
	if err := dec.Decode(&in); err != nil {
		return games.Refuse("not a position object: %v", err)
	}
	if in.ToMove == nil {
		return games.Refuse("toMove is missing")
	}
	turn := 0
	if in.Turn != nil {
		turn = *in.Turn
	}
	if turn < 0 || turn > 1_000_000 {
		return games.Refuse("turn must be 0 or more, not %d", turn)
	}
	crown := turn % 2
	if in.Crown != nil {
		crown = *in.Crown
	}
	if crown != 0 && crown != 1 {
		return games.Refuse("crown must be seat 0 or 1, not %d", crown)
	}
	toMove := *in.ToMove
	if toMove != 0 && toMove != 1 {
		return games.Refuse("toMove must be seat 0 or 1, not %d", toMove)
	}
	if crown != turn%2 {
		return games.Refuse("after %d completed turns seat %d holds the crown, not seat %d", turn, turn%2, crown)
	}
	c := &s.c
	edge := [2]int{-1, -1} // square of each seat's waiting piece
	for i, pj := range in.Pieces {
		if pj.Seat == nil || pj.N == nil || pj.At == nil || pj.Dir == nil {
			return games.Refuse("piece %d needs seat, n, at and dir", i+1)
		}
		seat, n := *pj.Seat, *pj.N
		if seat != 0 && seat != 1 {
			return games.Refuse("piece %d: seat must be 0 or 1, not %d", i+1, seat)
		}
		if n < 1 || n > 5 {
			return games.Refuse("piece %d: n must be 1 to 5, not %d", i+1, n)
		}
		sq, ok := Square(*pj.At)
		if !ok || !InArea(sq) {
			return games.Refuse("piece %d: %q is not a square of the play area", i+1, *pj.At)
		}
		d, ok := ParseDir(*pj.Dir)
		if !ok {
			return games.Refuse("piece %d: dir must be N, E, S or W, not %q", i+1, *pj.Dir)
		}
		p := seat*5 + n - 1
		if c.pos[p] >= 0 {
			return games.Refuse("seat %d's piece %d is listed twice", seat, n)
		}
		if c.cell[sq] != 0 {
			return games.Refuse("two pieces on %s", *pj.At)
		}
		if OnEdge(sq) {
			if d != Inward(sq) {
				return games.Refuse("the piece on %s must face %s (inward), not %s", *pj.At, DirName(Inward(sq)), *pj.Dir)
			}
			if edge[seat] >= 0 && afterPlacements {
				return games.Refuse("seat %d has two pieces waiting on the edge (%s and %s)", seat, SquareName(edge[seat]), *pj.At)
			}
			if edge[seat] < 0 {
				edge[seat] = sq
			} else {
				edge[seat] = 99 // two of them: refused below
			}
		}
		c.pos[p], c.dir[p], c.cell[sq] = int8(sq), int8(d), int8(p+1)
		c.occ[seat] |= boardBit[sq]
	}
	if in.Hands != nil {
		h := *in.Hands
		if len(h) != 2 {
			return games.Refuse("hands must list 2 seats, not %d", len(h))
		}
		for seat := 0; seat < 2; seat++ {
			got := append([]int(nil), h[seat]...)
			sort.Ints(got)
			want := s.Hand(seat)
			if fmt.Sprint(got) != fmt.Sprint(want) {
				return games.Refuse("seat %d's hand must be %v (the pieces not in play), not %v", seat, want, h[seat])
			}
		}
	}
	c.crown, c.toMove, c.turn, c.first = int8(crown), int8(toMove), int32(turn), -1
	other := 1 - crown
	switch {
	case afterPlacements:
		if toMove == crown {
			return games.Refuse("runMovementPhase: toMove must be the seat without the crown (%d)", other)
		}
	case toMove == crown:
		if edge[0] >= 0 || edge[1] >= 0 {
			return games.Refuse("at the start of a turn no piece waits on the edge")
		}
	default:
		if edge[other] >= 0 {
			return games.Refuse("seat %d places second: none of its pieces can wait on the edge yet", other)
		}
		if edge[crown] == 99 {
			return games.Refuse("seat %d has two pieces waiting on the edge", crown)
		}
		if edge[crown] < 0 && !c.handEmpty(crown) {
			return games.Refuse("seat %d holds the crown and has placed nothing, so it must have passed: its hand must be empty", crown)
		}
		c.first = int8(edge[crown])
	}
	return nil
}
