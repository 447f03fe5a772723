//go:build !js

package ui

import (
	"path/filepath"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/dialog"
)

// exportSave writes a copy of a saved game where the player chooses, and
// says where it went.
func (u *App) exportSave(path, title string) {
	data, err := u.store.ReadBytes(path)
	if err != nil {
		u.showError(err)
		return
	}
	d := dialog.NewFileSave(func(w fyne.URIWriteCloser, err error) {
		if err != nil {
			u.showError(err)
			return
		}
		if w != nil {
			u.writeExport(w, data, title)
		}
	}, u.win)
	d.SetFileName(filepath.Base(path))
	d.SetFilter(saveFiles)
	u.show(d, nil)
}

// importSave asks for a save file (JSON only) and copies it into the saves
// folder; importing says which file is being imported.
func (u *App) importSave(refill func(), importing func(name string)) {
	d := dialog.NewFileOpen(func(r fyne.URIReadCloser, err error) {
		if err != nil {
			u.showError(err)
			return
		}
		if r != nil {
			importing(r.URI().Name())
			u.importFrom(r, refill)
		}
	}, u.win)
	d.SetFilter(saveFiles)
	u.show(d, nil)
}
