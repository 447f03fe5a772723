package ui

import (
	"runtime"
	"testing"
	"weak"
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
