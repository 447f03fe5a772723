package ui

import (
	"fmt"
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/test"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"
	"github.com/tabulagames/tabula/games"
	"github.com/tabulagames/tabula/ui/boards/kit"
)

// TestBoardsStartAtOneDistance: on the desktop every board's squares
// start kit.BoardTop below the top of the board's area, so switching
// games does not move the board up or down (each used to centre itself
// in its area, at a distance of its own). Alcazar names no squares; its
// frame is placed at kit.BoardTop by the same rule (alcazar.layout).
func TestBoardsStartAtOneDistance(t *testing.T) {
	desktopOnly(t)
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

// TestPanelShowsItsInformationWhole: once a game is over (the headline,
// Play again and the score line added to the side panel) at the window's
// default size and at 800 x 600, the panel shows every line of its
// information whole with the Moves heading and at least panelListRows
// rows of the list under it, all without scrolling, in a window laid out
// as a real one is between frames. The information used to lie in a
// scroll of its own that kept the height it had before the game ended: a
// second scroll bar, the score line cut mid-line, the house rules and
// the Moves heading out of sight.
func TestPanelShowsItsInformationWhole(t *testing.T) {
	desktopOnly(t)
	for _, size := range []fyne.Size{fyne.NewSize(1180, 760), fyne.NewSize(800, 600)} {
		t.Run(fmt.Sprintf("%.0fx%.0f", size.Width, size.Height), func(t *testing.T) {
			u := newTestApp(t)
			u.win.Resize(size)
			gs, _ := startGame(t, u, twoPeople)
			frames := minSizes{}
			frames.frame(u.win.Content())
			for _, m := range []string{"a1", "a2", "b1", "b2", "c1"} { // a row for Ana
				if err := gs.Submit(m); err != nil {
					t.Fatal(err)
				}
				frames.frame(u.win.Content())
			}
			if !gs.session.Live().Outcome().Over() || !gs.scoreRow.Visible() {
				t.Fatal("the game is not over, or shows no score")
			}
			frames.frame(u.win.Content())
			info := parentOf(u.win.Content(), gs.status)
			if info == nil {
				t.Fatal("the status is in no panel")
			}
			var heading *widget.Label
			for _, o := range visibleUnder(info) {
				l, ok := o.(*widget.Label)
				if !ok || l.Text == "" {
					continue
				}
				if l.Text == "Moves" {
					heading = l
				}
				if l.Size().Height < l.MinSize().Height-0.5 {
					t.Errorf("%q has %.0f px of the %.0f its lines need", l.Text, l.Size().Height, l.MinSize().Height)
				}
				if !shownWhole(u.win.Content(), l) {
					t.Errorf("%q is not shown whole", l.Text)
				}
				if bottom, list := absolute(l).Y+l.Size().Height, absolute(gs.moves).Y; bottom > list+0.5 {
					t.Errorf("%q ends at y=%.0f, over the move list at y=%.0f", l.Text, bottom, list)
				}
			}
			if heading == nil {
				t.Fatal("no Moves heading")
			}
			row := gs.moves.MinSize().Height // a row of one line
			rows := panelListRows*row + (panelListRows-1)*theme.Padding()
			if h := gs.moves.Size().Height; h < rows-0.5 || !shownWhole(u.win.Content(), gs.moves) {
				t.Errorf("the move list is %.0f px tall (%d rows take %.0f), shown whole: %v", h, panelListRows, rows, shownWhole(u.win.Content(), gs.moves))
			}
		})
	}
}

// TestPanelScrollsAsOne: where the window is too short for the whole
// information and a useful list (a finished game of four at 800 x 600),
// the side panel scrolls as one: the information lies in one scroll
// only, the one that holds the move list, at the height its lines need,
// and the list keeps panelListRows rows. It used to scroll in a panel
// of its own above the list.
func TestPanelScrollsAsOne(t *testing.T) {
	u := newTestApp(t)
	u.win.Resize(fyne.NewSize(800, 600))
	g, _ := games.Lookup("knights")
	rules := games.Defaults(g.RuleSpecs())
	rules["players"] = 4
	gs, _ := openOnLoop(t, u, g, rules, people[:4], nil)
	frames := minSizes{}
	s := gs.session
	for n := 0; n < 400 && !s.Live().Outcome().Over(); n++ {
		if s.ShowingTurn() {
			s.Continue() // the turn the four played, shown to everyone
		}
		seat := s.HumanToMove()
		legal := s.Live().Legal(seat)
		if err := gs.Submit(s.Live().MoveString(seat, legal[n%len(legal)])); err != nil {
			t.Fatal(err)
		}
		frames.frame(u.win.Content())
	}
	if !s.Live().Outcome().Over() {
		t.Fatal("the game did not end")
	}
	frames.frame(u.win.Content())
	root := u.win.Content()
	info := parentOf(root, gs.status)
	var scrolls []*container.Scroll
	for p := parentOf(root, info); p != nil; p = parentOf(root, p) {
		if sc, ok := p.(*container.Scroll); ok {
			scrolls = append(scrolls, sc)
		}
	}
	if len(scrolls) != 1 || !holds(scrolls[0], gs.moves) {
		t.Fatalf("the information lies in %d scrolls; the first holds the moves: %v", len(scrolls), len(scrolls) > 0 && holds(scrolls[0], gs.moves))
	}
	if scrolls[0].Content.Size().Height <= scrolls[0].Size().Height {
		t.Fatal("the panel does not scroll: this test no longer tries a short window")
	}
	for _, o := range visibleUnder(info) {
		l, ok := o.(*widget.Label)
		if !ok {
			continue
		}
		if l.Size().Height < l.MinSize().Height-0.5 {
			t.Errorf("%q has %.0f px of the %.0f its lines need", l.Text, l.Size().Height, l.MinSize().Height)
		}
		if bottom, list := absolute(l).Y+l.Size().Height, absolute(gs.moves).Y; bottom > list+0.5 {
			t.Errorf("%q ends at y=%.0f, over the move list at y=%.0f", l.Text, bottom, list)
		}
	}
	row := gs.moves.MinSize().Height
	if h, least := gs.moves.Size().Height, panelListRows*row+(panelListRows-1)*theme.Padding(); h < least-0.5 {
		t.Errorf("the move list is %.0f px tall, less than %d rows (%.0f)", h, panelListRows, least)
	}
}

// holds reports whether o lies under root.
func holds(root, o fyne.CanvasObject) bool {
	for _, c := range canvasObjects(root) {
		if c == o {
			return true
		}
	}
	return false
}

// minSizes is what a real window remembers between frames: each object's
// minimum size at the last frame.
type minSizes map[fyne.CanvasObject]fyne.Size

// frame lays the window out as Fyne's desktop and phone drivers do before
// drawing a frame (common.Canvas.EnsureMinSize): walking the shown objects
// children first, it lays out again the parent of an object whose minimum
// size changed since the last frame, and only the last such parent found
// when the walk reaches it. (The test driver lays out nothing; settle lays
// out everything, which hides a container a real window leaves as it was.)
func (m minSizes) frame(root fyne.CanvasObject) {
	var pending fyne.CanvasObject // Fyne keeps one parent to lay out
	var walk func(o, parent fyne.CanvasObject)
	walk = func(o, parent fyne.CanvasObject) {
		if !o.Visible() {
			return
		}
		switch x := o.(type) {
		case *fyne.Container:
			for _, c := range x.Objects {
				walk(c, o)
			}
		case fyne.Widget:
			for _, c := range test.WidgetRenderer(x).Objects() {
				walk(c, o)
			}
		}
		if pending == o {
			layOutOnce(o)
			pending = nil
		}
		min := o.MinSize()
		if old, seen := m[o]; !seen || old != min {
			m[o] = min
			if parent == nil {
				layOutOnce(o)
				return
			}
			pending = parent
		}
	}
	walk(root, nil)
}

// layOutOnce lays o out at its size, not what it holds.
func layOutOnce(o fyne.CanvasObject) {
	switch x := o.(type) {
	case *fyne.Container:
		if x.Layout != nil {
			x.Layout.Layout(x.Objects, x.Size())
		}
	case fyne.Widget:
		test.WidgetRenderer(x).Layout(x.Size())
	}
}

// parentOf is the container or widget that holds o, under root.
func parentOf(root, o fyne.CanvasObject) fyne.CanvasObject {
	var children []fyne.CanvasObject
	switch x := root.(type) {
	case *fyne.Container:
		children = x.Objects
	case fyne.Widget:
		children = test.WidgetRenderer(x).Objects()
	}
	for _, c := range children {
		if c == o {
			return root
		}
		if p := parentOf(c, o); p != nil {
			return p
		}
	}
	return nil
}

// shownWhole reports whether o lies whole in the window and in the view
// of every scroll that holds it.
func shownWhole(root, o fyne.CanvasObject) bool {
	pos, size := absolute(o), o.Size()
	inside := func(at fyne.Position, area fyne.Size) bool {
		return pos.X >= at.X-0.5 && pos.Y >= at.Y-0.5 &&
			pos.X+size.Width <= at.X+area.Width+0.5 && pos.Y+size.Height <= at.Y+area.Height+0.5
	}
	if !inside(fyne.NewPos(0, 0), root.Size()) {
		return false
	}
	for p := parentOf(root, o); p != nil; p = parentOf(root, p) {
		if s, ok := p.(*container.Scroll); ok && !inside(absolute(s), s.Size()) {
			return false
		}
	}
	return true
}
