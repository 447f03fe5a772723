package ui

import (
	"strings"
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/test"
	"fyne.io/fyne/v2/theme"
)

// A long refusal is wrapped to the width of the screen, every word kept,
// and the toast is as tall as its lines.
func TestToastWrapsALongMessage(t *testing.T) {
	test.NewTempApp(t)
	msg := "Anti-revenge: O took a square from you with its last move (a4), so you may not take any of O's squares until O has moved again."
	lines := wrapLines(msg, 300)
	if len(lines) < 2 || strings.Join(lines, " ") != msg {
		t.Fatalf("wrapped into %q", lines)
	}
	for _, l := range lines {
		if w := fyne.MeasureText(l, toastSize(), toastStyle).Width; w > 300 {
			t.Fatalf("%q is %v wide", l, w)
		}
	}
	if got := wrapLines(msg, 0); len(got) != 1 || wrapLines("  ", 300) != nil {
		t.Fatalf("no width yet: %q", got)
	}
	tt := newToast(true)
	w := test.NewWindow(tt)
	defer w.Close()
	tt.Resize(fyne.NewSize(300+2*theme.Padding(), 10))
	tt.text = msg // show would fade it at once: the test driver runs animations to their end
	tt.Refresh()
	r := test.WidgetRenderer(tt).(*toastRenderer)
	if len(r.lines) != len(lines) || r.lines[1].Text != lines[1] {
		t.Fatalf("%d text lines drawn, want %d", len(r.lines), len(lines))
	}
	if h := tt.MinSize().Height; h < float32(len(lines))*lineHeight() {
		t.Fatalf("the toast is %v tall for %d lines", h, len(lines))
	}
	if r.bg.FillColor != theme.Color(theme.ColorNameBackground) {
		t.Fatal("a phone's toast lies over the panel without a backdrop")
	}
}

// A screen reader reaches the last message as text, also once it has
// faded from view (the test driver runs the fade to its end at once).
func TestToastKeepsTheLastMessageForScreenReaders(t *testing.T) {
	test.NewTempApp(t)
	tt := newToast(false)
	w := test.NewWindow(tt)
	defer w.Close()
	tt.show("Collision on e3! Amber and Blue bounce back.", theme.Color(theme.ColorNameForeground))
	var reader fyne.Accessible = tt
	if tt.text != "" || reader.AccessibilityLabel() != "Collision on e3! Amber and Blue bounce back." || reader.AccessibilityRole() != fyne.AccessibleRoleText {
		t.Fatalf("shown %q; a reader gets %q as %q", tt.text, reader.AccessibilityLabel(), reader.AccessibilityRole())
	}
}

// TestDesktopToastKeepsTwoLines: under a desktop's board the toast is as
// tall for no message, one line or two, so a message that wraps (knights'
// new-game line) does not shrink and move the board (issue 19 item 7).
func TestDesktopToastKeepsTwoLines(t *testing.T) {
	test.NewTempApp(t)
	tt := newToast(false)
	w := test.NewWindow(tt)
	defer w.Close()
	tt.Resize(fyne.NewSize(300, 10))
	long := "Knights on 8 x 8, seed 3493665690475970: Amber (You) on b7."
	heights := map[string]float32{}
	for _, msg := range []string{"", "b3 is taken", long} {
		tt.text = msg
		tt.Refresh()
		heights[msg] = tt.MinSize().Height
	}
	if n := len(wrapLines(long, 300-2*theme.Padding())); n != 2 {
		t.Fatalf("the long message takes %d lines at 300, want 2", n)
	}
	first := heights[""]
	for msg, h := range heights {
		if h != first {
			t.Errorf("the toast is %.0f tall for %q, %.0f for none", h, msg, first)
		}
	}
}
