package ui

import (
	"fmt"
	"strings"

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

// refresh copies the session into every widget; called after each change.
func (gs *gameScreen) refresh() {
	s := gs.session
	view := s.ViewIndex()
	gs.maskSeat = gs.movesShownFor()
	gs.drawn = s.Frame()
	gs.board.Draw(gs.drawn, gs.forward.Next(gs.drawn))
	if gs.spoken != nil {
		gs.spoken.Update()
	}
	gs.showHandOver()

	live := s.Live()
	out := live.Outcome()
	if gs.holdingBack() {
		out = games.Outcome{} // the board is still showing how it ended
	}
	thinking := map[int]bool{}
	for _, seat := range s.Thinking() {
		thinking[seat] = true
	}
	toMove := map[int]bool{}
	for _, seat := range live.ToMove() {
		toMove[seat] = true
	}
	picking := map[int]bool{} // in a simultaneous turn: not picked yet
	for _, seat := range s.Pending() {
		picking[seat] = true
	}
	panel, _ := gs.board.(kit.SeatPanel)
	for i, row := range gs.seatRows {
		row.name.SetText(seatLabel(s.Seats[i])) // a pie-rule swap moves people
		if panel != nil {
			row.note.SetText(panel.SeatNote(i))
		}
		if row.note.Text == "" {
			row.note.Hide() // on a phone it would leave a blank line under the name
		} else {
			row.note.Show()
		}
		// Inks are read at each refresh: a theme that changes (a phone's
		// arrives after start) must not leave them in the old one's shade.
		row.turn.Color, row.symbol.Color = kit.SeatInk(i), kit.SeatInk(i)
		row.symbol.Refresh()
		row.turn.Text = ""
		switch {
		case thinking[i]:
		case toMove[i] && s.Simultaneous() && !picking[i]:
			row.turn.Text = "picked" // never what: that stays secret
		case toMove[i]:
			row.turn.Text = "to move"
		}
		if out.Over() && contains(out.Winners, i) {
			row.turn.Text = "winner"
		}
		row.turn.Refresh()
		if thinking[i] {
			row.activity.Show()
			row.activity.Start()
		} else {
			row.activity.Stop()
			row.activity.Hide()
		}
	}
	gs.status.SetText(gs.statusText())
	if out.Over() {
		// One winner's headline is in that seat's colour (UX.md); a
		// draw's, or several winners', in the theme's own.
		delete(gs.winnerColour.Colors, theme.ColorNamePrimary)
		if len(out.Winners) == 1 {
			gs.winnerColour.Colors[theme.ColorNamePrimary] = kit.SeatInk(out.Winners[0])
		}
		gs.result.SetText(gs.winnerText(out))
		gs.result.Show()
		gs.headline.Show()
		gs.over.Show()
	} else {
		gs.result.Hide()
		gs.headline.Hide()
		gs.over.Hide()
	}
	if !s.HasHuman() {
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
	gs.score.SetText(gs.scoreText())
	if gs.score.Text == "" {
		gs.scoreRow.Hide()
	} else {
		gs.scoreRow.Show()
	}
	// An Undo the session refuses stays pressable, so that pressing it says
	// why: a disabled button cannot, and a tooltip does not show on a phone.
	setEnabled(gs.undoBtn, s.CanUndo() || s.WhyNoUndo() != nil)
	setEnabled(gs.redoBtn, s.CanRedo())
	_, handingOver := s.HandOver() // a hint now would show in front of everyone
	setEnabled(gs.hintBtn, s.HumanToMove() >= 0 && !s.HintThinking() && !handingOver)

	gs.moves.Refresh()
	gs.selecting = true
	if view > 0 {
		gs.moves.Select(view - 1)
		gs.moves.ScrollTo(view - 1)
	} else {
		gs.moves.UnselectAll()
	}
	gs.selecting = false
	if s.Viewing() {
		gs.live.Show()
	} else {
		gs.live.Hide()
	}
}

func (gs *gameScreen) statusText() string {
	s := gs.session
	live := s.Live()
	if s.Viewing() {
		return fmt.Sprintf("Looking at move %d of %d. Press Escape or the button under the moves to go back.", s.ViewIndex(), s.Plies())
	}
	if gs.holdingBack() && live.Outcome().Over() {
		return "Watch the pieces move..."
	}
	if out := live.Outcome(); out.Over() {
		if _, told := gs.board.(kit.Teller); told {
			return "Game over." // a board that tells the result says why in its headline
		}
		return resultLine(s.Seats, out)
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

// scoreText is this run's scoreboard for the game.
func (gs *gameScreen) scoreText() string {
	t := gs.u.tally[gs.session.Game.ID()]
	if t == nil {
		return ""
	}
	var parts []string
	for i, w := range t.Wins {
		if i < len(gs.session.Seats) {
			parts = append(parts, fmt.Sprintf("%s %d", gs.seatSymbol(i), w))
		}
	}
	return fmt.Sprintf("This session: %s, draws %d", strings.Join(parts, ", "), t.Draws)
}
