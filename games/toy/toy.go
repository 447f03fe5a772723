// Package toy is a small game made only for tests of the foundation: it
// has every kind of turn the real games have, so the session, the seat
// views, the match tool and the test kit can be proved on it before a
// real game depends on them. It is not in the app's catalog: tests call
// Register.
//
// Rules. 2-4 seats (house rule `players`, default 3), `rounds` rounds
// (default 3). Each seat holds a secret card 0-9, drawn in seat order from
// the game's own stream (games/rng, as knights draws its obstacles); a
// seat sees only its own. The stream goes on to the toy's faithful bots. A round has two parts:
//
//  1. Bid (simultaneous, secret): every seat picks 1, 2 or 3 at once
//     (joint token "1,3,2"). A seat whose bid no other seat made scores
//     it; equal bids collide and score nothing. A seat whose bid equals
//     its card mod 3 + 1 scores one more.
//  2. Act (multi-action): the round's leader (seat round mod n) takes up
//     to two actions: "step" scores one point, "end" ends the turn; a
//     second "step" ends it at once.
//
// After the last round the highest score wins (several seats share a win);
// all equal is a draw.
package toy

import (
	"fmt"
	"strconv"
	"strings"
	"sync"

	"github.com/tabulagames/tabula/games"
	"github.com/tabulagames/tabula/games/rng"
)

// ID is the toy game's id.
const ID = "toy"

var once sync.Once

// Register adds the toy game to the catalog (once).
func Register() { once.Do(func() { games.Register(Game{}) }) }

// Game is the toy game.
type Game struct{}

func (Game) ID() string                { return ID }
func (Game) Name() string              { return "Toy" }
func (Game) Blurb() string             { return "A test game with every kind of turn." }
func (Game) SeatRange() (min, max int) { return 2, 4 }

// Kind: every kind of turn, a view per seat and a stream (the test kit's game).
func (Game) Kind() games.Kind {
	return games.Kind{Simultaneous: true, MultiAction: true, Hidden: true, Stream: true}
}
func (Game) RuleSpecs() []games.RuleSpec {
	return []games.RuleSpec{
		{Key: "players", Label: "Players", Kind: games.IntRule, Default: 3, Min: 2, Max: 4},
		{Key: "rounds", Label: "Rounds", Kind: games.IntRule, Default: 3, Min: 1, Max: 20},
	}
}

func (Game) New(cfg games.Config) (games.State, error) {
	if cfg.Setup != nil {
		return nil, games.Refuse("the toy game has no setups")
	}
	n, rounds := cfg.Rules.Int("players"), cfg.Rules.Int("rounds")
	if n < 2 || n > 4 || rounds < 1 {
		return nil, games.Refuse("bad toy rules %v", cfg.Rules)
	}
	s := &State{n: n, rounds: rounds, cards: make([]int, n), scores: make([]int, n), stream: rng.Game(cfg.Seed)}
	for i := range s.cards {
		s.cards[i] = s.stream.Pick(10)
	}
	return s, nil
}

// Hidden is the card of a seat as another seat sees it.
const Hidden = -1

// State is a toy position.
type State struct {
	n, rounds int
	round     int
	acting    bool // the leader's act part of the round
	actions   int  // actions the leader took this turn
	cards     []int
	scores    []int
	stream    rng.Stream // as the setup left it
}

// GameStream is the game's stream after the setup's draws.
func (s *State) GameStream() rng.Stream { return s.stream }

// Moves: 1-3 a bid, 10 step, 11 end.
const (
	Step games.Move = 10
	End  games.Move = 11
)

func (s *State) Seats() int { return s.n }

func (s *State) leader() int { return s.round % s.n }

func (s *State) ToMove() []int {
	switch {
	case s.round >= s.rounds:
		return nil
	case s.acting:
		return []int{s.leader()}
	}
	all := make([]int, s.n)
	for i := range all {
		all[i] = i
	}
	return all
}

func (s *State) Legal(seat int) []games.Move {
	switch {
	case s.round >= s.rounds || seat < 0 || seat >= s.n:
		return nil
	case s.acting && seat == s.leader():
		return []games.Move{Step, End}
	case !s.acting:
		return []games.Move{1, 2, 3}
	}
	return nil
}

// MidTurn: the leader has acted in its act turn already.
func (s *State) MidTurn() bool { return s.acting && s.actions > 0 }

func (s *State) Play(moves ...games.Move) error {
	to := s.ToMove()
	if len(to) == 0 {
		return games.ErrGameOver
	}
	if len(moves) != len(to) {
		return fmt.Errorf("%d moves for %d seats", len(moves), len(to))
	}
	for i, seat := range to {
		if !legal(s.Legal(seat), moves[i]) {
			return games.Refuse("seat %d cannot play %d", seat+1, moves[i])
		}
	}
	if s.acting {
		if moves[0] == Step {
			s.scores[s.leader()]++
			s.actions++
		}
		if moves[0] == End || s.actions == 2 {
			s.acting, s.actions = false, 0
			s.round++
		}
		return nil
	}
	for seat, bid := range moves {
		alone := true
		for other, b := range moves {
			alone = alone && (other == seat || b != bid)
		}
		if alone {
			s.scores[seat] += int(bid)
		}
		if s.cards[seat] != Hidden && int(bid) == s.cards[seat]%3+1 {
			s.scores[seat]++
		}
	}
	s.acting = true
	return nil
}

func legal(ms []games.Move, m games.Move) bool {
	for _, x := range ms {
		if x == m {
			return true
		}
	}
	return false
}

func (s *State) Outcome() games.Outcome {
	if s.round < s.rounds {
		return games.Outcome{}
	}
	best, winners := -1, []int(nil)
	scores := make([]float64, s.n)
	for seat, sc := range s.scores {
		scores[seat] = float64(sc)
		switch {
		case sc > best:
			best, winners = sc, []int{seat}
		case sc == best:
			winners = append(winners, seat)
		}
	}
	if len(winners) == s.n {
		return games.Outcome{Status: games.Draw, Scores: scores, Reason: "every score is equal"}
	}
	return games.Outcome{Status: games.Win, Winners: winners, Scores: scores, Reason: "the highest score"}
}

func (s *State) Hash() uint64 {
	h := uint64(14695981039346656037)
	for _, v := range append(append([]int{s.round, s.actions, boolInt(s.acting)}, s.cards...), s.scores...) {
		h = (h ^ uint64(v+1)) * 1099511628211
	}
	return h
}

func boolInt(b bool) int {
	if b {
		return 1
	}
	return 0
}

func (s *State) Position() any {
	return map[string]any{"round": s.round, "acting": s.acting, "actions": s.actions,
		"cards": append([]int{}, s.cards...), "scores": append([]int{}, s.scores...)}
}

func (s *State) MoveString(seat int, m games.Move) string {
	switch m {
	case Step:
		return "step"
	case End:
		return "end"
	}
	return strconv.Itoa(int(m))
}

func (s *State) ParseMove(seat int, token string) (games.Move, error) {
	var m games.Move
	switch token {
	case "step":
		m = Step
	case "end":
		m = End
	case "1", "2", "3":
		m = games.Move(token[0] - '0')
	default:
		return games.NoMove, games.Refuse("%q is not a toy move", token)
	}
	if !legal(s.Legal(seat), m) {
		return games.NoMove, games.Refuse("%q is not allowed now", token)
	}
	return m, nil
}

// FormatTurn and ParseTurn: a bid turn is every seat's bid, comma
// separated; an act turn is the leader's single action.
func (s *State) FormatTurn(moves []games.Move) string {
	to := s.ToMove()
	parts := make([]string, len(moves))
	for i, m := range moves {
		seat := 0
		if i < len(to) {
			seat = to[i]
		}
		parts[i] = s.MoveString(seat, m)
	}
	return strings.Join(parts, ",")
}

func (s *State) ParseTurn(token string) ([]games.Move, error) {
	to := s.ToMove()
	if len(to) == 0 {
		return nil, games.ErrGameOver
	}
	parts := strings.Split(token, ",")
	if len(parts) != len(to) {
		return nil, games.Refuse("%q: %d moves for %d seats", token, len(parts), len(to))
	}
	out := make([]games.Move, len(parts))
	for i, p := range parts {
		m, err := s.ParseMove(to[i], p)
		if err != nil {
			return nil, err
		}
		out[i] = m
	}
	return out, nil
}

func (s *State) Clone() games.State {
	c := *s
	c.cards = append([]int{}, s.cards...)
	c.scores = append([]int{}, s.scores...)
	return &c
}

// View hides every other seat's card.
func (s *State) View(seat int) games.State {
	c := s.Clone().(*State)
	for i := range c.cards {
		if i != seat {
			c.cards[i] = Hidden
		}
	}
	return c
}

// Card is a seat's card as this state knows it (Hidden in another seat's view).
func (s *State) Card(seat int) int { return s.cards[seat] }

// SetCard changes a seat's card: tests change what a seat cannot see.
func (s *State) SetCard(seat, card int) { s.cards[seat] = card }

// Score is a seat's score.
func (s *State) Score(seat int) int { return s.scores[seat] }
