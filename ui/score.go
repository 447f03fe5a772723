package ui

import (
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
				delete(gs.u.tally, tallyKey(gs.session))
				gs.refresh()
			}
		})
	})
	l.resetScore.Importance = widget.LowImportance
	l.scoreRow = container.NewBorder(nil, nil, nil, container.NewCenter(l.resetScore), l.score)
	return l
}

func (gs *gameScreen) refreshScore() {
	// While the board still shows how the game ended (alcazar's last
	// phase, a knights turn), the score keeps its count from before the
	// game: counted at once, it would tell the result first.
	if gs.holdingBack() && gs.session.Live().Outcome().Over() {
		return
	}
	gs.score.SetText(gs.scoreText())
	showIf(gs.scoreRow, gs.score.Text != "")
}

// scoreText is this run's score of the game's line-up ("" before its
// first game ends).
func (gs *gameScreen) scoreText() string {
	if t := gs.u.tallyOf(gs.session, false); t != nil {
		return t.text()
	}
	return ""
}
