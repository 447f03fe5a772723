package revenge

import (
	"encoding/json"
	"sort"
	"strings"

	"github.com/tabulagames/tabula/games"
)

// Zobrist keys of the hash: a mark of a seat on a square, a steal record
// (seat, victim), the seat to move. A fixed splitmix64 stream makes them,
// so hashes are the same in every run.
var (
	zobristCell  [MaxSquares][MaxSeats]uint64
	zobristSteal [MaxSeats][MaxSeats]uint64
	zobristTurn  [MaxSeats]uint64
)

func init() {
	x := uint64(0x5265_7665_6E67_6521) // "Revenge!"
	next := func() uint64 {
		x += 0x9E3779B97F4A7C15
		return mix(x)
	}
	for sq := range zobristCell {
		for seat := range zobristCell[sq] {
			zobristCell[sq][seat] = next()
		}
	}
	for seat := range zobristSteal {
		for v := range zobristSteal[seat] {
			zobristSteal[seat][v] = next()
		}
		zobristTurn[seat] = next()
	}
}

// mix is splitmix64's finalizer: every bit of z stirs every bit out.
func mix(z uint64) uint64 {
	z = (z ^ z>>30) * 0xBF58476D1CE4E5B9
	z = (z ^ z>>27) * 0x94D049BB133111EB
	return z ^ z>>31
}

// seatOf reads a notation symbol of a seat in play.
func (s *State) seatOf(sym string) (int, bool) {
	for seat := 0; seat < s.players; seat++ {
		if Symbols[seat] == sym {
			return seat, true
		}
	}
	return 0, false
}

// inPlay lists the symbols of the seats in play, for messages.
func (s *State) inPlay() string {
	return strings.Join(Symbols[:s.players], " ")
}

// setup reads a setup of section 9: the position object plus toMove,
// checked as the section says.
func (s *State) setup(raw json.RawMessage) error {
	var in struct {
		Board     []string           `json:"board"`
		LastSteal map[string]*string `json:"lastSteal"`
		ToMove    *int               `json:"toMove"`
	}
	if err := json.Unmarshal(raw, &in); err != nil {
		return games.Refuse("not a position object: %v", err)
	}
	if err := s.setupBoard(in.Board); err != nil {
		return err
	}
	if err := s.setupSteals(in.LastSteal); err != nil {
		return err
	}
	if in.ToMove == nil {
		return games.Refuse("toMove is missing")
	}
	if *in.ToMove < 0 || *in.ToMove >= s.players {
		return games.Refuse("toMove must be a seat from 0 to %d, not %d", s.players-1, *in.ToMove)
	}
	s.hash ^= zobristTurn[0] ^ zobristTurn[*in.ToMove]
	s.pos.turn = int8(*in.ToMove)
	for l, line := range s.counts[:len(s.lines)] {
		for seat, n := range line {
			if int(n) == s.size {
				return games.Refuse("%s already owns %s", Symbols[seat], s.lineNames[l])
			}
		}
	}
	if s.empty == 0 {
		return games.Refuse("no empty square is left")
	}
	return nil
}

func (s *State) setupBoard(board []string) error {
	if len(board) != s.size {
		return games.Refuse("the board must have %d ranks, not %d", s.size, len(board))
	}
	for i, row := range board {
		rank := s.size - 1 - i
		cells := []rune(row)
		if len(cells) != s.size {
			return games.Refuse("rank %d must have %d squares, not %q", rank+1, s.size, row)
		}
		for f, r := range cells {
			c := string(r)
			if c == "." {
				continue
			}
			seat, ok := s.seatOf(c)
			if !ok {
				return games.Refuse("%q on rank %d is not . or a seat in play (%s)", c, rank+1, s.inPlay())
			}
			s.mark(rank*s.size+f, seat)
			s.empty--
		}
	}
	return nil
}

func (s *State) setupSteals(steals map[string]*string) error {
	syms := make([]string, 0, len(steals))
	for sym := range steals {
		syms = append(syms, sym)
	}
	sort.Strings(syms) // the same error every time
	for _, sym := range syms {
		v := steals[sym]
		seat, ok := s.seatOf(sym)
		if !ok {
			return games.Refuse("lastSteal: %q is not a seat in play (%s)", sym, s.inPlay())
		}
		if v == nil {
			continue
		}
		victim, ok := s.seatOf(*v)
		if !ok || victim == seat {
			return games.Refuse("lastSteal: %s may only name another seat in play, not %q", sym, *v)
		}
		s.setSteal(seat, victim)
	}
	return nil
}
