package infiltration

import (
	"encoding/json"
	"fmt"
	"strconv"

	"github.com/tabulagames/tabula/games"
)

// Game is the infiltration game description.
type Game struct{}

func init() { games.Register(Game{}) }

func (Game) ID() string            { return "infiltration" }
func (Game) Name() string          { return "Infiltration" }
func (Game) Blurb() string         { return "Place your pieces, then invade: four in a row in the enemy half" }
func (Game) SeatRange() (int, int) { return 2, 2 }

// Kind is what the game is (games.Kind).
func (Game) Kind() games.Kind { return games.Kind{} }

// RuleSpecs are the house rules of section 10.
func (Game) RuleSpecs() []games.RuleSpec {
	return []games.RuleSpec{
		{Key: "pieces", Label: "Pieces per side", Kind: games.IntRule, Default: 8, Min: 4, Max: 16,
			Help: "How many pieces each side places and then plays with."},
		{Key: "captures", Label: "Captures", Kind: games.BoolRule, Default: true,
			Help: "Jump an enemy piece to capture it; it goes back to its owner's hand, to be dropped again."},
		{Key: "kings", Label: "Kings", Kind: games.BoolRule, Default: true,
			Help: "A man reaching the far rank is crowned and may then move in every direction."},
		{Key: "forcedCapture", Label: "Forced capture", Kind: games.BoolRule, Default: false,
			Help: "When you can capture, you must capture or drop a piece: no plain steps."},
		{Key: "pie", Label: "Pie rule", Kind: games.BoolRule, Default: false,
			Help: "After the first piece is placed, the second player may take it over by swapping sides."},
		{Key: "multiJump", Label: "Multi-jump", Kind: games.BoolRule, Default: false,
			Help: "A piece that captures and can capture again must keep jumping, one jump a move."},
		{Key: "movement", Label: "Movement", Kind: games.ChoiceRule, Default: "diagonal", Choices: []string{"diagonal", "free"},
			Help: "Diagonal: men step diagonally forward. Free: also straight ahead and sideways, kings every way."},
	}
}

// ruleSet is the decoded house rules, copied into every state.
type ruleSet struct {
	pieces                              int8
	captures, kings, forced, pie, multi bool
	free                                bool
}

func decodeRules(r games.Rules) ruleSet {
	get := func(key string) any {
		if v, ok := r[key]; ok {
			return v
		}
		for _, s := range (Game{}).RuleSpecs() {
			if s.Key == key {
				return s.Default
			}
		}
		return nil
	}
	b := func(key string) bool { v, _ := get(key).(bool); return v }
	n, _ := get("pieces").(int)
	mv, _ := get("movement").(string)
	return ruleSet{pieces: int8(n), captures: b("captures"), kings: b("kings"), forced: b("forcedCapture"),
		pie: b("pie"), multi: b("multiJump"), free: mv == "free"}
}

// New starts the placement phase with every piece a man in its owner's
// hand, or the setup position. Rules are re-checked here so a state is
// never built from impossible values.
func (g Game) New(cfg games.Config) (games.State, error) {
	raw := map[string]any{}
	for k, v := range cfg.Rules {
		raw[k] = v
	}
	valid, err := games.ValidateRules(g.RuleSpecs(), raw)
	if err != nil {
		return nil, err
	}
	s := &State{rules: decodeRules(valid), chain: noSquare, placement: true}
	s.hand[X][0], s.hand[O][0] = s.rules.pieces, s.rules.pieces
	if cfg.Setup != nil {
		if err := s.setup(cfg.Setup); err != nil {
			return nil, fmt.Errorf("bad setup: %w", err)
		}
	}
	s.key = s.makeKey()
	s.seen, _ = s.seen.Record(s.Hash(), s.key)
	s.startTurn()
	return s, nil
}

// setupJSON is a position object plus toMove.
type setupJSON struct {
	Board []string `json:"board"`
	Hand  *struct {
		X *handCount `json:"X"`
		O *handCount `json:"O"`
	} `json:"hand"`
	Phase   *string `json:"phase"`
	Swapped *bool   `json:"swapped"`
	ToMove  *int    `json:"toMove"`
}

type handCount struct {
	Men   json.Number `json:"men"`
	Kings json.Number `json:"kings"`
}

func count(n json.Number, what string) (int8, error) {
	if n == "" {
		return 0, games.Refuse("the hand count %s is missing", what)
	}
	v, err := strconv.Atoi(string(n))
	if err != nil || v < 0 || v > 64 {
		return 0, games.Refuse("the hand count %s must be a whole number from 0, not %s", what, n)
	}
	return int8(v), nil
}

// setup reads and checks a setup (section 9).
func (s *State) setup(raw json.RawMessage) error {
	var in setupJSON
	if err := json.Unmarshal(raw, &in); err != nil {
		return games.Refuse("not a position object: %v", err)
	}
	if len(in.Board) != 8 {
		return games.Refuse("the board must have 8 ranks, not %d", len(in.Board))
	}
	for i, row := range in.Board {
		if len(row) != 8 {
			return games.Refuse("rank %d must have 8 squares, not %d", 8-i, len(row))
		}
		for f := 0; f < 8; f++ {
			var v int8
			switch row[f] {
			case '.':
				v = empty
			case 'x':
				v = xMan
			case 'X':
				v = xKing
			case 'o':
				v = oMan
			case 'O':
				v = oKing
			default:
				return games.Refuse("%q on rank %d is not one of . x o X O", row[f], 8-i)
			}
			s.board[(7-i)*8+f] = v
		}
	}
	if in.Hand == nil || in.Hand.X == nil || in.Hand.O == nil {
		return games.Refuse("the hands are missing (write \"hand\": {\"X\": {\"men\": 0, \"kings\": 0}, \"O\": {...}})")
	}
	var err error
	for seat, h := range [2]*handCount{in.Hand.X, in.Hand.O} {
		if s.hand[seat][0], err = count(h.Men, seatName[seat]+" men"); err != nil {
			return err
		}
		if s.hand[seat][1], err = count(h.Kings, seatName[seat]+" kings"); err != nil {
			return err
		}
	}
	if in.Phase == nil {
		return games.Refuse("the phase is missing")
	}
	switch *in.Phase {
	case "placement":
		s.placement = true
	case "movement":
		s.placement = false
	default:
		return games.Refuse("phase must be \"placement\" or \"movement\", not %q", *in.Phase)
	}
	s.swapped = in.Swapped != nil && *in.Swapped
	if in.ToMove == nil {
		return games.Refuse("toMove is missing")
	}
	if *in.ToMove != X && *in.ToMove != O {
		return games.Refuse("toMove must be 0 (X) or 1 (O), not %d", *in.ToMove)
	}
	s.turn = int8(*in.ToMove)

	var onBoard, kingsOnBoard [2]int
	for sq, v := range s.board {
		if v == empty {
			continue
		}
		onBoard[owner(v)]++
		if isKing(v) {
			kingsOnBoard[owner(v)]++
		} else if s.rules.kings && farRank(owner(v), sq) {
			return games.Refuse("the %s man on %s stands on its far rank and would have been crowned", seatName[owner(v)], squareNames[sq])
		}
		if s.placement && !homeHalf(owner(v), sq) {
			return games.Refuse("in the placement phase every piece is in its home half; the %s piece on %s is not", seatName[owner(v)], squareNames[sq])
		}
	}
	for seat := 0; seat < 2; seat++ {
		total := onBoard[seat] + int(s.hand[seat][0]) + int(s.hand[seat][1])
		if total > int(s.rules.pieces) {
			return games.Refuse("%s has %d pieces on the board and in hand, more than the %d of the pieces rule", seatName[seat], total, s.rules.pieces)
		}
		if !s.rules.kings && kingsOnBoard[seat]+int(s.hand[seat][1]) > 0 {
			return games.Refuse("%s has a king, but kings are off in this game", seatName[seat])
		}
		if s.placement && kingsOnBoard[seat]+int(s.hand[seat][1]) > 0 {
			return games.Refuse("%s has a king, but there are no kings in the placement phase", seatName[seat])
		}
	}
	if s.placement {
		xm, om := s.hand[X][0], s.hand[O][0]
		switch {
		case s.turn == X && (xm != om || xm < 1):
			return games.Refuse("with X to place, X must hold as many men as O and at least one (X holds %d, O %d)", xm, om)
		case s.turn == O && om != xm+1:
			return games.Refuse("with O to place, O must hold one man more than X (X holds %d, O %d)", xm, om)
		}
	}
	for seat := 0; seat < 2; seat++ {
		if len(s.winningLine(seat)) > 0 {
			return games.Refuse("%s already has four in a row in its target half", seatName[seat])
		}
	}
	return nil
}
