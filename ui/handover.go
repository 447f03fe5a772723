package ui

import (
	"fmt"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/canvas"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/driver/desktop"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"
)

// handOver is the cover over the board while the device is handed to
// the next person, and its words and button.
type handOver struct {
	cover        *fyne.Container // hides the board until the device is handed over
	handOverText *widget.Label
	handOverBtn  *widget.Button
}

// handOverCover hides the board between two people's secret picks on one
// device: "Rose: your move. Others, look away." and a button for Rose.
func (gs *gameScreen) handOverCover() fyne.CanvasObject {
	gs.handOverText = widget.NewLabelWithStyle("", fyne.TextAlignCenter, fyne.TextStyle{Bold: true})
	gs.handOverText.Wrapping = fyne.TextWrapWord
	gs.handOverBtn = widget.NewButtonWithIcon("", theme.VisibilityIcon(), func() {
		if seat, ok := gs.session.HandOver(); ok {
			gs.session.Reveal(seat)
			gs.focusBoard() // the keys go to the board again, not the hidden button
		}
	})
	gs.handOverBtn.Importance = widget.HighImportance
	gs.cover = container.NewStack(newBlocker(), container.NewCenter(container.NewVBox(gs.handOverText, container.NewCenter(gs.handOverBtn))))
	gs.cover.Hide()
	return gs.cover
}

// blocker is the hand-over cover's background: it takes the pointer, so
// the board under the cover can be neither tapped, long-pressed, dragged
// nor hovered.
type blocker struct{ widget.BaseWidget }

func newBlocker() *blocker {
	b := &blocker{}
	b.ExtendBaseWidget(b)
	return b
}

func (b *blocker) CreateRenderer() fyne.WidgetRenderer {
	return &blockerRenderer{bg: canvas.NewRectangle(theme.Color(theme.ColorNameBackground))}
}

// blockerRenderer reads the background colour in Refresh, so the cover
// follows a theme switch (a phone's system theme arrives after start).
type blockerRenderer struct{ bg *canvas.Rectangle }

func (r *blockerRenderer) Layout(size fyne.Size)        { r.bg.Resize(size) }
func (r *blockerRenderer) MinSize() fyne.Size           { return fyne.Size{} }
func (r *blockerRenderer) Objects() []fyne.CanvasObject { return []fyne.CanvasObject{r.bg} }
func (r *blockerRenderer) Destroy()                     {}
func (r *blockerRenderer) Refresh() {
	r.bg.FillColor = theme.Color(theme.ColorNameBackground)
	r.bg.Refresh()
}
func (*blocker) Tapped(*fyne.PointEvent)          {}
func (*blocker) TappedSecondary(*fyne.PointEvent) {}
func (*blocker) Dragged(*fyne.DragEvent)          {}
func (*blocker) DragEnd()                         {}
func (*blocker) MouseIn(*desktop.MouseEvent)      {}
func (*blocker) MouseMoved(*desktop.MouseEvent)   {}
func (*blocker) MouseOut()                        {}

// showHandOver shows the cover while the device waits for the next person.
func (gs *gameScreen) showHandOver() {
	seat, ok := gs.session.HandOver()
	if !ok || gs.holdingBack() {
		// The board first tells the turn just resolved, which every
		// player may see (it shows nobody's secrets while it waits).
		gs.cover.Hide()
		return
	}
	name := gs.session.Seats[seat].Name
	gs.handOverText.SetText(fmt.Sprintf("%s: your move. Everyone else, please look away.", name))
	gs.handOverBtn.SetText(fmt.Sprintf("I am %s: show my board", name))
	gs.cover.Show()
}
