package kit

import (
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/test"
)

// A seat's usual symbol is drawn as its shape; a symbol a player chose
// that has no shape is drawn as a letter in the seat's colour.
func TestMarkDrawsChosenSymbols(t *testing.T) {
	test.NewTempApp(t)
	m := NewMark()
	m.Place(fyne.NewPos(10, 10), 100)
	visible := func() (n int) {
		for _, o := range m.Objects() {
			if o.Visible() {
				n++
			}
		}
		return n
	}
	m.Set(1, 0xFF) // seat 1: a ring
	if !m.ring.Visible() || m.letter.Visible() || visible() != 1 {
		t.Fatal("seat 1 is not drawn as a ring alone")
	}
	m.SetSymbol(0, "O", 0xFF) // seat 0 chose O: a ring in amber
	if !m.ring.Visible() || m.ring.StrokeColor != SeatColor(0) {
		t.Fatalf("O for seat 0: ring shown %v in %v", m.ring.Visible(), m.ring.StrokeColor)
	}
	m.SetSymbol(2, "Δ", 0x80)
	if !m.letter.Visible() || m.letter.Text != "Δ" || m.letter.Color != WithAlpha(SeatColor(2), 0x80) || visible() != 1 {
		t.Fatalf("Δ: letter %q shown %v in %v", m.letter.Text, m.letter.Visible(), m.letter.Color)
	}
	if m.letter.Position() != fyne.NewPos(10, 10) || m.letter.Size() != fyne.NewSize(100, 100) {
		t.Fatal("the letter is not centred on its square")
	}
	m.Set(-1, 0xFF)
	if visible() != 0 {
		t.Fatal("a hidden mark shows something")
	}
}
