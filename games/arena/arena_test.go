package arena_test

import (
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"os"
	"path/filepath"
	"reflect"
	"sort"
	"strings"
	"testing"

	"github.com/tabulagames/tabula/games"
	"github.com/tabulagames/tabula/games/arena"
	"github.com/tabulagames/tabula/games/gametest"
)

// extra holds the fields of arena.json that gametest.Vector does not read.
type extra struct {
	ID     string `json:"id"`
	Expect struct {
		Blast []string `json:"blast"`
	} `json:"expect"`
}

func loadExtras(t *testing.T) []extra {
	data, err := os.ReadFile(filepath.Join(gametest.TestdataDir(), "arena.json"))
	if err != nil {
		t.Fatal(err)
	}
	var f struct {
		Vectors []extra `json:"vectors"`
	}
	if err := json.Unmarshal(data, &f); err != nil {
		t.Fatal(err)
	}
	return f.Vectors
}

// TestVectors runs every vector through the kit, and checks the blast of
// the last tick (expect.blast) against the play's "blast" events.
func TestVectors(t *testing.T) {
	vf := gametest.LoadVectors(t, "arena")
	ex := loadExtras(t)
	blasts := 0
	for i, v := range vf.Vectors {
		t.Run(v.ID, func(t *testing.T) {
			gametest.CheckVector(t, "arena", v)
			want := ex[i].Expect.Blast
			if want == nil {
				return
			}
			blasts++
			got := blastOf(lastState(t, v).LastEvents())
			if !reflect.DeepEqual(got, want) {
				t.Errorf("blast %v, want %v", got, want)
			}
		})
	}
	if blasts < 5 {
		t.Fatalf("only %d vectors checked a blast", blasts)
	}
}

// TestOurVectors runs our own vectors (games/testdata/arena-ours.json,
// beside the shared arena.json, which `make vectors` overwrites) through
// the same kit: the draw when no one was hurt in 200 turns.
func TestOurVectors(t *testing.T) {
	for _, v := range gametest.LoadVectors(t, "arena-ours").Vectors {
		t.Run(v.ID, func(t *testing.T) { gametest.CheckVector(t, "arena", v) })
	}
}

func lastState(t *testing.T, v gametest.Vector) *arena.State {
	t.Helper()
	rec := &games.Record{Game: "arena", Rules: v.Rules, Seed: v.Seed, Setup: v.Setup, Moves: v.Moves}
	states, err := rec.Replay()
	if err != nil {
		t.Fatal(err)
	}
	return states[len(states)-1].(*arena.State)
}

// blastOf is the sorted set of cells the "blast" events cover.
func blastOf(ev []games.Event) []string {
	set := map[string]bool{}
	for _, e := range ev {
		if e.Kind == games.EventBlast {
			set[e.To] = true
		}
	}
	out := []string{}
	for c := range set {
		out = append(out, c)
	}
	sort.Strings(out)
	if len(out) == 0 {
		return nil
	}
	return out
}

// ruleSets are the house-rule combinations the playouts go through, with
// the share of the games each gets (per mille): every pair of characters
// with the defaults and extreme values. Two Freezers hurt each other only
// by kicking ice into each other, which random play seldom does, so their
// games are long (some 1,500 actions even with health 1): they play few
// games, with health 1. With one action a turn and ice of health 1 they
// can never hurt each other at all (the ice melts at the end of the turn
// it was placed in): only the draw after 200 turns without a hit ends
// those games.
func ruleSets() []struct {
	rules map[string]any
	share int
} {
	type set = struct {
		rules map[string]any
		share int
	}
	var out []set
	extremes := []map[string]any{
		{},
		{"hp": 1, "bombTimer": 1, "iceHP": 1, "actions": 1, "firstActions": 1},
		{"hp": 20, "bombTimer": 10, "iceHP": 20, "actions": 10, "firstActions": 10},
		{"hp": 2, "bombTimer": 2, "iceHP": 3, "actions": 3, "firstActions": 5},
	}
	for _, chars := range [][2]string{{"bomber", "bomber"}, {"bomber", "freezer"}, {"freezer", "bomber"}} {
		for _, x := range extremes {
			r := map[string]any{"p1": chars[0], "p2": chars[1]}
			for k, v := range x {
				r[k] = v
			}
			out = append(out, set{r, 83})
		}
	}
	for _, x := range []set{
		{map[string]any{"hp": 1}, 2},
		{map[string]any{"hp": 1, "iceHP": 20, "actions": 10, "firstActions": 10, "bombTimer": 1}, 2},
		{map[string]any{"actions": 1, "firstActions": 1, "iceHP": 1}, 2},
	} {
		x.rules["p1"], x.rules["p2"] = "freezer", "freezer"
		out = append(out, x)
	}
	return out
}

// TestRandomPlayouts plays 10,000 random games (1,000 with -short) spread
// over the rule sets by their shares (per mille), through the kit's
// property checks.
func TestRandomPlayouts(t *testing.T) {
	n := 10000
	if testing.Short() {
		n = 1000
	}
	for i, s := range ruleSets() {
		games := n * s.share / 1000
		t.Run(fmt.Sprint(s.rules), func(t *testing.T) {
			gametest.RandomPlayouts(t, arena.Game{}, s.rules, games, maxPlies, uint64(i+1))
		})
	}
}

// maxPlies bounds a random game. The draw after 200 turns without a hit
// bounds the turns of a game that could go on forever; the actions of a
// turn are bounded but for the free face, which random play does not
// repeat for long (end is as likely as any other action).
const maxPlies = 100_000

func FuzzParseMove(f *testing.F) {
	for _, s := range []string{"move N", "move E", "face S", "face W", "place", "kick", "end", "move", "move X",
		"Move E", "move  E", "move e", "face", "jump", "", "end ", "\x00", "move N\n", "face NE"} {
		f.Add([]byte{0, 7, 3}, s)
		f.Add([]byte{1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18}, s)
	}
	f.Fuzz(func(t *testing.T, prefix []byte, tok string) {
		gametest.FuzzMove(t, arena.Game{}, prefix, tok)
	})
}

func newGame(t *testing.T, rules map[string]any, setup string) *arena.State {
	t.Helper()
	return gametest.NewState(t, arena.Game{}, rules, setup).(*arena.State)
}

func play(t *testing.T, st games.State, tokens ...string) {
	t.Helper()
	for _, tok := range tokens {
		if err := games.PlayToken(st, tok); err != nil {
			t.Fatalf("%s: %v", tok, err)
		}
	}
}

const centre = `{"board":["#######","#.....#","#.#.#.#","#..1..#","#.#.#.#","#....2#","#######"],
	"bombs":[],"ice":[],"players":[{"at":"d4","hp":5,"facing":"E","character":"bomber"},
	{"at":"f2","hp":5,"facing":"W","character":"freezer"}],"actions":5,"toMove":0}`

// TestSetupRefusals checks every refusal of section 7's setup, and that
// the message says what is wrong.
func TestSetupRefusals(t *testing.T) {
	good := map[string]any{}
	if err := json.Unmarshal([]byte(centre), &good); err != nil {
		t.Fatal(err)
	}
	cases := []struct {
		change func(m map[string]any)
		want   string
	}{
		{func(m map[string]any) { m["board"].([]any)[3] = "#..1.B#" }, "the board shows"},
		{func(m map[string]any) { m["bombs"] = []any{map[string]any{"at": "e4", "timer": 2}} }, "the board shows"},
		{func(m map[string]any) { m["bombs"] = []any{map[string]any{"at": "c3", "timer": 2}} }, "not a floor cell"},
		{func(m map[string]any) { m["ice"] = []any{map[string]any{"at": "d4", "hp": 2}} }, "already taken"},
		{func(m map[string]any) {
			m["board"].([]any)[3] = "#..1B.#"
			m["bombs"] = []any{map[string]any{"at": "e4", "timer": 0}}
		}, "timer from 1"},
		{func(m map[string]any) {
			m["board"].([]any)[3] = "#..1I.#"
			m["ice"] = []any{map[string]any{"at": "e4", "hp": 0}}
		}, "health from 1"},
		{func(m map[string]any) { m["players"].([]any)[1].(map[string]any)["at"] = nil }, "is dead"},
		{func(m map[string]any) { m["players"].([]any)[1].(map[string]any)["hp"] = 0 }, "health from 1"},
		{func(m map[string]any) { m["players"].([]any)[0].(map[string]any)["character"] = "freezer" }, "by the house rules"},
		{func(m map[string]any) { m["players"].([]any)[0].(map[string]any)["facing"] = "X" }, "faces"},
		{func(m map[string]any) { m["actions"] = -1 }, "actions must be"},
		// Section 7: no more than the larger of actions (5) and
		// firstActions (3). A million once made the expert think forever.
		{func(m map[string]any) { m["actions"] = 6 }, "actions must be from 0 to 5 (the most a turn has under these house rules), not 6"},
		{func(m map[string]any) { m["actions"] = 1_000_000 }, "actions must be from 0 to 5"},
		{func(m map[string]any) { m["toMove"] = 2 }, "not a seat"},
		{func(m map[string]any) { delete(m, "toMove") }, "needs board"},
		{func(m map[string]any) { m["board"] = m["board"].([]any)[1:] }, "ranks"},
		{func(m map[string]any) { m["board"].([]any)[0] = "######" }, "cells"},
		{func(m map[string]any) { m["board"].([]any)[2] = "#.....#" }, "the board shows"}, // no pillars
		{func(m map[string]any) { m["extra"] = 1 }, "not a position"},
	}
	for i, c := range cases {
		var m map[string]any
		b, _ := json.Marshal(good)
		_ = json.Unmarshal(b, &m)
		c.change(m)
		raw, _ := json.Marshal(m)
		_, err := arena.Game{}.New(games.Config{Rules: games.Defaults(arena.Game{}.RuleSpecs()), Setup: raw})
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("case %d: error %v, want %q", i, err, c.want)
		}
	}
	newGame(t, nil, centre) // and the unchanged setup is accepted
	// The bound is the larger of the two rules, whichever it is.
	for _, rules := range []map[string]any{{"actions": 3, "firstActions": 10}, {"actions": 10, "firstActions": 1}} {
		if st := newGame(t, rules, strings.Replace(centre, `"actions":5`, `"actions":10`, 1)); st.ActionsLeft() != 10 {
			t.Errorf("%v: %d actions set up, want 10", rules, st.ActionsLeft())
		}
	}
}

// TestCalmDraw is section 6's draw: 200 turns in a row that end with no
// player losing health. The count is part of the state (a clone has it,
// the hash tells it apart) but not of the position, and a hit in a turn
// makes that turn not count.
func TestCalmDraw(t *testing.T) {
	endless := map[string]any{"p1": "freezer", "p2": "freezer", "actions": 1, "firstActions": 1, "iceHP": 1}
	st := newGame(t, endless, "")
	seen := map[uint64]int{}
	for turn := 0; turn < arena.CalmDraw; turn++ {
		if st.CalmTurns() != turn || st.Status() != games.Ongoing {
			t.Fatalf("after %d quiet turns: count %d, status %v", turn, st.CalmTurns(), st.Status())
		}
		if other, ok := seen[st.Hash()]; ok && turn%2 == other%2 {
			t.Fatalf("turns %d and %d: the same position by the same hash, with different counts", other, turn)
		}
		seen[st.Hash()] = turn
		if c := st.Clone().(*arena.State); c.CalmTurns() != turn || c.Hash() != st.Hash() {
			t.Fatalf("a clone counts %d (hash %x), the original %d (hash %x)", c.CalmTurns(), c.Hash(), turn, st.Hash())
		}
		play(t, st, "end")
	}
	out := st.Outcome()
	if out.Status != games.Draw || len(out.Winners) != 0 || out.Reason != "no one was hurt in 200 turns" || !st.CalmDrawn() {
		t.Fatalf("after 200 quiet turns: %+v, calm drawn %v", out, st.CalmDrawn())
	}
	if len(st.ToMove()) != 0 || st.Legal(st.Mover()) != nil {
		t.Fatal("someone may still act after the draw")
	}

	// A hit: the turn it happens in does not count.
	hitRules := map[string]any{"p1": "freezer", "p2": "bomber"}
	st = newGame(t, hitRules,
		`{"board":["#######","#.....#","#.#.#.#","#1I..2#","#.#.#.#","#.....#","#######"],
		"bombs":[],"ice":[{"at":"c4","hp":500}],"players":[{"at":"b4","hp":5,"facing":"E","character":"freezer"},
		{"at":"f4","hp":5,"facing":"W","character":"bomber"}],"actions":5,"toMove":0}`)
	play(t, st, "end", "end")
	before := st.Hash()
	play(t, st, "kick")
	if st.HP(1) != 4 || st.CalmTurns() != 2 {
		t.Fatalf("after the hit: health %d, count %d", st.HP(1), st.CalmTurns())
	}
	play(t, st, "face N", "face E") // back to the same position, hit in this turn
	if st.Hash() == before {
		t.Error("the hash does not tell a turn with a hit apart")
	}
	play(t, st, "end")
	if st.CalmTurns() != 0 {
		t.Errorf("after the turn with the hit: count %d, want 0", st.CalmTurns())
	}
	play(t, st, "end")
	if st.CalmTurns() != 1 {
		t.Errorf("a quiet turn later: count %d, want 1", st.CalmTurns())
	}

	// A setup starts the count at 0, whatever the game it came from.
	if again := newGame(t, hitRules, string(asSetup(t, st))); again.CalmTurns() != 0 {
		t.Errorf("a setup starts at %d", again.CalmTurns())
	}
}

// asSetup is a state's position plus its seat to move, as a setup.
func asSetup(t *testing.T, st *arena.State) []byte {
	t.Helper()
	var m map[string]any
	b, _ := json.Marshal(st.Position())
	if err := json.Unmarshal(b, &m); err != nil {
		t.Fatal(err)
	}
	m["toMove"] = st.Mover()
	b, _ = json.Marshal(m)
	return b
}

// TestEvents checks what a board is told: a place, a kick of ice with its
// slide, hit and health changes, and a blast with its distances.
func TestEvents(t *testing.T) {
	st := newGame(t, map[string]any{"p1": "freezer", "p2": "bomber"},
		`{"board":["#######","#.....#","#.#.#.#","#1I..2#","#.#.#.#","#.....#","#######"],
		"bombs":[],"ice":[{"at":"c4","hp":6}],"players":[{"at":"b4","hp":5,"facing":"E","character":"freezer"},
		{"at":"f4","hp":3,"facing":"W","character":"bomber"}],"actions":5,"toMove":0}`)
	play(t, st, "kick")
	got := kinds(st.LastEvents())
	want := "kick b4>c4; slide c4>e4; health f4=2 seat 1; health e4=5 seat -1"
	if got != want {
		t.Errorf("kick events:\n%s\nwant\n%s", got, want)
	}
	play(t, st, "face S", "place")
	if got, want := kinds(st.LastEvents()), "enter b3=6 seat 0"; got != want {
		t.Errorf("place events %q, want %q", got, want)
	}

	bomb := newGame(t, nil, `{"board":["#######","#.....#","#.#.#.#","#..1..#","#.#.#.#","#B...2#","#######"],
		"bombs":[{"at":"b2","timer":1}],"ice":[],"players":[{"at":"d4","hp":5,"facing":"E","character":"bomber"},
		{"at":"f2","hp":5,"facing":"W","character":"freezer"}],"actions":5,"toMove":0}`)
	play(t, bomb, "end")
	dist := map[string]int{}
	for _, e := range bomb.LastEvents() {
		if e.Kind == games.EventBlast {
			dist[e.To] = e.Delay
		}
	}
	wantDist := map[string]int{"b2": 0, "b3": 1, "b4": 2, "b5": 3, "b6": 4, "c2": 1, "d2": 2, "e2": 3, "f2": 4}
	if !reflect.DeepEqual(dist, wantDist) {
		t.Errorf("blast distances %v, want %v", dist, wantDist)
	}
	if got := kinds(bomb.LastEvents()); !strings.Contains(got, "eliminate f2 seat 1") || !strings.HasPrefix(got, "endTurn seat 0; fuse b2=0") {
		t.Errorf("end events %s", got)
	}
	// The reason calls the loser "the other player": the screen puts in the name.
	if o := bomb.Outcome(); o.Status != games.Win || o.Winners[0] != 0 || o.Reason != "the other player was caught in a blast" {
		t.Errorf("outcome %+v", o)
	}
}

// kinds writes events briefly: kind, from>to or cell=value, seat.
func kinds(ev []games.Event) string {
	var parts []string
	for _, e := range ev {
		s := string(e.Kind)
		switch {
		case e.Kind == games.EventBlast:
			continue
		case e.From != "" && e.To != "":
			s += " " + e.From + ">" + e.To
		case e.Kind == games.EventHealth || e.Kind == games.EventEnter || e.Kind == arena.EventFuse:
			s += fmt.Sprintf(" %s=%d seat %d", e.To, e.Value, e.Seat)
		case e.From != "":
			s += fmt.Sprintf(" %s seat %d", e.From, e.Seat)
		default:
			s += fmt.Sprintf(" seat %d", e.Seat)
		}
		parts = append(parts, s)
	}
	return strings.Join(parts, "; ")
}

// TestMidTurnAndTurnCount: an action (even a free face) puts the seat in
// the middle of its turn; the end of the turn, by end or by a last place,
// counts one turn.
func TestMidTurnAndTurnCount(t *testing.T) {
	st := newGame(t, nil, "")
	if st.MidTurn() || st.Turn() != 0 {
		t.Fatal("a new game is mid-turn")
	}
	play(t, st, "face S")
	if !st.MidTurn() {
		t.Fatal("not mid-turn after a face")
	}
	play(t, st, "end")
	if st.MidTurn() || st.Turn() != 1 || st.ActionsLeft() != 5 {
		t.Fatalf("after end: mid %v turn %d actions %d", st.MidTurn(), st.Turn(), st.ActionsLeft())
	}
	play(t, st, "place", "face N", "move N") // the Freezer places ice on e2 and walks
	if !st.MidTurn() || st.ActionsLeft() != 3 {
		t.Fatal("not mid-turn after moves")
	}
}

// TestReachable is section 9's highlight: the whole budget from where the
// turn started, not shrinking while the player walks, restarting after a
// place; visited cells are remembered.
func TestReachable(t *testing.T) {
	st := newGame(t, nil, centre)
	names := func(cells []int) string {
		var out []string
		for _, c := range cells {
			out = append(out, arena.Square(c))
		}
		sort.Strings(out)
		return strings.Join(out, " ")
	}
	all := "b2 b3 b4 b5 b6 c2 c4 c6 d2 d3 d4 d5 d6 e2 e4 e6 f3 f4 f5 f6"
	if got := names(st.Reachable()); got != all {
		t.Fatalf("start: %s", got)
	}
	play(t, st, "move W", "move W")
	if got := names(st.Reachable()); got != all {
		t.Fatalf("after two moves: %s", got)
	}
	if got := names(st.Visited()); got != "b4 c4 d4" {
		t.Fatalf("visited %s", got)
	}
	play(t, st, "face S", "place") // bomb on b3, 2 actions left from b4
	if got := names(st.Reachable()); got != "b4 b5 b6 c4 d4" {
		t.Fatalf("after the place: %s", got)
	}
}

// TestRefusalsSayWhy: refusals are in a player's words and name the token.
func TestRefusalsSayWhy(t *testing.T) {
	st := newGame(t, nil, "")
	for tok, want := range map[string]string{
		"move N": "wall to the north",
		"face E": "already face east",
		"kick":   "nothing in front",
		"jump":   "not an action",
	} {
		_, err := st.ParseMove(0, tok)
		if err == nil || !strings.Contains(err.Error(), want) {
			t.Errorf("%s: %v, want %q", tok, err, want)
		}
	}
	if _, err := st.ParseMove(1, "end"); err != games.ErrNotYourTurn {
		t.Errorf("seat 2 out of turn: %v", err)
	}
}

// TestHashTellsPositionsApart: over many positions of random games, two
// positions with the same hash are the same position, and the same up to
// facing for TurnKey. (Packing fields into shared bits once made a player
// on d5 with 1 action left and one on c4 with 3 collide.)
func TestHashTellsPositionsApart(t *testing.T) {
	positions := 0
	for set, rs := range ruleSets() {
		byHash, byKey := map[uint64]string{}, map[uint64]string{}
		for game := 0; game < 15; game++ {
			st := newGame(t, rs.rules, "")
			r := rand.New(rand.NewPCG(uint64(set), uint64(game)))
			for st.Status() == games.Ongoing && st.Turn() < 40 {
				pos, _ := json.Marshal(st.Position())
				whole := fmt.Sprint(st.Mover(), string(pos))
				if other, ok := byHash[st.Hash()]; ok && other != whole {
					t.Fatalf("one hash for two positions:\n%s\n%s", other, whole)
				}
				byHash[st.Hash()] = whole
				p := st.Position().(arena.Position)
				for i := range p.Players {
					p.Players[i].Facing = ""
				}
				noFacing, _ := json.Marshal(p)
				upToFacing := fmt.Sprint(st.Mover(), string(noFacing))
				if other, ok := byKey[st.TurnKey()]; ok && other != upToFacing {
					t.Fatalf("one turn key for two positions:\n%s\n%s", other, upToFacing)
				}
				byKey[st.TurnKey()] = upToFacing
				legal := st.Legal(st.Mover())
				if err := st.Play(legal[r.IntN(len(legal))]); err != nil {
					t.Fatal(err)
				}
			}
		}
		positions += len(byHash)
	}
	if positions < 5000 {
		t.Fatalf("only %d positions", positions)
	}
}
