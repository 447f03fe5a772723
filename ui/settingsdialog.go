package ui

import (
	"strconv"
	"time"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/dialog"
	"fyne.io/fyne/v2/widget"

	"github.com/tabulagames/tabula/ai"
	"github.com/tabulagames/tabula/settings"
)

// SettingsDialog edits the preferences; each change is saved at once.
func (u *App) SettingsDialog() {
	report := func(err error) {
		if err != nil {
			u.showError(err)
		}
	}
	themeSel := wordSelect(settings.Themes, u.cfg.Theme(), func(t string) {
		if t != u.cfg.Theme() {
			report(u.cfg.SetTheme(t))
			u.applyTheme()
		}
	})
	speedSel := wordSelect([]string{"slow", "normal", "fast"}, u.cfg.AnimationSpeedName(), func(s string) {
		if s != u.cfg.AnimationSpeedName() {
			report(u.cfg.SetAnimationSpeedName(s))
		}
	})
	// The speed means nothing while animations are off.
	reduced := widget.NewCheck("Reduced motion (no animations)", func(on bool) {
		if on != u.cfg.ReducedMotion() {
			report(u.cfg.SetReducedMotion(on))
		}
		if on {
			speedSel.Disable()
		} else {
			speedSel.Enable()
		}
	})
	reduced.SetChecked(u.cfg.ReducedMotion())
	notation := widget.NewCheck("Show notation in the move list", func(on bool) {
		if on != u.cfg.ShowNotation() {
			report(u.cfg.SetShowNotation(on))
			if u.game != nil {
				u.game.moves.Refresh()
			}
		}
	})
	notation.SetChecked(u.cfg.ShowNotation())

	delays := []time.Duration{0, 200 * time.Millisecond, 400 * time.Millisecond, 800 * time.Millisecond, 1500 * time.Millisecond}
	paces := []time.Duration{200 * time.Millisecond, 500 * time.Millisecond, 800 * time.Millisecond, time.Second, 2 * time.Second}
	durSelect := func(opts []time.Duration, cur time.Duration, set func(time.Duration) error) *widget.Select {
		labels := make([]string, len(opts))
		for i, d := range opts {
			labels[i] = pauseText(d)
		}
		s := widget.NewSelect(labels, func(string) {})
		s.SetSelected(pauseText(cur))
		if s.Selected == "" {
			s.PlaceHolder = pauseText(cur) // a value set in the file by hand
		}
		s.OnChanged = func(string) {
			if i := s.SelectedIndex(); i >= 0 && opts[i] != cur {
				cur = opts[i]
				report(set(opts[i]))
			}
		}
		return s
	}
	delaySel := durSelect(delays, u.cfg.BotDelay(), u.cfg.SetBotDelay)
	paceSel := durSelect(paces, u.cfg.BotPace(), u.cfg.SetBotPace)

	rows := []formRow{
		{"Theme", themeSel},
		{"Animations", speedSel},
		{"", reduced},
		{"Computer waits", delaySel},
		{"Computer vs computer", paceSel},
		{"", notation},
	}
	for _, g := range u.box.games() {
		var names []string
		for _, b := range ai.ForGame(g.ID()) {
			names = append(names, b.Name)
		}
		if len(names) == 0 {
			continue
		}
		sel := wordSelect(names, u.defaultBot(g.ID()), func(b string) {
			if cur, _ := u.cfg.DefaultBot(g.ID()); b != cur {
				report(u.cfg.SetDefaultBot(g.ID(), b))
			}
		})
		rows = append(rows, formRow{"Default opponent: " + g.Name(), sel})
	}
	form := newForm(u.mobile, rows...)
	where := widget.NewLabel("Settings file: " + u.cfg.Path())
	where.Importance = widget.LowImportance
	where.Wrapping = fyne.TextWrapBreak
	d := dialog.NewCustom("Settings", "Close", container.NewVScroll(container.NewVBox(form, where)), u.win)
	d.Resize(u.dialogSize(640, 560))
	u.show(d, nil)
}

// wordSelect is a choice among stored values ("system", "hard") that
// shows them as people read them ("System", "Hard"); changed gets the
// stored value.
func wordSelect(values []string, current string, changed func(string)) *widget.Select {
	labels := make([]string, len(values))
	for i, v := range values {
		labels[i] = ruleValueText(v)
	}
	s := widget.NewSelect(labels, func(string) {})
	for i, v := range values {
		if v == current {
			s.SetSelectedIndex(i)
		}
	}
	s.OnChanged = func(string) {
		if i := s.SelectedIndex(); i >= 0 {
			changed(values[i])
		}
	}
	return s
}

// pauseText is a pause as people read it: "Off", "0.4 s", "2 s".
func pauseText(d time.Duration) string {
	if d == 0 {
		return "Off"
	}
	return strconv.FormatFloat(d.Seconds(), 'f', -1, 64) + " s"
}
