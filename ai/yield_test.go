package ai

import (
	"context"
	"fmt"
	"runtime"
	"sync"
	"testing"
	"time"

	"github.com/tabulagames/tabula/games"
	"github.com/tabulagames/tabula/games/gametest"
)

// yieldPosition is a position the strongest bot of its game is asked on
// to watch it yield.
type yieldPosition struct {
	game, name string
	st         games.State
}

var yieldPos struct {
	once sync.Once
	list []yieldPosition
}

// yieldPositions are every game's default rules a few turns in and well
// into a game played at random (gametest.LongGame, which never ends it).
func yieldPositions(t testing.TB) []yieldPosition {
	yieldPos.once.Do(func() {
		seen := map[string]bool{}
		for _, id := range []string{"classic", "checkerboard", "infiltration", "alcazar", "revenge", "knights", "arena"} {
			g, _ := games.Lookup(id)
			for _, plies := range []int{4, 12, 30} {
				rec, st := gametest.LongGame(t, g, nil, plies, 7)
				name := fmt.Sprintf("ply%d", len(rec.Moves))
				if st.Outcome().Over() || seen[id+name] {
					continue // a game that cannot go on as long
				}
				seen[id+name] = true
				yieldPos.list = append(yieldPos.list, yieldPosition{id, name, st})
			}
		}
	})
	return yieldPos.list
}

// askStrongest asks the strongest bot of p's game (seed 1) what the first
// seat to move does at p, as the session would.
func askStrongest(ctx context.Context, p yieldPosition, o Options) (Answer, error) {
	spec, err := Find(p.game, Strongest(p.game))
	if err != nil {
		return Answer{}, err
	}
	st := p.st.Clone()
	d := ProgressOf(st, 1, 0)
	if gs, ok := st.(games.Streamer); ok {
		stream := gs.GameStream()
		d.Stream = &stream
	}
	return Ask(ctx, spec.New(o), st, st.ToMove()[0], d)
}

// withPauser makes pause the pauser, every stretch of work long enough to
// yield, for the length of a test.
func withPauser(t *testing.T, every time.Duration, pause func()) {
	old := pauser.Load()
	yielding.Lock()
	oldEvery := yielding.every
	yielding.every, yielding.back, yielding.stride = every, 0, 1
	yielding.Unlock()
	resetYieldLeft()
	setPauser(&pause)
	t.Cleanup(func() {
		setPauser(old)
		yielding.Lock()
		yielding.every, yielding.back, yielding.stride = oldEvery, 0, 1
		yielding.Unlock()
		resetYieldLeft()
	})
}

// Yielding only waits: the strongest bot of every game answers the same
// with a pause at every reading of the clock (here one that lets other
// goroutines run; the first poll reads it) as without, and its draw
// assessment too; and every one of them reaches a yield. So the browser, where the pauses are real, plays the same moves
// as the desktop under the same seed.
func TestYieldingChangesNoAnswer(t *testing.T) {
	for _, p := range yieldPositions(t) {
		t.Run(p.game+"/"+p.name, func(t *testing.T) {
			o := Options{Seed: 1}
			want, err := askStrongest(context.Background(), p, o)
			if err != nil {
				t.Fatal(err)
			}
			seat := p.st.ToMove()[0]
			wantA, errA := Assess(context.Background(), p.game, p.st, seat, 5, 2000)
			pauses := 0
			withPauser(t, 0, func() { pauses++; runtime.Gosched() })
			got, err := askStrongest(context.Background(), p, o)
			if err != nil {
				t.Fatal(err)
			}
			if fmt.Sprint(got) != fmt.Sprint(want) {
				t.Errorf("yielding changed the answer: %v, without %v", got, want)
			}
			if pauses == 0 {
				t.Error("the bot never yielded")
			}
			before := pauses
			resetYieldLeft() // its first poll reads the clock, and pauses
			gotA, errGotA := Assess(context.Background(), p.game, p.st, seat, 5, 2000)
			if gotA != wantA || fmt.Sprint(errGotA) != fmt.Sprint(errA) {
				t.Errorf("yielding changed the assessment: %+v %v, without %+v %v", gotA, errGotA, wantA, errA)
			}
			if errA == nil && pauses == before {
				t.Error("the assessment never yielded")
			}
		})
	}
}

// BenchmarkPoll is the native cost of the yield check: a search polls
// with poll(ctx) where it called ctx.Err() (about a nanosecond more a
// poll, where a node of a search costs a microsecond or more):
//
//	go test -run '^$' -bench Poll$ ./ai/
func BenchmarkPoll(b *testing.B) {
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	b.Run("ctx.Err", func(b *testing.B) {
		for b.Loop() {
			if ctx.Err() != nil {
				b.Fatal("cancelled")
			}
		}
	})
	b.Run("poll", func(b *testing.B) {
		for b.Loop() {
			if poll(ctx) != nil {
				b.Fatal("cancelled")
			}
		}
	})
}

// A time cap makes the context a search polls a derived one
// (withTimeCap, and the arena and knights experts' own): the searches
// still yield, since they call poll whatever context they poll, and an
// hour's cap changes no answer.
func TestYieldingReachesCappedSearches(t *testing.T) {
	seen := map[string]bool{}
	for _, p := range yieldPositions(t) {
		if seen[p.game] {
			continue
		}
		seen[p.game] = true
		t.Run(p.game, func(t *testing.T) {
			want, err := askStrongest(context.Background(), p, Options{Seed: 1})
			if err != nil {
				t.Fatal(err)
			}
			pauses := 0
			withPauser(t, 0, func() { pauses++ })
			got, err := askStrongest(context.Background(), p, Options{Seed: 1, Time: time.Hour})
			if err != nil {
				t.Fatal(err)
			}
			if fmt.Sprint(got) != fmt.Sprint(want) {
				t.Errorf("capped at an hour and yielding: %v, without either %v", got, want)
			}
			if pauses == 0 {
				t.Error("the capped search never yielded")
			}
		})
	}
}
