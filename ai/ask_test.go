package ai

import (
	"context"
	"math"
	"testing"

	"github.com/tabulagames/tabula/games"
	_ "github.com/tabulagames/tabula/games/all"
	"github.com/tabulagames/tabula/games/gametest"
	"github.com/tabulagames/tabula/games/toy"
)

// The toy game's bots, for the tests of the foundation only.
func init() {
	toy.Register()
	Register(Spec{Game: toy.ID, Name: "card", Level: 1, About: "bids its own card, steps once",
		New: func(o Options) Bot { return toyCard{} }})
	Register(Spec{Game: toy.ID, Name: "planner", Level: 2, About: "plans its act turn: step, step",
		New: func(o Options) Bot { return toyPlanner{} }})
	Register(Spec{Game: toy.ID, Name: "dice", Level: 0, About: "bids what the game's stream draws", GameStream: true,
		New: func(o Options) Bot { return toyDice{} }})
}

// toyDice is a faithful bot: it bids from the game's own stream.
type toyDice struct{ toyCard }

func (toyDice) Decide(ctx context.Context, d Decision) (games.Move, error) {
	if len(d.View.Legal(d.Seat)) == 2 {
		return toy.End, nil
	}
	return games.Move(d.Stream.Pick(3) + 1), nil
}

// toyCard bids from every card it can see: its own card decides, and the
// sum of the others' cards (hidden ones count as nothing) can tip it. A
// bot handed the truth would let cards it must not see change its bid.
type toyCard struct{}

func (toyCard) Choose(ctx context.Context, st games.State, seat int) (games.Move, error) {
	s := st.(*toy.State)
	if len(st.Legal(seat)) == 2 { // the act turn
		if games.MidTurn(st) {
			return toy.End, nil
		}
		return toy.Step, nil
	}
	others := 0
	for i := 0; i < s.Seats(); i++ {
		if c := s.Card(i); i != seat && c != toy.Hidden {
			others += c
		}
	}
	return games.Move((s.Card(seat)+others)%3 + 1), nil
}

type toyPlanner struct{ toyCard }

func (toyPlanner) Plan(ctx context.Context, d Decision) ([]string, error) {
	return []string{"step", "step"}, nil
}

// Every bot of every game sees only its seat's view when asked through
// Ask, the path of the session, hints, `tabula ai` and `tabula match`.
func TestBotsSeeOnlyTheirSeatsView(t *testing.T) {
	for _, g := range games.All() {
		for _, spec := range ForGame(g.ID()) {
			t.Run(g.ID()+"/"+spec.Name, func(t *testing.T) {
				b := spec.New(Options{Seed: 3, Nodes: 300})
				gametest.ViewBlind(t, g, nil, 6, 11, func(st games.State, seat int) (string, error) {
					d := ProgressOf(st, 11, 0)
					if gs, ok := st.(games.Streamer); ok {
						stream := gs.GameStream() // the same copy on the truth and on the view
						d.Stream = &stream
					}
					a, err := Ask(context.Background(), b, st, seat, d)
					if err != nil {
						return "", err
					}
					if a.Plan != nil {
						return a.Plan[0], nil
					}
					return st.MoveString(seat, a.Move), nil
				})
			})
		}
	}
}

// The property can fail: the toy bot uses every card it is shown, so
// handing it the truth would change its bid with a card it must not see;
// through Ask that card never changes the answer.
func TestAskHidesWhatTheSeatCannotSee(t *testing.T) {
	g, _ := games.Lookup(toy.ID)
	st, _ := g.New(games.Config{Rules: games.Defaults(g.RuleSpecs()), Seed: 1})
	s := st.(*toy.State)
	truthChanged := false
	var viaAsk []games.Move
	for card := 0; card < 10; card++ {
		s.SetCard(1, card)
		truth, _ := toyCard{}.Choose(context.Background(), s.Clone(), 0)
		a, err := Ask(context.Background(), toyCard{}, s, 0, Decision{})
		if err != nil {
			t.Fatal(err)
		}
		viaAsk = append(viaAsk, a.Move)
		truthChanged = truthChanged || truth != a.Move
	}
	if !truthChanged {
		t.Fatal("the toy bot never used a card it must not see: this test proves nothing")
	}
	for _, m := range viaAsk {
		if m != viaAsk[0] {
			t.Fatalf("seat 1's hidden card changed seat 0's answer through Ask: %v", viaAsk)
		}
	}
}

func TestAskRefusesASeatThatDoesNotAct(t *testing.T) {
	g, _ := games.Lookup("classic")
	st, _ := g.New(games.Config{Rules: games.Defaults(g.RuleSpecs())})
	b, _ := New("classic", "easy", Options{})
	if _, err := Ask(context.Background(), b, st, 1, Decision{}); err == nil {
		t.Fatal("O was asked to move on X's turn")
	}
}

func TestSeatingCoversEveryOrdering(t *testing.T) {
	for n := 1; n <= 4; n++ {
		fact := 1
		for k := 2; k <= n; k++ {
			fact *= k
		}
		seen := map[[4]int]bool{}
		perSeat := make([][]int, n) // perSeat[seat][bot] = games
		for i := range perSeat {
			perSeat[i] = make([]int, n)
		}
		for i := 0; i < fact; i++ {
			s := Seating(n, i)
			var key [4]int
			copy(key[:], s)
			seen[key] = true
			for seat, b := range s {
				perSeat[seat][b]++
			}
		}
		if len(seen) != fact {
			t.Errorf("%d bots: %d distinct orderings in %d games, want %d", n, len(seen), fact, fact)
		}
		for seat := range perSeat {
			for b, c := range perSeat[seat] {
				if c != fact/n {
					t.Errorf("%d bots: bot %d sat at seat %d %d times, want %d", n, b, seat, c, fact/n)
				}
			}
		}
	}
	if s := Seating(2, 1); s[0] != 1 || s[1] != 0 {
		t.Errorf("two bots must alternate as before: game 1 seats %v", s)
	}
}

// A three-seat match of secret bids and planned turns, through the same
// path as `tabula match`: every bot sits at every seat equally often, the
// planner's plans are played token by token, and the shares add up.
func TestMatchWithThreeSeatsSimultaneousTurnsAndPlans(t *testing.T) {
	atSeat := map[[2]int]int{} // (bot, seat) -> games
	plansPlayed := 0
	res, err := Match(context.Background(), MatchConfig{Game: toy.ID, Bots: []string{"card", "planner", "card"}, Games: 12, Seed: 4,
		Progress: func(done int, r GameResult) {
			for seat, b := range r.Seating {
				atSeat[[2]int{b, seat}]++
			}
			for i := 1; i < len(r.Moves); i++ {
				if r.Moves[i-1] == "step" && r.Moves[i] == "step" {
					plansPlayed++
				}
			}
		}})
	if err != nil {
		t.Fatal(err)
	}
	for b := 0; b < 3; b++ {
		for seat := 0; seat < 3; seat++ {
			if atSeat[[2]int{b, seat}] != 4 {
				t.Errorf("bot %d sat at seat %d in %d of 12 games, want 4", b, seat, atSeat[[2]int{b, seat}])
			}
		}
	}
	if plansPlayed != 12 { // the planner leads one round a game
		t.Errorf("the planner's two-step plan was played %d times in 12 games", plansPlayed)
	}
	total := 0.0
	for _, s := range res.Share {
		total += s
	}
	if math.Abs(total-1) > 1e-9 {
		t.Fatalf("shares %v add up to %v", res.Share, total)
	}
}

// The game's stream, where the bots' decisions leave it, follows from the
// seed, the seat table and the moves: replaying them gives every faithful
// bot the same stream it had, so a saved game continues exactly.
func TestStreamAtReplaysTheFaithfulBots(t *testing.T) {
	g, _ := games.Lookup(toy.ID)
	rules, _ := games.ValidateRules(g.RuleSpecs(), map[string]any{"players": float64(3), "rounds": float64(8)})
	st, _ := g.New(games.Config{Rules: rules, Seed: 77})
	seats := []games.SeatInfo{{Controller: "ai", Bot: "dice"}, {Controller: "ai", Bot: "card"}, {Controller: "ai", Bot: "dice"}}
	bots := []Bot{toyDice{}, toyCard{}, toyDice{}}
	gr, err := PlayGame(context.Background(), st.Clone(), 77, bots, 100)
	if err != nil {
		t.Fatal(err)
	}
	states := []games.State{st.Clone()}
	for _, tok := range gr.Moves {
		next := states[len(states)-1].Clone()
		if err := games.PlayToken(next, tok); err != nil {
			t.Fatal(err)
		}
		states = append(states, next)
	}
	bidTurns := 0
	for k, tok := range gr.Moves {
		if len(states[k].ToMove()) < 2 {
			continue // an act turn: nothing drawn
		}
		bidTurns++
		stream, err := StreamAt(toy.ID, states[:k+1], seats, 77)
		if err != nil {
			t.Fatal(err)
		}
		var moves []games.Move
		for seat, b := range bots {
			d := ProgressOf(states[k], 77, k)
			d.Stream = stream
			a, err := Ask(context.Background(), b, states[k], seat, d)
			if err != nil {
				t.Fatal(err)
			}
			moves = append(moves, a.Move)
		}
		if got := games.FormatTurn(states[k], moves); got != tok {
			t.Fatalf("turn %d: replayed from the save the bots bid %q; in the game they bid %q", k+1, got, tok)
		}
	}
	if bidTurns < 8 {
		t.Fatalf("only %d bid turns checked", bidTurns)
	}
	// Seats played by people or by bots that keep to their own streams do
	// not move the game's stream.
	people := []games.SeatInfo{{Controller: "human"}, {Controller: "ai", Bot: "card"}, {Controller: "human"}}
	a, _ := StreamAt(toy.ID, states, people, 77)
	b, _ := StreamAt(toy.ID, states[:1], people, 77)
	if a.Draws() != b.Draws() || a.Draws() != 3 {
		t.Errorf("draws %d and %d: only the setup's 3 cards should draw", a.Draws(), b.Draws())
	}
}
