package revenge

import (
	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/driver/desktop"

	"github.com/tabulagames/tabula/ui/boards/kit"
)

// play does what a tap on sq means: submit a move, refuse it with the
// reason (the square flashes), or ask before a reinforcement.
func (b *Board) play(sq int) {
	b.refused = -1
	a := b.m.Act(sq)
	switch {
	case a.Refusal != "":
		b.refuseLocked(sq)
	case a.Token != "":
		b.submit(sq, a.Token)
	}
	b.ctl.refresh()
	b.Refresh()
}

func (b *Board) submit(sq int, token string) {
	if err := b.host.Submit(token); err != nil {
		b.refuse(sq, err.Error())
	}
}

// refuse says why the session refused a tap on sq, on the screen's
// message line.
func (b *Board) refuse(sq int, why string) {
	b.host.Refuse(why)
	b.flash(sq)
}

// refuseLocked refuses a tap on a locked square. Where there is a mouse,
// the line under the badges already says why while the square is pointed
// at: the refusal is said there, once, in the colour of a refusal, until
// the pointer or the cursor moves on; on a phone, on the message line.
func (b *Board) refuseLocked(sq int) {
	if b.ctl.phone {
		b.refuse(sq, b.m.Locks[sq])
		return
	}
	b.refused = sq
	b.flash(sq)
}

func (b *Board) flash(sq int) {
	if b.r != nil {
		b.r.flashAt(sq)
	}
}

// confirm plays the reinforcement the board asked about; cancel drops it.
func (b *Board) confirm() {
	sq := b.m.Pending
	if tok := b.m.Confirm(); tok != "" {
		b.submit(sq, tok)
	}
	b.ctl.refresh()
	b.Refresh()
}

func (b *Board) cancel() {
	b.m.Pending = -1
	b.ctl.refresh()
	b.Refresh()
}

// focusText is why the last tap was refused (refused), or what the
// square under the mouse, else under the keyboard cursor, means; with
// neither, what a tap means while a person plays.
func (b *Board) focusText() (text string, refused bool) {
	if b.m.onBoard(b.refused) && b.m.Locks[b.refused] != "" {
		return b.m.Locks[b.refused], true
	}
	for _, sq := range []int{b.hover, b.m.Cursor} {
		if b.m.onBoard(sq) {
			return b.m.Explain(sq), false
		}
	}
	if b.m.Input {
		return Legend, false
	}
	return "", false
}

func (b *Board) squareAt(p fyne.Position) int {
	f, r, ok := b.grid().At(p)
	if !ok {
		return -1
	}
	return r*b.m.N + f
}

// Tapped plays the square under the pointer.
func (b *Board) Tapped(ev *fyne.PointEvent) {
	if sq := b.squareAt(ev.Position); sq >= 0 {
		b.m.Cursor = -1
		b.play(sq)
	}
}

// TappedSecondary (a right-click, or a long press on a phone) says what a
// square means: its lock's reason, or what a tap would do there.
func (b *Board) TappedSecondary(ev *fyne.PointEvent) {
	if sq := b.squareAt(ev.Position); sq >= 0 {
		b.host.Say(b.m.Explain(sq))
	}
}

// MouseIn, MouseMoved and MouseOut preview what a click would do and say
// what the square means under the board.
func (b *Board) MouseIn(ev *desktop.MouseEvent) { b.MouseMoved(ev) }
func (b *Board) MouseMoved(ev *desktop.MouseEvent) {
	if sq := b.squareAt(ev.Position); sq != b.hover {
		b.hover = sq
		if sq != b.refused {
			b.refused = -1
		}
		b.ctl.refresh()
		b.Refresh()
	}
}
func (b *Board) MouseOut() {
	b.hover, b.refused = -1, -1
	b.ctl.refresh()
	b.Refresh()
}

// Key: arrows move the cursor (it appears on the last move, or near the
// middle), Enter or Space act on it as a tap; with no cursor they confirm
// a reinforcement the board asked about.
func (b *Board) Key(k fyne.KeyName) bool {
	m := &b.m
	switch {
	case kit.IsArrow(k):
		b.refused = -1
		if !m.onBoard(m.Cursor) {
			m.Cursor = m.CursorStart()
		} else {
			m.Cursor = kit.ArrowStep(m.Cursor, m.N, k)
		}
		b.ctl.refresh()
		b.Refresh()
		return true
	case k == fyne.KeyReturn || k == fyne.KeyEnter || k == fyne.KeySpace:
		switch {
		case m.onBoard(m.Cursor):
			b.play(m.Cursor)
		case m.onBoard(m.Pending):
			b.confirm()
		default:
			return false
		}
		return true
	}
	return false
}
