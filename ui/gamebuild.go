package ui

import (
	"fmt"
	"image/color"
	"strings"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/canvas"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/layout"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"

	"github.com/tabulagames/tabula/ui/boards/kit"
)

func (gs *gameScreen) build() {
	s := gs.session
	gs.status = widget.NewLabelWithStyle("", fyne.TextAlignLeading, fyne.TextStyle{Bold: true})
	gs.status.Wrapping = fyne.TextWrapWord
	gs.result = widget.NewLabelWithStyle("", fyne.TextAlignCenter, fyne.TextStyle{Bold: true})
	gs.result.Importance = widget.HighImportance
	gs.result.SizeName = theme.SizeNameSubHeadingText
	gs.result.Wrapping = fyne.TextWrapWord
	gs.winnerColour = &kit.ThemeWith{Colors: map[fyne.ThemeColorName]color.Color{}}
	gs.headline = container.NewThemeOverride(gs.result, gs.winnerColour)
	gs.again = widget.NewButtonWithIcon("Play again", theme.MediaReplayIcon(), gs.playAgain)
	gs.again.Importance = widget.HighImportance
	gs.newGame = widget.NewButtonWithIcon("New game", theme.DocumentCreateIcon(), func() { gs.u.NewGameDialog(s.Game.ID()) })
	gs.over = container.NewGridWithColumns(2, gs.again, gs.newGame)
	gs.toast = newToast(gs.u.mobile)

	seats := container.NewVBox()
	for i, seat := range s.Seats {
		row := &seatRow{name: widget.NewLabel(seatLabel(seat)), note: widget.NewLabel(""), turn: canvas.NewText("", kit.SeatInk(i)), activity: widget.NewActivity()}
		row.turn.TextStyle.Bold = true
		row.note.Importance = widget.LowImportance
		// A long name ("Computer 2 (aggressor)") is cut short with an
		// ellipsis: it must not widen the panel past the window's edge.
		row.name.Truncation = fyne.TextTruncateEllipsis
		sym := canvas.NewText(" "+gs.seatSymbol(i)+" ", kit.SeatInk(i))
		row.symbol = sym
		sym.TextStyle.Bold = true
		sym.TextSize = theme.TextSize() * 1.4
		row.activity.Hide()
		gs.seatRows = append(gs.seatRows, row)
		// The name takes the room the note leaves.
		who := fyne.CanvasObject(container.NewBorder(nil, nil, nil, row.note, row.name))
		if gs.u.mobile { // nothing scrolls sideways: the board's note goes under the name
			row.note.SizeName = theme.SizeNameCaptionText
			who = container.NewVBox(row.name, row.note)
		}
		seats.Add(container.NewBorder(nil, nil, container.NewCenter(sym), container.NewHBox(container.NewCenter(row.turn), row.activity), who))
	}

	gs.moves = widget.NewList(
		func() int { return gs.session.Plies() },
		func() fyne.CanvasObject { return newMoveRow() },
		func(id widget.ListItemID, o fyne.CanvasObject) { gs.showMove(id, o.(*fyne.Container)) },
	)
	gs.moves.OnSelected = func(id widget.ListItemID) {
		if !gs.selecting {
			gs.session.SetView(id + 1)
			// A focused list would keep Escape and the board's keys.
			gs.u.win.Canvas().Unfocus()
		}
	}
	gs.live = widget.NewButtonWithIcon("Back to the game", theme.MediaFastForwardIcon(), func() { gs.session.SetView(gs.session.Plies()) })
	gs.pause = widget.NewButtonWithIcon("Pause", theme.MediaPauseIcon(), gs.togglePause)
	if s.HasHuman() {
		gs.pause.Hide()
	}
	gs.score = widget.NewLabel("")
	gs.score.Importance = widget.LowImportance
	gs.score.Wrapping = fyne.TextWrapWord // four seats' tallies do not fit one line
	gs.resetScore = widget.NewButton("Reset score", func() {
		gs.u.confirm("Reset score", "Set this session's score back to zero?", func(ok bool) {
			if ok {
				delete(gs.u.tally, gs.session.Game.ID())
				gs.refresh()
			}
		})
	})
	gs.resetScore.Importance = widget.LowImportance
	// The score takes the width the button leaves and wraps: with three or
	// four seats it is longer than a phone is wide.
	gs.score.Wrapping = fyne.TextWrapWord
	gs.scoreRow = container.NewBorder(nil, nil, nil, container.NewCenter(gs.resetScore), gs.score)

	rulesText := widget.NewLabel(gs.rulesText())
	rulesText.Wrapping = fyne.TextWrapWord
	rulesText.Importance = widget.LowImportance

	heading := func(t string) fyne.CanvasObject {
		return widget.NewLabelWithStyle(t, fyne.TextAlignLeading, fyne.TextStyle{Bold: true})
	}
	info := container.NewVBox(
		heading(s.Game.Name()), seats, widget.NewSeparator(),
		gs.status, gs.headline, gs.over, gs.pause, gs.scoreRow, widget.NewSeparator(),
		heading("House rules"), rulesText, widget.NewSeparator(),
		heading("Moves"),
	)
	movesArea := container.NewBorder(nil, gs.live, nil, nil, container.New(&followLayout{gs}, gs.moves))
	under := container.NewVBox()
	if bc, ok := gs.board.(kit.BoardControls); ok {
		under.Add(bc.Controls())
	}

	var boardView fyne.CanvasObject = gs.board
	if sb, ok := gs.board.(kit.SpokenBoard); ok {
		gs.spoken = kit.NewSpokenLayer(sb.SpokenSquares)
		boardView = container.NewStack(gs.board, gs.spoken)
	}
	if bo, ok := gs.board.(kit.BoardOverlay); ok {
		boardView = container.NewStack(boardView, bo.Overlay())
	}
	boardView = container.NewStack(boardView, gs.handOverCover())

	toolbar := gs.toolbar()
	if gs.u.mobile {
		// A phone scrolls the panel under the board; the move list keeps
		// a few rows of its own.
		// The panel keeps clear of the scroll bar on its right, so "to
		// move" and the names are never under it.
		inner := container.NewVBox(info, container.New(&sizedLayout{h: 220}, movesArea))
		right := theme.ScrollBarSize() + theme.Padding()
		panel := container.NewVScroll(container.New(layout.NewCustomPaddedLayout(0, 0, 0, right), inner))
		gs.content = container.NewBorder(toolbar, nil, nil, nil,
			container.New(&portraitLayout{heightFor: gs.boardHeightFor}, boardView, under, panel, gs.toast))
		return
	}
	under.Add(gs.toast)
	// The board draws at any size, so on a desktop it asks for little: a
	// window of 800 x 600 holds every game, and the board takes whatever
	// the controls under it and the panel leave.
	boardView = container.New(&sizedLayout{w: minDesktopBoard, h: minDesktopBoard}, boardView)
	boardArea := container.NewBorder(nil, under, nil, nil, boardView)
	// The information keeps clear of its scroll bar, which shows over its
	// right edge when the window is short ("winner" ran under it).
	clear := layout.NewCustomPaddedLayout(0, 0, 0, theme.ScrollBarSize())
	panel := container.New(&panelLayout{}, container.NewVScroll(container.New(clear, info)), movesArea)
	side := container.New(&sizedLayout{w: sidePanelWidth}, container.NewPadded(panel))
	gs.content = container.NewBorder(toolbar, nil, nil, side, container.NewPadded(boardArea))
}

// rulesText lists the house rules in effect.
func (gs *gameScreen) rulesText() string {
	specs := gs.session.Game.RuleSpecs()
	if len(specs) == 0 {
		return "None: the standard game."
	}
	var lines []string
	for _, sp := range specs {
		v := gs.session.Rules[sp.Key]
		mark := ""
		if v != sp.Default {
			mark = " (changed)"
		}
		lines = append(lines, fmt.Sprintf("%s: %s%s", sp.Label, ruleText(sp, v), mark))
	}
	return strings.Join(lines, "\n")
}
