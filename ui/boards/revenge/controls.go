package revenge

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

// controls are what the board shows under its squares: a badge per seat
// in turn order (the seat to move highlighted, each with its steal
// record), the last move in words and, where there is a mouse, what the
// square pointed at means or why a tap on it was refused; the question
// before a reinforcement takes their place. Each place keeps the room of
// the longest thing it may say at its width (room.go), so the board
// above never moves while they change.
type controls struct {
	b       *Board
	box     *fyne.Container
	row     *fyne.Container // the badges
	badges  []*badge
	last    *widget.Label
	lines   *fyne.Container // the last move over what a square means (desktop)
	ask     *fyne.Container
	askText *widget.Label
	focus   *widget.Label
	phone   bool

	said      Sayings // everything the lines may say in this game, at its longest
	saidOf    string  // what said was made of: the board's size, the rules, the seats
	saidTimes int     // how many times said was made
}

func newControls(b *Board) *controls {
	c := &controls{b: b, row: container.NewGridWithColumns(1), phone: b.host.Phone()}
	c.last, c.askText, c.focus = wrapped(), wrapped(), wrapped()
	c.askText.TextStyle.Bold = true
	c.focus.TextStyle.Italic = true
	c.ask = newAsk(c.askText, b.confirm, b.cancel, c.phone)
	c.ask.Hide()
	// What the question looks like at its longest, and what a line says
	// at its longest, measured on copies of them in the same styles.
	askLabel, means, refusals := wrapped(), wrapped(), wrapped()
	askLabel.TextStyle.Bold, means.TextStyle.Italic, refusals.TextStyle.Bold = true, true, true
	askProbe := newProbe(askLabel, newAsk(askLabel, nil, nil, c.phone))
	sayings := c.sayings
	if c.phone {
		// A phone keeps the board large: the question, briefly, with
		// buttons as icons, takes the place of the badges while it is
		// asked; the last move is in the move list and ringed on the
		// board; with no pointer to hover with, a long press says what a
		// square means, and a refusal is the screen's message line.
		questions := func() []string { return sayings().Question[1:] }
		c.box = container.NewVBox(c.keep(c.row, c.ask, part{questions, askProbe}))
		return c
	}
	// The question, with its buttons, takes the place of the last move
	// and of what a square means while it is asked.
	c.lines = container.NewVBox(
		c.keep(c.last, nil, part{func() []string { return sayings().Last }, newProbe(wrapped(), nil)}),
		c.keep(c.focus, nil,
			part{func() []string { return sayings().Means }, newProbe(means, nil)},
			part{func() []string { return sayings().Refusals }, newProbe(refusals, nil)}))
	c.box = container.NewVBox(c.row, c.keep(c.lines, c.ask, part{func() []string { return sayings().Question[:1] }, askProbe}))
	return c
}

func wrapped() *widget.Label {
	l := widget.NewLabel("")
	l.Wrapping = fyne.TextWrapWord
	return l
}

// newAsk is the reinforcement question with its buttons beside it (as
// icons alone on a phone), at the top of its place.
func newAsk(text *widget.Label, confirm, cancel func(), phone bool) *fyne.Container {
	yes := widget.NewButtonWithIcon("Reinforce", theme.ConfirmIcon(), confirm)
	yes.Importance = widget.HighImportance
	no := widget.NewButtonWithIcon("Cancel", theme.CancelIcon(), cancel)
	if phone {
		yes.SetText("")
		no.SetText("")
	}
	return container.NewBorder(nil, nil, nil, container.NewVBox(container.NewHBox(no, yes)), text)
}

// sayings are everything the lines may say in this game, made again only
// when what they are made of changes.
func (c *controls) sayings() *Sayings {
	m := &c.b.m
	of := fmt.Sprint(m.N, m.anti, strings.Join(m.People.Names, "\n"), strings.Join(m.Symbols, "\n"))
	if of != c.saidOf || c.saidTimes == 0 {
		c.said, c.saidOf = m.Sayings(c.widestSquare()), of
		c.saidTimes++
	}
	return &c.said
}

// keep lays a place out so that it keeps its room (room.go), measured
// again when the sayings are made again.
func (c *controls) keep(line, other fyne.CanvasObject, parts ...part) *fyne.Container {
	return keep(line, other, func() int { c.sayings(); return c.saidTimes }, parts...)
}

// widestSquare is the name of the board's square that takes the most
// room in a line of text: the sayings are measured with it.
func (c *controls) widestSquare() string {
	n, widest, w := c.b.m.N, "", float32(0)
	for sq := 0; sq < n*n; sq++ {
		name := c.b.m.name(sq)
		if nw := fyne.MeasureText(name, theme.TextSize(), fyne.TextStyle{Bold: true}).Width; nw > w {
			widest, w = name, nw
		}
	}
	return widest
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
	if c.phone {
		showIf(c.row, asking == "") // a phone asks in the badges' place
	} else {
		showIf(c.lines, asking == "")
	}
	text, refused := c.b.focusText()
	c.focus.TextStyle = fyne.TextStyle{Italic: !refused, Bold: refused}
	c.focus.Importance = widget.MediumImportance
	if refused {
		c.focus.Importance = widget.DangerImportance
	}
	c.focus.Text = text
	c.focus.Refresh()
}

func showIf(o fyne.CanvasObject, on bool) {
	if on {
		o.Show()
	} else {
		o.Hide()
	}
}

// badge is one seat in the turn order: its symbol in its colour, its
// player's name (cut short with an ellipsis when the badge is narrow),
// and under it the seat's steal record, never smaller than 12 sp
// (kit.SizeNameSmallText): on one line on a desktop, on two on a phone,
// where three or four badges share the width and the lines are drawn
// with less padding to have room. No theme override sizes them: Fyne
// keeps what lay under one for as long as the app runs.
type badge struct {
	bg    *canvas.Rectangle
	sym   *canvas.Text
	lines []*widget.RichText // the name and the record: one text on a desktop, one a line on a phone
	phone bool
	box   fyne.CanvasObject
}

func newBadge(phone bool) *badge {
	bd := &badge{bg: canvas.NewRectangle(color.Transparent), sym: canvas.NewText("", color.Transparent), phone: phone}
	bd.bg.CornerRadius = theme.InputRadiusSize() * 2
	bd.sym.TextStyle.Bold = true
	bd.sym.TextSize = theme.TextSize() * 1.6
	pad := canvas.NewRectangle(color.Transparent)
	pad.SetMinSize(fyne.NewSize(theme.Padding(), 0))
	var held fyne.CanvasObject
	if phone {
		bd.sym.TextSize = theme.TextSize() * 1.2
		pad.SetMinSize(fyne.Size{})
		// Three lines, always (a record's second line is a space when
		// empty), so every badge is as tall.
		var objs []fyne.CanvasObject
		for range 3 {
			line := newLine()
			line.Segments = []widget.RichTextSegment{&widget.TextSegment{Text: " "}}
			bd.lines = append(bd.lines, line)
			objs = append(objs, line)
		}
		held = container.New(tightLines{}, objs...)
	} else {
		bd.lines = []*widget.RichText{newLine()}
		// Every badge as tall, whatever it says.
		held = container.New(minLines{linesProbe(2)}, bd.lines[0])
	}
	bd.box = container.NewStack(bd.bg, container.NewBorder(nil, nil, container.NewHBox(pad, container.NewCenter(bd.sym)), nil, held))
	return bd
}

func newLine() *widget.RichText {
	r := widget.NewRichText()
	r.Truncation = fyne.TextTruncateEllipsis
	return r
}

// linesProbe is a rich text of n lines: the name and record lines.
func linesProbe(n int) *widget.RichText {
	r := widget.NewRichText(&widget.TextSegment{Text: "Ag", Style: widget.RichTextStyleStrong})
	for range n - 1 {
		r.Segments = append(r.Segments, &widget.TextSegment{Text: "Ag", Style: widget.RichTextStyle{SizeName: kit.SizeNameSmallText}})
	}
	return r
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
	record := []string{m.StealLine(seat)}
	if bd.phone { // "took b3" over "from Ana"
		took, from, _ := strings.Cut(record[0], " from ")
		record = []string{took, "from " + from}
		if from == "" {
			record[1] = " " // the line stays, so the name stays put
		}
	}
	name := widget.RichTextStyle{TextStyle: fyne.TextStyle{Bold: active || seat == m.Winner}}
	segs := []widget.RichTextSegment{&widget.TextSegment{Text: m.Players[seat], Style: name}}
	for _, line := range record {
		segs = append(segs, &widget.TextSegment{Text: line,
			Style: widget.RichTextStyle{SizeName: kit.SizeNameSmallText, ColorName: theme.ColorNameForeground}})
	}
	if len(bd.lines) == 1 {
		bd.lines[0].Segments = segs
	} else {
		for i, line := range bd.lines {
			line.Segments = segs[i : i+1]
		}
	}
	for _, line := range bd.lines {
		line.Refresh()
	}
}

// segments are what the badge says, line by line.
func (bd *badge) segments() []widget.RichTextSegment {
	var out []widget.RichTextSegment
	for _, line := range bd.lines {
		out = append(out, line.Segments...)
	}
	return out
}

// minLines keeps its content at least as tall as probe, n lines of text,
// so the board above does not jump as the text changes.
type minLines struct{ probe fyne.CanvasObject }

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

// tightLines stacks rich texts of one line each, as one rich text would
// lay out their lines with an inner padding of half the theme's padding
// and no line spacing (a phone's badge): each text is placed so that
// its own inner padding falls outside the room it is given, where
// nothing else is drawn.
type tightLines struct{}

// trim is how much of a text's inner padding falls outside, each side.
func (tightLines) trim() float32 { return theme.InnerPadding() - theme.Padding()/2 }

func (l tightLines) MinSize(objs []fyne.CanvasObject) fyne.Size {
	var size fyne.Size
	for _, o := range objs {
		min := o.MinSize()
		size.Width = max(size.Width, min.Width-2*l.trim())
		size.Height += min.Height - 2*theme.InnerPadding()
	}
	size.Height += theme.Padding()
	return size
}

func (l tightLines) Layout(objs []fyne.CanvasObject, size fyne.Size) {
	y := -l.trim()
	for _, o := range objs {
		h := o.MinSize().Height
		o.Move(fyne.NewPos(-l.trim(), y))
		o.Resize(fyne.NewSize(size.Width+2*l.trim(), h))
		y += h - 2*theme.InnerPadding()
	}
}
