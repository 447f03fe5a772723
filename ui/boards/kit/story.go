package kit

import "github.com/tabulagames/tabula/ui/frame"

// Story is the one driver of a board's animated stories (alcazar's
// movement phase, a knights turn, an arena action). It keeps what every
// such board needs alike: the last frame given and the position drawn,
// the frame held back while a story plays, the release at the story's end
// (draw what was held, then tell the host the board has settled), and
// Animating for the screen, which holds the result back meanwhile.
//
// What is the board's own stays in its Scenes: how it draws a frame, how
// its story plays and what ends it.
type Story struct {
	host   Host
	scenes Scenes
	last   *frame.Frame
	view   int
	held   bool
}

// Scenes are a board's own parts of its stories, which its Story calls.
type Scenes struct {
	// Hold makes a step forward that arrives while a story plays (a
	// quick bot) wait for the story's end: then it is drawn, its own
	// story told if it is the next step, or at once if several came.
	// Without Hold every frame is drawn at once and stories may overlap
	// (arena's blasts burn on while the next action plays).
	Hold bool
	// Playing reports whether a story plays now.
	Playing func() bool
	// Draw draws f at once, and when animate starts the story of the
	// step that led to it. from is the View drawn before (-1 before the
	// first frame): the same View is a redraw (a bot starts thinking).
	// With Hold, Draw stops a story that plays first; it is not called
	// while one plays and f shows the same position (Redraw is).
	Draw func(f *frame.Frame, from int, animate bool)
	// Redraw (with Hold) draws f, the position drawn, again while its
	// story goes on.
	Redraw func(f *frame.Frame)
	// Finish (with Hold) stops the story that plays and draws the
	// position it ends on.
	Finish func()
}

// NewStory is the driver of a board's stories; nothing is drawn yet.
func NewStory(h Host, s Scenes) *Story {
	return &Story{host: h, scenes: s, view: -1}
}

// Draw draws a frame (kit.Board's Draw). With Hold, while a story plays,
// the same position again leaves it playing (Redraw), a step forward
// waits for its end, and anything else (undo, a jump in the move list)
// stops it and draws the frame at once.
func (s *Story) Draw(f *frame.Frame, animate bool) {
	if s.scenes.Hold && s.scenes.Playing() {
		switch {
		case f.View == s.view:
			s.last = f
			s.scenes.Redraw(f)
			return
		case animate && !f.Viewing && f.View > s.view:
			s.last, s.held = f, true
			return
		}
	}
	s.draw(f, animate)
}

// draw draws f now; what was held is dropped.
func (s *Story) draw(f *frame.Frame, animate bool) {
	from := s.view
	s.last, s.view, s.held = f, f.View, false
	s.scenes.Draw(f, from, animate)
}

// End ends the story that plays now, as if it had played to its end:
// the board's own clock at the end, a Skip button or key. Nothing
// happens when none plays.
func (s *Story) End() {
	if !s.scenes.Playing() {
		return
	}
	s.scenes.Finish()
	s.Ended()
}

// Ended is told by the board when a story has ended and its end is
// drawn: a frame held meanwhile is drawn now (its own story told when it
// is the next step), and once no story plays the host hears Settled, so
// the screen may show what it held back.
func (s *Story) Ended() {
	if s.held {
		f := s.last
		s.draw(f, !f.Viewing && f.View == s.view+1)
	}
	if !s.scenes.Playing() {
		s.host.Settled()
	}
}

// Animating reports that a story plays (kit.Animator).
func (s *Story) Animating() bool { return s.scenes.Playing() }

// Last is the last frame given to Draw: the one drawn, or, while a story
// plays, a later one held for its end. Nil before the first.
func (s *Story) Last() *frame.Frame { return s.last }

// View is the position drawn (Frame.View), -1 before the first frame.
func (s *Story) View() int { return s.view }

// Held reports whether a later frame waits for the story's end.
func (s *Story) Held() bool { return s.held }
