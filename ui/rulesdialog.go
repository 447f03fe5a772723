package ui

import (
	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/dialog"
	"fyne.io/fyne/v2/widget"

	"github.com/tabulagames/tabula/games"
)

// RulesDialog shows a game's rules for players.
func (u *App) RulesDialog(id string) {
	g, ok := games.Lookup(id)
	if !ok {
		return
	}
	e, _ := u.box.entry(id)
	text := widget.NewRichTextFromMarkdown(e.Help())
	text.Wrapping = fyne.TextWrapWord
	d := dialog.NewCustom("Rules: "+g.Name(), "Close", container.NewVScroll(text), u.win)
	d.Resize(u.dialogSize(640, 600))
	u.show(d, nil)
}
