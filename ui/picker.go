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

	"github.com/tabulagames/tabula/games"
	"github.com/tabulagames/tabula/settings"
)

// picker is the first screen: a card per playable game with its icon,
// name, one-line description, the player's record against the computer,
// and Resume when a game is in progress that can be resumed.
type picker struct {
	u       *App
	content fyne.CanvasObject
	grid    *fyne.Container
	cards   map[string]*gameCard
	note    *widget.Label // the games in progress, in plain words
	checked bool          // the games in progress have been read
}

type gameCard struct {
	play       *widget.Button // New game (Play on a phone)
	resume     *widget.Button
	unreadable *widget.Button // the only games in progress cannot be read: says so, opens the chooser
	record     *widget.Label
}

func newPicker(u *App) *picker {
	p := &picker{u: u, cards: map[string]*gameCard{}}
	var cards []fyne.CanvasObject
	var ids []string
	for _, g := range p.u.box.games() {
		cards = append(cards, p.card(g))
		ids = append(ids, g.ID())
	}
	p.grid = container.New(newCardGrid(u.mobile), cards...)

	title := widget.NewRichTextFromMarkdown("# Tabula")
	sub := widget.NewLabel("Strategy board games, with computer opponents. Pick a game.")
	sub.Wrapping = fyne.TextWrapWord
	open := widget.NewButtonWithIcon("Open saved game", theme.FolderOpenIcon(), u.OpenDialog)
	sett := widget.NewButtonWithIcon("Settings", theme.SettingsIcon(), u.SettingsDialog)
	playOnline := widget.NewButtonWithIcon("Play online", theme.MailSendIcon(), u.PlayOnlineDialog)
	joinOnline := widget.NewButtonWithIcon("Join online", theme.LoginIcon(), u.JoinOnlineDialog)
	if settings.OnWeb {
		// A page cannot open the game server's socket yet (online/client's
		// dial_js.go): no buttons that could only say so.
		playOnline.Hide()
		joinOnline.Hide()
	}
	var head fyne.CanvasObject
	if u.mobile {
		open.SetText("")
		sett.SetText("")
		// One under the other: side by side they are wider than the
		// narrowest phone.
		head = container.NewVBox(container.NewBorder(nil, nil, nil, container.NewHBox(open, sett), title), sub,
			playOnline, joinOnline)
	} else {
		head = container.NewBorder(nil, nil, nil, container.NewVBox(container.NewHBox(open, sett), container.NewHBox(playOnline, joinOnline)), container.NewVBox(title, sub))
	}
	p.note = widget.NewLabel("")
	p.note.Wrapping = fyne.TextWrapWord
	p.note.Hide()
	top, grid := container.NewPadded(container.NewVBox(head, p.note)), container.NewPadded(p.grid)
	if u.mobile {
		// A phone's header scrolls away with the cards: kept in place, with
		// a game in progress, it took a third of the screen.
		p.content = container.NewVScroll(container.NewVBox(top, grid))
	} else {
		p.content = container.NewBorder(top, nil, nil, nil, container.NewVScroll(grid))
	}
	p.readInProgress(ids)
	return p
}

// readInProgress reads the games in progress off the UI goroutine (each is
// replayed to know it can be resumed, and a long game takes a while) and
// shows them on the cards when it is done.
func (p *picker) readInProgress(ids []string) {
	store, post, disk, onlineGames := p.u.store, p.u.post, p.u.disk, p.u.onlineList()
	go func() {
		disk.Wait() // a game just left is listed as its last move left it
		found := make(map[string][]settings.Entry, len(ids))
		for _, id := range ids {
			found[id], _ = store.ListAutosaves(id)
		}
		online := map[string]int{} // the online games this device is in, by game
		list, _ := onlineGames.List()
		for _, e := range list {
			online[e.Game]++
		}
		post(func() { p.showInProgress(ids, found, online) })
	}()
}

// showInProgress offers Resume on the cards of games with a game in
// progress that can be resumed (at this device or online), marks the
// cards whose games in progress all are unreadable, and names the games
// in the note.
func (p *picker) showInProgress(ids []string, found map[string][]settings.Entry, online map[string]int) {
	p.checked = true
	var names []string
	for _, id := range ids {
		readable := 0
		for _, e := range found[id] {
			if e.Err == nil {
				readable++
			}
		}
		readable += online[id]
		c := p.cards[id]
		c.resume.Hidden = readable == 0
		c.unreadable.Hidden = readable > 0 || len(found[id]) == 0
		c.resume.Refresh()
		c.unreadable.Refresh()
		g, _ := games.Lookup(id)
		switch {
		case readable == 1:
			names = append(names, g.Name())
		case readable > 1:
			names = append(names, fmt.Sprintf("%s (%d games)", g.Name(), readable))
		}
	}
	if len(names) > 0 {
		p.note.SetText("In progress: " + strings.Join(names, ", ") + ". Press Resume on its card to go on.")
		p.note.Show()
	}
	p.grid.Refresh()
}

func (p *picker) card(g games.Game) fyne.CanvasObject {
	id := g.ID()
	e, _ := p.u.box.entry(id)
	icon := canvas.NewImageFromResource(fyne.NewStaticResource(id+".svg", e.Icon()))
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
	resume.Hide() // until the games in progress are read
	unreadable := widget.NewButtonWithIcon("Unreadable game", theme.WarningIcon(), func() { p.u.ResumeDialog(id) })
	unreadable.Importance = widget.WarningImportance
	unreadable.Hide()
	rules := widget.NewButtonWithIcon("", theme.HelpIcon(), func() { p.u.RulesDialog(id) })
	p.cards[id] = &gameCard{play: play, resume: resume, unreadable: unreadable, record: rec}

	// A wide card has its icon beside the text, a narrow one (two
	// columns on a phone) above it.
	name.Wrapping = fyne.TextWrapWord
	top := container.New(&besideOrAbove{minText: 160}, icon, container.NewVBox(name, blurb))
	buttons := container.NewHBox(play, resume, unreadable, layout.NewSpacer(), rules)
	if p.u.mobile {
		// Touch: wide buttons that say what they do. Play and Rules share a
		// row, in words only, so that a card of two columns on a narrow
		// phone holds them; Resume and Unreadable span the card.
		play.Text, play.Icon = "Play", nil // not drawn yet
		unreadable.Text = "Unreadable"
		rules.Text, rules.Icon = "Rules", nil
		buttons = container.NewVBox(container.NewGridWithColumns(2, play, rules), resume, unreadable)
	}
	// The buttons sit at the bottom: the cards of a row are as tall as
	// the tallest, so the buttons line up.
	return widget.NewCard("", "", container.NewBorder(container.NewVBox(top, rec), buttons, nil, nil))
}

// besideOrAbove puts an icon beside a text when the text keeps at least
// minText of the width, else above it (a narrow card on a phone). Its
// height depends on the width it was last laid out at, as a wrapping
// label's does.
type besideOrAbove struct {
	minText float32
	width   float32 // the width of the last layout; 0 before the first
}

// arrange places the icon and the text at this width (when place is true)
// and returns the height they take.
func (l *besideOrAbove) arrange(objects []fyne.CanvasObject, width float32, place bool) float32 {
	icon, text := objects[0], objects[1]
	is, pad := icon.MinSize(), theme.Padding()
	if tw := width - is.Width - pad; tw >= l.minText {
		h := max(is.Height, heightAt(text, tw))
		if place {
			icon.Move(fyne.NewPos(0, 0))
			icon.Resize(fyne.NewSize(is.Width, h))
			text.Move(fyne.NewPos(is.Width+pad, 0))
			text.Resize(fyne.NewSize(tw, h))
		}
		return h
	}
	th := heightAt(text, width)
	if place {
		icon.Move(fyne.NewPos(0, 0))
		icon.Resize(fyne.NewSize(width, is.Height))
		text.Move(fyne.NewPos(0, is.Height+pad))
		text.Resize(fyne.NewSize(width, th))
	}
	return is.Height + pad + th
}

func (l *besideOrAbove) Layout(objects []fyne.CanvasObject, size fyne.Size) {
	l.width = size.Width
	l.arrange(objects, size.Width, true)
}

// MinSize is as narrow as the icon above the text, and as tall as they
// are at the width of the last layout. Before the first layout nothing is
// measured: wrapping a text at the icon's width breaks words apart, which
// the text shaper cannot always do (it panicked on a phone).
func (l *besideOrAbove) MinSize(objects []fyne.CanvasObject) fyne.Size {
	is, ts := objects[0].MinSize(), objects[1].MinSize()
	w := max(is.Width, ts.Width)
	if l.width == 0 {
		return fyne.NewSize(w, is.Height+theme.Padding()+ts.Height)
	}
	return fyne.NewSize(w, l.arrange(objects, max(l.width, w), false))
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
		who := "vs " + opponentWords(b)
		if b == settings.OnlineOpponent {
			who = "Online"
		}
		line := fmt.Sprintf("%s: %d won, %d lost, %d drawn", who, t.Wins, t.Losses, t.Draws)
		if t.Shared > 0 {
			line += fmt.Sprintf(", %d shared", t.Shared)
		}
		parts = append(parts, line)
	}
	return strings.Join(parts, "\n")
}

// opponentWords is a statistics key, the computer's line-up ("easy",
// "easy + medium": the bots' names, which recordResult keeps as keys), as
// people read it: "Easy", "Easy + Medium".
func opponentWords(key string) string {
	bots := strings.Split(key, " + ")
	for i, b := range bots {
		bots[i] = ruleValueText(b)
	}
	return strings.Join(bots, " + ")
}

// ---- the grid of cards ----

// maxCardWidth keeps cards readable on a wide screen: the grid is centred
// rather than the cards stretched.
const maxCardWidth = 480

// cardGrid lays cards out in as many columns as the width holds (up to
// four on a desktop, two on a phone), each card as wide as the others and
// at most maxCardWidth. The cards of a row are as tall as its tallest.
// Its height depends on the width it was last laid out at, as a wrapping
// label's does.
type cardGrid struct {
	maxCols  int
	minWidth float32 // the least width a card is given
	width    float32 // the width of the last layout; 0 before the first
}

func newCardGrid(phone bool) *cardGrid {
	if phone {
		// Two columns on a phone 294 wide (a window of 412 x 790 pixels
		// on Fyne's phone simulation, scaled by 1.4), a card of 136 holds
		// its words and buttons.
		return &cardGrid{maxCols: 2, minWidth: 136}
	}
	return &cardGrid{maxCols: 4, minWidth: 320}
}

// columns is how many cards stand side by side at this width, and how
// wide each is.
func (g *cardGrid) columns(cards []fyne.CanvasObject, width float32) (int, float32) {
	least := g.minWidth
	for _, c := range cards {
		least = max(least, c.MinSize().Width)
	}
	pad := theme.Padding()
	n := max(1, min(g.maxCols, len(cards), int((width+pad)/(least+pad))))
	w := min(maxCardWidth, (width-float32(n-1)*pad)/float32(n))
	return n, max(w, min(least, width))
}

// rows places the cards at this width (when place is true) and returns
// the height they take.
func (g *cardGrid) rows(cards []fyne.CanvasObject, width float32, place bool) float32 {
	var visible []fyne.CanvasObject
	for _, c := range cards {
		if c.Visible() {
			visible = append(visible, c)
		}
	}
	n, w := g.columns(visible, width)
	pad := theme.Padding()
	x0 := max(0, (width-float32(n)*w-float32(n-1)*pad)/2)
	y := float32(0)
	for i := 0; i < len(visible); i += n {
		row := visible[i:min(i+n, len(visible))]
		h := float32(0)
		for _, c := range row {
			c.Resize(fyne.NewSize(w, c.Size().Height)) // wrapped text measures at its width
			h = max(h, c.MinSize().Height)
		}
		if place {
			for j, c := range row {
				c.Move(fyne.NewPos(x0+float32(j)*(w+pad), y))
				c.Resize(fyne.NewSize(w, h))
			}
		}
		y += h + pad
	}
	return max(0, y-pad)
}

func (g *cardGrid) Layout(cards []fyne.CanvasObject, size fyne.Size) {
	g.width = size.Width
	g.rows(cards, size.Width, true)
}

// MinSize is one card wide, so the grid never widens the window, and as
// tall as the cards are at the width of the last layout (nothing is
// measured before it: cards as narrow as they can be squeeze their text
// to a word's width).
func (g *cardGrid) MinSize(cards []fyne.CanvasObject) fyne.Size {
	var w float32
	for _, c := range cards {
		if c.Visible() {
			w = max(w, c.MinSize().Width)
		}
	}
	if g.width == 0 {
		return fyne.NewSize(w, 0)
	}
	return fyne.NewSize(w, g.rows(cards, max(g.width, w), false))
}
