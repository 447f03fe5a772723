package kit

import (
	"image/color"
	"math"
)

// The WCAG 2 contrast of two colours, so tests can check every text and
// mark of the palette and the theme against what it is drawn on (UX.md:
// 4.5:1 for text, 3:1 for marks).

// Contrast is the WCAG contrast ratio of two opaque colours, from 1 to 21.
func Contrast(a, b color.Color) float64 {
	la, lb := Luminance(a), Luminance(b)
	if la < lb {
		la, lb = lb, la
	}
	return (la + 0.05) / (lb + 0.05)
}

// Luminance is the WCAG relative luminance of a colour, from 0 to 1; its
// alpha is ignored (put a translucent colour Over its background first).
func Luminance(c color.Color) float64 {
	n := color.NRGBAModel.Convert(c).(color.NRGBA)
	return 0.2126*linear(n.R) + 0.7152*linear(n.G) + 0.0722*linear(n.B)
}

// linear turns an sRGB channel into linear light.
func linear(v uint8) float64 {
	c := float64(v) / 255
	if c <= 0.03928 {
		return c / 12.92
	}
	return math.Pow((c+0.055)/1.055, 2.4)
}

// Over is the opaque colour a translucent colour c shows when drawn over
// the opaque colour bg.
func Over(c, bg color.Color) color.NRGBA {
	f := color.NRGBAModel.Convert(c).(color.NRGBA)
	b := color.NRGBAModel.Convert(bg).(color.NRGBA)
	a := int(f.A)
	mix := func(x, y uint8) uint8 { return uint8((int(x)*a + int(y)*(255-a) + 127) / 255) }
	return color.NRGBA{mix(f.R, b.R), mix(f.G, b.G), mix(f.B, b.B), 0xFF}
}
