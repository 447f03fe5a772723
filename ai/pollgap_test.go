//go:build linux

package ai

import (
	"context"
	"fmt"
	"runtime"
	"syscall"
	"testing"
	"time"
	"unsafe"

	"github.com/tabulagames/tabula/games"
	"github.com/tabulagames/tabula/games/gametest"
)

// gapCtx is a context that measures the longest stretch between two
// calls of Err: the time a bot would take to notice a cancellation. It
// counts from its creation, so a bot that never polls shows its whole
// think; call Err once more after the answer for the last stretch.
type gapCtx struct {
	context.Context
	lastCPU, lastWall time.Duration
	start             time.Time
	cpu, wall         time.Duration // the longest stretches
	polls             int
}

func newGapCtx() *gapCtx {
	c := &gapCtx{Context: context.Background(), start: time.Now()}
	c.lastCPU = threadCPU()
	return c
}

func (c *gapCtx) Err() error {
	cpu, wall := threadCPU(), time.Since(c.start)
	c.cpu = max(c.cpu, cpu-c.lastCPU)
	c.wall = max(c.wall, wall-c.lastWall)
	c.lastCPU, c.lastWall = cpu, wall
	c.polls++
	return nil
}

// threadCPU is the CPU time of the calling thread (the caller locks its
// goroutine to the thread).
func threadCPU() time.Duration {
	const clockThreadCPUTime = 3 // CLOCK_THREAD_CPUTIME_ID
	var ts syscall.Timespec
	syscall.Syscall(syscall.SYS_CLOCK_GETTIME, clockThreadCPUTime, uintptr(unsafe.Pointer(&ts)), 0)
	return time.Duration(ts.Nano())
}

type gapPosition struct {
	game, name string
	st         games.State
}

// gapPositions are the positions of BenchmarkPollGaps: each game's start,
// and long or crowded positions reached by random play (named by their
// rules and length).
func gapPositions(b *testing.B) []gapPosition {
	var out []gapPosition
	add := func(game, name string, rules map[string]any, plies int) {
		g, _ := games.Lookup(game)
		rec, st := gametest.LongGame(b, g, rules, plies, 1)
		if plies > 0 {
			name = fmt.Sprintf("%s-ply%d", name, len(rec.Moves))
		}
		out = append(out, gapPosition{game, name, st})
	}
	add("classic", "start", nil, 0)
	add("checkerboard", "start", nil, 0)
	add("checkerboard", "12x12line6", map[string]any{"size": 12, "line": 6}, 40)
	add("checkerboard", "12x12fifo8", map[string]any{"size": 12, "fifo": 8}, 2000)
	add("infiltration", "start", nil, 0)
	out = append(out, gapPosition{"infiltration", "midgame", infMidgame(b)})
	add("infiltration", "free16", map[string]any{"movement": "free", "pieces": 16}, 5000)
	add("infiltration", "free-forced-multi", map[string]any{"movement": "free", "forcedCapture": true, "multiJump": true}, 60_000)
	add("alcazar", "start", nil, 0)
	add("alcazar", "default", nil, 60)
	add("alcazar", "default", nil, 2000)
	add("revenge", "6x6-4", map[string]any{"size": 6, "players": 4}, 12)
	add("knights", "16x16-4", map[string]any{"size": 16, "players": 4}, 10)
	add("knights", "16x16-3", map[string]any{"size": 16, "players": 3}, 10)
	add("knights", "16x16-1", map[string]any{"size": 16, "players": 1}, 10)
	return out
}

// BenchmarkPollGaps measures for every bot of every game, at its default
// budget, the longest stretch between two polls of ctx (ms-cpu-gap: CPU
// time of the thread; ms-wall-gap: wall time, which counts other
// processes too), with the bot's whole think (ms-cpu) and its polls:
//
//	go test -run '^$' -bench PollGaps -benchtime 1x ./ai
func BenchmarkPollGaps(b *testing.B) {
	for _, p := range gapPositions(b) {
		for _, spec := range ForGame(p.game) {
			b.Run(p.game+"/"+p.name+"/"+spec.Name, func(b *testing.B) {
				runtime.LockOSThread()
				defer runtime.UnlockOSThread()
				var cpu, wall, think time.Duration
				polls := 0
				for b.Loop() {
					bot := spec.New(Options{Seed: 1})
					c := newGapCtx()
					t0 := threadCPU()
					st := p.st.Clone()
					d := ProgressOf(st, 1, 0)
					if gs, ok := st.(games.Streamer); ok { // the knights bots that draw from it
						stream := gs.GameStream()
						d.Stream = &stream
					}
					if _, err := Ask(c, bot, st, st.ToMove()[0], d); err != nil {
						b.Fatal(err)
					}
					think = max(think, threadCPU()-t0)
					c.Err()
					cpu, wall, polls = max(cpu, c.cpu), max(wall, c.wall), c.polls-1
				}
				b.ReportMetric(ms(cpu), "ms-cpu-gap")
				b.ReportMetric(ms(wall), "ms-wall-gap")
				b.ReportMetric(ms(think), "ms-cpu")
				b.ReportMetric(float64(polls), "polls")
			})
		}
	}
}

func ms(d time.Duration) float64 { return float64(d) / float64(time.Millisecond) }
