package ui

import (
	"encoding/json"
	"testing"

	"fyne.io/fyne/v2"

	"github.com/tabulagames/tabula/games"
	"github.com/tabulagames/tabula/ui/boards/alcazar"
)

// TestAlcazarResultWaitsForThePhase: the side panel does not give the
// ending away while the movement phase is still playing. (The board's
// own tests are in ui/boards/alcazar.)
func TestAlcazarResultWaitsForThePhase(t *testing.T) {
	u := newTestApp(t)
	setup := `{"pieces": [{"seat": 0, "n": 1, "at": "b2", "dir": "N"}, {"seat": 0, "n": 3, "at": "d4", "dir": "W"}, {"seat": 1, "n": 1, "at": "b3", "dir": "S"}, {"seat": 1, "n": 2, "at": "c4", "dir": "E"}, {"seat": 1, "n": 3, "at": "d3", "dir": "N"}, {"seat": 1, "n": 4, "at": "c2", "dir": "N"}, {"seat": 1, "n": 5, "at": "b4", "dir": "S"}], "hands": [[2, 4, 5], []], "crown": 0, "turn": 6, "toMove": 0}`
	g, _ := games.Lookup("alcazar")
	people := []games.SeatInfo{{Name: "Ana", Controller: "human"}, {Name: "Ben", Controller: "human"}}
	gs, _ := openOnLoop(t, u, g, games.Defaults(g.RuleSpecs()), people, json.RawMessage(setup))
	b := gs.board.(*alcazar.Board)
	// Hold the board's animations: Fyne's test driver would run them to
	// the end at once.
	if err := u.cfg.SetReducedMotion(false); err != nil {
		t.Fatal(err)
	}
	var held *fyne.Animation
	b.StartAnim = func(a *fyne.Animation) { held = a }
	if err := gs.Submit("2@d1"); err != nil {
		t.Fatal(err)
	}
	held.Tick(1)
	if err := gs.Submit("pass"); err != nil {
		t.Fatal(err)
	}
	if !gs.session.Live().Outcome().Over() || !b.Animating() {
		t.Fatal("the setup should end the game with a phase to watch")
	}
	if gs.result.Visible() {
		t.Fatalf("the result %q is shown while the phase plays", gs.result.String())
	}
	if gs.status.Text != "Watch the pieces move..." {
		t.Fatalf("status %q while the phase plays", gs.status.Text)
	}
	if gs.scoreRow.Visible() {
		t.Fatalf("the session score %q counts the game while the phase plays", gs.score.Text)
	}
	for b.Animating() {
		held.Tick(1)
	}
	if !gs.result.Visible() || gs.result.String() == "" {
		t.Fatal("the result is not shown after the phase")
	}
	if !gs.scoreRow.Visible() || gs.score.Text == "" {
		t.Fatal("the session score is not shown after the phase")
	}
}
