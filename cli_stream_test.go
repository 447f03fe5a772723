package main

import (
	"context"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/tabulagames/tabula/ai"
	"github.com/tabulagames/tabula/games"
	"github.com/tabulagames/tabula/games/gametest"
	"github.com/tabulagames/tabula/games/toy"
)

func init() {
	toy.Register()
	ai.Register(ai.Spec{Game: toy.ID, Name: "cli-dice", GameStream: true, New: func(ai.Options) ai.Bot { return cliDice{} }})
}

// cliDice is a faithful bot of the toy game: it bids what the game's own
// stream draws.
type cliDice struct{}

func (cliDice) Choose(ctx context.Context, st games.State, seat int) (games.Move, error) {
	return games.NoMove, fmt.Errorf("cliDice decides with the game's stream")
}

func (cliDice) Decide(ctx context.Context, d ai.Decision) (games.Move, error) {
	if len(d.View.Legal(d.Seat)) == 2 {
		return toy.End, nil
	}
	return games.Move(d.Stream.Pick(3) + 1), nil
}

// `tabula ai` on a save whose seats name faithful bots positions the
// game's stream from the save (knights 4.2) and answers for every seat
// to move what those bots played in the game itself.
func TestAIPositionsTheGameStream(t *testing.T) {
	g, _ := games.Lookup(toy.ID)
	rules, _ := games.ValidateRules(g.RuleSpecs(), map[string]any{"rounds": float64(5)})
	st, _ := g.New(games.Config{Rules: rules, Seed: 9})
	gr, err := ai.PlayGame(context.Background(), st, 9, []ai.Bot{cliDice{}, cliDice{}, cliDice{}}, 100)
	if err != nil {
		t.Fatal(err)
	}
	seats := []games.SeatInfo{{Name: "A", Controller: "ai", Bot: "cli-dice"}, {Name: "B", Controller: "ai", Bot: "cli-dice"}, {Name: "C", Controller: "ai", Bot: "cli-dice"}}
	checked := 0
	for k, tok := range gr.Moves {
		parts := strings.Split(tok, ",")
		if len(parts) != 3 {
			continue // an act turn
		}
		raw, _ := games.EncodeRecord(&games.Record{Game: toy.ID, Rules: map[string]any{"rounds": 5}, Seed: 9, Seats: seats, Moves: gr.Moves[:k]})
		code, out, errs := run(t, string(raw), "ai", "-")
		if code != 0 {
			t.Fatalf("after %d turns: exit %d: %s", k, code, errs)
		}
		want := fmt.Sprintf("0: %s\n1: %s\n2: %s\n", parts[0], parts[1], parts[2])
		if out != want {
			t.Fatalf("after %d turns `tabula ai` says\n%sbut the bots played\n%s", k, out, want)
		}
		checked++
	}
	if checked < 5 {
		t.Fatalf("only %d bid turns checked", checked)
	}
}

// `tabula ai` prints the first action of the plan a bot makes for an
// arena turn: every bot vector of the shared test data.
func TestAIPrintsTheFirstActionOfAPlan(t *testing.T) {
	data, err := os.ReadFile(filepath.Join(gametest.TestdataDir(), "arena.json"))
	if err != nil {
		t.Fatal(err)
	}
	var vf struct {
		Vectors []struct {
			ID    string          `json:"id"`
			Rules map[string]any  `json:"rules"`
			Seed  int64           `json:"seed"`
			Setup json.RawMessage `json:"setup"`
			Moves []string        `json:"moves"`
			Bot   *struct {
				Name       string   `json:"name"`
				ExpectPlan []string `json:"expectPlan"`
			} `json:"bot"`
		} `json:"vectors"`
	}
	if err := json.Unmarshal(data, &vf); err != nil {
		t.Fatal(err)
	}
	checked := 0
	for _, v := range vf.Vectors {
		if v.Bot == nil || len(v.Bot.ExpectPlan) == 0 {
			continue
		}
		raw, err := games.EncodeRecord(&games.Record{Game: "arena", Rules: v.Rules, Seed: v.Seed, Setup: v.Setup, Moves: v.Moves})
		if err != nil {
			t.Fatal(err)
		}
		code, out, errs := run(t, string(raw), "ai", "-", "--bot", v.Bot.Name)
		if want := v.Bot.ExpectPlan[0]; code != 0 || strings.TrimSpace(out) != want {
			t.Errorf("%s: tabula ai --bot %s says %q (exit %d, %s); the plan starts %q", v.ID, v.Bot.Name, out, code, errs, want)
		}
		checked++
	}
	if checked < 5 {
		t.Fatalf("only %d bot vectors checked", checked)
	}
}
