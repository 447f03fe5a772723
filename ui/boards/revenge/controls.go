package revenge

import (
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

// controls are what the board shows under its squares: a badge per seat
// in turn order (the seat to move highlighted, each with its steal
// record), the last move in words, or the question before a
// reinforcement, and, where there is a mouse, what the square pointed at
// means.
type controls struct {
	b       *Board
	box     *fyne.Container
	row     *fyne.Container // the badges
	badges  []*badge
	last    *widget.Label
	ask     *fyne.Container
	askText *widget.Label
	focus   *widget.Label
}

func newControls(b *Board) *controls {
	c := &controls{b: b, row: container.NewGridWithColumns(1)}
	wrapped := func() *widget.Label {
		l := widget.NewLabel("")
		l.Wrapping = fyne.TextWrapWord
		return l
	}
	c.last, c.askText, c.focus = wrapped(), wrapped(), wrapped()
	c.askText.TextStyle.Bold = true
	c.focus.Importance = widget.LowImportance
	yes := widget.NewButtonWithIcon("Reinforce", theme.ConfirmIcon(), b.confirm)
	yes.Importance = widget.HighImportance
	no := widget.NewButtonWithIcon("Cancel", theme.CancelIcon(), b.cancel)
	buttons := container.NewHBox(layout.NewSpacer(), no, yes)
	c.ask = container.NewBorder(nil, nil, nil, buttons, c.askText)
	if fyne.CurrentDevice().IsMobile() { // narrow: the buttons under the question
		c.ask = container.NewVBox(c.askText, buttons)
	}
	c.ask.Hide()
	c.box = container.NewVBox(c.row, container.New(minLines{2}, container.NewStack(c.last, c.ask)))
	if !fyne.CurrentDevice().IsMobile() { // no pointer to hover with on a phone: a long press says it
		c.box.Add(container.New(minLines{2}, c.focus))
	}
	return c
}

// refresh copies the model into the controls.
func (c *controls) refresh() {
	m := &c.b.m
	if len(c.badges) != len(m.People.Names) {
		c.badges = c.badges[:0]
		c.row.Objects = nil
		for range m.People.Names {
			bd := newBadge()
			c.badges = append(c.badges, bd)
			c.row.Objects = append(c.row.Objects, bd.box)
		}
		c.row.Layout = layout.NewGridLayoutWithColumns(max(1, len(c.badges)))
		c.row.Refresh()
	}
	for seat, bd := range c.badges {
		bd.set(m, seat)
	}
	c.last.SetText(m.LastText)
	if q := m.Question(); q != "" {
		c.askText.SetText(q)
		c.last.Hide()
		c.ask.Show()
	} else {
		c.ask.Hide()
		c.last.Show()
	}
	c.focus.SetText(c.b.focusText())
}

// badge is one seat in the turn order: its symbol in its colour, its
// name, and under it the seat's steal record.
type badge struct {
	bg   *canvas.Rectangle
	sym  *canvas.Text
	text *widget.RichText
	box  fyne.CanvasObject
}

func newBadge() *badge {
	bd := &badge{bg: canvas.NewRectangle(color.Transparent), sym: canvas.NewText("", color.Transparent), text: widget.NewRichText()}
	bd.bg.CornerRadius = theme.InputRadiusSize() * 2
	bd.sym.TextStyle.Bold = true
	bd.sym.TextSize = theme.TextSize() * 1.6
	bd.text.Truncation = fyne.TextTruncateEllipsis
	pad := canvas.NewRectangle(color.Transparent)
	pad.SetMinSize(fyne.NewSize(theme.Padding(), 0))
	bd.box = container.NewStack(bd.bg, container.NewBorder(nil, nil, container.NewHBox(pad, container.NewCenter(bd.sym)), nil, bd.text))
	return bd
}

// set shows seat: filled in its colour when it is to move, gold when it
// won, outlined faintly otherwise.
func (bd *badge) set(m *Model, seat int) {
	col := kit.SeatColor(seat)
	bd.sym.Text, bd.sym.Color = m.People.Symbols[seat], col
	bd.sym.Refresh()
	active := seat == m.Mover
	switch {
	case seat == m.Winner:
		bd.bg.FillColor, bd.bg.StrokeColor, bd.bg.StrokeWidth = kit.WithAlpha(kit.Gold, 0x50), kit.Gold, 3
	case active:
		bd.bg.FillColor, bd.bg.StrokeColor, bd.bg.StrokeWidth = kit.WithAlpha(col, 0x40), col, 3
	default:
		bd.bg.FillColor, bd.bg.StrokeColor, bd.bg.StrokeWidth = color.Transparent, kit.WithAlpha(kit.Ink(), 0x40), 1
	}
	bd.bg.Refresh()
	steal := m.Steals[seat]
	if steal == "" {
		steal = "no steal"
	}
	bd.text.Segments = []widget.RichTextSegment{
		&widget.TextSegment{Text: m.People.Plain(seat), Style: widget.RichTextStyle{TextStyle: fyne.TextStyle{Bold: active || seat == m.Winner}}},
		&widget.TextSegment{Text: steal, Style: widget.RichTextStyle{SizeName: theme.SizeNameCaptionText, ColorName: theme.ColorNameForeground}},
	}
	bd.text.Refresh()
}

// minLines keeps its content at least n lines of text tall, so the board
// above does not jump as the text under it changes.
type minLines struct{ n int }

func (l minLines) MinSize(objs []fyne.CanvasObject) fyne.Size {
	probe := widget.NewLabel(strings.Repeat("A\n", l.n-1) + "A")
	size := probe.MinSize()
	for _, o := range objs {
		size = size.Max(o.MinSize())
	}
	return size
}

func (l minLines) Layout(objs []fyne.CanvasObject, size fyne.Size) {
	for _, o := range objs {
		o.Move(fyne.NewPos(0, 0))
		o.Resize(size)
	}
}
