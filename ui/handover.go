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
// the next person, and its words and button; before it, the card that
// tells everyone the turn just played, with Continue.
type handOver struct {
	cover        *fyne.Container // hides the board until the device is handed over
	handOverText *widget.Label
	handOverBtn  *widget.Button
	turnCard     *fyne.Container // the turn just played, at the foot of the board
	turnText     *widget.Label
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
	return container.NewStack(gs.cover, gs.newTurnCard())
}

// newTurnCard is the card that shows everyone at the device what the
// turn they picked in secret did ("Turn 5: Ana jumps to c5; Ben jumps to
// f4."), over the foot of the board that shows it, until one of them
// presses Continue (Session.ShowingTurn); then comes the hand-over.
func (gs *gameScreen) newTurnCard() fyne.CanvasObject {
	gs.turnText = widget.NewLabel("")
	gs.turnText.Wrapping = fyne.TextWrapWord
	gs.continueBtn = widget.NewButtonWithIcon("Continue", theme.NavigateNextIcon(), func() {
		gs.session.Continue()
		gs.focusBoard() // not the hidden button: Tab goes on to the hand-over's
	})
	gs.continueBtn.Importance = widget.HighImportance
	words := container.NewBorder(nil, nil, nil, container.NewCenter(gs.continueBtn), gs.turnText)
	card := container.NewStack(newCardBlocker(), container.NewPadded(words))
	gs.turnCard = &fyne.Container{Layout: footLayout{}, Objects: []fyne.CanvasObject{card}}
	gs.turnCard.Hide()
	return gs.turnCard
}

// footLayout puts the turn card at the foot of the board, as wide as the
// board allows up to a reading width, as tall as its words: the board
// above it stays in view.
type footLayout struct{}

func (footLayout) MinSize([]fyne.CanvasObject) fyne.Size { return fyne.Size{} }

func (footLayout) Layout(objs []fyne.CanvasObject, size fyne.Size) {
	card, pad := objs[0], theme.Padding()
	w := max(0, min(size.Width-2*pad, 560))
	card.Resize(fyne.NewSize(w, size.Height)) // the wrapped words' height follows from the width
	h := min(card.MinSize().Height, size.Height)
	card.Resize(fyne.NewSize(w, h))
	card.Move(fyne.NewPos((size.Width-w)/2, size.Height-h-pad))
}

// showTurn shows the turn card while the session shows the turn just
// played, with that turn in the move list's words.
func (gs *gameScreen) showTurn() {
	s := gs.session
	if !s.ShowingTurn() {
		gs.turnCard.Hide()
		return
	}
	i := s.Plies() - 1
	text := gs.moveText(i)
	if jt, ok := gs.board.(kit.JointTeller); ok {
		text = fmt.Sprintf("Turn %d: %s.", i+1, jt.JointMoveText(gs.frame(), i, gs.maskSeat))
	}
	gs.turnText.SetText(text)
	gs.turnCard.Show()
}

// blocker is the hand-over cover's background: it takes the pointer, so
// the board under the cover can be neither tapped, long-pressed, dragged
// nor hovered. The turn card's background is one too (card), so a tap on
// the card does not reach the board under it.
type blocker struct {
	widget.BaseWidget
	card bool
}

func newBlocker() *blocker {
	b := &blocker{}
	b.ExtendBaseWidget(b)
	return b
}

// newCardBlocker is a card's background: rounded, in the overlay colour.
func newCardBlocker() *blocker {
	b := &blocker{card: true}
	b.ExtendBaseWidget(b)
	return b
}

func (b *blocker) CreateRenderer() fyne.WidgetRenderer {
	r := &blockerRenderer{bg: canvas.NewRectangle(theme.Color(theme.ColorNameBackground)), card: b.card}
	r.Refresh()
	return r
}

// blockerRenderer reads the background colour in Refresh, so the cover
// follows a theme switch (a phone's system theme arrives after start).
type blockerRenderer struct {
	bg   *canvas.Rectangle
	card bool
}

func (r *blockerRenderer) Layout(size fyne.Size)        { r.bg.Resize(size) }
func (r *blockerRenderer) MinSize() fyne.Size           { return fyne.Size{} }
func (r *blockerRenderer) Objects() []fyne.CanvasObject { return []fyne.CanvasObject{r.bg} }
func (r *blockerRenderer) Destroy()                     {}
func (r *blockerRenderer) Refresh() {
	r.bg.FillColor = theme.Color(theme.ColorNameBackground)
	if r.card {
		r.bg.FillColor = theme.Color(theme.ColorNameOverlayBackground)
		r.bg.CornerRadius = theme.InputRadiusSize()
		r.bg.StrokeColor, r.bg.StrokeWidth = kit.WithAlpha(kit.Ink(), 0x40), 1
	}
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
