package ui

import (
	"strings"

	"github.com/tabulagames/tabula/games"
	"github.com/tabulagames/tabula/ui/boards/kit"
)

// resultLine says how a game ended, naming people: "Ben wins: Ana was
// caught in a blast." The games call the loser of a two-seat game "the
// other player" (they know no names); the screen puts the name in.
func resultLine(seats []games.SeatInfo, out games.Outcome) string {
	line := "Draw"
	if out.Status == games.Win {
		var names []string
		for _, w := range out.Winners {
			names = append(names, seats[w].Name)
		}
		line = joinAnd(names) + " wins"
		if len(names) > 1 || names[0] == "You" {
			line = joinAnd(names) + " win" // "Ana and Ben win", "You win"
		}
	}
	reason := out.Reason
	if out.Status == games.Win && len(out.Winners) == 1 && len(seats) == 2 {
		reason = strings.ReplaceAll(reason, "the other player", seats[1-out.Winners[0]].Name)
	}
	if reason == "" {
		return line + "."
	}
	return line + ": " + reason + "."
}

// winnerText is the result banner: who won, or a draw, in the board's
// own words when it has them.
func (gs *gameScreen) winnerText(out games.Outcome) string {
	if t, ok := gs.board.(kit.Teller); ok {
		return t.ResultText(gs.frame(), out)
	}
	if out.Status == games.Draw {
		return "Draw"
	}
	var names []string
	for _, w := range out.Winners {
		names = append(names, gs.session.Seats[w].Name)
	}
	if len(names) == 1 && names[0] == "You" {
		return "You win!"
	}
	if len(names) > 1 {
		return joinAnd(names) + " win!"
	}
	return strings.Join(names, "") + " wins!"
}
