package ui

import (
	"fmt"
	"strings"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"

	"github.com/tabulagames/tabula/games"
	"github.com/tabulagames/tabula/ui/boards/kit"
)

// moveList is the side panel's list of the moves so far; a tap on one
// shows the board as it was after it.
type moveList struct {
	moves     *widget.List
	live      *widget.Button // Back to the game, while an earlier move is shown
	selecting bool           // the list is being updated from the session, not by the player
	maskSeat  int            // whose entries the list shows under fog: -2 all, -1 none
	// rowHeights are the heights set for wrapped rows at rowWidth.
	rowHeights map[int]float32
	rowWidth   float32
}

// buildMoveList makes the list, with Back to the game under it.
func (gs *gameScreen) buildMoveList() fyne.CanvasObject {
	gs.moves = widget.NewList(
		func() int { return gs.rows() },
		func() fyne.CanvasObject { return newMoveRow() },
		func(id widget.ListItemID, o fyne.CanvasObject) { gs.showMove(id, o.(*fyne.Container)) },
	)
	gs.moves.OnSelected = func(id widget.ListItemID) {
		if !gs.selecting {
			gs.session.SetView(min(id+1, gs.session.Plies())) // the ending's row shows the end
			// A focused list would keep Escape and the board's keys.
			gs.u.win.Canvas().Unfocus()
		}
	}
	gs.live = widget.NewButtonWithIcon("Back to the game", theme.MediaFastForwardIcon(), func() { gs.session.SetView(gs.session.Plies()) })
	return container.NewBorder(nil, gs.live, nil, nil, container.New(&followLayout{gs}, gs.moves))
}

// rows is the number of rows of the list: one a token, and one more
// that says how the game ended when a person resigned or a draw was
// agreed.
func (gs *gameScreen) rows() int {
	if gs.session.Ending() != nil {
		return gs.session.Plies() + 1
	}
	return gs.session.Plies()
}

// refreshMoves redraws the rows and selects the move shown (view, in
// tokens played), none when it is the start.
func (gs *gameScreen) refreshMoves(view int) {
	gs.moves.Refresh()
	gs.selecting = true
	if view > 0 {
		gs.moves.Select(view - 1)
		gs.moves.ScrollTo(view - 1)
		if gs.session.Ending() != nil && !gs.session.Viewing() {
			gs.moves.ScrollToBottom() // the ending's row
		}
	} else {
		gs.moves.UnselectAll()
	}
	gs.selecting = false
	showIf(gs.live, gs.session.Viewing())
}

// moveText is one line of the move list: the board's own words for it
// ("7. Ana takes b4 from Bo"), numbered by token or by the board's turns,
// or else the notation ("1. X  c5,d4").
func (gs *gameScreen) moveText(i int) string {
	s := gs.session
	if i >= s.Plies() {
		if e := s.Ending(); e != nil && i == s.Plies() {
			return endingText(e, gs.people())
		}
		return ""
	}
	if jt, ok := gs.board.(kit.JointTeller); ok {
		return fmt.Sprintf("%d. %s", i+1, jt.JointMoveText(gs.frame(), i, gs.maskSeat))
	}
	if t, ok := gs.board.(kit.Teller); ok {
		n := i + 1
		if tn, ok := gs.board.(kit.TurnNumberer); ok {
			n = tn.MoveNumber(gs.frame(), i)
		}
		return fmt.Sprintf("%d. %s", n, t.MoveText(gs.frame(), i))
	}
	movers := s.State(i).ToMove()
	who := ""
	if len(movers) == 1 {
		who = gs.seatSymbol(movers[0]) + "  "
	}
	return fmt.Sprintf("%d. %s%s", i+1, who, gs.maskedToken(s.Tokens()[i]))
}

// movesShownFor is whose entries of the joint turns the move list shows:
// -2 everyone's; while the game hides part of the board from the people
// at the device (knights' fog), only the device seat's own (-1: nobody's,
// between two people's secret picks).
func (gs *gameScreen) movesShownFor() int {
	s := gs.session
	live := s.Live()
	if !s.Game.Kind().Hidden || s.Outcome().Over() || !s.HasHuman() {
		return -2
	}
	seat := s.DeviceSeat()
	if _, waiting := s.HandOver(); waiting {
		seat = -1
	}
	for i := 0; i < live.Seats(); i++ {
		if (seat < 0 || i == seat) && games.Hides(s.Game, live, i) {
			return seat // that view hides something: so does the list
		}
	}
	return -2
}

// maskedToken is a turn token as the move list shows it: under fog, the
// other seats' entries of a joint token are "?" ("c5,?,-": who is out is
// public).
func (gs *gameScreen) maskedToken(tok string) string {
	if gs.maskSeat == -2 || !gs.session.Simultaneous() {
		return tok
	}
	parts := strings.Split(tok, ",")
	for seat, p := range parts {
		if seat != gs.maskSeat && p != "-" {
			parts[seat] = "?"
		}
	}
	return strings.Join(parts, ",")
}
