package ui

import (
	"fmt"

	"fyne.io/fyne/v2/theme"

	"github.com/tabulagames/tabula/games"
	"github.com/tabulagames/tabula/internal/words"
	"github.com/tabulagames/tabula/ui/boards/kit"
	"github.com/tabulagames/tabula/ui/frame"
)

// frame is the frame drawn last, for the board's words.
func (gs *gameScreen) frame() *frame.Frame {
	if gs.drawn == nil {
		gs.drawn = gs.session.Frame()
	}
	return gs.drawn
}

// refresh copies the session into every part of the screen; called
// after each change.
func (gs *gameScreen) refresh() {
	view := gs.session.ViewIndex()
	gs.maskSeat = gs.movesShownFor()
	gs.draw()
	gs.showHandOver()
	out := gs.shownOutcome()
	gs.refreshSeats(out)
	gs.status.SetText(gs.statusText())
	showIf(gs.status, !gs.toldInHeadline(out))
	gs.refreshResult(out)
	gs.refreshPause(out)
	gs.refreshScore()
	gs.refreshButtons()
	gs.refreshEndings()
	gs.refreshMoves(view)
}

// draw gives the board the session's frame, and tells screen readers.
func (gs *gameScreen) draw() {
	prev := gs.drawn
	gs.drawn = gs.session.Frame()
	// Words said from one person's view of a secret turn (knights under
	// fog: the jumps they saw) leave with that view, before the board
	// tells the next one: the hand-over cover and the turn shown to
	// everyone must not carry them, on screen or read aloud.
	if prev != nil && prev.Simultaneous && prev.DeviceSeat >= 0 && prev.DeviceSeat != gs.drawn.DeviceSeat {
		gs.toast.clear()
		gs.lastSaid = ""
	}
	gs.board.Draw(gs.drawn, gs.forward.Next(gs.drawn))
	if gs.spoken != nil {
		gs.spoken.Update()
	}
}

// shownOutcome is the result the panel shows: none until the board has
// shown how the game ended.
func (gs *gameScreen) shownOutcome() games.Outcome {
	if gs.session.Ending() != nil {
		return gs.session.Outcome() // given up or agreed: nothing to show first
	}
	if gs.holdingBack() {
		return games.Outcome{} // the board is still showing how it ended
	}
	return gs.session.Live().Outcome()
}

// toldInHeadline reports whether the result's headline says all the
// status line would: a board's own words for how the game ended ("Ana
// wins: three in a row on the a3-c1 diagonal"), under which "Game over."
// took a line the side panel needs for the moves at 800 x 600.
func (gs *gameScreen) toldInHeadline(out games.Outcome) bool {
	_, told := gs.board.(kit.Teller)
	told = told || gs.session.Ending() != nil // the headline says who resigned
	return told && out.Over() && !gs.session.Viewing()
}

// refreshPause offers Pause or Play in a game of computers only, until
// it is over.
func (gs *gameScreen) refreshPause(out games.Outcome) {
	s := gs.session
	if s.HasHuman() {
		return
	}
	gs.pause.Show()
	if s.Paused {
		gs.pause.SetText("Play")
		gs.pause.SetIcon(theme.MediaPlayIcon())
	} else {
		gs.pause.SetText("Pause")
		gs.pause.SetIcon(theme.MediaPauseIcon())
	}
	if out.Over() {
		gs.pause.Hide()
	}
}

// statusText is the status line: whose move it is, or what the game
// waits for, or how it ended.
func (gs *gameScreen) statusText() string {
	s := gs.session
	live := s.Live()
	if s.Viewing() {
		return fmt.Sprintf("Looking at move %d of %d. Press Escape or the button under the moves to go back.", s.ViewIndex(), s.Plies())
	}
	if e := s.Ending(); e != nil {
		return endingText(e, gs.people())
	}
	if gs.holdingBack() && live.Outcome().Over() {
		return "Watch the pieces move..."
	}
	if out := live.Outcome(); out.Over() {
		if _, told := gs.board.(kit.Teller); told {
			return "Game over." // a board that tells the result says why in its headline
		}
		if wt, ok := gs.board.(kit.WhyTeller); ok {
			out.Reason = wt.WhyText(gs.frame(), out)
		}
		return resultLine(gs.people(), out)
	}
	if s.ShowingTurn() {
		return "Everyone sees what the turn did. Press Continue to go on."
	}
	if th := s.Thinking(); len(th) > 0 && s.HumanToMove() < 0 {
		seat := s.Seats[th[0]]
		return fmt.Sprintf("%s (%s) is thinking...", seat.Name, seat.Bot)
	}
	if s.HintThinking() {
		return "Looking for a good move..."
	}
	if s.Paused && !s.HasHuman() {
		return "Paused. Press Play to let the computers go on."
	}
	movers := live.ToMove()
	if s.Simultaneous() {
		movers = s.Pending() // who has picked shows; what, never
	}
	var names []string
	for _, seat := range movers {
		names = append(names, s.Seats[seat].Name)
	}
	return joinAnd(names) + " to move"
}

// joinAnd lists names as people write them (words.JoinAnd).
func joinAnd(names []string) string { return words.JoinAnd(names) }
