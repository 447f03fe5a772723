package kit

import (
	"image/color"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/canvas"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/driver/desktop"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"
)

// Chip is a button with an icon of the size its board asks for
// (infiltration's hand chips, whose pieces grow with the squares): it
// draws as a Fyne button with an icon and a bold label does, in the same
// theme colours for its importance, hover, focus and tap, but sizes its
// icon itself. A Fyne button takes its icon's size from the theme, and a
// theme override to change it costs for as long as the app runs: Fyne
// keeps what lay under an override, and the fonts parsed for it.
type Chip struct {
	widget.BaseWidget
	Text       string
	Icon       fyne.Resource
	IconSize   float32 // the icon's side; the theme's inline icon size if 0
	Importance widget.Importance
	OnTapped   func()
	// Narrow takes the small padding at the sides instead of the inner
	// one, for a row of chips on a narrow phone; the height keeps the
	// inner padding, and so the touch target.
	Narrow bool

	hovered, focused bool
	r                *chipRenderer // its renderer, for the tap's ripple
}

var (
	_ fyne.Tappable     = (*Chip)(nil)
	_ fyne.Focusable    = (*Chip)(nil)
	_ desktop.Hoverable = (*Chip)(nil)
	_ fyne.Accessible   = (*Chip)(nil)
)

// NewChip is a chip showing icon and text that calls tapped when tapped.
func NewChip(text string, icon fyne.Resource, tapped func()) *Chip {
	c := &Chip{Text: text, Icon: icon, OnTapped: tapped}
	c.ExtendBaseWidget(c)
	return c
}

// SetText changes the label.
func (c *Chip) SetText(text string) {
	c.Text = text
	c.Refresh()
}

// SetIconSize changes the icon's side (a change of size lays the chip
// and what holds it out again).
func (c *Chip) SetIconSize(size float32) {
	if c.IconSize == size {
		return
	}
	c.IconSize = size
	c.Refresh()
}

func (c *Chip) iconSize() float32 {
	if c.IconSize > 0 {
		return c.IconSize
	}
	return theme.Size(theme.SizeNameInlineIcon)
}

// Tapped takes the focus off any other widget, as a button does, plays
// the tap's ripple and calls OnTapped.
func (c *Chip) Tapped(*fyne.PointEvent) {
	if cv := fyne.CurrentApp().Driver().CanvasForObject(c); cv != nil {
		cv.Focus(nil)
	}
	if c.r != nil && fyne.CurrentApp().Settings().ShowAnimations() {
		c.r.anim.Stop()
		c.r.rippling = true
		c.r.anim.Start()
	}
	if c.OnTapped != nil {
		c.OnTapped()
	}
}

func (c *Chip) FocusGained()                   { c.focused = true; c.Refresh() }
func (c *Chip) FocusLost()                     { c.focused = false; c.Refresh() }
func (c *Chip) TypedRune(rune)                 {}
func (c *Chip) MouseIn(*desktop.MouseEvent)    { c.hovered = true; c.Refresh() }
func (c *Chip) MouseMoved(*desktop.MouseEvent) {}
func (c *Chip) MouseOut()                      { c.hovered = false; c.Refresh() }

// TypedKey taps a focused chip on Space, as a button does.
func (c *Chip) TypedKey(ev *fyne.KeyEvent) {
	if ev.Name == fyne.KeySpace {
		c.Tapped(nil)
	}
}

func (c *Chip) AccessibilityLabel() string             { return c.Text }
func (c *Chip) AccessibilityRole() fyne.AccessibleRole { return fyne.AccessibleRoleButton }

func (c *Chip) CreateRenderer() fyne.WidgetRenderer {
	r := &chipRenderer{c: c, bg: canvas.NewRectangle(color.Transparent), tap: canvas.NewRectangle(color.Transparent),
		icon: canvas.NewImageFromResource(c.Icon), text: canvas.NewText("", color.Transparent)}
	r.icon.FillMode = canvas.ImageFillContain
	r.text.TextStyle.Bold = true
	// One container, its first rectangle the background of the rest, as
	// a stack's is: the contrast test reads the label on the chip's fill.
	r.box = container.NewWithoutLayout(r.bg, r.tap, r.icon, r.text)
	r.anim = fyne.NewAnimation(canvas.DurationStandard, r.rippleAt)
	r.anim.Curve = fyne.AnimationEaseOut
	c.r = r
	r.Refresh()
	return r
}

type chipRenderer struct {
	c    *Chip
	bg   *canvas.Rectangle // the chip's fill
	tap  *canvas.Rectangle // the ripple of a tap
	icon *canvas.Image
	text *canvas.Text
	box  *fyne.Container
	anim *fyne.Animation
	size fyne.Size // the chip's size at the last layout

	rippling bool
}

func (r *chipRenderer) Objects() []fyne.CanvasObject { return []fyne.CanvasObject{r.box} }
func (r *chipRenderer) Destroy()                     { r.anim.Stop() }

// MinSize is a button's: the icon, a padding, the label, with the inner
// padding all round.
func (r *chipRenderer) MinSize() fyne.Size {
	icon := r.c.iconSize()
	label := r.label()
	pad := 2 * theme.InnerPadding()
	side := pad
	if r.c.Narrow {
		side = 2 * theme.Padding()
	}
	return fyne.NewSize(icon+theme.Padding()+label.Width+side, max(icon, label.Height)+pad)
}

func (r *chipRenderer) label() fyne.Size {
	if r.c.Text == "" {
		return fyne.Size{}
	}
	return fyne.MeasureText(r.c.Text, theme.TextSize(), r.text.TextStyle)
}

// Layout centres the icon and the label, the label level with the
// icon's middle, as a button lays them out.
func (r *chipRenderer) Layout(size fyne.Size) {
	r.size = size
	r.box.Resize(size)
	r.bg.Resize(size)
	if !r.rippling { // else the ripple sizes it
		r.tap.Move(fyne.Position{})
		r.tap.Resize(size)
	}
	icon := r.c.iconSize()
	label := r.label()
	gap := theme.Padding()
	if label.Width == 0 {
		gap = 0
	}
	content := fyne.NewSize(icon+gap+label.Width, max(icon, label.Height))
	x := (size.Width - content.Width) / 2
	y := (size.Height - content.Height) / 2
	r.icon.Move(fyne.NewPos(x, y+(content.Height-icon)/2))
	r.icon.Resize(fyne.NewSquareSize(icon))
	r.text.Move(fyne.NewPos(x+icon+gap, y+(content.Height-label.Height)/2))
	r.text.Resize(label)
}

// Refresh reads the theme's colours for the chip's importance and state,
// as a button's renderer does.
func (r *chipRenderer) Refresh() {
	c := r.c
	fg, bg, blend := chipColorNames(c.Importance, c.hovered, c.focused)
	th, v := c.Theme(), fyne.CurrentApp().Settings().ThemeVariant()
	fill := color.Color(color.Transparent)
	if bg != "" {
		fill = th.Color(bg, v)
	}
	if blend != "" {
		fill = blendOver(fill, th.Color(blend, v))
	}
	r.bg.FillColor = fill
	r.bg.CornerRadius = th.Size(theme.SizeNameButtonRadius)
	r.bg.Refresh()
	r.text.Text = c.Text
	r.text.TextSize = th.Size(theme.SizeNameText)
	r.text.Color = th.Color(fg, v)
	r.text.Refresh()
	icon := c.Icon
	if th, ok := icon.(fyne.ThemedResource); ok && th.ThemeColorName() != fg &&
		c.Importance != widget.MediumImportance && c.Importance != widget.LowImportance {
		icon = theme.NewColoredResource(icon, fg) // a themed icon in the label's colour, as on a button
	}
	r.icon.Resource = icon
	r.icon.Refresh()
	r.Layout(c.Size())
	canvas.Refresh(c)
}

// rippleAt draws the tap's ripple at done (0 to 1): a band of the
// pressed colour that widens from the middle and fades, as a button's.
func (r *chipRenderer) rippleAt(done float32) {
	mid := r.size.Width / 2
	w := mid * done
	r.tap.Resize(fyne.NewSize(w*2, r.size.Height))
	r.tap.Move(fyne.NewPos(mid-w, 0))
	th := r.c.Theme()
	pressed := color.NRGBAModel.Convert(th.Color(theme.ColorNamePressed, fyne.CurrentApp().Settings().ThemeVariant())).(color.NRGBA)
	if fade := pressed.A - uint8(float32(pressed.A)*done); fade > 0 {
		pressed.A = fade
		r.tap.FillColor = pressed
	} else {
		r.tap.FillColor = color.Transparent
	}
	r.tap.Refresh()
	if done == 1 {
		r.rippling = false
	}
}

// chipColorNames are a button's colours for an importance: the label's,
// the fill's, and the hover or focus shade laid over the fill.
func chipColorNames(imp widget.Importance, hovered, focused bool) (fg, bg, blend fyne.ThemeColorName) {
	fg = theme.ColorNameForeground
	switch {
	case focused:
		blend = theme.ColorNameFocus
	case hovered:
		blend = theme.ColorNameHover
	}
	switch imp {
	case widget.DangerImportance:
		fg, bg = theme.ColorNameForegroundOnError, theme.ColorNameError
	case widget.HighImportance:
		fg, bg = theme.ColorNameForegroundOnPrimary, theme.ColorNamePrimary
	case widget.LowImportance:
		if blend != "" {
			bg = theme.ColorNameButton
		}
	case widget.SuccessImportance:
		fg, bg = theme.ColorNameForegroundOnSuccess, theme.ColorNameSuccess
	case widget.WarningImportance:
		fg, bg = theme.ColorNameForegroundOnWarning, theme.ColorNameWarning
	default:
		bg = theme.ColorNameButton
	}
	return fg, bg, blend
}

// blendOver lays over on under with the over operator, as Fyne blends a
// button's hover and focus shades (both alpha-premultiplied).
func blendOver(under, over color.Color) color.Color {
	ur, ug, ub, ua := under.RGBA()
	or, og, ob, oa := over.RGBA()
	mix := func(src, dst uint32) uint16 { return uint16((src + dst - dst*oa/0xFFFF) & 0xFFFF) }
	return color.RGBA64{R: mix(or, ur), G: mix(og, ug), B: mix(ob, ub), A: mix(oa, ua)}
}
