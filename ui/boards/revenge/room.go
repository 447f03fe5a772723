package revenge

import (
	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/widget"
)

// A place under the board keeps the room of the tallest thing it may say
// at its width, whatever it says now: the board above it takes what is
// left, so it never moves while a question is asked, a refusal is
// shown, or the pointer goes from square to square. Only a change of
// width (the window) changes the room.

// part is some of what a place may say (texts) and a copy of what shows
// it (probe), to measure them on.
type part struct {
	texts func() []string
	probe *probe
}

// probe is a copy of a label, or of the question with its buttons, that
// is never shown: texts are measured on it.
type probe struct {
	label *widget.Label
	obj   fyne.CanvasObject
}

// newProbe makes a probe of obj, which holds label (obj is the label
// itself when nil).
func newProbe(label *widget.Label, obj fyne.CanvasObject) *probe {
	if obj == nil {
		obj = label
	}
	return &probe{label: label, obj: obj}
}

// height is how tall the probe is with text at width.
func (p *probe) height(text string, width float32) float32 {
	p.label.SetText(text)
	p.obj.Resize(fyne.NewSize(width, p.obj.MinSize().Height))
	return p.obj.MinSize().Height
}

// room is the height a place keeps: the tallest of its parts' texts at
// a width, remembered until the width or the texts change (version says
// when they do).
type room struct {
	parts   []part
	version func() int
	width   float32
	seen    int
	height  float32
}

func (r *room) at(width float32) float32 {
	if v := r.version(); width != r.width || v != r.seen {
		r.width, r.seen, r.height = width, v, 0
		for _, p := range r.parts {
			for _, t := range p.texts() {
				r.height = max(r.height, p.probe.height(t, width))
			}
		}
	}
	return r.height
}

// keep lays out a place: its objects one over the other (a line and the
// question that takes its place; other may be nil), as tall as its room.
func keep(line, other fyne.CanvasObject, version func() int, parts ...part) *fyne.Container {
	objs := []fyne.CanvasObject{line}
	if other != nil {
		objs = append(objs, other)
	}
	return container.New(&kept{room: &room{parts: parts, version: version}}, objs...)
}

type kept struct{ room *room }

// MinSize is the room at the width the place has now; before it has one,
// what its objects ask.
func (k *kept) MinSize(objs []fyne.CanvasObject) fyne.Size {
	var size fyne.Size
	for _, o := range objs {
		size = size.Max(o.MinSize())
	}
	if w := objs[0].Size().Width; w > 0 {
		size.Height = max(size.Height, k.room.at(w))
	}
	return size
}

func (k *kept) Layout(objs []fyne.CanvasObject, size fyne.Size) {
	for _, o := range objs {
		o.Move(fyne.NewPos(0, 0))
		o.Resize(size)
	}
}
