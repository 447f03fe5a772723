package kit

import (
	"image"
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/test"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"
)

// A chip at the theme's icon size is drawn as a Fyne button with that
// icon and label is, pixel for pixel, at every importance the boards use
// and under the mouse: it replaces one without a theme override.
func TestChipLooksLikeAButton(t *testing.T) {
	for _, v := range []fyne.ThemeVariant{theme.VariantDark, theme.VariantLight} {
		a := test.NewTempApp(t)
		a.Settings().SetTheme(ThemeIn(v))
		icon := theme.ConfirmIcon()
		for _, imp := range []widget.Importance{widget.LowImportance, widget.MediumImportance, widget.HighImportance} {
			for _, hover := range []bool{false, true} {
				btn := widget.NewButtonWithIcon("×3", icon, nil)
				btn.Importance = imp
				chip := NewChip("×3", icon, nil)
				chip.Importance = imp
				if btn.MinSize() != chip.MinSize() {
					t.Fatalf("importance %d: the chip's size %v, a button's %v", imp, chip.MinSize(), btn.MinSize())
				}
				want, got := capture(btn, hover), capture(chip, hover)
				still := NewChip("×3", icon, nil)
				still.Importance = imp
				if hover && imp == widget.LowImportance && differ(got, capture(still, false)) == 0 {
					t.Errorf("variant %d: a low chip under the mouse looks as it does without", v)
				}
				if n := differ(want, got); n > 0 {
					t.Errorf("variant %d, importance %d, hovered %v: %d pixels differ from a button's", v, imp, hover, n)
				}
			}
		}
	}
}

// A chip's icon takes the size asked, and the chip grows around it.
func TestChipIconTakesItsSize(t *testing.T) {
	test.NewTempApp(t)
	chip := NewChip("×1", theme.ConfirmIcon(), nil)
	small := chip.MinSize()
	chip.SetIconSize(40)
	big := chip.MinSize()
	if big.Height != 40+2*theme.InnerPadding() || big.Width-small.Width != 40-theme.IconInlineSize() {
		t.Fatalf("a 40 px icon: %v, at the theme's %v", big, small)
	}
}

// A tap and Space on a focused chip call it, as a button's.
func TestChipTaps(t *testing.T) {
	test.NewTempApp(t)
	n := 0
	chip := NewChip("×1", theme.ConfirmIcon(), func() { n++ })
	w := test.NewWindow(chip)
	defer w.Close()
	test.Tap(chip)
	w.Canvas().Focus(chip)
	chip.TypedKey(&fyne.KeyEvent{Name: fyne.KeySpace})
	chip.TypedKey(&fyne.KeyEvent{Name: fyne.KeyReturn})
	if n != 2 {
		t.Fatalf("tapped %d times, want 2 (a tap and Space)", n)
	}
}

func capture(o fyne.CanvasObject, hover bool) image.Image {
	w := test.NewWindow(o)
	defer w.Close()
	w.SetPadded(false)
	w.Resize(o.MinSize().AddWidthHeight(20, 10))
	if hover {
		test.MoveMouse(w.Canvas(), fyne.NewPos(o.Size().Width/2, o.Size().Height/2))
	}
	return w.Canvas().Capture()
}

func differ(a, b image.Image) int {
	if a.Bounds() != b.Bounds() {
		return a.Bounds().Dx() * a.Bounds().Dy()
	}
	n := 0
	for y := a.Bounds().Min.Y; y < a.Bounds().Max.Y; y++ {
		for x := a.Bounds().Min.X; x < a.Bounds().Max.X; x++ {
			r1, g1, b1, a1 := a.At(x, y).RGBA()
			r2, g2, b2, a2 := b.At(x, y).RGBA()
			if r1 != r2 || g1 != g2 || b1 != b2 || a1 != a2 {
				n++
			}
		}
	}
	return n
}
