package ui

import "sync"

// startGate holds what goroutines post to the UI goroutine until the app
// runs. Before that, fyne.Do runs a function at once on the goroutine
// that posts it (the phone driver does), where it would race with the UI
// goroutine still building the window: the picker's games in progress,
// read at start, crashed the phone build's text shaper that way.
type startGate struct {
	forward func(func()) // fyne.Do, once the app runs
	mu      sync.Mutex
	started bool
	held    []func()
}

func (g *startGate) post(f func()) {
	g.mu.Lock()
	if !g.started {
		g.held = append(g.held, f)
		g.mu.Unlock()
		return
	}
	g.mu.Unlock()
	g.forward(f)
}

// start runs what was held, in order, on the UI goroutine as the app
// starts, and lets later posts through.
func (g *startGate) start() {
	g.mu.Lock()
	held := g.held
	g.held, g.started = nil, true
	g.mu.Unlock()
	for _, f := range held {
		f()
	}
}
