package infiltration

import (
	"time"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/driver/desktop"

	"github.com/tabulagames/tabula/ui/boards/kit"
)

// act carries out what the model said an input means: submit a token (a
// refusal says why and flashes the square), or show a refusal.
func (b *Board) act(r Reply) {
	switch {
	case r.Token != "":
		if err := b.host.Submit(r.Token); err != nil {
			b.refuse(err.Error(), r.Square)
		}
	case r.Refusal != "":
		b.refuse(r.Refusal, r.Square)
	}
	b.refreshControls()
	b.Refresh()
}

func (b *Board) refuse(msg string, sq int) {
	b.host.Refuse(msg)
	if b.r != nil && sq >= 0 {
		b.r.t.Flash(sq, time.Duration(b.host.Motion().Scale(400))*time.Millisecond)
	}
}

// busy reports whether a piece is still sliding.
func (b *Board) busy() bool { return b.anim.f < 1 }

func (b *Board) Tapped(ev *fyne.PointEvent) {
	b.m.Cursor = -1
	b.act(b.m.Tap(b.territory().Square(ev.Position)))
}

// Dragged picks up an own piece that can act and carries it with the
// pointer; its steps and captures show as for a selection. DragEnd plays
// it on the square under the pointer, exactly as a tap there would after
// selecting it (so a refused target says why and keeps the selection).
// A drag that starts on a piece that may not move says why (Model.Lift).
func (b *Board) Dragged(ev *fyne.DragEvent) {
	if !b.dragSeen {
		b.dragSeen = true
		sq := b.territory().Square(ev.Position.Subtract(ev.Dragged))
		if b.busy() {
			return
		}
		b.act(b.m.Lift(sq)) // refuses with the reason if it cannot act (another's piece, a multi-jump's other pieces)
		if !b.m.Own(sq) || b.m.Sel != sq {
			return
		}
		b.dragFrom, b.m.Cursor = sq, -1
	}
	if b.dragFrom < 0 {
		return
	}
	b.dragPos = ev.Position
	b.hover = b.territory().Square(ev.Position)
	b.Refresh()
}

func (b *Board) DragEnd() {
	from, to := b.dragFrom, b.territory().Square(b.dragPos)
	b.dragFrom, b.dragSeen = -1, false
	if from < 0 {
		return
	}
	if to >= 0 && to != from && b.m.Sel == from && b.m.Input {
		b.dropping = true
		b.act(b.m.Tap(to))
		b.dropping = false
	}
	b.Refresh()
}

// TappedSecondary (a right-click, or a long press on a phone) shows what
// a piece can do (Model.LongPress).
func (b *Board) TappedSecondary(ev *fyne.PointEvent) {
	sq := b.territory().Square(ev.Position)
	if sq < 0 {
		return
	}
	b.m.Cursor = -1
	r, say := b.m.LongPress(sq, b.busy())
	b.act(r)
	if say != "" {
		b.host.Say(say)
	}
}

// MouseIn, MouseMoved and MouseOut show a faint ghost of the piece a
// click would drop.
func (b *Board) MouseIn(ev *desktop.MouseEvent) { b.MouseMoved(ev) }
func (b *Board) MouseMoved(ev *desktop.MouseEvent) {
	if sq := b.territory().Square(ev.Position); sq != b.hover {
		b.hover = sq
		b.Refresh()
	}
}
func (b *Board) MouseOut() { b.hover = -1; b.Refresh() }

// Key: arrows move the cursor, Enter or Space tap it, M and K take a man
// or a king from the hand, Escape cancels a selection (and is not used
// when nothing is selected, so the screen can go back).
func (b *Board) Key(k fyne.KeyName) bool {
	m := &b.m
	switch k {
	case fyne.KeyUp, fyne.KeyDown, fyne.KeyLeft, fyne.KeyRight:
		if m.Cursor < 0 {
			m.Cursor = m.CursorStart()
		} else {
			m.Cursor = kit.ArrowStep(m.Cursor, 8, k)
		}
		b.Refresh()
		return true
	case fyne.KeyReturn, fyne.KeyEnter, fyne.KeySpace:
		if m.Cursor < 0 {
			return false
		}
		b.act(m.Tap(m.Cursor))
		return true
	case fyne.KeyM, fyne.KeyK:
		if m.Mover < 0 {
			return false
		}
		kind := 0
		if k == fyne.KeyK {
			kind = 1
		}
		b.act(m.ChooseHand(m.Mover, kind))
		return true
	case fyne.KeyEscape:
		r, used := m.Escape()
		b.act(r)
		return used
	}
	return false
}
