package games_test

import (
	"encoding/json"
	"slices"
	"testing"

	"github.com/tabulagames/tabula/games"
	"github.com/tabulagames/tabula/games/gametest"
)

// One fuzz target per game with a setup decoder (NOTATION.md "setup"), so
// each gets its own corpus and its own minute in `make fuzz`.
func FuzzSetupClassic(f *testing.F)      { fuzzSetup(f, "classic") }
func FuzzSetupCheckerboard(f *testing.F) { fuzzSetup(f, "checkerboard") }
func FuzzSetupInfiltration(f *testing.F) { fuzzSetup(f, "infiltration") }
func FuzzSetupAlcazar(f *testing.F)      { fuzzSetup(f, "alcazar") }
func FuzzSetupArena(f *testing.F)        { fuzzSetup(f, "arena") }
func FuzzSetupRevenge(f *testing.F)      { fuzzSetup(f, "revenge") }

// fuzzSetup feeds a game's setup decoder house rules (as a save holds them)
// and a setup. Seeds: every setup of the game's vectors, and the position
// each vector ends on, written back as a setup. A refused setup gives an
// error and no state; an accepted one is a usable state whose position,
// written back as a setup, loads again to the same position.
func fuzzSetup(f *testing.F, id string) {
	g, ok := games.Lookup(id)
	if !ok {
		f.Fatalf("no game %q", id)
	}
	for _, v := range gametest.LoadVectors(f, id).Vectors {
		rules, _ := json.Marshal(v.Rules)
		if v.Setup != nil {
			f.Add(rules, v.Seed, []byte(v.Setup))
		}
		rec := &games.Record{Game: id, Rules: v.Rules, Seed: v.Seed, Setup: v.Setup, Moves: v.Moves}
		if last, err := rec.Final(); err == nil && !last.Outcome().Over() {
			f.Add(rules, v.Seed, asSetup(f, last))
		}
	}
	f.Fuzz(func(t *testing.T, rulesJSON []byte, seed int64, setup []byte) {
		var raw map[string]any
		if json.Unmarshal(rulesJSON, &raw) != nil {
			return
		}
		rules, err := games.ValidateSavedRules(g.RuleSpecs(), raw)
		if err != nil {
			return
		}
		st, err := g.New(games.Config{Rules: rules, Seed: seed, Setup: setup})
		if err != nil {
			if st != nil || err.Error() == "" {
				t.Fatalf("refused with %q but made a state", err)
			}
			if !gametest.IsRefusal(err) {
				t.Fatalf("refused with a fault, not in a player's words (games.Refuse): %v", err)
			}
			return
		}
		checkUsable(t, st)
		if st.Outcome().Over() {
			return
		}
		again, err := g.New(games.Config{Rules: rules, Seed: seed, Setup: asSetup(t, st)})
		if err != nil {
			t.Fatalf("setup %s loaded, but its own position %s did not: %v", setup, asSetup(t, st), err)
		}
		if js(t, again.Position()) != js(t, st.Position()) || !slices.Equal(again.ToMove(), st.ToMove()) {
			t.Fatalf("setup %s reloads as %s", asSetup(t, st), asSetup(t, again))
		}
	})
}

// asSetup writes a state's position as a setup: the position plus toMove.
func asSetup(t testing.TB, st games.State) []byte {
	var pos map[string]any
	if err := json.Unmarshal([]byte(js(t, st.Position())), &pos); err != nil {
		t.Fatalf("position is not a JSON object: %v", err)
	}
	pos["toMove"] = st.ToMove()[0]
	return []byte(js(t, pos))
}

// checkUsable asks a state everything a session asks, then plays a move:
// nothing may panic, a game in progress has a seat to move with a legal
// move, a clone hashes alike, and the legal move is accepted.
func checkUsable(t *testing.T, st games.State) {
	js(t, st.Position())
	games.LegalTokens(st)
	if st.Clone().Hash() != st.Hash() {
		t.Fatal("a clone hashes differently")
	}
	to := st.ToMove()
	if st.Outcome().Over() {
		if len(to) != 0 {
			t.Fatalf("the game is over but %v are to move", to)
		}
		return
	}
	if len(to) == 0 {
		t.Fatal("the game goes on but nobody is to move")
	}
	moves := make([]games.Move, len(to))
	for i, seat := range to {
		legal := st.Legal(seat)
		if len(legal) == 0 {
			t.Fatalf("seat %d is to move but has no legal move", seat)
		}
		moves[i] = legal[0]
	}
	if err := st.Clone().Play(moves...); err != nil {
		t.Fatalf("a legal move was refused: %v", err)
	}
}

func js(t testing.TB, v any) string {
	b, err := json.Marshal(v)
	if err != nil {
		t.Fatalf("cannot write %v as JSON: %v", v, err)
	}
	return string(b)
}
