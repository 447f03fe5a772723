package arena

import (
	"image/color"
	"strings"
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/canvas"
	"fyne.io/fyne/v2/test"
	"fyne.io/fyne/v2/theme"

	"github.com/tabulagames/tabula/games"
	game "github.com/tabulagames/tabula/games/arena"
	"github.com/tabulagames/tabula/ui/boards/kit"
	"github.com/tabulagames/tabula/ui/boardtest"
	"github.com/tabulagames/tabula/ui/session"
)

// start opens a game between seats (nil: two people) from a picture (nil:
// the usual start) on a board of 500x640.
func start(t testing.TB, seats []games.SeatInfo, p *pic) (*boardtest.Host, *Board) {
	t.Helper()
	o := boardtest.Options{Seats: seats}
	if p != nil {
		o.Setup, o.Rules = p.setup()
	}
	h := boardtest.Start(t, "arena", New, o)
	return h, h.Board.(*Board)
}

// holdAnimations keeps the board's animations from running by themselves
// (Fyne's test driver would run them to the end at once) and returns
// those started.
func holdAnimations(h *boardtest.Host, b *Board) *[]*fyne.Animation {
	h.Moving.Reduced = false
	var held []*fyne.Animation
	b.StartAnim = func(a *fyne.Animation) { held = append(held, a) }
	return &held
}

func tapCell(b *Board, sq string) {
	c := cell(sq)
	test.TapAt(b, b.grid().Center(game.File(c), game.Rank(c)))
}

func render(b *Board) *renderer { return test.WidgetRenderer(b).(*renderer) }

func TestKeysPlayATurn(t *testing.T) {
	h, b := start(t, nil, nil)
	b.StartAnim = func(*fyne.Animation) {} // keep the flash on
	b.Key(fyne.KeyRight)                   // facing east: a step
	b.Key(fyne.KeyDown)                    // a turn
	b.Key(fyne.KeySpace)                   // nothing in front: a bomb
	if got := h.Tokens(); got != "move E face S" {
		t.Fatalf("keys played %q (refusal %q)", got, h.Refusal)
	}
	if h.Refusal == "" || b.refused.Square != cell("c5") {
		t.Fatalf("a bomb onto the pillar c5: refusal %q, flash %d", h.Refusal, b.refused.Square)
	}
	b.Key(fyne.KeyBackspace)
	if got := h.Tokens(); got != "move E" {
		t.Fatalf("Backspace left %q", got)
	}
	b.Key(fyne.KeySpace) // facing east again: a bomb on d6
	b.Key(fyne.KeyReturn)
	if got := h.Tokens(); got != "move E place end" || h.S.Live().ToMove()[0] != 1 {
		t.Fatalf("keys played %q", got)
	}
	h.Refusal = ""
	b.Key(fyne.KeyBackspace) // Ben has not acted yet
	if !strings.HasPrefix(h.Refusal, "Nothing to take back") || h.Tokens() != "move E place end" {
		t.Fatalf("Backspace at the start of a turn: %q, %q", h.Refusal, h.Tokens())
	}
	if b.Key(fyne.KeyEscape) || b.Key("x") {
		t.Fatal("keys that mean nothing here were used")
	}
}

func TestTapsTurnAndStep(t *testing.T) {
	h, b := start(t, nil, nil)
	b.StartAnim = func(*fyne.Animation) {} // keep the flash on
	tapCell(b, "b5")
	if got := h.Tokens(); got != "face S move S" {
		t.Fatalf("a tap on b5 played %q", got)
	}
	tapCell(b, "f2")
	if h.Tokens() != "face S move S" || !strings.HasPrefix(h.Refusal, "Tap a cell next to your player") || b.refused.Square != cell("f2") {
		t.Fatalf("a tap far away: %q, %q, flash %d", h.Tokens(), h.Refusal, b.refused.Square)
	}
	// A tap on the player itself says what to tap instead.
	h.Refusal = ""
	tapCell(b, "b5")
	if h.Tokens() != "face S move S" || !strings.HasPrefix(h.Refusal, "That is your player") {
		t.Fatalf("a tap on the player: %q, %q", h.Tokens(), h.Refusal)
	}
	b.TappedSecondary(&fyne.PointEvent{Position: b.grid().Center(game.File(cell("f2")), game.Rank(cell("f2")))})
	if !strings.HasPrefix(h.Said, "f2: Ben (Blue, Freezer)") {
		t.Fatalf("a long press said %q", h.Said)
	}
}

func TestButtonsPlayAndAreBigEnough(t *testing.T) {
	h, b := start(t, nil, nil)
	w := test.NewWindow(b.Controls())
	defer w.Close()
	w.Resize(w.Content().MinSize())
	test.Tap(b.dirBtns[game.S]) // a turn
	test.Tap(b.dirBtns[game.S]) // a step
	test.Tap(b.placeBtn)
	test.Tap(b.undoBtn)
	test.Tap(b.kickBtn)
	if got := h.Tokens(); got != "face S move S" || h.Refusal != "There is nothing in front of you to kick." {
		t.Fatalf("buttons played %q, refusal %q", got, h.Refusal)
	}
	test.Tap(b.endBtn)
	if got := h.Tokens(); got != "face S move S end" {
		t.Fatalf("End turn played %q", got)
	}
	// Ben's turn has not started: nothing to undo, the button says so by
	// being off.
	if !b.undoBtn.Disabled() || b.placeBtn.Disabled() {
		t.Fatal("Undo should be off and Place on at the start of Ben's turn")
	}
	for _, btn := range append(b.dirBtns[:], b.placeBtn, b.kickBtn, b.endBtn, b.undoBtn) {
		if s := btn.Size(); s.Width < kit.MinTouch || s.Height < kit.MinTouch {
			t.Errorf("a button of %v is smaller than a finger", s)
		}
	}
	if !strings.HasPrefix(b.line.Text, "Ben (Blue, Freezer): 5 actions left") {
		t.Fatalf("line %q", b.line.Text)
	}
}

func TestButtonsAreOffWhileTheComputerPlays(t *testing.T) {
	bot := []games.SeatInfo{{Name: "Computer", Controller: "ai", Bot: "easy"}, {Name: "Ben", Controller: "human"}}
	h, b := start(t, bot, nil)
	h.S.Stop() // the computer does not get to move
	h.Redraw()
	for _, btn := range append(b.dirBtns[:], b.placeBtn, b.kickBtn, b.endBtn, b.undoBtn) {
		if !btn.Disabled() {
			t.Fatal("a button is on while the computer is to move")
		}
	}
	b.Key(fyne.KeyRight)
	if h.Refusal != games.ErrNotYourTurn.Error() || h.S.Plies() != 0 {
		t.Fatalf("a key while the computer moves: %q", h.Refusal)
	}
}

func TestBlastSpreadsThenClears(t *testing.T) {
	h, b := start(t, nil, &blast)
	held := holdAnimations(h, b)
	h.Submit("end")
	if !b.Animating() || b.cur == nil || len(*held) == 0 {
		t.Fatal("the blast does not play")
	}
	r := render(b)
	a := (*held)[len(*held)-1]
	total := float32(b.cur.story.Total)
	a.Tick(FireStepMs / total) // one step out: d4, d2 and their neighbours burn
	if r.fire[cell("d4")].FillColor == color.Transparent || r.fire[cell("c4")].FillColor == color.Transparent {
		t.Fatal("the blast has not reached d4 and c4 after one step")
	}
	if r.fire[cell("b4")].FillColor != color.Transparent || r.fire[cell("b6")].FillColor != color.Transparent {
		t.Fatal("the blast reached b4 (two steps) or b6 (never) too soon")
	}
	// Ana still stands on b4 until the blast gets there; the result waits.
	if !r.players[0].body.Visible() || r.players[0].body.FillColor.(color.NRGBA).A != 0xFF {
		t.Fatal("Ana is gone before the blast reaches her")
	}
	if b.line.Text != "" {
		t.Fatalf("the line tells the result during the blast: %q", b.line.Text)
	}
	a.Tick(1)
	if b.Animating() || h.Settles != 1 {
		t.Fatalf("animating %v after the end, settled %d times", b.Animating(), h.Settles)
	}
	if r.fire[cell("d4")].FillColor != color.Transparent || !strings.HasPrefix(b.line.Text, "Game over: Ben wins!") {
		t.Fatalf("after the blast: line %q", b.line.Text)
	}
	// Where Ana fell she shows faded; the blast's cells stay scorched.
	if f := r.players[0].body.FillColor.(color.NRGBA); !r.players[0].body.Visible() || f.A != 0x50 {
		t.Fatalf("Ana's fallen mark %v", f)
	}
	if !r.scorch[cell("f4")][0].Visible() {
		t.Fatal("no scorch on f4")
	}
}

func TestKickedIceSlidesAndHits(t *testing.T) {
	p := pic{rows: []string{"#######", "#.....#", "#.#.#.#", "#.1I.2#", "#.#.#.#", "#.....#", "#######"},
		values: map[string]int{"d4": 3}, actions: 5}
	h, b := start(t, nil, &p)
	held := holdAnimations(h, b)
	h.Submit("kick")
	a, r := (*held)[len(*held)-1], render(b)
	total := float32(b.cur.story.Total)
	a.Tick(MinSlideMs / 2 / total)
	from, to := r.mid(cell("d4")).X, r.mid(cell("e4")).X
	if x := r.ice[cell("e4")].block.Position().X + r.ice[cell("e4")].block.Size().Width/2; x <= from || x >= to {
		t.Fatalf("half-way, the ice is drawn at x %v, not between d4 (%v) and e4 (%v)", x, from, to)
	}
	if r.fire[cell("f4")].FillColor != color.Transparent {
		t.Fatal("Ben flashes before the ice gets to him")
	}
	a.Tick(MinSlideMs / total)
	if r.fire[cell("f4")].FillColor == color.Transparent || r.players[1].hp.Text != "4" {
		t.Fatalf("Ben (health %s) is not hit when the ice arrives", r.players[1].hp.Text)
	}
	a.Tick(1)
	if r.fire[cell("f4")].FillColor != color.Transparent || b.Animating() {
		t.Fatal("the hit goes on after the end")
	}
}

func TestReducedMotionShowsTheEndAtOnce(t *testing.T) {
	h, b := start(t, nil, &blast)
	h.Submit("end")
	if b.Animating() || b.cur != nil {
		t.Fatal("an animation under reduced motion")
	}
	if !strings.HasPrefix(b.line.Text, "Game over") || render(b).fire[cell("d4")].FillColor != color.Transparent {
		t.Fatalf("line %q", b.line.Text)
	}
}

func TestABlastBurnsOnWhileTheNextPersonActs(t *testing.T) {
	// The bomb on d4 goes off at the end of Ana's turn, away from both.
	p := pic{rows: []string{"#######", "#1....#", "#.#.#.#", "#..B..#", "#.#.#.#", "#...2.#", "#######"},
		values: map[string]int{"d4": 1}, actions: 5}
	h, b := start(t, nil, &p)
	held := holdAnimations(h, b)
	h.Submit("end")
	blastAnim := (*held)[len(*held)-1]
	blastAnim.Tick(0.2)
	h.Redraw() // the same position drawn again: the blast goes on
	if len(b.plays) != 1 || b.cur == nil || b.cur.t == 0 {
		t.Fatal("a redraw restarted the blast")
	}
	b.Key(fyne.KeyLeft) // Ben steps at once
	if h.Tokens() != "end move W" || len(b.plays) != 2 || b.cur == b.plays[0] {
		t.Fatalf("plays %d after Ben's step (%q)", len(b.plays), h.Tokens())
	}
	if render(b).fire[cell("d4")].FillColor == color.Transparent {
		t.Fatal("Ben's step put the blast out")
	}
	// Undo jumps: everything stops.
	h.S.Undo()
	if b.Animating() {
		t.Fatal("a story plays on after undo")
	}
}

func TestBombsAboutToBlowBeat(t *testing.T) {
	p := pic{rows: []string{"#######", "#1....#", "#.#.#.#", "#..B..#", "#.#.#.#", "#...2.#", "#######"},
		values: map[string]int{"d4": 3}, actions: 5}
	h, b := start(t, nil, &p)
	holdAnimations(h, b)
	h.Redraw()
	if b.beat != nil {
		t.Fatal("a bomb at 3 beats")
	}
	h.Submit("end") // the bomb counts down to 2
	if b.beat == nil {
		t.Fatal("a bomb at 2 does not beat")
	}
	b.beat.Tick(1)
	if ring := render(b).bombs[cell("d4")].ring; !ring.Visible() {
		t.Fatal("no warning ring on the bomb at 2")
	}
	// A game left is paused first: its beat must stop, or Fyne runs it
	// (and keeps the board) for as long as the app runs.
	h.S.Stop()
	if b.beat != nil {
		t.Fatal("the beat goes on in a paused game")
	}
	h.S.Resume()
	if b.beat == nil {
		t.Fatal("the beat does not come back when the game goes on")
	}
	h.S.Undo()
	if b.beat != nil {
		t.Fatal("the beat goes on without a bomb at 2")
	}
}

func TestHintAndSpokenCells(t *testing.T) {
	h, b := start(t, nil, nil)
	h.S.ShowHint(&session.Hint{Seat: 0, Token: "move E"})
	if r := render(b); !r.hint.Visible() || r.hinted != cell("c6") {
		t.Fatal("the hint does not show on c6")
	}
	sp := b.SpokenSquares()
	if len(sp) != game.Cells || sp[cell("b6")].Label != "b6, Ana (Amber, Bomber), 5 health, facing east" {
		t.Fatalf("spoken b6: %q", sp[cell("b6")].Label)
	}
}

// BenchmarkFrame is the cost of one frame of an animation (or of the
// beat of a bomb about to blow): the whole board drawn again.
func BenchmarkFrame(bm *testing.B) {
	h, b := start(bm, nil, &blast)
	holdAnimations(h, b)
	h.Redraw()
	r := render(b)
	bm.ResetTimer()
	for i := 0; i < bm.N; i++ {
		b.pulse = float32(i%10) / 10
		r.Refresh()
	}
}

// The move list's row of an action whose story plays tells the action
// alone; what the blast caught shows once the blast has (the result
// waits the same way).
func TestTheRowWaitsForTheBlast(t *testing.T) {
	h, b := start(t, nil, &blast)
	held := holdAnimations(h, b)
	h.Submit("end")
	if got := b.MoveText(h.S.Frame(), 0); got != "Ana ends the turn" {
		t.Fatalf("while the blast spreads: %q", got)
	}
	(*held)[len(*held)-1].Tick(1)
	if got := b.MoveText(h.S.Frame(), 0); !strings.HasSuffix(got, "Ana is caught") {
		t.Fatalf("after the blast: %q", got)
	}
}

// The last blast's cells stay marked until the next action, under
// reduced motion too, also where the mover can reach (where the reach's
// tint hid the scorch), and the mark is nothing like the reach: hatching
// with no hue of its own, 3:1 on the tinted cells (issue 19 items 2 and
// 12).
func TestScorchShowsOverTheReachUntilTheNextAction(t *testing.T) {
	// The bomb on d4 goes off at the end of Ana's turn, away from both;
	// Ben on e2 can reach d2, which the blast burnt.
	p := pic{rows: []string{"#######", "#1....#", "#.#.#.#", "#..B..#", "#.#.#.#", "#...2.#", "#######"},
		values: map[string]int{"d4": 1}, actions: 5}
	h, b := start(t, nil, &p)
	h.Submit("end")
	r := render(b)
	d2 := cell("d2")
	if !b.m.Reach[d2] {
		t.Fatal("Ben cannot reach d2")
	}
	for i, l := range r.scorch[d2] {
		if !l.Visible() {
			t.Fatalf("stroke %d of the scorch on d2 is hidden", i)
		}
	}
	if r.scorch[cell("b6")][0].Visible() {
		t.Fatal("a scorch where the blast never went")
	}
	for _, v := range []fyne.ThemeVariant{theme.VariantLight, theme.VariantDark} {
		fyne.CurrentApp().Settings().SetTheme(kit.ThemeIn(v))
		h.Redraw()
		reach, scorch := r.tint[d2].FillColor, r.scorch[d2][0].StrokeColor
		light, dark := kit.SquareTones()
		for _, sq := range []color.Color{light, dark} {
			if c := kit.Contrast(scorch, kit.Over(reach, sq)); c < 3 {
				t.Errorf("theme %v: the scorch on a reachable cell: contrast %.2f", v, c)
			}
		}
		if s := saturation(scorch); s > 0.15 {
			t.Errorf("theme %v: the scorch has a hue (saturation %.2f), as the reach has", v, s)
		}
	}
	b.Key(fyne.KeyUp) // Ben turns: the next action
	if r.scorch[d2][0].Visible() {
		t.Fatal("the scorch stays after the next action")
	}
}

// saturation is a colour's HSL saturation, from 0 (grey) to 1.
func saturation(c color.Color) float64 {
	n := color.NRGBAModel.Convert(c).(color.NRGBA)
	hi := float64(max(n.R, n.G, n.B)) / 255
	lo := float64(min(n.R, n.G, n.B)) / 255
	l := (hi + lo) / 2
	if hi == lo {
		return 0
	}
	if l > 0.5 {
		return (hi - lo) / (2 - hi - lo)
	}
	return (hi - lo) / (hi + lo)
}

// Every number on the board (bombs' timers, ice's and players' health)
// is at least 12 sp, also on a phone's squares of about 55 (issue 19
// item 9: the health was about 8).
func TestNumbersAreReadableOnAPhone(t *testing.T) {
	p := pic{rows: []string{"#######", "#1....#", "#.#.#.#", "#.IB..#", "#.#.#.#", "#...2.#", "#######"},
		values: map[string]int{"c4": 4, "d4": 3}, actions: 5}
	h, b := start(t, nil, &p)
	b.Resize(fyne.NewSize(412, 416))
	h.Redraw()
	r := render(b)
	if r.grid.Cell > 60 {
		t.Fatalf("squares of %.0f: not a phone's", r.grid.Cell)
	}
	numbers := map[string]*canvas.Text{"Ana's health": r.players[0].hp, "Ben's health": r.players[1].hp,
		"the ice's health": r.ice[cell("c4")].hp, "the bomb's timer": r.bombs[cell("d4")].timer}
	for what, n := range numbers {
		if !n.Visible() || n.TextSize < 12 {
			t.Errorf("%s %q: size %.1f", what, n.Text, n.TextSize)
		}
	}
}

// The line under the board keeps the room of two lines whatever it says:
// the words of a blast come and go without moving the buttons or the
// board, and words longer than that end in an ellipsis.
func TestTheLineKeepsItsRoom(t *testing.T) {
	p := pic{rows: []string{"#######", "#1....#", "#.#.#.#", "#..B..#", "#.#.#.#", "#...2.#", "#######"},
		values: map[string]int{"d4": 1}, actions: 5}
	h, b := start(t, nil, &p)
	w := test.NewWindow(b.Controls())
	defer w.Close()
	w.Resize(fyne.NewSize(260, 400))
	before := b.Controls().MinSize().Height
	h.Submit("end") // the blast's words: three lines or more at this width
	if !strings.HasPrefix(b.line.Text, "The bomb on d4 explodes") {
		t.Fatalf("line %q", b.line.Text)
	}
	if after := b.Controls().MinSize().Height; after != before {
		t.Fatalf("the controls grew from %.0f to %.0f", before, after)
	}
	if b.line.Size().Height > b.lineBox.Size().Height || b.line.Truncation != fyne.TextTruncateEllipsis {
		t.Fatalf("the line is %.0f tall in a room of %.0f", b.line.Size().Height, b.lineBox.Size().Height)
	}
}

// TestButtonsLeaveWhenTheGameIsOver: once the game is over the arrows and
// the actions leave (they stayed, disabled, close to enabled in look),
// keeping their room, so the board above does not move.
func TestButtonsLeaveWhenTheGameIsOver(t *testing.T) {
	h, b := start(t, nil, &blast)
	room := b.controls.MinSize()
	if !b.buttons.Visible() {
		t.Fatal("the buttons are hidden during the game")
	}
	h.Submit("end")
	if !strings.HasPrefix(b.line.Text, "Game over") {
		t.Fatalf("line %q", b.line.Text)
	}
	if b.buttons.Visible() {
		t.Error("the buttons stay after the game is over")
	}
	if got := b.controls.MinSize(); got.Height != room.Height {
		t.Errorf("the controls are %.0f tall during the game, %.0f after it", room.Height, got.Height)
	}
	// A resignation ends the game outside its rules: the buttons leave too.
	h2, b2 := start(t, nil, nil)
	if err := h2.S.Resign(0); err != nil {
		t.Fatal(err)
	}
	h2.Redraw()
	if b2.buttons.Visible() {
		t.Error("the buttons stay after a resignation")
	}
}
