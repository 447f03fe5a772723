// Package knights is the simultaneous knight race of
// shared/rules/knights.md: two to four knights (or one, in survival) jump
// at the same time on a square board, every square a knight has stood on
// stays blocked, knights aiming at the same square bounce, and the last
// knight standing wins.
//
// Moves: a games.Move is the index of the destination square, row*N+col,
// with row 0 the top rank (rank N) and col 0 file a, so index order is the
// spec's reading order. A turn is one joint move; only the alive seats act
// (games.State.ToMove), and the joint token writes "-" for the others.
package knights

import (
	"github.com/tabulagames/tabula/games"
	"github.com/tabulagames/tabula/games/rng"
)

// ID is the game's id.
const ID = "knights"

// The house rule keys (section 3).
const (
	SizeRule      = "size"
	ObstaclesRule = "obstacles"
	TimerRule     = "timer"
	ShrinkRule    = "shrink"
	FogRule       = "fog"
	StartsRule    = "starts"
)

// The values of the starts rule (section 5.1).
const (
	StartsStandard = "standard"
	StartsCorners  = "corners"
	StartsRandom   = "random"
)

// Size limits of the board (section 1).
const (
	MinSize = 5
	MaxSize = 16
)

// maxAttempts caps the obstacle placement (section 5.2).
const maxAttempts = 2000

// Game is the knights game.
type Game struct{}

func init() { games.Register(Game{}) }

func (Game) ID() string   { return ID }
func (Game) Name() string { return "Knights" }
func (Game) Blurb() string {
	return "Knights jump at the same time and every square they touch stays blocked: be the last knight standing."
}
func (Game) SeatRange() (min, max int) { return 1, 4 }

// Kind is what the game is (games.Kind).
func (Game) Kind() games.Kind { return games.Kind{Simultaneous: true, Hidden: true, Stream: true} }

// RuleSpecs lists the house rules of section 3. The obstacle limit depends
// on the size (a quarter of the squares), so the spec allows the largest
// board's limit and New checks it against the size.
func (Game) RuleSpecs() []games.RuleSpec {
	return []games.RuleSpec{
		{Key: SizeRule, Label: "Board size", Kind: games.IntRule, Default: 8, Min: MinSize, Max: MaxSize,
			Help: "Squares along each side of the board."},
		{Key: games.PlayersRule, Label: "Knights", Kind: games.IntRule, Default: 2, Min: 1, Max: 4,
			Help: "How many knights race; a lone knight tries to make its trail as long as it can."},
		{Key: ObstaclesRule, Label: "Obstacles", Kind: games.IntRule, Default: 0, Min: 0, Max: MaxSize * MaxSize / 4,
			RangeText: "a whole number from 0 to a quarter of the squares (16 on 8x8)",
			Zero:      "None",
			Help:      "Blocked squares scattered at random at the start, never where a knight begins."},
		{Key: TimerRule, Label: "Pick timer", Kind: games.IntRule, Default: 0, Min: 0, Max: 30,
			Allowed: func(n int) bool { return n%10 == 0 }, RangeText: "0 (off), 10, 20 or 30", Zero: "Off",
			Help: "Seconds each person has to pick; when time is up, a square is played for them."},
		{Key: ShrinkRule, Label: "Shrinking board", Kind: games.IntRule, Default: 0, Min: 0, Max: 32, Zero: "Off",
			RangeText: "0 (off) or a whole number of turns up to 32",
			Help:      "Every this many turns the outermost ring with an empty square closes."},
		{Key: FogRule, Label: "Fog", Kind: games.BoolRule, Default: false,
			Help: "Each knight sees only the squares one or two jumps away."},
		{Key: StartsRule, Label: "Start squares", Kind: games.ChoiceRule, Default: StartsStandard,
			Choices: []string{StartsStandard, StartsCorners, StartsRandom},
			Help:    "Standard: near the corners. Corners: in the corners. Random: anywhere."},
	}
}

// New sets a game up (section 5): start squares, then obstacles, both
// drawing from the game stream when they need to.
func (Game) New(cfg games.Config) (games.State, error) {
	if cfg.Setup != nil {
		return nil, games.Refuse("knights has no setups: a game follows from its rules, seed and moves")
	}
	r := cfg.Rules
	n, players, k := r.Int(SizeRule), r.Int(games.PlayersRule), r.Int(ObstaclesRule)
	if n < MinSize || n > MaxSize {
		return nil, games.Refuse("Board size must be a whole number from %d to %d", MinSize, MaxSize)
	}
	if players < 1 || players > 4 {
		return nil, games.Refuse("Knights must be a whole number from 1 to 4")
	}
	if k < 0 || k > n*n/4 {
		return nil, games.Refuse("Obstacles must be a whole number from 0 to %d on a %dx%d board", n*n/4, n, n)
	}
	s := &State{
		g:       geomOf(n),
		players: players,
		shrink:  r.Int(ShrinkRule),
		fog:     r.Bool(FogRule),
		cells:   make([]byte, n*n),
		pos:     make([]int, players),
		alive:   make([]bool, players),
		scores:  make([]int, players),
		stream:  rng.Game(cfg.Seed),
	}
	starts, err := s.starts(r.String(StartsRule))
	if err != nil {
		return nil, err
	}
	for seat, sq := range starts {
		s.cells[sq] = knightCell(seat)
		s.pos[seat], s.alive[seat], s.scores[seat] = sq, true, 1
	}
	s.placeObstacles(starts, k)
	return s, nil
}

// starts picks the start squares of section 5.1.
func (s *State) starts(kind string) ([]int, error) {
	n := s.g.n
	out := make([]int, s.players)
	switch kind {
	case StartsStandard, "":
		pad := n / 5
		// (col, row from the top) of seats 0-3: top left, bottom right,
		// top right, bottom left, each pad squares in from the edges.
		near, far := pad, n-1-pad
		corners := [4][2]int{{near, near}, {far, far}, {far, near}, {near, far}}
		for seat := range out {
			out[seat] = corners[seat][1]*n + corners[seat][0]
		}
	case StartsCorners:
		corners := [4][2]int{{0, 0}, {n - 1, n - 1}, {n - 1, 0}, {0, n - 1}}
		for seat := range out {
			out[seat] = corners[seat][1]*n + corners[seat][0]
		}
	case StartsRandom:
		for seat := range out {
			var free []int
			for sq := 0; sq < n*n; sq++ {
				if !s.nearStart(out[:seat], sq) {
					free = append(free, sq)
				}
			}
			out[seat] = free[s.stream.Pick(len(free))]
		}
	default:
		return nil, games.Refuse("`starts` must be one of %q, %q, %q", StartsStandard, StartsCorners, StartsRandom)
	}
	return out, nil
}

// nearStart reports whether sq is one of the starts or one knight jump
// from one of them: random starts avoid these squares and obstacles never
// cover them.
func (s *State) nearStart(starts []int, sq int) bool {
	for _, st := range starts {
		if st == sq {
			return true
		}
		for _, j := range s.g.jumps[st] {
			if int(j) == sq {
				return true
			}
		}
	}
	return false
}

// placeObstacles places up to k obstacles, two draws per attempt
// (section 5.2): the row from the top, then the column.
func (s *State) placeObstacles(starts []int, k int) {
	n := s.g.n
	placed := 0
	for attempt := 0; attempt < maxAttempts && placed < k; attempt++ {
		row := s.stream.Pick(n)
		col := s.stream.Pick(n)
		sq := row*n + col
		if s.cells[sq] == obstacle || s.nearStart(starts, sq) {
			continue
		}
		s.cells[sq] = obstacle
		placed++
	}
}
