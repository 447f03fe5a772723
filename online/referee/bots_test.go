package referee

import (
	"context"
	"errors"
	"strings"
	"testing"

	"github.com/tabulagames/tabula/ai"
	"github.com/tabulagames/tabula/games"
	"github.com/tabulagames/tabula/online/protocol"
)

// Two bots that misbehave, for tic-tac-toe only, in this test binary only.
type brokenBot struct{}

func (brokenBot) Choose(ctx context.Context, st games.State, seat int) (games.Move, error) {
	return games.NoMove, errors.New("broken")
}

type slowBot struct{}

func (slowBot) Choose(ctx context.Context, st games.State, seat int) (games.Move, error) {
	<-ctx.Done()
	return games.NoMove, ctx.Err()
}

func init() {
	ai.Register(ai.Spec{Game: "classic", Name: "test-broken", Level: 90, New: func(ai.Options) ai.Bot { return brokenBot{} }})
	ai.Register(ai.Spec{Game: "classic", Name: "test-slow", Level: 91, New: func(ai.Options) ai.Bot { return slowBot{} }})
}

// TestBrokenBot: a bot that fails is replaced for the move by its seat's
// first legal move; the game goes on to its end.
func TestBrokenBot(t *testing.T) {
	tb := newTable(t, Config{Game: "classic", Seed: 1, Seats: []protocol.SeatRequest{bot("test-broken"), person("Ben")}})
	tb.playOut()
	g, _ := games.Lookup("classic")
	st, _ := g.New(games.Config{Rules: games.Defaults(g.RuleSpecs()), Seed: 1})
	if tb.r.tokens[0] != st.MoveString(0, st.Legal(0)[0]) {
		t.Fatalf("the broken bot's first move was %q", tb.r.tokens[0])
	}
}

// TestSlowBot: Close and a resignation cancel a thinking bot; its answer
// never comes, and nothing is played.
func TestSlowBot(t *testing.T) {
	tb := newTable(t, Config{Game: "classic", Seed: 1, Seats: []protocol.SeatRequest{bot("test-slow"), person("Ben")}})
	tb.drain() // not step: WaitBots would wait for ever
	if !tb.r.thinking {
		t.Fatal("the bot is not thinking")
	}
	tb.send("user1", protocol.OpResign, protocol.Resign{V: 1})
	tb.r.WaitBots() // returns: the resignation cancelled the bot
	tb.r.Tick()
	tb.drain()
	if len(tb.r.tokens) != 0 || !tb.r.Over() || tb.clients["user1"].last.Reason != "Ben resigned" {
		t.Fatalf("after the resignation: %v", tb.r.tokens)
	}

	tb = newTable(t, Config{Game: "classic", Seed: 1, Seats: []protocol.SeatRequest{bot("test-slow"), person("Ben")}})
	tb.r.Close()
	tb.r.WaitBots()
	tb.r.Tick()
	if len(tb.r.tokens) != 0 {
		t.Fatal("a closed match played")
	}
}

// TestSeatHeld: a seat kept for a join that never comes is free again
// after the hold's ticks.
func TestSeatHeld(t *testing.T) {
	r, err := New(Config{Game: "classic", Seed: 1, TickRate: 2, Seats: []protocol.SeatRequest{person("Ana"), person("")}})
	if err != nil {
		t.Fatal(err)
	}
	defer r.Close()
	v := map[string]string{protocol.JoinVersionKey: "1"}
	r.CanJoin("a", v)
	r.Join("a", "Ana")
	if seat, err := r.CanJoin("b", v); err != nil || seat != 1 {
		t.Fatalf("b: %d %v", seat, err)
	}
	if _, err := r.CanJoin("c", v); err == nil || !strings.Contains(err.Error(), "full") {
		t.Fatalf("c while b's seat is held: %v", err)
	}
	for i := 0; i < holdSeconds*2; i++ {
		r.Tick()
	}
	if seat, err := r.CanJoin("c", v); err != nil || seat != 1 {
		t.Fatalf("c after b's hold: %d %v", seat, err)
	}
	r.Leave("c")
	if seat, err := r.CanJoin("d", v); err != nil || seat != 1 {
		t.Fatalf("d after c left: %d %v", seat, err)
	}
}

// TestTimersTogether: two people who both let the clock run out get
// their first legal jumps in the same tick, and the next turn's clocks
// start full.
func TestTimersTogether(t *testing.T) {
	tb := newTable(t, Config{Game: "knights", Seed: 2, TickRate: 1, Rules: map[string]any{"timer": 10.0},
		Seats: []protocol.SeatRequest{person("Ana"), person("Ben")}})
	for i := 0; i < 10; i++ {
		tb.r.Tick()
	}
	if len(tb.r.tokens) != 1 {
		t.Fatalf("after the clocks: %v", tb.r.tokens)
	}
	for i, s := range tb.r.seats {
		if s.deadline != 10 && !tb.r.Over() {
			t.Fatalf("seat %d's next clock is %d", i+1, s.deadline)
		}
	}
}
