package ui

import (
	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/dialog"
	"fyne.io/fyne/v2/widget"
)

// show opens a dialog and keeps it on the app's stack of open dialogs, so
// Escape closes the one on top wherever the focus is. onClosed, if not
// nil, runs when it closes, by a button or by Escape.
func (u *App) show(d dialog.Dialog, onClosed func()) {
	u.dialogs = append(u.dialogs, d)
	d.SetOnClosed(func() {
		for i := len(u.dialogs) - 1; i >= 0; i-- {
			if u.dialogs[i] == d {
				u.dialogs = append(u.dialogs[:i], u.dialogs[i+1:]...)
				break
			}
		}
		if onClosed != nil {
			onClosed()
		}
	})
	d.Show()
}

// escape is what Escape does, wherever the focus is: close the dialog on
// top; else stop opening a game; else let the board cancel what it holds
// (a selection, a cursor); else leave a past position for the game; else
// go back to the picker.
func (u *App) escape() {
	if n := len(u.dialogs); n > 0 {
		u.dialogs[n-1].Hide()
		return
	}
	if u.opening {
		u.ShowPicker()
		return
	}
	if u.game == nil || u.game.board.Key(fyne.KeyEscape) {
		return
	}
	if u.game.session.Viewing() {
		u.game.session.SetView(u.game.session.Plies())
		return
	}
	u.ShowPicker()
}

// enter is what Enter does when no widget has the focus: press the
// confirming button of the question on top (Resign, Accept a draw, and
// every other yes-or-no question); Fyne's dialogs ignore the key. It
// reports whether there was one.
func (u *App) enter() bool {
	n := len(u.dialogs)
	if n == 0 {
		return false
	}
	c, ok := u.dialogs[n-1].(*dialog.ConfirmDialog)
	if !ok {
		return false
	}
	c.Confirm()
	return true
}

// escEntry is a text field that lets Escape through to the app: a focused
// field takes every key, and Fyne's entry does nothing with Escape.
type escEntry struct {
	widget.Entry
	u *App
}

func (u *App) newEntry() *escEntry {
	e := &escEntry{u: u}
	e.ExtendBaseWidget(e)
	return e
}

func (e *escEntry) TypedKey(k *fyne.KeyEvent) {
	if k.Name == fyne.KeyEscape {
		e.u.win.Canvas().Unfocus()
		e.u.escape()
		return
	}
	e.Entry.TypedKey(k)
}

// confirm asks a yes-or-no question in a dialog on the stack.
func (u *App) confirm(title, question string, answer func(bool)) {
	u.show(dialog.NewConfirm(title, question, answer, u.win), nil)
}
