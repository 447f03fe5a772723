//go:build js

package ui

import (
	"fmt"
	"path/filepath"
	"syscall/js"

	"fyne.io/fyne/v2/dialog"

	"github.com/tabulagames/tabula/games"
)

// In a browser Fyne's file dialogs return at once and leave a dead dialog
// behind (after which Escape and the board's keys do nothing), and there is
// no folder to choose anyway: Export is the browser's download, Import its
// file picker. Neither opens a dialog of the app.
//
// Every JavaScript callback here only copies values and hands them to a
// goroutine: a callback that blocked would stop the page (syscall/js).

// exportSave downloads a copy of a saved game, named as its file, byte for
// byte (a broken one too: the player may mend it elsewhere), and says
// what it was, as the desktop's Export does.
func (u *App) exportSave(path, title string) {
	store, post := u.store, u.post
	go func() {
		data, err := store.ReadBytes(path)
		post(func() {
			if err == nil {
				err = download(filepath.Base(path), data)
			}
			if err != nil {
				u.showError(fmt.Errorf("The export failed: %s", errString(err)))
				return
			}
			u.show(dialog.NewInformation("Exported", fmt.Sprintf("\"%s\" was downloaded as %s.", title, filepath.Base(path)), u.win), nil)
		})
	}()
}

// download hands data to the browser as a file download: a Blob behind a
// temporary link with the download attribute, clicked and removed.
func download(name string, data []byte) (err error) {
	defer func() {
		if r := recover(); r != nil { // a JavaScript exception: a browser without Blob URLs
			err = fmt.Errorf("this browser cannot download files (%v)", r)
		}
	}()
	bytes := js.Global().Get("Uint8Array").New(len(data))
	js.CopyBytesToJS(bytes, data)
	blob := js.Global().Get("Blob").New([]any{bytes}, map[string]any{"type": "application/json"})
	url := js.Global().Get("URL")
	href := url.Call("createObjectURL", blob)
	doc := js.Global().Get("document")
	a := doc.Call("createElement", "a")
	a.Set("href", href)
	a.Set("download", name)
	a.Get("style").Set("display", "none")
	doc.Get("body").Call("appendChild", a)
	a.Call("click")
	a.Call("remove")
	// The download reads the Blob after this task: free it a minute later.
	js.Global().Call("setTimeout", url.Get("revokeObjectURL").Call("bind", url, href), 60000)
	return nil
}

// filePicker is the hidden file input of the last Import, removed when the
// next one starts (a cancelled picker may never say so).
var filePicker js.Value

// importSave opens the browser's file picker for a save (.json, or the
// .tabula some players name them) and imports the chosen file; importing
// says which file is being imported. A cancelled picker does nothing.
func (u *App) importSave(refill func(), importing func(name string)) {
	if filePicker.Truthy() {
		filePicker.Call("remove")
	}
	doc := js.Global().Get("document")
	input := doc.Call("createElement", "input")
	filePicker = input
	input.Set("type", "file")
	input.Set("accept", ".json,.tabula,application/json")
	input.Get("style").Set("display", "none")
	var onChange, onCancel js.Func
	done := func() {
		input.Call("remove")
		onChange.Release()
		onCancel.Release()
	}
	onCancel = js.FuncOf(func(js.Value, []js.Value) any {
		done()
		return nil
	})
	onChange = js.FuncOf(func(js.Value, []js.Value) any {
		files := input.Get("files")
		if files.Length() == 0 {
			done()
			return nil
		}
		file := files.Index(0)
		name, size := file.Get("name").String(), file.Get("size").Int()
		done()
		u.post(func() {
			importing(name)
			u.importRead(name, func() ([]byte, error) { return readFile(file, size) }, refill)
		})
		return nil
	})
	input.Call("addEventListener", "change", onChange)
	input.Call("addEventListener", "cancel", onCancel)
	doc.Get("body").Call("appendChild", input)
	input.Call("click")
}

// readFile reads a picked file with a FileReader, refusing one too large
// to be a save before reading it. It waits for the reader: call it on a
// goroutine of its own (importRead does).
func readFile(file js.Value, size int) ([]byte, error) {
	if int64(size) > games.MaxRecordSize {
		return nil, fmt.Errorf("the file is too large (over %d MiB)", games.MaxRecordSize>>20)
	}
	type result struct {
		data []byte
		err  error
	}
	got := make(chan result, 1)
	reader := js.Global().Get("FileReader").New()
	onLoad := js.FuncOf(func(js.Value, []js.Value) any {
		buf := js.Global().Get("Uint8Array").New(reader.Get("result"))
		data := make([]byte, buf.Length())
		js.CopyBytesToGo(data, buf)
		got <- result{data: data}
		return nil
	})
	onError := js.FuncOf(func(js.Value, []js.Value) any {
		msg := "the browser could not read it"
		if e := reader.Get("error"); e.Truthy() {
			msg += " (" + e.Get("message").String() + ")"
		}
		got <- result{err: fmt.Errorf("%s", msg)}
		return nil
	})
	defer onLoad.Release()
	defer onError.Release()
	reader.Call("addEventListener", "load", onLoad)
	reader.Call("addEventListener", "error", onError)
	reader.Call("readAsArrayBuffer", file)
	r := <-got
	return r.data, r.err
}
