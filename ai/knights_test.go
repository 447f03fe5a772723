package ai

import (
	"context"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

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
