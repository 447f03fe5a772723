package ui

import (
	"encoding/json"
	"errors"
	"reflect"
	"strings"
	"testing"
	"time"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/driver/desktop"
	"fyne.io/fyne/v2/test"

	"github.com/tabulagames/tabula/games"
	"github.com/tabulagames/tabula/games/toy"
	"github.com/tabulagames/tabula/ui/boards/all"
	"github.com/tabulagames/tabula/ui/boardtest"
	"github.com/tabulagames/tabula/ui/session"
)

// newTestApp makes the app on Fyne's test driver with every file under a
// temporary TABULA_HOME and animations off.
// desktopOnly skips a test of the desktop layout (keyboard focus, the
// side panel, window sizes) on the phone's test driver (`-tags mobile`),
// where the layout is the phone's and phone_test.go holds it.
func desktopOnly(t *testing.T) {
	t.Helper()
	if fyne.CurrentDevice().IsMobile() {
		t.Skip("a test of the desktop layout; the phone's are in phone_test.go")
	}
}

func newTestApp(t *testing.T) *App {
	t.Helper()
	t.Setenv("TABULA_HOME", t.TempDir())
	a := test.NewTempApp(t)
	u, problems := NewApp(a)
	if len(problems) > 0 {
		t.Fatalf("start-up problems: %v", problems)
	}
	if err := u.cfg.SetReducedMotion(true); err != nil {
		t.Fatal(err)
	}
	// No pauses between moves: the game screen takes the bots' pace from
	// the settings, over what a test sets on its session.
	if err := errors.Join(u.cfg.SetBotDelay(0), u.cfg.SetBotPace(0)); err != nil {
		t.Fatal(err)
	}
	u.win.Resize(fyne.NewSize(1100, 720))
	// What goroutines hand back to the UI waits here unless a test runs it
	// (with appLoop): fyne.Do on the test driver would run it on the
	// goroutine that posts it, racing with the test.
	u.post = make(uiLoop, 256).Post
	t.Cleanup(func() {
		// A test that makes two apps leaves the first after the second's
		// cleanup made a fresh test app current, whose theme knows none of
		// ours (kit.SizeNameSmallText would measure 0): this app's screen
		// is left under this app.
		fyne.SetCurrentApp(a)
		if u.game != nil {
			u.game.leave() // no bot may write after the test
		}
		u.disk.Wait() // nor the disk queue, in the test's folder
	})
	return u
}

// uiLoop stands in for the UI goroutine: bot answers are queued here and
// run on the test's goroutine (Until), so nothing races.
type uiLoop = boardtest.Loop

// appLoop gives the app a fresh UI loop for what its goroutines hand back.
func appLoop(u *App) uiLoop {
	loop := make(uiLoop, 16)
	u.post = loop.Post
	return loop
}

// startGame opens a classic game with the given seats, wired to a test loop.
func startGame(t *testing.T, u *App, seats []games.SeatInfo) (*gameScreen, uiLoop) {
	t.Helper()
	g, _ := games.Lookup("classic")
	return openOnLoop(t, u, g, games.Defaults(nil), seats, nil)
}

// openOnLoop starts a game (seed 1) whose bot answers are queued on a test
// loop, with no pauses between moves, and shows it.
func openOnLoop(t *testing.T, u *App, g games.Game, rules games.Rules, seats []games.SeatInfo, setup json.RawMessage) (*gameScreen, uiLoop) {
	t.Helper()
	loop := appLoop(u)
	s, err := session.New(g, rules, 1, seats, setup, u.sessionOptions())
	if err != nil {
		t.Fatal(err)
	}
	s.BotDelay, s.AutoDelay = 0, 0
	u.openSession(s)
	return u.game, loop
}

var humanVsHard = []games.SeatInfo{{Name: "Ana", Controller: "human"}, {Name: "Computer", Controller: "ai", Bot: "hard"}}

func TestPickerShowsPlayableGames(t *testing.T) {
	u := newTestApp(t)
	u.ShowPicker()
	if u.picker == nil || u.picker.cards["classic"] == nil {
		t.Fatal("no classic card on the picker")
	}
	if u.picker.cards["classic"].resume.Visible() {
		t.Fatal("Resume shown without an autosave")
	}
	for id := range u.picker.cards {
		if !u.offers(id) {
			t.Fatalf("picker shows %s, which has no board", id)
		}
	}
}

func TestTapPlaysAndBotAnswersThenUndo(t *testing.T) {
	u := newTestApp(t)
	gs, loop := startGame(t, u, humanVsHard)
	tapSpoken(gs, 4) // b2
	if gs.session.Plies() < 1 || gs.session.Tokens()[0] != "b2" {
		t.Fatalf("tap did not play b2: %v", gs.session.Tokens())
	}
	if gs.spoken.Label(4) != "b2, X" || gs.spoken.Label(0) != "a1, empty" {
		t.Fatalf("screen readers hear %q and %q", gs.spoken.Label(4), gs.spoken.Label(0))
	}
	loop.Until(t, "the bot's reply", func() bool { return gs.session.Plies() == 2 })
	if gs.session.HumanToMove() != 0 {
		t.Fatal("after the bot's reply the person should be to move")
	}
	if !strings.Contains(gs.status.Text, "Ana to move") {
		t.Fatalf("status %q", gs.status.Text)
	}
	// Undo takes back the bot's reply and the person's move.
	gs.undo()
	if gs.session.Plies() != 0 || gs.session.HumanToMove() != 0 {
		t.Fatalf("undo left %v", gs.session.Tokens())
	}
	gs.redo()
	if gs.session.Plies() != 2 {
		t.Fatalf("redo gave %v", gs.session.Tokens())
	}
}

// TestUndoAfterTheBotWon takes back the bot's winning move and the
// person's move before it, as the spec's undo does.
func TestUndoAfterTheBotWon(t *testing.T) {
	u := newTestApp(t)
	gs, loop := startGame(t, u, humanVsHard)
	for _, tok := range []string{"a1", "c1", "a3"} { // a losing line against hard
		loop.Until(t, "the person's turn", func() bool { return gs.session.HumanToMove() == 0 || gs.session.Live().Outcome().Over() })
		if gs.session.Live().Outcome().Over() {
			break
		}
		if err := gs.Submit(tok); err != nil {
			continue // hard may have taken the square: any move will do
		}
	}
	loop.Until(t, "the bot's win", func() bool { return gs.session.Live().Outcome().Over() })
	n := gs.session.Plies()
	gs.undo()
	if gs.session.Plies() != n-2 || gs.session.HumanToMove() != 0 {
		t.Fatalf("undo after the end went from %d to %d plies", n, gs.session.Plies())
	}
}

func TestRefusedTapSaysWhy(t *testing.T) {
	u := newTestApp(t)
	gs, loop := startGame(t, u, humanVsHard)
	tapSpoken(gs, 4)
	loop.Until(t, "the bot's reply", func() bool { return gs.session.Plies() == 2 })
	tapSpoken(gs, 4) // taken
	if gs.session.Plies() != 2 {
		t.Fatal("a tap on a taken square was played")
	}
	if !strings.Contains(gs.lastRefusal, "already taken") {
		t.Fatalf("refusal %q", gs.lastRefusal)
	}
}

func TestKeyboardPlays(t *testing.T) {
	u := newTestApp(t)
	people := []games.SeatInfo{{Name: "Ana", Controller: "human"}, {Name: "Ben", Controller: "human"}}
	gs, _ := startGame(t, u, people)
	b := gs.board
	b.Key("7")           // keypad layout: 7 is a3
	b.Key(fyne.KeyRight) // the first arrow shows the cursor on b2
	b.Key(fyne.KeyRight)
	b.Key(fyne.KeyReturn)
	if got := strings.Join(gs.session.Tokens(), " "); got != "a3 c2" {
		t.Fatalf("keys played %q", got)
	}
	// Escape from a past position goes back to the game.
	gs.session.SetView(1)
	if !gs.session.Viewing() || gs.session.HumanToMove() >= 0 {
		t.Fatal("viewing a past position must block input")
	}
	if err := gs.Submit("a1"); err == nil {
		t.Fatal("a move was accepted while looking at a past position")
	}
}

// TestStaleBotAnswerIsDropped: a bot's answer that reaches the UI after
// the person took their move back is not played.
func TestStaleBotAnswerIsDropped(t *testing.T) {
	u := newTestApp(t)
	gs, loop := startGame(t, u, humanVsHard)
	if err := gs.Submit("a1"); err != nil {
		t.Fatal(err)
	}
	// The bot's answer is on its way to the UI goroutine...
	var answer func()
	select {
	case answer = <-loop:
	case <-time.After(20 * time.Second): // only against a test that hangs
		t.Fatal("the bot never answered")
	}
	// ...when the person takes the move back.
	gs.undo()
	answer()
	if gs.session.Plies() != 0 || gs.session.HumanToMove() != 0 {
		t.Fatalf("a stale bot answer was played: %v", gs.session.Tokens())
	}
}

func TestBotsPlayEachOtherToTheEnd(t *testing.T) {
	u := newTestApp(t)
	bots := []games.SeatInfo{{Name: "A", Controller: "ai", Bot: "hard"}, {Name: "B", Controller: "ai", Bot: "medium"}}
	gs, loop := startGame(t, u, bots)
	loop.Until(t, "the end of a bot game", func() bool { return gs.session.Live().Outcome().Over() })
	if !gs.result.Visible() || gs.result.String() == "" {
		t.Fatal("no result shown at the end")
	}
}

func TestAutosaveResumeAndSave(t *testing.T) {
	u := newTestApp(t)
	gs, loop := startGame(t, u, humanVsHard)
	gs.Submit("b2")
	loop.Until(t, "the bot's reply", func() bool { return gs.session.Plies() == 2 })
	u.disk.Wait()
	if !u.store.HasAutosave("classic") {
		t.Fatal("no autosave after a move")
	}
	want := strings.Join(gs.session.Tokens(), " ")
	gs.save()
	u.disk.Wait()
	entries, err := u.store.List()
	if err != nil || len(entries) != 1 || entries[0].Err != nil {
		t.Fatalf("saves: %v %+v", err, entries)
	}
	showPicker(t, u)
	if !u.picker.cards["classic"].resume.Visible() {
		t.Fatal("Resume not offered for the autosaved game")
	}
	loop = appLoop(u)
	u.Resume("classic")
	loop.Until(t, "the game to open", func() bool { return u.game != nil })
	if got := strings.Join(u.game.session.Tokens(), " "); got != want {
		t.Fatalf("resumed %q, want %q", got, want)
	}
	u.OpenRecord(entries[0].Path, "Lunch game")
	loop.Until(t, "the saved game to open", func() bool { return u.game != nil })
	if got := strings.Join(u.game.session.Tokens(), " "); got != want {
		t.Fatalf("opened %q, want %q", got, want)
	}
}

func TestFinishedGameCountsOnce(t *testing.T) {
	u := newTestApp(t)
	people := []games.SeatInfo{{Name: "Ana", Controller: "human"}, {Name: "Computer", Controller: "ai", Bot: "easy"}}
	gs, loop := startGame(t, u, people)
	for !gs.session.Live().Outcome().Over() {
		if seat := gs.session.HumanToMove(); seat >= 0 {
			st := gs.session.Live()
			legal := st.Legal(seat)
			if err := gs.Submit(st.MoveString(seat, legal[0])); err != nil {
				t.Fatal(err)
			}
			continue
		}
		n := gs.session.Plies()
		loop.Until(t, "the bot", func() bool { return gs.session.Plies() > n })
	}
	u.disk.Wait()
	tally := u.stats.For("classic")["easy"]
	if tally.Played() != 1 {
		t.Fatalf("stats %+v", tally)
	}
	if u.store.HasAutosave("classic") {
		t.Fatal("the autosave of a finished game was kept")
	}
	gs.undo()
	gs.redo()
	if u.stats.For("classic")["easy"].Played() != 1 {
		t.Fatal("undo and redo counted the game twice")
	}
}

func TestDialogsOpen(t *testing.T) {
	u := newTestApp(t)
	u.ShowPicker()
	for name, open := range map[string]func(){
		"new game": func() { u.NewGameDialog("classic") },
		"open":     u.OpenDialog,
		"settings": u.SettingsDialog,
		"rules":    func() { u.RulesDialog("classic") },
	} {
		before := len(u.win.Canvas().Overlays().List())
		open()
		if len(u.win.Canvas().Overlays().List()) != before+1 {
			t.Fatalf("the %s dialog did not open", name)
		}
	}
}

func TestNewGameFormStartsAndRemembers(t *testing.T) {
	u := newTestApp(t)
	g, _ := games.Lookup("classic")
	nd := &newGameForm{u: u, g: g}
	nd.build(u.defaultSeats(g, 2), nil)
	nd.seats[0].name.SetText("Zoe")
	nd.seats[1].kind.SetSelected(humanChoice) // no bot: nothing may run after the test
	nd.swap()                                 // Zoe now plays O
	if !nd.start() {
		t.Fatalf("start refused: %s", nd.problem.Text)
	}
	if u.game == nil || u.game.session.Seats[1].Name != "Zoe" || !u.game.session.Seats[0].Human() {
		t.Fatalf("seats %+v", u.game.session.Seats)
	}
	last, ok := u.cfg.LastSetup("classic")
	if !ok || last.Seats[1].Name != "Zoe" {
		t.Fatalf("last setup %+v", last)
	}
}

// tapSpoken taps the middle of square i (numbered as the board's spoken
// names are, a1 = 0) the way a person does, at the place its name has
// over the board.
func tapSpoken(gs *gameScreen, i int) {
	sq := gs.spoken.Objects[i]
	test.TapAt(gs.board.(fyne.Tappable), sq.Position().Add(fyne.NewDelta(sq.Size().Width/2, sq.Size().Height/2)))
}

// TestPieSwapExchangesPeople: after a pie-rule swap the two people change
// seats, undo puts them back, and a save keeps who sat where at the start.
func TestPieSwapExchangesPeople(t *testing.T) {
	g, ok := games.Lookup("infiltration")
	if !ok {
		t.Skip("infiltration is not registered")
	}
	rules, err := games.ValidateRules(g.RuleSpecs(), map[string]any{"pie": true})
	if err != nil {
		t.Fatal(err)
	}
	seats := []games.SeatInfo{{Name: "Ana", Controller: "human"}, {Name: "Ben", Controller: "human"}}
	s, err := session.New(g, rules, 1, seats, nil, session.Options{Post: func(func()) {}})
	if err != nil {
		t.Fatal(err)
	}
	if err := s.Submit("@a1"); err != nil {
		t.Fatal(err)
	}
	if err := s.Submit("swap"); err != nil {
		t.Fatal(err)
	}
	if s.Seats[0].Name != "Ben" || s.Seats[1].Name != "Ana" {
		t.Fatalf("after the swap: %+v", s.Seats)
	}
	if rec := s.Record(); rec.Seats[0].Name != "Ana" {
		t.Fatalf("the save must keep the seats of the start: %+v", rec.Seats)
	}
	s.Undo()
	if s.Seats[0].Name != "Ana" || s.Plies() != 1 {
		t.Fatalf("after undo: %+v, %d plies", s.Seats, s.Plies())
	}
}

// The new-game dialog shows one seat row per player and follows the
// players rule as it is typed, keeping what was entered in the rows kept.
func TestNewGameSeatRowsFollowThePlayersRule(t *testing.T) {
	toy.Register()
	u := newTestApp(t)
	g, _ := games.Lookup(toy.ID)
	seats, rules := u.lastChoices(g)
	if len(seats) != 3 {
		t.Fatalf("the toy game's default is 3 players; %d seats offered", len(seats))
	}
	nd := &newGameForm{u: u, g: g}
	w := test.NewWindow(nd.build(seats, rules))
	defer w.Close()
	if len(nd.seats) != 3 || len(nd.seatBox.Objects) != 3 || nd.players == nil {
		t.Fatalf("%d seat rows (%d shown) for 3 players", len(nd.seats), len(nd.seatBox.Objects))
	}
	nd.seats[0].name.SetText("Ana")
	test.Tap(nd.players.up)
	if len(nd.seats) != 4 || len(nd.seatBox.Objects) != 4 {
		t.Fatalf("players 4: %d seat rows", len(nd.seats))
	}
	test.Tap(nd.players.up) // past the largest number: the rows stay
	if len(nd.seats) != 4 || nd.players.Value() != 4 || !nd.players.up.Disabled() {
		t.Fatalf("a fifth player gave %d rows, players %d", len(nd.seats), nd.players.Value())
	}
	nd.players.Set(9) // a value the rule refuses is not taken
	if len(nd.seats) != 4 || nd.players.Value() != 4 {
		t.Fatalf("an invalid players value changed the rows to %d", len(nd.seats))
	}
	nd.players.Set(2)
	if len(nd.seats) != 2 || len(nd.seatBox.Objects) != 2 || nd.seats[0].name.Text != "Ana" {
		t.Fatalf("players 2: %d rows, first named %q", len(nd.seats), nd.seats[0].name.Text)
	}
	s, ok := nd.session()
	if !ok {
		t.Fatalf("the game did not start: %s", nd.problem.Text)
	}
	if len(s.Seats) != 2 || s.Seats[0].Name != "Ana" || s.Live().Seats() != 2 {
		t.Fatalf("the game has seats %+v, want the 2 chosen", s.Seats)
	}
}

// Ctrl+Z and Ctrl+Y reach the game the way the desktop driver sends them:
// as Fyne's own Undo and Redo shortcuts, typed on the canvas.
func TestUndoRedoKeysAsTheDriverSendsThem(t *testing.T) {
	u := newTestApp(t)
	gs, _ := startGame(t, u, twoPeople)
	if err := gs.Submit("b2"); err != nil {
		t.Fatal(err)
	}
	c := canvasShortcuts(t, u)
	c.TypedShortcut(&fyne.ShortcutUndo{}) // what Ctrl+Z becomes
	if gs.session.Plies() != 0 {
		t.Fatalf("Ctrl+Z left %v", gs.session.Tokens())
	}
	c.TypedShortcut(&fyne.ShortcutRedo{}) // what Ctrl+Y becomes
	if gs.session.Plies() != 1 {
		t.Fatalf("Ctrl+Y left %v", gs.session.Tokens())
	}
	c.TypedShortcut(&desktop.CustomShortcut{KeyName: fyne.KeyZ, Modifier: fyne.KeyModifierShortcutDefault | fyne.KeyModifierShift})
	if gs.session.Plies() != 1 || gs.session.CanRedo() {
		// Ctrl+Shift+Z is redo: nothing left to redo, nothing changes.
		t.Fatalf("Ctrl+Shift+Z changed the game: %v", gs.session.Tokens())
	}
}

// canvasShortcuts is the window canvas's shortcut handler, which the
// desktop driver calls with every shortcut when no widget has the focus.
// The test window wraps it; the wrapper's embedded canvas has it.
func canvasShortcuts(t *testing.T, u *App) fyne.Shortcutable {
	t.Helper()
	c := u.win.Canvas()
	if sc, ok := c.(fyne.Shortcutable); ok {
		return sc
	}
	v := reflect.ValueOf(c)
	if v.Kind() == reflect.Pointer {
		v = v.Elem()
	}
	if f := v.FieldByName("WindowlessCanvas"); f.IsValid() {
		if sc, ok := f.Interface().(fyne.Shortcutable); ok {
			return sc
		}
	}
	t.Fatal("the canvas takes no shortcuts")
	return nil
}

// Escape closes the dialog on top even from a focused text field, leaves
// a past position picked in the move list, then goes back to the picker.
func TestEscapeWhereverTheFocusIs(t *testing.T) {
	u := newTestApp(t)
	gs, _ := startGame(t, u, twoPeople)
	for _, tok := range []string{"b2", "a1"} {
		gs.Submit(tok)
	}
	escape := func() {
		// The driver gives a key to the focused widget, else to the canvas.
		ev := &fyne.KeyEvent{Name: fyne.KeyEscape}
		if f := u.win.Canvas().Focused(); f != nil {
			f.TypedKey(ev)
		} else {
			u.win.Canvas().OnTypedKey()(ev)
		}
	}
	u.NewGameDialog("classic")
	if len(u.dialogs) != 1 || topDialog(u) == nil {
		t.Fatal("the New game dialog did not open")
	}
	var entry *escEntry
	for _, o := range test.LaidOutObjects(topDialog(u)) {
		if e, ok := o.(*escEntry); ok {
			entry = e
			break
		}
	}
	if entry == nil {
		t.Fatal("no name field in the dialog")
	}
	u.win.Canvas().Focus(entry)
	escape()
	if len(u.dialogs) != 0 || topDialog(u) != nil {
		t.Fatal("Escape from a focused name field did not close the dialog")
	}
	gs.moves.Select(0) // a click on the first move
	if !gs.session.Viewing() || u.win.Canvas().Focused() != nil {
		t.Fatalf("after a click in the move list: viewing %v, focus %v", gs.session.Viewing(), u.win.Canvas().Focused())
	}
	escape()
	if gs.session.Viewing() {
		t.Fatal("Escape did not go back to the game")
	}
	escape()
	if u.game != nil || u.picker == nil {
		t.Fatal("Escape did not go back to the picker")
	}
}

// TestPlayableGamesHaveIconsAndRules: every game on the picker has its
// icon and its rules for players.
func TestPlayableGamesHaveIconsAndRules(t *testing.T) {
	for _, e := range all.Entries() {
		if len(e.Icon()) == 0 || len(e.Help()) < 200 {
			t.Errorf("%s has no icon or no rules text", e.ID())
		}
	}
}

// offered are the games the app offers, in the picker's order.
func offered() []games.Game { return newBox(all.Entries()).games() }
