package knights

import (
	"fmt"
	"image/color"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/canvas"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"

	"github.com/tabulagames/tabula/internal/words"
	"github.com/tabulagames/tabula/ui/boards/kit"
)

// ---- the game-over overlay ----

// overlay is the game-over card laid over the board (kit.BoardOverlay):
// the headline, who won and why, the table by score, and Rematch, New
// game and Close. It is made of plain containers and widgets, so a
// screen reader reaches its words.
type overlay struct {
	layer   *fyne.Container
	title   *widget.Label
	line    *widget.Label
	why     *widget.Label
	table   *fyne.Container
	rematch *widget.Button
	newGame *widget.Button
	shown   *Over // the game-over drawn in the table
}

func newOverlay(b *Board) *overlay {
	o := &overlay{
		title: widget.NewLabelWithStyle("", fyne.TextAlignCenter, fyne.TextStyle{Bold: true}),
		line:  widget.NewLabelWithStyle("", fyne.TextAlignCenter, fyne.TextStyle{}),
		why:   widget.NewLabelWithStyle("", fyne.TextAlignCenter, fyne.TextStyle{Italic: true}),
		table: container.NewVBox(),
	}
	o.title.SizeName = theme.SizeNameHeadingText
	o.line.Wrapping, o.why.Wrapping = fyne.TextWrapWord, fyne.TextWrapWord
	button := widget.NewButtonWithIcon
	if b.mobile { // three buttons across a phone: the words need all the room
		button = func(label string, _ fyne.Resource, tapped func()) *widget.Button {
			return widget.NewButton(label, tapped)
		}
	}
	o.rematch = button("Rematch", theme.MediaReplayIcon(), b.rematch)
	o.rematch.Importance = widget.HighImportance
	o.newGame = button("New game", theme.DocumentCreateIcon(), b.newGame)
	closeBtn := button("Close", theme.CancelIcon(), b.closeOver)
	buttons := container.NewGridWithColumns(1, closeBtn)
	if _, ok := b.host.(kit.Replayer); ok { // a host that cannot start a game offers only Close
		buttons = container.NewGridWithColumns(3, o.rematch, o.newGame, closeBtn)
	}
	bg := canvas.NewRectangle(theme.Color(theme.ColorNameOverlayBackground))
	bg.CornerRadius = theme.InputRadiusSize()
	bg.StrokeColor, bg.StrokeWidth = kit.WithAlpha(kit.Ink(), 0x40), 1
	card := container.NewStack(bg, container.NewPadded(container.NewVBox(o.title, o.line, o.why, o.table, buttons)))
	o.layer = &fyne.Container{Layout: overLayout{}, Objects: []fyne.CanvasObject{card}}
	o.layer.Hide()
	return o
}

// set shows the game-over card, or hides it (nil).
func (o *overlay) set(over *Over) {
	if over == nil {
		o.shown = nil
		o.layer.Hide()
		return
	}
	if o.shown == nil || o.shown.Announcement() != over.Announcement() || len(o.shown.Rows) != len(over.Rows) {
		o.fill(over)
	}
	o.shown = over
	o.layer.Show()
	o.layer.Refresh()
}

// fill writes the headline and the table: one row per seat by score,
// its letter in its colour, its player, its result and its squares.
func (o *overlay) fill(over *Over) {
	o.title.SetText(over.Title)
	o.line.SetText(over.Line)
	o.why.SetText(over.Why)
	if over.Why == "" {
		o.why.Hide()
	} else {
		o.why.Show()
	}
	o.table.Objects = nil
	for _, r := range over.Rows {
		letter := canvas.NewText(" "+Letter(r.Seat)+" ", kit.SeatColor(r.Seat))
		letter.TextStyle.Bold = true
		result := widget.NewLabel(r.Result())
		if r.Won {
			result.Importance = widget.HighImportance
		}
		squares := widget.NewLabelWithStyle(fmt.Sprintf("%d %s", r.Squares, words.Plural(r.Squares, "square", "squares")), fyne.TextAlignTrailing, fyne.TextStyle{})
		who := widget.NewLabel(r.Who)
		who.Truncation = fyne.TextTruncateEllipsis
		o.table.Add(container.NewBorder(nil, nil, container.NewCenter(letter), container.NewHBox(result, squares), who))
	}
	o.table.Refresh()
}

// overLayout centres the card over the board, as wide as the board
// allows up to a comfortable reading width, as tall as its words.
type overLayout struct{}

func (overLayout) MinSize([]fyne.CanvasObject) fyne.Size { return fyne.Size{} }

func (overLayout) Layout(objs []fyne.CanvasObject, size fyne.Size) {
	card := objs[0]
	w := min(size.Width-2*theme.Padding(), 460)
	card.Resize(fyne.NewSize(w, size.Height)) // the wrapped lines' height follows from the width
	h := min(card.MinSize().Height, size.Height)
	card.Resize(fyne.NewSize(w, h))
	card.Move(fyne.NewPos((size.Width-w)/2, (size.Height-h)/2))
}

// ---- the scoreboard ----

// scoreStrip is the scoreboard under the board (knights.md 12): every
// seat by score, its letter in its colour, its player's name (cut short
// with an ellipsis where the chip is narrow), a person or a computer, its
// squares, a bar of its legal jumps (of 8) in its colour, and "won" or
// "out". On a phone three or four seats take two lines of chips, so each
// name has room to show.
type scoreStrip struct {
	widget.BaseWidget
	rows   []Standing
	mobile bool
}

func newScoreStrip(mobile bool) *scoreStrip {
	s := &scoreStrip{mobile: mobile}
	s.ExtendBaseWidget(s)
	return s
}

func (s *scoreStrip) set(rows []Standing) {
	s.rows = rows
	s.Refresh()
}

// perLine is how many chips share a line; lines how many lines they take.
func (s *scoreStrip) perLine() int {
	n := max(1, len(s.rows))
	if s.mobile && n > 2 {
		return 2
	}
	return n
}

func (s *scoreStrip) lines() int { return (max(1, len(s.rows)) + s.perLine() - 1) / s.perLine() }

// chip is one seat's objects on the strip.
type chip struct {
	letter, name, score, mark *canvas.Text
	icon                      *canvas.Image
	track, fill               *canvas.Rectangle
}

type stripRenderer struct {
	s     *scoreStrip
	chips [4]chip
	objs  []fyne.CanvasObject
}

func (s *scoreStrip) CreateRenderer() fyne.WidgetRenderer {
	r := &stripRenderer{s: s}
	for i := range r.chips {
		c := &r.chips[i]
		c.letter, c.name = canvas.NewText("", color.Black), canvas.NewText("", kit.Ink())
		c.score, c.mark = canvas.NewText("", kit.Ink()), canvas.NewText("", kit.Ink())
		c.letter.TextStyle.Bold = true
		c.icon = canvas.NewImageFromResource(theme.AccountIcon())
		c.icon.FillMode = canvas.ImageFillContain
		c.track, c.fill = canvas.NewRectangle(color.Transparent), canvas.NewRectangle(color.Transparent)
		c.track.CornerRadius, c.fill.CornerRadius = 3, 3
		r.objs = append(r.objs, c.track, c.fill, c.letter, c.name, c.icon, c.score, c.mark)
	}
	return r
}

func (r *stripRenderer) Objects() []fyne.CanvasObject { return r.objs }
func (r *stripRenderer) Destroy()                     {}

// lineHeight is one line of chips: the words, then the bar.
func lineHeight() float32 { return theme.TextSize()*1.4 + 10 }

func (r *stripRenderer) MinSize() fyne.Size {
	return fyne.NewSize(200, lineHeight()*float32(r.s.lines())+4*float32(r.s.lines()-1))
}

// markSize is the type of "won" and "out": the caption's, but never
// below minText on a phone.
func (r *stripRenderer) markSize() float32 {
	if r.s.mobile {
		return max(minText, theme.CaptionTextSize())
	}
	return theme.CaptionTextSize()
}

func (r *stripRenderer) Layout(size fyne.Size) {
	per := r.s.perLine()
	w := size.Width / float32(per)
	th := theme.TextSize()
	for i := range r.chips {
		c := &r.chips[i]
		x, y := float32(i%per)*w, float32(i/per)*(lineHeight()+4)
		c.letter.TextSize, c.name.TextSize, c.score.TextSize, c.mark.TextSize = th, th, th, r.markSize()
		c.letter.Move(fyne.NewPos(x+2, y))
		lw := c.letter.MinSize().Width
		// The name takes what the letter, the icon, the squares and the
		// mark leave of the chip, cut short with an ellipsis if need be.
		sw := c.score.MinSize().Width
		mw := c.mark.MinSize().Width
		room := w - (lw + 6) - (th + 4) - (sw + 4) - (mw + 8)
		if i < len(r.s.rows) {
			c.name.Text = ellipsized(r.s.rows[i].Name, room, c.name.TextSize, c.name.TextStyle)
		}
		c.name.Move(fyne.NewPos(x+4+lw, y))
		nw := c.name.MinSize().Width
		if c.name.Text == "" {
			nw = -4
		}
		ix := x + 8 + lw + nw
		c.icon.Move(fyne.NewPos(ix, y+2))
		c.icon.Resize(fyne.NewSize(th, th))
		c.score.Move(fyne.NewPos(ix+th+4, y))
		c.mark.Move(fyne.NewPos(ix+th+8+sw, y+th*0.2))
		barY := y + th*1.4 + 2
		c.track.Move(fyne.NewPos(x+2, barY))
		c.track.Resize(fyne.NewSize(w-8, 6))
		frac := float32(0)
		if i < len(r.s.rows) && r.s.rows[i].Jumps > 0 {
			frac = float32(r.s.rows[i].Jumps) / 8
		}
		c.fill.Move(fyne.NewPos(x+2, barY))
		c.fill.Resize(fyne.NewSize((w-8)*frac, 6))
		c.name.Refresh()
	}
}

// ellipsized is text cut short with an ellipsis to fit width at a type
// size: "Computer" -> "Comp…"; the first letter and the ellipsis at
// least, so a name always shows something of itself.
func ellipsized(text string, width, size float32, style fyne.TextStyle) string {
	if fyne.MeasureText(text, size, style).Width <= width {
		return text
	}
	runes := []rune(text)
	for n := len(runes) - 1; n > 1; n-- {
		if cut := string(runes[:n]) + "…"; fyne.MeasureText(cut, size, style).Width <= width {
			return cut
		}
	}
	if len(runes) == 0 {
		return ""
	}
	return string(runes[:1]) + "…"
}

func (r *stripRenderer) Refresh() {
	for i := range r.chips {
		c := &r.chips[i]
		parts := []fyne.CanvasObject{c.track, c.letter, c.name, c.icon, c.score, c.mark}
		if i >= len(r.s.rows) {
			for _, o := range append(parts, c.fill) {
				o.Hide()
			}
			continue
		}
		row := r.s.rows[i]
		col := kit.SeatColor(row.Seat)
		c.letter.Text, c.letter.Color = Letter(row.Seat), col
		c.name.Color = kit.Ink()
		c.score.Text, c.score.Color = fmt.Sprint(row.Squares), kit.Ink()
		c.icon.Resource = theme.ComputerIcon()
		if row.Human {
			c.icon.Resource = theme.AccountIcon()
		}
		c.mark.Text, c.mark.Color = "", kit.Ink()
		switch {
		case row.Won:
			c.mark.Text, c.mark.Color = "won", kit.Gold
		case row.Out:
			c.mark.Text, c.mark.Color = "out", kit.Faint()
		}
		c.track.FillColor = kit.WithAlpha(kit.Ink(), 0x28)
		c.fill.FillColor = col
		for _, o := range parts {
			o.Show()
		}
		kit.ShowIf(c.fill, row.Jumps > 0) // hidden under fog, or none left
		for _, o := range parts {
			o.Refresh()
		}
	}
	r.Layout(r.s.Size())
}
