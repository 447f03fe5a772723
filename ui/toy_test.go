package ui

import (
	"encoding/json"
	"strings"
	"testing"
	"testing/fstest"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/test"
	"fyne.io/fyne/v2/widget"

	"github.com/tabulagames/tabula/ai"
	"github.com/tabulagames/tabula/games"
	"github.com/tabulagames/tabula/games/toy"
	"github.com/tabulagames/tabula/ui/boards/kit"
	"github.com/tabulagames/tabula/ui/frame"
	"github.com/tabulagames/tabula/ui/session"
)

// toyBoard draws the position the session shows as text: enough for the
// game screen's tests of turns the real boards do not have yet.
type toyBoard struct {
	widget.Label
	shown string
}

func newToyBoard(kit.Host) kit.Board {
	b := &toyBoard{}
	b.ExtendBaseWidget(b)
	return b
}

func (b *toyBoard) Draw(f *frame.Frame, animate bool) {
	pos, _ := json.Marshal(f.Shown.Position())
	b.shown = string(pos)
	b.SetText(b.shown)
}

func (b *toyBoard) Key(fyne.KeyName) bool { return false }

// toyEntry is the toy game as an eighth game of the box, declared the way
// every board package declares its game (entry.go).
var toyEntry = kit.Entry{Game: toy.Game{}, New: newToyBoard, Files: fstest.MapFS{
	"help.md":  {Data: []byte("# Toy\n\nA test game with every kind of turn.")},
	"icon.svg": {Data: []byte(`<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 8 8"><rect width="8" height="8"/></svg>`)},
}}

// newToyApp is the test app with the toy game added to the box.
func newToyApp(t *testing.T) *App {
	t.Helper()
	toy.Register()
	u := newTestApp(t)
	u.box.add(toyEntry)
	return u
}

// The game screen hides the board between two people's secret picks and
// shows each only their own card.
func TestGameScreenHandsTheDeviceOver(t *testing.T) {
	u := newToyApp(t)
	g, _ := games.Lookup(toy.ID)
	rules, _ := games.ValidateRules(g.RuleSpecs(), map[string]any{"players": float64(2)})
	gs, _ := openOnLoop(t, u, g, rules, []games.SeatInfo{{Name: "Ana", Controller: "human"}, {Name: "Bo", Controller: "human"}}, nil)
	b := gs.board.(*toyBoard)
	if !gs.cover.Visible() || !strings.Contains(gs.handOverText.Text, "Ana: your move") {
		t.Fatalf("no hand-over before Ana's pick (cover %v, %q)", gs.cover.Visible(), gs.handOverText.Text)
	}
	if !strings.Contains(b.shown, `"cards":[-1,-1]`) {
		t.Fatalf("a card shows before the hand-over: %s", b.shown)
	}
	test.Tap(gs.handOverBtn)
	if gs.cover.Visible() || strings.Contains(b.shown, `"cards":[-1,-1]`) || !strings.Contains(b.shown, `,-1]`) {
		t.Fatalf("after Ana took the device: cover %v, board %s", gs.cover.Visible(), b.shown)
	}
	if err := gs.Submit("2"); err != nil {
		t.Fatal(err)
	}
	if !gs.cover.Visible() || !strings.Contains(gs.handOverText.Text, "Bo: your move") || !strings.Contains(b.shown, `"cards":[-1,-1]`) {
		t.Fatalf("after Ana's pick: cover %v %q, board %s", gs.cover.Visible(), gs.handOverText.Text, b.shown)
	}
}

// A person against two bots is counted against the line-up of both.
func TestResultAgainstSeveralBotsCountsTheLineUp(t *testing.T) {
	u := newToyApp(t)
	g, _ := games.Lookup(toy.ID)
	s, err := session.New(g, games.Defaults(g.RuleSpecs()), 1, []games.SeatInfo{
		{Name: "Ana", Controller: "human"}, {Name: "C1", Controller: "ai", Bot: "medium"}, {Name: "C2", Controller: "ai", Bot: "easy"}}, nil,
		session.Options{Post: func(func()) {}, NewBot: func(string, string, ai.Options) (ai.Bot, error) { return ai.Random{}, nil }})
	if err != nil {
		t.Fatal(err)
	}
	u.recordResult(s, games.Outcome{Status: games.Win, Winners: []int{0}})
	u.disk.Wait()
	if got := u.stats.For(toy.ID)["easy + medium"]; got.Wins != 1 {
		t.Fatalf("tallies %v: the win should count against \"easy + medium\"", u.stats.For(toy.ID))
	}
}
