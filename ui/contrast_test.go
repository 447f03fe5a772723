package ui

import (
	"image/color"
	"strings"
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/canvas"
	"fyne.io/fyne/v2/test"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"

	"github.com/tabulagames/tabula/games"
	"github.com/tabulagames/tabula/ui/boards/kit"
)

// shownText is a text on screen and the opaque colour it is drawn on.
type shownText struct {
	text    *canvas.Text
	surface color.Color
}

// shownTexts walks o as it is drawn and collects every visible text with
// the colour under it: the window's background, a field's input
// background, a badge's fill laid over them. Buttons (their labels are checked with the theme in the
// kit's contrast test) and boards (checked there with the palette) are
// left out.
func shownTexts(o fyne.CanvasObject, surface color.Color) []shownText {
	if o == nil || !o.Visible() {
		return nil
	}
	switch x := o.(type) {
	case *widget.Button, kit.Board:
		return nil
	case *canvas.Text:
		if strings.TrimSpace(x.Text) == "" {
			return nil
		}
		return []shownText{{x, surface}}
	case *fyne.Container:
		var out []shownText
		if len(x.Objects) > 1 { // a stack's first rectangle is the others' background
			if r, ok := x.Objects[0].(*canvas.Rectangle); ok && r.Visible() {
				surface = kit.Over(r.FillColor, surface)
			}
		}
		for _, c := range x.Objects {
			out = append(out, shownTexts(c, surface)...)
		}
		return out
	case *widget.Entry, *widget.Select, *widget.SelectEntry:
		surface = theme.Color(theme.ColorNameInputBackground)
	}
	w, ok := o.(fyne.Widget)
	if !ok {
		return nil
	}
	var out []shownText
	for _, c := range test.WidgetRenderer(w).Objects() {
		out = append(out, shownTexts(c, surface)...)
	}
	return out
}

// checkTexts fails for every text in o that reads below 4.5:1, or 3:1
// for large text (WCAG AA: 18.66 px bold or 24 px; UX.md).
func checkTexts(t *testing.T, where string, o fyne.CanvasObject, surface fyne.ThemeColorName) {
	t.Helper()
	texts := shownTexts(o, theme.Color(surface))
	if len(texts) == 0 {
		t.Fatalf("%s: no text found", where)
	}
	for _, s := range texts {
		want := 4.5
		if size := s.text.TextSize; size >= 24 || size >= 18.66 && s.text.TextStyle.Bold {
			want = 3
		}
		if r := kit.Contrast(kit.Over(s.text.Color, s.surface), s.surface); r < want {
			t.Errorf("%s: %q reads %.2f:1 on %v, want %.1f:1", where, s.text.Text, r, s.surface, want)
		}
	}
}

// Every text of the picker, the game screens' side panels (the records,
// house rules, seat symbols, board controls) and the New game dialog
// reads at 4.5:1 in the light and the dark theme the Settings choose.
func TestEveryTextReadsInBothThemes(t *testing.T) {
	for _, name := range []string{"light", "dark"} {
		t.Run(name, func(t *testing.T) {
			u := newTestApp(t)
			if err := u.cfg.SetTheme(name); err != nil {
				t.Fatal(err)
			}
			u.applyTheme()
			u.ShowPicker()
			checkTexts(t, "the picker", u.win.Content(), theme.ColorNameBackground)
			for _, id := range []string{"alcazar", "infiltration", "revenge", "classic"} {
				g, _ := games.Lookup(id)
				people := []games.SeatInfo{{Name: "Ana", Controller: "human"}, {Name: "Computer", Controller: "ai", Bot: "easy"}}
				if id == "revenge" { // three seats by default
					people = append(people, games.SeatInfo{Name: "Ben", Controller: "human"})
				}
				openOnLoop(t, u, g, games.Defaults(g.RuleSpecs()), people, nil)
				checkTexts(t, "the "+id+" screen", u.win.Content(), theme.ColorNameBackground)
				nd := &newGameForm{u: u, g: g}
				w := test.NewWindow(nd.build(people, nil))
				checkTexts(t, "the "+id+" New game dialog", w.Content(), theme.ColorNameOverlayBackground)
				w.Close()
				u.game.leave()
			}
		})
	}
}

// The theme the Settings choose is the kit's readable one, in every
// variant: the dim text of records and house rules reads at 4.5:1 and an
// unchecked box shows at 3:1.
func TestSettingsThemeIsTheReadableOne(t *testing.T) {
	for _, name := range []string{"light", "dark", "system"} {
		u := newTestApp(t)
		if err := u.cfg.SetTheme(name); err != nil {
			t.Fatal(err)
		}
		u.applyTheme()
		col := func(n fyne.ThemeColorName) color.Color { return theme.Color(n) }
		bg := col(theme.ColorNameBackground)
		if r := kit.Contrast(col(theme.ColorNameDisabled), bg); r < 4.5 {
			t.Errorf("%s theme: dim text reads %.2f:1, want 4.5:1", name, r)
		}
		if r := kit.Contrast(col(theme.ColorNameInputBorder), bg); r < 3 {
			t.Errorf("%s theme: an unchecked box shows %.2f:1, want 3:1", name, r)
		}
	}
}

// A theme that changes while a game is open (the Settings, the system's,
// or a phone's, which arrives after start) leaves no text in the old
// theme's shade: the screen is drawn again, revenge's badges and the seat
// symbols with it, and every text still reads at 4.5:1.
func TestThemeSwitchRedrawsTheGame(t *testing.T) {
	for _, from := range []string{"dark", "light"} {
		to := map[string]string{"dark": "light", "light": "dark"}[from]
		t.Run(from+" to "+to, func(t *testing.T) {
			u := newTestApp(t)
			if err := u.cfg.SetTheme(from); err != nil {
				t.Fatal(err)
			}
			u.applyTheme()
			g, _ := games.Lookup("revenge")
			people := []games.SeatInfo{{Name: "Ana", Controller: "human"}, {Name: "Ben", Controller: "human"}, {Name: "Cy", Controller: "human"}}
			openOnLoop(t, u, g, games.Defaults(g.RuleSpecs()), people, nil)
			if err := u.cfg.SetTheme(to); err != nil {
				t.Fatal(err)
			}
			u.applyTheme()
			checkTexts(t, "revenge after the switch", u.win.Content(), theme.ColorNameBackground)
		})
	}
}
