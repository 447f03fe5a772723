package ui

import (
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/theme"
	"github.com/tabulagames/tabula/games"
	"github.com/tabulagames/tabula/ui/boards/kit"
)

// TestBoardsStartAtOneDistance: on the desktop every board's squares
// start kit.BoardTop below the top of the board's area, so switching
// games does not move the board up or down (each used to centre itself
// in its area, at a distance of its own). Alcazar names no squares; its
// frame is placed at kit.BoardTop by the same rule (alcazar.layout).
func TestBoardsStartAtOneDistance(t *testing.T) {
	for _, id := range []string{"classic", "checkerboard", "infiltration", "revenge", "knights", "arena"} {
		t.Run(id, func(t *testing.T) {
			u := newTestApp(t)
			g, _ := games.Lookup(id)
			rules := games.Defaults(g.RuleSpecs())
			gs, _ := openOnLoop(t, u, g, rules, people[:games.SeatCount(g, rules)], nil)
			top := gs.board.Size().Height
			for _, o := range gs.spoken.Objects {
				top = min(top, o.Position().Y)
			}
			if top < kit.BoardTop-0.5 || top > kit.BoardTop+0.5 {
				t.Fatalf("the squares start %.1f below the board's top, want %v", top, kit.BoardTop)
			}
		})
	}
}

// TestEveryGameFitsASmallWindow: on a desktop of 800 x 600 every game's
// screen fits, with four seats where the game seats four, at the start
// and once it is over (the headline, Play again and the score added):
// the board draws at any size and the panel scrolls, so no screen asks
// the window to grow past the display (a game used to open 663 px tall).
func TestEveryGameFitsASmallWindow(t *testing.T) {
	const w, h = 800, 570 // 600 less a title bar
	for _, id := range []string{"classic", "checkerboard", "infiltration", "alcazar", "revenge", "knights", "arena"} {
		g, _ := games.Lookup(id)
		rules := games.Defaults(g.RuleSpecs())
		if _, ok := rules["players"]; ok {
			rules["players"] = 4
		}
		t.Run(id, func(t *testing.T) {
			u := newTestApp(t)
			gs, _ := openOnLoop(t, u, g, rules, people[:games.SeatCount(g, rules)], nil)
			fits := func(when string) {
				t.Helper()
				if m := gs.content.MinSize(); m.Width > w || m.Height > h {
					t.Fatalf("%s the screen asks for %.0f x %.0f, more than %d x %d", when, m.Width, m.Height, w, h)
				}
			}
			fits("at the start")
			s := gs.session
			for n := 0; n < 400 && !s.Live().Outcome().Over(); n++ {
				s.Continue() // a turn the people picked in secret is shown until Continue
				seat := s.HumanToMove()
				legal := s.Live().Legal(seat)
				if err := gs.Submit(s.Live().MoveString(seat, legal[n%len(legal)])); err != nil {
					t.Fatal(err)
				}
			}
			fits("at the end")
		})
	}
}

// TestSidePanelKeepsItsWidth: a long seat name beside its note and
// "winner", four seats' scores and the buttons of a finished game never
// make the desktop side panel's contents wider than the panel, which
// would push "winner" and Reset score past the window's edge.
func TestSidePanelKeepsItsWidth(t *testing.T) {
	u := newTestApp(t)
	g, _ := games.Lookup("knights")
	rules := games.Defaults(g.RuleSpecs())
	rules["players"] = 4
	seats := []games.SeatInfo{{Name: "Anastasia Papadopoulou", Controller: "human"},
		{Name: "Computer", Controller: "ai", Bot: "aggressor"}, {Name: "Computer 2", Controller: "ai", Bot: "mobility"},
		{Name: "Computer 3", Controller: "ai", Bot: "balanced"}}
	gs, loop := openOnLoop(t, u, g, rules, seats, nil)
	s := gs.session
	for n := 0; n < 300 && !s.Live().Outcome().Over(); n++ {
		if seat := s.HumanToMove(); seat >= 0 {
			if err := gs.Submit(s.Live().MoveString(seat, s.Live().Legal(seat)[0])); err != nil {
				t.Fatal(err)
			}
		}
		loop.Until(t, "the bots' picks", func() bool { return s.HumanToMove() >= 0 || s.Live().Outcome().Over() })
	}
	if !s.Live().Outcome().Over() {
		t.Fatal("the game did not end")
	}
	inner := sidePanelWidth - 4*theme.Padding()
	for _, row := range gs.seatRows {
		if w := row.name.MinSize().Width + row.note.MinSize().Width + row.turn.MinSize().Width; w > inner {
			t.Errorf("the row of %q asks for %.0f px, more than the panel's %.0f", row.name.Text, w, inner)
		}
	}
}

// TestSeatNamesShowWhole: a name that fits the side panel is shown whole,
// not cut to an ellipsis (the name takes the room its note leaves).
func TestSeatNamesShowWhole(t *testing.T) {
	u := newTestApp(t)
	gs, _ := startGame(t, u, []games.SeatInfo{{Name: "Ana", Controller: "human"}, {Name: "Computer", Controller: "ai", Bot: "easy"}})
	for _, row := range gs.seatRows {
		text := fyne.MeasureText(row.name.Text, theme.TextSize(), row.name.TextStyle).Width
		if got := row.name.Size().Width - 2*theme.InnerPadding(); got < text {
			t.Errorf("%q has %.0f px of the %.0f it needs", row.name.Text, got, text)
		}
	}
}
