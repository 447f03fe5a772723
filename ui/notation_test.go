package ui

import (
	"math/rand/v2"
	"strings"
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"

	"github.com/tabulagames/tabula/games"
	"github.com/tabulagames/tabula/games/toy"
)

// shownRow fills a fresh move-list row with move i, wide enough for
// both, and gives the words and the notation shown ("" if none).
func shownRow(gs *gameScreen, i int) (words, notation string) {
	row := newMoveRow()
	gs.showMove(i, row)
	row.Resize(fyne.NewSize(1000, row.MinSize().Height))
	words = row.Objects[0].(*widget.Label).Text
	if n := row.Objects[1].(*widget.Label); n.Visible() {
		notation = n.Text
	}
	return words, notation
}

func showNotation(t *testing.T, u *App, on bool) {
	t.Helper()
	if err := u.cfg.SetShowNotation(on); err != nil {
		t.Fatal(err)
	}
}

// With "Show notation in the move list" on, every game's rows give the
// move's token after its words; off, the words alone (issue 10 item 8:
// notation in an optional column).
func TestMoveListShowsNotationWhenAsked(t *testing.T) {
	for _, id := range []string{"classic", "checkerboard", "infiltration", "alcazar", "revenge", "arena"} {
		u := newTestApp(t)
		g, _ := games.Lookup(id)
		rules := games.Defaults(g.RuleSpecs())
		gs, _ := openOnLoop(t, u, g, rules, people[:games.SeatCount(g, rules)], nil)
		s := gs.session
		rng := rand.New(rand.NewPCG(1, 7))
		for ply := 0; ply < 4; ply++ {
			seat := s.HumanToMove()
			legal := s.Live().Legal(seat)
			tok := s.Live().MoveString(seat, legal[rng.IntN(len(legal))])
			if err := gs.Submit(tok); err != nil {
				t.Fatalf("%s %s: %v", id, tok, err)
			}
			showNotation(t, u, false)
			words, notation := shownRow(gs, ply)
			if words != gs.moveText(ply) || notation != "" {
				t.Fatalf("%s, notation off: row %q + %q", id, words, notation)
			}
			showNotation(t, u, true)
			words, notation = shownRow(gs, ply)
			if words != gs.moveText(ply) || notation != tok {
				t.Fatalf("%s, notation on: row %q + %q, want the words and %q", id, words, notation, tok)
			}
		}
	}
}

// Under knights' fog the notation hides what the words hide: the other
// seat's square never shows, before the hand-over not even one's own.
func TestMoveListNotationKeepsTheFog(t *testing.T) {
	u := newTestApp(t)
	showNotation(t, u, true)
	gs, _ := startKnights(t, u, []games.SeatInfo{kAna, kBen}, map[string]any{"fog": true})
	pickAll(t, gs, "c5", "e3") // e3: out of the sight of Ana's c5
	if words, notation := shownRow(gs, 0); notation != "?,?" || strings.Contains(words+notation, "c5") {
		t.Fatalf("before the hand-over the row reads %q + %q", words, notation)
	}
	gs.session.Continue() // everyone has seen the turn: the hand-over comes
	gs.session.Reveal(0)
	gs.refresh()
	if words, notation := shownRow(gs, 0); notation != "c5,?" || strings.Contains(words+notation, "e3") {
		t.Fatalf("Ana sees %q + %q", words, notation)
	}
	clear, _ := startKnights(t, u, []games.SeatInfo{kAna, kBen}, nil)
	pickAll(t, clear, "c5", "f4")
	if _, notation := shownRow(clear, 0); notation != "c5,f4" {
		t.Fatalf("without fog the notation is %q", notation)
	}
}

// The notation never widens a row: the row asks for the room of its
// words, and where the notation does not fit whole it is left out.
func TestMoveListNotationNeverRunsOffTheRow(t *testing.T) {
	u := newTestApp(t)
	showNotation(t, u, true)
	gs, _ := startKnights(t, u, []games.SeatInfo{kAna, kBen}, nil)
	pickAll(t, gs, "c5", "f4")
	row := newMoveRow()
	gs.showMove(0, row)
	words, notation := row.Objects[0].(*widget.Label), row.Objects[1].(*widget.Label)
	if row.MinSize() != words.MinSize() {
		t.Fatalf("the row asks for %v, its words %v", row.MinSize(), words.MinSize())
	}
	// The words wrap, so their width on one line is what the notation
	// follows.
	line := fyne.MeasureText(words.Text, theme.TextSize(), words.TextStyle).Width + 2*theme.InnerPadding()
	row.Resize(fyne.NewSize(line+notation.MinSize().Width, words.MinSize().Height))
	if !notation.Visible() || notation.Position().X+notation.Size().Width > row.Size().Width {
		t.Fatalf("where it fits the notation shows (%v) inside the row: at %v, %v wide, row %v",
			notation.Visible(), notation.Position(), notation.Size().Width, row.Size().Width)
	}
	row.Resize(fyne.NewSize(line+notation.MinSize().Width-1, words.MinSize().Height))
	if notation.Visible() {
		t.Fatal("the notation shows in a row too narrow for it")
	}
}

// A board without words of its own lists the notation already: the
// setting adds no second copy.
func TestMoveListNotationNotRepeated(t *testing.T) {
	u := newToyApp(t)
	showNotation(t, u, true)
	g, _ := games.Lookup(toy.ID)
	rules, _ := games.ValidateRules(g.RuleSpecs(), map[string]any{"players": float64(2)})
	gs, _ := openOnLoop(t, u, g, rules, []games.SeatInfo{{Name: "Ana", Controller: "human"}, {Name: "Bo", Controller: "human"}}, nil)
	pickAll(t, gs, "2", "3")
	if gs.session.Plies() == 0 {
		t.Fatal("no move to list")
	}
	if words, notation := shownRow(gs, 0); notation != "" || words != gs.moveText(0) {
		t.Fatalf("the row reads %q + %q", words, notation)
	}
}
