package kit

import (
	"fmt"
	"slices"
	"strings"
	"testing"

	"github.com/tabulagames/tabula/ui/frame"
)

// settleHost is a Host that counts Settled.
type settleHost struct{ settles int }

func (h *settleHost) Submit(string) error { return nil }
func (h *settleHost) Refuse(string)       {}
func (h *settleHost) Say(string)          {}
func (h *settleHost) Phone() bool         { return false }
func (h *settleHost) Motion() Motion      { return Motion{Speed: 1} }
func (h *settleHost) Settled()            { h.settles++ }
func (h *settleHost) Undo()               {}
func (h *settleHost) Select(string)       {}

// stage is a board's Scenes that writes down what it is asked: a new
// position drawn with animate starts a story (as alcazar's drop does),
// which plays until the test ends it.
type stage struct {
	playing int // stories playing
	log     []string
	story   *Story
	host    *settleHost
}

func newStage(hold bool) *stage {
	st := &stage{host: &settleHost{}}
	sc := Scenes{
		Hold:    hold,
		Playing: func() bool { return st.playing > 0 },
		Draw: func(f *frame.Frame, from int, animate bool) {
			if hold {
				st.playing = 0 // a Holder's Draw stops the story
			}
			st.log = append(st.log, fmt.Sprintf("draw %d from %d animate %v", f.View, from, animate))
			if animate && from != f.View {
				st.playing++
			}
		},
	}
	if hold {
		sc.Redraw = func(f *frame.Frame) { st.log = append(st.log, fmt.Sprintf("redraw %d", f.View)) }
		sc.Finish = func() {
			st.playing = 0
			st.log = append(st.log, "finish")
		}
	}
	st.story = NewStory(st.host, sc)
	return st
}

// frameAt is the frame of the game after view tokens, when plies are played.
func frameAt(view, plies int) *frame.Frame {
	return &frame.Frame{View: view, Plies: plies, Viewing: view < plies}
}

// played draws the start, then steps 1 to steps as they come (a quick
// bot's moves), and forgets what the board was asked.
func (st *stage) played(steps int) {
	st.story.Draw(frameAt(0, 0), false)
	for v := 1; v <= steps; v++ {
		st.story.Draw(frameAt(v, v), true)
	}
	st.log = nil
}

// settled checks that no story plays and the host heard Settled n times.
func (st *stage) settled(t *testing.T, n int) {
	t.Helper()
	if st.story.Animating() || st.host.settles != n {
		t.Fatalf("animating %v, settled %d times, want %d", st.story.Animating(), st.host.settles, n)
	}
}

// took checks what the board was asked since the last check.
func (st *stage) took(t *testing.T, want ...string) {
	t.Helper()
	if !slices.Equal(st.log, want) {
		t.Fatalf("the board was asked\n  %s\nwant\n  %s", strings.Join(st.log, "\n  "), strings.Join(want, "\n  "))
	}
	st.log = nil
}

func TestStoryHoldsAStepForwardUntilTheStoryEnds(t *testing.T) {
	st := newStage(true)
	s := st.story
	s.Draw(frameAt(0, 0), false)
	s.Draw(frameAt(1, 1), true)
	st.took(t, "draw 0 from -1 animate false", "draw 1 from 0 animate true")
	if !s.Animating() {
		t.Fatal("no story for a step forward")
	}
	s.Draw(frameAt(1, 1), true) // a bot starts thinking
	s.Draw(frameAt(2, 2), true) // a quick bot's next move
	s.Draw(frameAt(2, 2), true)
	st.took(t, "redraw 1")
	if !s.Held() || s.View() != 1 || s.Last().View != 2 || st.host.settles != 0 {
		t.Fatalf("held %v, view %d, last %d, settled %d times", s.Held(), s.View(), s.Last().View, st.host.settles)
	}
	// The story plays to its end: the next step is drawn with its own
	// story, and the board has not settled yet.
	s.End()
	st.took(t, "finish", "draw 2 from 1 animate true")
	if s.Held() || !s.Animating() || st.host.settles != 0 {
		t.Fatalf("held %v, animating %v, settled %d times", s.Held(), s.Animating(), st.host.settles)
	}
	s.End()
	st.took(t, "finish")
	st.settled(t, 1)
}

func TestStoryCatchesUpSeveralStepsAtOnce(t *testing.T) {
	st := newStage(true)
	st.played(3)
	st.story.End()
	st.took(t, "finish", "draw 3 from 1 animate false")
	st.settled(t, 1)
}

func TestStoryJumpBackDropsWhatWasHeld(t *testing.T) {
	st := newStage(true)
	st.played(2)
	s := st.story
	s.Draw(frameAt(0, 2), false) // a click in the move list
	st.took(t, "draw 0 from 1 animate false")
	if s.Held() || s.View() != 0 {
		t.Fatalf("held %v, view %d", s.Held(), s.View())
	}
	st.settled(t, 0)
	s.End() // nothing plays: nothing to end, nothing to tell
	st.took(t)
	st.settled(t, 0)
}

func TestStorySkipReleases(t *testing.T) {
	st := newStage(true)
	st.played(1)
	st.story.End() // Skip
	st.story.End() // a second press finds nothing playing
	st.took(t, "finish")
	st.settled(t, 1)
}

// Without Hold (arena), every frame is drawn at once, stories overlap,
// and the host hears Settled when the last one has ended.
func TestStoryWithoutHoldOverlaps(t *testing.T) {
	st := newStage(false)
	s := st.story
	s.Draw(frameAt(0, 0), false)
	s.Draw(frameAt(1, 1), true)
	s.Draw(frameAt(1, 1), true)
	s.Draw(frameAt(2, 2), true)
	st.took(t, "draw 0 from -1 animate false", "draw 1 from 0 animate true", "draw 1 from 1 animate true", "draw 2 from 1 animate true")
	if s.Held() || st.playing != 2 {
		t.Fatalf("held %v, %d stories", s.Held(), st.playing)
	}
	st.playing--
	s.Ended()
	if !s.Animating() || st.host.settles != 0 {
		t.Fatalf("animating %v, settled %d times with a story playing", s.Animating(), st.host.settles)
	}
	st.playing--
	s.Ended()
	st.settled(t, 1)
}
