package ui

import (
	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/layout"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"
)

func (gs *gameScreen) toolbar() fyne.CanvasObject {
	u := gs.u
	id := gs.session.Game.ID()
	type action struct {
		label string
		icon  fyne.Resource
		do    func()
		keep  *fyne.Disableable
	}
	actions := []action{
		{"Back", theme.NavigateBackIcon(), u.ShowPicker, nil},
		{"New", theme.DocumentCreateIcon(), func() { u.NewGameDialog(id) }, nil},
		{"Undo", theme.ContentUndoIcon(), gs.undo, &gs.undoBtn},
		{"Redo", theme.ContentRedoIcon(), gs.redo, &gs.redoBtn},
		{"Hint", theme.VisibilityIcon(), gs.hint, &gs.hintBtn},
		{"Save", theme.DocumentSaveIcon(), gs.save, nil},
		{"Open", theme.FolderOpenIcon(), u.OpenDialog, nil},
		{"Rules", theme.HelpIcon(), func() { u.RulesDialog(id) }, nil},
		{"Settings", theme.SettingsIcon(), u.SettingsDialog, nil},
	}
	if u.mobile {
		// A phone keeps the frequent actions as icons and the rest in a menu.
		var items []fyne.CanvasObject
		var menu []*fyne.MenuItem
		for i, a := range actions {
			if i < 5 {
				b := widget.NewButtonWithIcon("", a.icon, a.do)
				if a.keep != nil {
					*a.keep = b
				}
				items = append(items, b)
				continue
			}
			menu = append(menu, fyne.NewMenuItem(a.label, a.do))
		}
		var more *widget.Button
		more = widget.NewButtonWithIcon("", theme.MoreVerticalIcon(), func() {
			pop := widget.NewPopUpMenu(fyne.NewMenu("", menu...), u.win.Canvas())
			pop.ShowAtRelativePosition(fyne.NewPos(0, more.Size().Height), more)
		})
		items = append(items, layout.NewSpacer(), more)
		return container.NewHBox(items...)
	}
	var items []fyne.CanvasObject
	for i, a := range actions {
		b := widget.NewButtonWithIcon(a.label, a.icon, a.do)
		b.Importance = widget.LowImportance
		if a.keep != nil {
			*a.keep = b
		}
		items = append(items, b)
		if i == 1 || i == 4 || i == 6 {
			items = append(items, widget.NewSeparator())
		}
	}
	return container.NewHBox(items...)
}

func setEnabled(d fyne.Disableable, on bool) {
	if d == nil {
		return
	}
	if on {
		d.Enable()
	} else {
		d.Disable()
	}
}
