package ui

import (
	"fmt"
	"strings"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/widget"
)

// scoreLine is this run's score for the game, with a button that sets it
// back to zero; it shows once a game has been counted.
type scoreLine struct {
	score      *widget.Label
	resetScore *widget.Button
	scoreRow   *fyne.Container
}

func (gs *gameScreen) newScoreLine() scoreLine {
	l := scoreLine{score: widget.NewLabel("")}
	l.score.Importance = widget.LowImportance
	// The score takes the width the button leaves and wraps: with three or
	// four seats it is longer than a phone is wide.
	l.score.Wrapping = fyne.TextWrapWord
	l.resetScore = widget.NewButton("Reset score", func() {
		gs.u.confirm("Reset score", "Set this session's score back to zero?", func(ok bool) {
			if ok {
				delete(gs.u.tally, gs.session.Game.ID())
				gs.refresh()
			}
		})
	})
	l.resetScore.Importance = widget.LowImportance
	l.scoreRow = container.NewBorder(nil, nil, nil, container.NewCenter(l.resetScore), l.score)
	return l
}

func (gs *gameScreen) refreshScore() {
	gs.score.SetText(gs.scoreText())
	showIf(gs.scoreRow, gs.score.Text != "")
}

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
