package alcazar

import (
	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/driver/desktop"

	game "github.com/tabulagames/tabula/games/alcazar"
	"github.com/tabulagames/tabula/ui/boards/kit"
)

// act carries out what the model said an input means: submit a token (a
// refused placement says why, keeps the chosen piece and flashes the
// square), or show a refusal.
func (b *Board) act(r Reply) {
	switch {
	case r.Token != "":
		if err := b.host.Submit(r.Token); err != nil {
			b.m.Refused()
			b.host.Refuse(err.Error())
			if r.Square >= 0 {
				b.flash(r.Square)
			}
		}
	case r.Refusal != "":
		b.host.Refuse(r.Refusal)
		if r.Square >= 0 {
			b.flash(r.Square)
		}
	}
	b.Refresh()
}

// pass is the Pass button.
func (b *Board) pass() {
	if !b.busy() {
		b.act(b.m.Pass())
	}
}

// Tapped: a piece of the mover's hand, or an entry square. While the
// pieces move, a tap is told to wait.
func (b *Board) Tapped(ev *fyne.PointEvent) {
	switch {
	case b.m.St == nil:
		return
	case b.busy():
		b.host.Refuse(movingRefusal)
		return
	}
	g := layout(b.Size(), b.m.Bottom, b.side)
	if seat, n, ok := g.trayAt(ev.Position); ok {
		b.act(b.m.TapTray(seat, n))
		return
	}
	if sq := b.gridAt(ev.Position); sq >= 0 {
		b.act(b.m.TapSquare(sq))
	}
}

// movingRefusal answers a tap while the movement phase plays.
const movingRefusal = "The pieces are still moving: wait, or skip to the end."

// gridAt is the square of the 5x5 grid under a point, or -1.
func (b *Board) gridAt(p fyne.Position) int {
	g := layout(b.Size(), b.m.Bottom, b.side)
	f, r := g.grid.AtAny(p)
	if f < 0 || f > 4 || r < 0 || r > 4 {
		return -1
	}
	return r*5 + f
}

// TappedSecondary (a right-click, or a long press on a phone) says what a
// piece does: its kind (a light 1, the pusher 4, a plain piece), and on the
// board which way it faces and so where it will step.
func (b *Board) TappedSecondary(ev *fyne.PointEvent) {
	if b.m.St == nil || b.busy() {
		return
	}
	g := layout(b.Size(), b.m.Bottom, b.side)
	if seat, n, ok := g.trayAt(ev.Position); ok {
		b.host.Say(b.m.ExplainTray(seat, n))
		return
	}
	if sq := b.gridAt(ev.Position); sq >= 0 {
		if text := b.m.ExplainSquare(sq); text != "" {
			b.host.Say(text)
		}
	}
}

// edgeAt is the entry square under a point, or -1.
func (b *Board) edgeAt(p fyne.Position) int {
	if sq := b.gridAt(p); game.OnEdge(sq) {
		return sq
	}
	return -1
}

// MouseIn, MouseMoved and MouseOut show a faint ghost of the chosen piece
// on the entry square under the mouse.
func (b *Board) MouseIn(ev *desktop.MouseEvent) { b.MouseMoved(ev) }
func (b *Board) MouseMoved(ev *desktop.MouseEvent) {
	if sq := b.edgeAt(ev.Position); sq != b.hover {
		b.hover = sq
		if b.m.SelPiece > 0 {
			b.Refresh()
		}
	}
}
func (b *Board) MouseOut() {
	if b.hover >= 0 {
		b.hover = -1
		b.Refresh()
	}
}

// Dragged moves a piece picked up from the mover's hand with the pointer
// (a piece that may not be picked up says why, as a tap on it would);
// DragEnd drops it on the entry square under it, refuses a square of the
// board, or puts it back in the hand, chosen.
func (b *Board) Dragged(ev *fyne.DragEvent) {
	if !b.dragSeen {
		b.dragSeen = true
		start := ev.Position.Subtract(ev.Dragged)
		g := layout(b.Size(), b.m.Bottom, b.side)
		seat, n, ok := g.trayAt(start)
		if b.m.St == nil || b.busy() || !ok {
			return
		}
		if !b.m.PickUp(seat, n) {
			b.act(b.m.TapTray(seat, n))
			return
		}
		b.dragN = n
	}
	if b.dragN == 0 {
		return
	}
	b.dragPos = ev.Position
	b.hover = b.edgeAt(ev.Position)
	b.Refresh()
}

func (b *Board) DragEnd() {
	n, sq := b.dragN, b.gridAt(b.dragPos)
	b.dragN, b.dragSeen = 0, false
	if n == 0 {
		return
	}
	if !b.busy() {
		b.dropping = true
		b.act(b.m.Drop(n, sq))
		b.dropping = false
	}
	b.Refresh()
}

// Key: 1-5 choose a piece, arrows walk the ring, Enter or Space places,
// Escape drops the choice (false when there is none). While the phase
// plays, Escape skips it, Space or Right steps, Enter plays on.
func (b *Board) Key(k fyne.KeyName) bool {
	if b.m.St == nil {
		return false
	}
	if b.busy() {
		switch k {
		case fyne.KeyEscape:
			b.skip()
		case fyne.KeySpace, fyne.KeyRight:
			b.step()
		case fyne.KeyReturn, fyne.KeyEnter:
			if b.anim.paused {
				b.resume()
			}
		}
		return true
	}
	switch {
	case k == fyne.KeyEscape:
		used := b.m.Escape()
		if used {
			b.Refresh()
		}
		return used
	case kit.IsArrow(k):
		b.m.Arrow(kit.ArrowDelta(k))
		b.Refresh()
		return true
	case k == fyne.KeyReturn || k == fyne.KeyEnter || k == fyne.KeySpace:
		r, used := b.m.Enter()
		if used {
			b.act(r)
		}
		return used
	case len(k) == 1 && k[0] >= '1' && k[0] <= '5':
		r, used := b.m.Digit(int(k[0] - '0'))
		if used {
			b.act(r)
		}
		return used
	}
	return false
}
