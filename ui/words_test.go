package ui

import (
	"fmt"
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/tabulagames/tabula/games"
	game "github.com/tabulagames/tabula/games/alcazar"
	"github.com/tabulagames/tabula/ui/session"
)

// wordsOnly fails when a line of the screen is bare notation: it must
// name one of the people and say more than the token.
func wordsOnly(t *testing.T, what, text, token string) {
	t.Helper()
	_, rest, _ := strings.Cut(text, " ") // after "12." or "Hint:"
	named := false
	for _, p := range people {
		named = named || strings.Contains(text, p.Name)
	}
	if rest == token || strings.TrimSpace(rest) == "" || !named {
		t.Fatalf("%s %q is notation, not words (token %q)", what, text, token)
	}
}

// people sit at every game of the words tests, as many as it seats.
var people = []games.SeatInfo{{Name: "Ana", Controller: "human"}, {Name: "Ben", Controller: "human"},
	{Name: "Cy", Controller: "human"}, {Name: "Di", Controller: "human"}}

// TestMoveListAndHintsAreWords plays random games of every game on the
// game screen, people at every seat: every entry of the move list and a
// hint at every position name a person and say what the move does (issue
// 10 item 8); the result names the winner or says why it is a draw.
// Alcazar numbers its list by turn and names its seats by colour in the
// side panel.
func TestMoveListAndHintsAreWords(t *testing.T) {
	for _, id := range []string{"classic", "checkerboard", "infiltration", "alcazar", "revenge", "knights", "arena"} {
		for seed := uint64(1); seed <= 2; seed++ {
			u := newTestApp(t)
			g, _ := games.Lookup(id)
			rules := games.Defaults(g.RuleSpecs())
			gs, _ := openOnLoop(t, u, g, rules, people[:games.SeatCount(g, rules)], nil)
			s := gs.session
			rng := rand.New(rand.NewPCG(seed, 7))
			for n := 0; n < 150 && !s.Live().Outcome().Over(); n++ {
				s.Continue() // a turn the people picked in secret is shown until Continue
				live, ply := s.Live(), s.Plies()
				seat := s.HumanToMove()
				legal := live.Legal(seat)
				m := legal[rng.IntN(len(legal))]
				tok := live.MoveString(seat, m)
				wordsOnly(t, id+" hint", gs.hintText(&session.Hint{Seat: seat, Move: m, Token: tok}), tok)
				if err := gs.Submit(tok); err != nil {
					t.Fatalf("%s %s: %v", id, tok, err)
				}
				if s.Plies() == ply {
					continue // a secret pick of a joint turn
				}
				entry := gs.moveText(ply)
				wordsOnly(t, id+" move list entry", entry, tok)
				if id == "alcazar" {
					turn := s.State(ply).(*game.State).Turn() + 1
					if !strings.HasPrefix(entry, fmt.Sprintf("%d. ", turn)) {
						t.Fatalf("alcazar entry %q is not numbered by its turn, %d", entry, turn)
					}
				}
			}
			if s.Live().Outcome().Status == games.Win {
				wordsOnly(t, id+" result", gs.result.String(), "")
			}
		}
	}
	u := newTestApp(t)
	g, _ := games.Lookup("alcazar")
	gs, _ := openOnLoop(t, u, g, games.Defaults(g.RuleSpecs()), twoPeople, nil)
	if gs.seatSymbol(0) != "Amber" || gs.seatSymbol(1) != "Blue" {
		t.Fatalf("alcazar's panel calls its seats %q and %q", gs.seatSymbol(0), gs.seatSymbol(1))
	}
}
