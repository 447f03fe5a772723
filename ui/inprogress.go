package ui

import (
	"fmt"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/dialog"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"

	"github.com/tabulagames/tabula/games"
	"github.com/tabulagames/tabula/settings"
)

// ResumeDialog lists the games of id in progress, the last played first:
// who plays, how many moves and when. A file this version cannot open is
// listed with the reason, and kept. The player resumes a game, or deletes
// one after saying yes. The online games of id this device is in come
// first (onlineresume.go).
func (u *App) ResumeDialog(id string) {
	g, ok := games.Lookup(id)
	if !ok {
		return
	}
	var dlg dialog.Dialog
	list := newAsyncList(u)
	var fill func()
	fill = func() {
		var online []settings.OnlineGame
		var onlineErr error
		read := func() ([]settings.Entry, error) {
			online, onlineErr = u.onlineList().For(id)
			return u.store.ListAutosaves(id)
		}
		list.load("Reading the games in progress...", read, func(entries []settings.Entry, err error) []fyne.CanvasObject {
			rows := u.onlineRows(online, func() { dlg.Hide() }, fill)
			if onlineErr != nil {
				rows = append(rows, widget.NewLabel(onlineErr.Error()))
			}
			switch {
			case err != nil:
				return append(rows, widget.NewLabel("The games in progress cannot be read: "+err.Error()))
			case len(entries) == 0 && len(rows) == 0:
				return []fyne.CanvasObject{widget.NewLabel("No game in progress.")}
			}
			for _, e := range entries {
				rows = append(rows, u.inProgressRow(e, func() { dlg.Hide(); u.resumeFile(e, g.Name()) }, fill))
			}
			return rows
		})
	}
	dlg = dialog.NewCustom("Games in progress: "+g.Name(), "Close", container.NewVScroll(list.box), u.win)
	dlg.Resize(u.dialogSize(640, 460))
	u.show(dlg, list.close)
	fill()
}

// inProgressRow is a game in progress in the chooser.
func (u *App) inProgressRow(e settings.Entry, resume func(), refill func()) fyne.CanvasObject {
	title := "A game in progress"
	if len(e.Seats) > 0 {
		title = seatsText(e.Seats)
	}
	when := e.Updated.Local().Format("2 Jan 2006 15:04")
	detail := fmt.Sprintf("%s, last played %s", movesPlayed(e.Plies), when)
	question := fmt.Sprintf("Delete the game %s, %s? This cannot be undone.", title, detail)
	if e.Err != nil {
		detail = fmt.Sprintf("Cannot be opened: %s. It is kept as it is (last changed %s).", errString(e.Err), when)
		question = "Delete this game in progress, which this version cannot open? This cannot be undone."
	}
	del := rowAction{label: "Delete", icon: theme.DeleteIcon(), run: func() {
		u.confirm("Delete game in progress", question, func(ok bool) {
			if !ok {
				return
			}
			if err := u.store.DeleteAutosave(e.Path); err != nil {
				u.showError(err)
			}
			refill()
			if u.game == nil {
				u.ShowPicker() // the card's Resume and the note count the games
			}
		})
	}}
	if e.Err != nil { // a game that cannot be read is never offered to resume
		return u.listRow("Game in progress", title, detail, true, del)
	}
	open := rowAction{label: "Resume", icon: theme.MediaReplayIcon(), run: resume}
	return u.listRow("Game in progress", title, detail, false, open, del)
}

func movesPlayed(n int) string {
	if n == 1 {
		return "1 move played"
	}
	return fmt.Sprintf("%d moves played", n)
}

// resumeFile opens the game in progress of a chooser's row, a game of
// the game named game.
func (u *App) resumeFile(e settings.Entry, game string) {
	name := game
	if len(e.Seats) > 0 {
		name += ": " + seatsText(e.Seats)
	}
	u.resumeAutosave(e.Path, name, func(err error, _ bool) {
		u.ShowPicker()
		u.showError(fmt.Errorf("The game in progress cannot be resumed: %w", err))
	})
}
