package ui

import (
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/test"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"

	"github.com/tabulagames/tabula/games"
	"github.com/tabulagames/tabula/ui/boards/all"
	"github.com/tabulagames/tabula/ui/boardtest"
)

// TestGameScreenMakesNoThemeOverride: no game screen, its board and the
// board's controls included, and no New game dialog holds a theme
// override. Fyne keeps every primitive drawn under an override, and
// through the override's content the whole screen, for as long as the
// app runs, and parses the fonts anew for each (issue 19 item 14:
// infiltration's hand chips under one grew the heap 30% in 20 games).
// Under -tags mobile it checks the phone layout (TestPhoneScreens...).
func TestGameScreenMakesNoThemeOverride(t *testing.T) {
	u := newTestApp(t)
	for _, e := range all.Entries() {
		g := e.Game
		rules := games.Defaults(g.RuleSpecs())
		seats := u.defaultSeats(g, games.SeatCount(g, rules))
		gs, _ := openOnLoop(t, u, g, rules, seats, nil)
		gs.refresh()
		if found := boardtest.ThemeOverrides(u.win.Content()); len(found) > 0 {
			t.Errorf("the %s screen holds %d theme overrides, the first over a %T", e.ID(), len(found), found[0].Content)
		}
		nd := &newGameForm{u: u, g: g}
		w := test.NewWindow(nd.build(seats, nil))
		if found := boardtest.ThemeOverrides(w.Content()); len(found) > 0 {
			t.Errorf("the %s New game dialog holds %d theme overrides, the first over a %T", e.ID(), len(found), found[0].Content)
		}
		w.Close()
		gs.leave()
	}
}

// TestPhoneScreensMakeNoThemeOverride is the test above in the phone
// layout, which make check runs with -tags mobile.
func TestPhoneScreensMakeNoThemeOverride(t *testing.T) {
	if !fyne.CurrentDevice().IsMobile() {
		t.Skip("a phone's test: go test -tags mobile")
	}
	TestGameScreenMakesNoThemeOverride(t)
}

// TestReleaseOverridesEmptiesThem: the theme overrides of a screen left
// hold nothing of it any more, in containers and scrolls alike, so what
// Fyne keeps of them does not keep the game.
func TestReleaseOverridesEmptiesThem(t *testing.T) {
	test.NewTempApp(t)
	inner := container.NewThemeOverride(widget.NewButton("inner", nil), theme.DefaultTheme())
	outer := container.NewThemeOverride(container.NewVBox(widget.NewLabel("outer"), inner), theme.DefaultTheme())
	screen := container.NewBorder(nil, nil, nil, nil, container.NewVScroll(container.NewPadded(outer)))
	releaseOverrides(screen)
	for _, o := range []*container.ThemeOverride{outer, inner} {
		if c, ok := o.Content.(*fyne.Container); !ok || len(c.Objects) > 0 {
			t.Fatalf("an override of the screen left still holds %T", o.Content)
		}
	}
}
