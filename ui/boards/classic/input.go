package classic

import (
	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/driver/desktop"

	"github.com/tabulagames/tabula/ui/boards/kit"
)

// play submits the move on sq; a refusal says why and flashes the square.
func (b *Board) play(sq int) {
	tok := Token(sq)
	if tok == "" {
		return
	}
	if err := b.host.Submit(tok); err != nil {
		b.host.Refuse(err.Error())
		b.flash(sq)
	}
}

// Tapped plays the square under the pointer.
func (b *Board) Tapped(ev *fyne.PointEvent) {
	if sq := b.squareAt(ev.Position); sq >= 0 {
		b.m.Cursor = -1
		b.play(sq)
	}
}

func (b *Board) squareAt(p fyne.Position) int {
	f, r, ok := b.grid().At(p)
	if !ok {
		return -1
	}
	return r*3 + f
}

// MouseIn, MouseMoved and MouseOut show a faint ghost of the mark a click
// would place.
func (b *Board) MouseIn(ev *desktop.MouseEvent) { b.MouseMoved(ev) }
func (b *Board) MouseMoved(ev *desktop.MouseEvent) {
	if sq := b.squareAt(ev.Position); sq != b.hover {
		b.hover = sq
		b.Refresh()
	}
}
func (b *Board) MouseOut() { b.hover = -1; b.Refresh() }

// Key: arrows move the cursor, Enter/Space play it, 1-9 play directly
// (7 8 9 is the top rank, as on a numeric keypad), Escape hides the cursor
// (and is left to the screen when there is none).
func (b *Board) Key(k fyne.KeyName) bool {
	m := &b.m
	switch {
	case kit.IsArrow(k) && m.Cursor < 0:
		m.Cursor = 4 // the first arrow shows the cursor on b2
	case kit.IsArrow(k):
		m.Cursor = kit.ArrowStep(m.Cursor, 3, k)
	default:
		return b.keyAct(k)
	}
	b.Refresh()
	return true
}

// keyAct: Enter or Space plays the cursor, Escape hides it, 1-9 play.
func (b *Board) keyAct(k fyne.KeyName) bool {
	m := &b.m
	switch k {
	case fyne.KeyReturn, fyne.KeyEnter, fyne.KeySpace:
		if m.Cursor < 0 {
			return false
		}
		b.play(m.Cursor)
		return true
	case fyne.KeyEscape:
		if m.Cursor < 0 {
			return false
		}
		m.Cursor = -1
	default:
		if len(k) != 1 || KeypadSquare(rune(k[0])) < 0 {
			return false
		}
		b.play(KeypadSquare(rune(k[0])))
		return true
	}
	b.Refresh()
	return true
}
