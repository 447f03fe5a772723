package kit

import (
	"image/color"
	"slices"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/theme"
)

// Theme is Fyne's default theme with the colours it draws too faintly to
// read made darker (light) or brighter (dark), so every text meets 4.5:1
// and every mark 3:1 against what it is drawn on (UX.md), in the variant
// the system asks for.
func Theme() fyne.Theme { return contrastTheme{Theme: theme.DefaultTheme()} }

// ThemeIn is Theme always in variant v: the Settings' light or dark.
func ThemeIn(v fyne.ThemeVariant) fyne.Theme {
	return contrastTheme{Theme: theme.DefaultTheme(), fixed: true, variant: v}
}

type contrastTheme struct {
	fyne.Theme
	fixed   bool
	variant fyne.ThemeVariant
}

func (t contrastTheme) Color(n fyne.ThemeColorName, v fyne.ThemeVariant) color.Color {
	if t.fixed {
		v = t.variant
	}
	if seat := slices.Index(seatInkNames, n); seat >= 0 {
		if v == theme.VariantLight {
			return SeatEdge(seat) // SeatInk on a light background
		}
		return SeatColor(seat)
	}
	if c, ok := themeColors[v != theme.VariantLight][n]; ok {
		return c
	}
	return t.Theme.Color(n, v)
}

// themeColors are the colours Theme changes, for the dark variant (true,
// as Fyne takes any variant but light) and the light one (false). Fyne's light foreground, disabled (which
// low-importance labels use: records, house rules, bot descriptions),
// placeholder, input border (an unchecked box), primary and error are
// too pale on white; its dark disabled and input border are almost the
// background, and its primary too dark to read on it. Primary is pinned
// to a blue whatever primary colour the system asks for.
var themeColors = map[bool]map[fyne.ThemeColorName]color.Color{
	false: {
		theme.ColorNameForeground:          color.NRGBA{0x33, 0x33, 0x33, 0xFF},
		theme.ColorNameDisabled:            color.NRGBA{0x6B, 0x6B, 0x6B, 0xFF},
		theme.ColorNamePlaceHolder:         color.NRGBA{0x6B, 0x6B, 0x6B, 0xFF},
		theme.ColorNameInputBorder:         color.NRGBA{0x85, 0x85, 0x85, 0xFF},
		theme.ColorNamePrimary:             color.NRGBA{0x1A, 0x5F, 0xD6, 0xFF},
		theme.ColorNameHyperlink:           color.NRGBA{0x1A, 0x5F, 0xD6, 0xFF},
		theme.ColorNameError:               color.NRGBA{0xC6, 0x28, 0x28, 0xFF},
		theme.ColorNameForegroundOnPrimary: color.White,
	},
	true: {
		theme.ColorNameDisabled:            color.NRGBA{0xA4, 0xA4, 0xA4, 0xFF},
		theme.ColorNameInputBorder:         color.NRGBA{0x76, 0x76, 0x76, 0xFF},
		theme.ColorNamePrimary:             color.NRGBA{0x5C, 0x9D, 0xFF, 0xFF},
		theme.ColorNameHyperlink:           color.NRGBA{0x5C, 0x9D, 0xFF, 0xFF},
		theme.ColorNameForegroundOnPrimary: color.NRGBA{0x17, 0x17, 0x18, 0xFF},
	},
}

// SeatInkColorName is the name Theme gives a seat's ink (SeatInk), for
// words a widget draws in a seat's colour (the result headline) by the
// colour's name. A theme override could colour them too, but Fyne keeps
// what lay under an override, with a copy of the fonts for each one, for
// as long as the app runs.
func SeatInkColorName(seat int) fyne.ThemeColorName {
	return seatInkNames[seat%len(seatInkNames)]
}

var seatInkNames = []fyne.ThemeColorName{"tabulaSeatInk0", "tabulaSeatInk1", "tabulaSeatInk2", "tabulaSeatInk3"}

// SizeNameSmallText is the size Theme gives the smallest text that holds
// square names or must be read at a glance on a phone (revenge's steal
// records, knights' line under a phone's board): a caption, but 12 sp at
// least. A text sized by its name needs no theme override, which Fyne
// keeps, with what lay under it, for as long as the app runs.
const SizeNameSmallText fyne.ThemeSizeName = "tabulaSmallText"

func (t contrastTheme) Size(n fyne.ThemeSizeName) float32 {
	if n == SizeNameSmallText {
		return max(12, t.Theme.Size(theme.SizeNameCaptionText))
	}
	return t.Theme.Size(n)
}
