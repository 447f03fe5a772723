package ui

import (
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"time"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/canvas"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/dialog"
	"fyne.io/fyne/v2/layout"
	"fyne.io/fyne/v2/storage"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"

	"github.com/tabulagames/tabula/ai"
	"github.com/tabulagames/tabula/games"
	"github.com/tabulagames/tabula/settings"
	"github.com/tabulagames/tabula/ui/boards/kit"
	"github.com/tabulagames/tabula/ui/frame"
	"github.com/tabulagames/tabula/ui/session"
)

// ---- new game ----

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
	return u.fitSeats(g, seats, games.SeatCount(g, valid)), rules
}

// fitSeats keeps the first n seats, adding default ones if there are fewer.
func (u *App) fitSeats(g games.Game, seats []games.SeatInfo, n int) []games.SeatInfo {
	if len(seats) >= n {
		return seats[:n]
	}
	return append(append([]games.SeatInfo{}, seats...), u.defaultSeats(g, n)[len(seats):]...)
}

// defaultSeats: a person in seat 0, the computer elsewhere (people, when
// the game has no computer opponents yet). Every seat has its own name:
// "Computer", "Computer 2", so a result never reads "Computer wins!"
// about one of two.
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
			seats[i] = games.SeatInfo{Name: computerName(bots), Controller: "ai", Bot: bot}
		}
	}
	return seats
}

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
func (u *App) NewGameDialog(id string) {
	if id == "" {
		id = u.box.games()[0].ID()
	}
	g, ok := games.Lookup(id)
	if !ok {
		return
	}
	seats, rules := u.lastChoices(g)
	nd := &newGameForm{u: u, g: g}
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
	dlg = dialog.NewCustomWithoutButtons("New game: "+g.Name(), container.NewBorder(nil, footer, nil, nil, body), u.win)
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
}

// newGameWidth is the New game dialog's width on a large window: room
// for the rules' help on one line each.
const newGameWidth = 800

func (u *App) dialogSize(w, h float32) fyne.Size {
	ws := u.win.Canvas().Size()
	if ws.Width > 0 {
		w = min(w, ws.Width*0.95)
		h = min(h, ws.Height*0.92)
	}
	return fyne.NewSize(w, h)
}

type newGameForm struct {
	u       *App
	g       games.Game
	seats   []*seatForm
	seatBox *fyne.Container       // a row per seat, as many as the players rule says
	players *ruleStepper          // the players rule, for games that have one
	swapBtn *widget.Button        // Swap seats, shown while there are two seats or more
	rules   map[string]func() any // read each rule widget's value
	problem *widget.Label
	box     *fyne.Container
}

type seatForm struct {
	name   *escEntry
	kind   *widget.Select
	bot    *widget.Select // the computer opponents by the names people read
	bots   []ai.Spec      // what bot offers, in its order
	about  *widget.Label
	symbol *widget.Select // the symbol shown for the seat, for games whose seats choose one; else nil
}

func (nd *newGameForm) build(seats []games.SeatInfo, rules map[string]any) fyne.CanvasObject {
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
	nd.box.Add(container.NewHBox(nd.swapBtn))
	nd.box.Add(widget.NewSeparator())
	nd.box.Add(widget.NewLabelWithStyle("House rules", fyne.TextAlignLeading, fyne.TextStyle{Bold: true}))
	nd.box.Add(nd.rulesForm(rules))
	return nd.box
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

// rulesForm builds one row per house rule from the game's specs: its
// label, a control that offers only what the rule accepts (a switch, a
// choice, or a stepper), and the rule's help in one line under it.
func (nd *newGameForm) rulesForm(last map[string]any) fyne.CanvasObject {
	nd.rules = map[string]func() any{}
	specs := nd.g.RuleSpecs()
	if len(specs) == 0 {
		l := widget.NewLabel("None: this game is played the same everywhere.")
		l.Importance = widget.LowImportance
		l.Wrapping = fyne.TextWrapWord
		return l
	}
	valid, err := games.ValidateRules(specs, last)
	if err != nil {
		valid = games.Defaults(specs)
	}
	rows := nd.ruleRows()
	for _, sp := range specs {
		rows.add(sp.Label, nd.ruleControl(sp, valid), sp.Help)
	}
	reset := widget.NewButton("Standard rules", func() {
		nd.box.Objects[len(nd.box.Objects)-1] = nd.rulesForm(nil)
		nd.box.Refresh()
		nd.check()
	})
	return container.NewVBox(rows.box, container.NewHBox(reset))
}

// ruleControl is the control of one rule, starting on its value in valid;
// every change is checked at once (nd.check).
func (nd *newGameForm) ruleControl(sp games.RuleSpec, valid games.Rules) fyne.CanvasObject {
	switch sp.Kind {
	case games.BoolRule:
		c := widget.NewCheck("", nil)
		c.SetChecked(valid.Bool(sp.Key))
		c.OnChanged = func(bool) { nd.check() }
		nd.rules[sp.Key] = func() any { return c.Checked }
		return c
	case games.ChoiceRule:
		// People read "Bomber"; the rules keep "bomber".
		opts := make([]string, len(sp.Choices))
		for i, c := range sp.Choices {
			opts[i] = ruleValueText(c)
		}
		s := widget.NewSelect(opts, nil)
		s.SetSelected(ruleValueText(valid.String(sp.Key)))
		s.OnChanged = func(string) { nd.check() }
		nd.rules[sp.Key] = func() any { return sp.Choices[max(s.SelectedIndex(), 0)] }
		return s
	default:
		st := newRuleStepper(sp, valid.Int(sp.Key), func(int) { nd.check() })
		nd.rules[sp.Key] = func() any { return st.Value() }
		if sp.Key == games.PlayersRule {
			// The seat rows follow the number of players.
			nd.players = st
			st.changed = func(n int) {
				nd.setSeatCount(n)
				nd.check()
			}
			nd.setSeatCount(st.Value())
		}
		return st.object()
	}
}

// formRows lays out labelled controls: on a desktop the labels in one
// column and the controls lined up in the next, each with its help under
// it; on a phone the label above its control, nothing side by side.
type formRows struct {
	box    *fyne.Container
	mobile bool
}

func (nd *newGameForm) ruleRows() *formRows {
	r := &formRows{mobile: nd.u.mobile, box: container.NewVBox()}
	if !r.mobile {
		r.box = container.New(layout.NewFormLayout())
	}
	return r
}

func (r *formRows) add(label string, ctl fyne.CanvasObject, help string) {
	l := widget.NewLabel(label)
	l.Wrapping = fyne.TextWrapWord
	right := container.NewVBox(container.NewHBox(ctl))
	if help != "" {
		h := widget.NewLabel(help)
		h.Wrapping = fyne.TextWrapWord
		h.Importance = widget.LowImportance
		right.Add(h)
	}
	if c, ok := ctl.(*widget.Check); ok && r.mobile {
		c.Text = label // one line, and the words take the tap too
		c.Refresh()
		r.box.Add(right)
		return
	}
	if r.mobile {
		r.box.Add(container.NewVBox(l, right))
		return
	}
	l.Wrapping = fyne.TextWrapOff // the label column is as wide as the longest label
	r.box.Add(l)
	r.box.Add(right)
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

// check shows at once what is wrong with the rules as set (a value the
// game refuses in combination, such as too many obstacles for the board),
// or clears the problem line.
func (nd *newGameForm) check() {
	if nd.problem == nil {
		return
	}
	_, err := nd.rulesNow()
	if err != nil {
		nd.tell(err.Error())
		return
	}
	nd.tell("")
}

// rulesNow are the rules the form shows, validated, and tried on the
// game: an error says, in the rule's words, what the game refuses.
func (nd *newGameForm) rulesNow() (games.Rules, error) {
	raw := map[string]any{}
	for k, read := range nd.rules {
		raw[k] = read()
	}
	rules, err := games.ValidateRules(nd.g.RuleSpecs(), raw)
	if err != nil {
		return nil, err
	}
	if _, err := nd.g.New(games.Config{Rules: rules, Seed: 1}); err != nil {
		return nil, err
	}
	return rules, nil
}

// start validates the form and starts the game; false keeps the dialog
// open with the problem shown.
func (nd *newGameForm) start() bool {
	s, ok := nd.session()
	if ok {
		nd.u.openSession(s)
	}
	return ok
}

// session makes the game the form describes and remembers the choices;
// false with the problem shown when the form does not describe one.
func (nd *newGameForm) session() (*session.Session, bool) {
	rules, err := nd.rulesNow()
	if err != nil {
		nd.tell(err.Error())
		return nil, false
	}
	seats := make([]games.SeatInfo, len(nd.seats))
	for i, sf := range nd.seats {
		seats[i] = sf.value()
		if !seats[i].Human() && seats[i].Bot == "" {
			nd.tell(fmt.Sprintf("Choose a computer opponent for seat %d.", i+1))
			return nil, false
		}
	}
	if err := distinctNames(seats); err != nil {
		nd.tell(err.Error())
		return nil, false
	}
	if err := frame.DistinctSymbols(seats); err != nil {
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

// ---- saved games ----

// asyncList is a dialog's list of files, read off the UI goroutine: a
// long game takes a while to replay, and the window must not freeze. The
// rows are shown when the read is done, unless the dialog was closed or a
// newer read started meanwhile.
type asyncList struct {
	u      *App
	box    *fyne.Container
	reads  int  // bumped by every read; an older read's answer is dropped
	closed bool // the dialog is gone: nothing more is shown in it
}

func newAsyncList(u *App) *asyncList { return &asyncList{u: u, box: container.NewVBox()} }

// load shows the waiting line, runs read in a goroutine and shows the rows
// made from its answer.
func (l *asyncList) load(waiting string, read func() ([]settings.Entry, error), rows func([]settings.Entry, error) []fyne.CanvasObject) {
	n := l.wait(waiting)
	post, disk := l.u.post, l.u.disk // read here: the goroutine must not touch the app
	go func() {
		disk.Wait() // the writes queued before this list are in it
		entries, err := read()
		post(func() {
			if l.closed || n != l.reads {
				return
			}
			l.box.Objects = rows(entries, err)
			l.box.Refresh()
		})
	}()
}

func (l *asyncList) close() { l.closed = true }

// wait shows a line saying what the list waits for, in place of the rows,
// and drops the answer of any read before; it returns the new read's
// number.
func (l *asyncList) wait(waiting string) int {
	l.reads++
	l.box.Objects = []fyne.CanvasObject{widget.NewLabel(waiting)}
	l.box.Refresh()
	return l.reads
}

// OpenDialog lists the saved games: open, delete, export, import. A file
// that cannot be read is listed with the reason, and never changed.
func (u *App) OpenDialog() {
	var dlg dialog.Dialog
	list := newAsyncList(u)
	var fill func()
	fill = func() {
		list.load("Reading saved games...", u.store.List, func(entries []settings.Entry, err error) []fyne.CanvasObject {
			var rows []fyne.CanvasObject
			if err != nil {
				rows = append(rows, widget.NewLabel("The saves folder cannot be read: "+err.Error()))
			}
			if len(entries) == 0 && err == nil {
				rows = append(rows, widget.NewLabel("No saved games yet. Save a game with Ctrl+S or the Save button."))
			}
			for _, e := range entries {
				rows = append(rows, u.saveRow(e, func() { dlg.Hide() }, fill))
			}
			return rows
		})
	}
	importBtn := widget.NewButtonWithIcon("Import from file...", theme.DownloadIcon(), func() {
		u.importSave(fill, func(name string) { list.wait("Importing " + name + "...") })
	})
	folder := widget.NewLabel("Saved in " + u.store.Dir())
	folder.Importance = widget.LowImportance
	folder.Wrapping = fyne.TextWrapBreak
	body := container.NewBorder(nil, container.NewVBox(folder, container.NewHBox(importBtn)), nil, nil, container.NewVScroll(list.box))
	dlg = dialog.NewCustom("Saved games", "Close", body, u.win)
	dlg.Resize(u.dialogSize(760, 560))
	u.show(dlg, list.close)
	fill()
}

func (u *App) saveRow(e settings.Entry, close func(), refill func()) fyne.CanvasObject {
	title := saveTitle(e)
	detail := fmt.Sprintf("%s  -  %s  -  %s", seatsText(e.Seats), e.Updated.Local().Format("2 Jan 2006 15:04"), e.Result)
	if e.Err != nil {
		detail = "Unreadable: " + errString(e.Err) + " (the file is kept as it is)"
	}
	open := rowAction{label: "Open", icon: theme.FolderOpenIcon(), run: func() { close(); u.OpenRecord(e.Path, title) },
		disabled: e.Err != nil || !u.offers(e.Game)}
	export := rowAction{label: "Export", icon: theme.UploadIcon(), run: func() { u.exportSave(e.Path, title) }}
	del := rowAction{label: "Delete", icon: theme.DeleteIcon(), run: func() {
		u.confirm("Delete saved game", "Delete \""+title+"\"? This cannot be undone.", func(ok bool) {
			if !ok {
				return
			}
			if err := u.store.Delete(e.Path); err != nil {
				u.showError(err)
			}
			refill()
		})
	}}
	return u.listRow("Saved game", title, detail, e.Err != nil, open, export, del)
}

// saveTitle names a saved game: its name with the game in front
// ("Tic-tac-toe: Ana vs Ben").
func saveTitle(e settings.Entry) string {
	title := e.Name
	if e.GameName != "" && !strings.HasPrefix(title, e.GameName) {
		title = e.GameName + ": " + title
	}
	return title
}

// seatsText names the players: "Ana vs Computer (hard)".
func seatsText(seats []games.SeatInfo) string {
	names := make([]string, len(seats))
	for i, s := range seats {
		names[i] = seatLabel(s)
	}
	return strings.Join(names, " vs ")
}

// ---- games in progress ----

// ResumeDialog lists the games of id in progress, the last played first:
// who plays, how many moves and when. A file this version cannot open is
// listed with the reason, and kept. The player resumes a game, or deletes
// one after saying yes.
func (u *App) ResumeDialog(id string) {
	g, ok := games.Lookup(id)
	if !ok {
		return
	}
	var dlg dialog.Dialog
	list := newAsyncList(u)
	var fill func()
	fill = func() {
		read := func() ([]settings.Entry, error) { return u.store.ListAutosaves(id) }
		list.load("Reading the games in progress...", read, func(entries []settings.Entry, err error) []fyne.CanvasObject {
			switch {
			case err != nil:
				return []fyne.CanvasObject{widget.NewLabel("The games in progress cannot be read: " + err.Error())}
			case len(entries) == 0:
				return []fyne.CanvasObject{widget.NewLabel("No game in progress.")}
			}
			rows := make([]fyne.CanvasObject, len(entries))
			for i, e := range entries {
				rows[i] = u.inProgressRow(e, func() { dlg.Hide(); u.resumeFile(e, g.Name()) }, fill)
			}
			return rows
		})
	}
	dlg = dialog.NewCustom("Games in progress: "+g.Name(), "Close", container.NewVScroll(list.box), u.win)
	dlg.Resize(u.dialogSize(640, 460))
	u.show(dlg, list.close)
	fill()
}

// inProgressRow is a game in progress in the chooser.
func (u *App) inProgressRow(e settings.Entry, resume func(), refill func()) fyne.CanvasObject {
	title := "A game in progress"
	if len(e.Seats) > 0 {
		title = seatsText(e.Seats)
	}
	when := e.Updated.Local().Format("2 Jan 2006 15:04")
	detail := fmt.Sprintf("%s, last played %s", movesPlayed(e.Plies), when)
	question := fmt.Sprintf("Delete the game %s, %s? This cannot be undone.", title, detail)
	if e.Err != nil {
		detail = fmt.Sprintf("Cannot be opened: %s. It is kept as it is (last changed %s).", errString(e.Err), when)
		question = "Delete this game in progress, which this version cannot open? This cannot be undone."
	}
	del := rowAction{label: "Delete", icon: theme.DeleteIcon(), run: func() {
		u.confirm("Delete game in progress", question, func(ok bool) {
			if !ok {
				return
			}
			if err := u.store.DeleteAutosave(e.Path); err != nil {
				u.showError(err)
			}
			refill()
			if u.game == nil {
				u.ShowPicker() // the card's Resume and the note count the games
			}
		})
	}}
	if e.Err != nil { // a game that cannot be read is never offered to resume
		return u.listRow("Game in progress", title, detail, true, del)
	}
	open := rowAction{label: "Resume", icon: theme.MediaReplayIcon(), run: resume}
	return u.listRow("Game in progress", title, detail, false, open, del)
}

func movesPlayed(n int) string {
	if n == 1 {
		return "1 move played"
	}
	return fmt.Sprintf("%d moves played", n)
}

// resumeFile opens the game in progress of a chooser's row, a game of
// the game named game.
func (u *App) resumeFile(e settings.Entry, game string) {
	name := game
	if len(e.Seats) > 0 {
		name += ": " + seatsText(e.Seats)
	}
	u.resumeAutosave(e.Path, name, func(err error, _ bool) {
		u.ShowPicker()
		u.showError(fmt.Errorf("The game in progress cannot be resumed: %w", err))
	})
}

// exportSave writes a copy of a saved game where the player chooses, and
// says where it went.
func (u *App) exportSave(path, title string) {
	data, err := os.ReadFile(path)
	if err != nil {
		u.showError(err)
		return
	}
	d := dialog.NewFileSave(func(w fyne.URIWriteCloser, err error) {
		if err != nil {
			u.showError(err)
			return
		}
		if w != nil {
			u.writeExport(w, data, title)
		}
	}, u.win)
	d.SetFileName(filepath.Base(path))
	d.SetFilter(saveFiles)
	u.show(d, nil)
}

// saveFiles are the files a save can be: JSON.
var saveFiles = storage.NewExtensionFileFilter([]string{".json"})

// writeExport writes data to w and tells the player what was written where.
func (u *App) writeExport(w fyne.URIWriteCloser, data []byte, title string) {
	_, werr := w.Write(data)
	cerr := w.Close()
	if werr != nil || cerr != nil {
		u.showError(fmt.Errorf("The export failed: %v", errors.Join(werr, cerr)))
		return
	}
	u.show(dialog.NewInformation("Exported", fmt.Sprintf("\"%s\" was written to %s.", title, placeOf(w.URI())), u.win), nil)
}

// placeOf names a file for a player: its path on a desktop, its name where
// the system hands out other addresses (a phone's documents).
func placeOf(uri fyne.URI) string {
	if uri.Scheme() == "file" {
		return uri.Path()
	}
	return uri.Name()
}

// importSave asks for a save file (JSON only) and copies it into the saves
// folder; importing says which file is being imported.
func (u *App) importSave(refill func(), importing func(name string)) {
	d := dialog.NewFileOpen(func(r fyne.URIReadCloser, err error) {
		if err != nil {
			u.showError(err)
			return
		}
		if r != nil {
			importing(r.URI().Name())
			u.importFrom(r, refill)
		}
	}, u.win)
	d.SetFilter(saveFiles)
	u.show(d, nil)
}

// importFrom copies the save r reads into the saves folder, named after
// the file it came from when it has no name of its own. The file is read
// and replayed (to refuse a broken one) off the UI goroutine, as a long
// game takes a while; refill runs when it is in, or refused.
func (u *App) importFrom(r fyne.URIReadCloser, refill func()) {
	store, post, source := u.store, u.post, r.URI().Name()
	go func() {
		defer r.Close()
		data, err := io.ReadAll(io.LimitReader(r, games.MaxRecordSize+1))
		if err == nil {
			if _, ierr := store.ImportData(data, source); ierr != nil {
				err = fmt.Errorf("%s was not imported: %s", source, errString(ierr))
			}
		}
		post(func() {
			if err != nil {
				u.showError(err)
			}
			refill() // the list again, in place of the waiting line
		})
	}()
}

// ---- settings ----

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

// ---- rules ----

// RulesDialog shows a game's rules for players.
func (u *App) RulesDialog(id string) {
	g, ok := games.Lookup(id)
	if !ok {
		return
	}
	e, _ := u.box.entry(id)
	text := widget.NewRichTextFromMarkdown(e.Help())
	text.Wrapping = fyne.TextWrapWord
	d := dialog.NewCustom("Rules: "+g.Name(), "Close", container.NewVScroll(text), u.win)
	d.Resize(u.dialogSize(640, 600))
	u.show(d, nil)
}
