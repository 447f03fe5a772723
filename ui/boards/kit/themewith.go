package kit

import (
	"image/color"

	"fyne.io/fyne/v2"
)

// ThemeWith is the app's current theme with some colours and sizes of its
// own, for a part of the screen under container.NewThemeOverride (hand
// chips as large as the board asks). It reads the app's theme at each
// call, so a theme switch repaints at once; change its maps on the UI
// goroutine, then refresh. Mind the cost: Fyne keeps every canvas object
// that lay under an override, and parses the fonts anew (megabytes) for
// each scope an override makes (one more at each refresh), for as long as
// the app runs.
type ThemeWith struct {
	Colors map[fyne.ThemeColorName]color.Color
	Sizes  map[fyne.ThemeSizeName]float32
}

func (t *ThemeWith) Color(n fyne.ThemeColorName, v fyne.ThemeVariant) color.Color {
	if c, ok := t.Colors[n]; ok {
		return c
	}
	return appTheme().Color(n, v)
}

func (t *ThemeWith) Size(n fyne.ThemeSizeName) float32 {
	if s, ok := t.Sizes[n]; ok {
		return s
	}
	return appTheme().Size(n)
}

func (t *ThemeWith) Font(s fyne.TextStyle) fyne.Resource     { return appTheme().Font(s) }
func (t *ThemeWith) Icon(n fyne.ThemeIconName) fyne.Resource { return appTheme().Icon(n) }

func appTheme() fyne.Theme { return fyne.CurrentApp().Settings().Theme() }
