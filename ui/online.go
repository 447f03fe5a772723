package ui

// Online play (issue 21, first slice): a game against people on other
// devices through a Tabula game server (online/client, refereed by
// online/referee on the server).
//
// How the device follows the server: the game screen runs an ordinary
// session whose seats other than this device's are Remote (session
// Options.Remote), the server's bots included (the server plays them, so
// the device must not). Every turn token the server's Updates carry is
// played into the session in order: a remote seat's through Deliver, this
// device's own through Submit once the server has echoed it, a joint
// turn (knights) whole through Follow. The person's
// move is not played when tapped: it goes to the server (client.Move with
// the ply seen) and shows as pending until the server's Update plays it,
// or a Refused says why not, in words. So the device never plays a move
// the server has not, and the board, animations and move list are the
// ones of a game at one device.
//
// Knights is followed so too without fog; under fog, whose history the
// server masks and whose seed it keeps, by the seat's views
// (onlineview.go, which also says how a game starts: from the server's
// seed, on a worker goroutine).
//
// Not in this slice: a draw offer (not offered on an online game's
// screen, nor Undo). An online game is not autosaved (it lives on the
// server): Resume after the app is closed, a server that does not answer
// and hints as a room setting are in onlineresume.go.

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"sort"
	"strings"
	"time"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/canvas"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/dialog"
	"fyne.io/fyne/v2/layout"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"

	"github.com/tabulagames/tabula/games"
	"github.com/tabulagames/tabula/online/client"
	"github.com/tabulagames/tabula/online/protocol"
	"github.com/tabulagames/tabula/settings"
	"github.com/tabulagames/tabula/ui/session"
)

// notOnline says why a game is not offered online, or "" when it is:
// every game is now (knights under fog is followed by the seat's views,
// onlineview.go). A game added later that a device cannot follow from
// the server's Updates is named here.
func notOnline(id string) string { return "" }

// onlineConfig is how this device reaches the server in the settings.
func (u *App) onlineConfig(name string) (client.Config, error) {
	id, err := u.cfg.DeviceID()
	if err != nil {
		return client.Config{}, err
	}
	return client.Config{Addr: u.cfg.ServerAddress(), ServerKey: u.cfg.ServerKey(), DeviceID: id, Name: name,
		ReconnectMin: 250 * time.Millisecond, ReconnectMax: 5 * time.Second}, nil
}

// dial connects off the UI goroutine and hands the result to done on it.
func (u *App) dial(name string, done func(*client.Client, error)) {
	cfg, err := u.onlineConfig(name)
	if err != nil {
		done(nil, err)
		return
	}
	go func() {
		ctx, cancel := context.WithTimeout(context.Background(), 15*time.Second)
		defer cancel()
		c, err := client.Dial(ctx, cfg)
		u.post(func() { done(c, err) })
	}()
}

// testServer tries the server in the settings and says in words whether
// it answers (said is called on the UI goroutine).
func (u *App) testServer(said func(string)) {
	said("Trying " + u.cfg.ServerAddress() + "...")
	u.dial("tabula", func(c *client.Client, err error) {
		if err != nil {
			said(err.Error())
			return
		}
		c.Close()
		said("The server at " + u.cfg.ServerAddress() + " answers.")
	})
}

// serverRows are the Settings dialog's rows for online play.
func (u *App) serverRows() []formRow {
	addr := widget.NewEntry()
	addr.SetText(u.cfg.ServerAddress())
	addr.OnChanged = func(s string) {
		if strings.TrimSpace(s) != u.cfg.ServerAddress() && strings.TrimSpace(s) != "" {
			u.reportSetting(u.cfg.SetServerAddress(s))
		}
	}
	key := widget.NewEntry()
	key.SetText(u.cfg.ServerKey())
	key.OnChanged = func(s string) {
		if strings.TrimSpace(s) != u.cfg.ServerKey() && strings.TrimSpace(s) != "" {
			u.reportSetting(u.cfg.SetServerKey(s))
		}
	}
	answer := widget.NewLabel("")
	answer.Wrapping = fyne.TextWrapWord
	test := widget.NewButton("Test", func() { u.testServer(answer.SetText) })
	u.serverAnswer = answer
	return []formRow{
		{"Game server", container.NewBorder(nil, nil, nil, test, addr)},
		{"Server key", key},
		{"", answer},
	}
}

// PlayOnlineDialog asks which game to play online, then shows its New
// game dialog whose Start creates the match.
func (u *App) PlayOnlineDialog() {
	var names []string
	ids := map[string]string{}
	for _, g := range u.box.games() {
		names = append(names, g.Name())
		ids[g.Name()] = g.ID()
	}
	var d dialog.Dialog
	pick := widget.NewSelect(names, func(name string) {
		id := ids[name]
		if why := notOnline(id); why != "" {
			u.showError(errors.New(why))
			return
		}
		d.Hide()
		u.onlineGameDialog(id)
	})
	pick.PlaceHolder = "Choose a game"
	help := widget.NewLabel("You play the first person's seat; every other person's seat is for someone on another device, who joins with the invitation code.")
	help.Wrapping = fyne.TextWrapWord
	d = dialog.NewCustom("Play online", "Cancel", container.NewVBox(help, pick), u.win)
	d.Resize(u.dialogSize(480, 240))
	u.show(d, nil)
}

// onlineGameDialog is the New game dialog of a game whose Start creates
// an online match.
func (u *App) onlineGameDialog(id string) *newGameForm {
	return u.newGameDialogWith(id, func(nd *newGameForm, rules games.Rules, seats []games.SeatInfo) bool {
		people := 0
		for _, s := range seats {
			if s.Human() {
				people++
			}
		}
		if people < 2 {
			nd.tell("An online game needs someone on another device: make at least two seats people.")
			return false
		}
		if why := onlineName(firstPerson(seats)); why != "" {
			nd.tell(why)
			return false
		}
		u.createOnlineWith(nd.g, rules, seats, roomSettings{Hints: nd.hints.Checked})
		return true
	})
}

// createOnline connects, creates the match and shows its room.
func (u *App) createOnline(g games.Game, rules games.Rules, seats []games.SeatInfo) {
	u.createOnlineWith(g, rules, seats, roomSettings{})
}

// createOnlineWith is createOnline with the room's own settings.
func (u *App) createOnlineWith(g games.Game, rules games.Rules, seats []games.SeatInfo, room roomSettings) {
	req := protocol.CreateRequest{V: protocol.Version, Game: g.ID(), Rules: map[string]any(rules), Hints: room.Hints}
	name := ""
	for _, s := range seats {
		if s.Human() {
			// Only this device's own seat is named here: the others are
			// named by whoever joins them ("Player 2" typed in the form
			// would hide the name Ben gave when he joined).
			if name == "" {
				name = s.Name
				req.Seats = append(req.Seats, protocol.SeatRequest{Kind: "person", Name: s.Name})
				continue
			}
			req.Seats = append(req.Seats, protocol.SeatRequest{Kind: "person"})
		} else {
			req.Seats = append(req.Seats, protocol.SeatRequest{Kind: "bot", Bot: s.Bot, Name: s.Name, Character: s.Character})
		}
	}
	u.enterRoom("Play online: "+g.Name(), name, func(ctx context.Context, c *client.Client) (protocol.Invitation, error) {
		return c.Create(ctx, req)
	})
}

// enterRoom shows a room, connects, gets the match's invitation with
// invite (off the UI goroutine), joins the match and tells the room.
func (u *App) enterRoom(title, name string, invite func(context.Context, *client.Client) (protocol.Invitation, error)) {
	u.enterRoomAt(title, u.cfg.ServerAddress(), name, invite)
}

// enterRoomAt is enterRoom on the server at addr; a server that does not
// answer is waited for if the person chooses to (onlineresume.go).
func (u *App) enterRoomAt(title, addr, name string, invite func(context.Context, *client.Client) (protocol.Invitation, error)) *onlineGame {
	room := u.showRoom(title, "Connecting to "+addr+"...")
	room.resume.server = addr
	u.keepOnlineName(name)
	room.resume.connect = func() {
		room.resume.dialing = true
		u.dialAt(addr, name, func(c *client.Client, err error) {
			if err != nil || room.closed {
				room.resume.dialing = false
			}
			if room.closed {
				if c != nil {
					c.Close()
				}
				return
			}
			if err != nil {
				room.cannotConnect(err)
				return
			}
			room.c = c
			go func() {
				ctx, cancel := context.WithTimeout(context.Background(), 15*time.Second)
				defer cancel()
				inv, err := invite(ctx, c)
				if err == nil {
					err = c.Join(ctx, inv.MatchID)
				}
				u.post(func() { room.joined(inv, err) })
			}()
		})
	}
	room.resume.connect()
	return room
}

// JoinOnlineDialog asks for an invitation code and joins its match.
func (u *App) JoinOnlineDialog() {
	code := widget.NewEntry()
	code.SetPlaceHolder("Invitation code, e.g. K7QX2M")
	name := widget.NewEntry()
	name.SetText(u.onlineNameOr(u.defaultSeats(u.box.games()[0], 1)[0].Name))
	problem := widget.NewLabel("")
	problem.Importance = widget.DangerImportance
	var d dialog.Dialog
	join := widget.NewButtonWithIcon("Join", theme.ConfirmIcon(), func() {
		if strings.TrimSpace(code.Text) == "" {
			problem.SetText("Type or paste the invitation code your friend gave you.")
			return
		}
		if why := onlineName(name.Text); why != "" {
			problem.SetText(why)
			return
		}
		d.Hide()
		u.joinOnline(code.Text, strings.TrimSpace(name.Text))
	})
	join.Importance = widget.HighImportance
	cancel := widget.NewButtonWithIcon("Cancel", theme.CancelIcon(), func() { d.Hide() })
	body := container.NewVBox(newForm(u.mobile, formRow{"Code", code}, formRow{"Your name", name}), problem,
		container.NewHBox(layout.NewSpacer(), cancel, join))
	d = dialog.NewCustomWithoutButtons("Join online", body, u.win)
	d.Resize(u.dialogSize(480, 260))
	u.show(d, nil)
	u.win.Canvas().Focus(code)
	u.joinCode, u.joinButton = code, join
}

// joinOnline connects, finds the match by its code, joins it and shows
// its room.
func (u *App) joinOnline(code, name string) {
	u.enterRoom("Join online", name, func(ctx context.Context, c *client.Client) (protocol.Invitation, error) {
		inv, err := c.Find(ctx, code)
		if err == nil {
			if why := notOnline(inv.Game); why != "" {
				err = errors.New(why)
			}
		}
		return inv, err
	})
}

// ---- the room ----

// onlineGame is one online match on this device: its room while seats
// fill, then its game screen.
type onlineGame struct {
	u      *App
	c      *client.Client
	inv    protocol.Invitation
	seat   int // this device's seat (from the server's Updates)
	closed bool

	// the room
	content fyne.CanvasObject
	column  *fyne.Container
	title   *widget.Label
	code    *canvas.Text
	copyBtn *widget.Button
	seats   *widget.Label
	status  *widget.Label

	// the game
	gs      *gameScreen
	s       *session.Session
	bar     *widget.Label // the online line over the board: connection, seats, pending
	last    *protocol.Update
	pending string // this device's move sent and not yet played by the server
	conn    string // what the connection is doing, in words ("" when fine)
	final   bool
	dropped bool // this device's connection is down
	fulls   int  // Updates with the whole game received in play (one after each rejoin)
	// rejoining: Reconnected came and the rejoin's whole game has not.
	rejoining bool
	// starting: the game is being made off the UI goroutine; the Updates
	// that come meanwhile wait in queued (onlineview.go).
	starting bool
	queued   []*protocol.Update
	// awaySince is when each other person's seat was last seen without
	// its connection: their drop is said in words only once it has lasted
	// dropGrace (a phone changing networks is back within a second or two).
	awaySince map[int]time.Time
	resume    onlineResume // Resume and waiting for the server (onlineresume.go)
}

// dropGrace is how long a person is away before the online line says so.
const dropGrace = 5 * time.Second

// clock is the app's clock (tests drive it).
func (og *onlineGame) clock() session.Clock {
	if og.u.clock != nil {
		return og.u.clock
	}
	return session.RealClock{}
}

// noteAway keeps when each other person's seat lost its connection, and
// looks again once dropGrace has passed.
func (og *onlineGame) noteAway(seats []protocol.SeatState) {
	if og.awaySince == nil {
		og.awaySince = map[int]time.Time{}
	}
	clock := og.clock()
	for i, s := range seats {
		if i == og.seat || s.Bot != "" || !s.Joined || s.Connected {
			delete(og.awaySince, i)
			continue
		}
		if _, ok := og.awaySince[i]; ok {
			continue
		}
		og.awaySince[i] = clock.Now()
		after := clock.After(dropGrace)
		go func() {
			<-after
			og.u.post(og.showState)
		}()
	}
}

// longAway are the names of the other people away for dropGrace or more.
func (og *onlineGame) longAway() []string {
	if og.last == nil {
		return nil
	}
	var away []string
	for i := range og.last.Seats {
		if og.longGone(i) {
			away = append(away, og.last.Seats[i].Name)
		}
	}
	sort.Strings(away)
	return away
}

// longGone reports whether seat i's person has been away dropGrace or more.
func (og *onlineGame) longGone(i int) bool {
	since, ok := og.awaySince[i]
	return ok && og.clock().Now().Sub(since) >= dropGrace
}

// connected reports whether seat i's person is connected, as this device
// knows: its own seat while its connection is up, another's as the
// server last said.
func (og *onlineGame) connected(i int) bool {
	if i == og.seat {
		return !og.dropped
	}
	return og.last != nil && i < len(og.last.Seats) && og.last.Seats[i].Connected && !og.dropped
}

// showRoom shows an empty room saying what it does.
func (u *App) showRoom(title, doing string) *onlineGame {
	if u.game != nil {
		u.game.leave()
		u.game = nil
	}
	og := &onlineGame{u: u, seat: -1}
	og.title = widget.NewLabelWithStyle(title, fyne.TextAlignLeading, fyne.TextStyle{Bold: true})
	og.code = canvas.NewText("", theme.Color(theme.ColorNameForeground))
	og.code.TextSize = 48
	og.code.TextStyle = fyne.TextStyle{Monospace: true, Bold: true}
	og.copyBtn = widget.NewButtonWithIcon("Copy", theme.ContentCopyIcon(), func() {
		u.fa.Clipboard().SetContent(og.inv.Code)
		og.status.SetText("The code is copied: send it to the people you invite.")
	})
	og.copyBtn.Hide()
	og.seats = widget.NewLabel("")
	og.status = widget.NewLabel(doing)
	og.status.Wrapping = fyne.TextWrapWord
	cancel := widget.NewButtonWithIcon("Leave", theme.CancelIcon(), og.leave)
	// The status wraps (an error can be long) in a column of a fixed
	// width: a wrapping label in a bare VBox has no height of its own.
	og.column = container.NewVBox(og.title,
		container.NewHBox(og.code, container.NewCenter(og.copyBtn)), og.seats, og.status, container.NewHBox(cancel))
	og.content = og.roomContent()
	u.screen++
	u.opening = false
	u.picker = nil
	u.online = og
	u.win.SetTitle("Tabula - " + title)
	u.win.SetContent(og.content)
	return og
}

// fail says why the room cannot go on; Leave goes back.
func (og *onlineGame) fail(err error) {
	og.status.SetText(err.Error())
	og.status.Importance = widget.DangerImportance
	og.status.Refresh()
	og.relayout()
}

// joined: the match is joined (or why not); messages start flowing.
func (og *onlineGame) joined(inv protocol.Invitation, err error) {
	og.resume.dialing = false
	if og.closed {
		return
	}
	if err != nil {
		og.cannotConnect(err)
		return
	}
	og.roomChoices()
	og.inv = inv
	if g, ok := games.Lookup(inv.Game); ok {
		og.title.SetText("Online: " + g.Name())
	}
	og.code.Text = inv.Code
	og.code.Refresh()
	og.copyBtn.Show()
	og.status.SetText(roomWords(inv))
	og.showSeats(inv.Seats)
	c := og.c
	go func() {
		for m := range c.Messages() {
			og.u.post(func() { og.handle(m) })
		}
	}()
}

// leave closes the connection and goes back to the games.
func (og *onlineGame) leave() {
	og.close()
	og.u.ShowPicker()
}

// close leaves the match and closes the connection (the server keeps the
// seat: joining again with the code takes it back).
func (og *onlineGame) close() {
	if og.closed {
		return
	}
	og.closed = true
	if og.c != nil {
		c := og.c
		go func() {
			ctx, cancel := context.WithTimeout(context.Background(), 3*time.Second)
			defer cancel()
			_ = c.Leave(ctx)
			c.Close()
		}()
	}
	if og.u.online == og {
		og.u.online = nil
	}
}

// seatText is one seat as the room lists it; away is whether its person
// has been without their connection for dropGrace.
func seatText(i int, s protocol.SeatState, mine, away bool) string {
	who := s.Name
	if mine {
		who += " (you)"
	}
	switch {
	case s.Bot != "":
		return fmt.Sprintf("Seat %d: %s, played by the computer", i+1, who)
	case !s.Joined:
		return fmt.Sprintf("Seat %d: waiting for someone to join", i+1)
	case away:
		return fmt.Sprintf("Seat %d: %s joined; connection dropped, waiting...", i+1, who)
	}
	return fmt.Sprintf("Seat %d: %s joined", i+1, who)
}

func (og *onlineGame) showSeats(seats []protocol.SeatState) {
	var lines []string
	waiting := 0
	for i, s := range seats {
		lines = append(lines, seatText(i, s, i == og.seat, og.longGone(i)))
		if !s.Joined {
			waiting++
		}
	}
	if waiting > 0 {
		more := "1 more person"
		if waiting > 1 {
			more = fmt.Sprintf("%d more people", waiting)
		}
		lines = append(lines, "Waiting for "+more+".")
	}
	og.seats.SetText(strings.Join(lines, "\n"))
	og.relayout()
}

// relayout lays the room out again: a label that gained lines does not
// move what is under it down by itself.
func (og *onlineGame) relayout() { og.column.Refresh() }

// handle takes one message of the client, on the UI goroutine.
func (og *onlineGame) handle(m any) {
	if og.closed {
		return
	}
	switch m := m.(type) {
	case *protocol.Update:
		og.update(m)
	case *protocol.Refused:
		og.pending = ""
		og.pickRefused() // onlineview.go
		if og.gs != nil {
			og.gs.Refuse("The server refused the move: " + m.Error)
		} else {
			og.fail(errors.New(m.Error))
		}
	case *protocol.Final:
		og.finish(m)
	case client.Dropped:
		og.dropped = true
		og.conn = "The connection to the server dropped (" + lowerErr(m.Err) + "); reconnecting..."
	case client.Reconnected:
		og.dropped, og.rejoining = false, true
		og.conn = connectedAgain
	case client.Problem:
		og.conn = "Problem with the server: " + lowerErr(m.Err)
	}
	og.followed(m)
	og.showState()
}

// connectedAgain is the online line's words after a reconnection, until
// the next move.
const connectedAgain = "Connected to the server again."

func lowerErr(err error) string {
	if err == nil {
		return "no reason given"
	}
	s := err.Error()
	return strings.ToLower(s[:1]) + s[1:]
}

// update follows one Update: the room's seats, or the game's new tokens.
func (og *onlineGame) update(up *protocol.Update) {
	og.seat = up.Seat
	og.last = up
	og.noteAway(up.Seats)
	if og.starting { // the game is being made off the UI goroutine (onlineview.go)
		og.queued = append(og.queued, up)
		return
	}
	if og.gs == nil {
		og.showSeats(up.Seats)
		for _, s := range up.Seats {
			if !s.Joined {
				return
			}
		}
		if err := og.startGame(up); err != nil {
			og.fail(err)
		}
		return
	}
	// The whole game again after a reconnection: an Update from 0 that
	// follows Reconnected (every Update of a game's first turn starts at
	// 0 too, and says nothing of a move lost).
	rejoin := up.From == 0 && og.rejoining
	if rejoin {
		og.rejoining = false
		og.fulls++
	}
	plies := og.s.Plies()
	og.follow(up)
	og.followPicks(up) // onlineview.go
	// Once play goes on after a reconnection (a move, not a seat's news),
	// "connected again" is old news: the line keeps to what is true now.
	if og.conn == connectedAgain && og.s.Plies() > plies {
		og.conn = ""
	}
	// The whole game again (after a reconnection) without this device's
	// move: it was sent while the connection was being made again and did
	// not reach the match. Say so rather than wait for it for ever.
	if rejoin && og.pending != "" && len(up.Legal) > 0 {
		og.pending = ""
		og.gs.Refuse("Your move did not reach the server while it was reconnecting: play it again.")
	}
}

// startGame opens the game screen once every seat is taken.
func (og *onlineGame) startGame(up *protocol.Update) error {
	g, ok := games.Lookup(up.Game)
	if !ok {
		return fmt.Errorf("this version of Tabula does not have the game %q: update Tabula", up.Game)
	}
	rules, err := games.ValidateRules(g.RuleSpecs(), up.Rules)
	if err != nil {
		return fmt.Errorf("the server's house rules do not fit this version of Tabula: %w", err)
	}
	seats := make([]games.SeatInfo, len(up.Seats))
	var remote []int
	for i, s := range up.Seats {
		seats[i] = games.SeatInfo{Name: s.Name, Controller: "human", Character: s.Character}
		if i != up.Seat {
			remote = append(remote, i) // the server plays its bots: here they are remote too
		}
	}
	return og.prepare(g, rules, seats, remote, up) // onlineview.go
}

// wrap puts the online line and Leave over the game screen.
func (og *onlineGame) wrap() {
	leave := widget.NewButtonWithIcon("Leave", theme.LogoutIcon(), og.askLeave)
	og.gs.content = container.NewBorder(container.NewBorder(nil, nil, nil, leave, og.bar), nil, nil, nil, og.gs.content)
	og.u.win.SetContent(og.gs.content)
}

// follow plays the tokens of an Update the session has not played yet.
func (og *onlineGame) follow(up *protocol.Update) {
	s := og.s
	if s.Follows() {
		og.followViews(up) // onlineview.go
		return
	}
	for i, tok := range up.History {
		ply := up.From + i
		if ply < s.Plies() {
			continue
		}
		if ply > s.Plies() {
			og.gs.Refuse("Some moves did not arrive from the server; waiting for the whole game again.")
			return
		}
		if err := og.play(tok); err != nil {
			og.gs.Refuse(fmt.Sprintf("This device cannot follow the server's game (%v). Leave and join again.", err))
			return
		}
	}
}

// play plays one token of the server's history into the session.
func (og *onlineGame) play(tok string) error {
	s := og.s
	to := s.Live().ToMove()
	if len(to) != 1 {
		og.pending = ""
		return s.Follow(tok) // a joint turn: every seat's pick at once
	}
	seat := to[0]
	if s.DriverOf(seat) == session.Remote {
		return s.Deliver(seat, tok)
	}
	og.pending = ""
	s.SetView(s.Plies())
	return s.Submit(tok)
}

// submit sends this device's move to the server; the session plays it
// when the server's Update does.
func (og *onlineGame) submit(token string) error {
	s := og.s
	if err := s.WhyNot(); err != nil {
		return err
	}
	if og.pending != "" {
		return games.Refuse("Your move is on its way to the server: wait for it to be played.")
	}
	if s.Simultaneous() {
		return og.submitPick(token) // onlineview.go
	}
	if _, err := games.ParseTurn(s.Live(), token); err != nil {
		return err
	}
	if err := og.c.Move(token, s.Plies()); err != nil {
		return err
	}
	og.pending = token
	og.showState()
	return nil
}

// resign asks, then resigns through the server.
func (og *onlineGame) resign() {
	dialog.ShowConfirm("Resign", "Do you resign this online game?", func(ok bool) {
		if ok && !og.closed {
			if err := og.c.Resign(); err != nil {
				og.gs.Refuse(err.Error())
			}
		}
	}, og.u.win)
}

// finish: the game is over on the server. Its whole record is saved like
// any finished game, and a game ended outside its rules (a resignation)
// is shown from the record.
func (og *onlineGame) finish(f *protocol.Final) {
	if og.final || og.gs == nil {
		return
	}
	og.final = true
	var rec games.Record
	if err := json.Unmarshal(f.Record, &rec); err != nil {
		og.gs.Refuse("The server's record of the game is not readable: " + err.Error())
		return
	}
	name := fmt.Sprintf("Online %s %s", og.s.Game.Name(), og.inv.Code)
	og.gs.files.queueSave(og.u.disk, og.u.store, &rec, name, func(err error) {
		og.u.post(func() {
			if err != nil {
				og.conn = "The finished game could not be saved: " + err.Error()
			} else {
				og.conn = "The finished game is saved under " + name + "."
				og.forget() // nothing to resume: it is over and saved
			}
			og.showState()
		})
	})
	if !og.s.Outcome().Over() {
		// Ended outside the rules (a resignation): show it from the record.
		if s, err := session.FromRecord(&rec, og.u.sessionOptions()); err == nil {
			og.s = s
			og.u.openSessionFor(s, og.gs.files, og)
			og.gs = og.u.game
			og.wrap()
		}
	}
	// Counted in the statistics as "online", for this device's person, once
	// (at the Final: a resignation does not finish the session's game).
	if out := og.s.Outcome(); out.Over() && og.seat >= 0 {
		og.u.queueResult(og.s.Game.ID(), settings.OnlineOpponent, resultOf(out, og.seat))
	}
}

// showState writes the online line over the board: the connection, who
// is connected, and this device's pending move.
func (og *onlineGame) showState() {
	if og.closed {
		return
	}
	if og.gs == nil && og.last != nil { // still in the room: its seat lines say who is away
		og.showSeats(og.last.Seats)
	}
	if og.gs == nil || og.bar == nil {
		return
	}
	var parts []string
	parts = append(parts, "Online game "+og.inv.Code+".")
	if og.last != nil && !og.dropped { // while this device is cut off, the seats' states are old
		away := og.longAway()
		for _, name := range away {
			parts = append(parts, name+"'s connection dropped, waiting...")
		}
		// Once the game is over the panel says who won, in larger words:
		// the line keeps to what is online only (on a phone it took five
		// lines over the board).
		if len(away) == 0 && len(og.awaySince) == 0 && og.last.Status == "ongoing" {
			parts = append(parts, "Everyone is connected.")
		}
	}
	if line := og.pendingLine(); line != "" { // onlineview.go
		parts = append(parts, line)
	}
	if og.conn != "" {
		parts = append(parts, og.conn)
	}
	og.bar.SetText(strings.Join(parts, " "))
	og.gs.refreshDots()
}
