package kit

import (
	"fmt"
	"image/color"
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/test"
	"fyne.io/fyne/v2/theme"
)

// UX.md: text meets 4.5:1 and marks 3:1 against what they are drawn on.
const (
	textContrast = 4.5
	markContrast = 3
)

// contrastPair is a colour drawn on another, and the contrast it needs.
type contrastPair struct {
	what   string
	fg, bg color.Color
	min    float64
}

// ratio is the pair's contrast, a translucent fg first laid over bg.
func (p contrastPair) ratio() float64 { return Contrast(Over(p.fg, p.bg), p.bg) }

// themePairs are the texts and marks Fyne's widgets draw with the
// theme's colours, on the surfaces they draw them on.
func themePairs(col func(fyne.ThemeColorName) color.Color) []contrastPair {
	var ps []contrastPair
	on := func(what string, fg fyne.ThemeColorName, min float64, bgs ...fyne.ThemeColorName) {
		for _, bg := range bgs {
			ps = append(ps, contrastPair{fmt.Sprintf("%s (%s on %s)", what, fg, bg), col(fg), col(bg), min})
		}
	}
	surfaces := []fyne.ThemeColorName{theme.ColorNameBackground, theme.ColorNameOverlayBackground,
		theme.ColorNameMenuBackground, theme.ColorNameHeaderBackground}
	on("text", theme.ColorNameForeground, textContrast, append(surfaces, theme.ColorNameButton, theme.ColorNameInputBackground)...)
	on("low-importance text: records, house rules, bot descriptions", theme.ColorNameDisabled, textContrast,
		append(surfaces, theme.ColorNameDisabledButton, theme.ColorNameInputBackground)...)
	on("a field's placeholder", theme.ColorNamePlaceHolder, textContrast, theme.ColorNameInputBackground)
	on("high-importance text and links", theme.ColorNamePrimary, textContrast, surfaces...)
	on("a primary button's label", theme.ColorNameForegroundOnPrimary, textContrast, theme.ColorNamePrimary)
	on("a refusal or problem", theme.ColorNameError, textContrast, theme.ColorNameBackground, theme.ColorNameOverlayBackground)
	on("a danger button's label", theme.ColorNameForegroundOnError, textContrast, theme.ColorNameError)
	on("an unchecked box, a field's edge", theme.ColorNameInputBorder, markContrast,
		theme.ColorNameBackground, theme.ColorNameOverlayBackground, theme.ColorNameInputBackground)
	on("a checked box, a focused field's edge", theme.ColorNamePrimary, markContrast,
		theme.ColorNameBackground, theme.ColorNameOverlayBackground, theme.ColorNameInputBackground)
	return ps
}

// boardPairs are the palette's texts and marks on the window's surfaces
// and the board's squares, in the current theme.
func boardPairs() []contrastPair {
	bg := theme.Color(theme.ColorNameBackground)
	overlay := theme.Color(theme.ColorNameOverlayBackground)
	light, darkTone := SquareTones()
	type square struct {
		name string
		c    color.Color
	}
	squares := []square{{"light square", light}, {"dark square", darkTone}}
	for home := 0; home < 2; home++ {
		squares = append(squares, square{fmt.Sprintf("light square of %s's half", SeatSymbols[home]), Tint(light, home)},
			square{fmt.Sprintf("dark square of %s's half", SeatSymbols[home]), Tint(darkTone, home)})
	}
	ps := []contrastPair{
		{"rank and file labels, captions", Faint(), bg, textContrast},
	}
	for seat := range seatColors {
		ps = append(ps,
			contrastPair{fmt.Sprintf("seat %d's name and symbol", seat), SeatInk(seat), bg, textContrast},
			contrastPair{fmt.Sprintf("seat %d's symbol in a dialog", seat), SeatInk(seat), overlay, textContrast},
			contrastPair{fmt.Sprintf("a letter on seat %d's piece", seat), PieceInk, SeatColor(seat), textContrast})
	}
	for _, s := range squares {
		name, sq := s.name, s.c
		ps = append(ps,
			contrastPair{"a legal-destination dot on a " + name, DotColor(), sq, markContrast},
			contrastPair{"the last move's ring on a " + name, LastRingColor(), sq, markContrast},
			contrastPair{"the winning glow's outline on a " + name, GoldInk(), sq, markContrast},
			contrastPair{"the keyboard cursor on a " + name, Ink(), sq, markContrast},
			contrastPair{"a grid line or entry arrow on a " + name, Faint(), sq, markContrast},
			contrastPair{"a blast's scorch on a " + name, Scorch(), sq, markContrast})
		for seat := range seatColors {
			ps = append(ps, contrastPair{fmt.Sprintf("seat %d's mark or hint on a %s", seat, name), SeatInk(seat), sq, markContrast})
			// A piece shows by its fill or by its rim, whichever stands out.
			piece := contrastPair{fmt.Sprintf("seat %d's piece on a %s", seat, name), SeatColor(seat), sq, markContrast}
			if rim := (contrastPair{piece.what, SeatEdge(seat), sq, markContrast}); rim.ratio() > piece.ratio() {
				piece = rim
			}
			ps = append(ps, piece)
		}
	}
	return ps
}

// TestContrastMeetsWCAGAA checks every text and mark of the app's theme
// and the board palette against what it is drawn on, in both variants.
func TestContrastMeetsWCAGAA(t *testing.T) {
	for _, v := range []fyne.ThemeVariant{theme.VariantLight, theme.VariantDark} {
		name := map[fyne.ThemeVariant]string{theme.VariantLight: "light", theme.VariantDark: "dark"}[v]
		t.Run(name, func(t *testing.T) {
			a := test.NewTempApp(t)
			a.Settings().SetTheme(ThemeIn(v))
			col := func(n fyne.ThemeColorName) color.Color { return Theme().Color(n, v) }
			for _, p := range append(themePairs(col), boardPairs()...) {
				r := p.ratio()
				t.Logf("%-95s %5.2f", p.what, r)
				if r < p.min {
					t.Errorf("%s: contrast %.2f:1, want at least %.1f:1", p.what, r, p.min)
				}
			}
		})
	}
}

func TestContrastOfKnownColours(t *testing.T) {
	cases := []struct {
		a, b color.Color
		want float64
	}{
		{color.Black, color.White, 21},
		{color.White, color.White, 1},
		{color.NRGBA{0x76, 0x76, 0x76, 0xFF}, color.White, 4.54}, // the classic 4.5:1 grey
	}
	for _, c := range cases {
		if got := Contrast(c.a, c.b); got < c.want-0.01 || got > c.want+0.01 {
			t.Errorf("Contrast(%v, %v) = %.3f, want %.2f", c.a, c.b, got, c.want)
		}
	}
	if got := Over(color.NRGBA{0, 0, 0, 0x80}, color.White); got != (color.NRGBA{0x7F, 0x7F, 0x7F, 0xFF}) {
		t.Errorf("half-opaque black over white = %v, want mid grey", got)
	}
}
