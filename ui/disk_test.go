package ui

import (
	"runtime"
	"strings"
	"testing"
	"time"
	"weak"

	"github.com/tabulagames/tabula/games"
	"github.com/tabulagames/tabula/settings"
)

// TestDiskQueueForgetsTheJobsItRan: a job that ran is no longer reachable
// from the queue, nor what it names (an autosave's job names its game
// screen, and through it the session): a game left is not kept until
// the next write.
func TestDiskQueueForgetsTheJobsItRan(t *testing.T) {
	q := newDiskQueue()
	// Three jobs queue up behind one that waits, as writes do behind a
	// slow disk: the queue's array has room to spare once they ran.
	started, release := make(chan struct{}), make(chan struct{})
	q.Do(func() {
		close(started)
		<-release
	})
	<-started
	held := queueJobNaming(q)
	q.Do(func() {})
	q.Do(func() {})
	close(release)
	q.Wait()
	runtime.GC()
	if held.Value() != nil {
		t.Fatal("the disk queue still holds the game screen of a job it ran")
	}
	runtime.KeepAlive(q) // the app's queue lives as long as the app
}

// queueJobNaming queues a job whose closure names a game screen, and
// returns a weak pointer to the screen.
func queueJobNaming(q *diskQueue) weak.Pointer[gameScreen] {
	gs := &gameScreen{}
	q.Do(func() { gs.lastSaid = "saved" })
	return weak.Make(gs)
}

// TestFlushWritesTheWaitingAutosaveOnce: an autosave waiting behind a
// slow write is written when the page goes away (Flush), at once and in
// the game's own file; the queued job then writes nothing more, a later
// move goes on in the same file, and a Flush with nothing waiting writes
// nothing.
func TestFlushWritesTheWaitingAutosaveOnce(t *testing.T) {
	store := settings.NewStore(settings.PathsUnder(t.TempDir()))
	q := newDiskQueue()
	started, release := make(chan struct{}), make(chan struct{})
	q.Do(func() { // a slow write ahead of the autosave
		close(started)
		<-release
	})
	<-started
	created := time.Date(2026, 11, 29, 10, 0, 0, 0, time.UTC)
	rec := func(moves ...string) *games.Record {
		return &games.Record{Game: "classic", Seed: 7, Created: created, Moves: moves, Seats: []games.SeatInfo{
			{Name: "Ana", Controller: "human"}, {Name: "Computer", Controller: "ai", Bot: "easy"}}}
	}
	var told []string
	tell := func(say, refuse string) { told = append(told, say+refuse) }
	f := &gameFiles{}
	f.queueAutosave(q, store, &autosaveJob{rec: rec("b2")}, tell)
	f.queueAutosave(q, store, &autosaveJob{rec: rec("b2", "a1")}, tell)
	moves := func() string {
		t.Helper()
		paths, err := store.AutosavePaths("classic")
		if err != nil || len(paths) != 1 {
			t.Fatalf("autosave files: %v, %v", paths, err)
		}
		r, err := store.LoadAutosave(paths[0])
		if err != nil {
			t.Fatal(err)
		}
		return strings.Join(r.Moves, " ")
	}
	if paths, _ := store.AutosavePaths("classic"); len(paths) != 0 {
		t.Fatalf("written before the queue reached it: %v", paths)
	}

	q.Flush() // on a disk the write is done when it returns
	if got := moves(); got != "b2 a1" {
		t.Fatalf("after Flush the autosave holds %q, want the last move too", got)
	}
	paths, _ := store.AutosavePaths("classic")
	// Mark the file: a second write of the same game would replace it.
	if _, err := store.WriteAutosave(paths[0], rec("b2", "a1", "c3")); err != nil {
		t.Fatal(err)
	}
	close(release)
	if got := f.autosavePath(q); got != paths[0] {
		t.Fatalf("the game goes on in %q, not in the file Flush wrote, %q", got, paths[0])
	}
	if got := moves(); got != "b2 a1 c3" {
		t.Fatalf("the queue wrote the flushed autosave again: the file holds %q", got)
	}

	f.queueAutosave(q, store, &autosaveJob{rec: rec("b2", "a1", "c3", "a3")}, tell)
	q.Wait()
	if got := moves(); got != "b2 a1 c3 a3" { // moves() also checks there is one file
		t.Fatalf("a move after Flush: the file holds %q", got)
	}
	if _, err := store.WriteAutosave(paths[0], rec("b2", "a1")); err != nil {
		t.Fatal(err)
	}
	q.Flush()
	q.Wait()
	if got := moves(); got != "b2 a1" {
		t.Fatalf("a Flush with nothing waiting wrote %q", got)
	}
	if len(told) != 0 {
		t.Fatalf("the player was told %q", told)
	}
}
