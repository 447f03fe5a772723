package session

import (
	"encoding/json"
	"math/rand/v2"
	"reflect"
	"testing"

	"github.com/tabulagames/tabula/games"
	"github.com/tabulagames/tabula/games/gametest"
)

// playOn is a legal game of g: the prefix, then random turns that do not
// end the game (one seat to move at a time), up to n tokens.
func playOn(t *testing.T, id string, rules map[string]any, prefix []string, n int, seed uint64) *games.Record {
	t.Helper()
	rec := &games.Record{Game: id, Rules: rules, Moves: append([]string{}, prefix...)}
	st, err := rec.Final()
	if err != nil {
		t.Fatal(err)
	}
	rng := rand.New(rand.NewPCG(seed, 1))
	for len(rec.Moves) < n {
		seat := st.ToMove()[0]
		legal := st.Legal(seat)
		var next games.State
		for _, k := range rng.Perm(len(legal)) {
			c := st.Clone()
			if err := c.Play(legal[k]); err != nil {
				t.Fatal(err)
			}
			if !c.Outcome().Over() {
				rec.Moves, next = append(rec.Moves, st.MoveString(seat, legal[k])), c
				break
			}
		}
		if next == nil {
			break
		}
		st = next
	}
	return rec
}

func load(t *testing.T, rec *games.Record) *Session {
	t.Helper()
	s, err := FromRecord(rec, Options{Post: func(func()) {}})
	if err != nil {
		t.Fatal(err)
	}
	return s
}

// Loading a game plays each token once and looks at each turn's events
// once for a pie-rule swap, however long the game: the seats were derived
// again from every earlier turn at each token, which made loading a long
// game quadratic (an arena game of 30,000 tokens froze the window 15 s).
func TestLoadingLooksAtEachTurnOnce(t *testing.T) {
	for _, n := range []int{100, 3000} {
		s := load(t, facesRecord(n))
		if s.work.swapChecks != n || s.work.played != n {
			t.Errorf("loading %d tokens looked through %d turns' events and played %d tokens; want %d each",
				n, s.work.swapChecks, s.work.played, n)
		}
	}
}

// A long game keeps a position every keepEvery tokens and those of the
// open block, not one per token (an arena position takes about 1.4 kB,
// and a save can hold almost two million arena tokens).
func TestLongGameKeepsFewPositions(t *testing.T) {
	n := 10_000
	s := load(t, facesRecord(n))
	kept := 0
	for _, st := range s.states {
		if st != nil {
			kept++
		}
	}
	if most := n/keepEvery + keepEvery + 1; kept > most {
		t.Errorf("a game of %d tokens keeps %d positions; at most %d", n, kept, most)
	}
	if len(s.past) > pastKept {
		t.Errorf("%d blocks in the cache", len(s.past))
	}
}

// The move list asks for the position and events of every row it shows:
// walking the whole list computes each block at most once more.
func TestWalkingTheMoveListPlaysEachTokenOnceMore(t *testing.T) {
	n := 2000
	s := load(t, facesRecord(n))
	s.work.played = 0
	for i := 0; i < n; i++ {
		s.State(i)
		s.Events(i)
	}
	if s.work.played > n {
		t.Errorf("walking %d rows played %d tokens again", n, s.work.played)
	}
}

// seen is what the session tells about the game after i tokens: the
// position, the token's moves and events, and who sits where.
type seen struct {
	Position any
	Hash     uint64
	Moves    []games.Move
	Events   []games.Event
	Seats    []games.SeatInfo
}

func seenAt(s *Session, i int) seen {
	v := seen{Position: s.State(i).Position(), Hash: s.State(i).Hash(), Seats: s.SeatsAt(i)}
	if i < s.Plies() {
		v.Moves, v.Events = s.turnAt(i)
	}
	return v
}

// truth is the same, played from the start with every position kept and
// the seats exchanged by every swap so far, as the session did when it
// kept everything.
func truth(t *testing.T, rec *games.Record, seats []games.SeatInfo) []seen {
	t.Helper()
	_, st, err := rec.Start()
	if err != nil {
		t.Fatal(err)
	}
	seats = append([]games.SeatInfo{}, seats...)
	var out []seen
	for _, tok := range rec.Moves {
		next := st.Clone()
		moves, err := games.ParseTurn(next, tok)
		if err != nil {
			t.Fatal(err)
		}
		if err := next.Play(moves...); err != nil {
			t.Fatal(err)
		}
		var ev []games.Event
		if e, ok := next.(games.Evented); ok {
			ev = e.LastEvents()
		}
		out = append(out, seen{Position: st.Position(), Hash: st.Hash(), Moves: moves, Events: ev, Seats: append([]games.SeatInfo{}, seats...)})
		if SwapIn(ev) {
			seats[0], seats[1] = seats[1], seats[0]
		}
		st = next
	}
	return append(out, seen{Position: st.Position(), Hash: st.Hash(), Seats: seats})
}

func same(a, b seen) bool {
	ja, _ := json.Marshal(a)
	jb, _ := json.Marshal(b)
	return string(ja) == string(jb) && reflect.DeepEqual(a.Moves, b.Moves)
}

// What the session tells of every position of a long game, kept or
// computed again, forwards, backwards and after undoing past the kept
// positions and redoing, is what a plain replay gives, swaps included.
func TestPastPositionsAreThoseOfTheGame(t *testing.T) {
	seats := []games.SeatInfo{human("Ana"), human("Ben")}
	g, _ := games.Lookup("arena")
	arena, _ := gametest.LongGame(t, g, map[string]any{}, 700, 3)
	for _, rec := range []*games.Record{
		playOn(t, "infiltration", map[string]any{"pie": true, "movement": "free"}, []string{"@a3", "swap"}, 500, 1),
		arena,
	} {
		rec.Seats = seats
		want := truth(t, rec, seats)
		s := load(t, rec)
		n := s.Plies()
		check := func(when string, i int) {
			t.Helper()
			w := want[i]
			if i == s.Plies() {
				w.Moves, w.Events = nil, nil // the token after it is not played (now)
			}
			if got := seenAt(s, i); !same(got, w) {
				t.Fatalf("%s, %s after %d tokens:\n got %+v\nwant %+v", rec.Game, when, i, got, w)
			}
		}
		for i := n; i >= 0; i-- {
			check("backwards", i)
		}
		for i := 0; i <= n; i++ {
			check("forwards", i)
		}
		if rec.Game == "infiltration" && !reflect.DeepEqual(s.Seats, []games.SeatInfo{seats[1], seats[0]}) {
			t.Fatalf("after the swap the seats are %v", s.Seats)
		}
		// Take back every token, one at a time across the block edges and
		// the swap, and play them again.
		var back []string
		for s.Plies() > 0 {
			back = append(back, s.pop())
			check("after taking back", s.Plies())
			if s.states[s.Plies()] == nil || (s.Plies() > 0 && s.states[s.Plies()-1] == nil) {
				t.Fatalf("%s: after taking back to %d the last two positions are not kept", rec.Game, s.Plies())
			}
			if !reflect.DeepEqual(s.Seats, want[s.Plies()].Seats) {
				t.Fatalf("%s: seats %v after taking back to %d", rec.Game, s.Seats, s.Plies())
			}
		}
		for k := len(back) - 1; k >= 0; k-- {
			if err := s.apply(back[k]); err != nil {
				t.Fatal(err)
			}
		}
		for i := n; i >= 0; i-- {
			check("after redoing", i)
		}
	}
}

// A bot's goroutine follows the game's own stream from every position:
// allStates fills in, from the kept positions and the tokens, those the
// session let go.
func TestAllStatesFillsInThePositionsNotKept(t *testing.T) {
	g, _ := games.Lookup("arena")
	rec, _ := gametest.LongGame(t, g, map[string]any{}, 300, 5)
	s := load(t, rec)
	all, err := allStates(append([]games.State{}, s.states...), append([]string{}, s.tokens...))
	if err != nil {
		t.Fatal(err)
	}
	want, err := rec.Replay()
	if err != nil {
		t.Fatal(err)
	}
	if len(all) != len(want) {
		t.Fatalf("%d positions; want %d", len(all), len(want))
	}
	for i := range want {
		if all[i].Hash() != want[i].Hash() {
			t.Fatalf("position %d differs", i)
		}
	}
	if s.states[1] != nil {
		t.Fatal("the test needs a game with positions let go")
	}
}
