//go:build js

package ai

import (
	"sync"
	"syscall/js"
	"time"
)

func init() {
	p := pauseForBrowser
	pauser.Store(&p)
}

// The port the pauses post to, and the goroutines waiting for their
// message, first posted first: every pause posts one message and the
// port's handler wakes one waiter per message, so two goroutines pausing
// at once (a bot and a hint) each get theirs.
var browser struct {
	once    sync.Once
	post    js.Value // port2 of a MessageChannel; undefined without one
	mu      sync.Mutex
	waiting []chan struct{}
}

// pauseForBrowser blocks the calling goroutine until a message it posts
// to itself through a MessageChannel arrives. Meanwhile every goroutine
// that can run does (the UI's included), then the thread goes back to the
// browser, which draws a frame if one is due, delivers input and runs the
// timers (a time cap's deadline is one), and then hands the message to
// the port's handler. A MessageChannel message waits for no clock, unlike
// setTimeout (clamped to 4 ms when nested) or time.Sleep (39 fps where
// this gives 59 in the trial of issue 22).
func pauseForBrowser() {
	browser.once.Do(func() {
		mc := js.Global().Get("MessageChannel")
		if mc.IsUndefined() {
			browser.post = js.Undefined()
			return
		}
		ch := mc.New()
		ch.Get("port1").Set("onmessage", js.FuncOf(func(js.Value, []js.Value) any {
			browser.mu.Lock()
			var w chan struct{}
			if len(browser.waiting) > 0 {
				w, browser.waiting = browser.waiting[0], browser.waiting[1:]
			}
			browser.mu.Unlock()
			if w != nil {
				w <- struct{}{} // buffered: a handler must not block
			}
			return nil
		}))
		browser.post = ch.Get("port2")
	})
	if browser.post.IsUndefined() {
		time.Sleep(time.Millisecond) // a timer instead, slower but it yields
		return
	}
	w := make(chan struct{}, 1)
	browser.mu.Lock()
	browser.waiting = append(browser.waiting, w)
	browser.mu.Unlock()
	browser.post.Call("postMessage", 0)
	<-w
}
