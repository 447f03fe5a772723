package ui

import (
	"context"
	"errors"
	"image/color"
	"strings"
	"sync"
	"testing"
	"time"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/canvas"
	"fyne.io/fyne/v2/test"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"

	"github.com/tabulagames/tabula/ai"
	"github.com/tabulagames/tabula/games"
	"github.com/tabulagames/tabula/ui/boards/kit"
	"github.com/tabulagames/tabula/ui/boards/knights"
	"github.com/tabulagames/tabula/ui/session"
)

// The game screen with the knights board. (The board's own tests are in
// ui/boards/knights.)

var (
	kAna      = games.SeatInfo{Name: "Ana", Controller: "human"}
	kBen      = games.SeatInfo{Name: "Ben", Controller: "human"}
	kComputer = games.SeatInfo{Name: "Computer", Controller: "ai", Bot: "mobility"}
)

// startKnights opens a knights game (seed 1: standard starts, b7 and g2
// on 8 x 8) with the seats and house rules, wired to a test loop.
func startKnights(t *testing.T, u *App, seats []games.SeatInfo, rules map[string]any) (*gameScreen, uiLoop) {
	t.Helper()
	g, _ := games.Lookup("knights")
	if rules == nil {
		rules = map[string]any{}
	}
	rules["players"] = float64(len(seats))
	valid, err := games.ValidateRules(g.RuleSpecs(), rules)
	if err != nil {
		t.Fatal(err)
	}
	return openOnLoop(t, u, g, valid, seats, nil)
}

// pickAll plays picks for the people in seat order, going on from the
// turn shown to everyone before and handing the device over when the
// screen asks for it.
func pickAll(t *testing.T, gs *gameScreen, picks ...string) {
	t.Helper()
	for _, p := range picks {
		if gs.session.ShowingTurn() {
			gs.session.Continue()
		}
		if seat, ok := gs.session.HandOver(); ok {
			gs.session.Reveal(seat)
		}
		if err := gs.Submit(p); err != nil {
			t.Fatalf("%s: %v", p, err)
		}
	}
}

// fakeClock fires every timer the sessions ask for when the test says so.
type fakeClock struct {
	mu   sync.Mutex
	now  time.Time
	fire chan time.Time
}

func newFakeClock() *fakeClock {
	return &fakeClock{now: time.Date(2026, 11, 23, 12, 0, 0, 0, time.UTC), fire: make(chan time.Time, 1)}
}

func (c *fakeClock) Now() time.Time {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.now
}

func (c *fakeClock) After(time.Duration) <-chan time.Time { return c.fire }

// The timer rule gives each pick its countdown: one person alone gets a
// fresh one at every turn, and when it runs out the session picks.
func TestKnightsTimerRuleCountsEachPickDown(t *testing.T) {
	u := newTestApp(t)
	clock := newFakeClock()
	u.clock = clock
	gs, loop := startKnights(t, u, []games.SeatInfo{kAna, kComputer}, map[string]any{"timer": float64(10)})
	if gs.session.PickTime != 10*time.Second {
		t.Fatalf("pick time %v for the 10 s timer", gs.session.PickTime)
	}
	if left, ok := gs.session.PickLeft(0); !ok || left != 10*time.Second {
		t.Fatalf("Ana's first pick: %v left (%v)", left, ok)
	}
	clock.fire <- clock.Now()
	loop.Until(t, "the first turn", func() bool { return gs.session.Plies() == 1 })
	if tok := gs.session.Tokens()[0]; tok[:3] != "d8," {
		t.Fatalf("time ran out with nothing selected: %q, want Ana's first jump d8", tok)
	}
	if left, ok := gs.session.PickLeft(0); !ok || left != 10*time.Second {
		t.Fatalf("Ana's second pick: %v left (%v), want a fresh countdown", left, ok)
	}
	plain, _ := startKnights(t, u, []games.SeatInfo{kAna, kComputer}, nil)
	if plain.session.PickTime != 0 {
		t.Fatal("a countdown without the timer rule")
	}
}

// The side panel names the knights by their letters and squares and
// shows who has picked, never what.
func TestKnightsSidePanelShowsPicksNotMoves(t *testing.T) {
	u := newTestApp(t)
	gs, loop := startKnights(t, u, []games.SeatInfo{kAna, kBen, kComputer}, nil)
	loop.Until(t, "the computer's pick", func() bool { return gs.seatRows[2].turn.Text == "picked" })
	for _, letter := range []string{" A ", " B ", " C "} {
		if !showsCanvasText(gs.content, letter) {
			t.Fatalf("no seat letter %q in the panel", letter)
		}
	}
	if gs.seatRows[0].note.Text != "1 square" || gs.seatRows[0].turn.Text != "to move" {
		t.Fatalf("Ana's row: %q %q", gs.seatRows[0].note.Text, gs.seatRows[0].turn.Text)
	}
	pickAll(t, gs, "c5")
	if gs.seatRows[0].turn.Text != "picked" || gs.status.Text != "Ben to move" {
		t.Fatalf("after Ana's pick: row %q, status %q", gs.seatRows[0].turn.Text, gs.status.Text)
	}
	if showsText(gs.content, "c5") {
		t.Fatal("Ana's pick shows on the screen before the turn is played")
	}
}

// showsCanvasText reports whether a canvas text under o reads text.
func showsCanvasText(o fyne.CanvasObject, text string) bool {
	for _, c := range canvasObjects(o) {
		if ct, ok := c.(*canvas.Text); ok && ct.Text == text {
			return true
		}
	}
	return false
}

// Under fog the move list tells only the device seat's own jumps while
// the game runs; between two people's picks, nobody's.
func TestKnightsMoveListKeepsTheFog(t *testing.T) {
	u := newTestApp(t)
	// Ben lands on e3, out of the sight of Ana's c5 (f4, two jumps from
	// c5, would show on her board, and so in her list).
	gs, _ := startKnights(t, u, []games.SeatInfo{kAna, kBen}, map[string]any{"fog": true})
	pickAll(t, gs, "c5", "e3")
	if got := gs.moveText(0); got != "1. Ana jumps out of sight; Ben jumps out of sight" {
		t.Fatalf("before the hand-over the list shows %q", got)
	}
	gs.session.Continue() // everyone has seen the turn: the hand-over comes
	gs.session.Reveal(0)
	if got := gs.moveText(0); got != "1. Ana jumps to c5; Ben jumps out of sight" {
		t.Fatalf("Ana sees %q", got)
	}
	clear, _ := startKnights(t, u, []games.SeatInfo{kAna, kBen}, nil)
	pickAll(t, clear, "c5", "f4")
	if got := clear.moveText(0); got != "1. Ana jumps to c5; Ben jumps to f4" {
		t.Fatalf("without fog the list shows %q", got)
	}
}

// The hand-over cover takes the pointer: nothing under it is reached.
func TestHandOverCoverTakesThePointer(t *testing.T) {
	desktopOnly(t)
	u := newTestApp(t)
	gs, _ := startKnights(t, u, []games.SeatInfo{kAna, kBen}, nil)
	if !gs.hintBtn.(*widget.Button).Disabled() {
		t.Fatal("Hint is offered in front of everyone before the hand-over")
	}
	c := u.win.Canvas()
	if gs.board.(fyne.Tabbable).AcceptsTab() {
		t.Fatal("the board keeps Tab under the cover, so the keyboard cannot reach its button")
	}
	c.Unfocus()
	pos := fyne.CurrentApp().Driver().AbsolutePositionForObject(gs.board).Add(fyne.NewDelta(gs.board.Size().Width/2, gs.board.Size().Height/3))
	test.TapCanvas(c, pos)
	if c.Focused() != nil {
		t.Fatal("a tap on the cover reached the board")
	}
	btn := gs.handOverBtn
	test.TapCanvas(c, fyne.CurrentApp().Driver().AbsolutePositionForObject(btn).Add(fyne.NewDelta(btn.Size().Width/2, btn.Size().Height/2)))
	if gs.cover.Visible() || gs.session.HumanToMove() != 0 || gs.hintBtn.(*widget.Button).Disabled() {
		t.Fatal("the cover's button did not hand the device to Ana (with her Hint)")
	}
	if c.Focused() != gs.board.(fyne.Focusable) || !gs.board.(fyne.Tabbable).AcceptsTab() {
		t.Fatal("after the hand-over the keys and Tab do not go to the board")
	}
}

// When several people have picked, everyone sees the turn they played
// (issue 19 item 3): without fog its story plays on the board, under fog
// the board shows only what no seat sees privately; in both the line
// under the board tells the turn in words and Continue is offered, and
// only after it does the hand-over cover come.
func TestATurnIsShownToEveryoneUntilContinue(t *testing.T) {
	for _, fog := range []bool{false, true} {
		u := newTestApp(t)
		if err := u.cfg.SetReducedMotion(false); err != nil {
			t.Fatal(err)
		}
		gs, _ := startKnights(t, u, []games.SeatInfo{kAna, kBen}, map[string]any{"fog": fog})
		b := gs.board.(*knights.Board)
		var held []*fyne.Animation
		b.StartAnim = func(a *fyne.Animation) { held = append(held, a) }
		pickAll(t, gs, "c5", "f4")
		if b.Animating() == fog || gs.cover.Visible() || !gs.turnShown.Visible() {
			t.Fatalf("fog %v: animating %v, cover %v, Continue %v", fog, b.Animating(), gs.cover.Visible(), gs.turnShown.Visible())
		}
		want := "Turn 1: Ana jumps to c5; Ben jumps to f4"
		if fog {
			want = "Turn 1: Ana jumps out of sight; Ben jumps out of sight"
		}
		if !showsText(gs.content, want) {
			t.Fatalf("fog %v: no %q under the board", fog, want)
		}
		if got := gs.statusText(); !strings.Contains(got, "Press Continue") {
			t.Fatalf("fog %v: the status says %q while the turn is shown", fog, got)
		}
		for _, a := range held {
			if b.Animating() && a.RepeatCount == 0 {
				a.Tick(1)
			}
		}
		if gs.cover.Visible() || !gs.turnShown.Visible() {
			t.Fatalf("fog %v: after the story, cover %v, Continue %v: the turn shows until Continue", fog, gs.cover.Visible(), gs.turnShown.Visible())
		}
		test.Tap(gs.continueBtn)
		if !gs.cover.Visible() || gs.turnShown.Visible() {
			t.Fatalf("fog %v: after Continue, cover %v, Continue %v", fog, gs.cover.Visible(), gs.turnShown.Visible())
		}
	}
}

// Continue pressed while the story still plays: the hand-over cover
// waits for the story's end, as it always has.
func TestContinueDuringTheStoryWaitsForIt(t *testing.T) {
	u := newTestApp(t)
	if err := u.cfg.SetReducedMotion(false); err != nil {
		t.Fatal(err)
	}
	gs, _ := startKnights(t, u, []games.SeatInfo{kAna, kBen}, nil)
	b := gs.board.(*knights.Board)
	var held []*fyne.Animation
	b.StartAnim = func(a *fyne.Animation) { held = append(held, a) }
	pickAll(t, gs, "c5", "f4")
	test.Tap(gs.continueBtn)
	if !b.Animating() || gs.cover.Visible() || gs.turnShown.Visible() {
		t.Fatalf("Continue during the story: animating %v, cover %v, Continue %v", b.Animating(), gs.cover.Visible(), gs.turnShown.Visible())
	}
	for _, a := range held {
		if b.Animating() && a.RepeatCount == 0 {
			a.Tick(1)
		}
	}
	if !gs.cover.Visible() {
		t.Fatal("no cover after the story")
	}
}

// Escape drops the board's selection before it leaves the game; the
// board, focused, hands its keys to the window's handler (so Tab, which
// Fyne keeps for a focused widget that takes it, reaches the board).
func TestKnightsKeysThroughTheFocusedBoard(t *testing.T) {
	desktopOnly(t)
	u := newTestApp(t)
	gs, _ := startKnights(t, u, []games.SeatInfo{kAna, kComputer}, nil)
	b := gs.board.(*knights.Board)
	if u.win.Canvas().Focused() != b {
		t.Fatal("the knights board does not have the focus when the game opens")
	}
	b.TypedKey(&fyne.KeyEvent{Name: fyne.KeyTab})
	d8 := func() string { return b.SpokenSquares()[7*8+3].Label }
	if d8() != "d8, empty, a jump for you, selected" {
		t.Fatalf("Tab did not select d8: %q", d8())
	}
	b.TypedKey(&fyne.KeyEvent{Name: fyne.KeyEscape})
	if u.game == nil || d8() != "d8, empty, a jump for you" {
		t.Fatal("Escape left the game instead of dropping the selection")
	}
	b.TypedKey(&fyne.KeyEvent{Name: fyne.KeyEscape})
	if u.game != nil {
		t.Fatal("Escape with nothing selected should go back to the picker")
	}
}

// A result shared by three names them all.
func TestResultNamesEverySharedWinner(t *testing.T) {
	u := newTestApp(t)
	gs, _ := startKnights(t, u, []games.SeatInfo{kAna, kBen, {Name: "Cy", Controller: "human"}}, nil)
	if got := gs.winnerText(games.Outcome{Status: games.Win, Winners: []int{0, 1, 2}}); got != "Ana, Ben and Cy win!" {
		t.Fatalf("shared win: %q", got)
	}
}

// This run's score of a four-seat game fits the side panel.
func TestFourSeatScoreFitsThePanel(t *testing.T) {
	u := newTestApp(t)
	seats := []games.SeatInfo{kAna, kBen, {Name: "Cy", Controller: "human"}, {Name: "Dee", Controller: "human"}}
	gs, _ := startKnights(t, u, seats, nil)
	u.countResult(gs.session, games.Outcome{Status: games.Win, Winners: []int{1}})
	gs.refresh()
	if !gs.scoreRow.Visible() || gs.scoreRow.MinSize().Width > sidePanelWidth-2*theme.Padding() {
		t.Fatalf("the score row %q needs %v of the panel's %v", gs.score.Text, gs.scoreRow.MinSize().Width, sidePanelWidth)
	}
}

// The hand-over cover follows the theme: its background is read when it
// is refreshed, as Fyne does for every widget on a theme switch.
func TestHandOverCoverFollowsTheTheme(t *testing.T) {
	u := newTestApp(t)
	gs, _ := startKnights(t, u, []games.SeatInfo{kAna, kBen}, nil)
	bl := gs.cover.Objects[0].(*blocker)
	r := test.WidgetRenderer(bl).(*blockerRenderer)
	for _, v := range []fyne.ThemeVariant{theme.VariantLight, theme.VariantDark} {
		u.fa.Settings().SetTheme(kit.ThemeIn(v))
		bl.Refresh()
		if r.bg.FillColor != theme.Color(theme.ColorNameBackground) {
			t.Fatalf("variant %v: the cover is %v on a %v background", v, r.bg.FillColor, theme.Color(theme.ColorNameBackground))
		}
	}
}

// The new-game dialog names the knights' seats by their letters, as the
// board and the side panel do.
func TestNewGameDialogUsesTheKnightsLetters(t *testing.T) {
	u := newTestApp(t)
	g, _ := games.Lookup("knights")
	nd := &newGameForm{u: u, g: g}
	w := test.NewWindow(nd.build([]games.SeatInfo{kAna, kBen, kComputer}, map[string]any{"players": 3}))
	defer w.Close()
	labels := map[string]bool{}
	for _, l := range texts(nd.seatBox) {
		labels[l] = true
	}
	if !labels["A"] || !labels["B"] || !labels["C"] || labels["X"] {
		t.Fatalf("the seat rows are lettered %q, want A, B and C", texts(nd.seatBox))
	}
}

// Rematch plays the same game again: the same seed, rules and seats, so
// the random starts and obstacles and the bot's draws from the game's
// stream repeat; the board's game-over card lies over the board.
func TestKnightsRematchRepeatsTheGame(t *testing.T) {
	u := newTestApp(t)
	gs, loop := startKnights(t, u, []games.SeatInfo{kAna, kComputer}, map[string]any{"starts": "random", "obstacles": float64(10)})
	card := gs.board.(*knights.Board).Overlay()
	found := false
	for _, o := range canvasObjects(gs.content) {
		found = found || o == card
	}
	if !found {
		t.Fatal("the board's game-over card is not on the game screen")
	}
	firstTurn := func(gs *gameScreen) string {
		jump := gs.session.Live().Legal(0)[1] // a jump with a choice for the bot's stream to follow
		pickAll(t, gs, gs.session.Live().MoveString(0, jump))
		loop.Until(t, "the turn", func() bool { return gs.session.Plies() == 1 })
		return gs.session.Tokens()[0]
	}
	start, played := gs.session.State(0).Hash(), firstTurn(gs)
	gs.Rematch()
	again := u.game
	if again == gs || again.session.Seed != gs.session.Seed || again.session.State(0).Hash() != start {
		t.Fatalf("the rematch starts elsewhere: seed %d (was %d)", again.session.Seed, gs.session.Seed)
	}
	if got := firstTurn(again); got != played {
		t.Fatalf("the rematch's first turn %q, the game's %q", got, played)
	}
}

// Against the computer Ctrl+Z, as the desktop driver sends it, and the
// Undo button leave the turn played and say why under the board: the
// computer would pick the same square again, and the person would know.
func TestKnightsUndoAgainstTheComputerSaysWhyNot(t *testing.T) {
	u := newTestApp(t)
	gs, loop := startKnights(t, u, []games.SeatInfo{kAna, kComputer}, nil)
	loop.Until(t, "the computer's pick", func() bool { return len(gs.session.Pending()) == 1 })
	pickAll(t, gs, "c5")
	loop.Until(t, "the turn", func() bool { return gs.session.Plies() == 1 })
	before, shown := gs.session.Live().Hash(), gs.session.Shown().Hash()
	want := "Turns cannot be taken back against the computer in Knights: you would know its pick before you choose again."
	canvasShortcuts(t, u).TypedShortcut(&fyne.ShortcutUndo{}) // what Ctrl+Z becomes
	if gs.session.Plies() != 1 || gs.session.Live().Hash() != before || gs.session.Shown().Hash() != shown {
		t.Fatalf("Ctrl+Z changed the game: %v", gs.session.Tokens())
	}
	if gs.lastRefusal != want || gs.toast.said != want {
		t.Fatalf("Ctrl+Z said %q (toast %q), want %q", gs.lastRefusal, gs.toast.said, want)
	}
	button := gs.undoBtn.(*widget.Button)
	if button.Disabled() {
		t.Fatal("the Undo button is disabled: pressing it could not say why")
	}
	gs.lastRefusal = ""
	test.Tap(button)
	if gs.session.Plies() != 1 || gs.lastRefusal != want || !gs.redoBtn.(*widget.Button).Disabled() {
		t.Fatalf("the Undo button: %d plies, said %q, redo offered %v", gs.session.Plies(), gs.lastRefusal, !gs.redoBtn.(*widget.Button).Disabled())
	}
}

// failingBot answers with an error, as a broken bot would.
type failingBot struct{}

func (failingBot) Choose(context.Context, games.State, int) (games.Move, error) {
	return games.NoMove, errors.New("it found no move")
}

// A bot that fails does not leave the window silently without progress:
// the screen says which computer stopped and why.
func TestABotThatFailsIsReported(t *testing.T) {
	u := newTestApp(t)
	u.newBot = func(string, string, ai.Options) (ai.Bot, error) { return failingBot{}, nil }
	gs, loop := startKnights(t, u, []games.SeatInfo{kAna, kComputer}, nil)
	pickAll(t, gs, "c5")
	loop.Until(t, "the report", func() bool { return gs.lastRefusal != "" })
	if !strings.Contains(gs.lastRefusal, "Computer stopped: it found no move") || gs.session.Plies() != 0 {
		t.Fatalf("refusal %q after %d turns", gs.lastRefusal, gs.session.Plies())
	}
}

// Alone against the computer, the person is not told that it has picked
// (it picks at once; the word would only hurry them): its row says "to
// move" until the turn is played.
func TestABotsPickIsNotToldToAPersonAlone(t *testing.T) {
	u := newTestApp(t)
	gs, loop := startKnights(t, u, []games.SeatInfo{kAna, kComputer}, nil)
	loop.Until(t, "the computer's pick", func() bool { return len(gs.session.Thinking()) == 0 && len(gs.session.Pending()) == 1 })
	gs.refresh()
	if got := gs.seatRows[1].turn.Text; got != "to move" {
		t.Fatalf("the computer's row says %q while Ana picks", got)
	}
}

// Alone against "Computer (balanced)", the seat row shows the name whole
// beside its squares and "to move" in the desktop panel, at 1280 x 800
// and at 1180 x 760 (issue 19 item 13): the knights' note takes only
// the room it needs.
func TestAKnightsComputersNameFitsItsRow(t *testing.T) {
	for _, size := range []fyne.Size{{Width: 1280, Height: 800}, {Width: 1180, Height: 760}} {
		u := newTestApp(t)
		u.win.Resize(size)
		g, _ := games.Lookup("knights")
		you := games.SeatInfo{Name: "You", Controller: "human"}
		balanced := games.SeatInfo{Name: "Computer", Controller: "ai", Bot: "balanced"}
		// Twelve turns in: both knights have 13 squares, and both are to move.
		moves := []string{"d6,e1", "b5,f3", "c3,h4", "a4,g6", "c5,e7", "d7,f5", "f6,e3", "g4,c2", "h2,d4", "f1,c6", "g3,e5", "e2,d3"}
		s, err := session.FromRecord(&games.Record{Game: g.ID(), Rules: map[string]any{"players": 2}, Seed: 2,
			Seats: []games.SeatInfo{you, balanced}, Moves: moves}, u.sessionOptions())
		if err != nil {
			t.Fatal(err)
		}
		s.Paused = true // the computer does not pick: its row says "to move"
		u.openSession(s)
		gs := u.game
		gs.refresh()
		u.win.Content().Refresh()
		row := gs.seatRows[1]
		if row.name.Text != "Computer (balanced)" || row.note.Text != "13 squares" || row.turn.Text != "to move" {
			t.Fatalf("the computer's row: %q, %q, %q", row.name.Text, row.note.Text, row.turn.Text)
		}
		text := fyne.MeasureText(row.name.Text, theme.TextSize(), row.name.TextStyle).Width
		if got := row.name.Size().Width - 2*theme.InnerPadding(); got < text {
			t.Errorf("%v: %q has %.0f px of the %.0f it needs", size, row.name.Text, got, text)
		}
	}
}

// On a phone (go test -tags mobile) a 16 x 16 board of four knights keeps
// every letter and number on the board and under it at 12 sp or more,
// its dots at 10 dp or more, and every seat's name showing whole, on the
// scoreboard under the board and in the seat list (issue 19 item 9).
func TestPhoneKnightsTextIsReadable(t *testing.T) {
	if !fyne.CurrentDevice().IsMobile() {
		t.Skip("a phone's test: go test -tags mobile")
	}
	u := newTestApp(t)
	u.win.Resize(fyne.NewSize(412, 790))
	g, _ := games.Lookup("knights")
	seats := []games.SeatInfo{{Name: "You", Controller: "human"}, {Name: "Computer", Controller: "ai", Bot: "balanced"},
		{Name: "Computer 2", Controller: "ai", Bot: "aggressor"}, {Name: "Computer 3", Controller: "ai", Bot: "mobility"}}
	moves := []string{"e11,k5,k14,b5", "d9,i4,i13,c3", "f10,g3,k12,d1", "e8,i2,j10,b2", "d6,k3,h9,d3", "c8,j1,j8,b4"}
	s, err := session.FromRecord(&games.Record{Game: g.ID(), Rules: map[string]any{"size": 16, "players": 4}, Seed: 5,
		Seats: seats, Moves: moves}, u.sessionOptions())
	if err != nil {
		t.Fatal(err)
	}
	s.Paused = true
	u.openSession(s)
	gs := u.game
	gs.refresh()
	u.win.Content().Refresh()
	shown, dots := map[string]bool{}, 0
	for _, o := range append(canvasObjects(gs.board), canvasObjects(gs.board.(kit.BoardControls).Controls())...) {
		switch o := o.(type) {
		case *canvas.Text:
			if o.Visible() && strings.TrimSpace(o.Text) != "" {
				shown[o.Text] = true
				if o.TextSize < 12 {
					t.Errorf("%q is set in %.1f sp", o.Text, o.TextSize)
				}
			}
		case *canvas.Circle: // a legal dot is in the dots' colour, at the pulse's opacity
			fill := color.NRGBAModel.Convert(o.FillColor).(color.NRGBA)
			dot := color.NRGBAModel.Convert(kit.DotColor()).(color.NRGBA)
			if fill.A, dot.A = 0, 0; o.Visible() && fill == dot {
				dots++
				if o.Size().Width < 10 {
					t.Errorf("a dot of %.1f dp", o.Size().Width)
				}
			}
		}
	}
	if dots == 0 {
		t.Error("no legal dot on the board")
	}
	for _, seat := range seats {
		if !shown[seat.Name] {
			t.Errorf("the scoreboard does not show %q whole", seat.Name)
		}
	}
	for _, row := range gs.seatRows {
		text := fyne.MeasureText(row.name.Text, theme.TextSize(), row.name.TextStyle).Width
		if got := row.name.Size().Width - 2*theme.InnerPadding(); got < text {
			t.Errorf("the seat list gives %q %.0f dp of the %.0f it needs", row.name.Text, got, text)
		}
	}
}

// Under fog the words a person's board said about the jumps they saw
// stay theirs: once they have picked and the device shows everyone the
// turn, the line under the board no longer carries them (it did, fading
// for four seconds, showing the whole table where the last picker's
// knight and those it saw had landed).
func TestFogWordsLeaveWithTheirView(t *testing.T) {
	u := newTestApp(t)
	gs, _ := startKnights(t, u, []games.SeatInfo{kAna, kBen}, map[string]any{"fog": true})
	pickAll(t, gs, "c5", "f4") // Ana b7-c5, Ben g2-f4: shown to everyone, all out of sight
	pickAll(t, gs, "d7")       // Ana's board told her turn 1 as she sees it
	if strings.Contains(gs.toast.AccessibilityLabel(), "c5") {
		t.Fatalf("the hand-over cover reads Ana's words aloud: %q", gs.toast.AccessibilityLabel())
	}
	gs.session.Reveal(1)
	if !strings.Contains(gs.toast.AccessibilityLabel(), "f4") {
		t.Fatalf("Ben's board does not tell his own jump: %q", gs.toast.AccessibilityLabel())
	}
	pickAll(t, gs, "h5") // turn 2 is shown to everyone
	if !gs.session.ShowingTurn() {
		t.Fatal("turn 2 is not shown to everyone")
	}
	for _, sq := range []string{"c5", "f4", "d7", "h5"} {
		if strings.Contains(gs.toast.text, sq) || strings.Contains(gs.toast.AccessibilityLabel(), sq) {
			t.Fatalf("the shared screen says %q (read aloud %q): %s is in the fog", gs.toast.text, gs.toast.AccessibilityLabel(), sq)
		}
	}
}

// A resignation is said in the line under the knights board too, as in
// the other boards' lines: on a phone the panel's headline is below the
// fold, and "Game over after 0 turns" alone did not say who won.
func TestKnightsLineSaysWhoResigned(t *testing.T) {
	u := newTestApp(t)
	gs, _ := startKnights(t, u, []games.SeatInfo{kAna, kComputer}, nil)
	if err := gs.session.Resign(0); err != nil {
		t.Fatal(err)
	}
	if want := "Ana resigned. Computer wins."; !showsText(gs.content, want+" Game over after 0 turns · seed 1") {
		t.Errorf("the line under the board does not begin %q", want)
	}
}

// The status line of a game the stall rule ended says why in words, as
// the move list does, not in the rules' terse reason ("stall: decided
// on squares").
func TestKnightsStallIsToldInWords(t *testing.T) {
	u := newTestApp(t)
	g, _ := games.Lookup("knights")
	you := games.SeatInfo{Name: "You", Controller: "human"}
	ben := games.SeatInfo{Name: "Ben", Controller: "human"}
	// From b7 and g2 both knights aim at f4 three turns running.
	moves := []string{"d8,h4", "e6,f3", "c7,e5", "b5,g4", "c3,f2", "d5,h3", "f4,f4", "f4,f4", "f4,f4"}
	s, err := session.FromRecord(&games.Record{Game: g.ID(), Rules: map[string]any{"players": 2}, Seed: 1,
		Seats: []games.SeatInfo{you, ben}, Moves: moves}, u.sessionOptions())
	if err != nil {
		t.Fatal(err)
	}
	if !s.Outcome().Over() {
		t.Fatal("the stall did not end the game")
	}
	u.openSession(s)
	u.game.refresh()
	got := u.game.statusText()
	if strings.Contains(got, "stall:") || !strings.Contains(got, "no knight jumped for three turns, so the squares decided") {
		t.Fatalf("the status line of a stalled game: %q", got)
	}
}
