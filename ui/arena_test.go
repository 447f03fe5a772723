package ui

import (
	"encoding/json"
	"strings"
	"testing"
	"time"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/test"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"

	"github.com/tabulagames/tabula/games"
	"github.com/tabulagames/tabula/ui/boards/arena"
)

// TestArenaBotsArePacedByAction: a bot's arena turn waits about a second
// before it starts and plays its actions 500 ms apart (250 ms for a
// turn on the spot) at the default setting; the player's setting scales
// every pause. Other games keep the plain delay. (The board's own tests
// are in ui/boards/arena.)
func TestArenaBotsArePacedByAction(t *testing.T) {
	u := newTestApp(t)
	g, _ := games.Lookup("arena")
	rules := games.Defaults(g.RuleSpecs())
	for _, c := range []struct {
		setting            time.Duration
		turn, step, facing time.Duration
	}{
		{400 * time.Millisecond, time.Second, 500 * time.Millisecond, 250 * time.Millisecond},
		{800 * time.Millisecond, 2 * time.Second, time.Second, 500 * time.Millisecond},
		{0, 0, 0, 0},
	} {
		if err := u.cfg.SetBotDelay(c.setting); err != nil {
			t.Fatal(err)
		}
		s, err := u.newSession(g, rules, humanVsHard, nil)
		if err != nil {
			t.Fatal(err)
		}
		if s.BotDelay != c.turn || s.TokenDelay == nil || s.TokenDelay("move E") != c.step || s.TokenDelay("face N") != c.facing {
			t.Errorf("setting %v: turn %v", c.setting, s.BotDelay)
		}
	}
	// Computers alone follow the computer-vs-computer pace.
	if err := u.cfg.SetBotPace(1600 * time.Millisecond); err != nil {
		t.Fatal(err)
	}
	bots := []games.SeatInfo{{Name: "A", Controller: "ai", Bot: "easy"}, {Name: "B", Controller: "ai", Bot: "easy"}}
	s, err := u.newSession(g, rules, bots, nil)
	if err != nil {
		t.Fatal(err)
	}
	if s.AutoDelay != 1600*time.Millisecond || s.TokenDelay("move E") != time.Second {
		t.Fatalf("bots alone: turn %v, step %v", s.AutoDelay, s.TokenDelay("move E"))
	}
	classic, _ := games.Lookup("classic")
	if s, _ := u.newSession(classic, nil, humanVsHard, nil); s.TokenDelay != nil || s.BotDelay != 0 {
		t.Fatalf("classic paced as arena: %v", s.BotDelay)
	}
}

// TestArenaResultWaitsForTheBlast: the side panel does not tell who won
// while the blast that decided it is still spreading, then offers Play
// again and New game; Backspace takes back an action through the
// screen's Undo.
func TestArenaResultWaitsForTheBlast(t *testing.T) {
	u := newTestApp(t)
	// Ana on b4 facing N; the bomb on d4 blows at the end of her turn.
	setup := `{"board": ["#######", "#....2#", "#.#.#.#", "#1.B..#", "#.#.#.#", "#.....#", "#######"],
		"bombs": [{"at": "d4", "timer": 1}],
		"players": [{"at": "b4", "hp": 5, "facing": "N", "character": "bomber"}, {"at": "f6", "hp": 5, "facing": "W", "character": "freezer"}],
		"actions": 5, "toMove": 0}`
	g, _ := games.Lookup("arena")
	people := []games.SeatInfo{{Name: "Ana", Controller: "human"}, {Name: "Ben", Controller: "human"}}
	gs, _ := openOnLoop(t, u, g, games.Defaults(g.RuleSpecs()), people, json.RawMessage(setup))
	b := gs.board.(*arena.Board)
	gs.board.Key(fyne.KeyUp)        // faces N: a step to b5
	gs.board.Key(fyne.KeyBackspace) // and back
	if got := gs.session.Tokens(); len(got) != 0 {
		t.Fatalf("Backspace left %q", got)
	}
	if err := u.cfg.SetReducedMotion(false); err != nil {
		t.Fatal(err)
	}
	var held *fyne.Animation
	b.StartAnim = func(a *fyne.Animation) { held = a }
	if err := gs.Submit("end"); err != nil {
		t.Fatal(err)
	}
	if !gs.session.Live().Outcome().Over() || !b.Animating() {
		t.Fatal("the blast should end the game and still be showing")
	}
	if gs.result.Visible() {
		t.Fatalf("the result %q is shown while the blast spreads", gs.result.String())
	}
	if gs.over.Visible() {
		t.Fatal("Play again and New game are offered while the blast spreads")
	}
	held.Tick(1)
	if !gs.result.Visible() || gs.result.String() != "Ben wins: Ana was caught in a blast" || !gs.over.Visible() {
		t.Fatalf("after the blast: %q", gs.result.String())
	}
	// New game opens the new-game form of this game.
	before := len(u.win.Canvas().Overlays().List())
	test.Tap(gs.newGame)
	if len(u.win.Canvas().Overlays().List()) != before+1 {
		t.Fatal("New game did not open the form")
	}
}

// TestArenaCharactersReadAsWords: the new-game form offers the
// characters as people read them ("Bomber", "Freezer") and starts the
// game with the rules' values; the side panel says them the same way.
func TestArenaCharactersReadAsWords(t *testing.T) {
	u := newTestApp(t)
	g, _ := games.Lookup("arena")
	nd := &newGameForm{u: u, g: g}
	nd.build(u.defaultSeats(g, 2), nil)
	nd.seats[1].kind.SetSelected(humanChoice) // no bot: nothing may run after the test
	var chars []*widget.Select
	var walk func(o fyne.CanvasObject)
	walk = func(o fyne.CanvasObject) {
		switch x := o.(type) {
		case *fyne.Container:
			for _, c := range x.Objects {
				walk(c)
			}
		case *widget.Select:
			if len(x.Options) == 2 && x.Options[0] == "Bomber" && x.Options[1] == "Freezer" {
				chars = append(chars, x)
			}
		}
	}
	walk(nd.box)
	if len(chars) != 2 || chars[0].Selected != "Bomber" || chars[1].Selected != "Freezer" {
		t.Fatalf("%d character choices", len(chars))
	}
	chars[0].SetSelected("Freezer")
	if !nd.start() {
		t.Fatalf("start refused: %s", nd.problem.Text)
	}
	if p1 := u.game.session.Rules.String("p1"); p1 != "freezer" {
		t.Fatalf("p1 = %q", p1)
	}
	if text := u.game.rulesText(); !strings.Contains(text, "First player: Freezer (changed)\nSecond player: Freezer\n") {
		t.Fatalf("rules in effect:\n%s", text)
	}
}

// TestPhoneArenaSquaresTakeTheWidth: on a phone (`go test -tags mobile`)
// at 412x790 the arena's squares take the full width but the rank
// labels' room, as knights' do, and the board is as tall as they need
// (issue 19 item 9: they kept the labels' room on both sides).
func TestPhoneArenaSquaresTakeTheWidth(t *testing.T) {
	if !fyne.CurrentDevice().IsMobile() {
		t.Skip("a phone's layout: run with -tags mobile")
	}
	u := newTestApp(t)
	u.win.Resize(fyne.NewSize(412, 790))
	g, _ := games.Lookup("arena")
	gs, _ := openOnLoop(t, u, g, games.Defaults(g.RuleSpecs()), people[:2], nil)
	board := gs.board.Size()
	sq := gs.spoken.Objects // a1 first, g7 last, rank by rank
	right := sq[6].Position().X + sq[6].Size().Width
	if right < board.Width-1 {
		t.Errorf("the squares end at %.0f on a board %.0f wide", right, board.Width)
	}
	if left := sq[0].Position().X; left > theme.TextSize()*1.4+1 {
		t.Errorf("the squares start at %.0f: more than the labels' room", left)
	}
	if bottom := sq[0].Position().Y + sq[0].Size().Height; bottom > board.Height {
		t.Errorf("the squares end at %.0f below a board %.0f tall", bottom, board.Height)
	}
}
