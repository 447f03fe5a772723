package ui

import (
	"fmt"
	"sort"
	"strings"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/canvas"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/layout"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"

	"github.com/tabulagames/tabula/assets"
	"github.com/tabulagames/tabula/games"
)

// picker is the first screen: a card per playable game with its icon,
// name, one-line description, the player's record against the computer,
// and Resume when an autosaved game is in progress.
type picker struct {
	u       *App
	content fyne.CanvasObject
	cards   map[string]*gameCard
}

type gameCard struct {
	resume *widget.Button
	record *widget.Label
}

func newPicker(u *App) *picker {
	p := &picker{u: u, cards: map[string]*gameCard{}}
	var cards []fyne.CanvasObject
	var inProgress []string
	for _, g := range playable() {
		cards = append(cards, p.card(g))
		paths, _ := u.store.AutosavePaths(g.ID())
		switch {
		case len(paths) == 1:
			inProgress = append(inProgress, g.Name())
		case len(paths) > 1:
			inProgress = append(inProgress, fmt.Sprintf("%s (%d games)", g.Name(), len(paths)))
		}
	}
	cols := 3
	if u.mobile {
		cols = 2
	}
	grid := container.NewGridWithColumns(cols, cards...)

	title := widget.NewRichTextFromMarkdown("# Tabula")
	sub := widget.NewLabel("Strategy board games, with computer opponents. Pick a game.")
	open := widget.NewButtonWithIcon("Open saved game", theme.FolderOpenIcon(), u.OpenDialog)
	sett := widget.NewButtonWithIcon("Settings", theme.SettingsIcon(), u.SettingsDialog)
	var head fyne.CanvasObject
	if u.mobile {
		sub.Wrapping = fyne.TextWrapWord
		open.SetText("")
		sett.SetText("")
		head = container.NewVBox(container.NewBorder(nil, nil, nil, container.NewHBox(open, sett), title), sub)
	} else {
		head = container.NewBorder(nil, nil, container.NewVBox(title, sub), container.NewVBox(container.NewHBox(open, sett)))
	}
	top := []fyne.CanvasObject{head}
	if len(inProgress) > 0 {
		note := widget.NewLabel("In progress: " + strings.Join(inProgress, ", ") + ". Press Resume on its card to go on.")
		note.Importance = widget.HighImportance
		note.Wrapping = fyne.TextWrapWord
		top = append(top, note)
	}
	p.content = container.NewBorder(container.NewPadded(container.NewVBox(top...)), nil, nil, nil,
		container.NewVScroll(container.NewPadded(container.NewVBox(grid))))
	return p
}

func (p *picker) card(g games.Game) fyne.CanvasObject {
	id := g.ID()
	icon := canvas.NewImageFromResource(fyne.NewStaticResource(id+".svg", assets.Icon(id)))
	icon.FillMode = canvas.ImageFillContain
	icon.SetMinSize(fyne.NewSize(72, 72))

	name := widget.NewLabelWithStyle(g.Name(), fyne.TextAlignLeading, fyne.TextStyle{Bold: true})
	blurb := widget.NewLabel(g.Blurb())
	blurb.Wrapping = fyne.TextWrapWord
	rec := widget.NewLabel(p.recordText(id))
	rec.Importance = widget.LowImportance
	rec.Wrapping = fyne.TextWrapWord

	play := widget.NewButtonWithIcon("New game", theme.MediaPlayIcon(), func() { p.u.NewGameDialog(id) })
	play.Importance = widget.HighImportance
	resume := widget.NewButtonWithIcon("Resume", theme.MediaReplayIcon(), func() { p.u.Resume(id) })
	if !p.u.store.HasAutosave(id) {
		resume.Hide()
	}
	rules := widget.NewButtonWithIcon("", theme.HelpIcon(), func() { p.u.RulesDialog(id) })
	p.cards[id] = &gameCard{resume: resume, record: rec}

	var top, buttons fyne.CanvasObject
	if p.u.mobile { // narrow columns: everything stacked
		icon.SetMinSize(fyne.NewSize(56, 56))
		name.Wrapping = fyne.TextWrapWord
		top = container.NewVBox(container.NewCenter(icon), name, blurb)
		play.SetText("Play")
		rules.SetText("Rules")
		buttons = container.NewVBox(play, resume, rules)
	} else {
		top = container.NewBorder(nil, nil, icon, nil, container.NewVBox(name, blurb))
		buttons = container.NewHBox(play, resume, layout.NewSpacer(), rules)
	}
	return widget.NewCard("", "", container.NewVBox(top, rec, buttons))
}

// recordText is the person's record against each computer opponent.
func (p *picker) recordText(id string) string {
	tallies := p.u.stats.For(id)
	if len(tallies) == 0 {
		return "No games against the computer yet."
	}
	var bots []string
	for b := range tallies {
		bots = append(bots, b)
	}
	sort.Strings(bots)
	parts := make([]string, 0, len(bots))
	for _, b := range bots {
		t := tallies[b]
		parts = append(parts, fmt.Sprintf("vs %s: %d won, %d lost, %d drawn", b, t.Wins, t.Losses, t.Draws))
	}
	return strings.Join(parts, "\n")
}
