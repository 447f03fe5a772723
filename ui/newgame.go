package ui

import (
	"fmt"
	"strings"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/dialog"
	"fyne.io/fyne/v2/layout"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"

	"github.com/tabulagames/tabula/ai"
	"github.com/tabulagames/tabula/games"
	"github.com/tabulagames/tabula/settings"
	"github.com/tabulagames/tabula/ui/boards/kit"
	"github.com/tabulagames/tabula/ui/frame"
	"github.com/tabulagames/tabula/ui/session"
)

const (
	humanChoice    = "Human"
	computerChoice = "Computer"
)

// lastChoices are the seats and rules remembered for a game, or defaults;
// there are as many seats as the rules say (the players rule).
func (u *App) lastChoices(g games.Game) ([]games.SeatInfo, map[string]any) {
	seats, rules := []games.SeatInfo(nil), map[string]any{}
	if setup, ok := u.cfg.LastSetup(g.ID()); ok && len(setup.Seats) > 0 {
		seats, rules = setup.Seats, setup.Rules
	}
	valid, err := games.ValidateRules(g.RuleSpecs(), rules)
	if err != nil {
		valid = games.Defaults(g.RuleSpecs())
	}
	return nameBots(g, u.fitSeats(g, seats, games.SeatCount(g, valid))), rules
}

// fitSeats keeps the first n seats, adding default ones if there are fewer.
func (u *App) fitSeats(g games.Game, seats []games.SeatInfo, n int) []games.SeatInfo {
	if len(seats) >= n {
		return seats[:n]
	}
	return append(append([]games.SeatInfo{}, seats...), u.defaultSeats(g, n)[len(seats):]...)
}

// defaultSeats: a person in seat 0, the computer elsewhere (people, when
// the game has no computer opponents yet). Every seat has its own name,
// a computer's its strength: "Medium", "Medium 2", so a result never
// reads "Computer wins!" about one of two.
func (u *App) defaultSeats(g games.Game, n int) []games.SeatInfo {
	seats := make([]games.SeatInfo, n)
	bot := u.defaultBot(g.ID())
	bots := 0
	for i := range seats {
		switch {
		case i == 0:
			seats[i] = games.SeatInfo{Name: youName, Controller: "human"}
		case bot == "":
			seats[i] = games.SeatInfo{Name: playerName(i), Controller: "human"}
		default:
			bots++
			seats[i] = games.SeatInfo{Name: botSeatName(bot, bots), Controller: "ai", Bot: bot}
		}
	}
	return seats
}

func (u *App) defaultBot(game string) string {
	if b, ok := u.cfg.DefaultBot(game); ok {
		if _, err := ai.Find(game, b); err == nil {
			return b
		}
	}
	bots := ai.ForGame(game)
	if len(bots) == 0 {
		return ""
	}
	return bots[len(bots)/2].Name // the middle level
}

// NewGameDialog asks for the seats and house rules of a new game of id
// (or, with id "", of the game shown, else the first game).
func (u *App) NewGameDialog(id string) { u.newGameDialog(id) }

// newGameDialog shows the dialog and returns its form (nil for a game
// that is not there), for tests to fill in.
func (u *App) newGameDialog(id string) *newGameForm { return u.newGameDialogWith(id, nil) }

// newGameDialogWith is the New game dialog; online, when not nil, is
// what Start does instead of starting a game here (Play online), with
// the form's valid rules and seats, keeping the dialog open on false.
func (u *App) newGameDialogWith(id string, online func(nd *newGameForm, rules games.Rules, seats []games.SeatInfo) bool) *newGameForm {
	if id == "" {
		id = u.box.games()[0].ID()
	}
	g, ok := games.Lookup(id)
	if !ok {
		return nil
	}
	seats, rules := u.lastChoices(g)
	nd := &newGameForm{u: u, g: g, online: online}
	content := nd.build(seats, rules)
	var dlg dialog.Dialog
	start := widget.NewButtonWithIcon("Start", theme.ConfirmIcon(), func() {
		if nd.start() {
			dlg.Hide()
		}
	})
	start.Importance = widget.HighImportance
	cancel := widget.NewButtonWithIcon("Cancel", theme.CancelIcon(), func() { dlg.Hide() })
	footer := container.NewVBox(nd.problem, container.NewHBox(layout.NewSpacer(), cancel, start))
	scroll, body := formScroll(content)
	title := "New game: "
	if online != nil {
		title = "Play online: "
		start.SetText("Invite")
	}
	dlg = dialog.NewCustomWithoutButtons(title+g.Name(), container.NewBorder(nil, footer, nil, nil, body), u.win)
	size := u.dialogSize(newGameWidth, 400) // taller than the dialog's own minimum
	dlg.Resize(size)
	u.show(dlg, nil)
	// Laid out at its width, the form knows its height: the dialog grows
	// by what is hidden, up to the window's height, and only a longer form
	// scrolls. Twice, as wrapped help is measured at the width it last had.
	for range 2 {
		size = u.dialogSize(size.Width, size.Height+content.MinSize().Height-scroll.Size().Height)
		dlg.Resize(size)
	}
	return nd
}

// newGameWidth is the New game dialog's width on a large window: room
// for the rules' help on one line each.
const newGameWidth = 800

type newGameForm struct {
	u       *App
	g       games.Game
	entry   kit.Entry   // how the app offers the game: its seats' names, symbols and rules
	valid   games.Rules // the rules the form starts on
	seats   []*seatForm
	seatBox *fyne.Container       // a row per seat, as many as the players rule says
	players *ruleStepper          // the players rule, for games that have one
	swapBtn *widget.Button        // Swap seats, shown while there are two seats or more
	rules   map[string]func() any // read each rule widget's value (the seats' rules are in their rows)
	problem *widget.Label
	started bool // Start was pressed: a problem of the seats is told, and followed
	box     *fyne.Container
	online  func(nd *newGameForm, rules games.Rules, seats []games.SeatInfo) bool // Play online's Start, or nil
	hints   *widget.Check                                                         // Play online's "Allow hints" (onlineresume.go)
}

func (nd *newGameForm) build(seats []games.SeatInfo, rules map[string]any) fyne.CanvasObject {
	nd.entry, _ = nd.u.box.entry(nd.g.ID())
	valid, err := games.ValidateRules(nd.g.RuleSpecs(), rules)
	if err != nil {
		valid = games.Defaults(nd.g.RuleSpecs())
	}
	nd.valid = valid
	nd.problem = widget.NewLabel("")
	nd.problem.Importance = widget.DangerImportance
	nd.problem.Wrapping = fyne.TextWrapWord
	nd.problem.Hide() // it takes no room until there is a problem
	nd.box = container.NewVBox()

	nd.seatBox = container.NewVBox()
	for _, s := range seats {
		nd.addSeat(s)
	}
	nd.swapBtn = widget.NewButtonWithIcon("Swap seats", theme.ViewRefreshIcon(), nd.swap)
	nd.showSwap()
	nd.box.Add(widget.NewLabelWithStyle("Seats", fyne.TextAlignLeading, fyne.TextStyle{Bold: true}))
	nd.box.Add(nd.seatBox)
	for _, help := range nd.seatRulesHelp() {
		nd.box.Add(help)
	}
	nd.box.Add(container.NewHBox(nd.swapBtn))
	if nd.online != nil {
		nd.hints = nd.u.hintsCheck(nd)
	}
	nd.box.Add(widget.NewSeparator())
	nd.box.Add(widget.NewLabelWithStyle("House rules", fyne.TextAlignLeading, fyne.TextStyle{Bold: true}))
	nd.box.Add(nd.rulesForm(rules))
	return nd.box
}

// distinctNames refuses two seats with one name: "Ana wins!" must say who.
func distinctNames(seats []games.SeatInfo) error {
	for i, s := range seats {
		for j := range i {
			if strings.EqualFold(seats[j].Name, s.Name) {
				return fmt.Errorf("Seats %d and %d are both called %s: give each seat its own name.", j+1, i+1, s.Name)
			}
		}
	}
	return nil
}

// seatsNow are the seats the form shows, or what is wrong with them.
func (nd *newGameForm) seatsNow() ([]games.SeatInfo, error) {
	seats := make([]games.SeatInfo, len(nd.seats))
	for i, sf := range nd.seats {
		seats[i] = sf.value()
		if !seats[i].Human() && seats[i].Bot == "" {
			return nil, fmt.Errorf("Choose a computer opponent for seat %d.", i+1)
		}
	}
	if err := distinctNames(seats); err != nil {
		return nil, err
	}
	if err := frame.DistinctSymbols(seats); err != nil {
		return nil, err
	}
	return seats, nil
}

// tell shows a problem under the form, or hides the line when msg is "".
func (nd *newGameForm) tell(msg string) {
	nd.problem.SetText(msg)
	if msg == "" {
		nd.problem.Hide()
	} else {
		nd.problem.Show()
	}
}

// start validates the form and starts the game; false keeps the dialog
// open with the problem shown.
func (nd *newGameForm) start() bool {
	if nd.online != nil {
		nd.started = true
		rules, err := nd.rulesNow()
		if err == nil {
			var seats []games.SeatInfo
			if seats, err = nd.seatsNow(); err == nil {
				return nd.online(nd, rules, seats)
			}
		}
		nd.tell(err.Error())
		return false
	}
	s, ok := nd.session()
	if ok {
		nd.u.openSession(s)
	}
	return ok
}

// session makes the game the form describes and remembers the choices;
// false with the problem shown when the form does not describe one.
func (nd *newGameForm) session() (*session.Session, bool) {
	nd.started = true
	rules, err := nd.rulesNow()
	if err != nil {
		nd.tell(err.Error())
		return nil, false
	}
	seats, err := nd.seatsNow()
	if err != nil {
		nd.tell(err.Error())
		return nil, false
	}
	s, err := nd.u.newSession(nd.g, rules, seats, nil)
	if err != nil {
		nd.tell(err.Error())
		return nil, false
	}
	saved := map[string]any{}
	for k, v := range rules {
		saved[k] = v
	}
	if err := nd.u.cfg.SetLastSetup(nd.g.ID(), settings.Setup{Seats: seats, Rules: saved}); err != nil {
		fyne.LogError("remembering the new-game choices", err)
	}
	return s, true
}
