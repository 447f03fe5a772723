package knights_test

import (
	"encoding/json"
	"math/rand/v2"
	"reflect"
	"strings"
	"testing"

	"github.com/tabulagames/tabula/games"
	"github.com/tabulagames/tabula/games/knights"
)

// viewInfo is what a server sends of seat's view of st.
func viewInfo(t *testing.T, rules games.Rules, st *knights.State, seat int) knights.ViewInfo {
	t.Helper()
	view := st.View(seat).(*knights.State)
	pos, err := json.Marshal(view.Position())
	if err != nil {
		t.Fatal(err)
	}
	o := st.Outcome()
	return knights.ViewInfo{Rules: rules, Seat: seat, Position: pos, Masked: view.Masked(),
		Over: o.Over(), Winners: o.Winners, Reason: o.Reason, Events: view.LastEvents()}
}

// TestFromView: a view made from what a server sends is the seat's view:
// the same position, the same fog square by square, the same knights
// and legal jumps, the same outcome and events, at every turn of random
// games with fog, shrink, obstacles and random starts, for every seat.
func TestFromView(t *testing.T) {
	cases := []map[string]any{
		{"fog": true},
		{"fog": true, "players": 3, "obstacles": 5, "starts": "random", "size": 7},
		{"fog": true, "players": 4, "shrink": 3, "size": 9},
		{"fog": true, "players": 1, "size": 5},
		{"players": 2, "obstacles": 8},
	}
	for k, raw := range cases {
		rules, err := games.ValidateRules(knights.Game{}.RuleSpecs(), raw)
		if err != nil {
			t.Fatal(err)
		}
		for seed := int64(0); seed < 6; seed++ {
			g, err := knights.Game{}.New(games.Config{Rules: rules, Seed: seed})
			if err != nil {
				t.Fatal(err)
			}
			st := g.(*knights.State)
			rng := rand.New(rand.NewPCG(uint64(seed), uint64(k)))
			for {
				for seat := -1; seat < st.Seats(); seat++ {
					want := st.View(seat).(*knights.State)
					got, err := knights.FromView(viewInfo(t, rules, st, seat))
					if err != nil {
						t.Fatalf("case %d seed %d turn %d seat %d: %v", k, seed, st.Turn(), seat, err)
					}
					sameView(t, got, want, seat)
				}
				to := st.ToMove()
				if len(to) == 0 {
					break
				}
				moves := make([]games.Move, len(to))
				for i, seat := range to {
					legal := st.Legal(seat)
					moves[i] = legal[rng.IntN(len(legal))]
				}
				if err := st.Play(moves...); err != nil {
					t.Fatal(err)
				}
			}
		}
	}
}

func sameView(t *testing.T, got, want *knights.State, seat int) {
	t.Helper()
	gp, _ := json.Marshal(got.Position())
	wp, _ := json.Marshal(want.Position())
	if string(gp) != string(wp) {
		t.Fatalf("seat %d: position %s, want %s", seat, gp, wp)
	}
	if got.Masked() != want.Masked() || got.Fog() != want.Fog() || got.ShrinkIn() != want.ShrinkIn() {
		t.Fatalf("seat %d: masked %v fog %v shrink in %d, want %v %v %d", seat, got.Masked(), got.Fog(), got.ShrinkIn(), want.Masked(), want.Fog(), want.ShrinkIn())
	}
	for sq := games.Move(0); int(sq) < want.Size()*want.Size(); sq++ {
		if got.Unseen(sq) != want.Unseen(sq) {
			t.Fatalf("seat %d: square %d unseen %v, want %v", seat, sq, got.Unseen(sq), want.Unseen(sq))
		}
	}
	for s := 0; s < want.Seats(); s++ {
		if got.KnightAt(s) != want.KnightAt(s) || !reflect.DeepEqual(got.Legal(s), want.Legal(s)) || got.Mobility(s) != want.Mobility(s) {
			t.Fatalf("seat %d: knight %d at %d legal %v, want %d %v", seat, s, got.KnightAt(s), got.Legal(s), want.KnightAt(s), want.Legal(s))
		}
	}
	if !reflect.DeepEqual(got.Outcome(), want.Outcome()) || got.Stalled() != want.Stalled() || !reflect.DeepEqual(got.ToMove(), want.ToMove()) {
		t.Fatalf("seat %d: outcome %+v, want %+v", seat, got.Outcome(), want.Outcome())
	}
	if !reflect.DeepEqual(got.LastEvents(), want.LastEvents()) {
		t.Fatalf("seat %d: events %+v, want %+v", seat, got.LastEvents(), want.LastEvents())
	}
}

// TestFromViewRefuses: a position that does not fit the rules is refused
// in words.
func TestFromViewRefuses(t *testing.T) {
	rules, _ := games.ValidateRules(knights.Game{}.RuleSpecs(), map[string]any{"size": 5, "fog": true})
	board := `["A....",".....",".....",".....","....B"]`
	for _, tc := range []struct{ pos, want string }{
		{`nonsense`, "not readable"},
		{`{"board":["A...."],"scores":[1,1],"alive":[true,true],"turn":0}`, "1 ranks"},
		{`{"board":["A....",".....",".....",".....","...B"],"scores":[1,1],"alive":[true,true],"turn":0}`, "4 squares"},
		{`{"board":["A....",".....","..x..",".....","....B"],"scores":[1,1],"alive":[true,true],"turn":0}`, "not a knights square"},
		{`{"board":["A....",".....","..C..",".....","....B"],"scores":[1,1],"alive":[true,true],"turn":0}`, "Rose"},
		{`{"board":["A....",".....","..A..",".....","....B"],"scores":[1,1],"alive":[true,true],"turn":0}`, "two squares"},
		{`{"board":` + board + `,"scores":[1],"alive":[true,true],"turn":0}`, "scores and alive"},
		{`{"board":` + board + `,"scores":[1,1],"alive":[true,true]}`, "a turn"},
	} {
		_, err := knights.FromView(knights.ViewInfo{Rules: rules, Seat: 0, Position: json.RawMessage(tc.pos), Masked: true})
		if err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("%s: %v, want %q", tc.pos, err, tc.want)
		}
	}
	// A fogged view without the seat's own knight is no view of it.
	_, err := knights.FromView(knights.ViewInfo{Rules: rules, Seat: 0, Masked: true,
		Position: json.RawMessage(`{"board":[".....",".....",".....",".....","....B"],"scores":[1,1],"alive":[true,true],"turn":0}`)})
	if err == nil || !strings.Contains(err.Error(), "own knight") {
		t.Errorf("a fogged view without its knight: %v", err)
	}
}
