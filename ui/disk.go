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
	// waiting are the games whose next autosave is queued and not yet
	// begun, with their store: what Flush writes at once.
	waiting map[*gameFiles]*settings.Store
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

// Flush begins at once, without waiting for anything, the autosaves
// still waiting in the queue: the page is going away (a browser's
// pagehide, or hidden and maybe never shown again), and the queue's
// goroutine may not run again. It runs in the browser's event handler, so
// it takes only mutexes that are never held across a wait. Each write is
// begun before Flush returns (settings.Store.WriteAutosaveNow); its
// outcome is taken on the queue, in order, and a failed one goes back to
// the queue's usual write. A game's first file being claimed right now
// has no name yet: its waiting autosave is then tried under the name the
// claim takes first, which fails while the claim holds it, and is written
// by the queue if the page lives on (lost if it does not: the move before
// it is kept).
func (q *diskQueue) Flush() {
	q.mu.Lock()
	waiting := q.waiting
	q.waiting = nil
	q.mu.Unlock()
	for f, store := range waiting {
		f.flush(q, store)
	}
}

// wait records that f has an autosave waiting in the queue (or, with
// store nil, no longer has).
func (q *diskQueue) wait(f *gameFiles, store *settings.Store) {
	q.mu.Lock()
	defer q.mu.Unlock()
	if store == nil {
		delete(q.waiting, f)
		return
	}
	if q.waiting == nil {
		q.waiting = map[*gameFiles]*settings.Store{}
	}
	q.waiting[f] = store
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
	told   func(say, refuse string) // where the last queued autosave's problems go
	// writing: the queue is writing an autosave of this game now.
	writing bool
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
	q.wait(f, store)
	f.mu.Lock()
	f.next = job
	f.told = told
	if f.queued {
		f.mu.Unlock()
		return // the job in the queue writes this one
	}
	f.queued = true
	f.mu.Unlock()
	q.Do(func() {
		q.wait(f, nil)
		f.mu.Lock()
		job, path := f.next, f.autosave
		f.next, f.queued = nil, false
		f.mu.Unlock()
		if job == nil {
			return // Flush wrote it
		}
		f.mu.Lock()
		f.writing = true
		f.mu.Unlock()
		path, say, refuse := writeAutosave(store, path, job)
		f.mu.Lock()
		f.autosave, f.writing = path, false
		f.mu.Unlock()
		if say != "" || refuse != "" {
			told(say, refuse)
		}
	})
}

// flush begins the write of the autosave waiting in the queue (see
// diskQueue.Flush) and leaves the queued job nothing to do. A removal (a
// game over, or taken back to its start) is left to the queue: if the
// page goes first, the game is offered under Resume as last autosaved,
// which loses nothing.
func (f *gameFiles) flush(q *diskQueue, store *settings.Store) {
	f.mu.Lock()
	job, path, told, inFlight := f.next, f.autosave, f.told, f.writing
	if job == nil || job.clear {
		f.mu.Unlock()
		return
	}
	f.next = nil
	f.mu.Unlock()
	wait := store.WriteAutosaveNow(path, job.rec)
	q.Do(func() {
		written, err := wait()
		f.mu.Lock()
		if err == nil && f.autosave == "" {
			f.autosave = written
		}
		newer := f.next != nil
		f.mu.Unlock()
		// A write that was under way when the flush began ends after it,
		// with the move before: the page lived on, so the queue writes
		// this one again; so it does when the flush failed, with its
		// usual checks and words.
		if (err != nil || inFlight) && !newer {
			f.queueAutosave(q, store, job, told)
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
