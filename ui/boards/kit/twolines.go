package kit

import (
	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/widget"
)

// TwoLines holds a wrapping label in the room of two lines of its size,
// always, its words in the middle: words that come and go, one line or
// two, never move what is around them (the board above), and words
// longer than two lines end in an ellipsis (the move list holds them
// whole). Set the label's SizeName before.
func TwoLines(label *widget.Label) *fyne.Container {
	label.Wrapping = fyne.TextWrapWord
	label.Truncation = fyne.TextTruncateEllipsis
	two := widget.NewLabel("1\n2")
	two.SizeName = label.SizeName
	measure := widget.NewLabel("")
	measure.SizeName, measure.Wrapping = label.SizeName, fyne.TextWrapWord
	return container.New(&lineRoom{height: two.MinSize().Height, measure: measure}, label)
}

// lineRoom lays out one wrapping label in a fixed height, its words in
// the middle; measure is a label like it, without the ellipsis, that
// says how tall its words are when wrapped.
type lineRoom struct {
	height  float32
	measure *widget.Label
}

func (l *lineRoom) MinSize(objs []fyne.CanvasObject) fyne.Size {
	return fyne.NewSize(objs[0].MinSize().Width, l.height)
}

func (l *lineRoom) Layout(objs []fyne.CanvasObject, size fyne.Size) {
	label := objs[0].(*widget.Label)
	l.measure.SetText(label.Text)
	l.measure.Resize(fyne.NewSize(size.Width, l.height))
	h := min(size.Height, l.measure.MinSize().Height)
	label.Move(fyne.NewPos(0, (size.Height-h)/2))
	label.Resize(fyne.NewSize(size.Width, h))
}
