package settings

import (
	"testing"

	"github.com/tabulagames/tabula/games"
)

// The saved-games list says who won a game given up or agreed drawn.
func TestSaveListHonoursTheEnding(t *testing.T) {
	s := NewStore(home(t))
	resigned := classicRecord("b2", "a1")
	resigned.Ending = &games.Ending{By: games.EndResigned, Seat: 0}
	agreed := classicRecord("b2", "a1")
	agreed.Ending = &games.Ending{By: games.EndAgreed}
	if _, err := s.Save(resigned, "resigned"); err != nil {
		t.Fatal(err)
	}
	if _, err := s.Save(agreed, "agreed"); err != nil {
		t.Fatal(err)
	}
	list, err := s.List()
	if err != nil {
		t.Fatal(err)
	}
	want := map[string][2]string{"resigned": {"Computer wins", "Ana resigned"}, "agreed": {"Draw", "draw agreed"}}
	for _, e := range list {
		w, ok := want[e.Name]
		if !ok {
			continue
		}
		delete(want, e.Name)
		if e.Result != w[0] || e.Reason != w[1] || !e.Over || e.Err != nil {
			t.Errorf("%s: %q %q over %v err %v, want %q %q", e.Name, e.Result, e.Reason, e.Over, e.Err, w[0], w[1])
		}
	}
	if len(want) > 0 {
		t.Errorf("not listed: %v", want)
	}
}
