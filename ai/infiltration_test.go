package ai

import (
	"context"
	"encoding/json"
	"fmt"
	"os"
	"strings"
	"testing"
	"time"

	"github.com/tabulagames/tabula/games"
	"github.com/tabulagames/tabula/games/gametest"
	_ "github.com/tabulagames/tabula/games/infiltration"
)

func infNew(t testing.TB, rules map[string]any, setup string) games.State {
	t.Helper()
	g, _ := games.Lookup("infiltration")
	return gametest.NewState(t, g, rules, setup)
}

// infSetup writes a movement-phase setup from 8 rows (rank 8 first).
func infSetup(rows [8]string, toMove int, xMen, oMen int) string {
	b, _ := json.Marshal(map[string]any{
		"board": rows,
		"hand": map[string]any{"X": map[string]int{"men": xMen, "kings": 0},
			"O": map[string]int{"men": oMen, "kings": 0}},
		"phase": "movement", "toMove": toMove,
	})
	return string(b)
}

// A midgame reached by a fixed line of play, for speed and determinism tests.
func infMidgame(t testing.TB) games.State {
	st := infNew(t, nil, "")
	for _, tok := range strings.Fields("@d4 @e5 @e4 @d5 @c3 @f6 @f3 @c6 @b2 @g7 @g2 @b7 @a1 @h8 @h1 @a8 e5-f4") {
		if err := games.PlayToken(st, tok); err != nil {
			t.Fatal(tok, err)
		}
	}
	return st
}

var infLevels = []string{"easy", "medium", "hard"}

// Small budgets for tests: a bot is a pure function of state, seed and budget.
func infTestBot(t testing.TB, name string, seed uint64) Bot {
	t.Helper()
	nodes := int64(0)
	switch name {
	case "medium":
		nodes = 3_000
	case "hard":
		nodes = 6_000
	}
	b, err := New("infiltration", name, Options{Seed: seed, Nodes: nodes})
	if err != nil {
		t.Fatal(err)
	}
	return b
}

// TestInfiltrationWinInOne: every level takes an immediate win.
func TestInfiltrationWinInOne(t *testing.T) {
	cases := []struct {
		name  string
		rules map[string]any
		setup string
		want  []string
	}{
		{"step completes rank 7", nil, infSetup([8]string{
			"........",
			"xxx.....",
			"..x.....",
			"........",
			"...o....",
			"........",
			"o...o...",
			"........"}, 0, 0, 0), []string{"c6-d7"}},
		{"O completes rank 2 and must not be distracted by a capture", nil, infSetup([8]string{
			"........",
			"...x....",
			"....o...",
			".....x..",
			"........",
			"....o...",
			"ooo.....",
			"........"}, 1, 0, 0), []string{"e3-d2"}},
		{"capture completes the line", nil, infSetup([8]string{
			"XXX.....",
			"....o...",
			".....x..",
			"........",
			"....o...",
			"........",
			"........",
			"........"}, 0, 0, 0), []string{"f6xd8"}},
		{"X wins although O threatens too", nil, infSetup([8]string{
			"........",
			"x.xx....",
			"..x.....",
			"........",
			"........",
			"....o...",
			"ooo.....",
			"........"}, 0, 0, 0), []string{"c6-b7"}},
	}
	for _, c := range cases {
		for _, name := range infLevels {
			for seed := uint64(0); seed < 3; seed++ {
				st := infNew(t, c.rules, c.setup)
				seat := st.ToMove()[0]
				m, err := infTestBot(t, name, seed).Choose(context.Background(), st.Clone(), seat)
				if err != nil {
					t.Fatal(err)
				}
				tok := st.MoveString(seat, m)
				ok := false
				for _, w := range c.want {
					ok = ok || w == tok
				}
				if !ok {
					t.Errorf("%s: %s (seed %d) played %s, want %v", c.name, name, seed, tok, c.want)
				}
			}
		}
	}
}

// TestInfiltrationHardBlocks: hard never allows an avoidable loss in one.
// In each position the opponent threatens to complete a four next move and
// the bot has exactly the moves that stop it as good answers.
func TestInfiltrationHardBlocks(t *testing.T) {
	cases := []struct {
		name  string
		setup string
	}{
		{"O threatens d2: X must block or capture", infSetup([8]string{
			"........",
			"........",
			"........",
			"........",
			"........",
			"..x.o...",
			"ooo.....",
			"....x..."}, 0, 0, 0)},
		{"X threatens d7 by c6-d7: O must occupy d7 or capture", infSetup([8]string{
			"........",
			"xxx.....",
			"..x.....",
			"........",
			"........",
			"........",
			".....o.o",
			"........"}, 1, 0, 1)},
		{"X threatens a diagonal a5 b6 c7 d8", infSetup([8]string{
			"........",
			"..x.x...",
			".x......",
			"x.......",
			"........",
			"........",
			"......o.",
			"........"}, 1, 0, 2)},
	}
	for _, c := range cases {
		for seed := uint64(0); seed < 3; seed++ {
			st := infNew(t, nil, c.setup)
			seat := st.ToMove()[0]
			m, err := infTestBot(t, "hard", seed).Choose(context.Background(), st.Clone(), seat)
			if err != nil {
				t.Fatal(err)
			}
			after := st.Clone()
			if err := after.Play(m); err != nil {
				t.Fatal(err)
			}
			if lose, how := infLosesInOne(after, seat); lose {
				t.Errorf("%s: hard (seed %d) played %s and loses to %s", c.name, seed, st.MoveString(seat, m), how)
			}
			// The test position must really have a way out and a way to lose.
			safe, unsafe := 0, 0
			for _, mm := range st.Legal(seat) {
				c2 := st.Clone()
				c2.Play(mm)
				if l, _ := infLosesInOne(c2, seat); l {
					unsafe++
				} else {
					safe++
				}
			}
			if safe == 0 || unsafe == 0 {
				t.Fatalf("%s: bad test position (%d safe, %d losing moves)", c.name, safe, unsafe)
			}
		}
	}
}

// infLosesInOne reports whether the opponent of seat, to move at st, can win
// with one action (a multi-jump chain counts as one action).
func infLosesInOne(st games.State, seat int) (bool, string) {
	out := st.Outcome()
	if out.Over() {
		return out.Status == games.Win && out.Winners[0] != seat, "the end"
	}
	opp := st.ToMove()[0]
	if opp == seat {
		return false, ""
	}
	for _, m := range st.Legal(opp) {
		c := st.Clone()
		c.Play(m)
		o := c.Outcome()
		if o.Status == games.Win && o.Winners[0] == opp {
			return true, st.MoveString(opp, m)
		}
		if !o.Over() && c.ToMove()[0] == opp {
			if l, how := infLosesInOne(c, seat); l {
				return true, st.MoveString(opp, m) + " " + how
			}
		}
	}
	return false, ""
}

// TestInfiltrationBotsLegal plays short bot games under several rule sets,
// through the notation, so every move a bot makes must be legal.
func TestInfiltrationBotsLegal(t *testing.T) {
	ruleSets := []map[string]any{
		nil,
		{"pieces": 4, "forcedCapture": true, "multiJump": true, "pie": true},
		{"pieces": 5, "movement": "free", "kings": false},
		{"pieces": 4, "captures": false, "pie": true},
	}
	for i, rules := range ruleSets {
		for j, pair := range [][2]string{{"easy", "medium"}, {"hard", "easy"}, {"medium", "hard"}} {
			st := infNew(t, rules, "")
			bots := []Bot{infTestBot(t, pair[0], uint64(i*10+j)), infTestBot(t, pair[1], uint64(i*10+j+1))}
			if _, err := PlayGame(context.Background(), st, 0, bots, 30); err != nil {
				t.Fatalf("rules %v, %v: %v", rules, pair, err)
			}
		}
	}
}

// TestInfiltrationPie: with the pie rule, a bot as O answers X's first
// piece with swap or a placement, both legal, and keeps playing.
func TestInfiltrationPie(t *testing.T) {
	for _, first := range []string{"@a1", "@d4", "@e4", "@h4"} {
		for _, name := range []string{"medium", "hard"} {
			st := infNew(t, map[string]any{"pie": true}, "")
			if err := games.PlayToken(st, first); err != nil {
				t.Fatal(err)
			}
			m, err := infTestBot(t, name, 1).Choose(context.Background(), st.Clone(), 1)
			if err != nil {
				t.Fatal(err)
			}
			if err := st.Clone().Play(m); err != nil {
				t.Fatalf("%s after %s: %v", name, first, err)
			}
			t.Logf("%s answers %s with %s", name, first, st.MoveString(1, m))
		}
	}
}

func TestInfiltrationDeterministic(t *testing.T) {
	st := infMidgame(t)
	for _, name := range infLevels {
		var first string
		for k := 0; k < 2; k++ {
			m, err := infTestBot(t, name, 42).Choose(context.Background(), st.Clone(), st.ToMove()[0])
			if err != nil {
				t.Fatal(err)
			}
			tok := st.MoveString(st.ToMove()[0], m)
			if k == 0 {
				first = tok
			} else if tok != first {
				t.Errorf("%s: seed 42 played %s then %s", name, first, tok)
			}
		}
	}
}

// TestInfiltrationCancel: a cancelled context stops every bot at once
// with a legal move or an error, also at the full default budget.
func TestInfiltrationCancel(t *testing.T) {
	st := infMidgame(t)
	seat := st.ToMove()[0]
	for _, name := range infLevels {
		b, _ := New("infiltration", name, Options{Seed: 1})
		ctx, cancel := context.WithCancel(context.Background())
		cancel()
		m, err := b.Choose(ctx, st.Clone(), seat)
		if err == nil {
			t.Errorf("%s: a cancelled search returned no error", name)
		}
		if m != games.NoMove {
			if err := st.Clone().Play(m); err != nil {
				t.Errorf("%s: illegal move after cancel: %v", name, err)
			}
		}
	}
	// Cancelled while thinking: hard with an unlimited budget must return soon.
	b, _ := New("infiltration", "hard", Options{Seed: 1, Nodes: 1 << 40})
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan error, 1)
	go func() {
		_, err := b.Choose(ctx, st.Clone(), seat)
		done <- err
	}()
	time.Sleep(50 * time.Millisecond)
	cancel()
	select {
	case <-done:
	case <-time.After(5 * time.Second):
		t.Fatal("hard did not stop within 5 s of cancellation")
	}
}

// TestInfiltrationLadder measures each level against the one below over
// 200 games with seats alternated (TABULA_LADDER=1). TABULA_LADDER_GAMES
// changes the number of games.
func TestInfiltrationLadder(t *testing.T) {
	if os.Getenv("TABULA_LADDER") != "1" {
		t.Skip("set TABULA_LADDER=1 to run the ladder")
	}
	n := 200
	fmt.Sscan(os.Getenv("TABULA_LADDER_GAMES"), &n)
	pairs := [][2]string{{"medium", "easy"}, {"hard", "medium"}}
	if p := os.Getenv("TABULA_LADDER_PAIR"); p != "" {
		a, b, _ := strings.Cut(p, ",")
		pairs = [][2]string{{a, b}}
	}
	// TABULA_LADDER_NODES=name=n,... overrides a level's node budget
	// (the hard level's one-second default is too slow for 200 games here).
	budget := map[string]int64{}
	for _, kv := range strings.Split(os.Getenv("TABULA_LADDER_NODES"), ",") {
		if k, v, ok := strings.Cut(kv, "="); ok {
			var n int64
			fmt.Sscan(v, &n)
			budget[k] = n
		}
	}
	g, _ := games.Lookup("infiltration")
	rules := games.Defaults(g.RuleSpecs())
	for _, pair := range pairs {
		start := time.Now()
		var wins [2]int
		draws, plies := 0, 0
		for i := 0; i < n; i++ {
			// Game i seats pair[i%2] as X, as ai.Match does.
			bots := make([]Bot, 2)
			for seat := 0; seat < 2; seat++ {
				name := pair[(seat+i)%2]
				b, err := New("infiltration", name, Options{Seed: uint64(1_000_003 + i*31 + seat), Nodes: budget[name]})
				if err != nil {
					t.Fatal(err)
				}
				bots[seat] = b
			}
			st, _ := g.New(games.Config{Rules: rules, Seed: int64(i)})
			gr, err := PlayGame(context.Background(), st, 0, bots, 1000)
			if err != nil {
				t.Fatal(err)
			}
			plies += gr.Turns
			if gr.Outcome.Status == games.Win {
				wins[(gr.Outcome.Winners[0]+i)%2]++
			} else {
				draws++
			}
			if (i+1)%20 == 0 {
				t.Logf("  %d games: %v %d-%d, draws %d, %v", i+1, pair, wins[0], wins[1], draws, time.Since(start).Round(time.Second))
			}
		}
		score := (float64(wins[0]) + float64(draws)/2) / float64(n)
		t.Logf("%s vs %s: %d games, wins %d-%d, draws %d, score %.1f%%, %.0f plies a game, budgets %v (%v)", pair[0], pair[1], n, wins[0], wins[1], draws, 100*score, float64(plies)/float64(n), budget, time.Since(start).Round(time.Second))
		if score < 0.64 {
			t.Errorf("%s scored %.1f%% against %s; want at least 64%%", pair[0], 100*score, pair[1])
		}
	}
}

// BenchmarkInfiltrationHard reports the hard bot's search speed.
func BenchmarkInfiltrationHard(b *testing.B) {
	st := infMidgame(b)
	seat := st.ToMove()[0]
	var nodes int64
	var elapsed time.Duration
	depth := 0
	for i := 0; i < b.N; i++ {
		ab := infSearcher(Options{Seed: uint64(i)}, 0, infHardNodes, 4, 18)
		t0 := time.Now()
		r, err := ab.Search(context.Background(), st.Clone(), seat)
		elapsed += time.Since(t0)
		if err != nil {
			b.Fatal(err)
		}
		nodes += r.Nodes
		depth += r.Depth
	}
	b.ReportMetric(float64(depth)/float64(b.N), "depth")
	b.ReportMetric(float64(nodes)/elapsed.Seconds(), "nodes/s")
	b.ReportMetric(float64(nodes)/float64(b.N), "nodes/move")
}
