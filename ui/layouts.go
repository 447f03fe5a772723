package ui

import (
	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/theme"

	"github.com/tabulagames/tabula/ui/boards/kit"
)

// sidePanelWidth is the fixed width of the desktop side panel.
const sidePanelWidth float32 = 330

// sizedLayout stretches its content and fixes its minimum width or
// height (0 = the content's own): the desktop side panel has a fixed
// width, a list inside a phone's scrolling panel keeps a few rows.
type sizedLayout struct{ w, h float32 }

func (l *sizedLayout) MinSize(objs []fyne.CanvasObject) fyne.Size {
	var size fyne.Size
	for _, o := range objs {
		size = size.Max(o.MinSize())
	}
	if l.w > 0 {
		size.Width = l.w
	}
	if l.h > 0 {
		size.Height = l.h
	}
	return size
}

func (l *sizedLayout) Layout(objs []fyne.CanvasObject, size fyne.Size) {
	for _, o := range objs {
		o.Move(fyne.NewPos(0, 0))
		o.Resize(size)
	}
}

// minDesktopBoard is the least side a desktop board asks for.
const minDesktopBoard = 240

// panelLayout stacks the side panel's information (a scroll) over the
// move list: the information takes the height it needs while the list
// keeps room for a few rows, and scrolls when the window is too short for
// both (a finished game with four seats' scores and long house rules at
// 800 x 600), so the panel never makes the window taller.
type panelLayout struct{}

// panelListRows is the least height the move list keeps, in rows.
const panelListRows = 3

func (panelLayout) listMin(objs []fyne.CanvasObject) float32 {
	return objs[1].MinSize().Height + (panelListRows-1)*theme.TextSize()*1.5
}

func (l panelLayout) MinSize(objs []fyne.CanvasObject) fyne.Size {
	info := objs[0].(*container.Scroll).Content.MinSize()
	return fyne.NewSize(max(info.Width, objs[1].MinSize().Width), l.listMin(objs)+theme.Padding()+theme.TextSize()*3)
}

func (l panelLayout) Layout(objs []fyne.CanvasObject, size fyne.Size) {
	info := objs[0].(*container.Scroll).Content.MinSize()
	infoH := max(0, min(info.Height, size.Height-l.listMin(objs)-theme.Padding()))
	objs[0].Move(fyne.NewPos(0, 0))
	objs[0].Resize(fyne.NewSize(size.Width, infoH))
	objs[1].Move(fyne.NewPos(0, infoH+theme.Padding()))
	objs[1].Resize(fyne.NewSize(size.Width, size.Height-infoH-theme.Padding()))
}

// followLayout holds the move list, with a little room under it so its
// last row does not touch the window's edge. The panel is laid out again
// after the list was scrolled to the live move (the result and the Play
// again buttons appear under the status, a window is made smaller), which
// shrinks the list from below: it scrolls to the live move again then, so
// the last row is never cut off.
type followLayout struct{ gs *gameScreen }

func (l *followLayout) MinSize(objs []fyne.CanvasObject) fyne.Size {
	return objs[0].MinSize().AddWidthHeight(0, theme.Padding())
}

func (l *followLayout) Layout(objs []fyne.CanvasObject, size fyne.Size) {
	objs[0].Resize(size.SubtractWidthHeight(0, theme.Padding()))
	if !l.gs.session.Viewing() {
		l.gs.moves.ScrollToBottom()
	}
}

// boardHeightFor is how tall the board is at a width: as tall as wide,
// unless it says otherwise (kit.Portrait).
func (gs *gameScreen) boardHeightFor(width float32) float32 {
	if p, ok := gs.board.(kit.Portrait); ok {
		return p.HeightFor(width)
	}
	return width
}

// portraitPanel is the least height a phone keeps for the panel under the
// board: the status line and the first seat.
const portraitPanel float32 = 140

// portraitLayout stacks the board (at the full width, as tall as it is
// then, leaving the panel portraitPanel at least), the controls under it,
// and the panel; the message line lies over the top of the panel, so a
// long refusal wraps without pushing the board up.
type portraitLayout struct{ heightFor func(width float32) float32 }

func (portraitLayout) MinSize(objs []fyne.CanvasObject) fyne.Size {
	return fyne.NewSize(280, 480)
}

func (l portraitLayout) Layout(objs []fyne.CanvasObject, size fyne.Size) {
	board, under, panel := objs[0], objs[1], objs[2]
	uh := under.MinSize().Height
	bh := max(0, min(l.heightFor(size.Width), size.Height-uh-portraitPanel))
	board.Move(fyne.NewPos(0, 0))
	board.Resize(fyne.NewSize(size.Width, bh))
	under.Move(fyne.NewPos(0, bh))
	under.Resize(fyne.NewSize(size.Width, uh))
	panel.Move(fyne.NewPos(0, bh+uh))
	panel.Resize(fyne.NewSize(size.Width, size.Height-bh-uh))
	msg := objs[3]
	msg.Resize(fyne.NewSize(size.Width, 0)) // its height follows from its width
	msg.Resize(fyne.NewSize(size.Width, msg.MinSize().Height))
	msg.Move(fyne.NewPos(0, bh+uh))
}
