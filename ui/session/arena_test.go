package session

import (
	"context"
	"reflect"
	"testing"

	"github.com/tabulagames/tabula/ai"
	"github.com/tabulagames/tabula/games"
)

// An arena game between bots saved in the middle of a bot's turn and
// loaded again: the session asks the bot for the rest of the turn from the
// loaded position, with the p of the save (arena 8.2), and plays that plan
// to the end of the turn, keeping the actions already played.
func TestLoadedArenaGameFinishesTheBotsTurnFromWhereItStands(t *testing.T) {
	g, _ := games.Lookup("arena")
	rules, _ := games.ValidateRules(g.RuleSpecs(), map[string]any{"p1": "bomber", "p2": "freezer"})
	seats := []games.SeatInfo{bot("hard"), bot("medium")}
	h := newHarness(t)
	s, err := New(g, rules, 8, seats, nil, h.options(nil))
	if err != nil {
		t.Fatal(err)
	}
	s.AutoDelay, s.TokenDelay = 0, nil
	s.Start()
	// Play on until a turn is under way with actions spent and more to come.
	midTurn := func() bool {
		st := s.Live()
		return s.Plies() > 20 && games.MidTurn(st) && st.(interface{ ActionsLeft() int }).ActionsLeft() >= 2
	}
	h.until(func() bool { return midTurn() || s.Live().Outcome().Over() })
	if !midTurn() {
		t.Fatal("the game ended before a bot's turn was saved half played")
	}
	s.Stop()
	data, err := games.EncodeRecord(s.Record())
	if err != nil {
		t.Fatal(err)
	}
	rec, err := games.DecodeRecord(data)
	if err != nil {
		t.Fatal(err)
	}

	h2 := newHarness(t)
	loaded, err := FromRecord(rec, h2.options(nil))
	if err != nil {
		t.Fatal(err)
	}
	at := loaded.Live()
	seat, p := at.ToMove()[0], loaded.Plies()
	b, _ := ai.New("arena", seats[seat].Bot, ai.Options{})
	want, err := ai.Ask(context.Background(), b, at, seat, ai.ProgressOf(at, rec.Seed, p))
	if err != nil {
		t.Fatal(err)
	}
	loaded.AutoDelay, loaded.TokenDelay = 0, nil
	loaded.Start()
	h2.until(func() bool {
		st := loaded.Live()
		return st.Outcome().Over() || st.ToMove()[0] != seat
	})
	if got := loaded.Tokens()[:p]; !reflect.DeepEqual(got, rec.Moves) {
		t.Fatalf("the actions played before the save changed: %q", got)
	}
	if got := loaded.Tokens()[p:]; !reflect.DeepEqual(got, want.Plan) {
		t.Errorf("after loading, the bot played %q; planned from the loaded position: %q", got, want.Plan)
	}
}
