package ui

import (
	"image/color"
	"strings"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/canvas"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"
)

// toastText is the message under the board that fades: bold, centred
// canvas texts (so their colour can fade), broken into as many lines as
// its width needs, so a long message never runs off a phone's screen.
type toastText struct {
	widget.BaseWidget
	Text  string
	Color color.Color
	width float32 // the width it was last laid out at; 0 before
}

func newToastText() *toastText {
	t := &toastText{Color: theme.Color(theme.ColorNameForeground)}
	t.ExtendBaseWidget(t)
	return t
}

func (t *toastText) CreateRenderer() fyne.WidgetRenderer { return &toastRenderer{t: t} }

// lines breaks the text into lines that fit the width, at spaces (a word
// longer than the width gets a line of its own).
func (t *toastText) lines() []string {
	if t.Text == "" {
		return nil
	}
	words := strings.Fields(t.Text)
	var out []string
	line := ""
	for _, w := range words {
		next := w
		if line != "" {
			next = line + " " + w
		}
		if line != "" && t.width > 0 && measure(next).Width > t.width {
			out = append(out, line)
			next = w
		}
		line = next
	}
	return append(out, line)
}

func measure(s string) fyne.Size {
	return fyne.MeasureText(s, theme.TextSize(), fyne.TextStyle{Bold: true})
}

type toastRenderer struct {
	t     *toastText
	texts []*canvas.Text
}

func (r *toastRenderer) Objects() []fyne.CanvasObject {
	out := make([]fyne.CanvasObject, len(r.texts))
	for i, c := range r.texts {
		out[i] = c
	}
	return out
}

func (r *toastRenderer) Destroy() {}

// MinSize is as tall as the lines at the width last laid out, and as wide
// as its longest word, so it never asks for more than a phone's width.
func (r *toastRenderer) MinSize() fyne.Size {
	lines := r.t.lines()
	widest := float32(0)
	for _, w := range strings.Fields(r.t.Text) {
		widest = max(widest, measure(w).Width)
	}
	return fyne.NewSize(widest, float32(max(1, len(lines)))*measure("M").Height)
}

func (r *toastRenderer) Layout(size fyne.Size) {
	r.t.width = size.Width
	r.Refresh()
}

// Refresh writes the lines, centred, in the toast's colour.
func (r *toastRenderer) Refresh() {
	lines := r.t.lines()
	for len(r.texts) < len(lines) {
		c := canvas.NewText("", r.t.Color)
		c.TextStyle.Bold = true
		r.texts = append(r.texts, c)
	}
	h := measure("M").Height
	for i, c := range r.texts {
		if i >= len(lines) {
			c.Hide()
			continue
		}
		c.Text, c.Color, c.TextSize = lines[i], r.t.Color, theme.TextSize()
		w := measure(lines[i]).Width
		c.Move(fyne.NewPos((r.t.width-w)/2, float32(i)*h))
		c.Resize(fyne.NewSize(w, h))
		c.Show()
		c.Refresh()
	}
}
