package ui

import (
	"errors"
	"fmt"
	"sync"

	"github.com/tabulagames/tabula/games"
	"github.com/tabulagames/tabula/settings"
)

// diskQueue runs the app's writes (autosaves, saves, statistics) in the
// order they were asked for, on one goroutine of its own: the UI
// goroutine never waits for a disk, a person's move is drawn before its
// autosave is written, and no write overtakes another.
type diskQueue struct {
	mu      sync.Mutex
	jobs    []func()
	running bool
	idle    *sync.Cond
}

func newDiskQueue() *diskQueue {
	q := &diskQueue{}
	q.idle = sync.NewCond(&q.mu)
	return q
}

// Do queues a job behind those already queued.
func (q *diskQueue) Do(job func()) {
	q.mu.Lock()
	defer q.mu.Unlock()
	q.jobs = append(q.jobs, job)
	if !q.running {
		q.running = true
		go q.run()
	}
}

func (q *diskQueue) run() {
	q.mu.Lock()
	defer q.mu.Unlock()
	for len(q.jobs) > 0 {
		job := q.jobs[0]
		// The slice's array outlives the job: clear its place, or the
		// job's closure (and the game screen it names) stays reachable.
		q.jobs[0] = nil
		q.jobs = q.jobs[1:]
		q.mu.Unlock()
		job()
		q.mu.Lock()
	}
	q.running = false
	q.idle.Broadcast()
}

// Wait returns once every job queued so far has run: a game opened from
// disk, the list of games in progress and closing the window wait for the
// writes before them.
func (q *diskQueue) Wait() {
	q.mu.Lock()
	defer q.mu.Unlock()
	for q.running {
		q.idle.Wait()
	}
}

// gameFiles are one game's files: its own autosave (named on its first
// move) and the save it was last saved to or opened from. Their names
// change only on the disk queue's goroutine; the mutex lets the screen
// and tests read them.
type gameFiles struct {
	mu       sync.Mutex
	autosave string
	saved    string
	// next is the autosave still to write (nil: none), and queued whether
	// a job to write it is in the queue: a run of quick bot moves writes
	// the latest position once, not every one in turn.
	next   *autosaveJob
	queued bool
}

// autosaveJob is what the next autosave writes: the game's record, or
// nothing (clear) when the game is over or taken back to its start.
type autosaveJob struct {
	rec   *games.Record
	clear bool
}

// autosavePath is the game's autosave file once the writes queued so far
// are done ("" when it has none).
func (f *gameFiles) autosavePath(q *diskQueue) string {
	q.Wait()
	f.mu.Lock()
	defer f.mu.Unlock()
	return f.autosave
}

// queueAutosave writes the game's autosave (or removes it) behind the
// writes already queued; problems come back through told, on the UI
// goroutine.
func (f *gameFiles) queueAutosave(q *diskQueue, store *settings.Store, job *autosaveJob, told func(say, refuse string)) {
	f.mu.Lock()
	f.next = job
	if f.queued {
		f.mu.Unlock()
		return // the job in the queue writes this one
	}
	f.queued = true
	f.mu.Unlock()
	q.Do(func() {
		f.mu.Lock()
		job, path := f.next, f.autosave
		f.next, f.queued = nil, false
		f.mu.Unlock()
		path, say, refuse := writeAutosave(store, path, job)
		f.mu.Lock()
		f.autosave = path
		f.mu.Unlock()
		if say != "" || refuse != "" {
			told(say, refuse)
		}
	})
}

// writeAutosave does one autosave job on a game's file (path, "" before
// its first move) and returns the file the game goes on with, and what to
// tell the player.
func writeAutosave(store *settings.Store, path string, job *autosaveJob) (next, say, refuse string) {
	if job.clear {
		if path == "" {
			return "", "", ""
		}
		if err := store.ClearAutosave(path); err != nil {
			return "", "", "The autosave was kept: " + err.Error()
		}
		return "", "", "" // gone, or no longer this game's
	}
	written, err := store.WriteAutosave(path, job.rec)
	if errors.Is(err, settings.ErrUnreadableAutosave) {
		// Another program put something this version cannot read in this
		// game's file: keep it, and go on in a file of this game's own.
		if written, err = store.WriteAutosave("", job.rec); err == nil {
			say = "This game's autosave file was changed by another program and is kept as it is; the game goes on in a new one."
		}
	}
	if err != nil {
		return path, "", "Autosave failed: " + err.Error()
	}
	return written, say, ""
}

// queueSave saves the game under name: over the file it was last saved
// to or opened from, else in a new file. done gets the error, on the UI
// goroutine.
func (f *gameFiles) queueSave(q *diskQueue, store *settings.Store, rec *games.Record, name string, done func(error)) {
	q.Do(func() {
		f.mu.Lock()
		path := f.saved
		f.mu.Unlock()
		var err error
		if path != "" {
			err = store.Overwrite(path, rec, name)
		}
		if path == "" || err != nil {
			path, err = store.Save(rec, name)
		}
		if err != nil {
			err = fmt.Errorf("The game was not saved: %w", err)
		} else {
			f.mu.Lock()
			f.saved = path
			f.mu.Unlock()
		}
		done(err)
	})
}
