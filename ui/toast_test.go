package ui

import (
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/test"
)

// A message longer than the width under the board is broken into lines
// that fit it, so it never runs off a phone's screen (nor widens it).
func TestToastWrapsToItsWidth(t *testing.T) {
	test.NewTempApp(t)
	tt := newToastText()
	tt.Text = "Collision on e3! Amber (Ana), Ice blue (Computer) and Rose (Cy) bounce back."
	w := measure(tt.Text).Width / 3
	tt.Resize(fyne.NewSize(w, 100))
	r := test.WidgetRenderer(tt)
	r.Layout(fyne.NewSize(w, 100))
	lines := tt.lines()
	if len(lines) < 3 || r.MinSize().Width > w {
		t.Fatalf("%d lines, min width %v for a width of %v", len(lines), r.MinSize().Width, w)
	}
	for _, l := range lines {
		if measure(l).Width > w {
			t.Fatalf("line %q is wider than %v", l, w)
		}
	}
	if r.MinSize().Height < float32(len(lines))*measure("M").Height {
		t.Fatal("the toast is not tall enough for its lines")
	}
	tt.Text = ""
	if len(tt.lines()) != 0 {
		t.Fatal("an empty toast has lines")
	}
}
