//go:build memprofile

package ui

// The memory kept from one game to the next (issue 19, item 14: the
// window grew from 176 MB to 446 MB in an hour of play). For every board
// it opens 20 games one after another through the app's own paths (Back
// to the picker, a new session, openSession), plays each a while (a
// person's random moves and a hint against the easiest bot, animations
// on) and compares what is kept after the first game with what is kept
// after the twentieth: the heap in use must stay within 20%, and no
// session left, animation repeating forever or goroutine may remain.
//
//	FYNE_CACHE=1s TABULA_MEMPROFILE=/tmp/mem go test -tags memprofile -run TestMemoryPerGame -v -timeout 30m ./ui/
//
// One board per process gives the cleaner numbers (-run
// TestMemoryPerGame/arena): the boards run one after another share the
// process, and what Fyne keeps of an earlier board's window stays in the
// heap of the next. TABULA_MEMPROFILE names a folder for heap profiles
// (<board>-1.pprof and <board>-20.pprof; `go tool pprof -top -inuse_space
// -base a b` shows what grew). FYNE_CACHE shortens how long Fyne keeps
// the renderer of a widget no longer shown (a minute by default): the
// real window drops such renderers as it paints, and the test, idle on
// the picker before it measures, draws the window to do the same.
//
// Fyne's test driver does not run animations (it ticks each once, to its
// end, inside Start), so the app here runs on a driver that keeps them as
// the real one does (animationDriver): an animation ends a frame after it
// starts, one that repeats forever runs until it is stopped, and what it
// holds is kept meanwhile.

import (
	"errors"
	"fmt"
	"math/rand/v2"
	"os"
	"path/filepath"
	"runtime"
	"runtime/pprof"
	"slices"
	"testing"
	"time"
	"weak"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/test"

	"github.com/tabulagames/tabula/ai"
	"github.com/tabulagames/tabula/games"
	"github.com/tabulagames/tabula/ui/boards/all"
	"github.com/tabulagames/tabula/ui/session"
)

const (
	memGames    = 20 // games of each board
	memMaxPlies = 60 // a game is left after this many tokens if not over
)

// heapNow is the heap once everything unreachable is collected: the
// bytes of its spans in use, the bytes of its live objects and their
// number; and the goroutines.
type heapNow struct {
	inuse, alloc, objects uint64
	routines              int
}

func measureHeap() heapNow {
	for range 3 {
		runtime.GC()
	}
	var m runtime.MemStats
	runtime.ReadMemStats(&m)
	return heapNow{inuse: m.HeapInuse, alloc: m.HeapAlloc, objects: m.HeapObjects, routines: runtime.NumGoroutine()}
}

func (h heapNow) String() string {
	return fmt.Sprintf("heap in use %5.1f MB (live objects %5.1f MB, %6d), %d goroutines",
		float64(h.inuse)/1e6, float64(h.alloc)/1e6, h.objects, h.routines)
}

func TestMemoryPerGame(t *testing.T) {
	if os.Getenv("FYNE_CACHE") == "" {
		t.Fatal("set FYNE_CACHE=1s: Fyne would keep the renderers of the games left for a minute")
	}
	runtime.MemProfileRate = 4096 // a finer profile than the default 512 KiB
	dir := os.Getenv("TABULA_MEMPROFILE")
	if dir != "" {
		if err := os.MkdirAll(dir, 0o755); err != nil {
			t.Fatal(err)
		}
	}
	for _, e := range all.Entries() {
		id := e.ID()
		t.Run(id, func(t *testing.T) {
			u, anims := newAnimatedTestApp(t)
			loop := appLoop(u)
			var left []weak.Pointer[session.Session] // the sessions of the games left
			var first heapNow
			rng := rand.New(rand.NewPCG(1, 2))
			for n := 1; n <= memGames; n++ {
				left = append(left, weak.Make(playOneGame(t, u, loop, anims, id, rng)))
				u.ShowPicker() // Back
				drain(loop, anims, u)
				if n != 1 && n != memGames {
					continue
				}
				idle(u, anims)
				h := measureHeap()
				if dir != "" {
					writeHeapProfile(t, filepath.Join(dir, fmt.Sprintf("%s-%d.pprof", id, n)))
				}
				t.Logf("%-12s after game %2d: %v; %d of the sessions left alive, %d animations repeating",
					id, n, h, alive(left), anims.forever())
				if n == 1 {
					first = h
					continue
				}
				if grow := float64(h.inuse) / float64(first.inuse); grow > 1.2 {
					t.Errorf("%s: the heap in use grew from %.1f MB after one game to %.1f MB after %d (%+.0f%%)",
						id, float64(first.inuse)/1e6, float64(h.inuse)/1e6, n, 100*(grow-1))
				}
				if live := alive(left); live > 0 {
					t.Errorf("%s: %d of the %d sessions left are still alive", id, live, n)
				}
				if on := anims.forever(); on > 0 {
					t.Errorf("%s: %d animations of the games left still repeat", id, on)
				}
				if h.routines > first.routines {
					t.Errorf("%s: %d goroutines after one game, %d after %d", id, first.routines, h.routines, n)
				}
			}
		})
	}
}

// playOneGame opens a game of id, a person against the easiest bot, and
// plays it to its end or memMaxPlies tokens: the person's moves are
// random legal ones, submitted as the board submits them, and half-way
// the person asks for a hint (which the board shows, pulsing); the bot
// answers through the test loop, and the animations run on anims.
func playOneGame(t *testing.T, u *App, loop uiLoop, anims *animationDriver, id string, rng *rand.Rand) *session.Session {
	t.Helper()
	g, _ := games.Lookup(id)
	bot := ai.ForGame(id)[0].Name
	rules := games.Defaults(g.RuleSpecs())
	seats := u.defaultSeats(g, games.SeatCount(g, rules))
	for i := range seats {
		if !seats[i].Human() {
			seats[i].Bot = bot
		}
	}
	s, err := u.newSession(g, rules, seats, nil)
	if err != nil {
		t.Fatal(err)
	}
	u.openSession(s)
	gs := u.game
	hinted := false
	deadline := time.Now().Add(2 * time.Minute)
	for s.Plies() < memMaxPlies && !s.Live().Outcome().Over() {
		if time.Now().After(deadline) {
			t.Fatalf("%s: the game stuck after %d plies", id, s.Plies())
		}
		if seat := s.HumanToMove(); seat >= 0 && !s.HintThinking() {
			if !hinted && s.Plies() >= memMaxPlies/2 {
				hinted = true
				gs.hint()
				continue
			}
			legal := s.Live().Legal(seat)
			tok := s.Live().MoveString(seat, legal[rng.IntN(len(legal))])
			if err := gs.Submit(tok); err != nil {
				t.Fatalf("%s: %s refused: %v", id, tok, err)
			}
		}
		anims.frame()
		select {
		case f := <-loop:
			f()
		case <-time.After(20 * time.Millisecond):
		}
	}
	return s
}

// drain runs what the goroutines handed back until the disk queue is
// done and nothing more comes for a moment.
func drain(loop uiLoop, anims *animationDriver, u *App) {
	u.disk.Wait()
	for {
		anims.frame()
		select {
		case f := <-loop:
			f()
		case <-time.After(200 * time.Millisecond):
			return
		}
	}
}

// idle leaves the window on the picker for a while, its animations
// running, then draws it: Fyne then drops the renderers of the widgets
// no longer shown, as the real window does as it paints. Fyne cleans at
// most every ten seconds, the renderers unused for FYNE_CACHE (set it
// short: it is a minute by default).
func idle(u *App, anims *animationDriver) {
	for end := time.Now().Add(11 * time.Second); time.Now().Before(end); {
		anims.frame()
		time.Sleep(50 * time.Millisecond)
	}
	u.win.Canvas().Capture()
	anims.frame()
}

func writeHeapProfile(t *testing.T, path string) {
	t.Helper()
	f, err := os.Create(path)
	if err != nil {
		t.Fatal(err)
	}
	if err := pprof.WriteHeapProfile(f); err != nil {
		t.Fatal(err)
	}
	if err := f.Close(); err != nil {
		t.Fatal(err)
	}
}

func alive[T any](ps []weak.Pointer[T]) int {
	n := 0
	for _, p := range ps {
		if p.Value() != nil {
			n++
		}
	}
	return n
}

// newAnimatedTestApp is newTestApp with animations on, run by an
// animationDriver.
func newAnimatedTestApp(t *testing.T) (*App, *animationDriver) {
	t.Helper()
	t.Setenv("TABULA_HOME", t.TempDir())
	ta := test.NewTempApp(t)
	d := &animationDriver{Driver: ta.Driver()}
	a := &animatedApp{App: ta, d: d}
	fyne.SetCurrentApp(a)
	u, problems := NewApp(a)
	if len(problems) > 0 {
		t.Fatalf("start-up problems: %v", problems)
	}
	if err := errors.Join(u.cfg.SetReducedMotion(false), u.cfg.SetBotDelay(0), u.cfg.SetBotPace(0)); err != nil {
		t.Fatal(err)
	}
	u.win.Resize(fyne.NewSize(1100, 720))
	t.Cleanup(func() {
		if u.game != nil {
			u.game.leave()
		}
		u.disk.Wait()
	})
	return u, d
}

// animatedApp is Fyne's test app on an animationDriver.
type animatedApp struct {
	fyne.App
	d *animationDriver
}

func (a *animatedApp) Driver() fyne.Driver { return a.d }

// animationDriver is Fyne's test driver with animations kept running as
// the real driver's runner keeps them: until their end, or until they are
// stopped when they repeat forever. frame stands for one frame drawn.
type animationDriver struct {
	fyne.Driver
	running []*fyne.Animation
}

func (d *animationDriver) StartAnimation(a *fyne.Animation) { d.running = append(d.running, a) }

func (d *animationDriver) StopAnimation(a *fyne.Animation) {
	d.running = slices.DeleteFunc(d.running, func(x *fyne.Animation) bool { return x == a })
}

// frame ticks every animation: one that ends, to its end (and it is
// done), one that repeats forever, half-way.
func (d *animationDriver) frame() {
	for _, a := range slices.Clone(d.running) {
		if !slices.Contains(d.running, a) {
			continue // stopped by an animation ticked before it
		}
		if a.RepeatCount == fyne.AnimationRepeatForever {
			a.Tick(0.5)
			continue
		}
		d.StopAnimation(a)
		a.Tick(1)
	}
}

// forever counts the animations running that repeat forever.
func (d *animationDriver) forever() int {
	n := 0
	for _, a := range d.running {
		if a.RepeatCount == fyne.AnimationRepeatForever {
			n++
		}
	}
	return n
}
