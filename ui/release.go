package ui

import (
	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
)

// releaseOverrides empties the theme overrides (container.ThemeOverride)
// of a screen that is left. It is a safety net only: the app makes none
// today (TestGameScreenMakesNoThemeOverride holds every game screen,
// board controls included, and every New game dialog to none), as
// widgets take their sizes and colours from the app's theme by name
// (kit.SizeNameSmallText, kit.SeatInkColorName) or draw with their own
// (kit.Chip, canvas texts). Should an override come back, this is what
// it would cost: Fyne keeps every canvas primitive that lay under one,
// each with the override's theme and so the override itself, for as
// long as the window is open (its cache lets go of widgets only, as
// their renderers go), and through the override's content the whole
// screen, its board and its session, game after game. Emptied, an
// override keeps nothing of the game but those few primitives; Fyne's
// copy of the fonts parsed for it stays all the same.
//
// It finds the overrides the screen's containers and scrolls hold; one
// inside a widget of its own (in its renderer) stays out of reach.
func releaseOverrides(o fyne.CanvasObject) {
	switch o := o.(type) {
	case *container.ThemeOverride:
		releaseOverrides(o.Content)
		o.Content = container.NewStack()
		o.Refresh()
	case *container.Scroll:
		releaseOverrides(o.Content)
	case *fyne.Container:
		for _, child := range o.Objects {
			releaseOverrides(child)
		}
	}
}
