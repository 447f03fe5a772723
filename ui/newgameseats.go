package ui

import (
	"fmt"
	"image/color"
	"regexp"
	"slices"
	"strings"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/canvas"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"

	"github.com/tabulagames/tabula/ai"
	"github.com/tabulagames/tabula/games"
	"github.com/tabulagames/tabula/ui/boards/kit"
	"github.com/tabulagames/tabula/ui/frame"
)

// The names a seat gets until someone types one.
const youName = "You"

// playerName is the name of a person in seat i who is not "You".
func playerName(i int) string { return fmt.Sprintf("Player %d", i+1) }

// botSeatName is the k-th name (from 1) of a computer opponent of
// strength bot, as people read it: "Expert", "Medium 2". A result then
// says who won ("Expert wins"), where two "Computer"s said nothing.
func botSeatName(bot string, k int) string {
	name := ruleValueText(bot)
	if k == 1 {
		return name
	}
	return fmt.Sprintf("%s %d", name, k)
}

var (
	computerNamePattern = regexp.MustCompile(`^Computer( [0-9]+)?$`) // the names before issue 19
	playerNamePattern   = regexp.MustCompile(`^Player [0-9]+$`)
	numberedPattern     = regexp.MustCompile(`^(.*?)( [0-9]+)?$`)
)

// botNamed: name is one a computer opponent of game g gets from the
// dialog: its strength, perhaps numbered, or "Computer" as it was.
func botNamed(g games.Game, name string) bool {
	if computerNamePattern.MatchString(name) {
		return true
	}
	base := numberedPattern.FindStringSubmatch(name)[1]
	for _, b := range ai.ForGame(g.ID()) {
		if base == ruleValueText(b.Name) {
			return true
		}
	}
	return false
}

// givenName: the name is one the dialog chose, not one a person typed, so
// the dialog may change it.
func givenName(g games.Game, name string) bool {
	return name == "" || name == youName || playerNamePattern.MatchString(name) || botNamed(g, name)
}

// strengthOf: name is bot's name, perhaps numbered ("Medium 2" for
// medium).
func strengthOf(name, bot string) bool {
	return numberedPattern.FindStringSubmatch(name)[1] == ruleValueText(bot)
}

// nameBots names every computer opponent whose name the dialog gave by its
// strength, numbered only when two share one: "Expert", "Medium",
// "Medium 2". Names people typed stay.
func nameBots(g games.Game, seats []games.SeatInfo) []games.SeatInfo {
	out := append([]games.SeatInfo(nil), seats...)
	taken := map[string]bool{}
	for _, s := range out {
		if s.Human() || !botNamed(g, s.Name) {
			taken[strings.ToLower(s.Name)] = true
		}
	}
	for i, s := range out {
		if s.Human() || !botNamed(g, s.Name) {
			continue
		}
		k := 1
		for taken[strings.ToLower(botSeatName(s.Bot, k))] {
			k++
		}
		out[i].Name = botSeatName(s.Bot, k)
		taken[strings.ToLower(out[i].Name)] = true
	}
	return out
}

// nameTaken: a seat other than sf is called name.
func (nd *newGameForm) nameTaken(name string, sf *seatForm) bool {
	for _, other := range nd.seats {
		if other != sf && strings.EqualFold(strings.TrimSpace(other.name.Text), name) {
			return true
		}
	}
	return false
}

// seatName is the name the dialog gives seat i (held by sf) as a person
// or as the computer: the first of its names that no other seat has, a
// computer's by the strength chosen.
func (nd *newGameForm) seatName(sf *seatForm, i int, computer bool) string {
	if computer {
		bot := sf.botName()
		if bot == "" {
			bot = nd.u.defaultBot(nd.g.ID())
		}
		k := 1
		for nd.nameTaken(botSeatName(bot, k), sf) {
			k++
		}
		return botSeatName(bot, k)
	}
	if !nd.nameTaken(youName, sf) {
		return youName
	}
	return playerName(i)
}

type seatForm struct {
	name   *escEntry
	head   *fyne.Container // the row of the mark, the kind, the level and the name
	kind   *widget.Select
	bot    *widget.Select // the computer opponents by the names people read
	bots   []ai.Spec      // what bot offers, in its order
	about  *widget.Label
	symbol *widget.Select // the symbol shown for the seat, for games whose seats choose one; else nil
	// rule is the house rule that is the seat's own (arena's character),
	// chosen with ruleSel; nil for none.
	rule    *games.RuleSpec
	ruleSel *widget.Select
	mark    *seatMark // the seat's mark, in its colour
}

// The seats are named and coloured alike in every game's dialog, as their
// board and its side panel show them: each row starts with the seat's
// mark, bold and in the seat's colour, in a column as wide as the game's
// widest mark.

// markText is seat i's mark: the game's own word or letter for it
// (alcazar's and arena's colours, the knights' letters), else its symbol.
func (nd *newGameForm) markText(i int) string {
	if nd.entry.SeatName != nil {
		return nd.entry.SeatName(i)
	}
	return frame.Symbol(i)
}

// markSize is the size of a seat's mark, as in the side panel.
func markSize() float32 { return theme.TextSize() * 1.4 }

// newMark is a seat's mark as the side panel draws it, held by sf: bold,
// in the seat's colour, with no padding of its own, so the row is no
// taller than its fields; it returns what shows it.
func (sf *seatForm) newMark(text string, seat int) fyne.CanvasObject {
	sf.mark = newSeatMark(text, kit.SeatInk(seat))
	return sf.mark
}

// seatMark is a text drawn in its own colour and size: it needs no theme
// override (Fyne keeps what lay under one for as long as the app runs),
// and, a widget, it is read by a screen reader as a label is.
type seatMark struct {
	widget.BaseWidget
	text *canvas.Text
}

func newSeatMark(text string, ink color.Color) *seatMark {
	m := &seatMark{text: canvas.NewText(text, ink)}
	m.text.TextStyle.Bold = true
	m.text.TextSize = markSize()
	m.ExtendBaseWidget(m)
	return m
}

// SetText shows text.
func (m *seatMark) SetText(text string) {
	m.text.Text = text
	m.text.Refresh()
	m.Refresh()
}

func (m *seatMark) CreateRenderer() fyne.WidgetRenderer { return widget.NewSimpleRenderer(m.text) }
func (m *seatMark) AccessibilityLabel() string          { return m.text.Text }
func (m *seatMark) AccessibilityRole() fyne.AccessibleRole {
	return fyne.AccessibleRoleText
}

// markColumn holds a mark in the column of the game's marks: as wide as
// the widest mark any seat may show.
func (nd *newGameForm) markColumn(mark fyne.CanvasObject) fyne.CanvasObject {
	_, most := nd.g.SeatRange()
	var texts []string
	for i := range most {
		texts = append(texts, nd.markText(i))
	}
	texts = append(texts, nd.entry.Symbols...)
	width := float32(0)
	for _, t := range texts {
		width = max(width, fyne.MeasureText(t, markSize(), fyne.TextStyle{Bold: true}).Width)
	}
	room := canvas.NewRectangle(color.Transparent)
	room.SetMinSize(fyne.NewSize(width+2*theme.Padding(), 0))
	return container.NewStack(room, container.NewCenter(mark))
}

// seatRulesHelp says once, under the seats, what the seats' own rules
// mean ("A Bomber drops bombs; a Freezer drops ice blocks.").
func (nd *newGameForm) seatRulesHelp() []fyne.CanvasObject {
	var said []string
	var out []fyne.CanvasObject
	for _, sp := range nd.g.RuleSpecs() {
		if !slices.Contains(nd.entry.SeatRules, sp.Key) || sp.Help == "" || slices.Contains(said, sp.Help) {
			continue
		}
		said = append(said, sp.Help)
		l := widget.NewLabel(sp.Help)
		l.Wrapping = fyne.TextWrapWord
		l.Importance = widget.LowImportance
		out = append(out, l)
	}
	return out
}

// seatRule is the choice of seat i's own rule, if the game has one for
// it, starting on the form's rules.
func (nd *newGameForm) seatRule(sf *seatForm, i int) fyne.CanvasObject {
	if i >= len(nd.entry.SeatRules) {
		return nil
	}
	for _, sp := range nd.g.RuleSpecs() {
		if sp.Key != nd.entry.SeatRules[i] || sp.Kind != games.ChoiceRule {
			continue
		}
		sf.rule = &sp
		var opts []string
		for _, c := range sp.Choices {
			opts = append(opts, ruleValueText(c)) // people read "Bomber"; the rules keep "bomber"
		}
		sf.ruleSel = widget.NewSelect(opts, func(string) { nd.check() })
		sf.setRule(nd.valid.String(sp.Key))
		return sf.ruleSel
	}
	return nil
}

// ruleValue is the value of the seat's own rule as the rules keep it.
func (sf *seatForm) ruleValue() string { return sf.rule.Choices[max(sf.ruleSel.SelectedIndex(), 0)] }

// setRule chooses v for the seat's own rule.
func (sf *seatForm) setRule(v string) {
	if i := slices.Index(sf.rule.Choices, v); i >= 0 {
		sf.ruleSel.SetSelectedIndex(i)
	}
}

// resetRule puts the seat's own rule back to the standard rules'.
func (sf *seatForm) resetRule() {
	if sf.rule != nil {
		sf.setRule(fmt.Sprint(sf.rule.Default))
	}
}

// addSeat adds a seat row at the end.
func (nd *newGameForm) addSeat(s games.SeatInfo) {
	i := len(nd.seats)
	sf := nd.seatRow(i, s)
	// Remembered seats may share a name, or name a computer otherwise
	// than by its strength ("Computer", as they once did).
	name := strings.TrimSpace(sf.name.Text)
	stale := !s.Human() && botNamed(nd.g, name) && !strengthOf(name, sf.botName())
	if givenName(nd.g, name) && (nd.nameTaken(name, sf) || stale) {
		sf.name.SetText(nd.seatName(sf, i, !s.Human()))
	}
	// The seat's mark, then what the seat itself chooses: its symbol or
	// its own rule.
	seat := []fyne.CanvasObject{nd.markColumn(sf.newMark(nd.markText(i), i))}
	if nd.entry.Symbols != nil {
		seat = nd.symbolChoice(sf, i, s.Symbol, nd.entry.Symbols)
	}
	if rule := nd.seatRule(sf, i); rule != nil {
		seat = append(seat, rule)
	}
	sym := container.NewHBox(seat...)
	nd.seats = append(nd.seats, sf)
	var head fyne.CanvasObject = container.NewBorder(nil, nil, container.NewHBox(sym, sf.kind), sf.bot, sf.name)
	if nd.u.mobile { // narrow: the name on a line of its own
		head = container.NewVBox(container.NewBorder(nil, nil, sym, nil, sf.name), container.NewGridWithColumns(2, sf.kind, sf.bot))
	}
	if c, ok := head.(*fyne.Container); ok {
		sf.head = c
	}
	nd.seatBox.Add(container.NewVBox(head, sf.about))
}

// relayout lays c and every container in it out again at their sizes.
func relayout(c *fyne.Container) {
	c.Refresh()
	for _, o := range c.Objects {
		if inner, ok := o.(*fyne.Container); ok {
			relayout(inner)
		}
	}
}

// symbolChoice is a seat's choice of symbol: the symbol as a mark, then
// the list. It starts on want when no earlier seat has it, else on the
// seat's usual symbol or the first one still free.
func (nd *newGameForm) symbolChoice(sf *seatForm, i int, want string, choices []string) []fyne.CanvasObject {
	used := map[string]bool{}
	for _, other := range nd.seats {
		used[other.symbol.Selected] = true
	}
	mark := sf.newMark("", i)
	sf.symbol = widget.NewSelect(choices, func(c string) {
		sf.mark.SetText(c)
		nd.check() // two seats of one symbol: the problem goes when it does
	})
	for _, c := range append([]string{want, frame.Symbol(i)}, choices...) {
		if slices.Contains(choices, c) && !used[c] {
			sf.symbol.SetSelected(c)
			break
		}
	}
	return []fyne.CanvasObject{nd.markColumn(mark), sf.symbol}
}

// setSeatCount adds or removes seat rows as the players rule changes; the
// rows kept keep what was entered in them.
func (nd *newGameForm) setSeatCount(n int) {
	if n < 1 || n == len(nd.seats) {
		return
	}
	defer nd.showSwap()
	if n < len(nd.seats) {
		nd.seats = nd.seats[:n]
		nd.seatBox.Objects = nd.seatBox.Objects[:n]
		nd.seatBox.Refresh()
		return
	}
	defaults := nd.u.defaultSeats(nd.g, n)
	for len(nd.seats) < n {
		nd.addSeat(defaults[len(nd.seats)])
	}
}

// showSwap offers Swap seats only when there is someone to swap with (a
// lone knight has not).
func (nd *newGameForm) showSwap() {
	if nd.swapBtn == nil {
		return
	}
	if len(nd.seats) > 1 {
		nd.swapBtn.Show()
	} else {
		nd.swapBtn.Hide()
	}
}

func (nd *newGameForm) seatRow(i int, s games.SeatInfo) *seatForm {
	sf := &seatForm{name: nd.u.newEntry(), about: widget.NewLabel("")}
	sf.name.SetText(s.Name)
	sf.name.OnChanged = func(string) { nd.check() } // two seats of one name: the problem goes when it does
	sf.name.SetPlaceHolder(playerName(i))
	sf.about.Importance = widget.LowImportance
	sf.about.Wrapping = fyne.TextWrapWord
	bots := ai.ForGame(nd.g.ID())
	sf.bots = bots
	var names []string
	for _, b := range bots {
		names = append(names, ruleValueText(b.Name)) // "Hard", as people read it
	}
	sf.bot = widget.NewSelect(names, func(string) {
		k := sf.bot.SelectedIndex()
		if k < 0 {
			return
		}
		sf.about.SetText(bots[k].About)
		// A computer named by the dialog is named by its strength.
		if name := strings.TrimSpace(sf.name.Text); sf.kind.Selected == computerChoice && botNamed(nd.g, name) && !strengthOf(name, bots[k].Name) {
			sf.name.SetText(nd.seatName(sf, i, true))
		}
		nd.check()
	})
	choices := []string{humanChoice}
	if len(bots) > 0 {
		choices = append(choices, computerChoice)
	}
	sf.kind = widget.NewSelect(choices, func(k string) {
		computer := k == computerChoice
		// A name the dialog gave follows the seat: a person's name for a
		// person, a computer's for the computer.
		if computer && sf.botName() == "" {
			sf.setBot(nd.u.defaultBot(nd.g.ID()))
		}
		if name := strings.TrimSpace(sf.name.Text); givenName(nd.g, name) && botNamed(nd.g, name) != computer {
			sf.name.SetText(nd.seatName(sf, i, computer))
		}
		if computer {
			sf.bot.Show()
			sf.about.Show()
		} else {
			sf.bot.Hide()
			sf.about.Hide()
		}
		if sf.head != nil {
			// Lay the row out again: hiding the level leaves the row's own
			// size as it was, so Fyne would keep the name at its old width.
			relayout(sf.head)
		}
		nd.check()
	})
	if !s.Human() && len(bots) > 0 {
		bot := s.Bot
		if _, err := ai.Find(nd.g.ID(), bot); err != nil {
			bot = nd.u.defaultBot(nd.g.ID())
		}
		sf.setBot(bot)
		sf.kind.SetSelected(computerChoice)
	} else {
		sf.kind.SetSelected(humanChoice)
	}
	return sf
}

// swap rotates the seats, so a person can take the other side.
func (nd *newGameForm) swap() {
	n := len(nd.seats)
	if n < 2 {
		return
	}
	vals := make([]games.SeatInfo, n)
	for i, sf := range nd.seats {
		vals[i] = sf.value()
	}
	rules := make([]string, n)
	for i, sf := range nd.seats {
		if sf.rule != nil {
			rules[i] = sf.ruleValue()
		}
	}
	for i, sf := range nd.seats {
		from := (i + n - 1) % n
		v := vals[from]
		sf.name.SetText(v.Name)
		if sf.symbol != nil { // people keep their symbols
			sf.symbol.SetSelected(v.Symbol)
		}
		if sf.rule != nil && nd.seats[from].rule != nil { // and their characters
			sf.setRule(rules[from])
		}
		if v.Human() {
			sf.kind.SetSelected(humanChoice)
		} else {
			sf.setBot(v.Bot)
			sf.kind.SetSelected(computerChoice)
		}
	}
}

// setBot chooses the computer opponent called name.
func (sf *seatForm) setBot(name string) {
	for k, b := range sf.bots {
		if b.Name == name {
			sf.bot.SetSelectedIndex(k)
		}
	}
}

// botName is the name of the computer opponent chosen, "" for none.
func (sf *seatForm) botName() string {
	if k := sf.bot.SelectedIndex(); k >= 0 {
		return sf.bots[k].Name
	}
	return ""
}

func (sf *seatForm) value() games.SeatInfo {
	name := strings.TrimSpace(sf.name.Text)
	if name == "" {
		name = sf.name.PlaceHolder
	}
	seat := games.SeatInfo{Name: name, Controller: "human"}
	if sf.kind.Selected == computerChoice {
		seat = games.SeatInfo{Name: name, Controller: "ai", Bot: sf.botName()}
	}
	if sf.symbol != nil {
		seat.Symbol = sf.symbol.Selected
	}
	return seat
}
