package knights

import (
	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/driver/desktop"

	"github.com/tabulagames/tabula/ui/boards/kit"
)

// act carries out what the model said an input means: submit a pick (a
// refused one says why and flashes its square), or show a refusal.
func (b *Board) act(r Reply) {
	switch {
	case r.Token != "":
		if err := b.host.Submit(r.Token); err != nil {
			b.host.Refuse(err.Error())
			b.flash(r.Square)
		}
	case r.Refusal != "":
		b.host.Refuse(r.Refusal)
		b.flash(r.Square)
	}
	b.updateControls()
	b.Refresh()
}

// confirm is the Confirm button.
func (b *Board) confirm() {
	b.skip()
	if r, used := b.m.Enter(); used {
		b.act(r)
	}
}

// squareAt is the square under a point, or -1.
func (b *Board) squareAt(p fyne.Position) int {
	if b.m.St == nil {
		return -1
	}
	f, r, ok := b.grid().At(p)
	if !ok {
		return -1
	}
	return r*b.m.N + f
}

// Tapped picks or selects the square under the pointer. It takes the
// keyboard focus, so Tab goes through the jumps rather than the buttons.
func (b *Board) Tapped(ev *fyne.PointEvent) {
	b.focus()
	b.skip()
	if sq := b.tapTarget(ev.Position); sq >= 0 {
		b.act(b.m.Tap(sq))
	}
}

// tapTarget is the square a tap means. When the squares are smaller than
// a finger (16 x 16 on a phone) a tap that misses the jumps goes to the
// nearest jump within a square's width of it, so a tap a little off
// still lands on the square meant; larger squares take the tap as it is.
func (b *Board) tapTarget(p fyne.Position) int {
	sq := b.squareAt(p)
	g := b.grid()
	if sq < 0 || b.m.IsLegal(sq) || g.Cell >= kit.MinTouch {
		return sq
	}
	best, bestD := sq, g.Cell*g.Cell
	for _, l := range b.m.Legal {
		c := g.Center(l%b.m.N, l/b.m.N)
		if d := (c.X-p.X)*(c.X-p.X) + (c.Y-p.Y)*(c.Y-p.Y); d <= bestD {
			best, bestD = l, d
		}
	}
	return best
}

// TappedSecondary (a right-click, or a long press on a phone) says what is
// on the square: whose trail or knight, its squares and jumps, the fog.
func (b *Board) TappedSecondary(ev *fyne.PointEvent) {
	if text := b.m.Explain(b.squareAt(ev.Position)); text != "" {
		b.host.Say(text)
	}
}

// MouseIn, MouseMoved and MouseOut light the legal square under the mouse.
func (b *Board) MouseIn(ev *desktop.MouseEvent) { b.MouseMoved(ev) }
func (b *Board) MouseMoved(ev *desktop.MouseEvent) {
	if sq := b.squareAt(ev.Position); sq != b.hover {
		b.hover = sq
		b.Refresh()
	}
}
func (b *Board) MouseOut() {
	if b.hover >= 0 {
		b.hover = -1
		b.Refresh()
	}
}

// Key: Tab or Right selects the next jump in jump order (Shift+Tab or
// Left the one before), Enter or Space confirm, Escape drops the
// selection (false when there is none, so the screen may go back). A key
// pressed while the story plays ends it first.
func (b *Board) Key(k fyne.KeyName) bool {
	if b.m.St == nil {
		return false
	}
	if b.anim != nil {
		b.skip()
		if k == fyne.KeyEscape {
			return true
		}
	}
	if k == fyne.KeyEscape && b.over.layer.Visible() {
		b.closeOver() // Escape closes the game-over card before it leaves the game
		return true
	}
	used := false
	switch k {
	case fyne.KeyTab:
		dir := 1
		if b.shift {
			dir = -1
		}
		used = b.m.Step(dir)
	case fyne.KeyRight:
		used = b.m.Step(1)
	case fyne.KeyLeft:
		used = b.m.Step(-1)
	case fyne.KeyReturn, fyne.KeyEnter, fyne.KeySpace:
		var r Reply
		if r, used = b.m.Enter(); used {
			b.act(r)
		}
		return used
	case fyne.KeyEscape:
		used = b.m.Escape()
	}
	if used {
		b.updateControls()
		b.Refresh()
	}
	return used
}

// ---- keyboard focus ----
//
// Fyne's desktop driver takes Tab to move the focus between widgets unless
// the focused widget accepts it, so on a desktop the board takes the focus
// (when tapped, and when the game screen opens or is handed over) and
// accepts Tab while a person picks. Every key it gets goes
// to the window's key handler, as it would with nothing focused, so
// Escape and the screen's keys work the same.

func (b *Board) focus() {
	if fyne.CurrentDevice().IsMobile() {
		return // a focused widget on a phone brings up the on-screen keyboard
	}
	if c := fyne.CurrentApp().Driver().CanvasForObject(b); c != nil && c.Focused() != b {
		c.Focus(b)
	}
}

func (b *Board) FocusGained()   {}
func (b *Board) FocusLost()     { b.shift = false }
func (b *Board) TypedRune(rune) {}

// AcceptsTab keeps Tab while a person picks; otherwise Tab moves the
// focus on as usual (to the hand-over cover's button, say).
func (b *Board) AcceptsTab() bool { return b.m.Input && len(b.m.Legal) > 0 }

// TypedKey hands the key to the window's handler (which gives the board
// its keys and Escape its meaning); Shift+Tab comes here as Tab with the
// shift key down.
func (b *Board) TypedKey(ev *fyne.KeyEvent) {
	c := fyne.CurrentApp().Driver().CanvasForObject(b)
	if c == nil || c.OnTypedKey() == nil {
		b.Key(ev.Name)
		return
	}
	c.OnTypedKey()(ev)
}

// KeyDown and KeyUp follow the shift keys, for Shift+Tab.
func (b *Board) KeyDown(ev *fyne.KeyEvent) {
	if ev.Name == desktop.KeyShiftLeft || ev.Name == desktop.KeyShiftRight {
		b.shift = true
	}
}

func (b *Board) KeyUp(ev *fyne.KeyEvent) {
	if ev.Name == desktop.KeyShiftLeft || ev.Name == desktop.KeyShiftRight {
		b.shift = false
	}
}
