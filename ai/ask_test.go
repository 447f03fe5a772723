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
					a, err := Ask(context.Background(), b, st, seat, ProgressOf(st, 11, 0))
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
// path as `tabula match`.
func TestMatchWithThreeSeatsSimultaneousTurnsAndPlans(t *testing.T) {
	res, err := Match(context.Background(), MatchConfig{Game: toy.ID, Bots: []string{"card", "planner", "card"}, Games: 12, Seed: 4})
	if err != nil {
		t.Fatal(err)
	}
	total := 0.0
	for _, s := range res.Share {
		total += s
	}
	if math.Abs(total-1) > 1e-9 {
		t.Fatalf("shares %v add up to %v", res.Share, total)
	}
	// The planner steps twice in its act turns, the others once: it scores more.
	if res.Share[1] <= 1.0/3 {
		t.Errorf("the planner's share %.2f should beat the fair third (points %v)", res.Share[1], res.Points)
	}
	if res.Decisions[1] == 0 || res.Decisions[0] == 0 {
		t.Errorf("decisions %v", res.Decisions)
	}
}
