//go:build js

package pause

import (
	"sync"
	"syscall/js"
	"time"
)

// left counts the calls down to the next reading of the clock, and back
// is when the thread last came back from the browser. Plain variables:
// js runs one goroutine at a time, switching only where one blocks.
var (
	left int
	back = time.Now()
)

// Maybe pauses for the browser if Every of work has passed since the
// thread last came back. Call it from a goroutine, never from a
// js.FuncOf callback (the event loop cannot turn until the callback
// returns).
func Maybe() {
	left--
	if left > 0 {
		return
	}
	Check()
}

// Check pauses for the browser if Every of work has passed, reading the
// clock now: between two long steps of one piece of work (decoding a
// save, then replaying it), so that they are two tasks, not one.
func Check() {
	left = checkEvery
	if time.Since(back) < Every {
		return
	}
	Wait()
	back = time.Now()
}

// Wait blocks the calling goroutine until the event loop has called back.
// Meanwhile every goroutine that can run does (the UI's included), then
// the thread goes back to the browser, which draws a frame if one is due,
// delivers input and runs its timers before it calls back; Go's own
// timers (a time cap's deadline, time.Sleep) fire too. The ai package's
// searches pause through it as well (ai/yield_js.go).
//
// In a page the callback is a message the goroutine posts to itself
// through a MessageChannel: it waits for no clock, unlike setTimeout
// (clamped to 4 ms when nested) or time.Sleep (39 fps where this gives 59
// in the trial of issue 22). Node (the tests) delivers a port's messages
// posted while it drains the port in the same drain, starving its timers,
// so there the callback is setImmediate, which runs after them.
func Wait() {
	theWakerOnce.Do(func() {
		switch {
		case js.Global().Get("setImmediate").Type() == js.TypeFunction:
			theWaker = newWaker("setImmediate")
		case js.Global().Get("MessageChannel").Type() == js.TypeFunction:
			theWaker = newWaker("MessageChannel")
		default:
			theWaker = newWaker("")
		}
	})
	theWaker.pause()
}

var (
	theWaker     *waker
	theWakerOnce sync.Once
)

// A waker blocks goroutines until the event loop calls back: every pause
// asks for one callback and every callback wakes one waiter, first come
// first served, so two goroutines pausing at once (a bot and a hint, or a
// bot and a save) each get theirs.
type waker struct {
	mu      sync.Mutex
	waiting []chan struct{}
	post    func() // asks the event loop for a callback; nil: sleep instead
}

// newWaker makes a waker calling back through how: "MessageChannel",
// "setImmediate", or "" for a 1 ms timer.
func newWaker(how string) *waker {
	w := &waker{}
	wake := js.FuncOf(func(js.Value, []js.Value) any {
		w.mu.Lock()
		var c chan struct{}
		if len(w.waiting) > 0 {
			c, w.waiting = w.waiting[0], w.waiting[1:]
		}
		w.mu.Unlock()
		if c != nil {
			c <- struct{}{} // buffered: a callback must not block
		}
		return nil
	})
	switch how {
	case "MessageChannel":
		ch := js.Global().Get("MessageChannel").New()
		ch.Get("port1").Set("onmessage", wake)
		port := ch.Get("port2")
		w.post = func() { port.Call("postMessage", 0) }
	case "setImmediate":
		w.post = func() { js.Global().Call("setImmediate", wake) }
	}
	return w
}

func (w *waker) pause() {
	if w.post == nil {
		time.Sleep(time.Millisecond) // slower, but it yields
		return
	}
	c := make(chan struct{}, 1)
	w.mu.Lock()
	w.waiting = append(w.waiting, c)
	w.mu.Unlock()
	w.post()
	<-c
}
