package ui

import (
	"strings"
	"sync"
	"testing"
)

// TestStartGateHoldsPostsUntilTheAppRuns: what goroutines post before the
// app runs waits, and runs in order on the goroutine that starts the app;
// later posts go to the UI goroutine's queue.
func TestStartGateHoldsPostsUntilTheAppRuns(t *testing.T) {
	var forwarded []func()
	g := &startGate{forward: func(f func()) { forwarded = append(forwarded, f) }}
	var ran []string
	for _, name := range []string{"a", "b"} {
		var wg sync.WaitGroup
		wg.Add(1)
		go func() { // as the picker's read of the games in progress does
			defer wg.Done()
			g.post(func() { ran = append(ran, name) })
		}()
		wg.Wait()
	}
	if len(ran) != 0 || len(forwarded) != 0 {
		t.Fatalf("before the start: ran %q, forwarded %d", ran, len(forwarded))
	}
	g.start()
	if strings.Join(ran, " ") != "a b" {
		t.Fatalf("at the start: ran %q", ran)
	}
	g.post(func() { ran = append(ran, "c") })
	if len(forwarded) != 1 || len(ran) != 2 {
		t.Fatalf("after the start: forwarded %d, ran %q", len(forwarded), ran)
	}
	forwarded[0]()
	if strings.Join(ran, " ") != "a b c" {
		t.Fatalf("ran %q", ran)
	}
}
