package ui

import (
	"strings"
	"testing"
	"time"

	"fyne.io/fyne/v2/widget"

	"github.com/tabulagames/tabula/ai"
	"github.com/tabulagames/tabula/settings"
)

// The Settings dialog reads in words: no choice shows a stored key
// ("system", "medium") or a Go duration ("400ms"); choosing one stores the
// same value as before. The notation check is kept in the settings.
func TestSettingsShowWords(t *testing.T) {
	u := newTestApp(t)
	u.SettingsDialog()
	dlg := topDialog(u)
	keys := map[string]bool{"slow": true, "normal": true, "fast": true}
	for _, th := range settings.Themes {
		keys[th] = true
	}
	for _, g := range offered() {
		for _, b := range ai.ForGame(g.ID()) {
			keys[b.Name] = true
		}
	}
	sels := selects(dlg)
	var seen []string
	for _, sel := range sels {
		for _, text := range append([]string{sel.Selected, sel.PlaceHolder}, sel.Options...) {
			if _, err := time.ParseDuration(text); err == nil || keys[text] && text != ruleValueText(text) {
				t.Errorf("Settings shows %q", text)
			}
		}
		seen = append(seen, sel.Options...)
	}
	all := strings.Join(seen, "|")
	for _, want := range []string{"System", "Light", "Dark", "Normal", "Medium", "Expert", "Off", "0.4 s", "2 s"} {
		if !strings.Contains("|"+all+"|", "|"+want+"|") {
			t.Errorf("Settings offers no %q: %s", want, all)
		}
	}
	// Choices store what they stored before.
	sels[0].SetSelected("Dark")
	sels[2].SetSelected("0.8 s")
	if u.cfg.Theme() != "dark" || u.cfg.BotDelay() != 800*time.Millisecond {
		t.Fatalf("stored %q and %v", u.cfg.Theme(), u.cfg.BotDelay())
	}
	for _, sel := range sels[4:] {
		sel.SetSelected("Medium")
	}
	if b, _ := u.cfg.DefaultBot("classic"); b != "medium" {
		t.Fatalf("the default opponent is stored as %q", b)
	}
	var check *widget.Check
	for _, o := range canvasObjects(dlg) {
		if c, ok := o.(*widget.Check); ok && c.Text == "Show notation in the move list" {
			check = c
		}
	}
	if check == nil || check.Checked {
		t.Fatalf("no unchecked notation choice in Settings: %v", check)
	}
	check.SetChecked(true)
	if !u.cfg.ShowNotation() {
		t.Fatal("the notation choice was not kept")
	}
}
