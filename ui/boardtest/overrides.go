package boardtest

import (
	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/test"
)

// ThemeOverrides lists every theme override under o, shown or hidden:
// in containers, and in every widget's renderer (a board's, a scroll's,
// an override's own). A screen should hold none: Fyne keeps what lay
// under an override, and the fonts it parsed for it, for as long as the
// app runs.
func ThemeOverrides(o fyne.CanvasObject) []*container.ThemeOverride {
	var found []*container.ThemeOverride
	if to, ok := o.(*container.ThemeOverride); ok {
		found = append(found, to)
	}
	switch x := o.(type) {
	case *fyne.Container:
		for _, c := range x.Objects {
			found = append(found, ThemeOverrides(c)...)
		}
	case fyne.Widget:
		for _, c := range test.WidgetRenderer(x).Objects() {
			found = append(found, ThemeOverrides(c)...)
		}
	}
	return found
}
