package revenge_test

import (
	"encoding/json"
	"errors"
	"fmt"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"

	"github.com/tabulagames/tabula/games"
	"github.com/tabulagames/tabula/games/gametest"
	"github.com/tabulagames/tabula/games/revenge"
)

func TestVectors(t *testing.T) { gametest.RunVectors(t, "revenge") }

// playouts is the number of random games of a test: n, a twentieth under
// -short. TABULA_PLAYOUTS is read by the kit alone: it replaces the count
// of every rule set in TestRandomPlayouts (gametest.RandomPlayouts); the
// other random tests of this file keep theirs.
func playouts(n int) int {
	if testing.Short() {
		return max(n/20, 48)
	}
	return n
}

// allRules is every combination of the house rules: 4 sizes x 3 seat
// counts x anti-revenge x reinforce.
func allRules() []map[string]any {
	var out []map[string]any
	for size := revenge.MinSize; size <= revenge.MaxSize; size++ {
		for players := 2; players <= revenge.MaxSeats; players++ {
			for _, anti := range []bool{true, false} {
				for _, reinforce := range []bool{true, false} {
					out = append(out, map[string]any{"size": size, games.PlayersRule: players,
						"antiRevenge": anti, "reinforce": reinforce})
				}
			}
		}
	}
	return out
}

// TestRandomPlayouts plays 10,000 random games spread over every rule
// combination through the shared kit (clone, hash, notation round trip,
// replay, bounded length); with TABULA_PLAYOUTS=N, N games per rule
// combination (48 of them).
func TestRandomPlayouts(t *testing.T) {
	combos := allRules()
	per := (playouts(10000) + len(combos) - 1) / len(combos)
	for i, rules := range combos {
		name := fmt.Sprintf("size%d-players%d-anti%v-reinforce%v", rules["size"], rules[games.PlayersRule], rules["antiRevenge"], rules["reinforce"])
		t.Run(name, func(t *testing.T) {
			gametest.RandomPlayouts(t, revenge.Game{}, rules, per, 100_000, uint64(i+1))
		})
	}
}

func FuzzParseMove(f *testing.F) {
	for _, s := range []string{"a1", "d4", "e1", "A4", "a04", " a4", "", "pass", "a10", "\x00"} {
		f.Add([]byte{0, 1, 2}, s)
	}
	f.Fuzz(func(t *testing.T, prefix []byte, tok string) {
		gametest.FuzzMove(t, revenge.Game{}, prefix, tok)
	})
}

func newGame(t *testing.T, rules map[string]any, setup string) *revenge.State {
	t.Helper()
	return gametest.NewState(t, revenge.Game{}, rules, setup).(*revenge.State)
}

func play(t *testing.T, st games.State, tokens string) {
	t.Helper()
	for _, tok := range strings.Fields(tokens) {
		if err := games.PlayToken(st, tok); err != nil {
			t.Fatalf("%s: %v", tok, err)
		}
	}
}

// TestRefusalWords checks the refusals of section 7 say what the spec
// says, in its order, and name the token.
func TestRefusalWords(t *testing.T) {
	st := newGame(t, nil, "")
	play(t, st, "a4 b4 c4 b4") // x steals b4 from o
	cases := []struct{ tok, want string }{
		{"e1", "e1 is not a square of this 4x4 board."},
		{"a10", "a10 is not a square of this 4x4 board."},
		{"A4", `Not a move: "A4" is not a square name.`},
		{"pass", `Not a move: "pass" is not a square name.`},
		{"a4", "a4: Anti-revenge: x took a square from you with its last move (b4), so you may not take any of x's squares until x has moved again."},
	}
	for _, c := range cases {
		_, err := st.ParseMove(1, c.tok)
		if err == nil || err.Error() != c.want {
			t.Errorf("%q: got %v\nwant %s", c.tok, err, c.want)
		}
	}
	var blocked *revenge.BlockedError
	if _, err := st.ParseMove(1, "b4"); !errors.As(err, &blocked) || blocked.Stealer != 0 || blocked.Took != "b4" {
		t.Errorf("b4: %v is not x's block on b4", err)
	}
	if _, err := st.ParseMove(0, "a1"); !errors.Is(err, games.ErrNotYourTurn) {
		t.Errorf("x out of turn: %v", err)
	}
	if err := st.Play(games.Move(16)); err == nil {
		t.Error("square 16 of a 4x4 board accepted")
	}
	if err := st.Play(0, 1); err == nil {
		t.Error("two moves at once accepted")
	}

	off := newGame(t, map[string]any{"reinforce": false}, "")
	play(t, off, "a4 b4 c4")
	if _, err := off.ParseMove(0, "a4"); !errors.Is(err, revenge.ErrReinforceOff) ||
		err.Error() != "a4: That square is already yours; reinforcing is switched off in this game." {
		t.Errorf("reinforce off: %v", err)
	}

	// A setup does not say which square a steal took: the message leaves it out.
	set := newGame(t, nil, `{"board":["xo..","+...","....","...."],"lastSteal":{"x":"+"},"toMove":2}`)
	if _, err := set.ParseMove(2, "a4"); err == nil || err.Error() != "a4: Anti-revenge: x took a square from you with its last move, so you may not take any of x's squares until x has moved again." {
		t.Errorf("setup block: %v", err)
	}
	if got := revenge.AntiRevengeMessage("★", "b3"); !strings.Contains(got, "★ took a square from you with its last move (b3)") {
		t.Errorf("display symbol message: %s", got)
	}
}

// TestGameOverWords: after the end every move is refused with the words
// of section 8, whatever the square.
func TestGameOverWords(t *testing.T) {
	st := newGame(t, nil, "")
	play(t, st, "a4 a3 a2 b4 b3 b2 c4 c3 c2 d4")
	for _, tok := range []string{"a1", "a4"} {
		if _, err := st.ParseMove(1, tok); !errors.Is(err, games.ErrGameOver) {
			t.Errorf("%s after the end: %v", tok, err)
		}
	}
	if err := st.Play(0); !errors.Is(err, games.ErrGameOver) {
		t.Errorf("play after the end: %v", err)
	}
	out := st.Outcome()
	if out.Reason != "the whole of rank 4" || strings.Join(out.Line, " ") != "a4 b4 c4 d4" {
		t.Errorf("outcome %+v", out)
	}
	if len(st.Locks()) != 0 || len(st.WinningMoves()) != 0 || len(st.Legal(1)) != 0 {
		t.Error("locks, wins or legal moves after the end")
	}
}

// TestLinesAndReasons names every kind of line of a 5x5 board in the
// win's reason and lists its squares.
func TestLinesAndReasons(t *testing.T) {
	cases := []struct{ setup, move, reason, line string }{
		{`{"board":["x....",".x...","..x..","...x.","....."],"toMove":0}`, "e1", "the whole of the a5-e1 diagonal", "a5 b4 c3 d2 e1"},
		{`{"board":[".....","...x.","..x..",".x...","x...."],"toMove":0}`, "e5", "the whole of the a1-e5 diagonal", "a1 b2 c3 d4 e5"},
		{`{"board":["o....","o....","o....","o....","....."],"toMove":1}`, "a1", "the whole of the a-file", "a1 a2 a3 a4 a5"},
		{`{"board":[".....",".....",".....",".....","++++."],"toMove":2}`, "e1", "the whole of rank 1", "a1 b1 c1 d1 e1"},
	}
	for _, c := range cases {
		st := newGame(t, map[string]any{"size": 5}, c.setup)
		play(t, st, c.move)
		if out := st.Outcome(); out.Reason != c.reason || strings.Join(out.Line, " ") != c.line {
			t.Errorf("%s: %+v", c.move, out)
		}
	}
}

// TestRepetitionAgainstFullHistory: the engine forgets the positions
// before the last placement; a plain count over the whole game must end
// every game at the same moment, for the same reason.
func TestRepetitionAgainstFullHistory(t *testing.T) {
	rng := rand.New(rand.NewPCG(7, 1))
	draws := 0
	for _, rules := range []map[string]any{{"size": 3}, {"size": 3, "players": 2}, {"size": 3, "players": 2, "antiRevenge": false}, {"size": 4, "antiRevenge": false}} {
		for i := 0; i < playouts(400); i++ {
			st := newGame(t, rules, "")
			seen := map[string]int{}
			for ply := 0; ; ply++ {
				// The seat to move follows the fixed rotation; ToMove is empty at the end.
				b, _ := json.Marshal(st.Position())
				key := fmt.Sprint(string(b), ply%st.Seats())
				seen[key]++
				out := st.Outcome()
				third := seen[key] == 3
				if third != (out.Reason == "the same position came up for the third time") {
					t.Fatalf("position %s seen %d times, outcome %+v", key, seen[key], out)
				}
				if out.Over() {
					if third {
						draws++
					}
					break
				}
				legal := st.Legal(st.ToMove()[0])
				if err := st.Play(legal[rng.IntN(len(legal))]); err != nil {
					t.Fatal(err)
				}
			}
		}
	}
	if draws == 0 {
		t.Fatal("no game ended by repetition: the test checks nothing")
	}
}

// TestPastHash: PastHash follows what the repetition rule counts. On
// random games, among the states with one Hash (one position), those
// with the same positions since the last placement, each as often
// (worked out here from the whole game), have one PastHash, and those
// with different ones have different PastHashes; so after the 6th and
// the 9th move of a steal cycle (everyone takes a3 in turn) the position
// is the same but, seen once and twice before, its PastHash is not.
func TestPastHash(t *testing.T) {
	cycle := newGame(t, nil, "")
	var after [10]uint64
	for n := 1; n <= 9; n++ {
		if err := cycle.Play(games.Move(cycle.Square(0, 2))); err != nil {
			t.Fatal(err)
		}
		after[n] = cycle.PastHash()
	}
	if after[6] == after[9] {
		t.Error("the same position seen once and twice before has one PastHash")
	}
	rng := rand.New(rand.NewPCG(9, 2))
	histories := 0
	for _, rules := range []map[string]any{{"size": 3}, {"size": 3, "players": 2}, {"size": 3, "antiRevenge": false}} {
		// pasts[Hash][positions counted] is their PastHash, for the games
		// of one rule set.
		pasts := map[uint64]map[string]uint64{}
		for i := 0; i < playouts(300); i++ {
			st := newGame(t, rules, "")
			var since []string
			for !st.Outcome().Over() {
				b, _ := json.Marshal(st.Position())
				since = append(since, fmt.Sprint(string(b), st.ToMove()))
				counted := strings.Join(slices.Sorted(slices.Values(since)), " ")
				byCount := pasts[st.Hash()]
				if byCount == nil {
					byCount = map[string]uint64{}
					pasts[st.Hash()] = byCount
				}
				if h, ok := byCount[counted]; ok && h != st.PastHash() {
					t.Fatalf("%s has two PastHashes", counted)
				}
				for other, h := range byCount {
					if h == st.PastHash() && other != counted {
						t.Fatalf("one PastHash for %s and %s", other, counted)
					}
				}
				byCount[counted] = st.PastHash()
				legal := st.Legal(st.ToMove()[0])
				m := legal[rng.IntN(len(legal))]
				if st.KindAt(int(m)) == revenge.Place {
					since = since[:0]
				}
				if err := st.Play(m); err != nil {
					t.Fatal(err)
				}
			}
		}
		for _, byCount := range pasts {
			histories += len(byCount) - 1
		}
	}
	if histories == 0 {
		t.Fatal("no position came with two histories: the test checks nothing")
	}
	t.Logf("%d more histories than positions", histories)
}

// setupOf writes a state as a setup: its position plus the seat to move.
func setupOf(st *revenge.State) string {
	pos := st.Position().(map[string]any)
	pos["toMove"] = st.ToMove()[0]
	b, _ := json.Marshal(pos)
	return string(b)
}

// TestHashAndQueriesOnRandomPositions: on random positions of every rule
// combination, the hash kept move by move equals the hash of the same
// position set up from scratch; WinningMoves are exactly the legal moves
// that win; Locks are exactly the squares Legal leaves out, each with the
// refusal ParseMove gives; KindAt says what the move is.
func TestHashAndQueriesOnRandomPositions(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 3))
	for _, rules := range allRules() {
		for i := 0; i < max(playouts(10000)/1000, 2); i++ {
			st := newGame(t, rules, "")
			for !st.Outcome().Over() {
				checkQueries(t, rules, st)
				legal := st.Legal(st.ToMove()[0])
				if err := st.Play(legal[rng.IntN(len(legal))]); err != nil {
					t.Fatal(err)
				}
			}
		}
	}
}

func checkQueries(t *testing.T, rules map[string]any, st *revenge.State) {
	t.Helper()
	fresh := newGame(t, rules, setupOf(st))
	if fresh.Hash() != st.Hash() {
		t.Fatalf("hash %x kept by the moves, %x set up from scratch: %s", st.Hash(), fresh.Hash(), setupOf(st))
	}
	seat := st.ToMove()[0]
	legal := map[games.Move]bool{}
	var wins []games.Move
	for _, m := range st.Legal(seat) {
		legal[m] = true
		c := st.Clone().(*revenge.State)
		if err := c.Play(m); err != nil {
			t.Fatal(err)
		}
		if out := c.Outcome(); out.Status == games.Win {
			wins = append(wins, m)
		}
		want := revenge.Place
		switch st.Owner(int(m)) {
		case revenge.NoSeat:
		case seat:
			want = revenge.Reinforce
		default:
			want = revenge.Steal
		}
		if st.KindAt(int(m)) != want || c.LastEvents()[0].Kind != map[revenge.MoveKind]games.EventKind{
			revenge.Place: games.EventEnter, revenge.Reinforce: revenge.EventReinforce, revenge.Steal: revenge.EventSteal}[want] {
			t.Fatalf("%s: kind %v, event %+v, want %v", st.MoveString(seat, m), st.KindAt(int(m)), c.LastEvents(), want)
		}
	}
	if fmt.Sprint(wins) != fmt.Sprint(st.WinningMoves()) {
		t.Fatalf("winning moves %v, by playing them %v: %s", st.WinningMoves(), wins, setupOf(st))
	}
	locks := st.Locks()
	if len(locks)+len(legal) != st.Size()*st.Size() {
		t.Fatalf("%d locks and %d legal moves on %d squares", len(locks), len(legal), st.Size()*st.Size())
	}
	for _, l := range locks {
		tok := st.MoveString(seat, games.Move(l.Square))
		_, err := st.ParseMove(seat, tok)
		if legal[games.Move(l.Square)] || err == nil || err.Error() != tok+": "+l.Err.Error() {
			t.Fatalf("lock %s (%v): legal %v, ParseMove says %v", tok, l.Err, legal[games.Move(l.Square)], err)
		}
	}
}

// TestEvents: a placement, a reinforcement and a steal each report one
// event with the mover, the square and, for a steal, the victim.
func TestEvents(t *testing.T) {
	st := newGame(t, nil, "")
	if st.LastEvents() != nil {
		t.Fatal("events before the first move")
	}
	want := []games.Event{
		{Kind: games.EventEnter, Seat: 0, Piece: revenge.NoSeat, To: "a4", Note: "x places on a4"},
		{Kind: revenge.EventSteal, Seat: 1, Piece: 0, To: "a4", Note: "o a4 steals from x"},
		{Kind: revenge.EventReinforce, Seat: 2, Piece: revenge.NoSeat, To: "b3", Note: "+ reinforces b3"},
	}
	play(t, st, "a4 a4 b3 c1 d1")
	play(t, st, "b3") // + reinforces
	st2 := newGame(t, nil, "")
	for i, tok := range []string{"a4", "a4"} {
		play(t, st2, tok)
		if got := st2.LastEvents(); len(got) != 1 || got[0] != want[i] {
			t.Errorf("%s: events %+v, want %+v", tok, got, want[i])
		}
	}
	if got := st.LastEvents(); len(got) != 1 || got[0] != want[2] {
		t.Errorf("reinforce: events %+v, want %+v", got, want[2])
	}
	if st2.LastSteal(1) != 0 || st2.StolenSquare(1) != "a4" || st2.LastSteal(0) != revenge.NoSeat || st2.StolenSquare(0) != "" {
		t.Errorf("records after a4 a4: o %d %q, x %d %q", st2.LastSteal(1), st2.StolenSquare(1), st2.LastSteal(0), st2.StolenSquare(0))
	}
	if st.LastSteal(1) != revenge.NoSeat || st.StolenSquare(1) != "" {
		t.Errorf("o placed on d1 since its steal: record %d %q", st.LastSteal(1), st.StolenSquare(1))
	}
}

// TestSetupRefusals: every check of section 9 refuses with a reason.
func TestSetupRefusals(t *testing.T) {
	cases := []struct{ setup, want string }{
		{`[1]`, "not a position object"},
		{`{"board":["....","....","...."],"toMove":0}`, "the board must have 4 ranks, not 3"},
		{`{"board":["....","....","....","....."],"toMove":0}`, `rank 1 must have 4 squares, not "....."`},
		{`{"board":["*...","....","....","...."],"toMove":0}`, `"*" on rank 4 is not . or a seat in play (x o +)`},
		{`{"board":["X...","....","....","...."],"toMove":0}`, `"X" on rank 4 is not . or a seat in play`},
		{`{"board":["....","....","....","...."],"lastSteal":{"*":null},"toMove":0}`, `lastSteal: "*" is not a seat in play (x o +)`},
		{`{"board":["....","....","....","...."],"lastSteal":{"x":"x"},"toMove":0}`, `lastSteal: x may only name another seat in play, not "x"`},
		{`{"board":["....","....","....","...."],"lastSteal":{"x":"*"},"toMove":0}`, `lastSteal: x may only name another seat in play, not "*"`},
		{`{"board":["....","....","....","...."]}`, "toMove is missing"},
		{`{"board":["....","....","....","...."],"toMove":3}`, "toMove must be a seat from 0 to 2, not 3"},
		{`{"board":["o...","o...","o...","o..."],"toMove":0}`, "o already owns the a-file"},
		{`{"board":["xox+","+xoo","o++x","xoxo"],"toMove":0}`, "no empty square is left"},
	}
	for _, c := range cases {
		_, err := revenge.Game{}.New(games.Config{Rules: games.Defaults(revenge.Game{}.RuleSpecs()), Setup: json.RawMessage(c.setup)})
		if err == nil || !strings.Contains(err.Error(), c.want) || !strings.HasPrefix(err.Error(), "bad setup: ") {
			t.Errorf("%s: %v, want %q", c.setup, err, c.want)
		}
	}
	// A partial lastSteal is fine; the others are null.
	st := newGame(t, map[string]any{"players": 4}, `{"board":["....","....","....","...*"],"lastSteal":{"*":"o"},"toMove":3}`)
	if got, _ := json.Marshal(st.Position()); string(got) != `{"board":["....","....","....","...*"],"lastSteal":{"*":"o","+":null,"o":null,"x":null}}` {
		t.Errorf("position %s", got)
	}
	if _, err := (revenge.Game{}).New(games.Config{Rules: games.Rules{"size": 9}}); err == nil {
		t.Error("size 9 accepted")
	}
}

// TestCopyIntoIsAClone: a state copied into one used before (a search's
// state for its ply) is the position a clone is (its JSON, hash, legal
// moves and outcome) and plays on alike, and the copy shares nothing the
// original changes when it plays on.
func TestCopyIntoIsAClone(t *testing.T) {
	rng := rand.New(rand.NewPCG(7, 7))
	for _, rules := range allRules() {
		st := newGame(t, rules, "")
		var dst games.State = newGame(t, rules, "")
		for !st.Outcome().Over() {
			legal := st.Legal(st.ToMove()[0])
			dst = games.CloneInto(st, dst)
			clone := st.Clone()
			same := func(what string) {
				t.Helper()
				a, _ := json.Marshal(dst.Position())
				b, _ := json.Marshal(clone.Position())
				legalOf := func(s games.State) []games.Move {
					if to := s.ToMove(); len(to) == 1 {
						return s.Legal(to[0])
					}
					return nil
				}
				if string(a) != string(b) || dst.(*revenge.State).Hash() != clone.(*revenge.State).Hash() ||
					!slices.Equal(legalOf(dst), legalOf(clone)) || fmt.Sprint(dst.Outcome()) != fmt.Sprint(clone.Outcome()) {
					t.Fatalf("%v %s: the copy %s differs from the clone %s", rules, what, a, b)
				}
			}
			same("copied")
			m := legal[rng.IntN(len(legal))]
			if err := st.Play(m); err != nil { // the original moves on; the copy must not
				t.Fatal(err)
			}
			same("after the original played on")
			if !clone.Outcome().Over() {
				if err := dst.Play(m); err != nil {
					t.Fatal(err)
				}
				if err := clone.Play(m); err != nil {
					t.Fatal(err)
				}
				same("both played the same move")
			}
		}
	}
}
