package ai

import (
	"context"
	"encoding/json"
	"os"
	"path/filepath"
	"reflect"
	"testing"

	"github.com/tabulagames/tabula/games"
	"github.com/tabulagames/tabula/games/arena"
	"github.com/tabulagames/tabula/games/gametest"
	"github.com/tabulagames/tabula/games/rng"
)

// arenaBotVector is a vector of arena.json with a "bot" field.
type arenaBotVector struct {
	ID    string          `json:"id"`
	Rules map[string]any  `json:"rules"`
	Seed  int64           `json:"seed"`
	Setup json.RawMessage `json:"setup"`
	Moves []string        `json:"moves"`
	Bot   *struct {
		Seat             int      `json:"seat"`
		Name             string   `json:"name"`
		ExpectPlan       []string `json:"expectPlan"`
		RngDraws         int      `json:"rngDraws"`
		SameForEverySeed []string `json:"sameForEverySeed"`
	} `json:"bot"`
}

func arenaBotVectors(t *testing.T) []arenaBotVector {
	data, err := os.ReadFile(filepath.Join(gametest.TestdataDir(), "arena.json"))
	if err != nil {
		t.Fatal(err)
	}
	var f struct{ Vectors []arenaBotVector }
	if err := json.Unmarshal(data, &f); err != nil {
		t.Fatal(err)
	}
	var out []arenaBotVector
	for _, v := range f.Vectors {
		if v.Bot != nil {
			out = append(out, v)
		}
	}
	if len(out) < 9 {
		t.Fatalf("%d bot vectors", len(out))
	}
	return out
}

func (v arenaBotVector) state(t *testing.T) *arena.State {
	t.Helper()
	rec := &games.Record{Game: "arena", Rules: v.Rules, Seed: v.Seed, Setup: v.Setup, Moves: v.Moves}
	states, err := rec.Replay()
	if err != nil {
		t.Fatal(err)
	}
	return states[len(states)-1].(*arena.State)
}

var arenaLevels = map[string]arenaLevel{"easy": arenaEasy, "medium": arenaMedium, "hard": arenaHard}

// TestArenaBotVectors: every bot vector's plan, token for token, with the
// number of draws it took; through Ask the same plan comes back; the part
// that does not depend on the stream is the same for other seeds.
func TestArenaBotVectors(t *testing.T) {
	for _, v := range arenaBotVectors(t) {
		t.Run(v.ID, func(t *testing.T) {
			st := v.state(t)
			stream := rng.Own(v.Seed, v.Bot.Seat, len(v.Moves))
			plan, err := planArena(context.Background(), st, arenaLevels[v.Bot.Name], &stream)
			if err != nil {
				t.Fatal(err)
			}
			if !reflect.DeepEqual(plan, v.Bot.ExpectPlan) {
				t.Errorf("plan %q\nwant %q", plan, v.Bot.ExpectPlan)
			}
			if stream.Draws() != v.Bot.RngDraws {
				t.Errorf("%d draws, want %d", stream.Draws(), v.Bot.RngDraws)
			}
			bot, _ := New("arena", v.Bot.Name, Options{})
			a, err := Ask(context.Background(), bot, st, v.Bot.Seat, ProgressOf(st, v.Seed, len(v.Moves)))
			if err != nil || !reflect.DeepEqual(a.Plan, v.Bot.ExpectPlan) {
				t.Errorf("through Ask: %q, %v", a.Plan, err)
			}
			for seed := int64(100); seed < 110 && v.Bot.SameForEverySeed != nil; seed++ {
				s := rng.Own(seed, v.Bot.Seat, len(v.Moves))
				other, _ := planArena(context.Background(), st, arenaLevels[v.Bot.Name], &s)
				n := len(v.Bot.SameForEverySeed)
				if len(other) < n || !reflect.DeepEqual(other[:n], v.Bot.SameForEverySeed) {
					t.Errorf("seed %d: plan %q does not start with %q", seed, other, v.Bot.SameForEverySeed)
				}
			}
		})
	}
}
