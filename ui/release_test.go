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
	"github.com/tabulagames/tabula/ui/boards/kit"
)

// themeOverrides lists the theme overrides under o that releaseOverrides
// reaches (in containers and scrolls), leaving out the subtree skip.
func themeOverrides(o, skip fyne.CanvasObject) []*container.ThemeOverride {
	if o == skip && skip != nil {
		return nil
	}
	switch o := o.(type) {
	case *container.ThemeOverride:
		return append([]*container.ThemeOverride{o}, themeOverrides(o.Content, skip)...)
	case *container.Scroll:
		return themeOverrides(o.Content, skip)
	case *fyne.Container:
		var found []*container.ThemeOverride
		for _, child := range o.Objects {
			found = append(found, themeOverrides(child, skip)...)
		}
		return found
	}
	return nil
}

// TestGameScreenMakesNoThemeOverride: the game screen's own parts colour
// and size their words without theme overrides. Fyne keeps what lay under
// an override for as long as the app runs, and parses the fonts anew for
// every override drawn: the result headline's cost megabytes a game. (A
// board's controls are the board's: infiltration's hand chips have one.)
func TestGameScreenMakesNoThemeOverride(t *testing.T) {
	for _, e := range all.Entries() {
		u := newTestApp(t)
		g := e.Game
		rules := games.Defaults(g.RuleSpecs())
		gs, _ := openOnLoop(t, u, g, rules, u.defaultSeats(g, games.SeatCount(g, rules)), nil)
		var controls fyne.CanvasObject
		if bc, ok := gs.board.(kit.BoardControls); ok {
			controls = bc.Controls()
		}
		if found := themeOverrides(gs.content, controls); len(found) > 0 {
			t.Errorf("the %s screen makes %d theme overrides", e.ID(), len(found))
		}
		gs.leave()
	}
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
