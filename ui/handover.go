package ui

import (
	"fmt"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/canvas"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/driver/desktop"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"

	"github.com/tabulagames/tabula/ui/boards/kit"
)

// handOver is the cover over the board while the device is handed to
// the next person, and its words and button; before it, Continue, while
// everyone looks at the turn just played.
type handOver struct {
	cover        *fyne.Container // hides the board until the device is handed over
	handOverText *widget.Label
	handOverBtn  *widget.Button
	turnShown    *fyne.Container // Continue, at the board's foot, while the turn shows
	continueBtn  *widget.Button
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
	return container.NewStack(gs.cover, gs.newContinue())
}

// newContinue is the button that ends the showing of the turn just
// played (Session.ShowingTurn), which the board draws and tells in its
// words under it ("Turn 5: Ana jumps to c5; Ben jumps to f4"); then
// comes the hand-over. It sits in the board's bottom right corner: beside
// the squares on a desktop, in the band a phone's board leaves at its
// foot meanwhile (knights), so it hides nothing of the turn.
func (gs *gameScreen) newContinue() fyne.CanvasObject {
	gs.continueBtn = widget.NewButtonWithIcon("Continue", theme.NavigateNextIcon(), func() {
		gs.session.Continue()
		gs.focusBoard() // not the hidden button: Tab goes on to the hand-over's
	})
	gs.continueBtn.Importance = widget.HighImportance
	gs.turnShown = &fyne.Container{Layout: cornerLayout{}, Objects: []fyne.CanvasObject{kit.Touch(gs.continueBtn)}}
	gs.turnShown.Hide()
	return gs.turnShown
}

// cornerLayout puts one object, at its own size, in the bottom right
// corner.
type cornerLayout struct{}

func (cornerLayout) MinSize([]fyne.CanvasObject) fyne.Size { return fyne.Size{} }

func (cornerLayout) Layout(objs []fyne.CanvasObject, size fyne.Size) {
	o, ms := objs[0], objs[0].MinSize()
	o.Resize(ms)
	o.Move(fyne.NewPos(size.Width-ms.Width, size.Height-ms.Height))
}

// showTurn offers Continue while the session shows the turn just played.
func (gs *gameScreen) showTurn() { showIf(gs.turnShown, gs.session.ShowingTurn()) }

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

// showHandOver shows the turn just played to everyone, or the cover
// while the device waits for the next person.
func (gs *gameScreen) showHandOver() {
	gs.showTurn()
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
