package ai

import (
	"context"
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"os"
	"strconv"
	"testing"
	"time"

	"github.com/tabulagames/tabula/games"
)

func cbFrom(t testing.TB, rules map[string]any, rows []string, toMove int) games.State {
	t.Helper()
	g, _ := games.Lookup("checkerboard")
	valid, err := games.ValidateRules(g.RuleSpecs(), rules)
	if err != nil {
		t.Fatal(err)
	}
	var setup json.RawMessage
	if rows != nil {
		setup, _ = json.Marshal(map[string]any{"board": rows, "toMove": toMove})
	}
	st, err := g.New(games.Config{Rules: valid, Setup: setup})
	if err != nil {
		t.Fatal(err)
	}
	return st
}

// cbTestNodes keeps the tests quick: far below hard's default budget, but
// deep enough (several plies) for wins and blocks in one.
const cbTestNodes = 20_000

var cbBots = []string{"easy", "medium", "hard"}

func cbBot(t testing.TB, name string, seed uint64, nodes int64) Bot {
	t.Helper()
	if name == "medium" {
		nodes = 0 // two plies: its own budget is never reached
	}
	b, err := New("checkerboard", name, Options{Seed: seed, Nodes: nodes})
	if err != nil {
		t.Fatal(err)
	}
	return b
}

// winsInOne lists the moves that win at once for the seat to move.
func winsInOne(st games.State) []games.Move {
	seat := st.ToMove()[0]
	var out []games.Move
	for _, m := range st.Legal(seat) {
		c := st.Clone()
		c.Play(m)
		if o := c.Outcome(); o.Status == games.Win && o.Winners[0] == seat {
			out = append(out, m)
		}
	}
	return out
}

// losesInOne reports whether, after the mover's move m, the opponent can
// win at once.
func losesInOne(st games.State, m games.Move) bool {
	c := st.Clone()
	c.Play(m)
	if c.Outcome().Over() {
		return false
	}
	return len(winsInOne(c)) > 0
}

func TestCheckerboardBotsWinInOne(t *testing.T) {
	cases := []struct {
		rules  map[string]any
		rows   []string
		toMove int
		want   string
	}{
		// X has a8 b8 c8: d8 wins (O threatens c1 too; winning comes first).
		{nil, []string{"XXX.....", "........", "........", "........", "........", "........", "........", "OO.O...."}, 0, "d8"},
		// O a4 a3 a2 on the a-file: a1 wins (a5 would be in O's own half).
		{nil, []string{"XX......", "X.......", "........", "........", "O.......", "O.......", "O.......", "........"}, 1, "a1"},
		// overlines=false: X c5 d6 e7, O holds b4 at the low end: f8 makes exactly four.
		{map[string]any{"overlines": false}, []string{"........", "....X...", "...X....", "..X.....", ".O......", "........", "OO......", "........"}, 0, "f8"},
		// fifo off, size 10, line 5: X b10 c10 d10 e10 + f10 wins (a10 is O's).
		{map[string]any{"size": 10, "line": 5}, []string{"OXXXX.....", "..........", "..........", "..........", "..........", "..........", "..........", "..........", "..........", "OOO......."}, 0, "f10"},
	}
	for _, c := range cases {
		st := cbFrom(t, c.rules, c.rows, c.toMove)
		wins := winsInOne(st)
		if len(wins) != 1 || st.MoveString(c.toMove, wins[0]) != c.want {
			t.Fatalf("bad test position %v: wins %v", c.rows, wins)
		}
		for _, name := range cbBots {
			for seed := uint64(0); seed < 3; seed++ {
				m, err := cbBot(t, name, seed, cbTestNodes).Choose(context.Background(), st.Clone(), c.toMove)
				if err != nil {
					t.Fatal(err)
				}
				if got := st.MoveString(c.toMove, m); got != c.want {
					t.Errorf("%s missed the win %s in %v: played %s", name, c.want, c.rows, got)
				}
			}
		}
	}
}

func TestCheckerboardBotsBlock(t *testing.T) {
	cases := []struct {
		rules  map[string]any
		rows   []string
		toMove int
		want   string
	}{
		// O threatens d1 (a1 b1 c1); X has nothing in one: X must block d1.
		{nil, []string{"X.......", ".X......", "........", "........", "........", "........", "........", "OOO....."}, 0, "d1"},
		// X threatens a8 (a7 a6 a5 on the file); O must block.
		{nil, []string{"........", "X.......", "X.......", "X.......", "........", "........", "........", "O.O....."}, 1, "a8"},
	}
	for _, c := range cases {
		st := cbFrom(t, c.rules, c.rows, c.toMove)
		for _, name := range cbBots {
			for seed := uint64(0); seed < 3; seed++ {
				m, err := cbBot(t, name, seed, cbTestNodes).Choose(context.Background(), st.Clone(), c.toMove)
				if err != nil {
					t.Fatal(err)
				}
				if got := st.MoveString(c.toMove, m); got != c.want {
					t.Errorf("%s did not block %s in %v: played %s", name, c.want, c.rows, got)
				}
			}
		}
	}
}

// TestCheckerboardHardTactics plays many random positions (random games
// cut short, under several rule sets) and checks hard there: it takes a win
// in one whenever there is one, and never plays a move that lets the
// opponent win at once when another move would not.
func TestCheckerboardHardTactics(t *testing.T) {
	ruleSets := []map[string]any{nil, {"overlines": false}, {"line": 3, "size": 6}, {"fifo": 5}, {"fifo": 4, "overlines": false, "line": 3}}
	rng := rand.New(rand.NewPCG(11, 12))
	checked, wins, blocks := 0, 0, 0
	for _, rules := range ruleSets {
		for g := 0; g < 40; g++ {
			st := cbFrom(t, rules, nil, 0)
			plies := 6 + rng.IntN(30)
			for i := 0; i < plies && !st.Outcome().Over(); i++ {
				legal := st.Legal(st.ToMove()[0])
				st.Play(legal[rng.IntN(len(legal))])
			}
			if st.Outcome().Over() {
				continue
			}
			seat := st.ToMove()[0]
			winning := winsInOne(st)
			safe := 0
			for _, m := range st.Legal(seat) {
				if !losesInOne(st, m) {
					safe++
				}
			}
			if len(winning) == 0 && safe == len(st.Legal(seat)) {
				continue // nothing to test here
			}
			checked++
			m, err := cbBot(t, "hard", uint64(g), cbTestNodes).Choose(context.Background(), st.Clone(), seat)
			if err != nil {
				t.Fatal(err)
			}
			if len(winning) > 0 {
				wins++
				c := st.Clone()
				c.Play(m)
				if o := c.Outcome(); o.Status != games.Win {
					t.Errorf("%v %v: hard missed a win in one, played %s", rules, st.Position(), st.MoveString(seat, m))
				}
				continue
			}
			if safe > 0 {
				blocks++
				if losesInOne(st, m) {
					t.Errorf("%v %v: hard allowed a win in one with %s", rules, st.Position(), st.MoveString(seat, m))
				}
			}
		}
	}
	if wins < 10 || blocks < 10 {
		t.Fatalf("too few test positions: %d wins, %d blocks of %d", wins, blocks, checked)
	}
}

// TestCheckerboardBotsLegalAndDeterministic plays short games under several
// rule sets: every bot's move is legal (PlayGame refuses anything else) and
// the same seeds give the same game.
func TestCheckerboardBotsLegalAndDeterministic(t *testing.T) {
	ruleSets := []map[string]any{nil, {"size": 6, "line": 3, "fifo": 3, "overlines": false, "firstPlayer": "O"}, {"size": 10, "fifo": 6}}
	for _, rules := range ruleSets {
		for i, pair := range [][2]string{{"easy", "medium"}, {"hard", "easy"}, {"medium", "hard"}} {
			var first []string
			for rep := 0; rep < 2; rep++ {
				st := cbFrom(t, rules, nil, 0)
				bots := []Bot{cbBot(t, pair[0], uint64(i), 3000), cbBot(t, pair[1], uint64(i)+100, 3000)}
				gr, err := PlayGame(context.Background(), st, 0, bots, 60)
				if err != nil {
					t.Fatalf("%v %v: %v", rules, pair, err)
				}
				if rep == 0 {
					first = gr.Moves
				} else if fmt.Sprint(first) != fmt.Sprint(gr.Moves) {
					t.Fatalf("%v %v: same seeds, different games:\n%v\n%v", rules, pair, first, gr.Moves)
				}
			}
		}
	}
}

func TestCheckerboardHardCancel(t *testing.T) {
	st := cbFrom(t, nil, nil, 0)
	games.PlayToken(st, "d5")
	bot, _ := New("checkerboard", "hard", Options{Nodes: 1 << 40})
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan struct{})
	var m games.Move
	go func() {
		m, _ = bot.Choose(ctx, st.Clone(), 1)
		close(done)
	}()
	time.Sleep(50 * time.Millisecond)
	cancel()
	select {
	case <-done:
	case <-time.After(5 * time.Second):
		t.Fatal("hard did not stop after cancel")
	}
	if err := st.Clone().Play(m); err != nil {
		t.Fatalf("cancelled search gave an illegal move: %v", err)
	}
	// Already cancelled: still a legal move, and an error.
	m, err := bot.Choose(ctx, st.Clone(), 1)
	if err == nil {
		t.Fatal("no error from a cancelled search")
	}
	if err := st.Clone().Play(m); err != nil {
		t.Fatalf("illegal move: %v", err)
	}
}

// TestCheckerboardLadder plays each level against the one below, 200 games
// with seats alternated, default rules. Only with TABULA_LADDER=1 (it
// takes long); TABULA_LADDER_NODES overrides hard's node budget.
func TestCheckerboardLadder(t *testing.T) {
	if os.Getenv("TABULA_LADDER") != "1" {
		t.Skip("set TABULA_LADDER=1 to run the ladder")
	}
	n := 200
	if v, err := strconv.Atoi(os.Getenv("TABULA_LADDER_GAMES")); err == nil {
		n = v
	}
	var nodes int64
	if v, err := strconv.ParseInt(os.Getenv("TABULA_LADDER_NODES"), 10, 64); err == nil {
		nodes = v
	}
	pairs := [][2]string{{"medium", "easy"}, {"hard", "medium"}}
	if p := os.Getenv("TABULA_LADDER_PAIR"); p == "1" {
		pairs = pairs[1:]
	} else if p == "0" {
		pairs = pairs[:1]
	}
	for _, pair := range pairs {
		start := time.Now()
		wins, draws := [2]int{}, 0
		for i := 0; i < n; i++ {
			// Game i: the upper bot is X in even games, O in odd ones.
			seatOf := [2]int{i % 2, 1 - i%2} // seat of pair[0], pair[1]
			bots := make([]Bot, 2)
			for k := 0; k < 2; k++ {
				o := Options{Seed: uint64(i)*31 + uint64(k) + 7}
				if pair[k] == "hard" {
					o.Nodes = nodes
				}
				b, err := New("checkerboard", pair[k], o)
				if err != nil {
					t.Fatal(err)
				}
				bots[seatOf[k]] = b
			}
			gr, err := PlayGame(context.Background(), cbFrom(t, nil, nil, 0), 0, bots, 1000)
			if err != nil {
				t.Fatal(err)
			}
			switch {
			case gr.Outcome.Status == games.Win && gr.Outcome.Winners[0] == seatOf[0]:
				wins[0]++
			case gr.Outcome.Status == games.Win:
				wins[1]++
			default:
				draws++
			}
			if (i+1)%20 == 0 {
				t.Logf("  %s vs %s after %d games: %d-%d, %d draws (%v)", pair[0], pair[1], i+1, wins[0], wins[1], draws, time.Since(start).Round(time.Second))
			}
		}
		pts := float64(wins[0]) + float64(draws)/2
		t.Logf("%s vs %s, %d games (hard nodes %d): %s wins %d, %s wins %d, draws %d; points %.1f-%.1f (%.1f%%) in %v",
			pair[0], pair[1], n, nodes, pair[0], wins[0], pair[1], wins[1], draws, pts, float64(n)-pts, 100*pts/float64(n), time.Since(start).Round(time.Second))
		if pts < 0.64*float64(n) {
			t.Errorf("%s scored %.1f of %d against %s: below 64%%", pair[0], pts, n, pair[1])
		}
	}
}

// BenchmarkCheckerboardHard measures hard's search speed on a middle-game
// position with its default budget: ns/op is the time of one move.
func BenchmarkCheckerboardHard(b *testing.B) {
	st := cbFrom(b, nil, []string{"........", "........", "...X....", "....X...", "...O....", "....O...", "........", "........"}, 0)
	var nodes int64
	depth := 0
	for b.Loop() {
		r, err := cbHard{}.search(context.Background(), st.Clone(), 0)
		if err != nil || r.Move == games.NoMove {
			b.Fatal(err)
		}
		nodes += r.Nodes
		depth = r.Depth
	}
	b.ReportMetric(float64(nodes)/b.Elapsed().Seconds(), "nodes/s")
	b.ReportMetric(float64(depth), "depth")
	b.ReportMetric(float64(nodes)/float64(b.N), "nodes/move")
}

// TestCheckerboardBotReusedAcrossRules: a bot made once may play games with
// other rules (the UI keeps its bots between games).
func TestCheckerboardBotReusedAcrossRules(t *testing.T) {
	for _, name := range cbBots {
		bot := cbBot(t, name, 1, 2000)
		for _, rules := range []map[string]any{{"size": 6, "line": 3}, {"size": 12, "line": 6}, nil} {
			st := cbFrom(t, rules, nil, 0)
			for i := 0; i < 6 && !st.Outcome().Over(); i++ {
				m, err := bot.Choose(context.Background(), st.Clone(), st.ToMove()[0])
				if err != nil {
					t.Fatal(err)
				}
				if err := st.Play(m); err != nil {
					t.Fatalf("%s %v: %v", name, rules, err)
				}
			}
		}
	}
}
