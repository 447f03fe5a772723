// Package boardtest lets a board's tests play it without the game screen:
// a fake kit.Host on a real session, whose bot answers wait on a test
// loop (it lives outside ui/boards, which never import the session), so a test taps, drags and presses keys and reads what the board
// submitted, refused or said.
package boardtest

import (
	"encoding/json"
	"strings"
	"testing"
	"time"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/test"

	"github.com/tabulagames/tabula/games"
	"github.com/tabulagames/tabula/ui/boards/kit"
	"github.com/tabulagames/tabula/ui/session"
)

// People are two people sharing the device, Ana and Ben.
var People = []games.SeatInfo{{Name: "Ana", Controller: "human"}, {Name: "Ben", Controller: "human"}}

// Host stands in for the game screen: it plays the board's tokens on the
// session, draws the board after every change as the screen does
// (kit.Forward), and keeps the last refusal and the last message.
type Host struct {
	S       *session.Session
	Board   kit.Board
	Loop    Loop
	Refusal string     // the last refusal shown
	Said    string     // the last neutral message shown
	Moving  kit.Motion // the motion setting; reduced unless a test changes it
	Settles int        // how many times the board said its animation ended
	// Rematches and NewGames count what the board asked for (kit.Replayer).
	Rematches, NewGames int
	// PhoneLayout is what Phone answers: the board is made for a phone.
	PhoneLayout bool

	forward kit.Forward
}

// Options say how Start opens a game; the zero value is the usual start
// with default house rules, two people and a 500x640 board.
type Options struct {
	Rules map[string]any   // house rules, validated; nil = defaults
	Seats []games.SeatInfo // nil = People
	Setup string           // a start position (NOTATION.md), "" = the usual start
	Size  fyne.Size        // the board's size; zero = 500x640
	Clock session.Clock    // the session's clock; nil = the real one
	Phone bool             // the board is made for the phone's layout (kit.Host.Phone)
}

// Start opens game id on a session (seed 1, no pauses before bot moves)
// on Fyne's test app, makes its board with newBoard, sizes and draws it,
// and lets the bots move.
func Start(t testing.TB, id string, newBoard func(kit.Host) kit.Board, o Options) *Host {
	t.Helper()
	test.NewTempApp(t)
	g, ok := games.Lookup(id)
	if !ok {
		t.Fatalf("no game %s", id)
	}
	rules, err := games.ValidateRules(g.RuleSpecs(), o.Rules)
	if err != nil {
		t.Fatal(err)
	}
	var setup json.RawMessage
	if o.Setup != "" {
		setup = json.RawMessage(o.Setup)
	}
	seats := o.Seats
	if seats == nil {
		seats = People
	}
	h := &Host{Loop: make(Loop, 16), Moving: kit.Motion{Reduced: true}, forward: kit.NewForward(), PhoneLayout: o.Phone}
	h.S, err = session.New(g, rules, 1, seats, setup, session.Options{Post: h.Loop.Post, Clock: o.Clock})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(h.S.Stop) // no bot may answer after the test
	h.S.BotDelay, h.S.AutoDelay = 0, 0
	h.S.Subscribe(func(session.Change) { h.Redraw() })
	h.Board = newBoard(h)
	size := o.Size
	if size.IsZero() {
		size = fyne.NewSize(500, 640)
	}
	h.Board.Resize(size)
	test.WidgetRenderer(h.Board).Layout(size)
	h.Redraw()
	h.S.Start()
	return h
}

// Redraw draws the board as the game screen does after a change.
func (h *Host) Redraw() {
	f := h.S.Frame()
	h.Board.Draw(f, h.forward.Next(f))
}

// Tokens are the tokens played so far, joined by spaces.
func (h *Host) Tokens() string { return strings.Join(h.S.Tokens(), " ") }

// ---- kit.Host ----

func (h *Host) Submit(token string) error { return h.S.Submit(token) }
func (h *Host) Refuse(msg string)         { h.Refusal = msg }
func (h *Host) Say(msg string)            { h.Said = msg }
func (h *Host) Motion() kit.Motion        { return h.Moving }
func (h *Host) Undo()                     { h.S.Undo() }
func (h *Host) Select(token string)       { h.S.Select(token) }
func (h *Host) Phone() bool               { return h.PhoneLayout }

// Rematch and NewGame count the board's requests; the screen would start
// a game.
func (h *Host) Rematch() { h.Rematches++ }
func (h *Host) NewGame() { h.NewGames++ }

// Settled redraws, as the game screen does to show what it held back.
func (h *Host) Settled() {
	h.Settles++
	h.Redraw()
}

// Loop stands in for the UI goroutine: bot answers are queued here and
// run on the test's goroutine, so nothing races.
type Loop chan func()

// Post queues f: it is the session's posting function.
func (l Loop) Post(f func()) { l <- f }

// Until runs queued UI work until cond holds or the time is up.
func (l Loop) Until(t *testing.T, what string, cond func() bool) {
	t.Helper()
	deadline := time.After(20 * time.Second)
	for !cond() {
		select {
		case f := <-l:
			f()
		case <-deadline:
			t.Fatalf("timed out waiting for %s", what)
		}
	}
}

// Drag moves the pointer from one point to another in three events, as a
// person's drag does (DragEnd is left to the test).
func Drag(b fyne.Draggable, from, to fyne.Position) {
	mid := fyne.NewPos((from.X+to.X)/2, (from.Y+to.Y)/2)
	b.Dragged(&fyne.DragEvent{PointEvent: fyne.PointEvent{Position: from.Add(fyne.NewDelta(2, 2))}, Dragged: fyne.NewDelta(2, 2)})
	b.Dragged(&fyne.DragEvent{PointEvent: fyne.PointEvent{Position: mid}, Dragged: fyne.NewDelta(mid.X-from.X-2, mid.Y-from.Y-2)})
	b.Dragged(&fyne.DragEvent{PointEvent: fyne.PointEvent{Position: to}, Dragged: fyne.NewDelta(to.X-mid.X, to.Y-mid.Y)})
}
