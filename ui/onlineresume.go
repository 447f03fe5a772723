package ui

// Online games that outlive the app, and a server that does not answer.
//
// Resume: every online game this device has a seat in is kept in the
// settings' online.json (settings.OnlineGames): added when the room is
// entered, written again when a seat's name changes (the game starting),
// removed once the finished game is saved or when the person gives the
// game up (Forget, or leaving a game they resigned). The picker's cards
// and the games-in-progress chooser list them in words ("Online
// tic-tac-toe with Ben, code K7Q-X2M"); choosing one
// dials the server the game was made on with this device's id, finds the
// match by its code (the server gives this device's seat back to its
// account: referee CanJoin) and joins it, landing in the game as the
// server has it.
//
// A server that does not answer: when the room cannot reach it (at Play
// online, Join online or Resume), or when the connection has been down
// for unreachableAfter during play, the app says so and offers to keep
// waiting or to leave. Leaving keeps the game under Resume (the server
// keeps the seat).

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"strings"
	"time"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/dialog"
	"fyne.io/fyne/v2/layout"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"

	"github.com/tabulagames/tabula/games"
	"github.com/tabulagames/tabula/internal/words"
	"github.com/tabulagames/tabula/online/client"
	"github.com/tabulagames/tabula/online/protocol"
	"github.com/tabulagames/tabula/settings"
)

// unreachableAfter is how long the connection may be down during play
// before the app asks whether to keep waiting; askAgainAfter is how long
// "Keep waiting" waits before asking again.
const (
	unreachableAfter = 10 * time.Second
	askAgainAfter    = time.Minute
	// retryEvery is how often a room that keeps waiting tries the server.
	retryEvery = 5 * time.Second
)

// onlineResume is an online game's part in Resume and in waiting for the
// server (an onlineGame field).
type onlineResume struct {
	server  string                    // the address this game is played on
	entry   *settings.OnlineGame      // the game as Resume lists it, once known
	kept    string                    // what was last written to online.json, to write only changes
	connect func()                    // dials, finds and joins again (the room's Keep waiting)
	resumed bool                      // the room came from Resume: a failure offers to forget it
	tries   int                       // failed tries of a room to reach the server
	dialing bool                      // a try is under way: no second one at once
	waiting *fyne.Container           // the room's Keep waiting / Forget buttons, when shown
	drops   int                       // counts drops: a timer of an older drop does nothing
	ask     dialog.Dialog             // the "cannot be reached" dialog shown, or nil
	askSaid *widget.Label             // its words (tests read them)
	choices map[string]*widget.Button // its buttons by label (tests press them)
	downAt  time.Time                 // when the connection dropped (zero while up)
	rejoin  bool                      // reconnected, the whole game not back yet
	hints   *widget.Label             // the room's line saying whether hints are allowed
}

// onlineList is online.json of this app's data folder.
func (u *App) onlineList() *settings.OnlineGames { return settings.NewOnlineGames(u.paths) }

// dialAt is dial to the server at addr (a game made on another server
// than the one in the settings now is resumed where it is).
func (u *App) dialAt(addr, name string, done func(*client.Client, error)) {
	cfg, err := u.onlineConfig(name)
	if err != nil {
		done(nil, err)
		return
	}
	cfg.Addr = addr
	go func() {
		ctx, cancel := context.WithTimeout(context.Background(), 15*time.Second)
		defer cancel()
		c, err := client.Dial(ctx, cfg)
		u.post(func() { done(c, err) })
	}()
}

// ---- the entry under Resume ----

// followed is called after each message of the server is handled: the
// game is kept under Resume as it is now, and the connection watched.
func (og *onlineGame) followed(m any) {
	if og.closed {
		return
	}
	switch m := m.(type) {
	case *protocol.Update:
		if m.From == 0 {
			og.resume.rejoin = false
		}
		og.showHintsSetting(m.Hints)
		if !og.final && m.Status == "ongoing" {
			og.remember()
		}
	case client.Dropped:
		og.watchDrop()
	case client.Reconnected:
		og.resume.rejoin = true
		og.connectionBack()
	case client.Problem:
		if og.resume.rejoin {
			// The client is back on the server but could not put this
			// device back in the game: it will not try again by itself.
			og.cannotRejoin(m.Err)
		}
	}
}

// remember writes the game under Resume when what Resume shows of it
// changed (the room entered, a seat taken, a name): on the disk queue.
func (og *onlineGame) remember() {
	up := og.last
	if up == nil || og.seat < 0 || og.inv.Code == "" || og.resume.server == "" {
		return
	}
	e := settings.OnlineGame{Code: og.inv.Code, Game: up.Game, Server: og.resume.server, Seat: og.seat}
	for _, s := range up.Seats {
		e.Names = append(e.Names, s.Name)
		if !s.Joined {
			e.Names[len(e.Names)-1] = ""
		}
	}
	key := fmt.Sprint(e.Code, e.Game, e.Server, e.Seat, e.Names)
	if key == og.resume.kept {
		return
	}
	og.resume.kept = key
	og.resume.entry = &e
	list, u := og.u.onlineList(), og.u
	u.disk.Do(func() {
		if err := list.Add(e); err != nil {
			u.post(func() { u.showError(fmt.Errorf("This online game cannot be kept under Resume: %w", err)) })
		}
	})
}

// forget removes the game from Resume (on the disk queue, so after the
// finished game's save queued before it).
func (og *onlineGame) forget() {
	if og.inv.Code == "" || og.resume.server == "" {
		return
	}
	og.resume.kept = ""
	og.u.forgetOnline(og.resume.server, og.inv.Code)
}

func (u *App) forgetOnline(server, code string) {
	list := u.onlineList()
	u.disk.Do(func() {
		if err := list.Remove(server, code); err != nil {
			u.post(func() { u.showError(fmt.Errorf("The online game cannot be forgotten: %w", err)) })
		}
	})
}

// spacedCode shows an invitation code in two halves ("K7Q-X2M"), easier
// to read aloud; Join online takes it with or without the dash.
func spacedCode(code string) string {
	if len(code) == protocol.CodeLength {
		return code[:3] + "-" + code[3:]
	}
	return code
}

// onlineTitle is an online game as Resume lists it: "Online tic-tac-toe
// with Ben, code K7Q-X2M".
func onlineTitle(e settings.OnlineGame) string {
	name := e.Game
	if g, ok := games.Lookup(e.Game); ok {
		name = strings.ToLower(g.Name())
	}
	var others []string
	waiting := 0
	for i, n := range e.Names {
		switch {
		case i == e.Seat:
		case n == "":
			waiting++
		default:
			others = append(others, n)
		}
	}
	with := ""
	if len(others) > 0 {
		with = " with " + words.JoinAnd(others)
	}
	if waiting == 1 {
		with += ", waiting for 1 more person"
	} else if waiting > 1 {
		with += fmt.Sprintf(", waiting for %d more people", waiting)
	}
	return fmt.Sprintf("Online %s%s, code %s", name, with, spacedCode(e.Code))
}

// onlineDetail is the line under it: the seat, the server and when.
func onlineDetail(e settings.OnlineGame) string {
	me := ""
	if e.Seat < len(e.Names) && e.Names[e.Seat] != "" {
		me = " as " + e.Names[e.Seat]
	}
	return fmt.Sprintf("You play%s on the server %s; since %s", me, e.Server, e.When.Local().Format("2 Jan 2006 15:04"))
}

// onlineRows are the online games of game id in the games-in-progress
// chooser; done hides the chooser, refill reads the list again.
func (u *App) onlineRows(list []settings.OnlineGame, done, refill func()) []fyne.CanvasObject {
	var rows []fyne.CanvasObject
	for _, e := range list {
		title, detail := onlineTitle(e), onlineDetail(e)
		open := rowAction{label: "Resume", icon: theme.MediaReplayIcon(), run: func() { done(); u.resumeOnline(e) }}
		forget := rowAction{label: "Forget", icon: theme.DeleteIcon(), run: func() {
			u.confirm("Forget online game", forgetQuestion(e), func(ok bool) {
				if ok {
					u.forgetOnline(e.Server, e.Code)
					refill()
				}
			})
		}}
		rows = append(rows, u.listRow("Online game", title, detail, false, open, forget))
	}
	return rows
}

func forgetQuestion(e settings.OnlineGame) string {
	return fmt.Sprintf("Forget %s? It is no longer listed under Resume; the game stays on the server, and the others wait for your moves. To come back to it, choose Join online and type the code %s.",
		onlineTitle(e), spacedCode(e.Code))
}

// resumeOnline goes back to an online game listed under Resume: the room
// connects to its server, finds it by its code and joins it with this
// device's seat; the game screen follows as soon as the server's game
// arrives.
func (u *App) resumeOnline(e settings.OnlineGame) {
	name := ""
	if e.Seat < len(e.Names) {
		name = e.Names[e.Seat]
	}
	title := onlineTitle(e)
	room := u.enterRoomAt(title, e.Server, name, func(ctx context.Context, c *client.Client) (protocol.Invitation, error) {
		inv, err := c.Find(ctx, e.Code)
		if err == nil && inv.Seat < 0 {
			err = fmt.Errorf("This device no longer has a seat in the game %s on %s: it was taken by someone else, or this device's id changed.", spacedCode(e.Code), e.Server)
		}
		if err == nil {
			if why := notOnline(inv.Game); why != "" {
				err = errors.New(why)
			}
		}
		return inv, err
	})
	room.resume.resumed = true
	entry := e
	room.resume.entry = &entry
	room.code.Text = e.Code // the game's code at once: the room is the game's
	room.code.Refresh()
}

// ---- a server that does not answer ----

// cannotConnect: the room could not reach the server, or the server
// refused. A server that does not answer gets Keep waiting; a refusal is
// said, and a game from Resume can be forgotten.
func (og *onlineGame) cannotConnect(err error) {
	if og.closed {
		return
	}
	if og.c != nil {
		c := og.c
		og.c = nil
		go c.Close()
	}
	if errors.Is(err, client.ErrUnreachable) {
		og.unreachableRoom(err)
		return
	}
	og.fail(err)
	if og.resume.resumed {
		og.roomChoices(og.forgetButton())
	}
}

// unreachableRoom says the server does not answer; the first time it
// offers Keep waiting (then tries every retryEvery by itself) or Leave.
func (og *onlineGame) unreachableRoom(err error) {
	where := og.leaveKeeps()
	og.resume.tries++
	if og.resume.tries == 1 {
		og.fail(fmt.Errorf("%s. Keep waiting, and Tabula tries again every few seconds; or leave%s.", err.Error(), where))
		wait := widget.NewButtonWithIcon("Keep waiting", theme.ViewRefreshIcon(), og.keepWaiting)
		wait.Importance = widget.HighImportance
		og.roomChoices(wait)
		return
	}
	og.fail(fmt.Errorf("%s yet: tried %d times; trying again in a few seconds. Leave whenever you like%s.", err.Error(), og.resume.tries, where))
	og.retryLater()
}

// leaveKeeps says what leaving does to the game: from Resume it stays
// listed there.
func (og *onlineGame) leaveKeeps() string {
	if og.resume.entry != nil || og.resume.kept != "" {
		return ": the game stays under Resume on the " + og.gameName() + " card"
	}
	return ""
}

// keepWaiting: the room tries the server again now, then every
// retryEvery until it answers or the person leaves.
func (og *onlineGame) keepWaiting() {
	og.roomChoices()
	og.status.SetText("Trying the server at " + og.resume.server + " again...")
	og.status.Importance = widget.MediumImportance
	og.status.Refresh()
	og.tryAgain()
}

// tryAgain tries the server again unless a try is under way.
func (og *onlineGame) tryAgain() {
	if og.closed || og.c != nil || og.resume.dialing {
		return
	}
	og.resume.connect()
}

func (og *onlineGame) retryLater() {
	after := og.clock().After(retryEvery)
	go func() {
		<-after
		og.u.post(func() {
			og.tryAgain()
		})
	}()
}

// roomChoices shows these buttons in the room beside Leave (none: hides
// them).
func (og *onlineGame) roomChoices(buttons ...fyne.CanvasObject) {
	row := og.leaveRow()
	if og.resume.waiting != nil {
		if row != nil {
			row.Remove(og.resume.waiting)
		} else {
			og.column.Remove(og.resume.waiting)
		}
		og.resume.waiting = nil
	}
	if len(buttons) > 0 {
		og.resume.waiting = container.NewHBox(buttons...)
		if row != nil {
			row.Add(og.resume.waiting)
		} else {
			og.column.Add(og.resume.waiting)
		}
	}
	og.relayout()
}

// leaveRow is the room's row holding its Leave button.
func (og *onlineGame) leaveRow() *fyne.Container {
	for _, o := range og.column.Objects {
		if row, ok := o.(*fyne.Container); ok {
			for _, b := range row.Objects {
				if b, ok := b.(*widget.Button); ok && b.Text == "Leave" {
					return row
				}
			}
		}
	}
	return nil
}

// forgetButton forgets a game from Resume that cannot be resumed, after
// asking, and goes back to the games.
func (og *onlineGame) forgetButton() *widget.Button {
	return widget.NewButtonWithIcon("Forget this game", theme.DeleteIcon(), func() {
		e := og.resume.entry
		if e == nil {
			return
		}
		og.u.confirm("Forget online game", forgetQuestion(*e), func(ok bool) {
			if ok {
				og.u.forgetOnline(e.Server, e.Code)
				og.leave()
			}
		})
	})
}

// watchDrop: the connection dropped; if it is not back in
// unreachableAfter, ask.
func (og *onlineGame) watchDrop() {
	og.resume.drops++
	drop := og.resume.drops
	og.resume.downAt = og.clock().Now()
	og.askAfter(drop, unreachableAfter)
}

func (og *onlineGame) askAfter(drop int, wait time.Duration) {
	after := og.clock().After(wait)
	go func() {
		<-after
		og.u.post(func() {
			if !og.closed && og.dropped && og.resume.drops == drop && og.resume.ask == nil {
				og.askUnreachable(drop)
			}
		})
	}()
}

// connectionBack closes the question: the server answers again.
func (og *onlineGame) connectionBack() {
	og.resume.drops++
	og.resume.downAt = time.Time{}
	og.closeAsk()
}

func (og *onlineGame) closeAsk() {
	if og.resume.ask != nil {
		d := og.resume.ask
		og.resume.ask = nil
		d.Hide()
	}
}

// askUnreachable: the server has not answered for a while during play.
func (og *onlineGame) askUnreachable(drop int) {
	since := og.clock().Now().Sub(og.resume.downAt).Round(time.Second)
	msg := fmt.Sprintf("The server at %s cannot be reached: the connection dropped %s ago and Tabula keeps trying.\n\nKeep waiting here, or leave: your seat is kept on the server, and the game stays under Resume on the %s card, to go on once the server is back.",
		og.resume.server, since, og.gameName())
	og.ask(msg, "Keep waiting", func() { og.askAfter(drop, askAgainAfter) })
}

// cannotRejoin: back on the server, but the game could not be joined
// again; Try again starts afresh, as Resume does.
func (og *onlineGame) cannotRejoin(err error) {
	msg := fmt.Sprintf("%s.\n\nTry again, or leave: the game stays under Resume on the %s card.", strings.TrimSuffix(err.Error(), "."), og.gameName())
	og.ask(msg, "Try again", func() {
		e := og.entryNow()
		og.close()
		og.u.resumeOnline(e)
	})
}

// ask shows the question with a first choice and Leave.
func (og *onlineGame) ask(msg, first string, choose func()) {
	og.closeAsk()
	said := widget.NewLabel(msg)
	said.Wrapping = fyne.TextWrapWord
	var d dialog.Dialog
	stay := widget.NewButtonWithIcon(first, theme.ViewRefreshIcon(), func() {
		og.resume.ask = nil
		d.Hide()
		choose()
	})
	stay.Importance = widget.HighImportance
	leave := widget.NewButtonWithIcon("Leave", theme.LogoutIcon(), func() {
		og.resume.ask = nil
		d.Hide()
		og.leave()
	})
	d = dialog.NewCustomWithoutButtons("The server cannot be reached", container.NewVBox(said, container.NewHBox(layout.NewSpacer(), leave, stay)), og.u.win)
	d.Resize(og.u.dialogSize(520, 260))
	og.resume.ask, og.resume.askSaid = d, said
	og.resume.choices = map[string]*widget.Button{first: stay, "Leave": leave}
	og.u.show(d, nil)
}

// entryNow is the game as Resume lists it.
func (og *onlineGame) entryNow() settings.OnlineGame {
	if og.resume.entry != nil {
		return *og.resume.entry
	}
	return settings.OnlineGame{Code: og.inv.Code, Game: og.inv.Game, Server: og.resume.server, Seat: max(og.seat, 0), Names: []string{""}}
}

// gameName is the game's name ("Checkerboard"), for "its card".
func (og *onlineGame) gameName() string {
	id := og.inv.Game
	if og.last != nil {
		id = og.last.Game
	} else if id == "" && og.resume.entry != nil {
		id = og.resume.entry.Game
	}
	if g, ok := games.Lookup(id); ok {
		return g.Name()
	}
	return "game's"
}

// askLeave: Leave during a game says what happens to it first.
func (og *onlineGame) askLeave() {
	if og.final || og.gs == nil || og.s == nil || og.s.Outcome().Over() {
		og.leave()
		return
	}
	mine := og.seat >= 0 && og.last != nil && og.seat < len(og.last.Seats) && og.last.Seats[og.seat].Resigned
	if mine { // resigned, a bot plays on: nothing to come back to
		og.forget()
		og.leave()
		return
	}
	// Resign is named only where the game offers it (two seats, and not
	// tic-tac-toe); Forget is always there.
	giveUp := "To drop it from your games, choose Forget in its card's list of games in progress."
	if og.gs.offersEndings() {
		giveUp = "To give it up, resign instead."
	}
	q := fmt.Sprintf("Leave this online game for now? Your seat is kept: the game stays under Resume on the %s card, and the others wait for your moves. %s", og.gameName(), giveUp)
	og.u.confirm("Leave online game", q, func(ok bool) {
		if ok {
			og.leave()
		}
	})
}

// roomContent lays the room out: a column of a fixed width in the middle
// of a large window; on a phone the window's own width, scrolling, with
// every line wrapped (the fixed column was wider than a phone and cut
// the code, the words and Leave off).
func (og *onlineGame) roomContent() fyne.CanvasObject {
	if !og.u.mobile {
		return container.NewCenter(container.NewGridWrap(og.u.dialogSize(560, 420), og.column))
	}
	og.seats.Wrapping = fyne.TextWrapWord
	og.title.Wrapping = fyne.TextWrapWord
	return container.NewVScroll(container.NewPadded(og.column))
}

// onlineName says what is wrong with the name a person plays under
// online, or "": the others read it, and the form's "You" would read to
// them as themselves.
func onlineName(name string) string {
	switch n := strings.TrimSpace(name); {
	case n == "":
		return "Type your name: the others see it beside your seat."
	case strings.EqualFold(n, "you"):
		return "Type your own name rather than \"You\": the others see it beside your seat."
	}
	return ""
}

// roomWords is what the room says under the seats: the one who made it
// (who holds a seat already) sends the code; one who joined waits.
func roomWords(inv protocol.Invitation) string {
	if inv.Seat < 0 {
		return "You are in. The game starts when every seat is taken; anyone else invited joins with the same code."
	}
	return "Send this code to the people you invite: they choose Join online and type it."
}

// onlineNameOr is the name this device last played under online, or def.
func (u *App) onlineNameOr(def string) string {
	if n := u.cfg.OnlineName(); n != "" {
		return n
	}
	return def
}

// keepOnlineName keeps the name played under, to offer it next time (on
// the disk queue: the UI goroutine does not wait for the disk).
func (u *App) keepOnlineName(name string) {
	if onlineName(name) != "" {
		return
	}
	cfg := u.cfg
	u.disk.Do(func() { _ = cfg.SetOnlineName(name) }) // a name the form took; nothing to say if the file refuses
}

// firstPerson is the name of the first person's seat: this device's.
func firstPerson(seats []games.SeatInfo) string {
	for _, s := range seats {
		if s.Human() {
			return s.Name
		}
	}
	return ""
}

// ---- hints, a setting of the room ----

// roomSettings are the room's own settings chosen at Play online.
type roomSettings struct {
	Hints bool
}

// hintsCheck is the room's settings in the Play online dialog, added to
// its form under the seats (nd.build): in sight above the house rules,
// and measured with the form when the dialog is sized. It also makes the
// second seat a person when no other seat is one.
func (u *App) hintsCheck(nd *newGameForm) *widget.Check {
	// Someone is invited: with only computers beside this device's seat
	// (the choices of a game at one device), the second seat starts as a
	// person, who joins with the code.
	people := 0
	for _, sf := range nd.seats {
		if sf.value().Human() {
			people++
		}
	}
	if people < 2 && len(nd.seats) > 1 {
		nd.seats[1].kind.SetSelected(humanChoice)
	}
	// The name played under last time, rather than the form's "You".
	for _, sf := range nd.seats {
		if sf.value().Human() {
			if strings.TrimSpace(sf.name.Text) == youName {
				sf.name.SetText(u.onlineNameOr(youName))
			}
			break
		}
	}
	check := widget.NewCheck("Allow hints", nil)
	help := widget.NewLabel("Each person may then ask their own device for a hint on their turn, worked out from what their seat sees. Off: nobody gets hints.")
	help.Wrapping = fyne.TextWrapWord
	help.Importance = widget.LowImportance
	nd.box.Add(widget.NewSeparator())
	nd.box.Add(widget.NewLabelWithStyle("Online", fyne.TextAlignLeading, fyne.TextStyle{Bold: true}))
	nd.box.Add(check)
	nd.box.Add(help)
	return check
}

// hintsAllowed reports whether the room allows hints (the server says so
// in every Update).
func (og *onlineGame) hintsAllowed() bool { return og.last != nil && og.last.Hints }

// showHintsSetting says in the room whether hints are allowed.
func (og *onlineGame) showHintsSetting(on bool) {
	if og.gs != nil || og.column == nil {
		return
	}
	text := "No hints in this game."
	if on {
		text = "Hints are allowed in this game: ask for one on your turn."
	}
	if og.resume.hints == nil {
		og.resume.hints = widget.NewLabel(text)
		og.resume.hints.Wrapping = fyne.TextWrapWord
		// Under the seats: the column is title, code, seats, status, ...
		objs := og.column.Objects
		at := slices.Index(objs, fyne.CanvasObject(og.seats))
		if at < 0 {
			og.column.Add(og.resume.hints)
		} else {
			og.column.Objects = slices.Insert(objs, at+1, fyne.CanvasObject(og.resume.hints))
		}
		og.relayout()
		return
	}
	og.resume.hints.SetText(text)
}
