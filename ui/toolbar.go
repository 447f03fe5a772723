package ui

import (
	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/layout"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"
)

// toolButtons are the toolbar's buttons that refresh enables or disables.
type toolButtons struct {
	undoBtn fyne.Disableable
	redoBtn fyne.Disableable
	hintBtn fyne.Disableable
}

// toolAction is one action of the toolbar; keep, when set, receives its
// button, for refresh to enable or disable.
type toolAction struct {
	label string
	icon  fyne.Resource
	do    func()
	keep  *fyne.Disableable
	item  **fyne.MenuItem // the phone menu's item, when it is kept to be disabled
}

// toolbar is the row of actions over the board.
func (gs *gameScreen) toolbar() fyne.CanvasObject {
	u := gs.u
	id := gs.session.Game.ID()
	// Online, Undo (with Redo) is not offered at all: an undo would take
	// back what the others saw; Hint only when the room allows hints.
	hint := toolAction{"Hint", theme.VisibilityIcon(), gs.hint, &gs.hintBtn, nil}
	moves := []toolAction{
		{"Undo", theme.ContentUndoIcon(), gs.undo, &gs.undoBtn, nil},
		{"Redo", theme.ContentRedoIcon(), gs.redo, &gs.redoBtn, nil},
		hint,
	}
	if gs.online != nil {
		moves = nil
		if gs.online.hintsAllowed() {
			moves = []toolAction{hint}
		}
	}
	groups := [][]toolAction{
		{
			{"Back", theme.NavigateBackIcon(), u.ShowPicker, nil, nil},
			{"New", theme.DocumentCreateIcon(), func() { u.NewGameDialog(id) }, nil, nil},
		},
		moves,
		{
			{"Save", theme.DocumentSaveIcon(), gs.save, nil, nil},
			{"Open", theme.FolderOpenIcon(), u.OpenDialog, nil, nil},
		},
		{
			{"Rules", theme.HelpIcon(), func() { u.RulesDialog(id) }, nil, nil},
			{"Settings", theme.SettingsIcon(), u.SettingsDialog, nil, nil},
		},
	}
	var actions []toolAction
	for _, g := range groups {
		actions = append(actions, g...)
	}
	if u.mobile {
		// Resign and Offer draw sit in the menu, after Settings, so the
		// five icons stay as they are.
		actions = append(actions, gs.endingActions()...)
		return phoneToolbar(actions, u.win.Canvas())
	}
	return desktopToolbar(groups)
}

// phoneToolbar keeps the frequent actions (the first five) as icons and
// the rest in a menu.
func phoneToolbar(actions []toolAction, c fyne.Canvas) fyne.CanvasObject {
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
		item := fyne.NewMenuItem(a.label, a.do)
		if a.item != nil {
			item = *a.item
		}
		menu = append(menu, item)
	}
	var more *widget.Button
	more = widget.NewButtonWithIcon("", theme.MoreVerticalIcon(), func() {
		pop := widget.NewPopUpMenu(fyne.NewMenu("", menu...), c)
		pop.ShowAtRelativePosition(fyne.NewPos(0, more.Size().Height), more)
	})
	items = append(items, layout.NewSpacer(), more)
	return container.NewHBox(items...)
}

// desktopToolbar shows every action as a button with its label, in
// groups (leaving and starting, moves, files, help) between separators.
func desktopToolbar(groups [][]toolAction) fyne.CanvasObject {
	var items []fyne.CanvasObject
	for _, g := range groups {
		if len(g) == 0 {
			continue
		}
		if len(items) > 0 {
			items = append(items, widget.NewSeparator())
		}
		for _, a := range g {
			b := widget.NewButtonWithIcon(a.label, a.icon, a.do)
			b.Importance = widget.LowImportance
			if a.keep != nil {
				*a.keep = b
			}
			items = append(items, b)
		}
	}
	return container.NewHBox(items...)
}

// refreshButtons enables what the session allows now.
func (gs *gameScreen) refreshButtons() {
	s := gs.session
	// An Undo the session refuses stays pressable, so that pressing it says
	// why: a disabled button cannot, and a tooltip does not show on a phone.
	setEnabled(gs.undoBtn, s.CanUndo() || s.WhyNoUndo() != nil)
	setEnabled(gs.redoBtn, s.CanRedo())
	_, handingOver := s.HandOver() // a hint now would show in front of everyone
	setEnabled(gs.hintBtn, s.HumanToMove() >= 0 && !s.HintThinking() && !handingOver)
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
