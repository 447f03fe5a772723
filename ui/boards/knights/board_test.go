package knights

import (
	"strings"
	"sync"
	"testing"
	"time"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/driver/desktop"
	"fyne.io/fyne/v2/test"
	"fyne.io/fyne/v2/theme"

	"github.com/tabulagames/tabula/games"
	game "github.com/tabulagames/tabula/games/knights"
	"github.com/tabulagames/tabula/ui/boards/kit"
	"github.com/tabulagames/tabula/ui/boardtest"
	"github.com/tabulagames/tabula/ui/session"
)

// open starts a knights game on the fake host (seed 1: standard starts,
// b7 and g2 on 8 x 8, b4 and d2 on 5 x 5).
func open(t *testing.T, seats []games.SeatInfo, rules map[string]any) (*boardtest.Host, *Board) {
	t.Helper()
	if rules == nil {
		rules = map[string]any{}
	}
	rules["players"] = float64(len(seats))
	h := boardtest.Start(t, game.ID, New, boardtest.Options{Rules: rules, Seats: seats})
	return h, h.Board.(*Board)
}

func centre(b *Board, name string) fyne.Position {
	sq := b.m.squareOf(name)
	return b.grid().Center(sq%b.m.N, sq/b.m.N)
}

func rend(b *Board) *renderer { return test.WidgetRenderer(b).(*renderer) }

// Alone against a bot, a tap on a dot picks; the bot's pick comes in and
// the turn resolves.
func TestTapPicksAgainstABot(t *testing.T) {
	h, b := open(t, []games.SeatInfo{ana, computer}, nil)
	r := rend(b)
	if !r.squares[b.m.squareOf("c5")].dot.Visible() || r.squares[b.m.squareOf("c6")].dot.Visible() {
		t.Fatal("the dots are not on b7's jumps")
	}
	test.TapAt(b, centre(b, "e5"))
	if !strings.Contains(h.Refusal, "not a knight jump") || h.S.Plies() != 0 {
		t.Fatalf("a tap off the jumps: refusal %q", h.Refusal)
	}
	test.TapAt(b, centre(b, "c5"))
	h.Loop.Until(t, "the turn", func() bool { return h.S.Plies() == 1 })
	if !strings.HasPrefix(h.Tokens(), "c5,") || b.m.Knights[0] != b.m.squareOf("c5") {
		t.Fatalf("played %q, Ana's knight on %d", h.Tokens(), b.m.Knights[0])
	}
}

// After the end, a tap says why nothing happens.
func TestTapAfterTheEndSaysWhy(t *testing.T) {
	h, b := open(t, []games.SeatInfo{computer, computer}, nil)
	h.Loop.Until(t, "the end", func() bool { return h.S.Live().Outcome().Over() })
	test.TapAt(b, centre(b, "c5"))
	if h.Refusal != games.ErrGameOver.Error() {
		t.Fatalf("a tap after the end: refusal %q", h.Refusal)
	}
}

// Two people and a bot: the board takes nothing before the hand-over;
// then a tap selects, Confirm sends, and the next person's hand-over
// hides everything again.
func TestSeveralPeopleSelectThenConfirm(t *testing.T) {
	h, b := open(t, []games.SeatInfo{ana, ben, computer}, map[string]any{"fog": true})
	test.TapAt(b, centre(b, "c5"))
	if b.m.Selected != -1 || h.S.Plies() != 0 || b.confirmBtn.Visible() {
		t.Fatal("the board took a pick before the device was handed over")
	}
	h.S.Reveal(0)
	test.TapAt(b, centre(b, "c5"))
	if b.m.Selected != b.m.squareOf("c5") || !b.confirmBtn.Visible() || b.confirmBtn.Disabled() || !rend(b).sel.Visible() {
		t.Fatal("a tap did not select c5 with Confirm enabled")
	}
	test.Tap(b.confirmBtn)
	if seat, ok := h.S.HandOver(); !ok || seat != 1 {
		t.Fatalf("after Ana's Confirm: hand-over to %d (%v)", seat, ok)
	}
	if !allFog(&b.m) || b.m.Input || b.m.Selected != -1 || !strings.Contains(b.m.Note, "Ice blue (Ben) picks next") {
		t.Fatalf("between the picks the board shows something: note %q", b.m.Note)
	}
	for i, sp := range b.SpokenSquares() {
		if !strings.HasSuffix(sp.Label, ", fog") {
			t.Fatalf("a screen reader hears square %d as %q under the cover", i, sp.Label)
		}
	}
}

// Keys: Tab and Right go forward through the jumps in jump order, Shift
// +Tab and Left back; Enter confirms; Escape drops the selection and
// is then left to the screen.
func TestKeysGoThroughTheJumps(t *testing.T) {
	h, b := open(t, []games.SeatInfo{ana, ben}, nil)
	if b.Key(fyne.KeyTab) {
		t.Fatal("Tab was used before the device was handed over")
	}
	h.S.Reveal(0)
	b.Key(fyne.KeyTab)
	b.Key(fyne.KeyRight)
	b.KeyDown(&fyne.KeyEvent{Name: desktop.KeyShiftLeft})
	b.Key(fyne.KeyTab)
	b.KeyUp(&fyne.KeyEvent{Name: desktop.KeyShiftLeft})
	b.Key(fyne.KeyLeft)
	if got := b.m.Name(b.m.Selected); got != "c5" {
		t.Fatalf("d8, d6, back to d8, back to c5: ended on %s", got)
	}
	if !b.Key(fyne.KeyEscape) || b.m.Selected != -1 || b.Key(fyne.KeyEscape) {
		t.Fatal("Escape drops the selection, then is left to the screen")
	}
	if !b.Key(fyne.KeyReturn) || !strings.Contains(h.Refusal, "Select a square first") {
		t.Fatalf("Enter with nothing selected: %q", h.Refusal)
	}
	b.Key(fyne.KeyRight)
	b.Key(fyne.KeySpace)
	if _, ok := h.S.HandOver(); !ok || h.S.HumanToMove() != 1 {
		t.Fatal("Space did not confirm Ana's pick")
	}
}

// A right-click (a long press on a phone) says what is on a square.
func TestLongPressExplains(t *testing.T) {
	h, b := open(t, []games.SeatInfo{ana, computer}, nil)
	b.TappedSecondary(&fyne.PointEvent{Position: centre(b, "g2")})
	if h.Said != "g2: Ice blue (Computer)'s knight, 1 square, 4 jumps now." {
		t.Fatalf("said %q", h.Said)
	}
}

// The knights' letters, and the board's notes for the side panel.
func TestSeatPanel(t *testing.T) {
	_, b := open(t, []games.SeatInfo{ana, ben, cy, computer}, nil)
	var p kit.SeatPanel = b
	if Letter(0) != "A" || Letter(3) != "D" || TrailLetter(1) != "b" || p.SeatNote(2) != "1 square" {
		t.Fatalf("letters %q %q, note %q", Letter(0), Letter(3), p.SeatNote(2))
	}
}

// holdAnims makes the board's animations wait to be ticked by hand
// (Fyne's test driver would run them to the end at once).
func holdAnims(b *Board) *[]*fyne.Animation {
	var held []*fyne.Animation
	b.StartAnim = func(a *fyne.Animation) { held = append(held, a) }
	return &held
}

// A collision plays as two bounces and a clash flash, is told in words,
// and holds the result back until it ends; then the screen is told.
func TestCollisionIsAnimatedAndTold(t *testing.T) {
	h, b := open(t, []games.SeatInfo{ana, ben}, map[string]any{"size": float64(5)})
	h.Moving = kit.Motion{Speed: 1}
	held := holdAnims(b)
	h.S.Reveal(0)
	h.S.Submit("d5")
	h.S.Reveal(1)
	h.S.Submit("c4")
	for b.Animating() {
		(*held)[len(*held)-1].Tick(1)
	}
	h.S.Continue() // the first turn has been seen
	h.S.Reveal(0)
	h.S.Submit("e3")
	h.S.Reveal(1)
	settled := h.Settles
	h.S.Submit("e3")
	if !b.Animating() || h.Said != "Collision on e3! Amber (Ana) and Ice blue (Ben) bounce back." {
		t.Fatalf("animating %v, said %q", b.Animating(), h.Said)
	}
	story := (*held)[len(*held)-1]
	story.Tick(0.2) // 100 of 500 ms: the knights are on their way out
	g := b.grid()
	at, moving := b.knightAt(0, g)
	home := g.CellPos(b.m.Knights[0]%5, b.m.Knights[0]/5)
	if !moving || at == home {
		t.Fatal("Ana's knight does not bounce")
	}
	story.Tick(0.6) // the clash flashes
	if spots, p := b.flashes(); len(spots) != 1 || p <= 0 || spots[0].sq != b.m.squareOf("e3") {
		t.Fatalf("flashes %v at %v", spots, p)
	}
	if rend(b).clashes[0].Visible() {
		t.Fatal("the static clash ring shows while the story plays")
	}
	story.Tick(1)
	if b.Animating() || h.Settles != settled+1 || !rend(b).clashes[0].Visible() {
		t.Fatalf("after the story: animating %v, settled %d times, clash ring %v", b.Animating(), h.Settles-settled, rend(b).clashes[0].Visible())
	}
}

// Under reduced motion nothing moves, but the turn is still told and its
// marks show at once.
func TestReducedMotionShowsTheEndAtOnce(t *testing.T) {
	h, b := open(t, []games.SeatInfo{ana, ben}, map[string]any{"size": float64(5)})
	held := holdAnims(b)
	for _, p := range []string{"d5", "c4", "e3", "e3"} {
		h.S.Continue() // the turn before has been seen
		if seat, ok := h.S.HandOver(); ok {
			h.S.Reveal(seat)
		}
		h.S.Submit(p)
	}
	if b.Animating() || !strings.HasPrefix(h.Said, "Collision on e3!") || !rend(b).clashes[0].Visible() {
		t.Fatalf("animating %v, said %q", b.Animating(), h.Said)
	}
	for _, a := range *held {
		if a.RepeatCount == fyne.AnimationRepeatForever {
			t.Fatal("the dots pulse under reduced motion")
		}
	}
}

// A key or a tap while the story plays ends it first, so nothing waits.
func TestInputEndsTheStory(t *testing.T) {
	h, b := open(t, []games.SeatInfo{ana, computer}, nil)
	h.Moving = kit.Motion{Speed: 1}
	holdAnims(b)
	test.TapAt(b, centre(b, "c5"))
	h.Loop.Until(t, "the turn", func() bool { return h.S.Plies() == 1 })
	if !b.Animating() {
		t.Fatal("the jumps do not animate")
	}
	if !b.Key(fyne.KeyEscape) || b.Animating() {
		t.Fatal("Escape did not end the story")
	}
}

// fakeClock fires the session's timers when the test says so.
type fakeClock struct {
	mu   sync.Mutex
	now  time.Time
	fire chan time.Time
}

func (c *fakeClock) Now() time.Time {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.now
}

func (c *fakeClock) After(time.Duration) <-chan time.Time { return c.fire }

func (c *fakeClock) advance(d time.Duration) {
	c.mu.Lock()
	c.now = c.now.Add(d)
	c.mu.Unlock()
}

// selections is a host that keeps what the board told it was selected
// (kit.Host.Select) before passing it on.
type selections struct {
	kit.Host
	told []string
}

func (s *selections) Select(token string) {
	s.told = append(s.told, token)
	s.Host.Select(token)
}

// The countdown shows the seconds left and a bar of that share; when it
// runs out the session picks the square the board told it was selected
// (else the first jump).
func TestPickTimerConfirmsTheSelection(t *testing.T) {
	for _, c := range []struct {
		what string
		taps []string
		keys []fyne.KeyName
		want string
		told string // the selections told to the host
	}{
		{"a square selected", []string{"c5"}, nil, "c5", "c5"},
		{"nothing selected", nil, nil, "d8", ""},
		{"a selection dropped", []string{"c5", "c5"}, nil, "d8", "c5 "},
		{"a jump selected with the keys", nil, []fyne.KeyName{fyne.KeyTab, fyne.KeyRight}, "d6", "d8 d6"},
	} {
		t.Run(c.what, func(t *testing.T) {
			clock := &fakeClock{now: time.Date(2026, 11, 23, 12, 0, 0, 0, time.UTC), fire: make(chan time.Time, 1)}
			sel := &selections{}
			h := boardtest.Start(t, game.ID, func(h kit.Host) kit.Board { sel.Host = h; return New(sel) },
				boardtest.Options{Rules: map[string]any{"timer": float64(20)}, Seats: []games.SeatInfo{ana, ben}, Clock: clock})
			b := h.Board.(*Board)
			holdAnims(b)
			h.S.PickTime = 20 * time.Second
			clock.advance(3 * time.Second) // the hand-over took a moment: not counted
			h.S.Reveal(0)
			if !b.timerRow.Visible() || b.timerText.Text != " 20 s" || b.timerBar.frac != 1 {
				t.Fatalf("countdown %q, bar %v", b.timerText.Text, b.timerBar.frac)
			}
			b.showTimer(4*time.Second, 20*time.Second)
			if b.timerText.Text != " 4 s" || b.timerBar.frac != 0.2 || b.timerBar.fill != timerColor(2) {
				t.Fatalf("4 s left: %q, bar %v", b.timerText.Text, b.timerBar.frac)
			}
			for _, sq := range c.taps {
				test.TapAt(b, centre(b, sq))
			}
			for _, k := range c.keys {
				b.Key(k)
			}
			if got := strings.Join(sel.told, " "); got != c.told || h.S.Plies() != 0 || h.S.HumanToMove() != 0 {
				t.Fatalf("the board told the host %q, want %q, and must pick nothing itself", got, c.told)
			}
			clock.fire <- clock.Now()
			h.Loop.Until(t, "Ana's pick", func() bool { return h.S.HumanToMove() == 1 })
			h.S.Reveal(1)
			h.S.Submit("f4")
			if got := h.Tokens(); got != c.want+",f4" {
				t.Fatalf("played %q, want %s,f4", got, c.want)
			}
		})
	}
}

// Without a countdown the timer's row takes no room.
func TestNoTimerNoRow(t *testing.T) {
	_, b := open(t, []games.SeatInfo{ana, computer}, nil)
	if b.timerRow.Visible() {
		t.Fatal("a timer shows without the timer rule")
	}
}

// 5 x 5 with the ring closing every 2 turns: after d5,c4 and c3,a5 the
// outer ring closes and Ana's knight on c3 has no jump left. The closing
// squares fade in after the jumps, her knight shakes in its colour, then
// greys out, and Ben's glows.
func TestEliminationShakesThenGreys(t *testing.T) {
	h, b := open(t, []games.SeatInfo{ana, ben}, map[string]any{"size": float64(5), "shrink": float64(2)})
	h.Moving = kit.Motion{Speed: 1}
	held := holdAnims(b)
	play := func(picks ...string) {
		for _, p := range picks {
			h.S.Continue() // the turn before has been seen
			if seat, ok := h.S.HandOver(); ok {
				h.S.Reveal(seat)
			}
			h.S.Submit(p)
		}
	}
	play("d5", "c4")
	for b.Animating() {
		(*held)[len(*held)-1].Tick(1)
	}
	play("c3", "a5")
	if !b.Animating() || !strings.Contains(h.Said, "Amber (Ana) is out with 3 squares.") {
		t.Fatalf("animating %v, said %q", b.Animating(), h.Said)
	}
	story, r := (*held)[len(*held)-1], rend(b)
	story.Tick(0.4)
	if p := b.closeProgress(b.m.squareOf("a1")); p <= 0 || p >= 1 {
		t.Fatalf("a1 closing: %v, want under way", p)
	}
	story.Tick(0.7)
	if b.shakeOffset(0) == 0 || r.knights[0].body.FillColor != kit.SeatColor(0) {
		t.Fatal("Ana's knight does not shake in its colour")
	}
	story.Tick(1)
	if r.knights[0].body.FillColor != outGrey || !r.knights[1].glow.Visible() || r.knights[0].glow.Visible() {
		t.Fatal("after the story Ana's knight should be grey and Ben's glow")
	}
	if b.m.Cells[b.m.squareOf("a1")].Kind != game.Obstacle || !r.squares[b.m.squareOf("a1")].cross[0].Visible() {
		t.Fatal("a1 did not close")
	}
}

// Hovering a legal square lights it; other squares do not.
func TestHoverLightsALegalSquare(t *testing.T) {
	_, b := open(t, []games.SeatInfo{ana, computer}, nil)
	r := rend(b)
	move := func(name string) {
		b.MouseMoved(&desktop.MouseEvent{PointEvent: fyne.PointEvent{Position: centre(b, name)}})
	}
	move("c5")
	if !r.hoverSq.Visible() {
		t.Fatal("c5 is not lit")
	}
	move("e5")
	if r.hoverSq.Visible() {
		t.Fatal("e5 is lit")
	}
	move("c5")
	b.MouseOut()
	if r.hoverSq.Visible() || b.hover != -1 {
		t.Fatal("the light stayed after the mouse left")
	}
}

// The hint pulses on its square in the picker's colour.
func TestHintShows(t *testing.T) {
	h, b := open(t, []games.SeatInfo{ana, computer}, nil)
	h.S.ShowHint(&session.Hint{Seat: 0, Move: b.m.move(b.m.squareOf("d6")), Token: "d6"})
	if b.m.Hint != b.m.squareOf("d6") || !rend(b).hint.Visible() {
		t.Fatal("the hint does not show on d6")
	}
}

// BenchmarkRefresh16 is one frame of the story on the largest board:
// every square, knight and mark copied into the canvas objects.
func BenchmarkRefresh16(b *testing.B) {
	h := boardtest.Start(b, game.ID, New, boardtest.Options{Rules: map[string]any{"size": float64(16), "players": float64(4)},
		Seats: []games.SeatInfo{ana, ben, cy, {Name: "Dee", Controller: "human"}}, Size: fyne.NewSize(800, 800)})
	r := rend(h.Board.(*Board))
	b.ResetTimer()
	b.ReportAllocs()
	for range b.N {
		r.Refresh()
	}
}

// The dots pulse while a person picks, and stop once the game is left
// (the board may outlive its screen for a while).
func TestDotsPulseUntilTheGameIsLeft(t *testing.T) {
	h, b := open(t, []games.SeatInfo{ana, computer}, nil)
	h.Moving = kit.Motion{Speed: 1}
	held := holdAnims(b)
	h.Redraw()
	if b.dotPulse == nil || len(*held) == 0 || (*held)[0] != b.dotPulse {
		t.Fatal("the dots do not pulse")
	}
	pulse := b.dotPulse
	pulse.Tick(0.5)
	if b.dotAlpha == 0xD0 {
		t.Fatal("the pulse does not change the dots")
	}
	h.S.Stop()
	h.Redraw() // the game as left: its frame is paused
	pulse.Tick(0.7)
	if b.dotPulse != nil || b.dotAlpha != 0xD0 {
		t.Fatal("the pulse goes on after the game was left")
	}
}

// A trail's letter is small text on a square tinted with the seat's
// colour: it reads at 4.5:1 in the app's light and dark theme.
func TestTrailLettersReadOnTheirSquares(t *testing.T) {
	h, b := open(t, []games.SeatInfo{ana, computer}, nil)
	test.TapAt(b, centre(b, "c5"))
	h.Loop.Until(t, "the turn", func() bool { return h.S.Plies() == 1 })
	r := rend(b)
	for name, v := range map[string]fyne.ThemeVariant{"light": theme.VariantLight, "dark": theme.VariantDark} {
		fyne.CurrentApp().Settings().SetTheme(kit.ThemeIn(v))
		b.Refresh()
		letters := 0
		for _, o := range r.squares {
			if !o.letter.Visible() {
				continue
			}
			letters++
			if c := kit.Contrast(kit.Over(o.letter.Color, o.cell.FillColor), o.cell.FillColor); c < 4.5 {
				t.Errorf("%s theme: trail letter %q reads %.2f:1 on its square, want 4.5:1", name, o.letter.Text, c)
			}
		}
		if letters != 2 {
			t.Fatalf("%s theme: %d trail letters after one turn, want 2", name, letters)
		}
	}
}

// The game-over card waits for the last turn's story, tells the result
// to the host, asks the host for a Rematch or a New game, and Close (or
// Escape) hides it to show the final board.
func TestGameOverCardAfterTheStory(t *testing.T) {
	h, b := open(t, []games.SeatInfo{ana, ben}, map[string]any{"size": float64(5)})
	h.Moving = kit.Motion{Speed: 1}
	held := holdAnims(b)
	for _, p := range []string{"d5", "c4", "e3", "e3", "e3", "e3", "e3", "e3"} {
		for b.Animating() {
			(*held)[len(*held)-1].Tick(1)
		}
		h.S.Continue() // the turn before has been seen
		if seat, ok := h.S.HandOver(); ok {
			h.S.Reveal(seat)
		}
		h.S.Submit(p)
	}
	card := b.Overlay()
	if !b.Animating() || card.Visible() {
		t.Fatalf("animating %v, card %v: the card must wait for the story", b.Animating(), card.Visible())
	}
	if !strings.HasSuffix(h.Said, "Shared win - Amber (Ana) and Ice blue (Ben) share the win with 2 squares. Stall - decided on squares: no knight could jump for three turns.") {
		t.Fatalf("the result was not told: %q", h.Said)
	}
	(*held)[len(*held)-1].Tick(1)
	if !card.Visible() || b.over.title.Text != "Shared win" || len(b.over.table.Objects) != 2 {
		t.Fatalf("after the story: card %v, title %q, rows %d", card.Visible(), b.over.title.Text, len(b.over.table.Objects))
	}
	test.Tap(b.over.rematch)
	test.Tap(b.over.newGame)
	if h.Rematches != 1 || h.NewGames != 1 {
		t.Fatalf("rematches %d, new games %d", h.Rematches, h.NewGames)
	}
	if !b.Key(fyne.KeyEscape) || card.Visible() {
		t.Fatal("Escape did not close the card")
	}
	h.Redraw()
	if card.Visible() {
		t.Fatal("a closed card came back at the next redraw")
	}
}

// The scoreboard under the board shows each seat's jumps as a bar in its
// colour: Amber's four jumps from b7 fill half of it.
func TestScoreboardBars(t *testing.T) {
	_, b := open(t, []games.SeatInfo{ana, computer}, nil)
	r := test.WidgetRenderer(b.strip).(*stripRenderer)
	b.strip.Resize(fyne.NewSize(400, 40))
	r.Layout(b.strip.Size())
	c := r.chips[0]
	if c.letter.Text != "A" || c.score.Text != "1" || c.fill.FillColor != kit.SeatColor(0) || c.fill.Size().Width != c.track.Size().Width/2 {
		t.Fatalf("Amber's chip: %q %q, bar %v of %v", c.letter.Text, c.score.Text, c.fill.Size().Width, c.track.Size().Width)
	}
}

// On a phone 412 dp wide an 8 x 8 board's squares take the room the
// labels do not need on the right: 49 dp, not 46.6 (44 is the least).
func TestPhoneSquaresAreATouchTarget(t *testing.T) {
	_, b := open(t, []games.SeatInfo{ana, computer}, nil)
	b.mobile = true
	b.Resize(fyne.NewSize(412, 412))
	if c := b.grid().Cell; c < 48 {
		t.Fatalf("squares of %v dp at 412 wide", c)
	}
}

// On 16 x 16 squares smaller than a finger, a tap that lands next to a
// jump picks that jump; larger squares refuse it as before.
func TestSmallSquaresSnapATapToTheNearestJump(t *testing.T) {
	h, b := open(t, []games.SeatInfo{ana, computer}, map[string]any{"size": float64(16)})
	b.Resize(fyne.NewSize(412, 412)) // 16 squares of about 24 dp
	h.Redraw()
	jump := b.m.Legal[0]
	g := b.grid()
	c := g.Center(jump%16, jump/16)
	off := fyne.NewPos(c.X+g.Cell*0.7, c.Y) // in the square to the right
	if b.squareAt(off) == jump {
		t.Fatal("the tap is meant to miss the jump's square")
	}
	test.TapAt(b, off)
	h.Loop.Until(t, "the turn", func() bool { return h.S.Plies() == 1 })
	if got := strings.Split(h.Tokens(), ",")[0]; got != b.m.Name(jump) && !strings.HasPrefix(h.Tokens(), b.m.Name(jump)+",") {
		t.Fatalf("played %q, want %s", h.Tokens(), b.m.Name(jump))
	}
	big, bb := open(t, []games.SeatInfo{ana, computer}, nil)
	bc := bb.grid().Center(bb.m.Legal[0]%8, bb.m.Legal[0]/8)
	test.TapAt(bb, fyne.NewPos(bc.X+bb.grid().Cell*0.7, bc.Y))
	if big.S.Plies() != 0 || big.Refusal == "" {
		t.Fatal("a tap beside a large square's jump was not refused")
	}
}

// On a phone one person alone picks with a tap and has no Tab to select
// with, so Confirm takes no room; several people select, then confirm.
func TestPhoneShowsConfirmOnlyWhenSeveralPick(t *testing.T) {
	h, b := open(t, []games.SeatInfo{ana, computer}, nil)
	b.mobile = true
	h.Redraw()
	if b.confirmBtn.Visible() {
		t.Fatal("Confirm shows on a phone for one person, who picks with a tap")
	}
	h2, b2 := open(t, []games.SeatInfo{ana, ben}, nil)
	b2.mobile = true
	h2.S.Reveal(0)
	if !b2.confirmBtn.Visible() {
		t.Fatal("no Confirm on a phone when several people pick")
	}
}

// A new game is announced with its board, its seed and its knights.
func TestNewGameIsAnnounced(t *testing.T) {
	h, _ := open(t, []games.SeatInfo{ana, computer}, nil)
	if h.Said != "Knights on 8 x 8, seed 1: Amber (Ana) on b7 and Ice blue (Computer) on g2." {
		t.Fatalf("said %q", h.Said)
	}
}

// A turn that arrives while the story of the one before plays waits for
// it: the board keeps showing the first turn, then draws and tells the
// second (its own story), and says it has settled once nothing plays.
func TestALaterTurnWaitsForTheStory(t *testing.T) {
	h, b := open(t, []games.SeatInfo{computer, computer}, nil)
	h.Moving = kit.Motion{Speed: 1}
	held := holdAnims(b)
	h.Loop.Until(t, "the first turn", func() bool { return h.S.Plies() == 1 })
	if !b.Animating() {
		t.Fatal("the first turn does not animate")
	}
	first := (*held)[len(*held)-1]
	h.Loop.Until(t, "the second turn", func() bool { return h.S.Plies() == 2 })
	if !b.Animating() || !b.story.Held() || b.story.View() != 1 || !strings.Contains(h.Said, "Jumps:") {
		t.Fatalf("animating %v, pending %v, view %d: the first turn's story must play on", b.Animating(), b.story.Held(), b.story.View())
	}
	said, settled := h.Said, h.Settles
	first.Tick(1)
	if b.story.Held() || b.story.View() != 2 || h.Said == said || !b.Animating() || h.Settles != settled {
		t.Fatalf("after the first story: pending %v, view %d, said %q, animating %v, settled %d times", b.story.Held(), b.story.View(), h.Said, b.Animating(), h.Settles-settled)
	}
	(*held)[len(*held)-1].Tick(1)
	if b.Animating() || h.Settles != settled+1 {
		t.Fatalf("after the second story: animating %v, settled %d times", b.Animating(), h.Settles-settled)
	}
}

// Alone against the computer on a desktop a tap picks, so Confirm shows
// only once the keys have selected a square, and never disabled; it
// keeps its room while hidden, so coming and going it moves nothing
// (issue 19 item 13). Several people get it as each picks.
func TestConfirmShowsOnlyWhenItCanDoSomething(t *testing.T) {
	h, b := open(t, []games.SeatInfo{ana, computer}, nil)
	b.mobile = false
	h.Redraw()
	room := b.confirmRow.MinSize()
	if b.confirmBtn.Visible() {
		t.Fatal("a disabled Confirm shows while one person picks with a tap")
	}
	b.Key(fyne.KeyTab)
	if !b.confirmBtn.Visible() || b.confirmBtn.Disabled() {
		t.Fatalf("after Tab selected a jump: Confirm shows %v, disabled %v", b.confirmBtn.Visible(), b.confirmBtn.Disabled())
	}
	if got := b.confirmRow.MinSize(); got != room {
		t.Fatalf("Confirm's row asked for %v, then %v when Confirm showed", room, got)
	}
	b.Key(fyne.KeyEscape)
	if b.confirmBtn.Visible() {
		t.Fatal("Confirm stays after Escape dropped the selection")
	}
	h2, b2 := open(t, []games.SeatInfo{ana, ben}, nil)
	h2.S.Reveal(0)
	if !b2.confirmBtn.Visible() || !b2.confirmBtn.Disabled() {
		t.Fatalf("several people: Confirm shows %v, disabled %v before a selection", b2.confirmBtn.Visible(), b2.confirmBtn.Disabled())
	}
}

// A name too long for its chip is cut short with an ellipsis, never to
// nothing: at least its first letter shows.
func TestNamesAreCutWithAnEllipsis(t *testing.T) {
	size := theme.TextSize()
	whole := fyne.MeasureText("Computer", size, fyne.TextStyle{}).Width
	if got := ellipsized("Computer", whole, size, fyne.TextStyle{}); got != "Computer" {
		t.Fatalf("a name that fits: %q", got)
	}
	cut := ellipsized("Computer", whole*0.6, size, fyne.TextStyle{})
	if !strings.HasSuffix(cut, "…") || !strings.HasPrefix("Computer", strings.TrimSuffix(cut, "…")) || fyne.MeasureText(cut, size, fyne.TextStyle{}).Width > whole*0.6 {
		t.Fatalf("a name cut to 60%%: %q", cut)
	}
	if got := ellipsized("Computer", 1, size, fyne.TextStyle{}); got != "C…" {
		t.Fatalf("a name with no room: %q", got)
	}
}

// TestTheLineUnderTheBoardKeepsTwoLines: the line under the board took
// one line or two as its words wrapped (a long seed, a collision), and
// the board above shrank by about 18 px and moved each time. It keeps
// the room of two lines always, so the board never moves; longer words
// end in an ellipsis (the move list holds them whole).
func TestTheLineUnderTheBoardKeepsTwoLines(t *testing.T) {
	_, b := open(t, []games.SeatInfo{ana, computer}, nil)
	width := float32(500)
	height := func(words string) float32 {
		b.note.SetText(words)
		b.controls.Resize(fyne.NewSize(width, b.controls.MinSize().Height))
		return b.controls.MinSize().Height
	}
	short := height("Turn 1")
	long := strings.Repeat("Ana and Ben both tried c4 and bounced back. ", 2)
	if two := height(long); two != short {
		t.Errorf("the controls are %.0f tall under one line, %.0f under two", short, two)
	}
	if many := height(strings.Repeat(long, 4)); many != short {
		t.Errorf("the controls are %.0f tall under one line, %.0f under many", short, many)
	}
	if b.note.Truncation != fyne.TextTruncateEllipsis {
		t.Error("words longer than two lines are cut without an ellipsis")
	}
}
