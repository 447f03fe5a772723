// The online tests start Nakama and PostgreSQL processes: none in a browser.
//go:build !js

package ui

import (
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"

	"github.com/tabulagames/tabula/games"
	"github.com/tabulagames/tabula/internal/servertest"
	"github.com/tabulagames/tabula/settings"
)

// onlineApp is an app on the test driver set to play on srv.
func onlineApp(t *testing.T, srv *servertest.Server) (*App, uiLoop) {
	t.Helper()
	u := newTestApp(t)
	if err := u.cfg.SetServerAddress(srv.Addr); err != nil {
		t.Fatal(err)
	}
	if err := u.cfg.SetServerKey(servertest.ServerKey); err != nil {
		t.Fatal(err)
	}
	loop := make(uiLoop, 256)
	u.post = loop.Post
	t.Cleanup(func() {
		if u.online != nil {
			u.online.close()
		}
	})
	return u, loop
}

// pump runs the apps' UI work until cond holds, or fails after 30 s.
func pump(t *testing.T, what string, cond func() bool, loops ...uiLoop) {
	t.Helper()
	deadline := time.Now().Add(30 * time.Second)
	for !cond() {
		ran := false
		for _, l := range loops {
			select {
			case f := <-l:
				f()
				ran = true
			default:
			}
		}
		if !ran {
			if time.Now().After(deadline) {
				t.Fatalf("waited 30 s for %s", what)
			}
			time.Sleep(5 * time.Millisecond)
		}
	}
}

// TestOnline plays tic-tac-toe between two apps over a real server: the
// settings' Test button, the room filling, a move pending then played on
// both boards, a move the server refuses said in words, and the game
// played to the end on both, its record saved.
func TestOnline(t *testing.T) {
	srv := servertest.Start(t)
	ana, la := onlineApp(t, srv)
	var said string
	ana.testServer(func(s string) { said = s })
	pump(t, "the Test button's answer", func() bool { return strings.Contains(said, "answers") }, la)

	g, _ := games.Lookup("classic")
	ana.createOnline(g, games.Defaults(g.RuleSpecs()), []games.SeatInfo{{Name: "Ana", Controller: "human"}, {Name: "Ben", Controller: "human"}})
	room := ana.online
	pump(t, "the invitation code", func() bool {
		return room.inv.Code != "" && strings.Contains(room.seats.Text, "Waiting for 1 more person")
	}, la)
	if room.code.Text != room.inv.Code || !room.copyBtn.Visible() {
		t.Fatalf("room shows code %q (copy shown %v), invitation %q", room.code.Text, room.copyBtn.Visible(), room.inv.Code)
	}
	room.copyBtn.OnTapped()
	if got := ana.fa.Clipboard().Content(); got != room.inv.Code {
		t.Errorf("Copy put %q on the clipboard, want %q", got, room.inv.Code)
	}

	ben, lb := onlineApp(t, srv)
	ben.joinOnline(strings.ToLower(room.inv.Code), "Ben")
	pump(t, "both game screens", func() bool {
		return ana.game != nil && ben.game != nil && ana.game.online != nil && ben.game.online != nil
	}, la, lb)
	if !strings.Contains(ben.online.bar.Text, "Everyone is connected") {
		t.Errorf("Ben's online line: %q", ben.online.bar.Text)
	}

	// Whoever is to move plays; the move is pending until the server plays it.
	mover, other := ana, ben
	if len(ana.online.last.Legal) == 0 {
		mover, other = ben, ana
	}
	first := mover.online.last.Legal[0]
	if err := mover.game.Submit(first); err != nil {
		t.Fatal(err)
	}
	if mover.online.s.Plies() != 0 || !strings.Contains(mover.online.bar.Text, "waiting for the server") {
		t.Fatalf("the move was played before the server did (plies %d), line %q", mover.online.s.Plies(), mover.online.bar.Text)
	}
	pump(t, "the move on both boards", func() bool { return mover.online.s.Plies() == 1 && other.online.s.Plies() == 1 }, la, lb)
	if got := other.online.s.Tokens()[0]; got != first {
		t.Fatalf("the other board played %q, want %q", got, first)
	}
	// The mover is not to move: the board says so before asking the server.
	if err := mover.game.Submit(first); err == nil {
		t.Fatal("a move out of turn was taken")
	}
	// A move against a position the game has left is refused by the
	// server, in words, and changes nothing.
	if err := other.online.c.Move(other.online.last.Legal[0], 0); err != nil {
		t.Fatal(err)
	}
	pump(t, "the refusal", func() bool { return strings.Contains(other.game.lastRefusal, "The server refused the move") }, la, lb)
	if other.online.s.Plies() != 1 {
		t.Fatalf("a refused move changed the game: %d plies", other.online.s.Plies())
	}
	// The server restarts: both apps say so, reconnect by themselves and
	// play on from the server's game.
	fa, fb := ana.online.fulls, ben.online.fulls
	srv.Restart(t)
	pump(t, "both apps back", func() bool {
		return strings.Contains(ana.online.bar.Text, "Connected to the server again") &&
			strings.Contains(ben.online.bar.Text, "Connected to the server again") &&
			ana.online.fulls > fa && ben.online.fulls > fb
	}, la, lb)
	if ana.online.s.Plies() != 1 || ben.online.s.Plies() != 1 {
		t.Fatalf("after the restart the boards hold %d and %d moves, want 1", ana.online.s.Plies(), ben.online.s.Plies())
	}
	// Undo (and Redo) and Hint are not offered online at all.
	for _, u := range []*App{ana, ben} {
		shown := buttonsShown(u.win.Content())
		for _, no := range []string{"Undo", "Redo", "Hint"} {
			if slices.Contains(shown, no) {
				t.Errorf("an online game shows %s: %q", no, shown)
			}
		}
		if (!u.mobile && !slices.Contains(shown, "Save")) || u.game.undoBtn != nil || u.game.hintBtn != nil { // a phone's icons have no words
			t.Errorf("the online toolbar: %q", shown)
		}
	}

	// Play on to the end.
	for turn := 0; !ana.online.s.Outcome().Over() && turn < 20; turn++ {
		n, start := ana.online.s.Plies(), time.Now()
		who := ana
		if len(ana.online.last.Legal) == 0 {
			who = ben
		}
		if err := who.game.Submit(who.online.last.Legal[0]); err != nil {
			t.Fatal(err)
		}
		pump(t, "the next move", func() bool {
			if time.Since(start) > 25*time.Second {
				t.Logf("ana: plies %d last %+v refusal %q bar %q", ana.online.s.Plies(), ana.online.last, ana.game.lastRefusal, ana.online.bar.Text)
				t.Logf("ben: plies %d last %+v refusal %q bar %q", ben.online.s.Plies(), ben.online.last, ben.game.lastRefusal, ben.online.bar.Text)
				start = time.Now()
			}
			return ana.online.s.Plies() == n+1 && ben.online.s.Plies() == n+1
		}, la, lb)
	}
	for _, u := range []*App{ana, ben} {
		if strings.Contains(u.online.bar.Text, "Connected to the server again") {
			t.Errorf("the line still says the connection came back after moves were played: %q", u.online.bar.Text)
		}
	}
	endedAndSaved(t, ana, ben, la, lb)
	ana.disk.Wait()
	ben.disk.Wait()
	for _, u := range []*App{ana, ben} {
		tallies := u.stats.For("classic")
		if len(tallies) != 1 || tallies[settings.OnlineOpponent].Played() != 1 {
			t.Errorf("the statistics after one online game: %+v", tallies)
		}
	}
	entries, err := ana.store.List()
	if err != nil || len(entries) == 0 {
		t.Fatalf("no saved game after an online game: %v %v", entries, err)
	}
}

// TestOnlineCoinTossAndResign: checkerboard with a coin toss for the
// first player (drawn from the server's seed, which the whole game's
// Update carries) is followed from the server's start, and a resignation
// ends the game on both boards from the server's record.
func TestOnlineCoinTossAndResign(t *testing.T) {
	srv := servertest.Start(t)
	ana, ben, la, lb := onlinePair(t, srv, "checkerboard", map[string]any{"firstPlayer": "random"}, roomSettings{})
	who, other := ana, ben
	if len(ana.online.last.Legal) == 0 {
		who, other = ben, ana
	}
	if err := who.game.Submit(who.online.last.Legal[0]); err != nil {
		t.Fatal(err)
	}
	pump(t, "the first move on both boards", func() bool { return ana.online.s.Plies() == 1 && ben.online.s.Plies() == 1 }, la, lb)
	if shown := buttonsShown(ana.win.Content()); !ana.mobile && (!slices.Contains(shown, "Resign") || slices.Contains(shown, "Offer draw")) { // a phone's are in its menu: endingActions below
		t.Errorf("an online checkerboard game shows %q: Resign and no Offer draw", shown)
	}
	// Under Resign: nothing on one's turn (no word on draw offers, which
	// are not offered online), "Resign on your turn." on the other's.
	if other.game.endWhy.Text != "" || who.game.endWhy.Text != "Resign on your turn." {
		t.Errorf("under Resign: %q to move, %q waiting", other.game.endWhy.Text, who.game.endWhy.Text)
	}
	seeds := []int64{ana.online.s.Seed, ben.online.s.Seed}
	if err := who.online.c.Resign(); err != nil {
		t.Fatal(err)
	}
	pump(t, "the end on both boards", func() bool {
		return ana.online.s.Outcome().Over() && ben.online.s.Outcome().Over()
	}, la, lb)
	out := other.online.s.Outcome()
	// Both devices started from the server's own seed (the record's).
	if rec := other.online.s.Record(); seeds[0] != rec.Seed || seeds[1] != rec.Seed {
		t.Errorf("the devices started from seeds %v; the server's game from %d", seeds, rec.Seed)
	}
	// Online, Resign stays and Offer draw is not offered (the server has
	// no draw offers yet), on the desktop and in the phone's menu.
	if acts := other.game.endingActions(); len(acts) != 1 || acts[0].label != "Resign" {
		t.Errorf("the phone menu's endings online: %+v", acts)
	}
	other.game.offerDraw()
	if other.online.s.DrawOffer() >= 0 {
		t.Error("a draw was offered online")
	}

	if len(out.Winners) != 1 || out.Winners[0] != other.online.seat {
		t.Fatalf("after a resignation the outcome is %+v; the winner should be seat %d", out, other.online.seat)
	}
	// The game is counted as online, a win for one and a loss for the
	// other, though the resignation did not finish the session's game.
	who.disk.Wait()
	other.disk.Wait()
	if won, lost := other.stats.For("checkerboard")[settings.OnlineOpponent], who.stats.For("checkerboard")[settings.OnlineOpponent]; won.Wins != 1 || won.Played() != 1 || lost.Losses != 1 || lost.Played() != 1 {
		t.Errorf("online statistics after a resignation: winner %+v, loser %+v", won, lost)
	}
	p := &picker{u: other}
	if got := p.recordText("checkerboard"); got != "Online: 1 won, 0 lost, 0 drawn" {
		t.Errorf("the picker's record reads %q", got)
	}
}

// TestOnlineWithoutServer: with no server at the address, the Test
// button and the room say so in words, and Leave goes back to the games;
// an empty code is asked for again; every game is offered online.
func TestOnlineWithoutServer(t *testing.T) {
	u := newTestApp(t)
	loop := appLoop(u)
	if err := u.cfg.SetServerAddress("127.0.0.1:1"); err != nil {
		t.Fatal(err)
	}
	var said string
	u.testServer(func(s string) { said = s })
	loop.Until(t, "the Test button's answer", func() bool { return strings.Contains(said, "not") })
	if !strings.Contains(said, "127.0.0.1:1") {
		t.Errorf("Test said %q: it should name the server that does not answer", said)
	}
	u.joinOnline("ABCDEF", "Ben")
	room := u.online
	loop.Until(t, "the room's problem", func() bool { return room.status.Importance == widget.DangerImportance })
	if !strings.Contains(room.status.Text, "127.0.0.1:1") {
		t.Errorf("the room said %q", room.status.Text)
	}
	room.leave()
	if u.online != nil || u.picker == nil {
		t.Fatal("Leave did not go back to the games")
	}

	u.JoinOnlineDialog()
	u.joinButton.OnTapped()
	if u.online != nil {
		t.Fatal("an empty code was looked up")
	}
	for _, g := range games.All() {
		if why := notOnline(g.ID()); why != "" {
			t.Errorf("%s is not offered online: %s", g.ID(), why)
		}
	}
}

// buttonsShown are the texts of the buttons drawn under o.
func buttonsShown(o fyne.CanvasObject) []string {
	var out []string
	for _, x := range visibleUnder(o) {
		if b, ok := x.(*widget.Button); ok && b.Text != "" {
			out = append(out, b.Text)
		}
	}
	return out
}

// TestOnlineBotSeat: a seat the server plays with its bot is shown as a
// computer ("Easy (computer)"), as at one device, not as a person; each
// person's seat has a dot that says whether they are connected, and a
// drop is said in words only after a few seconds.
func TestOnlineBotSeat(t *testing.T) {
	srv := servertest.Start(t)
	ana, la := onlineApp(t, srv)
	clock := &stepClock{now: time.Date(2026, 11, 29, 12, 0, 0, 0, time.UTC)}
	ana.clock = clock
	g, _ := games.Lookup("revenge")
	ana.createOnline(g, games.Defaults(g.RuleSpecs()), []games.SeatInfo{
		{Name: "Ana", Controller: "human"}, {Name: "Ben", Controller: "human"}, {Name: "Easy", Controller: "ai", Bot: "easy"}})
	pump(t, "the invitation code", func() bool { return ana.online.inv.Code != "" }, la)
	ben, lb := onlineApp(t, srv)
	ben.joinOnline(ana.online.inv.Code, "Ben")
	pump(t, "both game screens", func() bool {
		return ana.game != nil && ben.game != nil && ana.game.online != nil && ben.game.online != nil
	}, la, lb)
	for _, u := range []*App{ana, ben} {
		rows := u.game.seatRows
		if got := []string{rows[0].name.Text, rows[1].name.Text, rows[2].name.Text}; !slices.Equal(got, []string{"Ana", "Ben", "Easy (computer)"}) {
			t.Errorf("the seats online read %q", got)
		}
		if rows[2].dot.Visible() || !rows[0].dot.Visible() || rows[0].dot.FillColor != theme.Color(theme.ColorNameSuccess) ||
			rows[1].dot.FillColor != theme.Color(theme.ColorNameSuccess) {
			t.Errorf("the connection dots with everyone here: shown %v %v %v, colours %v %v", rows[0].dot.Visible(), rows[1].dot.Visible(), rows[2].dot.Visible(), rows[0].dot.FillColor, rows[1].dot.FillColor)
		}
	}

	// Ben goes: Ana's dot for him goes grey at once, the words only once
	// he has been away a few seconds (Ana's clock is driven here).
	ben.online.close()
	pump(t, "Ben's seat without its connection", func() bool { return !ana.online.last.Seats[1].Connected }, la, lb)
	if ana.game.seatRows[1].dot.FillColor != theme.Color(theme.ColorNameDisabled) {
		t.Error("Ben's dot stays green after he went")
	}
	if strings.Contains(ana.online.bar.Text, "dropped") || strings.Contains(ana.online.bar.Text, "Everyone is connected") {
		t.Errorf("at once after Ben went, Ana's line says %q", ana.online.bar.Text)
	}
	clock.advance(dropGrace)
	pump(t, "the words for Ben's drop", func() bool {
		return strings.Contains(ana.online.bar.Text, "Ben's connection dropped, waiting...")
	}, la, lb)
	if strings.Contains(ana.online.bar.Text, "Ana's") {
		t.Errorf("Ana's line names her own connection: %q", ana.online.bar.Text)
	}
}

// stepClock is a clock the test moves on: every After due by then fires.
type stepClock struct {
	mu      sync.Mutex
	now     time.Time
	waiting []stepTimer
}

type stepTimer struct {
	at time.Time
	ch chan time.Time
}

func (c *stepClock) Now() time.Time {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.now
}

func (c *stepClock) After(d time.Duration) <-chan time.Time {
	c.mu.Lock()
	defer c.mu.Unlock()
	ch := make(chan time.Time, 1)
	if d <= 0 {
		ch <- c.now
		return ch
	}
	c.waiting = append(c.waiting, stepTimer{c.now.Add(d), ch})
	return ch
}

func (c *stepClock) advance(d time.Duration) {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.now = c.now.Add(d)
	keep := c.waiting[:0]
	for _, w := range c.waiting {
		if w.at.After(c.now) {
			keep = append(keep, w)
		} else {
			w.ch <- c.now
		}
	}
	c.waiting = keep
}

// TestOnlineRoomSaysDropLate: in the room too, a person who joined and
// lost their connection is said to be away only after a few seconds.
func TestOnlineRoomSaysDropLate(t *testing.T) {
	srv := servertest.Start(t)
	ana, la := onlineApp(t, srv)
	clock := &stepClock{now: time.Date(2026, 11, 29, 12, 0, 0, 0, time.UTC)}
	ana.clock = clock
	g, _ := games.Lookup("revenge")
	ana.createOnline(g, games.Defaults(g.RuleSpecs()), []games.SeatInfo{
		{Name: "Ana", Controller: "human"}, {Name: "Ben", Controller: "human"}, {Name: "Cy", Controller: "human"}})
	room := ana.online
	pump(t, "the invitation code", func() bool { return room.inv.Code != "" }, la)
	ben, lb := onlineApp(t, srv)
	ben.joinOnline(room.inv.Code, "Ben")
	pump(t, "Ben in Ana's room", func() bool { return strings.Contains(room.seats.Text, "Seat 2: Ben joined") }, la, lb)
	pump(t, "Ben's room", func() bool { return ben.online.inv.Code != "" }, la, lb)
	if strings.Contains(ben.online.status.Text, "people you invite") || !strings.Contains(room.status.Text, "people you invite") {
		t.Errorf("the rooms say %q to the one who made it and %q to the one who joined", room.status.Text, ben.online.status.Text)
	}
	ben.online.close()
	pump(t, "Ben's seat without its connection", func() bool { return room.last != nil && !room.last.Seats[1].Connected }, la, lb)
	if !strings.Contains(room.seats.Text, "Seat 2: Ben joined") || strings.Contains(room.seats.Text, "dropped") {
		t.Errorf("at once after Ben went, the room reads %q", room.seats.Text)
	}
	clock.advance(dropGrace)
	pump(t, "the room's words for Ben's drop", func() bool {
		return strings.Contains(room.seats.Text, "Seat 2: Ben joined; connection dropped, waiting...")
	}, la, lb)
}

// endedAndSaved waits until both devices' games have ended and each says
// its finished record is saved.
func endedAndSaved(t *testing.T, ana, ben *App, la, lb uiLoop) {
	t.Helper()
	if !ana.online.s.Outcome().Over() || !ben.online.s.Outcome().Over() {
		t.Fatal("the game did not end on both boards")
	}
	pump(t, "the record saved", func() bool {
		return strings.Contains(ana.online.bar.Text, "is saved") && strings.Contains(ben.online.bar.Text, "is saved")
	}, la, lb)
}
