package alcazar_test

import (
	"encoding/json"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	"github.com/tabulagames/tabula/games"
	"github.com/tabulagames/tabula/games/alcazar"
	"github.com/tabulagames/tabula/games/gametest"
)

// extra holds the fields of alcazar.json that gametest.Vector does not read.
type extra struct {
	ID               string `json:"id"`
	Source           string `json:"source"`
	RunMovementPhase bool   `json:"runMovementPhase"`
	Bots             *struct {
		From   string   `json:"from"`
		AnyOf  []string `json:"anyOf"`
		NoneOf []string `json:"noneOf"`
		Why    string   `json:"why"`
	} `json:"bots"`
}

func loadExtras(t *testing.T) []extra {
	data, err := os.ReadFile(filepath.Join(gametest.TestdataDir(), "alcazar.json"))
	if err != nil {
		t.Fatal(err)
	}
	var f struct {
		Vectors []extra `json:"vectors"`
	}
	if err := json.Unmarshal(data, &f); err != nil {
		t.Fatal(err)
	}
	return f.Vectors
}

func js(v any) string { b, _ := json.Marshal(v); return string(b) }

func norm(v any) any {
	var out any
	_ = json.Unmarshal([]byte(js(v)), &out)
	return out
}

// TestVectors runs every vector: through gametest.CheckVector, or, for the
// runMovementPhase ones, through the test-only loader and the same checks.
func TestVectors(t *testing.T) {
	vf := gametest.LoadVectors(t, "alcazar")
	ex := loadExtras(t)
	if len(ex) != len(vf.Vectors) {
		t.Fatalf("%d extras for %d vectors", len(ex), len(vf.Vectors))
	}
	phases, sources := 0, 0
	for i, v := range vf.Vectors {
		x := ex[i]
		if x.ID != v.ID {
			t.Fatalf("vector %d: id %q vs %q", i, x.ID, v.ID)
		}
		if x.Source != "" {
			sources++
		}
		if !x.RunMovementPhase {
			t.Run(v.ID, func(t *testing.T) { gametest.CheckVector(t, "alcazar", v) })
			continue
		}
		phases++
		t.Run(v.ID, func(t *testing.T) { checkPhaseVector(t, v) })
	}
	if phases < 20 || sources != len(vf.Vectors) {
		t.Fatalf("%d runMovementPhase vectors, %d with a source of %d", phases, sources, len(vf.Vectors))
	}
}

func checkPhaseVector(t *testing.T, v gametest.Vector) {
	rules, err := games.ValidateRules(alcazar.Game{}.RuleSpecs(), v.Rules)
	if err != nil {
		t.Fatal(err)
	}
	st, err := alcazar.NewAfterPlacements(games.Config{Rules: rules, Seed: v.Seed, Setup: v.Setup})
	if err != nil {
		t.Fatalf("%s: %v", v.About, err)
	}
	for i, tok := range v.Moves {
		if err := games.PlayToken(st, tok); err != nil {
			t.Fatalf("move %d %q: %v", i+1, tok, err)
		}
	}
	out := st.Outcome()
	e := v.Expect
	if e.Status != nil && out.Status.String() != *e.Status {
		t.Errorf("status = %s, want %s (%s)", out.Status, *e.Status, v.About)
	}
	if e.Winners != nil && len(out.Winners)+len(e.Winners) > 0 && js(out.Winners) != js(e.Winners) {
		t.Errorf("winners = %v, want %v", out.Winners, e.Winners)
	}
	if e.ToMove != nil && js(st.ToMove()) != js(e.ToMove) {
		t.Errorf("toMove = %v, want %v", st.ToMove(), e.ToMove)
	}
	got := norm(st.Position()).(map[string]any)
	for k, want := range e.Position {
		if !reflect.DeepEqual(got[k], norm(want)) {
			t.Errorf("position.%s = %s, want %s (%s)", k, js(got[k]), js(want), v.About)
		}
	}
	if e.Legal != nil && !reflect.DeepEqual(norm(games.LegalTokens(st)), norm(e.Legal)) {
		t.Errorf("legal = %s, want %s", js(games.LegalTokens(st)), js(e.Legal))
	}
	for _, r := range v.Reject {
		c := st.Clone()
		if games.PlayToken(c, r.Move) == nil {
			t.Errorf("move %q accepted (%s)", r.Move, r.Why)
		}
	}
	if len(v.Moves) == 0 {
		// The phase is reported like the one a second placement triggers.
		events := st.LastEvents()
		if len(events) == 0 || events[len(events)-1].Kind != alcazar.EventCrown {
			t.Errorf("no events reported for the phase: %v", events)
		}
	}
}

func TestRandomPlayouts(t *testing.T) {
	n := 10000
	if testing.Short() {
		n = 1000
	}
	// The game can cycle: the turn limit bounds it (200 turns = 400 plies).
	gametest.RandomPlayouts(t, alcazar.Game{}, map[string]any{"turnLimit": 200}, n, 400, 1)
}

func TestRandomPlayoutsBothLinesDraw(t *testing.T) {
	gametest.RandomPlayouts(t, alcazar.Game{}, map[string]any{"turnLimit": 60, "bothLinesDraw": true}, 500, 120, 2)
}

func FuzzParseMove(f *testing.F) {
	for _, s := range []string{"4@c1", "1@a3", "pass", "4@c3", "4@a1", "6@c1", "4@C1", "04@c1", "", "4@c1 ", "\x00", "5@e4"} {
		f.Add([]byte{0, 7, 3}, s)
		f.Add([]byte{1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18}, s)
	}
	f.Fuzz(func(t *testing.T, prefix []byte, tok string) {
		gametest.FuzzMove(t, alcazar.Game{}, prefix, tok)
	})
}

// labelOf is the name players read for a rule: its label, or the key
// itself when the game has no such rule.
func labelOf(specs []games.RuleSpec, key string) string {
	for _, s := range specs {
		if s.Key == key {
			return s.Label
		}
	}
	return key
}

func TestBadRules(t *testing.T) {
	specs := alcazar.Game{}.RuleSpecs()
	bad := []map[string]any{
		{"turnLimit": -1}, {"turnLimit": 1001}, {"turnLimit": 2.5}, {"turnLimit": "x"},
		{"bothLinesDraw": "yes"}, {"bothLinesDraw": 1}, {"pieces": 6},
	}
	for _, r := range bad {
		if _, err := games.ValidateRules(specs, r); err == nil {
			t.Errorf("rules %v accepted", r)
		} else {
			for k := range r {
				if want := labelOf(specs, k); !strings.Contains(err.Error(), want) {
					t.Errorf("error %q does not name %q", err, want)
				}
			}
		}
	}
	r, err := games.ValidateRules(specs, map[string]any{"turnLimit": 1000.0, "bothLinesDraw": "true"})
	if err != nil || r.Int("turnLimit") != 1000 || !r.Bool("bothLinesDraw") {
		t.Fatalf("%v %v", r, err)
	}
	if _, err := (alcazar.Game{}).New(games.Config{Rules: games.Rules{"turnLimit": 5000, "bothLinesDraw": false}}); err == nil {
		t.Error("New took an unvalidated out-of-range turnLimit")
	}
}

func TestBadSetups(t *testing.T) {
	bad := map[string]string{
		"no toMove":            `{"pieces":[],"crown":0,"turn":0}`,
		"not an object":        `[1,2]`,
		"seat 2":               `{"pieces":[{"seat":2,"n":1,"at":"c3","dir":"N"}],"crown":0,"turn":0,"toMove":0}`,
		"piece 6":              `{"pieces":[{"seat":0,"n":6,"at":"c3","dir":"N"}],"crown":0,"turn":0,"toMove":0}`,
		"corner":               `{"pieces":[{"seat":0,"n":1,"at":"a1","dir":"N"}],"crown":0,"turn":0,"toMove":0}`,
		"off the grid":         `{"pieces":[{"seat":0,"n":1,"at":"f3","dir":"N"}],"crown":0,"turn":0,"toMove":0}`,
		"bad dir":              `{"pieces":[{"seat":0,"n":1,"at":"c3","dir":"X"}],"crown":0,"turn":0,"toMove":0}`,
		"missing dir":          `{"pieces":[{"seat":0,"n":1,"at":"c3"}],"crown":0,"turn":0,"toMove":0}`,
		"same square":          `{"pieces":[{"seat":0,"n":1,"at":"c3","dir":"N"},{"seat":1,"n":1,"at":"c3","dir":"S"}],"crown":0,"turn":0,"toMove":0}`,
		"same piece":           `{"pieces":[{"seat":0,"n":1,"at":"c3","dir":"N"},{"seat":0,"n":1,"at":"c2","dir":"S"}],"crown":0,"turn":0,"toMove":0}`,
		"edge facing out":      `{"pieces":[{"seat":0,"n":1,"at":"c1","dir":"S"}],"crown":0,"turn":0,"toMove":1}`,
		"wrong hands":          `{"pieces":[{"seat":0,"n":1,"at":"c3","dir":"N"}],"hands":[[1,2,3,4,5],[1,2,3,4,5]],"crown":0,"turn":0,"toMove":0}`,
		"one hand":             `{"pieces":[],"hands":[[1,2,3,4,5]],"crown":0,"turn":0,"toMove":0}`,
		"crown vs turn":        `{"pieces":[],"crown":1,"turn":0,"toMove":1}`,
		"crown 2":              `{"pieces":[],"crown":2,"turn":0,"toMove":0}`,
		"toMove 2":             `{"pieces":[],"crown":0,"turn":0,"toMove":2}`,
		"negative turn":        `{"pieces":[],"crown":0,"turn":-2,"toMove":0}`,
		"edge at turn start":   `{"pieces":[{"seat":0,"n":1,"at":"c1","dir":"N"}],"crown":0,"turn":0,"toMove":0}`,
		"second placer waits":  `{"pieces":[{"seat":1,"n":1,"at":"c1","dir":"N"}],"crown":0,"turn":0,"toMove":1}`,
		"two waiting":          `{"pieces":[{"seat":0,"n":1,"at":"c1","dir":"N"},{"seat":0,"n":2,"at":"d1","dir":"N"}],"crown":0,"turn":0,"toMove":1}`,
		"crown placed nothing": `{"pieces":[{"seat":0,"n":1,"at":"c3","dir":"N"}],"crown":0,"turn":0,"toMove":1}`,
	}
	for name, b := range bad {
		if _, err := (alcazar.Game{}).New(games.Config{Setup: json.RawMessage(b)}); err == nil {
			t.Errorf("%s: setup %s accepted", name, b)
		}
	}
	good := []string{
		`{"pieces":[],"crown":0,"turn":0,"toMove":0}`,
		`{"pieces":[{"seat":0,"n":1,"at":"c1","dir":"N"}],"hands":[[2,3,4,5],[1,2,3,4,5]],"crown":0,"turn":0,"toMove":1}`,
		`{"pieces":[{"seat":1,"n":4,"at":"b3","dir":"S"}],"crown":1,"turn":3,"toMove":1}`,
	}
	for _, b := range good {
		if _, err := (alcazar.Game{}).New(games.Config{Setup: json.RawMessage(b)}); err != nil {
			t.Errorf("setup %s refused: %v", b, err)
		}
	}
	// The test-only loader has its own checks.
	badPhase := []string{
		`{"pieces":[],"crown":0,"turn":0,"toMove":0}`, // toMove must be the other seat
		`{"pieces":[{"seat":0,"n":1,"at":"c1","dir":"N"},{"seat":0,"n":2,"at":"d1","dir":"N"}],"crown":0,"turn":0,"toMove":1}`,
	}
	for _, b := range badPhase {
		if _, err := alcazar.NewAfterPlacements(games.Config{Setup: json.RawMessage(b)}); err == nil {
			t.Errorf("runMovementPhase setup %s accepted", b)
		}
	}
}

func play(t *testing.T, st games.State, toks ...string) {
	t.Helper()
	for _, tok := range toks {
		if err := games.PlayToken(st, tok); err != nil {
			t.Fatalf("%s: %v", tok, err)
		}
	}
}

func TestRefusalOrderAndWords(t *testing.T) {
	st, _ := alcazar.Game{}.New(games.Config{})
	cases := map[string]string{
		"4@c6": "not a move",
		"pass": "pieces in hand",
		"4@c3": "edge squares",
		"4@a1": "edge squares",
	}
	for tok, want := range cases {
		_, err := st.ParseMove(0, tok)
		if err == nil || !strings.Contains(err.Error(), want) {
			t.Errorf("%s: %v, want %q", tok, err, want)
		}
	}
	play(t, st, "4@c1")
	if _, err := st.ParseMove(1, "3@c1"); err == nil || !strings.Contains(err.Error(), "just placed there") {
		t.Errorf("3@c1: %v", err)
	}
	if _, err := st.ParseMove(0, "3@c5"); err == nil {
		t.Error("seat 0 moved out of turn")
	}
	play(t, st, "4@c5") // both 4s: crown's enters c2, the other c4
	if _, err := st.ParseMove(1, "4@a2"); err == nil || !strings.Contains(err.Error(), "Piece 4 is already in play") {
		t.Errorf("4@a2: %v", err)
	}
}

func TestAccessorsAndEvents(t *testing.T) {
	g, _ := alcazar.Game{}.New(games.Config{})
	st := g.(*alcazar.State)
	if st.SecondPlacement() || st.FirstSquare() != "" || st.Crown() != 0 || len(st.LastEvents()) != 0 {
		t.Fatal("bad start")
	}
	play(t, st, "4@c1")
	if !st.SecondPlacement() || st.FirstSquare() != "c1" {
		t.Fatalf("after the first drop: %v %q", st.SecondPlacement(), st.FirstSquare())
	}
	ps := st.Pieces()
	if len(ps) != 1 || !ps[0].Waiting || ps[0].Dir != "N" || ps[0].Square != "c1" {
		t.Fatalf("pieces %+v", ps)
	}
	if ev := st.LastEvents(); len(ev) != 1 || ev[0].Kind != games.EventEnter || ev[0].To != "c1" || ev[0].Piece != 4 {
		t.Fatalf("events %+v", ev)
	}
	// Seat 1's 2 from c5 enters c4 (slot of the 2s), then seat 0's 4 enters c2.
	play(t, st, "2@c5")
	want := []string{"enter 1 2  -> c5", "act 1 2 c5 -> ", "move 1 2 c5 -> c4", "act 0 4 c1 -> ", "move 0 4 c1 -> c2", "crown 1 0  -> "}
	var got []string
	for _, e := range st.LastEvents() {
		got = append(got, strings.TrimSpace(string(e.Kind)+" "+itoa(e.Seat)+" "+itoa(e.Piece)+" "+e.From+" -> "+e.To))
	}
	if strings.Join(got, "|") != strings.Join(trim(want), "|") {
		t.Fatalf("steps\n%v\nwant\n%v", got, trim(want))
	}
	if st.Crown() != 1 || st.SecondPlacement() || st.Turn() != 1 || js(st.Hand(0)) != "[1,2,3,5]" {
		t.Fatalf("after turn 1: crown %d hand %v", st.Crown(), st.Hand(0))
	}
}

func itoa(n int) string { return string(rune('0' + n)) }

func trim(s []string) []string {
	out := make([]string, len(s))
	for i, x := range s {
		out[i] = strings.TrimSpace(x)
	}
	return out
}

// TestPhaseEventsFullLane checks the 4's run report: farthest first, the
// waiting piece pushed out of the play area, the far board piece to hand.
func TestPhaseEventsFullLane(t *testing.T) {
	setup := `{"pieces":[{"seat":0,"n":1,"at":"d3","dir":"W"},{"seat":0,"n":3,"at":"b3","dir":"E"},{"seat":1,"n":2,"at":"c3","dir":"E"},
	{"seat":0,"n":4,"at":"a3","dir":"E"},{"seat":1,"n":5,"at":"e3","dir":"W"}],"crown":0,"turn":0,"toMove":1}`
	st, err := alcazar.NewAfterPlacements(games.Config{Setup: json.RawMessage(setup)})
	if err != nil {
		t.Fatal(err)
	}
	var runs []string
	slots := []int{}
	for _, e := range st.LastEvents() {
		switch e.Kind {
		case games.EventMove, games.EventPush, games.EventReturn:
			to := e.To
			if e.Kind == games.EventReturn {
				to += "(hand)"
			}
			runs = append(runs, string(e.Kind)+" "+e.From+">"+to)
		case alcazar.EventAct:
			slots = append(slots, e.Value)
		}
	}
	// The 4 acts in slot 6 (the crown holder's 4) and moves; the others are
	// pushed. Seat 1's 5 (slot 9) went back to the hand and never acts.
	if js(runs) != `["return e3\u003e(hand)","return d3\u003ee3(hand)","push c3\u003ed3","push b3\u003ec3","move a3\u003eb3"]` {
		t.Fatalf("runs %v", runs)
	}
	if js(slots) != "[0,3,4,6]" {
		t.Fatalf("slots %v", slots)
	}
}

// TestEventsFollowTheRules: on random games, the moves replayed from the
// events land every piece where the position says, and each piece's
// events follow its own act.
func TestEventsFollowTheRules(t *testing.T) {
	for seed := int64(0); seed < 200; seed++ {
		g, _ := alcazar.Game{}.New(games.Config{Rules: games.Rules{"turnLimit": 30, "bothLinesDraw": false}})
		st := g.(*alcazar.State)
		r := uint64(seed)*2654435761 + 1
		for !st.Outcome().Over() {
			before := map[[2]int]string{}
			for _, p := range st.Pieces() {
				before[[2]int{p.Seat, p.N}] = p.Square
			}
			legal := st.Legal(st.ToMove()[0])
			r = r*6364136223846793005 + 1442695040888963407
			if err := st.Play(legal[(r>>33)%uint64(len(legal))]); err != nil {
				t.Fatal(err)
			}
			at := before
			var actor [2]int
			for _, e := range st.LastEvents() {
				k := [2]int{e.Seat, e.Piece}
				switch e.Kind {
				case games.EventEnter:
					at[k] = e.To
				case alcazar.EventAct, alcazar.EventBlocked:
					if at[k] != e.From {
						t.Fatalf("seed %d: %s of %v on %s but it stood on %s", seed, e.Kind, k, e.From, at[k])
					}
					if e.Kind == alcazar.EventAct {
						actor = k
					} else if k != actor {
						t.Fatalf("seed %d: %v is blocked in %v's turn", seed, k, actor)
					}
				case games.EventMove, games.EventPush, games.EventReturn:
					if at[k] != e.From {
						t.Fatalf("seed %d: %s of %v from %s but it stood on %s", seed, e.Kind, k, e.From, at[k])
					}
					if (e.Kind == games.EventMove) != (k == actor) && e.Kind != games.EventReturn {
						t.Fatalf("seed %d: %s of %v in %v's turn", seed, e.Kind, k, actor)
					}
					if e.Kind == games.EventReturn {
						delete(at, k)
					} else {
						at[k] = e.To
					}
				}
			}
			after := map[[2]int]string{}
			for _, p := range st.Pieces() {
				after[[2]int{p.Seat, p.N}] = p.Square
			}
			if !reflect.DeepEqual(at, after) {
				t.Fatalf("seed %d: events give %v, position %v", seed, at, after)
			}
		}
	}
}

// TestCheckDropSaysWhatParseMoveSays: on positions of random games,
// CheckDrop refuses a drop exactly when ParseMove refuses its token, with
// the words ParseMove puts after the token.
func TestCheckDropSaysWhatParseMoveSays(t *testing.T) {
	reasons := map[string]bool{"edge squares": false, "already in play": false, "just placed there": false}
	for seed := int64(0); seed < 30; seed++ {
		g, _ := alcazar.Game{}.New(games.Config{Rules: games.Rules{"turnLimit": 30, "bothLinesDraw": false}})
		st := g.(*alcazar.State)
		r := uint64(seed)*2654435761 + 1
		for !st.Outcome().Over() {
			seat := st.ToMove()[0]
			for n := 1; n <= 5; n++ {
				for sq := 0; sq < alcazar.Cells; sq++ {
					tok := itoa(n) + "@" + alcazar.SquareName(sq)
					_, want := st.ParseMove(seat, tok)
					got := st.CheckDrop(n, sq)
					if (got == nil) != (want == nil) || got != nil && tok+": "+got.Error() != want.Error() {
						t.Fatalf("%s: CheckDrop %v, ParseMove %v", tok, got, want)
					}
					for k := range reasons {
						if got != nil && strings.Contains(got.Error(), k) {
							reasons[k] = true
						}
					}
				}
			}
			legal := st.Legal(seat)
			r = r*6364136223846793005 + 1442695040888963407
			if err := st.Play(legal[(r>>33)%uint64(len(legal))]); err != nil {
				t.Fatal(err)
			}
		}
		if st.CheckDrop(1, alzSquare("c1")) != games.ErrGameOver {
			t.Fatal("a drop after the end")
		}
	}
	for k, seen := range reasons {
		if !seen {
			t.Errorf("no drop refused with %q", k)
		}
	}
	g, _ := alcazar.Game{}.New(games.Config{})
	st := g.(*alcazar.State)
	if st.CheckDrop(0, alzSquare("c1")) == nil || st.CheckDrop(6, alzSquare("c1")) == nil || st.CheckDrop(1, -1) == nil || st.CheckDrop(1, alcazar.Cells) == nil {
		t.Fatal("a piece or square out of range was accepted")
	}
}

func alzSquare(name string) int {
	sq, _ := alcazar.Square(name)
	return sq
}

func TestHashCoversTheTurnState(t *testing.T) {
	// Same pieces, different moments of the turn: different hashes.
	a, _ := alcazar.Game{}.New(games.Config{Setup: json.RawMessage(`{"pieces":[{"seat":0,"n":1,"at":"c3","dir":"N"},{"seat":0,"n":2,"at":"b3","dir":"N"},{"seat":0,"n":3,"at":"d3","dir":"S"},{"seat":0,"n":4,"at":"b2","dir":"N"},{"seat":0,"n":5,"at":"d2","dir":"N"}],"crown":0,"turn":0,"toMove":0}`)})
	b, _ := alcazar.Game{}.New(games.Config{Setup: json.RawMessage(`{"pieces":[{"seat":0,"n":1,"at":"c3","dir":"N"},{"seat":0,"n":2,"at":"b3","dir":"N"},{"seat":0,"n":3,"at":"d3","dir":"S"},{"seat":0,"n":4,"at":"b2","dir":"N"},{"seat":0,"n":5,"at":"d2","dir":"N"}],"crown":0,"turn":0,"toMove":1}`)})
	c, _ := alcazar.Game{}.New(games.Config{Setup: json.RawMessage(`{"pieces":[{"seat":0,"n":1,"at":"c3","dir":"N"},{"seat":0,"n":2,"at":"b3","dir":"N"},{"seat":0,"n":3,"at":"d3","dir":"S"},{"seat":0,"n":4,"at":"b2","dir":"N"},{"seat":0,"n":5,"at":"d2","dir":"N"}],"crown":1,"turn":1,"toMove":1}`)})
	d, _ := alcazar.Game{}.New(games.Config{Setup: json.RawMessage(`{"pieces":[{"seat":0,"n":1,"at":"c3","dir":"E"},{"seat":0,"n":2,"at":"b3","dir":"N"},{"seat":0,"n":3,"at":"d3","dir":"S"},{"seat":0,"n":4,"at":"b2","dir":"N"},{"seat":0,"n":5,"at":"d2","dir":"N"}],"crown":0,"turn":0,"toMove":0}`)})
	hs := map[uint64]bool{a.Hash(): true, b.Hash(): true, c.Hash(): true, d.Hash(): true}
	if len(hs) != 4 {
		t.Fatal("hash collision between different turn states")
	}
	if got := b.Legal(1); len(got) != 60 { // seat 0 passed: all 12 squares are open
		t.Fatalf("legal %v", got)
	}
}

// BenchmarkRandomPlayout plays whole random games through the State API
// (Legal, Play, Outcome) and reports playouts per second.
func BenchmarkRandomPlayout(b *testing.B) {
	rules := games.Rules{"turnLimit": 200, "bothLinesDraw": false}
	r := uint64(1)
	plies := 0
	for i := 0; i < b.N; i++ {
		st, _ := alcazar.Game{}.New(games.Config{Rules: rules})
		for !st.Outcome().Over() {
			legal := st.Legal(st.ToMove()[0])
			r = r*6364136223846793005 + 1442695040888963407
			st.Play(legal[(r>>33)%uint64(len(legal))])
			plies++
		}
	}
	b.ReportMetric(float64(b.N)/b.Elapsed().Seconds(), "playouts/s")
	b.ReportMetric(float64(plies)/float64(b.N), "plies/playout")
}
