package ui

import (
	"fmt"
	"strings"

	"github.com/tabulagames/tabula/games"
	"github.com/tabulagames/tabula/ui/boards/kit"
)

// moveText is one line of the move list: the board's own words for it
// ("7. Ana takes b4 from Bo"), numbered by token or by the board's turns,
// or else the notation ("1. X  c5,d4").
func (gs *gameScreen) moveText(i int) string {
	s := gs.session
	if i >= s.Plies() {
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
	if _, ok := live.(games.Viewer); !ok || live.Outcome().Over() || !s.HasHuman() {
		return -2
	}
	seat := s.DeviceSeat()
	if _, waiting := s.HandOver(); waiting {
		seat = -1
	}
	for i := 0; i < live.Seats(); i++ {
		if (seat < 0 || i == seat) && games.ViewOf(live, i).Hash() != live.Hash() {
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
