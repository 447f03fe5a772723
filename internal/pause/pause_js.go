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
	wait()
	back = time.Now()
}

var (
	post     func()
	postOnce sync.Once
	mu       sync.Mutex
	waiting  []chan struct{}
)

// wait blocks until the event loop has called back: in a page a message
// posted to itself through a MessageChannel (no clock, unlike setTimeout's
// 4 ms); in Node (the tests) setImmediate, which runs after Node's timers
// (its message ports starve them); else a 1 ms sleep. Every wait asks for
// one callback and every callback wakes the first waiter.
func wait() {
	postOnce.Do(func() {
		wake := js.FuncOf(func(js.Value, []js.Value) any {
			mu.Lock()
			var c chan struct{}
			if len(waiting) > 0 {
				c, waiting = waiting[0], waiting[1:]
			}
			mu.Unlock()
			if c != nil {
				c <- struct{}{} // buffered: a callback must not block
			}
			return nil
		})
		switch {
		case js.Global().Get("setImmediate").Type() == js.TypeFunction:
			post = func() { js.Global().Call("setImmediate", wake) }
		case js.Global().Get("MessageChannel").Type() == js.TypeFunction:
			ch := js.Global().Get("MessageChannel").New()
			ch.Get("port1").Set("onmessage", wake)
			port := ch.Get("port2")
			post = func() { port.Call("postMessage", 0) }
		}
	})
	if post == nil {
		time.Sleep(time.Millisecond)
		return
	}
	c := make(chan struct{}, 1)
	mu.Lock()
	waiting = append(waiting, c)
	mu.Unlock()
	post()
	<-c
}
