package ui

import (
	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/widget"

	"github.com/tabulagames/tabula/settings"
)

// asyncList is a dialog's list of files, read off the UI goroutine: a
// long game takes a while to replay, and the window must not freeze. The
// rows are shown when the read is done, unless the dialog was closed or a
// newer read started meanwhile.
type asyncList struct {
	u      *App
	box    *fyne.Container
	reads  int  // bumped by every read; an older read's answer is dropped
	closed bool // the dialog is gone: nothing more is shown in it
}

func newAsyncList(u *App) *asyncList { return &asyncList{u: u, box: container.NewVBox()} }

// load shows the waiting line, runs read in a goroutine and shows the rows
// made from its answer.
func (l *asyncList) load(waiting string, read func() ([]settings.Entry, error), rows func([]settings.Entry, error) []fyne.CanvasObject) {
	n := l.wait(waiting)
	post, disk := l.u.post, l.u.disk // read here: the goroutine must not touch the app
	go func() {
		disk.Wait() // the writes queued before this list are in it
		entries, err := read()
		post(func() {
			if l.closed || n != l.reads {
				return
			}
			l.box.Objects = rows(entries, err)
			l.box.Refresh()
		})
	}()
}

func (l *asyncList) close() { l.closed = true }

// wait shows a line saying what the list waits for, in place of the rows,
// and drops the answer of any read before; it returns the new read's
// number.
func (l *asyncList) wait(waiting string) int {
	l.reads++
	l.box.Objects = []fyne.CanvasObject{widget.NewLabel(waiting)}
	l.box.Refresh()
	return l.reads
}
