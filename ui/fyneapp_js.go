//go:build js

package ui

import (
	"log"
	"os"
	"strings"
	"sync"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/app"
)

// newFyneApp makes the Fyne app. In a browser Fyne 2.8 tries, while it
// starts, to make a cache folder with the os package (which a page does
// not have) and to find its executable for development metadata, and logs
// both failures to the console. Neither is used on the web (Fyne keeps a
// web app's documents in IndexedDB and its preferences in localStorage;
// Tabula keeps its files through settings' IndexedDB backend), so those
// lines, and only those, are dropped until started is called (once the
// app's metadata is set).
func newFyneApp() (a fyne.App, started func()) {
	log.SetOutput(&dropStartNoise{out: os.Stderr})
	return app.NewWithID(AppID), func() { log.SetOutput(os.Stderr) }
}

// startNoise are the reasons Fyne logs for what a browser cannot have.
var startNoise = []string{"Failed to create fyne cache space", "Failed to create app cache space", "failed to lookup build executable"}

// dropStartNoise passes log lines on, but for the errors of startNoise:
// their "Fyne error:" line and the "Cause:" and "At:" lines after it.
type dropStartNoise struct {
	mu       sync.Mutex
	out      *os.File
	dropping bool
}

func (d *dropStartNoise) Write(p []byte) (int, error) {
	d.mu.Lock()
	defer d.mu.Unlock()
	line := string(p)
	switch {
	case strings.Contains(line, "Fyne error:"):
		d.dropping = false
		for _, n := range startNoise {
			if strings.Contains(line, n) {
				d.dropping = true
			}
		}
	case d.dropping && (strings.Contains(line, "  Cause:") || strings.Contains(line, "  At:")):
	default:
		d.dropping = false
	}
	if d.dropping {
		return len(p), nil
	}
	return d.out.Write(p)
}
