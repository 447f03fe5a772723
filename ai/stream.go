package ai

import (
	"context"
	"fmt"

	"github.com/tabulagames/tabula/games"
	"github.com/tabulagames/tabula/games/rng"
)

// StreamAt is where a game's own stream stands at the start of the turn
// after states[len(states)-1], as knights section 4.2 fixes it: the stream
// as the setup left it, then, for every completed turn, the decision of
// every seat played by a bot that draws from it (Spec.GameStream), in seat
// order, on that turn's starting position, with its draws consumed.
// states are the game's states, one per turn token (states[0] the start);
// seats the seat table of the save. It returns nil for a game without a
// stream.
func StreamAt(game string, states []games.State, seats []games.SeatInfo, seed int64) (*rng.Stream, error) {
	if len(states) == 0 {
		return nil, nil
	}
	st, ok := states[0].(games.Streamer)
	if !ok {
		return nil, nil
	}
	stream := st.GameStream()
	drawers := streamBots(game, seats)
	if len(drawers) == 0 {
		return &stream, nil
	}
	for k := 0; k+1 < len(states); k++ {
		// A bot's goroutine replays a whole game here before it thinks:
		// in the browser it pauses like a search (yield.go).
		yield()
		if err := drawFor(context.Background(), game, drawers, states[k], seed, k, &stream); err != nil {
			return nil, fmt.Errorf("turn %d: %w", k+1, err)
		}
	}
	return &stream, nil
}

// streamBots makes, for every seat played by a bot that draws from the
// game stream, that bot (nil entries elsewhere).
func streamBots(game string, seats []games.SeatInfo) map[int]Bot {
	out := map[int]Bot{}
	for i, s := range seats {
		if s.Human() {
			continue
		}
		if spec, err := Find(game, s.Bot); err == nil && spec.GameStream {
			out[i] = spec.New(Options{})
		}
	}
	return out
}

// drawFor runs the decisions of the stream-drawing bots of one turn, in
// seat order, advancing the stream.
func drawFor(ctx context.Context, game string, drawers map[int]Bot, st games.State, seed int64, tokens int, stream *rng.Stream) error {
	for _, seat := range st.ToMove() {
		b, ok := drawers[seat]
		if !ok {
			continue
		}
		d := ProgressOf(st, seed, tokens)
		d.Stream = stream
		if _, err := Ask(ctx, b, st, seat, d); err != nil {
			return err
		}
	}
	return nil
}

// DrawsFromGame reports whether a named bot draws from the game's stream.
func DrawsFromGame(game, name string) bool {
	spec, err := Find(game, name)
	return err == nil && spec.GameStream
}
