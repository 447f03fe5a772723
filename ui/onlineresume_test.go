//go:build !js

package ui

import (
	"errors"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/test"
	"fyne.io/fyne/v2/widget"

	"github.com/tabulagames/tabula/games"
	"github.com/tabulagames/tabula/internal/servertest"
	"github.com/tabulagames/tabula/online/client"
	"github.com/tabulagames/tabula/settings"
)

// reopenApp is the app started again on the same data folder as old (its
// settings, its device id, its online games): the window was closed, or
// killed, and opened again.
func reopenApp(t *testing.T, old *App) (*App, uiLoop) {
	t.Helper()
	t.Setenv("TABULA_HOME", filepath.Dir(old.paths.Config))
	a := test.NewTempApp(t)
	u, problems := NewApp(a)
	if len(problems) > 0 {
		t.Fatalf("start-up problems: %v", problems)
	}
	u.win.Resize(fyne.NewSize(1100, 720))
	loop := make(uiLoop, 256)
	u.post = loop.Post
	t.Cleanup(func() {
		fyne.SetCurrentApp(a)
		if u.online != nil {
			u.online.close()
		}
		if u.game != nil {
			u.game.leave()
		}
		u.disk.Wait()
	})
	return u, loop
}

// kill drops an app's connection as a killed window would: no Leave, no
// more messages handled.
func kill(u *App) {
	og := u.online
	og.closed = true
	og.c.Close()
	u.online = nil
}

// onlinePair makes Ana's room of game id with the house rules raw (nil:
// the defaults) and has Ben join it with the code; both game screens are
// shown when it returns.
func onlinePair(t *testing.T, srv *servertest.Server, id string, raw map[string]any, room roomSettings) (ana, ben *App, la, lb uiLoop) {
	t.Helper()
	ana, la = onlineApp(t, srv)
	g, _ := games.Lookup(id)
	rules, err := games.ValidateRules(g.RuleSpecs(), raw)
	if err != nil {
		t.Fatal(err)
	}
	// The form's name for the other person's seat is a placeholder: the
	// seat takes the name its person gives when joining.
	ana.createOnlineWith(g, rules, []games.SeatInfo{{Name: "Ana", Controller: "human"}, {Name: "Player 2", Controller: "human"}}, room)
	pump(t, "the invitation code", func() bool { return ana.online.inv.Code != "" }, la)
	ben, lb = onlineApp(t, srv)
	ben.joinOnline(ana.online.inv.Code, "Ben")
	pump(t, "both game screens", func() bool {
		return ana.game != nil && ben.game != nil && ana.game.online != nil && ben.game.online != nil
	}, la, lb)
	if got := ana.online.last.Seats[1].Name; got != "Ben" {
		t.Errorf("the joined seat is named %q on Ana's device, want Ben (the name he gave)", got)
	}
	return ana, ben, la, lb
}

// moveBy has whoever is to move play their first legal move and waits
// for it on both boards.
func moveBy(t *testing.T, a, b *App, la, lb uiLoop) {
	t.Helper()
	who := a
	if len(a.online.last.Legal) == 0 {
		who = b
	}
	n := who.online.s.Plies()
	if err := who.game.Submit(who.online.last.Legal[0]); err != nil {
		t.Fatal(err)
	}
	pump(t, "the move on both boards", func() bool { return a.online.s.Plies() == n+1 && b.online.s.Plies() == n+1 }, la, lb)
}

// TestOnlineResume: an online game is kept under Resume (in words, on the
// card and in the chooser); the window killed mid-game and started again
// on the same data folder finds it, gets its seat back from the server
// and plays on; the finished game, once saved, is no longer listed.
func TestOnlineResume(t *testing.T) {
	srv := servertest.Start(t)
	ana, ben, la, lb := onlinePair(t, srv, "checkerboard", nil, roomSettings{})
	code, seat := ana.online.inv.Code, ana.online.seat
	ana.disk.Wait()
	list, err := ana.onlineList().List()
	if err != nil || len(list) != 1 {
		t.Fatalf("Ana's online games: %+v, %v", list, err)
	}
	if e := list[0]; e.Code != code || e.Game != "checkerboard" || e.Server != srv.Addr || e.Seat != seat || !slices.Equal(e.Names, []string{"Ana", "Ben"}) {
		t.Errorf("Ana's entry: %+v", e)
	}
	g, _ := games.Lookup("checkerboard")
	want := "Online " + strings.ToLower(g.Name()) + " with Ben, code " + code[:3] + "-" + code[3:]
	if got := onlineTitle(list[0]); got != want {
		t.Errorf("Resume lists %q, want %q", got, want)
	}
	// Hints are off unless the room allows them: no Hint, and the
	// shortcut's way in says why.
	if slices.Contains(buttonsShown(ana.win.Content()), "Hint") {
		t.Error("a room without hints shows Hint")
	}
	ana.game.hint()
	if !strings.Contains(ana.game.lastRefusal, "allows no hints") {
		t.Errorf("Hint in a room without hints: %q", ana.game.lastRefusal)
	}

	moveBy(t, ana, ben, la, lb)

	// Ana's window is killed and started again on the same data folder.
	kill(ana)
	ana2, la2 := reopenApp(t, ana)
	showPicker(t, ana2)
	if !ana2.picker.cards["checkerboard"].resume.Visible() {
		t.Fatal("no Resume on the checkerboard card after the app was started again")
	}
	if !strings.Contains(ana2.picker.note.Text, "Checkerboard") {
		t.Errorf("the note reads %q", ana2.picker.note.Text)
	}
	ana2.post = la2.Post
	ana2.ResumeDialog("checkerboard")
	pump(t, "the chooser's rows", func() bool { return showsText(topDialog(ana2), want) }, la2)
	open := buttons(topDialog(ana2), "Resume", nil)
	if len(open) != 1 {
		t.Fatalf("%d Resume buttons in the chooser", len(open))
	}
	open[0].OnTapped()
	pump(t, "Ana's game back", func() bool {
		return ana2.game != nil && ana2.online != nil && ana2.online.s != nil && ana2.online.s.Plies() == 1
	}, la2, lb)
	if ana2.online.seat != seat {
		t.Fatalf("Ana came back in seat %d, she had %d", ana2.online.seat+1, seat+1)
	}
	pump(t, "Ben sees Ana connected again", func() bool { return ben.online.last.Seats[seat].Connected }, la2, lb)
	moveBy(t, ana2, ben, la2, lb)

	// Leave asks first and says the game stays under Resume.
	ana2.online.askLeave()
	if d := topDialog(ana2); d == nil || !showsText(d, "stays under Resume on the "+g.Name()+" card") || !showsText(d, "resign instead") {
		t.Fatalf("Leave during the game asked %v", texts(topDialog(ana2)))
	}
	test.Tap(buttons(topDialog(ana2), "No", nil)[0])
	if ana2.online == nil || ana2.game == nil {
		t.Fatal("No left the game")
	}

	// Ben resigns: the game is over, saved, and no longer under Resume.
	if err := ben.online.c.Resign(); err != nil {
		t.Fatal(err)
	}
	pump(t, "the saved game", func() bool { return strings.Contains(ana2.online.bar.Text, "is saved") }, la2, lb)
	// The panel says who won; the line over the board only what is online.
	if bar := ana2.online.bar.Text; strings.Contains(bar, "Game over") || strings.Contains(bar, "Everyone is connected") {
		t.Errorf("at the end the online line reads %q", bar)
	}
	// Shown from the server's record, which names the seat Ben joined.
	if names := []string{ana2.online.s.Seats[0].Name, ana2.online.s.Seats[1].Name}; !slices.Contains(names, "Ben") || !slices.Contains(names, "Ana") {
		t.Errorf("after the resignation the seats read %q", names)
	}
	ana2.disk.Wait()
	if list, err := ana2.onlineList().List(); err != nil || len(list) != 0 {
		t.Errorf("after the end, Resume still lists %+v (%v)", list, err)
	}
}

// TestOnlineServerDown: the server stops during a game: after a few
// seconds the app says it cannot be reached and offers Keep waiting or
// Leave; Resume of the game while it is still down says so in the room
// and keeps trying after Keep waiting; once the server is back, both
// play on.
func TestOnlineServerDown(t *testing.T) {
	srv := servertest.Start(t)
	ana, ben, la, lb := onlinePair(t, srv, "classic", nil, roomSettings{})
	clock := &stepClock{now: time.Date(2026, 11, 29, 12, 0, 0, 0, time.UTC)}
	ana.clock = clock
	moveBy(t, ana, ben, la, lb)

	srv.Kill(t)
	pump(t, "Ana's drop", func() bool { return ana.online.dropped }, la, lb)
	if ana.online.resume.ask != nil {
		t.Fatal("the question came at once")
	}
	clock.advance(unreachableAfter)
	pump(t, "the question", func() bool { return ana.online.resume.ask != nil }, la, lb)
	said := ana.online.resume.askSaid.Text
	for _, w := range []string{"cannot be reached", srv.Addr, "under Resume on the " + ticTacToe() + " card"} {
		if !strings.Contains(said, w) {
			t.Errorf("the question does not say %q: %q", w, said)
		}
	}
	ana.online.resume.choices["Keep waiting"].OnTapped()
	if ana.online.resume.ask != nil || ana.online == nil {
		t.Fatal("Keep waiting did not keep the game")
	}
	// Tic-tac-toe offers no Resign: Leave does not send the person to it.
	ana.online.askLeave()
	if d := topDialog(ana); d == nil || showsText(d, "resign") || !showsText(d, "Forget") {
		t.Errorf("Leave in tic-tac-toe asks %q", texts(topDialog(ana)))
	}
	test.Tap(buttons(topDialog(ana), "No", nil)[0])

	// Ben closes his window meanwhile, and opens it again while the
	// server is still down: the room says so, and keeps waiting.
	kill(ben)
	ben2, lb2 := reopenApp(t, ben)
	bclock := &stepClock{now: time.Date(2026, 11, 29, 12, 0, 0, 0, time.UTC)}
	ben2.clock = bclock
	list, err := ben2.onlineList().List()
	if err != nil || len(list) != 1 {
		t.Fatalf("Ben's online games: %+v %v", list, err)
	}
	ben2.resumeOnline(list[0])
	room := ben2.online
	pump(t, "the room's words", func() bool { return room.resume.waiting != nil }, lb2)
	if !strings.Contains(room.status.Text, "does not answer") || !strings.Contains(room.status.Text, "Keep waiting") {
		t.Errorf("the room says %q", room.status.Text)
	}
	if !slices.Contains(buttonsShown(ben2.win.Content()), "Keep waiting") || !slices.Contains(buttonsShown(ben2.win.Content()), "Leave") {
		t.Errorf("the room offers %q", buttonsShown(ben2.win.Content()))
	}
	if row := room.leaveRow(); row == nil || !slices.Contains(buttonsShown(row), "Keep waiting") {
		t.Error("Keep waiting is not beside Leave")
	}
	if !strings.Contains(room.status.Text, "under Resume on the "+ticTacToe()+" card") || room.code.Text != list[0].Code {
		t.Errorf("the room from Resume says %q under the code %q", room.status.Text, room.code.Text)
	}
	test.Tap(buttons(ben2.win.Content(), "Keep waiting", nil)[0])
	pump(t, "a second try", func() bool { return room.resume.tries >= 2 }, lb2)

	srv.StartNakama(t)
	bclock.advance(retryEvery)
	pump(t, "both back in the game", func() bool {
		return ben2.game != nil && ben2.online != nil && ben2.online.s != nil && ben2.online.s.Plies() == 1 &&
			strings.Contains(ana.online.bar.Text, "Connected to the server again") && !ana.online.dropped
	}, la, lb2)
	if ana.online.resume.ask != nil {
		t.Error("the question stays after the server came back")
	}
	moveBy(t, ana, ben2, la, lb2)
}

// TestOnlineHints: a room made with "Allow hints" (off by default in the
// Play online dialog) offers Hint on both devices, and a hint is worked
// out for the person to move.
func TestOnlineHints(t *testing.T) {
	u := newTestApp(t)
	nd := u.onlineGameDialog("classic")
	var check *widget.Check
	for _, o := range canvasObjects(nd.box) {
		if c, ok := o.(*widget.Check); ok && c.Text == "Allow hints" {
			check = c
		}
	}
	if check == nil || check.Checked {
		t.Fatalf("the Play online dialog's Allow hints: %v", check)
	}
	// Someone is invited: the second seat starts as a person.
	if !nd.seats[1].value().Human() {
		t.Error("Play online starts with the second seat a computer")
	}
	// Under the seats, above the house rules (at the end of a long form
	// it was out of sight).
	at, rulesAt := slices.Index(nd.box.Objects, fyne.CanvasObject(check)), -1
	for i, o := range nd.box.Objects {
		if l, ok := o.(*widget.Label); ok && l.Text == "House rules" {
			rulesAt = i
		}
	}
	if at < 0 || rulesAt < 0 || at > rulesAt {
		t.Errorf("Allow hints is at %d in the form, the house rules at %d", at, rulesAt)
	}

	srv := servertest.Start(t)
	ana, ben, la, lb := onlinePair(t, srv, "classic", nil, roomSettings{Hints: true})
	for _, x := range []*App{ana, ben} {
		if !slices.Contains(buttonsShown(x.win.Content()), "Hint") && !x.mobile {
			t.Errorf("a room with hints shows %q", buttonsShown(x.win.Content()))
		}
	}
	who := ana
	if len(ana.online.last.Legal) == 0 {
		who = ben
	}
	who.game.hint()
	pump(t, "the hint", func() bool { return strings.HasPrefix(who.game.status.Text, "Hint:") }, la, lb)
	other := ben
	if who == ben {
		other = ana
	}
	other.game.hint()
	if !strings.Contains(other.game.lastRefusal, "person to move") {
		t.Errorf("a hint off-turn: %q", other.game.lastRefusal)
	}

	// Back on the server after a drop but not back in the game (the
	// client says why and does not try again): Try again starts afresh,
	// as Resume does, and lands in the same seat.
	seat := ana.online.seat
	ana.online.handle(client.Reconnected{})
	ana.online.handle(client.Problem{Err: errors.New("Tabula could not rejoin the game: the match is gone")})
	if ana.online.resume.ask == nil || !strings.Contains(ana.online.resume.askSaid.Text, "could not rejoin") {
		t.Fatal("no question after a failed rejoin")
	}
	ana.online.resume.choices["Try again"].OnTapped()
	pump(t, "Ana back in the game", func() bool {
		return ana.online != nil && ana.online.s != nil && ana.online.seat == seat && ana.game != nil
	}, la, lb)
}

// TestOnlineResumeRefused: a game under Resume that the server no longer
// knows is said in words, and can be forgotten.
func TestOnlineResumeRefused(t *testing.T) {
	srv := servertest.Start(t)
	u, loop := onlineApp(t, srv)
	e := settings.OnlineGame{Code: "KKKKKK", Game: "classic", Server: srv.Addr, Seat: 0, Names: []string{"Ana", "Ben"}}
	if err := u.onlineList().Add(e); err != nil {
		t.Fatal(err)
	}
	u.Resume("classic")
	room := u.online
	pump(t, "the refusal", func() bool { return room.status.Importance == widget.DangerImportance && room.resume.waiting != nil }, loop)
	t.Logf("the room says %q", room.status.Text)
	forget := buttons(u.win.Content(), "Forget this game", nil)
	if len(forget) != 1 {
		t.Fatalf("the room offers %q", buttonsShown(u.win.Content()))
	}
	test.Tap(forget[0])
	test.Tap(buttons(topDialog(u), "Yes", nil)[0])
	u.disk.Wait()
	if list, err := u.onlineList().List(); err != nil || len(list) != 0 {
		t.Errorf("after Forget: %+v %v", list, err)
	}
	if u.picker == nil {
		t.Error("Forget did not go back to the games")
	}
}

func ticTacToe() string { g, _ := games.Lookup("classic"); return g.Name() }

// TestOnlineNamesAndPhoneRoom: the name others read is asked for ("You",
// the form's default, would read to them as themselves), at Play online
// and at Join online; on a phone the room fits the screen's width (its
// fixed column cut the code, the words and Leave off).
func TestOnlineNamesAndPhoneRoom(t *testing.T) {
	u := newTestApp(t)
	nd := u.onlineGameDialog("classic")
	nd.seats[0].name.SetText("You")
	if nd.start() || !strings.Contains(nd.problem.Text, "your own name") || u.online != nil {
		t.Errorf("Play online with the name You: started %v, said %q", u.online != nil, nd.problem.Text)
	}
	u.JoinOnlineDialog()
	u.joinCode.SetText("K7QX2M")
	u.joinButton.OnTapped()
	if u.online != nil {
		t.Error("Join online went ahead as You")
	}
	// The name played under is offered again, at Play online and at Join
	// online.
	if err := u.cfg.SetServerAddress("127.0.0.1:1"); err != nil {
		t.Fatal(err)
	}
	appLoop(u)
	u.joinOnline("K7QX2M", "Ana")
	u.online.close()
	u.disk.Wait()
	if got := u.onlineGameDialog("classic").seats[0].name.Text; got != "Ana" {
		t.Errorf("Play online offers the name %q, want Ana", got)
	}
	u.JoinOnlineDialog()
	if got := topDialog(u); !slices.ContainsFunc(canvasObjects(got), func(o fyne.CanvasObject) bool {
		e, ok := o.(*widget.Entry)
		return ok && e.Text == "Ana"
	}) {
		t.Error("Join online does not offer the name Ana")
	}

	p := newTestApp(t)
	p.mobile = true
	if err := p.cfg.SetServerAddress("127.0.0.1:1"); err != nil {
		t.Fatal(err)
	}
	loop := appLoop(p)
	p.joinOnline("K7QX2M", "Pia")
	room := p.online
	loop.Until(t, "the room's problem", func() bool { return room.resume.waiting != nil })
	p.win.Resize(fyne.NewSize(412, 790))
	checkFits(t, p, p.win.Content())
}

// TestOnlineChooserForget: the games-in-progress chooser lists an online
// game in words beside the games at this device, and Forget drops it
// after asking (no server needed).
func TestOnlineChooserForget(t *testing.T) {
	u := newTestApp(t)
	loop := appLoop(u)
	e := settings.OnlineGame{Code: "K7QX2M", Game: "classic", Server: "play.example.org", Seat: 1, Names: []string{"Ben", "Ana"}}
	if err := u.onlineList().Add(e); err != nil {
		t.Fatal(err)
	}
	showPicker(t, u)
	if !u.picker.cards["classic"].resume.Visible() {
		t.Fatal("no Resume on the tic-tac-toe card for an online game")
	}
	u.post = loop.Post
	u.ResumeDialog("classic")
	title := "Online " + strings.ToLower(ticTacToe()) + " with Ben, code K7Q-X2M"
	loop.Until(t, "the chooser's rows", func() bool { return showsText(topDialog(u), title) })
	if !showsText(topDialog(u), "You play as Ana on the server play.example.org") {
		t.Errorf("the chooser reads %q", texts(topDialog(u)))
	}
	test.Tap(buttons(topDialog(u), "Forget", nil)[0])
	if !showsText(topDialog(u), "Join online and type the code K7Q-X2M") {
		t.Errorf("Forget asks %q", texts(topDialog(u)))
	}
	test.Tap(buttons(topDialog(u), "Yes", nil)[0])
	u.disk.Wait()
	if list, err := u.onlineList().List(); err != nil || len(list) != 0 {
		t.Errorf("after Forget: %+v %v", list, err)
	}
}
