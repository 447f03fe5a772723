//go:build js

// Package jstest measures, in tests run under GOOS=js in Node (make
// test-web-ai), the longest task the page's one thread runs: what the
// thread does between two turns of the event loop, the garbage collector
// and every goroutine included, as Chromium's Long Tasks API would report
// it.
package jstest

import (
	"fmt"
	"syscall/js"
	"testing"
	"time"
)

// MaxTask is the longest task a page may run (issue 22: under 50 ms).
const MaxTask = 50 * time.Millisecond

// Heartbeat is a JavaScript timer ticking every millisecond while the
// thread is free: the longest gap between two ticks is the longest task.
// It keeps the gaps in wall time and in the process's CPU time (Node's
// process.cpuUsage), each an upper bound of the thread's own work (wall
// counts other processes on a busy machine, the process's CPU Node's
// other threads), and the longest by the smaller of the two.
type Heartbeat struct{ h js.Value }

const heartbeatJS = `(() => {
	const cpu = () => { const u = process.cpuUsage(); return (u.user + u.system) / 1000; };
	const h = {};
	h.ticks = 0;
	h.reset = () => { h.last = performance.now(); h.lastCPU = cpu(); h.wall = 0; h.cpu = 0; h.longest = 0; };
	h.reset();
	h.id = setInterval(() => {
		const now = performance.now(), c = cpu();
		const wall = now - h.last, used = c - h.lastCPU;
		h.wall = Math.max(h.wall, wall); h.cpu = Math.max(h.cpu, used);
		h.longest = Math.max(h.longest, Math.min(wall, used));
		h.last = now; h.lastCPU = c; h.ticks++;
	}, 1);
	h.stop = () => clearInterval(h.id);
	return h;
})()`

// Start starts a heartbeat, stopped at the end of the test; it skips the
// test outside Node.
func Start(t *testing.T) *Heartbeat {
	if js.Global().Get("process").IsUndefined() {
		t.Skip("the heartbeat reads Node's process.cpuUsage")
	}
	h := &Heartbeat{js.Global().Call("eval", heartbeatJS)}
	t.Cleanup(func() { h.h.Call("stop") })
	if !h.tick() {
		t.Fatal("the heartbeat does not tick")
	}
	h.h.Call("reset")
	return h
}

// tick waits for the heartbeat's next tick; false if it has not come in a
// second.
func (h *Heartbeat) tick() bool {
	n := h.h.Get("ticks").Int()
	for range 1000 {
		time.Sleep(time.Millisecond)
		if h.h.Get("ticks").Int() > n {
			return true
		}
	}
	return false
}

// Tasks is what a heartbeat saw between two readings.
type Tasks struct{ Longest, Wall, CPU time.Duration }

func (k Tasks) String() string {
	return fmt.Sprintf("%v (wall %v, cpu %v)", Round(k.Longest), Round(k.Wall), Round(k.CPU))
}

// Read lets the heartbeat tick once more (after the task that ended the
// work measured), then gives its longest gaps since the last reading. A
// heartbeat that stopped ticking reads as an hour: a test must not pass
// for want of a measure.
func (h *Heartbeat) Read() Tasks {
	if !h.tick() {
		return Tasks{time.Hour, time.Hour, time.Hour}
	}
	ms := func(k string) time.Duration { return time.Duration(h.h.Get(k).Float() * float64(time.Millisecond)) }
	k := Tasks{ms("longest"), ms("wall"), ms("cpu")}
	h.h.Call("reset")
	return k
}

// Round rounds d to a tenth of a millisecond, for the logs.
func Round(d time.Duration) time.Duration { return d.Round(100 * time.Microsecond) }
