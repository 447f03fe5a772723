package ui

import (
	"image/color"
	"strings"
	"time"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/canvas"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"

	"github.com/tabulagames/tabula/ui/boards/kit"
)

// toast is the message near the board: why a move was refused, or a
// neutral note. It is bold, centred and wrapped to its width, so a long
// refusal is read whole on a phone too, and it fades out after a few
// seconds. With a backdrop (a phone, where it lies over the top of the
// panel instead of pushing the board up) it hides what is under it.
type toast struct {
	widget.BaseWidget
	text     string
	said     string // the last message, kept for screen readers after it fades
	color    color.Color
	backdrop bool
	anim     *fyne.Animation
}

func newToast(backdrop bool) *toast {
	t := &toast{color: theme.Color(theme.ColorNameError), backdrop: backdrop}
	t.ExtendBaseWidget(t)
	return t
}

// show shows msg in col; it starts fading after 70% of four seconds.
func (t *toast) show(msg string, col color.Color) {
	if t.anim != nil {
		t.anim.Stop()
	}
	t.text, t.said, t.color = msg, msg, col
	t.Refresh()
	t.anim = fyne.NewAnimation(4*time.Second, func(f float32) {
		if f < 0.7 {
			return
		}
		t.color = kit.WithAlpha(col, uint8(255*(1-f)/0.3))
		if f >= 1 {
			t.text = ""
		}
		t.Refresh()
	})
	t.anim.Start()
}

// clear takes the message away at once, for screen readers too: it was
// said from a view the device no longer shows (a person's secret view).
func (t *toast) clear() {
	if t.anim != nil {
		t.anim.Stop()
		t.anim = nil
	}
	t.text, t.said = "", ""
	t.Refresh()
}

// The toast is the screen's live line for screen readers (Fyne's
// accessibility, built with -tags accessibility): it reads the last
// message (a refusal, a knights turn's jumps and clashes, a result) even
// after it has faded from view. Fyne has no way to announce it unasked.
func (t *toast) AccessibilityLabel() string             { return t.said }
func (t *toast) AccessibilityRole() fyne.AccessibleRole { return fyne.AccessibleRoleText }

func (t *toast) CreateRenderer() fyne.WidgetRenderer {
	r := &toastRenderer{t: t, bg: canvas.NewRectangle(color.Transparent)}
	return r
}

// toastStyle is the toast's text style; toastSize its text size.
var toastStyle = fyne.TextStyle{Bold: true}

func toastSize() float32 { return theme.TextSize() }

// wrapLines breaks text into lines no wider than width, at spaces; a
// single word wider than width gets a line of its own. Without a width
// yet, the text is one line.
func wrapLines(text string, width float32) []string {
	if one := strings.Join(strings.Fields(text), " "); width <= 0 && one != "" {
		return []string{one}
	}
	var lines []string
	line := ""
	for _, word := range strings.Fields(text) {
		try := word
		if line != "" {
			try = line + " " + word
		}
		if line != "" && fyne.MeasureText(try, toastSize(), toastStyle).Width > width {
			lines = append(lines, line)
			try = word
		}
		line = try
	}
	if line != "" {
		lines = append(lines, line)
	}
	return lines
}

type toastRenderer struct {
	t     *toast
	bg    *canvas.Rectangle
	lines []*canvas.Text
}

func (r *toastRenderer) Destroy() {}

func (r *toastRenderer) Objects() []fyne.CanvasObject {
	objs := []fyne.CanvasObject{r.bg}
	for _, l := range r.lines {
		objs = append(objs, l)
	}
	return objs
}

// lineHeight is the height of one line of the toast's text.
func lineHeight() float32 { return fyne.MeasureText("Ag", toastSize(), toastStyle).Height }

// textWidth is the width the lines have inside the padding.
func (r *toastRenderer) textWidth(size fyne.Size) float32 { return size.Width - 2*theme.Padding() }

// MinSize is as many lines as the text takes at the width the toast has
// now, with padding: under a desktop's board two lines at least, empty or
// not, so a message that wraps to two (knights' new-game line, a long
// refusal) does not shrink and move the board above; on a phone, where
// it lies over the panel, one line at least.
func (r *toastRenderer) MinSize() fyne.Size {
	least := 2
	if r.t.backdrop {
		least = 1
	}
	n := max(least, len(wrapLines(r.t.text, r.textWidth(r.t.Size()))))
	return fyne.NewSize(0, float32(n)*lineHeight()+2*theme.Padding())
}

// Layout wraps the text to the width and places a text object per line.
func (r *toastRenderer) Layout(size fyne.Size) {
	t := r.t
	texts := wrapLines(t.text, r.textWidth(size))
	for len(r.lines) < len(texts) {
		l := canvas.NewText("", t.color)
		l.Alignment, l.TextStyle = fyne.TextAlignCenter, toastStyle
		r.lines = append(r.lines, l)
	}
	r.lines = r.lines[:len(texts)]
	pad := theme.Padding()
	for i, l := range r.lines {
		l.Text, l.Color, l.TextSize = texts[i], t.color, toastSize()
		l.Move(fyne.NewPos(pad, pad+float32(i)*lineHeight()))
		l.Resize(fyne.NewSize(r.textWidth(size), lineHeight()))
		l.Refresh()
	}
	r.bg.Resize(size)
}

// Refresh re-wraps the message and paints it, with the backdrop under a
// message when the toast has one.
func (r *toastRenderer) Refresh() {
	r.bg.FillColor = color.Transparent
	if r.t.backdrop && r.t.text != "" {
		r.bg.FillColor = theme.Color(theme.ColorNameBackground)
	}
	r.bg.Refresh()
	r.Layout(r.t.Size())
}
