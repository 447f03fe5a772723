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
	phone   bool
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
	c.focus.TextStyle.Italic = true
	yes := widget.NewButtonWithIcon("Reinforce", theme.ConfirmIcon(), b.confirm)
	yes.Importance = widget.HighImportance
	no := widget.NewButtonWithIcon("Cancel", theme.CancelIcon(), b.cancel)
	c.ask = container.NewBorder(nil, nil, nil, container.NewHBox(no, yes), c.askText)
	c.ask.Hide()
	if c.phone = fyne.CurrentDevice().IsMobile(); c.phone {
		// A phone keeps the board large: the question, briefly, with
		// buttons as icons, takes the place of the badges while it is
		// asked; the last move is in the move list and ringed on the
		// board; with no pointer to hover with, a long press says what a
		// square means.
		yes.SetText("")
		no.SetText("")
		c.box = container.NewVBox(container.NewStack(c.row, c.ask))
	} else {
		c.box = container.NewVBox(c.row, container.New(newMinLines(1), container.NewStack(c.last, c.ask)), container.New(newMinLines(2), c.focus))
	}
	return c
}

// refresh copies the model into the controls.
func (c *controls) refresh() {
	m := &c.b.m
	if len(c.badges) != len(m.Symbols) {
		c.badges = c.badges[:0]
		c.row.Objects = nil
		for range m.Symbols {
			bd := newBadge(c.phone)
			c.badges = append(c.badges, bd)
			c.row.Objects = append(c.row.Objects, bd.box)
		}
		c.row.Layout = layout.NewGridLayoutWithColumns(max(1, len(c.badges)))
		c.row.Refresh()
	}
	for seat, bd := range c.badges {
		bd.set(m, seat)
	}
	if m.LastText == "" {
		c.last.SetText("No move yet.")
	} else {
		c.last.SetText(m.LastText)
	}
	asking := m.Question(c.phone)
	c.askText.SetText(asking)
	showIf(c.ask, asking != "")
	showIf(c.last, asking == "")
	showIf(c.row, asking == "" || !c.phone) // a phone asks in the badges' place
	c.focus.SetText(c.b.focusText())
}

func showIf(o fyne.CanvasObject, on bool) {
	if on {
		o.Show()
	} else {
		o.Hide()
	}
}

// badge is one seat in the turn order: its symbol in its colour, its
// name, and under it the seat's steal record. On a phone, where three or
// four badges share the width, the symbol names the seat and the record
// takes both lines, drawn without a label's padding to have room.
type badge struct {
	bg    *canvas.Rectangle
	sym   *canvas.Text
	text  *widget.RichText // the name and the record (desktop)
	lines [2]*canvas.Text  // the record in two short lines (phone)
	phone bool
	box   fyne.CanvasObject
}

func newBadge(phone bool) *badge {
	bd := &badge{bg: canvas.NewRectangle(color.Transparent), sym: canvas.NewText("", color.Transparent), phone: phone}
	bd.bg.CornerRadius = theme.InputRadiusSize() * 2
	bd.sym.TextStyle.Bold = true
	bd.sym.TextSize = theme.TextSize() * 1.6
	var text fyne.CanvasObject
	if phone {
		bd.sym.TextSize = theme.TextSize() * 1.2
		for i := range bd.lines {
			bd.lines[i] = canvas.NewText("", theme.Color(theme.ColorNameForeground))
			bd.lines[i].TextSize = theme.CaptionTextSize()
		}
		text = container.NewCenter(container.NewVBox(bd.lines[0], bd.lines[1]))
	} else {
		bd.text = widget.NewRichText()
		bd.text.Truncation = fyne.TextTruncateEllipsis
		text = bd.text
	}
	pad := canvas.NewRectangle(color.Transparent)
	if !phone {
		pad.SetMinSize(fyne.NewSize(theme.Padding(), 0))
	}
	text = container.New(newMinLines(2), text) // every badge as tall, whatever it says
	bd.box = container.NewStack(bd.bg, container.NewBorder(nil, nil, container.NewHBox(pad, container.NewCenter(bd.sym)), nil, text))
	return bd
}

// set shows seat: filled in its colour when it is to move, gold when it
// won, outlined faintly otherwise.
func (bd *badge) set(m *Model, seat int) {
	col := kit.SeatInk(seat)
	bd.sym.Text, bd.sym.Color = m.Symbols[seat], col
	bd.sym.Refresh()
	active := seat == m.Mover
	switch {
	case seat == m.Winner:
		bd.bg.FillColor, bd.bg.StrokeColor, bd.bg.StrokeWidth = kit.WithAlpha(kit.Gold, 0x50), kit.GoldInk(), 3
	case active:
		bd.bg.FillColor, bd.bg.StrokeColor, bd.bg.StrokeWidth = kit.WithAlpha(kit.SeatColor(seat), 0x28), col, 3 // light enough for the ink to read at 4.5:1
	default:
		bd.bg.FillColor, bd.bg.StrokeColor, bd.bg.StrokeWidth = color.Transparent, kit.WithAlpha(kit.Ink(), 0x40), 1
	}
	bd.bg.Refresh()
	if bd.phone {
		took, from, _ := strings.Cut(m.StealLine(seat, true), " from ")
		if from != "" {
			from = "from " + from
		}
		for i, t := range []string{took, from} {
			bd.lines[i].Text, bd.lines[i].Color = t, theme.Color(theme.ColorNameForeground)
			bd.lines[i].Refresh()
		}
		return
	}
	bd.text.Segments = []widget.RichTextSegment{
		&widget.TextSegment{Text: m.Players[seat], Style: widget.RichTextStyle{TextStyle: fyne.TextStyle{Bold: active || seat == m.Winner}}},
		&widget.TextSegment{Text: m.StealLine(seat, false), Style: widget.RichTextStyle{SizeName: theme.SizeNameCaptionText, ColorName: theme.ColorNameForeground}},
	}
	bd.text.Refresh()
}

// minLines keeps its content at least n lines of text tall, so the board
// above does not jump as the text under it changes. It measures with a
// label of its own, made once: Fyne keeps the renderer of every label it
// measures for a minute, and layouts run at every frame of an animation.
type minLines struct{ probe *widget.Label }

func newMinLines(n int) minLines {
	return minLines{probe: widget.NewLabel(strings.Repeat("A\n", n-1) + "A")}
}

func (l minLines) MinSize(objs []fyne.CanvasObject) fyne.Size {
	size := l.probe.MinSize()
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
