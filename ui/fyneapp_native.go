//go:build !js

package ui

import (
	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/app"
)

// newFyneApp makes the Fyne app; started does nothing here (see the js
// build's).
func newFyneApp() (a fyne.App, started func()) { return app.NewWithID(AppID), func() {} }
