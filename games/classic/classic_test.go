package classic_test

import (
	"encoding/json"
	"testing"

	"github.com/tabulagames/tabula/games"
	"github.com/tabulagames/tabula/games/classic"
	"github.com/tabulagames/tabula/games/gametest"
)

func TestVectors(t *testing.T) { gametest.RunVectors(t, "classic") }

func TestRandomPlayouts(t *testing.T) {
	gametest.RandomPlayouts(t, classic.Game{}, nil, 3000, 9, 1)
}

// TestAllGamesCount walks the whole game tree: tic-tac-toe has exactly
// 255,168 distinct games, 131,184 won by X, 77,904 by O and 46,080 drawn.
func TestAllGamesCount(t *testing.T) {
	st, _ := classic.Game{}.New(games.Config{})
	var x, o, d int
	var walk func(s games.State)
	walk = func(s games.State) {
		out := s.Outcome()
		if out.Over() {
			switch {
			case out.Status == games.Draw:
				d++
			case out.Winners[0] == 0:
				x++
			default:
				o++
			}
			return
		}
		seat := s.ToMove()[0]
		for _, m := range s.Legal(seat) {
			c := s.Clone()
			if err := c.Play(m); err != nil {
				t.Fatal(err)
			}
			walk(c)
		}
	}
	walk(st)
	if x != 131184 || o != 77904 || d != 46080 {
		t.Fatalf("games: X %d, O %d, draws %d", x, o, d)
	}
}

func TestSetupRefusals(t *testing.T) {
	bad := []string{
		`{"board":["...","...","..."]}`,             // no toMove
		`{"board":["...","..."],"toMove":0}`,        // two ranks
		`{"board":["....","...","..."],"toMove":0}`, // long rank
		`{"board":["X..","...","..."],"toMove":0}`,  // X has one more: O to move
		`{"board":["XO.","...","..."],"toMove":1}`,  // equal: X to move
		`{"board":["XXX","OO.","..."],"toMove":1}`,  // a line already
		`{"board":["XOX","XOO","OXX"],"toMove":1}`,  // full
		`{"board":["x..","...","..."],"toMove":1}`,  // lower case
		`[1,2]`, // not an object
	}
	for _, b := range bad {
		if _, err := (classic.Game{}).New(games.Config{Setup: json.RawMessage(b)}); err == nil {
			t.Errorf("setup %s accepted", b)
		}
	}
	st, err := classic.Game{}.New(games.Config{Setup: json.RawMessage(`{"board":["X..",".O.","..X"],"toMove":1}`)})
	if err != nil {
		t.Fatal(err)
	}
	if got := st.ToMove(); len(got) != 1 || got[0] != 1 {
		t.Fatalf("toMove %v", got)
	}
}

func TestOutcomeReasonAndLine(t *testing.T) {
	st, _ := classic.Game{}.New(games.Config{})
	for _, tok := range []string{"a1", "a2", "b2", "b1", "c3"} {
		if err := games.PlayToken(st, tok); err != nil {
			t.Fatal(err)
		}
	}
	out := st.Outcome()
	if out.Status != games.Win || out.Reason != "three in a row on the a1-c3 diagonal" || len(out.Line) != 3 || out.Line[0] != "a1" {
		t.Fatalf("outcome %+v", out)
	}
}

func FuzzParseMove(f *testing.F) {
	for _, s := range []string{"a1", "c3", "d4", "B2", "", "a10", "\x00"} {
		f.Add([]byte{0, 1}, s)
	}
	f.Fuzz(func(t *testing.T, prefix []byte, tok string) {
		gametest.FuzzMove(t, classic.Game{}, prefix, tok)
	})
}
