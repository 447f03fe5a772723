//go:build js

package ui

import (
	"encoding/json"
	"syscall/js"

	"fyne.io/fyne/v2"
)

// startWeb makes the layout follow the page's width (width.go): now,
// before the first screen is built, and after every resize of the page.
// It also installs window.tabula, the test hook (webstate.go), tells the
// page (web/index.html) when the first screen is up, and writes waiting
// autosaves when the page goes away.
//
// window.tabula, for the browser test (web/test) and for anyone poking
// at the page from the console; every function returns a Promise, as the
// answer comes from the UI goroutine:
//
//	tabula.state()         JSON of WebState: the screen, its controls and
//	                       texts with their rectangles in CSS pixels, the
//	                       picker's cards, the game (ply, status, legal
//	                       moves, squares, whether a computer thinks)
//	tabula.play(token)     plays a move in notation as a click on the
//	                       board would; "" or the refusal in words
//	tabula.start(id, bot)  a new game of id against bot ("" = strongest)
func (u *App) startWeb() {
	// When the app was made (Go's start, the settings read, the window
	// made), for the page's record of the start (web/index.html).
	if t := js.Global().Get("tabulaTimes"); t.Type() == js.TypeObject {
		t.Set("appMade", js.Global().Get("performance").Call("now"))
	}
	u.byWidth = true
	u.fitWidth(pageWidth(u))
	js.Global().Call("addEventListener", "resize", js.FuncOf(func(js.Value, []js.Value) any {
		// The driver sizes its canvas on the same event; the width is
		// read from the page, so the order does not matter.
		go fyne.Do(func() { u.fitWidth(pageWidth(u)) })
		return nil
	}))
	// The page going away (closed, reloaded, left), or hidden (a phone's
	// browser may then discard it without a pagehide): the autosaves
	// waiting in the disk queue are begun at once, in this handler
	// (diskQueue.Flush). Their IndexedDB transactions are committed
	// before the handler returns, which Chromium completes even when the
	// page unloads right after; the queue's goroutine would not run again.
	flush := js.FuncOf(func(js.Value, []js.Value) any {
		u.disk.Flush()
		return nil
	})
	js.Global().Call("addEventListener", "pagehide", flush)
	doc := js.Global().Get("document")
	doc.Call("addEventListener", "visibilitychange", js.FuncOf(func(js.Value, []js.Value) any {
		if doc.Get("visibilityState").String() == "hidden" {
			u.disk.Flush()
		}
		return nil
	}))
	hook := js.Global().Get("Object").New()
	hook.Set("state", onUI(func([]js.Value) any {
		b, err := json.Marshal(u.webState(cssPerUnit(u)))
		if err != nil {
			return err.Error()
		}
		return string(b)
	}))
	hook.Set("play", onUI(func(args []js.Value) any {
		if len(args) < 1 {
			return "play needs a move"
		}
		return errText(u.webPlay(args[0].String()))
	}))
	hook.Set("start", onUI(func(args []js.Value) any {
		id, bot := "", ""
		if len(args) > 0 {
			id = args[0].String()
		}
		if len(args) > 1 && args[1].Type() == js.TypeString {
			bot = args[1].String()
		}
		return errText(u.webStart(id, bot))
	}))
	js.Global().Set("tabula", hook)
	// Queued until the app runs; the page takes its notice away on the
	// frames after it.
	go fyne.Do(func() {
		if f := js.Global().Get("tabulaShown"); f.Type() == js.TypeFunction {
			f.Invoke()
		}
	})
}

func errText(err error) string {
	if err != nil {
		return err.Error()
	}
	return ""
}

// onUI is a JavaScript function that returns a Promise of what f gives
// back, run on the UI goroutine. A JavaScript callback must not block
// (the page's event loop waits for it, and Fyne's loop waits for the
// page's frames), so f runs later and resolves the Promise then.
func onUI(f func(args []js.Value) any) js.Func {
	return js.FuncOf(func(_ js.Value, args []js.Value) any {
		args = append([]js.Value(nil), args...)
		executor := js.FuncOf(func(_ js.Value, p []js.Value) any {
			resolve := p[0]
			go fyne.Do(func() { resolve.Invoke(f(args)) })
			return nil
		})
		defer executor.Release()
		return js.Global().Get("Promise").New(executor)
	})
}

// pageWidth is the page's width in Fyne's units: Fyne draws a unit as
// devicePixelRatio times its scale setting in screen pixels, so a unit is
// the scale setting in CSS pixels (1 unless FYNE_SCALE says otherwise).
// It is read from the setting, not the canvas, which has no scale before
// the window is first shown.
func pageWidth(u *App) float32 {
	w := float32(js.Global().Get("innerWidth").Float())
	if s := u.fa.Settings().Scale(); s > 0 {
		return w / s
	}
	return w
}

// cssPerUnit is how many CSS pixels a Fyne unit takes: the canvas scale
// (the screen's pixels per unit) over the page's device pixel ratio.
func cssPerUnit(u *App) float32 {
	dpr := float32(js.Global().Get("devicePixelRatio").Float())
	scale := u.win.Canvas().Scale()
	if dpr <= 0 || scale <= 0 {
		return 1
	}
	return scale / dpr
}
