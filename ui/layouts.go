package ui

import (
	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"

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

// panelLayout stacks the desktop side panel's information over the move
// list, as the content of one scroll, the panel's: the information always
// at the height its lines need, never cut and never scrolled on its own;
// the list takes the rest of the panel's height but keeps at least
// panelListRows rows, so when the window is too short for both (a
// finished game of four seats at 800 x 600) the whole panel scrolls as
// one, and the panel never makes the window taller.
type panelLayout struct {
	list   *widget.List      // its rows' height
	scroll *container.Scroll // the panel, whose content this lays out
	size   fyne.Size         // of the last layout
	infoH  float32           // the information's height then
}

// panelListRows is the least height the move list keeps, in rows of a
// line.
const panelListRows = 4

// listMin is the least height of the list and what is under it (Back to
// the game): a row (the list's least height) and panelListRows-1 more,
// each with the gap between rows.
func (l *panelLayout) listMin(objs []fyne.CanvasObject) float32 {
	return objs[1].MinSize().Height + (panelListRows-1)*(l.list.MinSize().Height+theme.Padding())
}

// MinSize is the information's height and the list's least. Fyne asks
// it of every shown object before each frame, but lays out again only the
// last container it found with a child whose minimum size changed (as
// minSizes.frame in layout_test.go does): a move row added in the frame
// the result showed made it skip this one, and the information kept the
// height it had before, under the list. So the panel lays itself out
// again here when the information's height changed.
func (l *panelLayout) MinSize(objs []fyne.CanvasObject) fyne.Size {
	info := objs[0].MinSize()
	if l.size.Height > 0 && info.Height != l.infoH {
		l.Layout(objs, l.size)
	}
	return fyne.NewSize(max(info.Width, objs[1].MinSize().Width), info.Height+theme.Padding()+l.listMin(objs))
}

func (l *panelLayout) Layout(objs []fyne.CanvasObject, size fyne.Size) {
	info, list := objs[0], objs[1]
	l.size, l.infoH = size, info.MinSize().Height
	info.Move(fyne.NewPos(0, 0))
	info.Resize(fyne.NewSize(size.Width, l.infoH))
	listW := size.Width
	if l.scroll != nil && l.scroll.Size().Height < size.Height-0.5 {
		// The panel scrolls: the list keeps clear of its scroll bar.
		listW -= theme.ScrollBarSize()
	}
	list.Move(fyne.NewPos(0, l.infoH+theme.Padding()))
	list.Resize(fyne.NewSize(listW, max(l.listMin(objs), size.Height-l.infoH-theme.Padding())))
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

// portraitSeat is the least height a phone keeps for the panel under a
// board whose own line says whose turn it is (kit.TurnUnder): the game's
// name and the first seat. A real 412x790 px window under Fyne's phone
// simulation is 294x564 dp, and arena's board was 71% of the width there.
const portraitSeat float32 = 80

// portraitLayout stacks the board (at the full width, as tall as it is
// then, leaving the panel portraitPanel at least), the controls under it,
// and the panel; the message line lies over the top of the panel, so a
// long refusal wraps without pushing the board up.
type portraitLayout struct {
	heightFor func(width float32) float32
	panel     float32 // the least height kept for the panel
}

func (portraitLayout) MinSize(objs []fyne.CanvasObject) fyne.Size {
	return fyne.NewSize(280, 480)
}

func (l portraitLayout) Layout(objs []fyne.CanvasObject, size fyne.Size) {
	board, under, panel := objs[0], objs[1], objs[2]
	uh := under.MinSize().Height
	bh := max(0, min(l.heightFor(size.Width), size.Height-uh-l.panel))
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
