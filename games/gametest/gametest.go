// Package gametest is the test kit every game uses: the shared vectors of
// shared/testdata, a random-playout property test, a move-parser fuzz body
// and long random games for benchmarks. It imports games only, so any
// game's tests can use it.
package gametest

import (
	"encoding/json"
	"errors"
	"fmt"
	"math/rand/v2"
	"os"
	"path/filepath"
	"reflect"
	"runtime"
	"slices"
	"strconv"
	"testing"

	"github.com/tabulagames/tabula/games"
)

// VectorFile is one shared/testdata/<game>.json.
type VectorFile struct {
	Game    string   `json:"game"`
	About   string   `json:"about"`
	Vectors []Vector `json:"vectors"`
}

// Vector is one test case of a VectorFile.
type Vector struct {
	ID     string          `json:"id"`
	About  string          `json:"about"`
	Rules  map[string]any  `json:"rules"`
	Seed   int64           `json:"seed"`
	Setup  json.RawMessage `json:"setup"`
	Moves  []string        `json:"moves"`
	Expect struct {
		Status   *string        `json:"status"`
		Winners  []int          `json:"winners"`
		ToMove   []int          `json:"toMove"`
		Position map[string]any `json:"position"`
		Legal    any            `json:"legal"`
	} `json:"expect"`
	Reject []struct {
		Move string `json:"move"`
		Why  string `json:"why"`
	} `json:"reject"`
}

// TestdataDir is games/testdata, a copy of shared/testdata kept in the
// repository so a clean clone tests itself (`make vectors` refreshes it).
func TestdataDir() string {
	_, file, _, _ := runtime.Caller(0)
	return filepath.Join(filepath.Dir(file), "..", "testdata")
}

// LoadVectors reads the vector file of a game.
func LoadVectors(t testing.TB, game string) VectorFile {
	t.Helper()
	data, err := os.ReadFile(filepath.Join(TestdataDir(), game+".json"))
	if err != nil {
		t.Fatalf("vectors: %v", err)
	}
	var vf VectorFile
	if err := json.Unmarshal(data, &vf); err != nil {
		t.Fatalf("vectors of %s: %v", game, err)
	}
	if len(vf.Vectors) == 0 {
		t.Fatalf("vectors of %s: none", game)
	}
	return vf
}

// normalize turns any value into the shape encoding/json gives back, so
// positions compare by their JSON meaning.
func normalize(v any) any {
	b, err := json.Marshal(v)
	if err != nil {
		return fmt.Sprintf("<unmarshalable: %v>", err)
	}
	var out any
	_ = json.Unmarshal(b, &out)
	return out
}

// RunVectors checks every vector of the game's file as a subtest.
func RunVectors(t *testing.T, game string) {
	vf := LoadVectors(t, game)
	for _, v := range vf.Vectors {
		t.Run(v.ID, func(t *testing.T) { CheckVector(t, game, v) })
	}
}

// CheckVector replays one vector and checks what it expects.
func CheckVector(t *testing.T, game string, v Vector) {
	t.Helper()
	rec := &games.Record{Game: game, Rules: v.Rules, Seed: v.Seed, Setup: v.Setup, Moves: v.Moves}
	states, err := rec.Replay()
	if err != nil {
		t.Fatalf("%s: replay: %v", v.About, err)
	}
	st := states[len(states)-1]
	out := st.Outcome()
	e := v.Expect
	if e.Status != nil && out.Status.String() != *e.Status {
		t.Errorf("status = %s, want %s (%s)", out.Status, *e.Status, v.About)
	}
	if e.Winners != nil && !slices.Equal(out.Winners, e.Winners) {
		t.Errorf("winners = %v, want %v", out.Winners, e.Winners)
	}
	if e.ToMove != nil && !slices.Equal(st.ToMove(), e.ToMove) {
		t.Errorf("toMove = %v, want %v", st.ToMove(), e.ToMove)
	}
	if e.Position != nil {
		got, _ := normalize(st.Position()).(map[string]any)
		for k, want := range e.Position {
			if !reflect.DeepEqual(got[k], normalize(want)) {
				t.Errorf("position.%s = %s, want %s", k, js(got[k]), js(want))
			}
		}
	}
	if e.Legal != nil {
		got := normalize(games.LegalTokens(st))
		if !reflect.DeepEqual(got, normalize(e.Legal)) {
			t.Errorf("legal = %s\nwant %s", js(got), js(e.Legal))
		}
	}
	for _, r := range v.Reject {
		before, hash := js(st.Position()), st.Hash()
		c := st.Clone()
		err := games.PlayToken(c, r.Move)
		if err == nil {
			t.Errorf("move %q was accepted; want refused (%s)", r.Move, r.Why)
		} else if !IsRefusal(err) {
			t.Errorf("move %q was refused with a fault, not in a player's words (games.Refuse): %v", r.Move, err)
		}
		if js(c.Position()) != before || c.Hash() != hash {
			t.Errorf("refused move %q changed the state", r.Move)
		}
	}
}

// IsRefusal says whether err is, or wraps, a refusal in a player's words
// (games.Refusal) rather than a fault.
func IsRefusal(err error) bool {
	var r *games.Refusal
	return errors.As(err, &r)
}

func js(v any) string { b, _ := json.Marshal(v); return string(b) }

// RandomPlayouts plays n games of random legal moves and checks at every
// step that nothing panics, the seat to move has a legal move and the one
// drawn is accepted; that the game ends within maxTurns; and that the
// whole game replays from its notation to the same position. On the first
// 50 games and on every 16th turn after that it also checks that every
// legal move round-trips through its notation, and that a clone hashes
// alike, is not changed by a move on its original and reaches the same
// position by the same move. (Those are the costly checks: with them on
// every turn, long games would not fit a -race run.)
//
// The environment variable TABULA_PLAYOUTS, when set to a number N,
// replaces n: every call, that is every rule set a game's playout test
// goes through, plays exactly N games (for long runs:
// TABULA_PLAYOUTS=100000 go test ./games/...). Games leave the variable
// to the kit, so it means the same in every game.
func RandomPlayouts(t *testing.T, g games.Game, rules map[string]any, n, maxTurns int, seed uint64) {
	t.Helper()
	playouts(t, g, rules, n, maxTurns, false, seed)
}

// CappedPlayouts is RandomPlayouts for rule sets whose random games run
// for tens of thousands of turns: a game still going after plyCap turns
// stops there. It gets every check but those of the end, its replay
// included, and is counted, not failed; the count is reported with t.Logf
// and returned.
func CappedPlayouts(t *testing.T, g games.Game, rules map[string]any, n, plyCap int, seed uint64) (atCap int) {
	t.Helper()
	return playouts(t, g, rules, n, plyCap, true, seed)
}

// playoutsEnv reads TABULA_PLAYOUTS: the number of games per rule set, or
// 0 when unset.
func playoutsEnv(t *testing.T) int {
	v := os.Getenv("TABULA_PLAYOUTS")
	if v == "" {
		return 0
	}
	n, err := strconv.Atoi(v)
	if err != nil || n < 1 {
		t.Fatalf("TABULA_PLAYOUTS=%q: want a number of games from 1", v)
	}
	return n
}

// playouts is RandomPlayouts (capped false: a game longer than maxTurns
// fails) and CappedPlayouts (capped true: it is counted).
func playouts(t *testing.T, g games.Game, rules map[string]any, n, maxTurns int, capped bool, seed uint64) (atCap int) {
	t.Helper()
	if env := playoutsEnv(t); env > 0 {
		n = env
	}
	valid, err := games.ValidateRules(g.RuleSpecs(), rules)
	if err != nil {
		t.Fatalf("rules: %v", err)
	}
	rng := rand.New(rand.NewPCG(seed, 0x7AB1A))
	for i := 0; i < n; i++ {
		gameSeed := int64(rng.Uint64())
		st, err := g.New(games.Config{Rules: valid, Seed: gameSeed})
		if err != nil {
			t.Fatalf("new: %v", err)
		}
		var tokens []string
		turns := 0
		for !st.Outcome().Over() {
			if turns >= maxTurns && capped {
				atCap++
				break
			}
			if turns >= maxTurns {
				t.Fatalf("game %d did not end within %d turns", i, maxTurns)
			}
			to := st.ToMove()
			if len(to) == 0 {
				t.Fatalf("game %d: ongoing but nobody to move", i)
			}
			full := i < 50 || turns%16 == 0
			moves := make([]games.Move, len(to))
			for j, seat := range to {
				legal := st.Legal(seat)
				if len(legal) == 0 {
					t.Fatalf("game %d: seat %d to move has no legal move", i, seat)
				}
				if full {
					for _, m := range legal {
						tok := st.MoveString(seat, m)
						back, err := st.ParseMove(seat, tok)
						if err != nil || back != m {
							t.Fatalf("game %d: move %d of seat %d writes as %q which reads back as %d (%v)", i, m, seat, tok, back, err)
						}
					}
				}
				moves[j] = legal[rng.IntN(len(legal))]
			}
			var c games.State
			var before string
			if full { // the clone checks
				c = st.Clone()
				if c.Hash() != st.Hash() {
					t.Fatalf("game %d: clone hashes differently", i)
				}
				before = js(st.Position())
			}
			tokens = append(tokens, games.FormatTurn(st, moves))
			if err := st.Play(moves...); err != nil {
				t.Fatalf("game %d: legal move refused: %v", i, err)
			}
			if full {
				if js(c.Position()) != before {
					t.Fatalf("game %d: playing on the original changed its clone", i)
				}
				if err := c.Play(moves...); err != nil || c.Hash() != st.Hash() || js(c.Position()) != js(st.Position()) {
					t.Fatalf("game %d: clone and original differ after the same move (%v)", i, err)
				}
			}
			turns++
		}
		if st.Outcome().Over() {
			if len(st.ToMove()) != 0 {
				t.Fatalf("game %d: over but %v to move", i, st.ToMove())
			}
			if err := st.Play(games.Move(0)); err == nil {
				t.Fatalf("game %d: a move was accepted after the end", i)
			} else if !IsRefusal(err) {
				t.Fatalf("game %d: a move after the end was refused with a fault: %v", i, err)
			}
		}
		// Replay as Record.Replay does, without keeping a clone of every
		// state (long games would spend more time copying than playing).
		rec := &games.Record{Game: g.ID(), Rules: rules, Seed: gameSeed, Moves: tokens}
		_, last, err := rec.Start()
		if err != nil {
			t.Fatalf("game %d: replay: %v", i, err)
		}
		for ply, tok := range tokens {
			if err := games.PlayToken(last, tok); err != nil {
				t.Fatalf("game %d: replay of %v: move %d (%s): %v", i, tokens, ply, tok, err)
			}
		}
		if last.Hash() != st.Hash() || js(last.Position()) != js(st.Position()) {
			t.Fatalf("game %d: replay from notation reached another position", i)
		}
	}
	if capped {
		t.Logf("%d of %d games reached the %d-ply cap", atCap, n, maxTurns)
	}
	return atCap
}

// FuzzMove is the body of a move-parser fuzz target: it plays a few random
// moves chosen by the fuzzer's bytes, then feeds it a token. The parser must
// not panic, and anything it accepts must be a legal move.
func FuzzMove(t *testing.T, g games.Game, prefix []byte, token string) {
	st, err := g.New(games.Config{Rules: games.Defaults(g.RuleSpecs())})
	if err != nil {
		t.Fatal(err)
	}
	for _, b := range prefix {
		to := st.ToMove()
		if len(to) == 0 {
			break
		}
		moves := make([]games.Move, len(to))
		for j, seat := range to {
			legal := st.Legal(seat)
			moves[j] = legal[int(b)%len(legal)]
		}
		if err := st.Play(moves...); err != nil {
			t.Fatal(err)
		}
	}
	before := js(st.Position())
	moves, err := games.ParseTurn(st, token)
	if err != nil {
		if js(st.Position()) != before {
			t.Fatalf("refused token %q changed the state", token)
		}
		if !IsRefusal(err) {
			t.Fatalf("token %q was refused with a fault, not in a player's words (games.Refuse): %v", token, err)
		}
		return
	}
	to := st.ToMove()
	for j, m := range moves {
		found := false
		for _, l := range st.Legal(to[j]) {
			found = found || l == m
		}
		if !found {
			t.Fatalf("token %q parsed to a move that is not legal", token)
		}
	}
}

// LongGame plays up to plies random legal turns, each chosen among those
// that do not end the game, for benchmarks and tests that need a long
// game: a position deep into a game, and its record to replay. When every
// turn would end the game (a draw rule closing in), it takes back turns,
// twice as many at each try, and plays on from there with other turns; it
// stops short only when going back maxTakeBack turns does not help. The
// game is a pure function of the rules and seed.
func LongGame(tb testing.TB, g games.Game, rules map[string]any, plies int, seed uint64) (*games.Record, games.State) {
	tb.Helper()
	rec := &games.Record{Game: g.ID(), Rules: rules}
	_, st, err := rec.Start()
	if err != nil {
		tb.Fatalf("long game: %v", err)
	}
	rng := rand.New(rand.NewPCG(seed, 0x10C6))
	states := []games.State{st} // states[i]: the position after i turns
	back, stuckAt := 1, 0
	for len(rec.Moves) < plies && !st.Outcome().Over() {
		next, moves, err := nextNotEnding(st, rng)
		if err != nil {
			tb.Fatalf("long game, ply %d: %v", len(rec.Moves), err)
		}
		if next == nil {
			if back > maxTakeBack || len(rec.Moves) == 0 {
				break
			}
			if len(rec.Moves) > stuckAt {
				back, stuckAt = 1, len(rec.Moves)
			}
			n := len(rec.Moves) - min(back, len(rec.Moves))
			rec.Moves, states = rec.Moves[:n], states[:n+1]
			st, back = states[n], back*2
			continue
		}
		rec.Moves = append(rec.Moves, games.FormatTurn(st, moves))
		states = append(states, next)
		st = next
	}
	return rec, st
}

// maxTakeBack is how far LongGame goes back at most to avoid the end.
const maxTakeBack = 4096

// nextNotEnding plays a random turn on a clone of st whose result is not
// over, trying the turns in random order; nil if every turn ends the game.
// A simultaneous turn tries the seats' shuffled moves side by side, not
// every combination: enough to walk past the rare ending combination.
func nextNotEnding(st games.State, rng *rand.Rand) (games.State, []games.Move, error) {
	to := st.ToMove()
	legal := make([][]games.Move, len(to))
	tries := 0
	for j, seat := range to {
		legal[j] = st.Legal(seat)
		if len(legal[j]) == 0 {
			return nil, nil, fmt.Errorf("seat %d to move has no legal move", seat)
		}
		rng.Shuffle(len(legal[j]), func(a, b int) { legal[j][a], legal[j][b] = legal[j][b], legal[j][a] })
		tries = max(tries, len(legal[j]))
	}
	for k := 0; k < tries; k++ {
		moves := make([]games.Move, len(to))
		for j := range to {
			moves[j] = legal[j][k%len(legal[j])]
		}
		c := st.Clone()
		if err := c.Play(moves...); err != nil {
			return nil, nil, fmt.Errorf("legal move refused: %v", err)
		}
		if !c.Outcome().Over() {
			return c, moves, nil
		}
	}
	return nil, nil, nil
}

// NewState makes a state of g from raw house rules (validated here) and
// an optional setup (NOTATION.md; "" = the usual start), failing the test
// on any error: the one way game tests build their positions.
func NewState(t testing.TB, g games.Game, rules map[string]any, setup string) games.State {
	t.Helper()
	r, err := games.ValidateRules(g.RuleSpecs(), rules)
	if err != nil {
		t.Fatal(err)
	}
	cfg := games.Config{Rules: r}
	if setup != "" {
		cfg.Setup = json.RawMessage(setup)
	}
	st, err := g.New(cfg)
	if err != nil {
		t.Fatal(err)
	}
	return st
}

// SampleRecords gives a save record of every registered game (import
// games/all first), in picker order: of each game's vectors, the one with
// the most moves that replays without an error. Fuzz targets of save
// files start from them, so that every game's rules are reached.
func SampleRecords(tb testing.TB) []*games.Record {
	tb.Helper()
	var out []*games.Record
	for _, g := range games.All() {
		var best *games.Record
		for _, v := range LoadVectors(tb, g.ID()).Vectors {
			rec := &games.Record{Game: g.ID(), Rules: v.Rules, Seed: v.Seed, Setup: v.Setup, Moves: v.Moves}
			if _, err := rec.Final(); err == nil && (best == nil || len(rec.Moves) > len(best.Moves)) {
				best = rec
			}
		}
		if best == nil || len(best.Moves) == 0 {
			tb.Fatalf("no vector of %s replays a move", g.ID())
		}
		out = append(out, best)
	}
	return out
}
