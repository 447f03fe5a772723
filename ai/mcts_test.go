package ai

import (
	"context"
	"encoding/json"
	"testing"

	"github.com/tabulagames/tabula/games"
	"github.com/tabulagames/tabula/games/classic"
)

func TestMCTSClassic(t *testing.T) {
	cases := []struct {
		rows   [3]string
		toMove int
		want   string
	}{
		{[3]string{"XX.", "OO.", "..."}, 0, "c3"}, // win at once
		{[3]string{"XX.", "O..", "..."}, 1, "c3"}, // block
	}
	for _, c := range cases {
		setup, _ := json.Marshal(map[string]any{"board": c.rows, "toMove": c.toMove})
		st, err := classic.Game{}.New(games.Config{Setup: setup})
		if err != nil {
			t.Fatal(err)
		}
		bot := &MCTS{Iterations: 3000, Seed: 1}
		m, n, err := bot.Search(context.Background(), st, c.toMove)
		if err != nil || n != 3000 {
			t.Fatal(err, n)
		}
		if got := st.MoveString(c.toMove, m); got != c.want {
			t.Errorf("%v: mcts plays %s, want %s", c.rows, got, c.want)
		}
		again, _, _ := (&MCTS{Iterations: 3000, Seed: 1}).Search(context.Background(), st, c.toMove)
		if again != m {
			t.Errorf("not deterministic")
		}
	}
}

// higher is a one-turn simultaneous game: both seats name 0, 1 or 2 at
// once; the higher number wins, equal numbers draw.
type higher struct {
	done   bool
	picked [2]int
}

func (h *higher) Seats() int { return 2 }
func (h *higher) ToMove() []int {
	if h.done {
		return []int{}
	}
	return []int{0, 1}
}
func (h *higher) Legal(seat int) []games.Move {
	if h.done {
		return nil
	}
	return []games.Move{0, 1, 2}
}
func (h *higher) Play(moves ...games.Move) error {
	if h.done || len(moves) != 2 {
		return games.ErrGameOver
	}
	h.picked = [2]int{int(moves[0]), int(moves[1])}
	h.done = true
	return nil
}
func (h *higher) Outcome() games.Outcome {
	switch {
	case !h.done:
		return games.Outcome{}
	case h.picked[0] > h.picked[1]:
		return games.Outcome{Status: games.Win, Winners: []int{0}}
	case h.picked[1] > h.picked[0]:
		return games.Outcome{Status: games.Win, Winners: []int{1}}
	}
	return games.Outcome{Status: games.Draw}
}
func (h *higher) Hash() uint64                              { return uint64(h.picked[0]*3+h.picked[1]) + 100*uint64(btoi(h.done)) }
func (h *higher) Position() any                             { return h.picked }
func (h *higher) MoveString(int, games.Move) string         { return "" }
func (h *higher) ParseMove(int, string) (games.Move, error) { return games.NoMove, games.ErrGameOver }
func (h *higher) Clone() games.State                        { c := *h; return &c }

func btoi(b bool) int {
	if b {
		return 1
	}
	return 0
}

// TestMCTSSimultaneous: decoupled UCT finds the dominant choice for both seats.
func TestMCTSSimultaneous(t *testing.T) {
	for seat := 0; seat < 2; seat++ {
		m, _, err := (&MCTS{Iterations: 2000, Seed: 3}).Search(context.Background(), &higher{}, seat)
		if err != nil || m != 2 {
			t.Fatalf("seat %d: %v %v, want 2", seat, m, err)
		}
	}
}
