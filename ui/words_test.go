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
	if rest == token || strings.TrimSpace(rest) == "" || !strings.Contains(text, "Ana") && !strings.Contains(text, "Ben") {
		t.Fatalf("%s %q is notation, not words (token %q)", what, text, token)
	}
}

// TestMoveListAndHintsAreWords plays random games of the four older games
// on the game screen: every entry of the move list and a hint at every
// position name a person and say what the move does (issue 10 item 8);
// the result names the winner or says why it is a draw. Alcazar numbers
// its list by turn and names its seats by colour in the side panel.
func TestMoveListAndHintsAreWords(t *testing.T) {
	for _, id := range []string{"classic", "checkerboard", "infiltration", "alcazar"} {
		for seed := uint64(1); seed <= 2; seed++ {
			u := newTestApp(t)
			g, _ := games.Lookup(id)
			gs, _ := openOnLoop(t, u, g, games.Defaults(g.RuleSpecs()), twoPeople, nil)
			s := gs.session
			rng := rand.New(rand.NewPCG(seed, 7))
			for ply := 0; ply < 150 && !s.Live().Outcome().Over(); ply++ {
				live := s.Live()
				seat := live.ToMove()[0]
				legal := live.Legal(seat)
				m := legal[rng.IntN(len(legal))]
				tok := live.MoveString(seat, m)
				wordsOnly(t, id+" hint", gs.hintText(&session.Hint{Seat: seat, Move: m, Token: tok}), tok)
				if err := gs.Submit(tok); err != nil {
					t.Fatalf("%s %s: %v", id, tok, err)
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
			if out := s.Live().Outcome(); out.Over() && !strings.HasPrefix(gs.result.Text, "Draw: ") {
				wordsOnly(t, id+" result", gs.result.Text, "")
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
