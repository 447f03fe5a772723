package ui

import (
	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/dialog"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"
)

// The forms and lists of the dialogs fit the width they are given: on a
// phone, or in a narrow window, every label stands above its control and a
// list row keeps its buttons behind a tap, so nothing is cut off and
// nothing scrolls sideways.

// dialogSize is the size a dialog asks for, w by h, made smaller on a
// small window so that the dialog stays inside it.
func (u *App) dialogSize(w, h float32) fyne.Size {
	ws := u.win.Canvas().Size()
	if ws.Width > 0 {
		w = min(w, ws.Width*0.95)
		h = min(h, ws.Height*0.92)
	}
	return fyne.NewSize(w, h)
}

// minControlWidth is the least width a control gets beside its label; with
// less room, the label goes above it.
const minControlWidth = 200

// formRow is a label and its control; an empty label leaves the label
// column blank (a check box that says what it is).
type formRow struct {
	label   string
	control fyne.CanvasObject
}

// newForm lays out rows of a label and a control: side by side when the
// width allows, else (and always on a phone) each label above its control.
func newForm(phone bool, rows ...formRow) *fyne.Container {
	objects := make([]fyne.CanvasObject, 0, 2*len(rows))
	for _, r := range rows {
		l := widget.NewLabel(r.label)
		l.Wrapping = fyne.TextWrapWord // above its control, on a small screen
		if r.label == "" {
			l.Hide()
		}
		objects = append(objects, l, r.control)
	}
	return container.New(&formLayout{phone: phone}, objects...)
}

// formLayout places pairs of objects (label, control). Its height depends
// on the width it was last laid out at, as a wrapping label's does.
type formLayout struct {
	phone bool
	width float32 // the width of the last layout; 0 before the first
}

// stacked reports whether labels go above their controls at this width.
func (l *formLayout) stacked(objects []fyne.CanvasObject, width float32) bool {
	if l.phone {
		return true
	}
	if width == 0 {
		return false
	}
	labels, controls := l.columns(objects)
	return width < labels+theme.Padding()+max(controls, minControlWidth)
}

// columns are the widths the widest label (on one line) and the widest
// control need.
func (l *formLayout) columns(objects []fyne.CanvasObject) (labels, controls float32) {
	for i := 0; i+1 < len(objects); i += 2 {
		if objects[i].Visible() {
			labels = max(labels, oneLineWidth(objects[i]))
		}
		controls = max(controls, objects[i+1].MinSize().Width)
	}
	return labels, controls
}

// oneLineWidth is the width a label needs to stand on one line (a
// wrapping label's MinSize is as narrow as its longest word).
func oneLineWidth(o fyne.CanvasObject) float32 {
	l, ok := o.(*widget.Label)
	if !ok {
		return o.MinSize().Width
	}
	return fyne.MeasureText(l.Text, theme.TextSize(), l.TextStyle).Width + 2*theme.InnerPadding()
}

// heightAt is o's height at a width (a wrapping label grows taller as it
// narrows).
func heightAt(o fyne.CanvasObject, width float32) float32 {
	o.Resize(fyne.NewSize(width, o.Size().Height))
	return o.MinSize().Height
}

func (l *formLayout) Layout(objects []fyne.CanvasObject, size fyne.Size) {
	l.width = size.Width
	stacked := l.stacked(objects, size.Width)
	labelW, _ := l.columns(objects)
	pad := theme.Padding()
	y := float32(0)
	for i := 0; i+1 < len(objects); i += 2 {
		label, ctl := objects[i], objects[i+1]
		lh, ch := label.MinSize().Height, ctl.MinSize().Height
		switch {
		case !label.Visible():
			lh = 0
		case stacked:
			lh = heightAt(label, size.Width)
		}
		if stacked {
			if label.Visible() {
				label.Move(fyne.NewPos(0, y))
				label.Resize(fyne.NewSize(size.Width, lh))
				y += lh
			}
			ctl.Move(fyne.NewPos(0, y))
			ctl.Resize(fyne.NewSize(size.Width, ch))
			y += ch + pad
			continue
		}
		h := max(lh, ch)
		label.Move(fyne.NewPos(0, y))
		label.Resize(fyne.NewSize(labelW, h))
		ctl.Move(fyne.NewPos(labelW+pad, y))
		ctl.Resize(fyne.NewSize(size.Width-labelW-pad, h))
		y += h + pad
	}
}

// MinSize is as narrow as the stacked form, whose labels wrap, so a form
// never widens its dialog or the window; its height is that of the last
// layout's shape.
func (l *formLayout) MinSize(objects []fyne.CanvasObject) fyne.Size {
	_, controls := l.columns(objects)
	stacked := l.stacked(objects, l.width)
	var h float32
	for i := 0; i+1 < len(objects); i += 2 {
		lh, ch := objects[i].MinSize().Height, objects[i+1].MinSize().Height
		switch {
		case !objects[i].Visible():
			lh = 0
		case stacked && l.width > 0:
			lh = heightAt(objects[i], l.width)
		}
		if stacked {
			h += lh + ch
		} else {
			h += max(lh, ch)
		}
		if i > 0 {
			h += theme.Padding()
		}
	}
	return fyne.NewSize(controls, h)
}

// ---- list rows ----

// rowAction is something a list row offers: Open, Export, Delete...
type rowAction struct {
	label    string
	icon     fyne.Resource
	run      func()
	disabled bool
}

func (a rowAction) button() *widget.Button {
	b := widget.NewButtonWithIcon(a.label, a.icon, a.run)
	if a.disabled {
		b.Disable()
	}
	return b
}

// listRow is one file in a dialog's list: a bold title, a line of detail
// (red when the file cannot be used) and its actions. Where the width
// allows, the actions are buttons at the end of the row; on a phone or in
// a narrow dialog a "more" button stands for them. A tap anywhere on the
// row opens its actions too, in a sheet as wide as the screen allows.
func (u *App) listRow(kind, title, detail string, bad bool, actions ...rowAction) fyne.CanvasObject {
	head := widget.NewLabelWithStyle(title, fyne.TextAlignLeading, fyne.TextStyle{Bold: true})
	head.Wrapping = fyne.TextWrapWord
	sub := widget.NewLabel(detail)
	sub.Wrapping = fyne.TextWrapWord
	sub.Importance = widget.LowImportance
	if bad {
		sub.Importance = widget.DangerImportance
	}
	open := func() { u.rowActions(kind, title, detail, bad, actions) }
	inline := container.NewHBox()
	for _, a := range actions {
		inline.Add(a.button())
	}
	more := widget.NewButtonWithIcon("", theme.MoreVerticalIcon(), open)
	body := container.New(&rowLayout{phone: u.mobile}, container.NewVBox(head, sub), container.NewCenter(inline), container.NewCenter(more))
	return container.NewVBox(newTappable(body, open), widget.NewSeparator())
}

// rowActions shows a row's actions in a dialog of kind ("Saved game"),
// one full-width button each under the row's title and detail.
func (u *App) rowActions(kind, title, detail string, bad bool, actions []rowAction) {
	var dlg dialog.Dialog
	head := widget.NewLabelWithStyle(title, fyne.TextAlignLeading, fyne.TextStyle{Bold: true})
	head.Wrapping = fyne.TextWrapWord
	sub := widget.NewLabel(detail)
	sub.Wrapping = fyne.TextWrapWord
	if bad {
		sub.Importance = widget.DangerImportance
	}
	box := container.NewVBox(head, sub)
	for _, a := range actions {
		run := a.run
		a.run = func() { dlg.Hide(); run() }
		box.Add(a.button())
	}
	dlg = dialog.NewCustom(kind, "Cancel", box, u.win)
	dlg.Resize(u.dialogSize(420, 0))
	u.show(dlg, nil)
}

// minRowText is the least width a row's text keeps beside its buttons.
const minRowText = 240

// rowLayout places a row's text and, at its end, either its buttons (wide)
// or its "more" button (narrow, and always on a phone).
type rowLayout struct{ phone bool }

// wide reports whether the buttons fit beside the text at this width.
func (r *rowLayout) wide(objects []fyne.CanvasObject, width float32) bool {
	return !r.phone && width >= minRowText+theme.Padding()+objects[1].MinSize().Width
}

func (r *rowLayout) Layout(objects []fyne.CanvasObject, size fyne.Size) {
	text, inline, more := objects[0], objects[1], objects[2]
	end := more
	if r.wide(objects, size.Width) {
		end = inline
		showOnly(inline, more)
	} else {
		showOnly(more, inline)
	}
	w := end.MinSize().Width
	end.Move(fyne.NewPos(size.Width-w, 0))
	end.Resize(fyne.NewSize(w, size.Height))
	text.Move(fyne.NewPos(0, 0))
	text.Resize(fyne.NewSize(size.Width-w-theme.Padding(), size.Height))
}

// MinSize is the narrow row's: the text and the "more" button.
func (r *rowLayout) MinSize(objects []fyne.CanvasObject) fyne.Size {
	text, more := objects[0].MinSize(), objects[2].MinSize()
	return fyne.NewSize(text.Width+theme.Padding()+more.Width, max(text.Height, more.Height, objects[1].MinSize().Height))
}

// showOnly shows on and hides off, if they are not so already.
func showOnly(on, off fyne.CanvasObject) {
	if !on.Visible() {
		on.Show()
	}
	if off.Visible() {
		off.Hide()
	}
}

// tappable makes its content answer a tap (the buttons in it keep their
// own taps).
type tappable struct {
	widget.BaseWidget
	content fyne.CanvasObject
	onTap   func()
}

func newTappable(content fyne.CanvasObject, onTap func()) *tappable {
	t := &tappable{content: content, onTap: onTap}
	t.ExtendBaseWidget(t)
	return t
}

func (t *tappable) Tapped(*fyne.PointEvent) { t.onTap() }

func (t *tappable) CreateRenderer() fyne.WidgetRenderer {
	return widget.NewSimpleRenderer(t.content)
}
