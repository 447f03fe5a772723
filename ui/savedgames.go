package ui

import (
	"fmt"
	"strings"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/dialog"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"

	"github.com/tabulagames/tabula/games"
	"github.com/tabulagames/tabula/settings"
)

// OpenDialog lists the saved games: open, delete, export, import. A file
// that cannot be read is listed with the reason, and never changed.
func (u *App) OpenDialog() {
	var dlg dialog.Dialog
	list := newAsyncList(u)
	var fill func()
	fill = func() {
		list.load("Reading saved games...", u.store.List, func(entries []settings.Entry, err error) []fyne.CanvasObject {
			var rows []fyne.CanvasObject
			if err != nil {
				rows = append(rows, widget.NewLabel(savesUnreadable+err.Error()))
			}
			if len(entries) == 0 && err == nil {
				rows = append(rows, widget.NewLabel("No saved games yet. Save a game with Ctrl+S or the Save button."))
			}
			for _, e := range entries {
				rows = append(rows, u.saveRow(e, func() { dlg.Hide() }, fill))
			}
			return rows
		})
	}
	importBtn := widget.NewButtonWithIcon("Import from file...", theme.DownloadIcon(), func() {
		u.importSave(fill, func(name string) { list.wait("Importing " + name + "...") })
	})
	folder := widget.NewLabel(savedWhere(u.store.Dir()))
	folder.Importance = widget.LowImportance
	folder.Wrapping = fyne.TextWrapBreak
	body := container.NewBorder(nil, container.NewVBox(folder, container.NewHBox(importBtn)), nil, nil, container.NewVScroll(list.box))
	dlg = dialog.NewCustom("Saved games", "Close", body, u.win)
	dlg.Resize(u.dialogSize(760, 560))
	u.show(dlg, list.close)
	fill()
}

// savesUnreadable starts the line that says the saves cannot be listed.
var savesUnreadable = map[bool]string{false: "The saves folder cannot be read: ", true: "The saved games cannot be read: "}[settings.OnWeb]

// savedWhere says where the saves are: their folder on a disk; in a
// browser, that the browser keeps them (there is no folder to show).
func savedWhere(dir string) string {
	if settings.OnWeb {
		return "Saved in this browser, for this site: clearing the site's data deletes them. Export a game to keep a copy."
	}
	return "Saved in " + dir
}

func (u *App) saveRow(e settings.Entry, close func(), refill func()) fyne.CanvasObject {
	title := saveTitle(e)
	detail := fmt.Sprintf("%s  -  %s  -  %s", seatsText(e.Seats), e.Updated.Local().Format("2 Jan 2006 15:04"), e.Result)
	if e.Err != nil {
		detail = "Unreadable: " + errString(e.Err) + " (the file is kept as it is)"
	}
	open := rowAction{label: "Open", icon: theme.FolderOpenIcon(), run: func() { close(); u.OpenRecord(e.Path, title) },
		disabled: e.Err != nil || !u.offers(e.Game)}
	export := rowAction{label: "Export", icon: theme.UploadIcon(), run: func() { u.exportSave(e.Path, title) }}
	del := rowAction{label: "Delete", icon: theme.DeleteIcon(), run: func() {
		u.confirm("Delete saved game", "Delete \""+title+"\"? This cannot be undone.", func(ok bool) {
			if !ok {
				return
			}
			if err := u.store.Delete(e.Path); err != nil {
				u.showError(err)
			}
			refill()
		})
	}}
	return u.listRow("Saved game", title, detail, e.Err != nil, open, export, del)
}

// saveTitle names a saved game: its name with the game in front
// ("Tic-tac-toe: Ana vs Ben").
func saveTitle(e settings.Entry) string {
	title := e.Name
	if e.GameName != "" && !strings.HasPrefix(title, e.GameName) {
		title = e.GameName + ": " + title
	}
	return title
}

// seatsText names the players: "Ana vs Computer (hard)".
func seatsText(seats []games.SeatInfo) string {
	names := make([]string, len(seats))
	for i, s := range seats {
		names[i] = seatLabel(s)
	}
	return strings.Join(names, " vs ")
}
