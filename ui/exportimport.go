package ui

import (
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/dialog"
	"fyne.io/fyne/v2/storage"

	"github.com/tabulagames/tabula/games"
)

// exportSave writes a copy of a saved game where the player chooses, and
// says where it went.
func (u *App) exportSave(path, title string) {
	data, err := os.ReadFile(path)
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

// saveFiles are the files a save can be: JSON.
var saveFiles = storage.NewExtensionFileFilter([]string{".json"})

// writeExport writes data to w and tells the player what was written where.
func (u *App) writeExport(w fyne.URIWriteCloser, data []byte, title string) {
	_, werr := w.Write(data)
	cerr := w.Close()
	if werr != nil || cerr != nil {
		u.showError(fmt.Errorf("The export failed: %v", errors.Join(werr, cerr)))
		return
	}
	u.show(dialog.NewInformation("Exported", fmt.Sprintf("\"%s\" was written to %s.", title, placeOf(w.URI())), u.win), nil)
}

// placeOf names a file for a player: its path on a desktop, its name where
// the system hands out other addresses (a phone's documents).
func placeOf(uri fyne.URI) string {
	if uri.Scheme() == "file" {
		return uri.Path()
	}
	return uri.Name()
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

// importFrom copies the save r reads into the saves folder, named after
// the file it came from when it has no name of its own. The file is read
// and replayed (to refuse a broken one) off the UI goroutine, as a long
// game takes a while; refill runs when it is in, or refused.
func (u *App) importFrom(r fyne.URIReadCloser, refill func()) {
	store, post, source := u.store, u.post, r.URI().Name()
	go func() {
		defer r.Close()
		data, err := io.ReadAll(io.LimitReader(r, games.MaxRecordSize+1))
		if err == nil {
			if _, ierr := store.ImportData(data, source); ierr != nil {
				err = fmt.Errorf("%s was not imported: %s", source, errString(ierr))
			}
		}
		post(func() {
			if err != nil {
				u.showError(err)
			}
			refill() // the list again, in place of the waiting line
		})
	}()
}
