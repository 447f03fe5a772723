package kit

import (
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/test"
	"fyne.io/fyne/v2/theme"
)

// TestSeatInkByName: the theme answers a seat's ink colour name with the
// seat's ink in either variant, the same colour SeatInk gives while that
// variant is shown.
func TestSeatInkByName(t *testing.T) {
	for _, v := range []fyne.ThemeVariant{theme.VariantLight, theme.VariantDark} {
		a := test.NewTempApp(t)
		th := ThemeIn(v)
		a.Settings().SetTheme(th)
		for seat := range 4 {
			got := th.Color(SeatInkColorName(seat), theme.VariantDark) // a fixed variant wins
			if want := SeatInk(seat); got != want {
				t.Errorf("variant %d, seat %d: the theme names %v, SeatInk is %v", v, seat, got, want)
			}
			if got := Theme().Color(SeatInkColorName(seat), v); got != SeatInk(seat) {
				t.Errorf("variant %d, seat %d: the system's theme names %v, SeatInk is %v", v, seat, got, SeatInk(seat))
			}
		}
	}
}
