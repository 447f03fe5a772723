package ai

import (
	"context"
	"testing"

	"github.com/tabulagames/tabula/games"
	"github.com/tabulagames/tabula/games/gametest"
)

// hintPositions is how many random turns each game's busy position for
// the hint benchmark is: well into the game, with the board full of
// choices (the slowest of plies 0 to 40 of the
// seed-7 game, measured with each game's strongest bot).
var hintPositions = map[string]int{
	"classic": 3, "checkerboard": 10, "infiltration": 30, "alcazar": 2,
	"revenge": 8, "knights": 8, "arena": 40,
}

// BenchmarkHint asks each game's hint bot (HintBot) for a move on a busy
// mid-game position, the way the game screen's Hint button does: every
// hint must answer in well under a second on a two-core machine.
func BenchmarkHint(b *testing.B) {
	for id, plies := range hintPositions {
		b.Run(id, func(b *testing.B) {
			g, ok := games.Lookup(id)
			if !ok {
				b.Fatalf("no game %s", id)
			}
			_, st := gametest.LongGame(b, g, nil, plies, 7)
			seat := st.ToMove()[0]
			name, nodes := HintBot(id)
			b.ResetTimer()
			for i := 0; i < b.N; i++ {
				bot, err := New(id, name, Options{Seed: uint64(i), Nodes: nodes})
				if err != nil {
					b.Fatal(err)
				}
				if _, err := Ask(context.Background(), bot, st, seat, ProgressOf(st, 1, plies)); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}
