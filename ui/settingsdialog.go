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
	speed, reduced := u.motionChoices()
	rows := []formRow{
		{"Theme", u.themeChoice()},
		{"Animations", speed},
		{"", reduced},
		{"Computer waits", u.pauseChoice(botDelays, u.cfg.BotDelay(), u.cfg.SetBotDelay)},
		{"Computer vs computer", u.pauseChoice(botPaces, u.cfg.BotPace(), u.cfg.SetBotPace)},
		{"", u.notationChoice()},
	}
	rows = append(rows, u.opponentChoices()...)
	if !settings.OnWeb { // no online play in a browser yet (see the picker)
		rows = append(rows, u.serverRows()...)
	}
	form := newForm(u.mobile, rows...)
	where := widget.NewLabel("Settings file: " + u.cfg.Path())
	if settings.OnWeb {
		where.SetText("Settings are kept in this browser, for this site.")
	}
	where.Importance = widget.LowImportance
	where.Wrapping = fyne.TextWrapBreak
	d := dialog.NewCustom("Settings", "Close", container.NewVScroll(container.NewVBox(form, where)), u.win)
	d.Resize(u.dialogSize(640, 560))
	u.show(d, nil)
}

// reportSetting shows why a setting could not be saved, if it could not.
func (u *App) reportSetting(err error) {
	if err != nil {
		u.showError(err)
	}
}

func (u *App) themeChoice() *widget.Select {
	return wordSelect(settings.Themes, u.cfg.Theme(), func(t string) {
		if t != u.cfg.Theme() {
			u.reportSetting(u.cfg.SetTheme(t))
			u.applyTheme()
		}
	})
}

// motionChoices are the animations' speed and the switch that turns them
// off; the speed means nothing while animations are off.
func (u *App) motionChoices() (*widget.Select, *widget.Check) {
	speed := wordSelect([]string{"slow", "normal", "fast"}, u.cfg.AnimationSpeedName(), func(s string) {
		if s != u.cfg.AnimationSpeedName() {
			u.reportSetting(u.cfg.SetAnimationSpeedName(s))
		}
	})
	reduced := widget.NewCheck("Reduced motion (no animations)", func(on bool) {
		if on != u.cfg.ReducedMotion() {
			u.reportSetting(u.cfg.SetReducedMotion(on))
		}
		if on {
			speed.Disable()
		} else {
			speed.Enable()
		}
	})
	reduced.SetChecked(u.cfg.ReducedMotion())
	return speed, reduced
}

func (u *App) notationChoice() *widget.Check {
	notation := widget.NewCheck("Show notation in the move list", func(on bool) {
		if on != u.cfg.ShowNotation() {
			u.reportSetting(u.cfg.SetShowNotation(on))
			if u.game != nil {
				u.game.moves.Refresh()
			}
		}
	})
	notation.SetChecked(u.cfg.ShowNotation())
	return notation
}

// The pauses offered: before a computer moves against a person, and
// between the moves of a game of computers only.
var (
	botDelays = []time.Duration{0, 200 * time.Millisecond, 400 * time.Millisecond, 800 * time.Millisecond, 1500 * time.Millisecond}
	botPaces  = []time.Duration{200 * time.Millisecond, 500 * time.Millisecond, 800 * time.Millisecond, time.Second, 2 * time.Second}
)

// pauseChoice is a choice among pauses (opts), starting on cur; set saves
// the one chosen.
func (u *App) pauseChoice(opts []time.Duration, cur time.Duration, set func(time.Duration) error) *widget.Select {
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
			u.reportSetting(set(opts[i]))
		}
	}
	return s
}

// opponentChoices are a row per game that has computer opponents: the
// one the New game dialog offers first.
func (u *App) opponentChoices() []formRow {
	var rows []formRow
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
				u.reportSetting(u.cfg.SetDefaultBot(g.ID(), b))
			}
		})
		rows = append(rows, formRow{"Default opponent: " + g.Name(), sel})
	}
	return rows
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
