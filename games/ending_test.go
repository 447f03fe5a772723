package games_test

import (
	"strings"
	"testing"

	"github.com/tabulagames/tabula/games"
)

// A save may end by resignation or agreement; the ending survives a round
// trip and gives the result.
func TestRecordEndingValid(t *testing.T) {
	for _, c := range []struct {
		in      string
		status  games.Status
		winners []int
	}{
		{`{"game":"checkerboard","seed":1,"moves":["a1","f6"],"ending":{"by":"resigned","seat":1}}`, games.Win, []int{0}},
		{`{"game":"checkerboard","seed":1,"moves":["a1"],"ending":{"by":"resigned"}}`, games.Win, []int{1}},
		{`{"game":"checkerboard","seed":1,"moves":[],"ending":{"by":"agreed"}}`, games.Draw, nil},
	} {
		rec, err := games.DecodeRecord([]byte(c.in))
		if err != nil {
			t.Fatalf("%s: %v", c.in, err)
		}
		st, err := rec.Final()
		if err != nil {
			t.Fatalf("%s: %v", c.in, err)
		}
		out := rec.Result(st)
		if out.Status != c.status || len(out.Winners) != len(c.winners) || (len(c.winners) == 1 && out.Winners[0] != c.winners[0]) {
			t.Errorf("%s: result %+v", c.in, out)
		}
		if st.Outcome().Over() {
			t.Errorf("%s: the rules themselves ended the game", c.in)
		}
		data, err := games.EncodeRecord(rec)
		if err != nil {
			t.Fatal(err)
		}
		back, err := games.DecodeRecord(data)
		if err != nil || back.Ending == nil || *back.Ending != *rec.Ending {
			t.Errorf("%s: round trip gave %+v, %v", c.in, back, err)
		}
	}
	// No ending: none written, the rules decide.
	rec, _ := games.DecodeRecord([]byte(`{"game":"checkerboard","seed":1,"moves":["a1"]}`))
	data, _ := games.EncodeRecord(rec)
	if strings.Contains(string(data), "ending") {
		t.Errorf("a game without an ending writes one:\n%s", data)
	}
}

// A hostile or impossible ending is refused in words, when the file is
// read or when it is replayed against the position it claims to follow.
func TestRecordEndingRefused(t *testing.T) {
	decode := []struct{ in, want string }{
		{`{"game":"checkerboard","seed":1,"moves":[],"ending":{"by":"timeout"}}`, `ends the game "timeout"`},
		{`{"game":"checkerboard","seed":1,"moves":[],"ending":{"by":""}}`, `ends the game ""`},
		{`{"game":"checkerboard","seed":1,"moves":[],"ending":{"by":"resigned","seat":2}}`, "seat 3 resigned"},
		{`{"game":"checkerboard","seed":1,"moves":[],"ending":{"by":"resigned","seat":-1}}`, "seat 0 resigned"},
		{`{"game":"checkerboard","seed":1,"moves":[],"ending":{"by":"resigned","seat":4294967296}}`, "seat"},
		{`{"game":"checkerboard","seed":1,"moves":[],"ending":{"by":"agreed","seat":1}}`, "names no seat"},
		{`{"game":"checkerboard","seed":1,"moves":[],"ending":"resigned"}`, `"ending"`},
		{`{"game":"checkerboard","seed":1,"moves":[],"ending":{"by":7}}`, `"ending.by"`},
	}
	for _, c := range decode {
		_, err := games.DecodeRecord([]byte(c.in))
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%s: got %v, want an error with %q", c.in, err, c.want)
		}
	}
	replay := []struct{ in, want string }{
		// Tic-tac-toe won by X on the top row: it had ended by its rules.
		{`{"game":"classic","seed":1,"moves":["a1","a2","b1","b2","c1"],"ending":{"by":"agreed"}}`, "already ended by its rules"},
		// Three players of revenge cannot end a game this way.
		{`{"game":"revenge","rules":{"players":3},"seed":1,"moves":[],"ending":{"by":"resigned","seat":1}}`, "only a two-player game"},
	}
	for _, c := range replay {
		rec, err := games.DecodeRecord([]byte(c.in))
		if err != nil {
			t.Fatalf("%s: %v", c.in, err)
		}
		if _, err := rec.Final(); err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%s: Final gave %v, want %q", c.in, err, c.want)
		}
		if _, err := rec.Replay(); err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%s: Replay gave %v, want %q", c.in, err, c.want)
		}
	}
}
