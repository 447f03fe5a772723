package checkerboard

import (
	"time"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/driver/desktop"

	"github.com/tabulagames/tabula/ui/boards/kit"
)

// play submits the placement on sq; a refusal says why and flashes it.
func (b *Board) play(sq int) {
	tok := b.m.Token(sq)
	if tok == "" {
		return
	}
	if err := b.host.Submit(tok); err != nil {
		b.host.Refuse(err.Error())
		if r := b.r; r != nil {
			r.t.Flash(sq, time.Duration(b.host.Motion().Scale(400))*time.Millisecond)
		}
	}
}

func (b *Board) Tapped(ev *fyne.PointEvent) {
	if sq := b.territory().Square(ev.Position); sq >= 0 {
		b.m.Cursor = -1
		b.play(sq)
	}
}

// TappedSecondary (a right-click, or a long press on a phone) describes a
// square, and with FIFO on says when a mark is the next to go.
func (b *Board) TappedSecondary(ev *fyne.PointEvent) {
	if sq := b.territory().Square(ev.Position); sq >= 0 {
		b.host.Say(b.m.Explain(sq))
	}
}

// MouseIn, MouseMoved and MouseOut show a faint ghost of the mark a click
// would place.
func (b *Board) MouseIn(ev *desktop.MouseEvent) { b.MouseMoved(ev) }
func (b *Board) MouseMoved(ev *desktop.MouseEvent) {
	if sq := b.territory().Square(ev.Position); sq != b.hover {
		b.hover = sq
		b.Refresh()
	}
}
func (b *Board) MouseOut() { b.hover = -1; b.Refresh() }

// Key: arrows move the cursor (it appears on the last move, or near the
// middle), Enter or Space places there. Escape hides the cursor and is
// not used, so the screen can go back.
func (b *Board) Key(k fyne.KeyName) bool {
	m := &b.m
	switch {
	case kit.IsArrow(k):
		if m.Cursor < 0 || m.Cursor >= m.N*m.N {
			m.Cursor = m.CursorStart()
		} else {
			m.Cursor = kit.ArrowStep(m.Cursor, m.N, k)
		}
		b.Refresh()
		return true
	case k == fyne.KeyReturn || k == fyne.KeyEnter || k == fyne.KeySpace:
		if m.Cursor < 0 {
			return false
		}
		b.play(m.Cursor)
		return true
	case k == fyne.KeyEscape && m.Cursor >= 0:
		m.Cursor = -1
		b.Refresh()
	}
	return false
}
