package ui

import (
	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
)

// releaseOverrides empties the theme overrides of a screen that is left
// (container.ThemeOverride: a board's controls sized by the board, as
// infiltration's hand chips are). Fyne keeps every canvas primitive that
// lay under an override, each with the override's theme and so the
// override itself, for as long as the window is open: its cache of
// overrides lets go of widgets only, as their renderers go. Through the
// override's content that kept the whole screen, its board and its
// session, game after game. Emptied, an override keeps nothing of the
// game but those few primitives.
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
