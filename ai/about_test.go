package ai

import (
	"regexp"
	"strings"
	"testing"
	"unicode"

	"github.com/tabulagames/tabula/games"
	_ "github.com/tabulagames/tabula/games/all"
	"github.com/tabulagames/tabula/games/toy"
)

// A bot's description is what a player reads in the new-game dialog: a
// sentence in a player's words, without the names of search methods.
func TestBotDescriptionsAreForPlayers(t *testing.T) {
	jargon := regexp.MustCompile(`(?i)\b(ply|plies|alpha-beta|negamax|evaluation|search(es|ing)?|heuristics?|mcts|uct|max-n|the original's)\b|\(up to`)
	for _, g := range games.All() {
		if g.ID() == toy.ID { // a test game, with its test bots
			continue
		}
		bots := ForGame(g.ID())
		if len(bots) == 0 {
			t.Errorf("%s has no bots", g.ID())
		}
		for _, b := range bots {
			about := b.About
			if about == "" || !unicode.IsUpper([]rune(about)[0]) || !strings.HasSuffix(about, ".") {
				t.Errorf("%s/%s: %q is not a sentence", g.ID(), b.Name, about)
			}
			if m := jargon.FindString(about); m != "" {
				t.Errorf("%s/%s: %q says %q", g.ID(), b.Name, about, m)
			}
		}
	}
}
