package arena

import (
	"fyne.io/fyne/v2"

	game "github.com/tabulagames/tabula/games/arena"
)

// act carries out what the model said an input means: submit its tokens
// in order (stopping at a refusal), take back the last action, or show
// the refusal and flash its cell.
func (b *Board) act(r Reply) {
	switch {
	case r.Undo:
		b.host.Undo()
	case r.Refusal != "":
		b.refuse(r.Refusal, r.Cell)
	}
	for _, tok := range r.Tokens {
		if err := b.host.Submit(tok); err != nil {
			b.refuse(Words(err), r.Cell)
			return
		}
	}
}

func (b *Board) refuse(why string, cell int) {
	b.host.Refuse(why)
	if cell >= 0 {
		b.flashCell(cell)
	}
}

// button acts for a button under the board, then gives the keys back to
// the board (a focused button would take Space and the arrows).
func (b *Board) button(r Reply) {
	if c := fyne.CurrentApp().Driver().CanvasForObject(b); c != nil {
		c.Unfocus()
	}
	b.act(r)
}

// cellAt is the cell under a point, -1 off the map.
func (b *Board) cellAt(p fyne.Position) int {
	f, r, ok := b.grid().At(p)
	if !ok {
		return -1
	}
	return game.CellAt(f, r)
}

// Tapped: a free neighbour turns and steps there, the thing in front is
// kicked, another neighbour is turned to.
func (b *Board) Tapped(ev *fyne.PointEvent) {
	if c := b.cellAt(ev.Position); c >= 0 && b.m.St != nil {
		b.act(b.m.Tap(c))
	}
}

// TappedSecondary (a right-click, or a long press on a phone) says what
// is on a cell.
func (b *Board) TappedSecondary(ev *fyne.PointEvent) {
	if c := b.cellAt(ev.Position); c >= 0 && b.m.St != nil {
		b.host.Say(b.m.Explain(c))
	}
}

// arrowDirs are the directions of the arrow keys.
var arrowDirs = map[fyne.KeyName]int{fyne.KeyUp: game.N, fyne.KeyDown: game.S, fyne.KeyLeft: game.W, fyne.KeyRight: game.E}

// Key: an arrow turns that way or steps when already facing it, Space
// kicks or places, Enter ends the turn, Backspace takes back the last
// action of this turn. Other keys are left to the screen.
func (b *Board) Key(k fyne.KeyName) bool {
	if b.m.St == nil {
		return false
	}
	if d, ok := arrowDirs[k]; ok {
		b.act(b.m.Arrow(d))
		return true
	}
	switch k {
	case fyne.KeySpace:
		b.act(b.m.Space())
	case fyne.KeyReturn, fyne.KeyEnter:
		b.act(b.m.End())
	case fyne.KeyBackspace:
		b.act(b.m.TakeBack())
	default:
		return false
	}
	return true
}
