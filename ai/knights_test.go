package ai

import (
	"context"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/tabulagames/tabula/games"
	"github.com/tabulagames/tabula/games/gametest"
	"github.com/tabulagames/tabula/games/knights"
	"github.com/tabulagames/tabula/games/rng"
)

// kVector is a vector of knights.json with the bot fields (see its "fields").
type kVector struct {
	ID     string         `json:"id"`
	Rules  map[string]any `json:"rules"`
	Seed   int64          `json:"seed"`
	Moves  []string       `json:"moves"`
	Bots   []string       `json:"bots"`
	Expect struct {
		RngDraws *int `json:"rngDraws"`
	} `json:"expect"`
	Bot *struct {
		Seat           int    `json:"seat"`
		Name           string `json:"name"`
		RngDrawsBefore int    `json:"rngDrawsBefore"`
		ExpectMove     string `json:"expectMove"`
		RngDraws       int    `json:"rngDraws"`
	} `json:"bot"`
}

func kVectors(t *testing.T) []kVector {
	data, err := os.ReadFile(filepath.Join(gametest.TestdataDir(), "knights.json"))
	if err != nil {
		t.Fatal(err)
	}
	var f struct {
		Vectors []kVector `json:"vectors"`
	}
	if err := json.Unmarshal(data, &f); err != nil {
		t.Fatal(err)
	}
	return f.Vectors
}

func kSeats(bots []string, n int) []games.SeatInfo {
	seats := make([]games.SeatInfo, n)
	for i := range seats {
		seats[i] = games.SeatInfo{Controller: "human"}
		if i < len(bots) && bots[i] != "human" {
			seats[i] = games.SeatInfo{Controller: "ai", Bot: bots[i]}
		}
	}
	return seats
}

// kAsk asks a named knights bot for seat on st through Ask, with stream.
func kAsk(t *testing.T, name string, st games.State, seat int, seed int64, stream *rng.Stream) games.Move {
	t.Helper()
	b, err := New(knights.ID, name, Options{})
	if err != nil {
		t.Fatal(err)
	}
	d := ProgressOf(st, seed, 0)
	d.Stream = stream
	a, err := Ask(context.Background(), b, st, seat, d)
	if err != nil {
		t.Fatalf("%s for seat %d: %v", name, seat, err)
	}
	return a.Move
}

// TestKnightsVectors checks the bot fields of knights.json: every
// recorded decision of a faithful-bot seat is what our bot decides, on the
// stream positioned as section 4.2 says; the stream ends where rngDraws
// says (through StreamAt, as the session places it); and each `bot` case
// chooses expectMove with exactly rngDraws draws.
func TestKnightsVectors(t *testing.T) {
	checked, decisions := 0, 0
	for _, v := range kVectors(t) {
		if v.Bots == nil && v.Bot == nil {
			continue
		}
		t.Run(v.ID, func(t *testing.T) {
			rec := &games.Record{Game: knights.ID, Rules: v.Rules, Seed: v.Seed, Moves: v.Moves}
			states, err := rec.Replay()
			if err != nil {
				t.Fatal(err)
			}
			seats := kSeats(v.Bots, states[0].Seats())
			stream := states[0].(games.Streamer).GameStream()
			for k, tok := range v.Moves {
				entries := strings.Split(tok, ",")
				for _, seat := range states[k].ToMove() {
					if seats[seat].Human() {
						continue
					}
					m := kAsk(t, seats[seat].Bot, states[k], seat, v.Seed, &stream)
					if got := states[k].MoveString(seat, m); got != entries[seat] {
						t.Fatalf("turn %d: %s for seat %d chooses %s, the record says %s", k+1, seats[seat].Bot, seat, got, entries[seat])
					}
					decisions++
				}
			}
			at, err := StreamAt(knights.ID, states, seats, v.Seed)
			if err != nil {
				t.Fatal(err)
			}
			if at.State() != stream.State() || at.Draws() != stream.Draws() {
				t.Fatalf("StreamAt is at draw %d, the replay at %d", at.Draws(), stream.Draws())
			}
			if v.Expect.RngDraws != nil && stream.Draws() != *v.Expect.RngDraws {
				t.Errorf("the stream is at draw %d after the moves, want %d", stream.Draws(), *v.Expect.RngDraws)
			}
			if v.Bot == nil {
				return
			}
			last := states[len(states)-1]
			for _, seat := range last.ToMove() {
				if seat < v.Bot.Seat && !seats[seat].Human() {
					kAsk(t, seats[seat].Bot, last, seat, v.Seed, &stream)
				}
			}
			if stream.Draws() != v.Bot.RngDrawsBefore {
				t.Fatalf("stream at draw %d before the bot, want %d", stream.Draws(), v.Bot.RngDrawsBefore)
			}
			before := stream.Draws()
			m := kAsk(t, v.Bot.Name, last, v.Bot.Seat, v.Seed, &stream)
			if got := last.MoveString(v.Bot.Seat, m); got != v.Bot.ExpectMove || stream.Draws()-before != v.Bot.RngDraws {
				t.Errorf("%s chooses %s with %d draws, want %s with %d", v.Bot.Name, got, stream.Draws()-before, v.Bot.ExpectMove, v.Bot.RngDraws)
			}
			checked++
		})
	}
	if checked < 20 || decisions < 100 {
		t.Fatalf("only %d bot cases and %d recorded decisions checked", checked, decisions)
	}
}

// The worked example of section 9.5 (a position no game reaches, so the
// procedures are run on its board directly): the deciding knight on d5,
// trails on c7 and e3, an opponent on g3, a fresh seed-42 stream.
func TestKnightsWorkedExample(t *testing.T) {
	sq := func(name string) int { return (8-int(name[1]-'0'))*8 + int(name[0]-'a') }
	b := &kBoard{jumps: knights.JumpTable(8), blocked: make([]bool, 64), squares: 64}
	for _, n := range []string{"d5", "c7", "e3", "g3"} {
		b.blocked[sq(n)] = true
		b.filled++
	}
	var legal []games.Move
	for _, j := range b.jumps[sq("d5")] {
		if !b.blocked[j] {
			legal = append(legal, games.Move(j))
		}
	}
	names := []string{}
	for _, m := range legal {
		names = append(names, string(rune('a'+int(m)%8))+string(rune('0'+8-int(m)/8)))
	}
	if strings.Join(names, " ") != "e7 b6 f6 b4 f4 c3" {
		t.Fatalf("candidates %v", names)
	}
	opps := []int{sq("g3")}
	for _, c := range []struct {
		name  string
		pick  func(s *rng.Stream) games.Move
		draws int
	}{
		{"mobility", func(s *rng.Stream) games.Move {
			return b.runningBest(legal, s, func(c int) int { return b.movesFrom(c, -1) })
		}, 3},
		{"aggressor", func(s *rng.Stream) games.Move {
			return b.runningBest(legal, s, func(c int) int { return 2*(8-b.movesFrom(opps[0], c)) + b.movesFrom(c, -1) })
		}, 3},
		{"balanced", func(s *rng.Stream) games.Move { return b.balanced(legal, opps, s) }, 6},
	} {
		s := rng.Game(42)
		if m := c.pick(&s); int(m) != sq("f4") || s.Draws() != c.draws {
			t.Errorf("%s: square %d with %d draws, want f4 (%d) with %d", c.name, m, s.Draws(), sq("f4"), c.draws)
		}
	}
}

// kRuleSets are rule sets the bot tests play on: every variant, small
// boards so the race detector keeps up.
var kRuleSets = []map[string]any{
	{},
	{"obstacles": 8},
	{"players": 1, "size": 6},
	{"players": 3, "size": 7, "obstacles": 6, "starts": "random"},
	{"players": 4, "size": 8, "fog": true},
	{"players": 2, "size": 6, "shrink": 2, "starts": "corners"},
	{"players": 3, "size": 9, "fog": true, "shrink": 4, "obstacles": 10},
}

// kBotNames are the knights bots, with the expert on a small budget.
func kBots(t *testing.T, seat int) map[string]Bot {
	out := map[string]Bot{}
	for _, spec := range ForGame(knights.ID) {
		out[spec.Name] = spec.New(Options{Seed: uint64(seat), Nodes: 3000})
	}
	if len(out) != 4 {
		t.Fatalf("knights has %d bots, want 4", len(out))
	}
	return out
}

// Every bot plays whole games on every variant through PlayGame (which
// asks through Ask and refuses any illegal token), and the same seeds give
// the same games.
func TestKnightsBotsPlayLegalDeterministicGames(t *testing.T) {
	names := []string{"mobility", "aggressor", "balanced", "expert"}
	for i, rules := range kRuleSets {
		g := knights.Game{}
		r, err := games.ValidateRules(g.RuleSpecs(), rules)
		if err != nil {
			t.Fatal(err)
		}
		play := func() []string {
			st, err := g.New(games.Config{Rules: r, Seed: int64(100 + i)})
			if err != nil {
				t.Fatal(err)
			}
			bots := make([]Bot, st.Seats())
			for seat := range bots {
				bots[seat] = kBots(t, seat)[names[(i+seat)%4]]
			}
			gr, err := PlayGame(context.Background(), st, int64(100+i), bots, 1000)
			if err != nil {
				t.Fatalf("rules %v: %v", rules, err)
			}
			if !gr.Outcome.Over() {
				t.Fatalf("rules %v: the game did not end", rules)
			}
			return gr.Moves
		}
		if a, b := play(), play(); strings.Join(a, " ") != strings.Join(b, " ") {
			t.Errorf("rules %v: two games with the same seeds differ:\n%v\n%v", rules, a, b)
		}
	}
}

// Under fog every bot answers the same on the truth and on its seat's
// view when asked through Ask: it sees no more than its seat.
func TestKnightsBotsSeeOnlyTheirViewUnderFog(t *testing.T) {
	for _, rules := range []map[string]any{{"fog": true}, {"fog": true, "players": 4, "size": 7, "obstacles": 5}} {
		for name, b := range kBots(t, 1) {
			gametest.ViewBlind(t, knights.Game{}, rules, 12, 5, func(st games.State, seat int) (string, error) {
				d := ProgressOf(st, 5, 0)
				stream := st.(games.Streamer).GameStream() // a fresh copy for each question
				d.Stream = &stream
				a, err := Ask(context.Background(), b, st, seat, d)
				if err != nil {
					return "", fmt.Errorf("%s: %w", name, err)
				}
				return st.MoveString(seat, a.Move), nil
			})
		}
	}
}

// The expert never draws from the game's stream (section 4.3), even
// where it breaks ties, and the faithful bots refuse to guess a stream
// they were not given.
func TestKnightsStreams(t *testing.T) {
	g := knights.Game{}
	r, _ := games.ValidateRules(g.RuleSpecs(), map[string]any{"players": 4, "starts": "corners"})
	st, _ := g.New(games.Config{Rules: r, Seed: 9})
	stream := st.(games.Streamer).GameStream()
	before := stream
	b, _ := New(knights.ID, "expert", Options{Nodes: 2000})
	for _, seat := range st.ToMove() {
		d := ProgressOf(st, 9, 0)
		d.Stream = &stream
		if _, err := Ask(context.Background(), b, st, seat, d); err != nil {
			t.Fatal(err)
		}
	}
	if stream != before {
		t.Errorf("the expert drew %d times from the game stream", stream.Draws()-before.Draws())
	}
	// Asked directly, and with a time cap, it still plays a legal move.
	capped, _ := New(knights.ID, "expert", Options{Nodes: 2000, Time: time.Minute})
	if mv, err := capped.Choose(context.Background(), st, 2); err != nil || !slices.Contains(st.Legal(2), mv) {
		t.Errorf("Choose: %v %v", mv, err)
	}
	m, _ := New(knights.ID, "mobility", Options{})
	if _, err := Ask(context.Background(), m, st, 0, ProgressOf(st, 9, 0)); err == nil || !strings.Contains(err.Error(), "game's stream") {
		t.Errorf("mobility without the stream: %v", err)
	}
	if _, err := m.Choose(context.Background(), st, 0); err == nil {
		t.Error("mobility chose without the stream")
	}
}

// A cancelled expert returns promptly with a legal move, whatever its
// budget: in the middle of a position and in a closed region alike.
func TestKnightsExpertStopsWhenCancelled(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	g := knights.Game{}
	for _, rules := range []map[string]any{{"size": 16, "players": 3}, {"size": 16, "players": 1}} {
		r, _ := games.ValidateRules(g.RuleSpecs(), rules)
		st, _ := g.New(games.Config{Rules: r, Seed: 3})
		b, _ := New(knights.ID, "expert", Options{Nodes: 1 << 50})
		a, err := Ask(ctx, b, st, 0, ProgressOf(st, 3, 0))
		if err != nil || !slices.Contains(st.Legal(0), a.Move) {
			t.Errorf("rules %v: %v %v", rules, a.Move, err)
		}
	}
}

// In survival the expert solves its region: over the same seeds it makes
// longer trails than the mobility bot (section 9.7's exact endgame).
func TestKnightsExpertSurvivesLonger(t *testing.T) {
	g := knights.Game{}
	r, _ := games.ValidateRules(g.RuleSpecs(), map[string]any{"players": 1, "size": 6, "obstacles": 4})
	total := map[string]int{}
	for seed := int64(0); seed < 6; seed++ {
		for _, name := range []string{"mobility", "expert"} {
			st, _ := g.New(games.Config{Rules: r, Seed: seed})
			b, _ := New(knights.ID, name, Options{Nodes: 20000})
			gr, err := PlayGame(context.Background(), st, seed, []Bot{b}, 100)
			if err != nil {
				t.Fatal(err)
			}
			total[name] += int(gr.Outcome.Scores[0])
		}
	}
	if total["expert"] <= total["mobility"] {
		t.Errorf("survival squares over 6 games: expert %d, mobility %d", total["expert"], total["mobility"])
	}
}

// One decision of the expert at its default budget on 8x8 (go test -bench
// KnightsExpert ./ai).
func BenchmarkKnightsExpert(b *testing.B) {
	g := knights.Game{}
	r, _ := games.ValidateRules(g.RuleSpecs(), map[string]any{"obstacles": 8})
	st, _ := g.New(games.Config{Rules: r, Seed: 5})
	_ = games.PlayToken(st, "c5,f4")
	bot, _ := New(knights.ID, "expert", Options{})
	for i := 0; i < b.N; i++ {
		if _, err := Ask(context.Background(), bot, st, 0, ProgressOf(st, 5, 1)); err != nil {
			b.Fatal(err)
		}
	}
}
