package games_test

import (
	"strings"
	"testing"

	"github.com/tabulagames/tabula/games"
	_ "github.com/tabulagames/tabula/games/all"
)

func newState(t *testing.T, id string, raw map[string]any) games.State {
	t.Helper()
	g, _ := games.Lookup(id)
	rules, err := games.ValidateRules(g.RuleSpecs(), raw)
	if err != nil {
		t.Fatal(err)
	}
	st, err := g.New(games.Config{Rules: rules, Seed: 3})
	if err != nil {
		t.Fatal(err)
	}
	return st
}

// firstTurn is a joint token of every seat's first legal move.
func firstTurn(st games.State) string {
	var moves []games.Move
	for _, seat := range st.ToMove() {
		moves = append(moves, st.Legal(seat)[0])
	}
	return games.FormatTurn(st, moves)
}

func TestMaskTurnKnights(t *testing.T) {
	fog := newState(t, "knights", map[string]any{"players": "3", "fog": "true"})
	tok := firstTurn(fog)
	parts := strings.Split(tok, ",")
	for _, tc := range []struct {
		seat int
		want string
	}{
		{0, parts[0] + ",?,?"},
		{1, "?," + parts[1] + ",?"},
		{2, "?,?," + parts[2]},
		{-1, "?,?,?"},
	} {
		if got := games.MaskTurn(fog, tc.seat, tok); got != tc.want {
			t.Errorf("seat %d reads %q, want %q", tc.seat, got, tc.want)
		}
	}
	if !games.MasksHistory(fog) {
		t.Error("a fogged game's history is not masked")
	}
	clear := newState(t, "knights", map[string]any{"players": "3"})
	if got := games.MaskTurn(clear, 1, firstTurn(clear)); got != firstTurn(clear) || games.MasksHistory(clear) {
		t.Errorf("without fog: %q, masks %v", got, games.MasksHistory(clear))
	}
	// Play until a knight is out: its "-" is public, and once out the
	// seat sees every entry.
	st := fog.Clone()
	for i := 0; i < 200 && !st.Outcome().Over(); i++ {
		if len(st.ToMove()) < 3 {
			break
		}
		var moves []games.Move
		for _, seat := range st.ToMove() {
			l := st.Legal(seat)
			moves = append(moves, l[len(l)-1])
		}
		if err := st.Play(moves...); err != nil {
			t.Fatal(err)
		}
	}
	if st.Outcome().Over() || len(st.ToMove()) == 3 {
		t.Skip("no knight went out first")
	}
	tok = firstTurn(st)
	alive, out := st.ToMove()[0], -1
	for seat := 0; seat < 3; seat++ {
		if !contains(st.ToMove(), seat) {
			out = seat
		}
	}
	got := strings.Split(games.MaskTurn(st, alive, tok), ",")
	if got[out] != "-" || got[alive] != strings.Split(tok, ",")[alive] {
		t.Errorf("seat %d reads %v of %q", alive, got, tok)
	}
	if full := games.MaskTurn(st, out, tok); full != tok {
		t.Errorf("a knight that is out reads %q of %q", full, tok)
	}
}

func contains(list []int, x int) bool {
	for _, y := range list {
		if y == x {
			return true
		}
	}
	return false
}

func TestMaskTurnOpenGames(t *testing.T) {
	for _, id := range []string{"classic", "checkerboard", "infiltration", "alcazar", "revenge", "arena"} {
		st := newState(t, id, nil)
		tok := st.MoveString(st.ToMove()[0], st.Legal(st.ToMove()[0])[0])
		if got := games.MaskTurn(st, 1, tok); got != tok || games.MasksHistory(st) {
			t.Errorf("%s: %q reads %q (masks %v)", id, tok, got, games.MasksHistory(st))
		}
	}
}

// secret is a sequential game with hidden information: each seat's view
// differs from the truth, as a hidden-hand game's would.
type secret struct{ games.State }

type secretView struct{ games.State }

func (s secret) View(seat int) games.State { return secretView{s.State.Clone()} }
func (v secretView) Hash() uint64          { return v.State.Hash() + 1 }

func TestMaskTurnSequential(t *testing.T) {
	st := secret{newState(t, "classic", nil)}
	if !games.MasksHistory(st) {
		t.Fatal("a game whose views differ does not mask")
	}
	if got := games.MaskTurn(st, 0, "b2"); got != "b2" {
		t.Errorf("the mover reads %q of its own move", got)
	}
	if got := games.MaskTurn(st, 1, "b2"); got != games.Hidden {
		t.Errorf("the other seat reads %q", got)
	}
}
