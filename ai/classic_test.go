package ai

import (
	"context"
	"encoding/json"
	"sort"
	"testing"

	"github.com/tabulagames/tabula/games"
	"github.com/tabulagames/tabula/games/classic"
)

// oracle is a plain minimax without pruning, written independently of the
// searcher: the value of the position for the seat to move, counted as
// WinScore-plies for a win and -(WinScore-plies) for a loss.
func oracle(st games.State, ply int) int {
	out := st.Outcome()
	if out.Over() {
		if out.Status == games.Draw {
			return 0
		}
		return -(WinScore - ply) // the previous mover won
	}
	best := -WinScore - 1
	for _, m := range st.Legal(st.ToMove()[0]) {
		c := st.Clone()
		c.Play(m)
		best = max(best, -oracle(c, ply+1))
	}
	return best
}

func classicFrom(t *testing.T, rows [3]string, toMove int) games.State {
	t.Helper()
	setup, _ := json.Marshal(map[string]any{"board": rows, "toMove": toMove})
	st, err := classic.Game{}.New(games.Config{Setup: setup})
	if err != nil {
		t.Fatal(err)
	}
	return st
}

// TestClassicHardIsPerfect checks every reachable position where the game
// is still going: the hard bot's move (under several seeds) must have the
// oracle's best value, so it never lets a win or draw slip, takes the
// fastest win and drags a loss out longest.
func TestClassicHardIsPerfect(t *testing.T) {
	seen := map[uint64]bool{}
	var positions []games.State
	var walk func(s games.State)
	walk = func(s games.State) {
		if seen[s.Hash()] || s.Outcome().Over() {
			return
		}
		seen[s.Hash()] = true
		positions = append(positions, s)
		for _, m := range s.Legal(s.ToMove()[0]) {
			c := s.Clone()
			c.Play(m)
			walk(c)
		}
	}
	st, _ := classic.Game{}.New(games.Config{})
	walk(st)
	if len(positions) != 4520 { // 5478 legal positions minus the 958 finished ones
		t.Fatalf("%d ongoing positions", len(positions))
	}
	for _, p := range positions {
		seat := p.ToMove()[0]
		best := oracle(p, 0)
		for seed := uint64(0); seed < 3; seed++ {
			bot, _ := New("classic", "hard", Options{Seed: seed})
			m, err := bot.Choose(context.Background(), p.Clone(), seat)
			if err != nil {
				t.Fatal(err)
			}
			c := p.Clone()
			if err := c.Play(m); err != nil {
				t.Fatalf("illegal move: %v", err)
			}
			if got := -oracle(c, 1); got != best {
				t.Fatalf("position %v: hard played %s worth %d, best is %d", p.Position(), p.MoveString(seat, m), got, best)
			}
		}
	}
}

// TestClassicHardNeverLoses plays hard from both seats against every
// possible line of the opponent.
func TestClassicHardNeverLoses(t *testing.T) {
	for botSeat := 0; botSeat < 2; botSeat++ {
		bot, _ := New("classic", "hard", Options{Seed: 7})
		played := 0
		var play func(s games.State)
		play = func(s games.State) {
			out := s.Outcome()
			if out.Over() {
				played++
				if out.Status == games.Win && out.Winners[0] != botSeat {
					t.Fatalf("hard (seat %d) lost: %v", botSeat, s.Position())
				}
				return
			}
			seat := s.ToMove()[0]
			if seat == botSeat {
				m, _ := bot.Choose(context.Background(), s, seat)
				c := s.Clone()
				c.Play(m)
				play(c)
				return
			}
			for _, m := range s.Legal(seat) {
				c := s.Clone()
				c.Play(m)
				play(c)
			}
		}
		st, _ := classic.Game{}.New(games.Config{})
		play(st)
		if played == 0 {
			t.Fatal("no games played")
		}
	}
}

// TestClassicHardExamples are the positions of the spec's table.
func TestClassicHardExamples(t *testing.T) {
	cases := []struct {
		rows   [3]string
		toMove int
		want   []string
	}{
		{[3]string{"XX.", "OO.", "X.."}, 1, []string{"c2"}},
		{[3]string{"XXO", "X.O", "..."}, 1, []string{"c1"}},
		{[3]string{"XX.", ".O.", "..."}, 1, []string{"c3"}},
		{[3]string{"X..", ".O.", "..X"}, 1, []string{"a2", "b1", "b3", "c2"}},
		{[3]string{"X..", "...", "..."}, 1, []string{"b2"}},
		{[3]string{"...", ".X.", "..."}, 1, []string{"a1", "a3", "c1", "c3"}},
		{[3]string{".X.", "...", "..."}, 1, []string{"a3", "b1", "b2", "c3"}},
		{[3]string{"X.O", ".X.", "..."}, 1, []string{"c1"}},
	}
	for _, c := range cases {
		st := classicFrom(t, c.rows, c.toMove)
		got := map[string]bool{}
		for seed := uint64(0); seed < 40; seed++ {
			bot, _ := New("classic", "hard", Options{Seed: seed})
			m, err := bot.Choose(context.Background(), st, c.toMove)
			if err != nil {
				t.Fatal(err)
			}
			got[st.MoveString(c.toMove, m)] = true
		}
		var list []string
		for k := range got {
			list = append(list, k)
		}
		sort.Strings(list)
		if len(list) != len(c.want) {
			t.Errorf("%v: hard plays %v, want exactly %v", c.rows, list, c.want)
			continue
		}
		for i := range list {
			if list[i] != c.want[i] {
				t.Errorf("%v: hard plays %v, want %v", c.rows, list, c.want)
				break
			}
		}
	}
}

func TestClassicLadder(t *testing.T) {
	res, err := Match(context.Background(), MatchConfig{Game: "classic", Bots: []string{"hard", "easy"}, Games: 40, Seed: 3})
	if err != nil {
		t.Fatal(err)
	}
	if res.Wins[1] != 0 || res.Wins[0] < 20 {
		t.Fatalf("hard vs easy: %+v", res)
	}
	// Every move of a tic-tac-toe game is one bot decision: 5 to 9 a
	// game, and with seats rotated each bot makes at least 2 per game.
	if d := res.Decisions[0] + res.Decisions[1]; d < 40*5 || d > 40*9 || res.Decisions[1] < 40*2 || res.Think[0] <= 0 {
		t.Fatalf("decisions %v, thinking %v", res.Decisions, res.Think)
	}
	// Same seed, same games.
	again, _ := Match(context.Background(), MatchConfig{Game: "classic", Bots: []string{"hard", "easy"}, Games: 40, Seed: 3})
	if again.Wins[0] != res.Wins[0] || again.Draws != res.Draws {
		t.Fatalf("match not deterministic: %+v vs %+v", res, again)
	}
}

func TestSearchCancelled(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	st, _ := classic.Game{}.New(games.Config{})
	bot, _ := New("classic", "hard", Options{})
	m, err := bot.Choose(ctx, st, 0)
	if err == nil {
		t.Fatal("a cancelled search returned no error")
	}
	if err := st.Clone().Play(m); err != nil {
		t.Fatalf("even a cancelled search must give a legal move: %v", err)
	}
}
