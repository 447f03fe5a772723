// Package revenge is Revenge tic-tac-toe (shared/rules/revenge.md): two
// to four seats mark the squares of a size x size board; a mark may go on
// an empty square (place), on the mover's own mark (reinforce) or over
// another seat's mark (steal), and the anti-revenge rule stops the victim
// of a steal from hitting straight back. A full row, column or main
// diagonal wins; a full board, or the same position for the third time,
// is a draw.
package revenge

import (
	"fmt"

	"github.com/tabulagames/tabula/games"
)

// The house rules (section 10).
const (
	RuleSize        = "size"
	RuleAntiRevenge = "antiRevenge"
	RuleReinforce   = "reinforce"
)

// The largest board and seat count, which size the fixed arrays.
const (
	MinSize    = 3
	MaxSize    = 6
	MaxSquares = MaxSize * MaxSize
	MaxSeats   = 4
	MaxLines   = 2*MaxSize + 2
)

// Symbols are the notation symbols of seats 0-3 (section 1). What the
// screen shows for a seat is the display symbol its player chose; saves,
// positions and messages of the engine use these.
var Symbols = [MaxSeats]string{"x", "o", "+", "*"}

// Game is the revenge game description.
type Game struct{}

func init() { games.Register(Game{}) }

func (Game) ID() string            { return "revenge" }
func (Game) Name() string          { return "Revenge" }
func (Game) Blurb() string         { return "Tic-tac-toe for three: steal squares, but not straight back" }
func (Game) SeatRange() (int, int) { return 2, MaxSeats }

// Kind is what the game is (games.Kind).
func (Game) Kind() games.Kind { return games.Kind{} }

func (Game) RuleSpecs() []games.RuleSpec {
	return []games.RuleSpec{
		{Key: RuleSize, Label: "Board size", Kind: games.IntRule, Default: 4, Min: MinSize, Max: MaxSize,
			Help: "Squares along each side; a whole row, column or main diagonal wins."},
		{Key: games.PlayersRule, Label: "Players", Kind: games.IntRule, Default: 3, Min: 2, Max: MaxSeats,
			Help: "Two to four players take turns in seat order."},
		{Key: RuleAntiRevenge, Label: "Anti-revenge", Kind: games.BoolRule, Default: true,
			Help: "Whoever was stolen from may not steal back from the thief until the thief has moved again."},
		{Key: RuleReinforce, Label: "Reinforce", Kind: games.BoolRule, Default: true,
			Help: "Playing on a square you own is a move: it changes nothing on the board but clears your last steal."},
	}
}

// config is what a game's rules fix; every state of the game shares it.
type config struct {
	*geometry
	players     int
	antiRevenge bool
	reinforce   bool
}

// New starts an empty board with seat 0 to move, or the setup position.
func (g Game) New(cfg games.Config) (games.State, error) {
	rules, err := games.ValidateRules(g.RuleSpecs(), cfg.Rules)
	if err != nil {
		return nil, err
	}
	c := &config{
		geometry:    geometries[rules.Int(RuleSize)],
		players:     rules.Int(games.PlayersRule),
		antiRevenge: rules.Bool(RuleAntiRevenge),
		reinforce:   rules.Bool(RuleReinforce),
	}
	s := newState(c)
	if cfg.Setup != nil {
		if err := s.setup(cfg.Setup); err != nil {
			return nil, fmt.Errorf("bad setup: %w", err)
		}
	}
	s.record() // the start counts as one occurrence
	return s, nil
}
