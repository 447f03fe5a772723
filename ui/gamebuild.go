package ui

import (
	"fmt"
	"strings"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/layout"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"

	"github.com/tabulagames/tabula/ui/boards/kit"
)

// build makes the screen's parts and lays them out: the toolbar over the
// board, the board's controls and the message line under it, and the
// panel beside the board on a desktop, under it on a phone.
func (gs *gameScreen) build() {
	gs.status = widget.NewLabelWithStyle("", fyne.TextAlignLeading, fyne.TextStyle{Bold: true})
	gs.status.Wrapping = fyne.TextWrapWord
	gs.resultBanner = gs.newResultBanner()
	gs.toast = newToast(gs.u.mobile)
	seats := gs.buildSeats()
	moves := gs.buildMoveList()
	gs.pause = widget.NewButtonWithIcon("Pause", theme.MediaPauseIcon(), gs.togglePause)
	if gs.session.HasHuman() {
		gs.pause.Hide()
	}
	gs.scoreLine = gs.newScoreLine()
	gs.buildEndings()
	info := gs.infoPanel(seats)
	under := container.NewVBox()
	if bc, ok := gs.board.(kit.BoardControls); ok {
		under.Add(bc.Controls())
	}
	board := gs.boardView()
	if gs.u.mobile {
		gs.content = gs.phoneScreen(board, under, info, moves)
		return
	}
	gs.content = gs.desktopScreen(board, under, info, moves)
}

// infoPanel is the panel over the move list: the game, its seats, the
// status and the result, the score and the house rules.
func (gs *gameScreen) infoPanel(seats fyne.CanvasObject) fyne.CanvasObject {
	return container.NewVBox(
		heading(gs.session.Game.Name()), seats, widget.NewSeparator(),
		gs.status, gs.result, gs.over, gs.pause, gs.endRow, gs.scoreRow, widget.NewSeparator(),
		gs.houseRules(), widget.NewSeparator(),
		heading("Moves"),
	)
}

// heading is a title in the panel.
func heading(t string) *widget.Label {
	return widget.NewLabelWithStyle(t, fyne.TextAlignLeading, fyne.TextStyle{Bold: true})
}

// houseRules lists the house rules in effect. On a desktop they fold
// under a line that says whether any was changed ("House rules: 2
// changed"), which opens on a click: a game of seven rules took the side
// panel's room for the moves. A phone's panel scrolls under the board,
// and shows them open.
func (gs *gameScreen) houseRules() fyne.CanvasObject {
	text := widget.NewLabel(gs.rulesText())
	text.Wrapping = fyne.TextWrapWord
	text.Importance = widget.LowImportance
	specs := gs.session.Game.RuleSpecs()
	switch {
	case gs.u.mobile:
		return container.NewVBox(heading("House rules"), text)
	case len(specs) == 0:
		return heading("House rules: none") // nothing to open
	}
	changed := 0
	for _, sp := range specs {
		if gs.session.Rules[sp.Key] != sp.Default {
			changed++
		}
	}
	summary := "House rules: standard"
	if changed > 0 {
		summary = fmt.Sprintf("House rules: %d changed", changed)
	}
	return widget.NewAccordion(widget.NewAccordionItem(summary, text))
}

// boardView is the board with what lies over it: the squares' names for
// screen readers, the board's own overlay, and the hand-over cover.
func (gs *gameScreen) boardView() fyne.CanvasObject {
	var view fyne.CanvasObject = gs.board
	if sb, ok := gs.board.(kit.SpokenBoard); ok {
		gs.spoken = kit.NewSpokenLayer(sb.SpokenSquares)
		view = container.NewStack(gs.board, gs.spoken)
	}
	if bo, ok := gs.board.(kit.BoardOverlay); ok {
		view = container.NewStack(view, bo.Overlay())
	}
	return container.NewStack(view, gs.handOverCover())
}

// phoneScreen stacks the board, its controls and the panel, which
// scrolls; the move list keeps a few rows of its own.
func (gs *gameScreen) phoneScreen(board, under, info, moves fyne.CanvasObject) fyne.CanvasObject {
	inner := container.NewVBox(info, container.New(&sizedLayout{h: 220}, moves))
	// The panel keeps clear of the scroll bar on its right, so "to move"
	// and the names are never under it.
	right := theme.ScrollBarSize() + theme.Padding()
	panel := container.NewVScroll(container.New(layout.NewCustomPaddedLayout(0, 0, 0, right), inner))
	keep := portraitPanel
	if _, ok := gs.board.(kit.TurnUnder); ok {
		keep = portraitSeat
	}
	return container.NewBorder(gs.toolbar(), nil, nil, nil,
		container.New(&portraitLayout{heightFor: gs.boardHeightFor, panel: keep}, board, under, panel, gs.toast))
}

// desktopScreen puts the panel, of a fixed width, beside the board, and
// the message line under the board's controls.
func (gs *gameScreen) desktopScreen(board fyne.CanvasObject, under *fyne.Container, info, moves fyne.CanvasObject) fyne.CanvasObject {
	under.Add(gs.toast)
	// The board draws at any size, so on a desktop it asks for little: a
	// window of 800 x 600 holds every game, and the board takes whatever
	// the controls under it and the panel leave.
	board = container.New(&sizedLayout{w: minDesktopBoard, h: minDesktopBoard}, board)
	boardArea := container.NewBorder(nil, under, nil, nil, board)
	// The information and the list scroll as one, when the window is too
	// short for them (panelLayout). The information keeps clear of the
	// scroll bar, which shows over the panel's right edge ("winner" ran
	// under it).
	clear := layout.NewCustomPaddedLayout(0, 0, 0, theme.ScrollBarSize())
	stack := &panelLayout{list: gs.moves}
	panel := container.NewVScroll(container.New(stack, container.New(clear, info), moves))
	stack.scroll = panel
	side := container.New(&sizedLayout{w: sidePanelWidth}, container.NewPadded(panel))
	return container.NewBorder(gs.toolbar(), nil, nil, side, container.NewPadded(boardArea))
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
