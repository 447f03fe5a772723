package ai

import (
	"context"
	"math/rand/v2"
	"slices"
	"testing"
	"time"

	"github.com/tabulagames/tabula/games"
	"github.com/tabulagames/tabula/games/gametest"
	"github.com/tabulagames/tabula/games/revenge"
)

func revNew(t testing.TB, rules map[string]any, setup string) *revenge.State {
	t.Helper()
	return gametest.NewState(t, revenge.Game{}, rules, setup).(*revenge.State)
}

func revBot(t testing.TB, name string, seed uint64, nodes int64) Bot {
	t.Helper()
	b, err := New("revenge", name, Options{Seed: seed, Nodes: nodes})
	if err != nil {
		t.Fatal(err)
	}
	return b
}

func revChoose(t testing.TB, b Bot, st *revenge.State) string {
	t.Helper()
	seat := st.ToMove()[0]
	a, err := Ask(context.Background(), b, st, seat, ProgressOf(st, 0, 0))
	if err != nil {
		t.Fatal(err)
	}
	return st.MoveString(seat, a.Move)
}

// TestRevengeEval checks the evaluation of section 12 on a hand-counted
// position (units doubled: a line with one mark is 2, two marks 8, three
// 32; halved when another seat owns as many or more of the line).
func TestRevengeEval(t *testing.T) {
	// x: a4 b4 c4 (rank 4), o: a3, +: nothing.
	st := revNew(t, nil, `{"board":["xxx.","o...","....","...."],"toMove":1}`)
	// x: rank 4 with three marks 32; the a-file 1 (o has a3 too, so
	// halved); the b-file, c-file and the a4-d1 diagonal 2 each: 39.
	// o: rank 3 2, the a-file 1: 3. +: 0.
	// Scores: x 39-3 = 36, o 3-39 = -36, + 0-39 = -39.
	scores := make([]int, 3)
	revEvalAll(st, scores)
	if scores[0] != 36 || scores[1] != -36 || scores[2] != -39 {
		t.Fatalf("scores %v, want [36 -36 -39]", scores)
	}
}

// TestRevengeMediumRules checks medium's order of section 12 on random
// positions of several rule sets: it takes a win when there is one;
// otherwise its move leaves the next seat no win whenever some move does;
// it reinforces only when no other move is as safe; and among the moves it
// may choose from it picks one of the best evaluation.
func TestRevengeMediumRules(t *testing.T) {
	rng := rand.New(rand.NewPCG(5, 5))
	checked := map[string]int{}
	for _, rules := range []map[string]any{nil, {"size": 3}, {"players": 2}, {"players": 4, "size": 5}, {"antiRevenge": false}, {"reinforce": false}} {
		for game := 0; game < 40; game++ {
			st := revNew(t, rules, "")
			for !st.Outcome().Over() {
				seat := st.ToMove()[0]
				tok := revChoose(t, revBot(t, "medium", uint64(game), 0), st)
				m, err := st.ParseMove(seat, tok)
				if err != nil {
					t.Fatalf("medium played %s: %v", tok, err)
				}
				checked[revCheckMedium(t, st, seat, m)]++
				legal := st.Legal(seat)
				if err := st.Play(legal[rng.IntN(len(legal))]); err != nil {
					t.Fatal(err)
				}
			}
		}
	}
	for _, kind := range []string{"win", "safe", "unsafe"} {
		if checked[kind] == 0 {
			t.Errorf("no position where medium's choice was %q: %v", kind, checked)
		}
	}
}

// revCheckMedium checks medium's move m on st and says which case it was.
func revCheckMedium(t *testing.T, st *revenge.State, seat int, m games.Move) string {
	t.Helper()
	if wins := st.WinningMoves(); len(wins) > 0 {
		c := st.Clone()
		if err := c.Play(m); err != nil || c.Outcome().Status != games.Win {
			t.Fatalf("medium missed a win %v: %v", wins, st.Position())
		}
		return "win"
	}
	type option struct {
		safe, reinforce bool
		score           int
	}
	opts := map[games.Move]option{}
	anySafe, safeOther := false, false
	for _, l := range st.Legal(seat) {
		c := st.Clone().(*revenge.State)
		if err := c.Play(l); err != nil {
			t.Fatal(err)
		}
		o := option{safe: len(c.WinningMoves()) == 0, reinforce: st.KindAt(int(l)) == revenge.Reinforce, score: revScore(c, seat)}
		opts[l] = o
		anySafe = anySafe || o.safe
		safeOther = safeOther || (o.safe && !o.reinforce)
	}
	got := opts[m]
	if anySafe && !got.safe {
		t.Fatalf("medium played unsafe %s though a safe move exists: %v", st.MoveString(seat, m), st.Position())
	}
	if got.reinforce && (safeOther || !anySafe) {
		t.Fatalf("medium reinforced %s though another move was as safe: %v", st.MoveString(seat, m), st.Position())
	}
	for l, o := range opts {
		if o.safe == got.safe && o.reinforce == got.reinforce && o.score > got.score {
			t.Fatalf("medium played %s (%d) but %s scores %d: %v", st.MoveString(seat, m), got.score, st.MoveString(seat, l), o.score, st.Position())
		}
	}
	if got.safe {
		return "safe"
	}
	return "unsafe"
}

// TestRevengeSearchTactics: hard wins at once, and as the last seat
// before a threat it steals a mark of the threatened line, whatever its
// seed (every move its search scores best does).
func TestRevengeSearchTactics(t *testing.T) {
	hard := revHard(Options{}).(revMaxN)
	// x to move completes rank 4 by stealing d4 from o.
	st := revNew(t, nil, `{"board":["xxxo","o...","+...","...."],"toMove":0}`)
	if best := revBestMoves(t, st, hard); !slices.Equal(best, []string{"d4"}) {
		t.Errorf("hard's best moves are %v, not the win d4", best)
	}
	// + to move; x (next) threatens rank 4 on d4. Only a steal of a4, b4
	// or c4 stops it (a mark on d4 would be stolen back).
	st = revNew(t, nil, `{"board":["xxx.","oo..","+...","...."],"toMove":2}`)
	for _, m := range revBestMoves(t, st, hard) {
		if m != "a4" && m != "b4" && m != "c4" {
			t.Errorf("hard may play %s and let x win on d4", m)
		}
	}
}

// TestRevengeHardSeesStealThenLine: x (hard) to move, and o and + both
// stole from x with their latest moves, so x may take nobody's marks.
//
//	4  o o x .
//	3  . . . .
//	2  . . x +
//	1  x x . .
//	   a b c d
//
// c1 or d1 makes three of rank 1 (c1 three of the c-file too), and +
// must steal a mark of x's or x wins. But o answers by taking c4 from x
// (ply 2); + has to spend its move on x's line (ply 3); x may take
// neither o's marks nor +'s (ply 4); o completes rank 4 on d4 (ply 5).
// At players + 1 = 4 plies the search stops before ply 5, and every move
// it scores best (c1) lets o through; at players + 2 (section 12) hard
// sees o's line, and none of its best moves does, whatever its seed.
func TestRevengeHardSeesStealThenLine(t *testing.T) {
	st := revNew(t, nil, `{"board":["oox.","....","..x+","xx.."],"lastSteal":{"o":"x","+":"x"},"toMove":0}`)
	short := revMaxN{nodes: revHardNodes, extra: 1}
	for _, m := range revBestMoves(t, st, short) {
		if _, lost := revLosesAtPly5(t, st, m); !lost {
			t.Fatalf("at players + 1 plies x may play %s, and o has no steal-then-line after it: the position no longer tells the depths apart", m)
		}
	}
	for _, m := range revBestMoves(t, st, revHard(Options{}).(revMaxN)) {
		if steal, lost := revLosesAtPly5(t, st, m); lost {
			t.Errorf("hard may play %s: o takes %s and completes a line on its next move, whatever + and x do", m, steal)
		}
	}
}

// revLosesAtPly5 plays tok for the seat to move (ply 1) and says whether
// the next seat then has a steal (ply 2) after which it completes a line
// on its next move (ply 5) whatever the others answer: every answer of
// the third seat that does not let the first win at once (there must be
// one) and then every answer of the first seat. It names the steal.
func revLosesAtPly5(t *testing.T, st *revenge.State, tok string) (string, bool) {
	t.Helper()
	first := st.Clone().(*revenge.State)
	if err := games.PlayToken(first, tok); err != nil {
		t.Fatal(err)
	}
	next := first.ToMove()[0]
	for _, steal := range first.Legal(next) {
		if first.KindAt(int(steal)) != revenge.Steal {
			continue
		}
		second := revAfter(t, first, steal)
		if second.Outcome().Over() {
			continue // a win at ply 2, not the line this looks for
		}
		forced, answered := true, false
		for _, a := range second.Legal(second.ToMove()[0]) {
			third := revAfter(t, second, a)
			if third.Outcome().Over() {
				forced = false // the third seat wins
				break
			}
			if len(third.WinningMoves()) > 0 {
				continue // it lets the first seat win: no answer
			}
			answered = true
			for _, b := range third.Legal(third.ToMove()[0]) {
				if fourth := revAfter(t, third, b); fourth.Outcome().Over() || len(fourth.WinningMoves()) == 0 {
					forced = false
					break
				}
			}
			if !forced {
				break
			}
		}
		if forced && answered {
			return first.MoveString(next, steal), true
		}
	}
	return "", false
}

// revAfter is st after move m.
func revAfter(t *testing.T, st *revenge.State, m games.Move) *revenge.State {
	t.Helper()
	c := st.Clone().(*revenge.State)
	if err := c.Play(m); err != nil {
		t.Fatal(err)
	}
	return c
}

// TestRevengeHardDepth: hard's depth (revDepth) is players + 2 plies on
// the default board at its default budget, and on every board size and
// seat count the search to that depth finishes within the node budget on
// the empty board, where every square is a move (here at a budget of
// 100,000 nodes, so the test stays quick; the arithmetic is the same).
func TestRevengeHardDepth(t *testing.T) {
	if d := revDepth(16, 3+2, revHardNodes); d != 5 {
		t.Errorf("4x4, three seats: depth %d at the default budget, want players + 2 = 5", d)
	}
	const nodes = 100_000
	for size := revenge.MinSize; size <= revenge.MaxSize; size++ {
		for players := 2; players <= revenge.MaxSeats; players++ {
			st := revNew(t, map[string]any{"size": size, "players": players}, "")
			want := revDepth(size*size, players+2, nodes)
			hard := revHard(Options{Seed: 1, Nodes: nodes}).(revMaxN)
			r, err := hard.searcher(st).Search(context.Background(), st, 0)
			if err != nil {
				t.Fatal(err)
			}
			if r.Depth != want || r.Nodes > nodes {
				t.Errorf("%dx%d, %d seats: finished depth %d in %d nodes, want depth %d within %d", size, size, players, r.Depth, r.Nodes, want, nodes)
			}
		}
	}
}

// revStealCycle is the game where every seat in turn takes a3 (x places,
// then each steals from the one before), n moves in. After 6 and after 9
// moves the position is the same (a3 +'s, x to move, x stole from +, o
// from x, + from o), but taking a3 again makes the position after the 7th
// move come up the 2nd time after the 6th, and the 3rd time, a draw,
// after the 9th.
func revStealCycle(t testing.TB, n int) *revenge.State {
	st := revNew(t, nil, "")
	for range n {
		if err := games.PlayToken(st, "a3"); err != nil {
			t.Fatal(err)
		}
	}
	return st
}

// TestRevengeTableKeyedOnRepetition: one search table, asked first about
// the steal cycle after 6 moves and then after 9, gives the second the
// value a table of its own finds, not the first's: the same board, steal
// records and seat to move have another future when the position has
// been seen more often. (Keyed by Hash alone, the table handed the 9th
// move's position the 6th's value, where taking a3 is no draw.)
func TestRevengeTableKeyedOnRepetition(t *testing.T) {
	six, nine := revStealCycle(t, 6), revStealCycle(t, 9)
	if six.Hash() != nine.Hash() || six.Outcome().Over() || nine.Outcome().Over() {
		t.Fatal("the two positions of the cycle differ, or the game ended")
	}
	mn := revHard(Options{Seed: 1}).(revMaxN).searcher(six)
	fresh := mn.newSearch(context.Background(), nine, 0)
	if err := fresh.search(nine, 1, 0); err != nil {
		t.Fatal(err)
	}
	want := slices.Clone(fresh.vals[0])
	shared := mn.newSearch(context.Background(), six, 0)
	if err := shared.search(six, 1, 0); err != nil {
		t.Fatal(err)
	}
	if slices.Equal(shared.vals[0], want) {
		t.Fatalf("both positions are worth %v: the test cannot tell the keys apart", want)
	}
	if err := shared.search(nine, 1, 0); err != nil {
		t.Fatal(err)
	}
	if !slices.Equal(shared.vals[0], want) {
		t.Errorf("after the 9th move the shared table says %v, a table of its own %v", shared.vals[0], want)
	}
}

// TestRevengeSearchPlaysOn: after the 9th move of the steal cycle, taking
// a3 again draws by repetition. x owns nothing and + one mark; many moves
// score about 0 for x a round on, as the draw does. Hard plays on rather
// than settle for the draw, whatever its seed: a3 is not among the moves
// its search scores best, the ones its seed chooses between. (Scoring the
// draw 0 like everyone else, hard counted it among its best moves and
// took it for one seed in five.)
func TestRevengeSearchPlaysOn(t *testing.T) {
	st := revStealCycle(t, 9)
	if best := revBestMoves(t, st, revHard(Options{}).(revMaxN)); slices.Contains(best, "a3") {
		t.Errorf("hard counts a3, a draw by repetition, among its best moves %v", best)
	}
}

// revBestMoves lists the moves b's search scores best for the seat to
// move, the ones its seed chooses between: every move searched to b's
// depth, as the last iteration of Search does (revDepth makes sure that
// iteration finishes).
func revBestMoves(t *testing.T, st *revenge.State, b revMaxN) []string {
	t.Helper()
	seat := st.ToMove()[0]
	mn := b.searcher(st)
	s := mn.newSearch(context.Background(), st, seat)
	var best []string
	bestScore := -WinScore - 1
	for _, m := range st.Legal(seat) {
		if err := s.search(revAfter(t, st, m), mn.MaxDepth-1, 1); err != nil {
			t.Fatal(err)
		}
		switch v := s.vals[1][seat]; {
		case v > bestScore:
			best, bestScore = []string{st.MoveString(seat, m)}, v
		case v == bestScore:
			best = append(best, st.MoveString(seat, m))
		}
	}
	return best
}

// TestRevengeBotsLegal plays whole games of every bot under every board
// size and seat count and both switches, through the notation, so every
// move a bot makes must be legal; the search bots on small budgets.
func TestRevengeBotsLegal(t *testing.T) {
	names := revLevels()
	i := 0
	for size := revenge.MinSize; size <= revenge.MaxSize; size++ {
		for players := 2; players <= revenge.MaxSeats; players++ {
			rules := map[string]any{"size": size, "players": players, "antiRevenge": i%2 == 0, "reinforce": i%3 != 0}
			st := revNew(t, rules, "")
			bots := make([]Bot, players)
			for seat := range bots {
				bots[seat] = revBot(t, names[(i+seat)%len(names)], uint64(i), 2_000)
			}
			if _, err := PlayGame(context.Background(), st, 0, bots, 300); err != nil {
				t.Fatalf("rules %v: %v", rules, err)
			}
			i++
		}
	}
}

func revLevels() []string {
	var out []string
	for _, s := range ForGame("revenge") {
		out = append(out, s.Name)
	}
	return out
}

func revMidgame(t testing.TB) *revenge.State {
	st := revNew(t, nil, "")
	for _, tok := range []string{"a4", "b3", "c2", "a4", "d1", "b2"} {
		if err := games.PlayToken(st, tok); err != nil {
			t.Fatal(err)
		}
	}
	return st
}

// TestRevengeDeterministic: the same seed on the same position gives the
// same move, at the default budgets.
func TestRevengeDeterministic(t *testing.T) {
	st := revMidgame(t)
	for _, name := range revLevels() {
		first := revChoose(t, revBot(t, name, 42, 0), st)
		if again := revChoose(t, revBot(t, name, 42, 0), st); again != first {
			t.Errorf("%s: seed 42 played %s then %s", name, first, again)
		}
	}
}

// TestRevengeCancel: a cancelled context stops every bot at once with an
// error (and a legal move or none); a search with no budget stops soon
// after its context is cancelled.
func TestRevengeCancel(t *testing.T) {
	st := revMidgame(t)
	seat := st.ToMove()[0]
	for _, name := range revLevels() {
		if name == "easy" {
			continue // a random choice does no work to stop
		}
		ctx, cancel := context.WithCancel(context.Background())
		cancel()
		m, err := revBot(t, name, 1, 0).Choose(ctx, st.Clone(), seat)
		if err == nil {
			t.Errorf("%s: a cancelled search returned no error", name)
		}
		if m != games.NoMove {
			if err := st.Clone().Play(m); err != nil {
				t.Errorf("%s: illegal move after cancel: %v", name, err)
			}
		}
	}
	big := revNew(t, map[string]any{"size": 6, "players": 4}, "")
	for _, name := range revLevels()[2:] {
		b := revBot(t, name, 1, 1<<40)
		ctx, cancel := context.WithCancel(context.Background())
		done := make(chan error, 1)
		go func() {
			_, err := b.Choose(ctx, big.Clone(), 0)
			done <- err
		}()
		time.Sleep(20 * time.Millisecond)
		cancel()
		select {
		case <-done:
		case <-time.After(5 * time.Second):
			t.Fatalf("%s did not stop within 5 s of cancellation", name)
		}
	}
}

// BenchmarkRevengeHard times hard's move after six moves on the default
// board (4x4, three seats: players + 2 = 5 plies) and on the 6x6 board
// with four seats, where revDepth cuts the depth to 3; and on the empty
// 4x4 board with four seats, its slowest case (5 plies, close to the
// whole budget): go test -run '^$' -bench RevengeHard ./ai/
func BenchmarkRevengeHard(b *testing.B) {
	sixMoves := []string{"a4", "b3", "c2", "a4", "d1", "b2"}
	for _, c := range []struct {
		name  string
		rules map[string]any
		moves []string
	}{
		{"4x4-3seats", nil, sixMoves},
		{"6x6-4seats", map[string]any{"size": 6, "players": 4}, sixMoves},
		{"4x4-4seats-empty", map[string]any{"players": 4}, nil},
	} {
		b.Run(c.name, func(b *testing.B) {
			st := revNew(b, c.rules, "")
			for _, tok := range c.moves {
				if err := games.PlayToken(st, tok); err != nil {
					b.Fatal(err)
				}
			}
			seat := st.ToMove()[0]
			var nodes int64
			for i := 0; i < b.N; i++ {
				hard := revHard(Options{Seed: uint64(i)}).(revMaxN)
				r, err := hard.searcher(st).Search(context.Background(), st, seat)
				if err != nil {
					b.Fatal(err)
				}
				nodes += r.Nodes
				b.ReportMetric(float64(r.Depth), "depth")
			}
			b.ReportMetric(float64(nodes)/float64(b.N), "nodes/op")
		})
	}
}
