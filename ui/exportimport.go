package ui

import (
	"errors"
	"fmt"
	"io"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/dialog"
	"fyne.io/fyne/v2/storage"

	"github.com/tabulagames/tabula/games"
)

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

// importFrom copies the save r reads into the saves folder, named after
// the file it came from when it has no name of its own. The file is read
// and replayed (to refuse a broken one) off the UI goroutine, as a long
// game takes a while; refill runs when it is in, or refused.
func (u *App) importFrom(r fyne.URIReadCloser, refill func()) {
	source := r.URI().Name()
	u.importRead(source, func() ([]byte, error) {
		defer r.Close()
		return io.ReadAll(io.LimitReader(r, games.MaxRecordSize+1))
	}, refill)
}

// importRead imports the bytes read gives (a file the player chose, named
// source), off the UI goroutine; a broken file is refused in words and
// changes nothing.
func (u *App) importRead(source string, read func() ([]byte, error), refill func()) {
	store, post := u.store, u.post
	go func() {
		data, err := read()
		if err == nil {
			if _, ierr := store.ImportData(data, source); ierr != nil {
				err = fmt.Errorf("%s was not imported: %s", source, errString(ierr))
			}
		} else {
			err = fmt.Errorf("%s was not imported: %s", source, errString(err))
		}
		post(func() {
			if err != nil {
				u.showError(err)
			}
			refill() // the list again, in place of the waiting line
		})
	}()
}
