// Package ui is Tabula's Fyne user interface. It is the only package that
// imports Fyne.
package ui

import (
	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/app"
	"fyne.io/fyne/v2/widget"
)

// Run opens the window and blocks until it closes.
func Run(startGame string) {
	a := app.NewWithID("io.github.tabulagames.tabula")
	w := a.NewWindow("Tabula")
	w.SetContent(widget.NewLabel("Tabula"))
	w.Resize(fyne.NewSize(1100, 720))
	w.ShowAndRun()
}
