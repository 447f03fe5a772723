package arena

import (
	"bytes"
	"encoding/json"
	"fmt"

	"github.com/tabulagames/tabula/games"
)

// Position is the position object of NOTATION.md and section 7.
type Position struct {
	Board   []string     `json:"board"` // rank 7 first
	Bombs   []BombInfo   `json:"bombs"` // sorted by square name
	Ice     []IceInfo    `json:"ice"`   // sorted by square name
	Players []PlayerInfo `json:"players"`
	Actions int          `json:"actions"`
}

// BombInfo is one bomb of a position.
type BombInfo struct {
	At    string `json:"at"`
	Timer int    `json:"timer"`
}

// IceInfo is one ice block of a position.
type IceInfo struct {
	At string `json:"at"`
	HP int    `json:"hp"`
}

// PlayerInfo is one player of a position; At is nil once dead.
type PlayerInfo struct {
	At        *string `json:"at"`
	HP        int     `json:"hp"`
	Facing    string  `json:"facing"`
	Character string  `json:"character"`
}

// thingChars are the board characters, by Thing.
var thingChars = [...]byte{Floor: '.', WallCell: '#', Bomb: 'B', Ice: 'I', Player1: '1', Player2: '2'}

func (s *State) Position() any {
	c := &s.c
	p := Position{Bombs: []BombInfo{}, Ice: []IceInfo{}, Actions: int(c.actions)}
	var board [Cells]byte
	for i, t := range c.thing {
		board[i] = thingChars[t]
	}
	p.Board = make([]string, Size)
	for r := 0; r < Size; r++ {
		p.Board[Size-1-r] = string(board[r*Size : (r+1)*Size])
	}
	for _, i := range byName {
		switch c.thing[i] {
		case Bomb:
			p.Bombs = append(p.Bombs, BombInfo{At: Square(i), Timer: int(c.value[i])})
		case Ice:
			p.Ice = append(p.Ice, IceInfo{At: Square(i), HP: int(c.value[i])})
		}
	}
	for seat := 0; seat < 2; seat++ {
		pl := PlayerInfo{HP: int(c.hp[seat]), Facing: DirNames[c.facing[seat]], Character: s.p.Chars[seat].String()}
		if at := c.at[seat]; at >= 0 {
			name := Square(int(at))
			pl.At = &name
		}
		p.Players = append(p.Players, pl)
	}
	return p
}

// byName is every floor cell in square-name order (a1, a2, ..., b1, ...).
var byName = func() []int {
	var out []int
	for f := 0; f < Size; f++ {
		for r := 0; r < Size; r++ {
			if c := CellAt(f, r); !isWall[c] {
				out = append(out, c)
			}
		}
	}
	return out
}()

// maxCount bounds the timers and health of a setup: the spec sets only
// their minimum; this keeps them far from overflowing. (Actions have the
// bound of section 7: Params.mostActions.)
const maxCount = 1_000_000

// setupJSON is a setup: a position plus the seat to move.
type setupJSON struct {
	Board []string `json:"board"`
	Bombs []struct {
		At    string `json:"at"`
		Timer *int   `json:"timer"`
	} `json:"bombs"`
	Ice []struct {
		At string `json:"at"`
		HP *int   `json:"hp"`
	} `json:"ice"`
	Players []struct {
		At        *string `json:"at"`
		HP        *int    `json:"hp"`
		Facing    string  `json:"facing"`
		Character string  `json:"character"`
	} `json:"players"`
	Actions *int `json:"actions"`
	ToMove  *int `json:"toMove"`
}

// setup reads a setup (section 7) and refuses one whose board and lists
// disagree or that breaks a rule of the position.
func (s *State) setup(raw json.RawMessage) error {
	var in setupJSON
	dec := json.NewDecoder(bytes.NewReader(raw))
	dec.DisallowUnknownFields()
	if err := dec.Decode(&in); err != nil {
		return games.Refuse("not a position: %v", err)
	}
	switch {
	case in.Board == nil || in.Players == nil || in.Actions == nil || in.ToMove == nil:
		return games.Refuse("a setup needs board, players, actions and toMove (bombs and ice may be left out when there are none)")
	case len(in.Board) != Size:
		return games.Refuse("the board has %d ranks, not %d", len(in.Board), Size)
	case len(in.Players) != 2:
		return games.Refuse("%d players listed, not 2", len(in.Players))
	case *in.Actions < 0 || *in.Actions > s.p.mostActions():
		return games.Refuse("actions must be from 0 to %d (the most a turn has under these house rules), not %d",
			s.p.mostActions(), *in.Actions)
	case *in.ToMove != 0 && *in.ToMove != 1:
		return games.Refuse("toMove %d is not a seat (0 or 1)", *in.ToMove)
	}
	c := &s.c
	c.clearMap()
	want := c.thing // what the lists put where, checked against the board
	put := func(what, at string, t Thing) (int, error) {
		i, ok := floorCell(at)
		if !ok {
			return 0, games.Refuse("%s on %q: not a floor cell", what, at)
		}
		if want[i] != Floor {
			return 0, games.Refuse("%s on %s: the cell is already taken", what, at)
		}
		want[i] = t
		return i, nil
	}
	for _, b := range in.Bombs {
		i, err := put("a bomb", b.At, Bomb)
		if err != nil {
			return err
		}
		if b.Timer == nil || *b.Timer < 1 || *b.Timer > maxCount {
			return games.Refuse("the bomb on %s needs a timer from 1 to %d", b.At, maxCount)
		}
		c.value[i] = int32(*b.Timer)
	}
	for _, b := range in.Ice {
		i, err := put("an ice block", b.At, Ice)
		if err != nil {
			return err
		}
		if b.HP == nil || *b.HP < 1 || *b.HP > maxCount {
			return games.Refuse("the ice block on %s needs a health from 1 to %d", b.At, maxCount)
		}
		c.value[i] = int32(*b.HP)
	}
	for seat, pl := range in.Players {
		if pl.At == nil {
			return games.Refuse("player %d is dead: a setup starts with both players on the map", seat+1)
		}
		i, err := put(fmt.Sprintf("player %d", seat+1), *pl.At, playerThing(seat))
		if err != nil {
			return err
		}
		if pl.HP == nil || *pl.HP < 1 || *pl.HP > maxCount {
			return games.Refuse("player %d needs a health from 1 to %d", seat+1, maxCount)
		}
		d, ok := parseDir(pl.Facing)
		if !ok {
			return games.Refuse("player %d faces %q: write N, E, S or W", seat+1, pl.Facing)
		}
		if pl.Character != s.p.Chars[seat].String() {
			return games.Refuse("player %d is a %s in the setup but a %s by the house rules", seat+1, pl.Character, s.p.Chars[seat])
		}
		c.at[seat], c.hp[seat], c.facing[seat] = int8(i), int32(*pl.HP), int8(d)
	}
	for r, row := range in.Board {
		if len(row) != Size {
			return games.Refuse("rank %d of the board has %d cells, not %d", Size-r, len(row), Size)
		}
		for f := 0; f < Size; f++ {
			i := CellAt(f, Size-1-r)
			if row[f] != thingChars[want[i]] {
				return games.Refuse("the board shows %q on %s, the lists and the map say %q", row[f], Square(i), thingChars[want[i]])
			}
		}
	}
	c.thing = want
	c.toMove, c.actions = int8(*in.ToMove), int32(*in.Actions)
	// A position holds no count of the turns without a hit (section 7), so
	// the count towards CalmDraw starts at 0 here, as in a new game.
	c.calm, c.hurt = 0, false
	c.startTurn()
	return nil
}

// mostActions is the largest budget a turn can have under these rules:
// the larger of the actions and firstActions rules (section 7).
func (p *Params) mostActions() int { return max(p.Actions, p.FirstActions) }

// floorCell reads a square name that must be a floor cell.
func floorCell(name string) (int, bool) {
	for _, i := range floorCells {
		if squareNames[i] == name {
			return i, true
		}
	}
	return 0, false
}
