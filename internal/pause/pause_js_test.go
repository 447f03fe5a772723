//go:build js

package pause

import (
	"sync"
	"testing"
	"time"
)

// TestBrowserMessageChannelPause: the page's callback, a MessageChannel
// message (Node's tests use setImmediate): goroutines pausing at once
// each come back, every time, and Go's timers fire while goroutines work
// and pause (a timer due after 2 ms has fired once three goroutines have
// each worked 5 rounds of 1 ms). No bar on time: a wait that never came
// back would hang the test.
func TestBrowserMessageChannelPause(t *testing.T) {
	w := newWaker("MessageChannel")
	fired := make(chan struct{})
	time.AfterFunc(2*time.Millisecond, func() { close(fired) })
	var wg sync.WaitGroup
	for range 3 {
		wg.Go(func() {
			for range 5 {
				spin(time.Millisecond)
				w.pause()
			}
		})
	}
	wg.Wait()
	select {
	case <-fired:
	default:
		t.Fatal("a Go timer did not fire while goroutines worked and paused for 15 ms")
	}
}

// TestBrowserWaitComesBack: Wait returns, again and again, and lets
// other goroutines run meanwhile.
func TestBrowserWaitComesBack(t *testing.T) {
	ran := make(chan struct{})
	go func() { close(ran) }()
	for range 5 {
		Wait()
	}
	select {
	case <-ran:
	default:
		t.Fatal("a goroutine ready to run did not run while Wait waited")
	}
}

// spin works for d without blocking.
func spin(d time.Duration) {
	for t0 := time.Now(); time.Since(t0) < d; {
	}
}
