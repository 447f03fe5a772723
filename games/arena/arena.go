// Package arena is Bomber vs Freezer (shared/rules/arena.md): two players
// on a 7x7 walled map spend a few actions a turn walking, dropping their
// object in front of them (a Bomber's bomb, a Freezer's ice block) and
// kicking things. Bombs blow up a cross at the end of a later turn; kicked
// ice slides and hurts the player it hits.
//
// Moves are single actions (one token each): a turn is a run of actions by
// the seat to move that ends with `end`, or at once when a `place` or a
// `kick` spends the last action.
package arena

import "github.com/tabulagames/tabula/games"

// The map: 7 x 7 cells, cell = rank*Size + file (file 0 = a, rank 0 = 1).
const (
	Size  = 7
	Cells = Size * Size
)

// Directions, in the order the spec goes through them: N, S, W, E.
const (
	N = iota
	S
	W
	E
)

// DirNames are the directions as the notation writes them, by direction.
var DirNames = [4]string{"N", "S", "W", "E"}

// delta is the cell offset of one step in each direction.
var delta = [4]int{Size, -Size, -1, 1}

// Step is the neighbour of cell c in direction d. The map is ringed by
// walls, so a step from a floor cell never leaves it.
func Step(c, d int) int { return c + delta[d] }

// Opposite is the direction opposite to d.
func Opposite(d int) int { return d ^ 1 }

// File and Rank of a cell, 0-based.
func File(c int) int { return c % Size }
func Rank(c int) int { return c / Size }

// CellAt is the cell of a 0-based file and rank.
func CellAt(file, rank int) int { return rank*Size + file }

// Square is the name of a cell ("b6").
func Square(c int) string { return squareNames[c] }

// Wall reports whether a cell is a wall: the outer ring and the pillars
// c3, e3, c5, e5.
func Wall(c int) bool { return isWall[c] }

// Manhattan is the Manhattan distance between two cells.
func Manhattan(a, b int) int { return abs(File(a)-File(b)) + abs(Rank(a)-Rank(b)) }

// Cross is the cross of a bomb on cell c (section 6) as a bit set (bit c'
// for cell c'): c plus, in each direction, every cell up to the first wall.
func Cross(c int) uint64 { return crossMask[c] }

// CrossCell is one cell of a bomb's cross and its distance from the bomb.
type CrossCell struct{ Cell, Dist int }

// CrossCells lists the cross of a bomb on c with distances, the bomb's own
// cell first, then outwards N, S, W, E. Callers must not change it.
func CrossCells(c int) []CrossCell { return crossCells[c] }

var (
	squareNames [Cells]string
	isWall      [Cells]bool
	crossMask   [Cells]uint64
	crossCells  [Cells][]CrossCell
	floorCells  []int // every floor cell, ascending
)

func init() {
	for c := 0; c < Cells; c++ {
		f, r := File(c), Rank(c)
		squareNames[c] = games.SquareName(f, r)
		isWall[c] = f == 0 || r == 0 || f == Size-1 || r == Size-1 ||
			(f == 2 || f == 4) && (r == 2 || r == 4)
	}
	for c := 0; c < Cells; c++ {
		if isWall[c] {
			continue
		}
		floorCells = append(floorCells, c)
		cells := []CrossCell{{c, 0}}
		for d := 0; d < 4; d++ {
			for n, dist := Step(c, d), 1; !isWall[n]; n, dist = Step(n, d), dist+1 {
				cells = append(cells, CrossCell{n, dist})
			}
		}
		crossCells[c] = cells
		for _, x := range cells {
			crossMask[c] |= 1 << x.Cell
		}
	}
}

func abs(x int) int {
	if x < 0 {
		return -x
	}
	return x
}

// Character decides what a player's `place` drops.
type Character int8

const (
	Bomber Character = iota
	Freezer
)

var characterNames = [2]string{"bomber", "freezer"}

func (c Character) String() string { return characterNames[c] }

// House rule keys (section 3).
const (
	RuleP1           = "p1"
	RuleP2           = "p2"
	RuleHP           = "hp"
	RuleBombTimer    = "bombTimer"
	RuleIceHP        = "iceHP"
	RuleActions      = "actions"
	RuleFirstActions = "firstActions"
)

// Game is the arena game description.
type Game struct{}

func init() { games.Register(Game{}) }

func (Game) ID() string   { return "arena" }
func (Game) Name() string { return "Bomber vs Freezer" }
func (Game) Blurb() string {
	return "Walk, drop bombs or ice, kick them: catch the other player in a blast"
}
func (Game) SeatRange() (int, int) { return 2, 2 }

// Kind is what the game is (games.Kind).
func (Game) Kind() games.Kind { return games.Kind{MultiAction: true} }

// RuleSpecs are the house rules of section 3.
func (Game) RuleSpecs() []games.RuleSpec {
	return []games.RuleSpec{
		{Key: RuleP1, Label: "First player", Kind: games.ChoiceRule, Default: "bomber", Choices: characterNames[:],
			Help: "A Bomber drops bombs; a Freezer drops ice blocks."},
		{Key: RuleP2, Label: "Second player", Kind: games.ChoiceRule, Default: "freezer", Choices: characterNames[:],
			Help: "A Bomber drops bombs; a Freezer drops ice blocks."},
		{Key: RuleHP, Label: "Health", Kind: games.IntRule, Default: 5, Min: 1, Max: 20,
			Help: "Both players start with this much; each hit by kicked ice takes one."},
		{Key: RuleBombTimer, Label: "Bomb timer", Kind: games.IntRule, Default: 4, Min: 1, Max: 10,
			Help: "A bomb explodes after this many turns, counting the turn it was dropped in."},
		{Key: RuleIceHP, Label: "Ice health", Kind: games.IntRule, Default: 6, Min: 1, Max: 20,
			Help: "An ice block melts by one every turn and every time it hits something."},
		{Key: RuleActions, Label: "Actions per turn", Kind: games.IntRule, Default: 5, Min: 1, Max: 10,
			Help: "Each step, drop or kick costs one action; turning around is free."},
		{Key: RuleFirstActions, Label: "First-turn actions", Kind: games.IntRule, Default: 3, Min: 1, Max: 10,
			Help: "Actions in the very first turn: fewer, to make up for moving first."},
	}
}

// Params are the house rules as the engine uses them.
type Params struct {
	Chars                                       [2]Character
	HP, BombTimer, IceHP, Actions, FirstActions int
}

// paramsOf reads validated rules; missing keys take their defaults.
func paramsOf(r games.Rules) (Params, error) {
	full := games.Defaults(Game{}.RuleSpecs())
	for k, v := range r {
		full[k] = v
	}
	valid, err := games.ValidateRules(Game{}.RuleSpecs(), full)
	if err != nil {
		return Params{}, err
	}
	p := Params{HP: valid.Int(RuleHP), BombTimer: valid.Int(RuleBombTimer), IceHP: valid.Int(RuleIceHP),
		Actions: valid.Int(RuleActions), FirstActions: valid.Int(RuleFirstActions)}
	for seat, key := range []string{RuleP1, RuleP2} {
		ch, ok := parseCharacter(valid.String(key))
		if !ok {
			return Params{}, games.Refuse("a player must be a bomber or a freezer, not %q", valid.String(key))
		}
		p.Chars[seat] = ch
	}
	return p, nil
}

func parseCharacter(s string) (Character, bool) {
	for i, n := range characterNames {
		if n == s {
			return Character(i), true
		}
	}
	return 0, false
}

func parseDir(s string) (int, bool) {
	for d, n := range DirNames {
		if n == s {
			return d, true
		}
	}
	return 0, false
}
