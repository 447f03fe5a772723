package referee

import (
	"testing"

	"github.com/tabulagames/tabula/online/protocol"
)

// BenchmarkGame plays whole games through the referee with random
// people, every message built and checked: the referee's cost per game.
func BenchmarkGame(b *testing.B) {
	for _, tc := range []struct {
		name string
		cfg  Config
	}{
		{"classic", Config{Game: "classic", Seats: []protocol.SeatRequest{person("Ana"), person("Ben")}}},
		{"knights-fog-4", Config{Game: "knights", Rules: map[string]any{"players": 4.0, "fog": true}, Seats: []protocol.SeatRequest{person("A"), person("B"), person("C"), person("D")}}},
	} {
		b.Run(tc.name, func(b *testing.B) {
			t := &testing.T{}
			plies := 0
			for i := 0; i < b.N; i++ {
				cfg := tc.cfg
				cfg.Seed = int64(i)
				tb := newTable(t, cfg)
				tb.playOut()
				plies += len(tb.r.tokens)
				tb.r.Close()
			}
			b.ReportMetric(float64(plies)/float64(b.N), "turns/game")
		})
	}
}
