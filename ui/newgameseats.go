package ui

import (
	"fmt"
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

// computerName is the k-th computer's name (from 1): "Computer",
// "Computer 2", ...
func computerName(k int) string {
	if k == 1 {
		return "Computer"
	}
	return fmt.Sprintf("Computer %d", k)
}

var (
	computerNamePattern = regexp.MustCompile(`^Computer( [0-9]+)?$`)
	playerNamePattern   = regexp.MustCompile(`^Player [0-9]+$`)
)

// givenName: the name is one the dialog chose, not one a person typed, so
// the dialog may change it.
func givenName(name string) bool {
	return name == "" || name == youName || computerNamePattern.MatchString(name) || playerNamePattern.MatchString(name)
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
// or as the computer: the first of its names that no other seat has.
func (nd *newGameForm) seatName(sf *seatForm, i int, computer bool) string {
	if computer {
		k := 1
		for nd.nameTaken(computerName(k), sf) {
			k++
		}
		return computerName(k)
	}
	if !nd.nameTaken(youName, sf) {
		return youName
	}
	return playerName(i)
}

type seatForm struct {
	name   *escEntry
	kind   *widget.Select
	bot    *widget.Select // the computer opponents by the names people read
	bots   []ai.Spec      // what bot offers, in its order
	about  *widget.Label
	symbol *widget.Select // the symbol shown for the seat, for games whose seats choose one; else nil
}

// addSeat adds a seat row at the end.
func (nd *newGameForm) addSeat(s games.SeatInfo) {
	i := len(nd.seats)
	sf := nd.seatRow(i, s)
	if name := strings.TrimSpace(sf.name.Text); givenName(name) && nd.nameTaken(name, sf) {
		sf.name.SetText(nd.seatName(sf, i, !s.Human())) // remembered seats may share a name
	}
	letter := frame.Symbol(i)
	e, _ := nd.u.box.entry(nd.g.ID())
	if e.SeatName != nil {
		letter = e.SeatName(i) // the knights' A to D
	}
	var sym fyne.CanvasObject = widget.NewLabelWithStyle(letter, fyne.TextAlignCenter, fyne.TextStyle{Bold: true})
	if e.Symbols != nil {
		sym = nd.symbolChoice(sf, i, s.Symbol, e.Symbols)
	}
	nd.seats = append(nd.seats, sf)
	var head fyne.CanvasObject = container.NewBorder(nil, nil, container.NewHBox(sym, sf.kind), sf.bot, sf.name)
	if nd.u.mobile { // narrow: the name on a line of its own
		head = container.NewVBox(container.NewBorder(nil, nil, sym, nil, sf.name), container.NewGridWithColumns(2, sf.kind, sf.bot))
	}
	nd.seatBox.Add(container.NewVBox(head, sf.about))
}

// symbolChoice is a seat's choice of symbol, shown in the seat's colour
// beside the list. It starts on want when no earlier seat has it, else on
// the seat's usual symbol or the first one still free.
func (nd *newGameForm) symbolChoice(sf *seatForm, i int, want string, choices []string) fyne.CanvasObject {
	used := map[string]bool{}
	for _, other := range nd.seats {
		used[other.symbol.Selected] = true
	}
	preview := canvas.NewText("", kit.SeatInk(i))
	preview.TextStyle.Bold = true
	preview.TextSize = theme.TextSize() * 1.5
	sf.symbol = widget.NewSelect(choices, func(c string) {
		preview.Text = c
		preview.Refresh()
	})
	for _, c := range append([]string{want, frame.Symbol(i)}, choices...) {
		if slices.Contains(choices, c) && !used[c] {
			sf.symbol.SetSelected(c)
			break
		}
	}
	return container.NewHBox(container.NewCenter(preview), sf.symbol)
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
		if k := sf.bot.SelectedIndex(); k >= 0 {
			sf.about.SetText(bots[k].About)
		}
	})
	choices := []string{humanChoice}
	if len(bots) > 0 {
		choices = append(choices, computerChoice)
	}
	sf.kind = widget.NewSelect(choices, func(k string) {
		computer := k == computerChoice
		// A name the dialog gave follows the seat: a person's name for a
		// person, a computer's for the computer.
		if name := strings.TrimSpace(sf.name.Text); givenName(name) && computerNamePattern.MatchString(name) != computer {
			sf.name.SetText(nd.seatName(sf, i, computer))
		}
		if computer {
			if sf.botName() == "" {
				sf.setBot(nd.u.defaultBot(nd.g.ID()))
			}
			sf.bot.Show()
			sf.about.Show()
		} else {
			sf.bot.Hide()
			sf.about.Hide()
		}
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
	for i, sf := range nd.seats {
		v := vals[(i+n-1)%n]
		sf.name.SetText(v.Name)
		if sf.symbol != nil { // people keep their symbols
			sf.symbol.SetSelected(v.Symbol)
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
