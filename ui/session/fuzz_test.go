package session

import (
	"bytes"
	"encoding/json"
	"testing"

	"github.com/tabulagames/tabula/games"
	"github.com/tabulagames/tabula/games/gametest"
)

// fuzzPlies is the length of the seed games: past a block, so positions
// that are not kept are in every seed.
const fuzzPlies = keepEvery + 30

// FuzzFromRecord: any bytes that decode as a record either load into a
// session or give an error, never a panic; a loaded session saves a
// record that loads again to the same game and saves the same bytes, and
// every position it tells, kept or computed again, is the replayed one.
// The seeds are a random legal game of each of the seven games, and
// games ended by resignation or agreement (one that cannot be). An
// ending loads, saves and loads again as it was, and ends the game.
func FuzzFromRecord(f *testing.F) {
	for _, id := range []string{"classic", "checkerboard", "infiltration", "alcazar", "revenge", "knights", "arena"} {
		g, ok := games.Lookup(id)
		if !ok {
			f.Fatalf("no game %q", id)
		}
		rec, _ := gametest.LongGame(f, g, nil, fuzzPlies, 1)
		rec.Seats = []games.SeatInfo{{Name: "Ana", Controller: "human"}, {Name: "Computer", Controller: "ai", Bot: "easy"}}
		if _, st, err := rec.Start(); err == nil && st.Seats() != 2 {
			rec.Seats = nil // a seat per player, named by the session
		}
		data, err := games.EncodeRecord(rec)
		if err != nil {
			f.Fatal(err)
		}
		f.Add(data)
	}
	f.Add([]byte(`{"game":"arena","moves":["end","end","face N","move S"]}`))
	f.Add([]byte(`{"game":"infiltration","rules":{"pie":true},"moves":["@a3","swap","@d8"]}`))
	f.Add([]byte(`{"game":"checkerboard","seed":1,"moves":["a1"],"ending":{"by":"resigned","seat":1}}`))
	f.Add([]byte(`{"game":"arena","seed":2,"moves":["end"],"ending":{"by":"agreed"}}`))
	f.Add([]byte(`{"game":"classic","seed":1,"moves":["a1","a2","b1","b2","c1"],"ending":{"by":"agreed"}}`))
	f.Fuzz(func(t *testing.T, data []byte) {
		rec, err := games.DecodeRecord(data)
		if err != nil {
			return
		}
		o := Options{Post: func(func()) {}, Clock: newFakeClock()}
		s, err := FromRecord(rec, o)
		if err != nil {
			if s != nil {
				t.Fatal("a failed load returned a session")
			}
			return
		}
		saved, err := games.EncodeRecord(s.Record())
		if err != nil {
			t.Fatal(err)
		}
		back, err := games.DecodeRecord(saved)
		if err != nil {
			t.Fatalf("the saved record does not decode: %v\n%s", err, saved)
		}
		again, err := FromRecord(back, o)
		if err != nil {
			t.Fatalf("the saved record does not load: %v\n%s", err, saved)
		}
		if again2, _ := games.EncodeRecord(again.Record()); !bytes.Equal(again2, saved) {
			t.Fatalf("saved again, the record changed:\n%s\nwas:\n%s", again2, saved)
		}
		if again.Live().Hash() != s.Live().Hash() || again.Plies() != len(rec.Moves) {
			t.Fatal("the saved record loads to another position")
		}
		if (rec.Ending == nil) != (again.Ending() == nil) || rec.Ending != nil && *rec.Ending != *again.Ending() {
			t.Fatalf("the ending %+v loads as %+v", rec.Ending, again.Ending())
		}
		if rec.Ending != nil && (!s.Outcome().Over() || s.WhyNot() == nil) {
			t.Fatalf("a game that ended %+v goes on", rec.Ending)
		}
		states, err := rec.Replay()
		if err != nil {
			t.Fatalf("the session loaded a record the rules refuse: %v", err)
		}
		for i := len(states) - 1; i >= 0; i-- {
			if !samePosition(s.State(i), states[i]) {
				t.Fatalf("the position after %d tokens is not the replayed one", i)
			}
		}
	})
}

func samePosition(a, b games.State) bool {
	ja, _ := json.Marshal(a.Position())
	jb, _ := json.Marshal(b.Position())
	return a.Hash() == b.Hash() && bytes.Equal(ja, jb)
}
