package revenge

import (
	"image/color"
	"strings"
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/driver/desktop"
	"fyne.io/fyne/v2/test"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"

	"github.com/tabulagames/tabula/games"
	game "github.com/tabulagames/tabula/games/revenge"
	"github.com/tabulagames/tabula/ui/boards/kit"
	"github.com/tabulagames/tabula/ui/boardtest"
	"github.com/tabulagames/tabula/ui/session"
)

// start opens a game between three people (Bo chose Ψ) with house rules,
// on a board of a known size, with tokens played.
func start(t *testing.T, rules map[string]any, tokens ...string) (*boardtest.Host, *Board) {
	t.Helper()
	return startWith(t, three, rules, tokens...)
}

func startWith(t *testing.T, seats []games.SeatInfo, rules map[string]any, tokens ...string) (*boardtest.Host, *Board) {
	t.Helper()
	h := boardtest.Start(t, "revenge", New, boardtest.Options{Rules: rules, Seats: seats, Size: fyne.NewSize(480, 480)})
	for _, tok := range tokens {
		if err := h.Submit(tok); err != nil {
			t.Fatalf("%s: %v", tok, err)
		}
	}
	return h, h.Board.(*Board)
}

// at is the centre of a square.
func at(b *Board, name string) fyne.Position {
	f, r, err := games.ParseSquare(name, b.m.N, b.m.N)
	if err != nil {
		panic(err)
	}
	return b.grid().Center(f, r)
}

func hover(b *Board, name string) {
	b.MouseMoved(&desktop.MouseEvent{PointEvent: fyne.PointEvent{Position: at(b, name)}})
}

func TestTapPlacesAndStealsAndTheLastMoveShowsItsKind(t *testing.T) {
	h, b := start(t, nil)
	test.TapAt(b, at(b, "a4"))
	test.TapAt(b, at(b, "a4")) // Bo steals it
	if h.Tokens() != "a4 a4" {
		t.Fatalf("taps played %q", h.Tokens())
	}
	r := b.r
	a4 := b.m.square("a4")
	if !r.ring.Visible() || r.ring.Position().X < r.pos(a4).X || r.kind.Text != "stolen" || !r.kind.Visible() {
		t.Fatalf("last move: ring %v kind %q", r.ring.Visible(), r.kind.Text)
	}
	if !r.marks[a4].Objects()[4].Visible() { // a letter: Ψ has no shape of its own
		t.Fatal("Bo's Ψ is not drawn on a4")
	}
	if got := b.ctl.last.Text; got != "Last move: Bo took a4 from Ana." {
		t.Fatalf("last move line %q", got)
	}
	// The caption says what happened, never what to do: on a square the
	// mover may not take ("steal" beside a lock read as an invitation).
	_, b2 := start(t, nil, "a1", "b1", "c1", "d1", "c1") // Bo steals c1 from Cy, Cy to move
	c1 := b2.m.square("c1")
	if b2.m.Last != c1 || b2.m.Locks[c1] == "" || b2.r.kind.Text != "stolen" {
		t.Fatalf("Bo stole c1 from Cy, Cy to move: last %d, lock %q, caption %q", b2.m.Last, b2.m.Locks[c1], b2.r.kind.Text)
	}
}

func TestALockedSquareShowsALockAndIsRefusedWithItsReason(t *testing.T) {
	h, b := start(t, nil, "a4", "a4", "b3") // Ana may not take Bo's a4
	a4 := b.m.square("a4")
	if !b.r.locks[a4].badge.Visible() || b.r.locks[b.m.square("b3")].badge.Visible() {
		t.Fatal("the lock is not on a4 alone")
	}
	// Pointing at it says why under the board.
	hover(b, "a4")
	if b.ctl.focus.Text != b.m.Locks[a4] || b.ctl.focus.Importance == widget.DangerImportance {
		t.Fatalf("hover on the lock: %q", b.ctl.focus.Text)
	}
	// A tap on it is refused there, once, as a refusal, naming Bo (not
	// Ψ); the screen's message line does not say it again.
	test.TapAt(b, at(b, "a4"))
	if h.Tokens() != "a4 a4 b3" || h.Refusal != "" {
		t.Fatalf("a tap on the lock: %q, refused on the message line too: %q", h.Tokens(), h.Refusal)
	}
	if f := b.ctl.focus; !strings.HasPrefix(f.Text, "Anti-revenge: Bo took a4 from Ana") || f.Importance != widget.DangerImportance || !f.TextStyle.Bold {
		t.Fatalf("the refusal under the board: %q, %v", f.Text, f.Importance)
	}
	// Pointing elsewhere ends the refusal.
	hover(b, "d1")
	if f := b.ctl.focus; f.Importance == widget.DangerImportance || !strings.HasPrefix(f.Text, "d1 is empty") {
		t.Fatalf("after moving on: %q, %v", f.Text, f.Importance)
	}
	// On a phone, with nothing under the board to say it, the message
	// line says it.
	b.ctl.phone = true
	test.TapAt(b, at(b, "a4"))
	if !strings.HasPrefix(h.Refusal, "Anti-revenge: Bo took a4 from Ana") {
		t.Fatalf("a tap on the lock on a phone: refusal %q", h.Refusal)
	}
	b.ctl.phone = false
	// A long press says it too.
	hover(b, "a4")
	b.TappedSecondary(&fyne.PointEvent{Position: at(b, "a4")})
	if h.Said != b.m.Locks[a4] {
		t.Fatalf("long press: %q", h.Said)
	}
	b.MouseOut()
	if b.ctl.focus.Text != Legend {
		t.Fatalf("no square pointed at: %q", b.ctl.focus.Text)
	}
}

func TestHoverPreviewsPlaceStealAndReinforce(t *testing.T) {
	_, b := start(t, nil, "c1", "a4", "b4") // Ana to move; c1 is hers
	r := b.r
	hover(b, "d2")
	if !r.ghost.Objects()[0].Visible() || r.take.Visible() || r.keep.Visible() {
		t.Fatal("an empty square: no ghost X alone")
	}
	hover(b, "a4")
	if !r.ghost.Objects()[0].Visible() || !r.take.Visible() || r.take.StrokeColor != kit.CaptureColor {
		t.Fatal("Bo's square: no steal ring")
	}
	if !strings.HasPrefix(b.ctl.focus.Text, "a4 holds Ψ (Bo): tap to steal it.") {
		t.Fatalf("focus %q", b.ctl.focus.Text)
	}
	hover(b, "c1")
	if !r.keep.Visible() || r.ghost.Objects()[0].Visible() || r.take.Visible() {
		t.Fatal("her own square: no reinforce outline")
	}
}

func TestReinforcingAsksFirst(t *testing.T) {
	h, b := start(t, nil, "c1", "a4", "b4")
	test.TapAt(b, at(b, "c1"))
	if h.Tokens() != "c1 a4 b4" || !b.ctl.ask.Visible() || b.ctl.lines.Visible() || !b.r.pending.Visible() {
		t.Fatalf("own square: played %q, question shown %v", h.Tokens(), b.ctl.ask.Visible())
	}
	if !strings.HasPrefix(b.ctl.askText.Text, "Reinforce c1?") {
		t.Fatalf("question %q", b.ctl.askText.Text)
	}
	cancel, reinforce := askButtons(t, b)
	test.Tap(cancel)
	if b.ctl.ask.Visible() || b.r.pending.Visible() || h.Tokens() != "c1 a4 b4" {
		t.Fatal("Cancel did not drop the question")
	}
	test.TapAt(b, at(b, "c1"))
	test.Tap(reinforce)
	if h.Tokens() != "c1 a4 b4 c1" || b.ctl.ask.Visible() {
		t.Fatalf("Reinforce played %q", h.Tokens())
	}
	if b.r.kind.Text != "reinforced" || b.ctl.last.Text != "Last move: Ana reinforced c1." {
		t.Fatalf("last move %q, %q", b.r.kind.Text, b.ctl.last.Text)
	}
}

// askButtons finds Cancel and Reinforce in the question bar.
func askButtons(t *testing.T, b *Board) (cancel, reinforce *widget.Button) {
	t.Helper()
	var buttons []*widget.Button
	var walk func(o fyne.CanvasObject)
	walk = func(o fyne.CanvasObject) {
		switch x := o.(type) {
		case *widget.Button:
			buttons = append(buttons, x)
		case *fyne.Container:
			for _, c := range x.Objects {
				walk(c)
			}
		}
	}
	walk(b.ctl.ask)
	if len(buttons) != 2 || buttons[0].Text != "Cancel" || buttons[1].Text != "Reinforce" {
		t.Fatalf("the question's buttons: %d", len(buttons))
	}
	return buttons[0], buttons[1]
}

func TestKeysPlayAndConfirm(t *testing.T) {
	h, b := start(t, nil)
	if b.Key(fyne.KeyReturn) {
		t.Fatal("Enter without a cursor or a question must be left to the screen")
	}
	b.Key(fyne.KeyUp) // the cursor appears near the middle: b3
	if b.m.Cursor != b.m.square("b3") || !b.r.cursor.Visible() || !strings.HasPrefix(b.ctl.focus.Text, "b3 is empty") {
		t.Fatalf("cursor on %d, focus %q", b.m.Cursor, b.ctl.focus.Text)
	}
	b.Key(fyne.KeyRight)
	b.Key(fyne.KeySpace)
	if h.Tokens() != "c3" {
		t.Fatalf("keys played %q", h.Tokens())
	}
	h.Submit("a1")
	h.Submit("a2") // Ana to move again; c3 is hers
	b.Key(fyne.KeyReturn)
	if h.Tokens() != "c3 a1 a2" || b.m.Pending != b.m.square("c3") {
		t.Fatal("Enter on her own square must ask first")
	}
	b.Tapped(&fyne.PointEvent{Position: fyne.NewPos(-5, -5)}) // off the squares: the cursor stays
	b.m.Cursor = -1
	if !b.Key(fyne.KeyEnter) || h.Tokens() != "c3 a1 a2 c3" {
		t.Fatalf("Enter with the question open: %q", h.Tokens())
	}
	if b.Key("x") {
		t.Fatal("a key that means nothing was used")
	}
}

func TestBadgesShowTheTurnAndTheStealRecords(t *testing.T) {
	_, b := start(t, nil, "a4", "a4") // Bo took a4 from Ana; Cy to move
	if len(b.ctl.badges) != 3 {
		t.Fatalf("%d badges for 3 seats", len(b.ctl.badges))
	}
	for seat, bd := range b.ctl.badges {
		active := bd.bg.StrokeColor == kit.SeatColor(seat)
		if active != (seat == 2) {
			t.Errorf("seat %d highlighted %v", seat, active)
		}
	}
	bo := b.ctl.badges[1]
	if bo.sym.Text != "Ψ" || bo.sym.Color != kit.SeatColor(1) || badgeText(bo) != "Bo took a4 from Ana" {
		t.Fatalf("Bo's badge: %q %q", bo.sym.Text, badgeText(bo))
	}
	if badgeText(b.ctl.badges[0]) != "Ana no steal" {
		t.Fatalf("Ana's badge: %q", badgeText(b.ctl.badges[0]))
	}
	// A phone's narrow badges name the player too, and the record takes
	// two lines.
	phone := newBadge(true)
	phone.set(&b.m, 1)
	if got := badgeText(phone); got != "Bo took a4 from Ana" || phone.sym.Text != "Ψ" {
		t.Fatalf("Bo's badge on a phone: %q", got)
	}
	phone.set(&b.m, 0)
	if got := badgeText(phone); got != "Ana no steal  " {
		t.Fatalf("Ana's badge on a phone: %q", got)
	}
}

func badgeText(bd *badge) string {
	var parts []string
	for _, s := range bd.segments() {
		parts = append(parts, s.(*widget.TextSegment).Text)
	}
	return strings.Join(parts, " ")
}

func TestTheWinningLineGlowsAndTheWinnerIsGold(t *testing.T) {
	_, b := start(t, nil, "a1", "a4", "b4", "b1", "a3", "b3", "c1", "a2", "b2", "d1")
	for _, name := range []string{"a1", "b1", "c1", "d1"} {
		if !b.r.glow[b.m.square(name)].Visible() {
			t.Fatalf("%s does not glow", name)
		}
	}
	if b.r.glow[b.m.square("a2")].Visible() {
		t.Fatal("a2 glows")
	}
	if b.ctl.badges[0].bg.StrokeColor != kit.Gold || b.ctl.badges[1].bg.StrokeColor == kit.SeatColor(1) {
		t.Fatal("the winner's badge is not gold, or someone is still to move")
	}
	if b.ctl.focus.Text != "" {
		t.Fatalf("the legend after the end: %q", b.ctl.focus.Text)
	}
}

func TestAStealFadesTheOldMarkOut(t *testing.T) {
	h, b := start(t, nil, "a4")
	h.Moving.Reduced = false
	h.Submit("a4") // the test driver runs an animation to its end at once
	if b.fadeSq != -1 || b.fade != 1 || b.r.gone.Objects()[0].Visible() {
		t.Fatal("the animation did not end")
	}
	b.fadeSq, b.fade = b.m.Last, 0.25 // a quarter of the way
	b.Refresh()
	cross := b.r.gone.Objects()[0] // Ana's X, fading out under Bo's Ψ
	if !cross.Visible() || b.fadeAlpha() != 63 {
		t.Fatalf("a quarter in: the stolen X shown %v, Ψ at %d", cross.Visible(), b.fadeAlpha())
	}
	b.m.LastKind = game.Reinforce
	if b.fade = 0.5; b.fadeAlpha() != 76 {
		t.Fatalf("a reinforced mark at half way: %d", b.fadeAlpha())
	}
}

func TestSizeAndSpokenSquares(t *testing.T) {
	four := append(append([]games.SeatInfo{}, three...), games.SeatInfo{Name: "Di", Controller: "human", Symbol: "@"})
	h, b := startWith(t, four, map[string]any{"size": 6, "players": 4})
	test.TapAt(b, at(b, "f6"))
	if h.Tokens() != "f6" || len(b.r.cells) != 36 || len(b.ctl.badges) != 4 {
		t.Fatalf("6x6 with four: %q, %d cells, %d badges", h.Tokens(), len(b.r.cells), len(b.ctl.badges))
	}
	sp := b.SpokenSquares()
	if len(sp) != 36 || sp[35].Label != "f6, X (Ana)" || sp[35].Pos != b.grid().CellPos(5, 5) {
		t.Fatalf("f6 read as %q at %v", sp[35].Label, sp[35].Pos)
	}
}

func TestHintPulsesUntilTheMove(t *testing.T) {
	h, b := start(t, nil, "a4")
	h.S.ShowHint(&session.Hint{Seat: 1, Move: games.Move(b.m.square("c2")), Token: "c2"})
	if !b.r.hint.Visible() || b.r.pulseSq != b.m.square("c2") || b.r.hint.StrokeColor != kit.SeatColor(1) {
		t.Fatalf("hint shown %v on %d", b.r.hint.Visible(), b.r.pulseSq)
	}
	h.Submit("c2")
	if b.r.hint.Visible() || b.r.pulseSq != -1 {
		t.Fatal("the hint outlived the move")
	}
	// The cursor starts on the last move once there is one.
	b.Key(fyne.KeyDown)
	if b.m.Cursor != b.m.square("c2") {
		t.Fatalf("the cursor starts on %d", b.m.Cursor)
	}
}

// A tap while an earlier position is shown is refused with the session's
// reason, and the square flashes.
func TestTapOnAPastPositionIsRefused(t *testing.T) {
	h, b := start(t, nil, "a4", "b4")
	h.S.SetView(1)
	test.TapAt(b, at(b, "c4"))
	if h.Tokens() != "a4 b4" || h.Refusal != session.ErrViewingPast.Error() {
		t.Fatalf("played %q, refusal %q", h.Tokens(), h.Refusal)
	}
	// The test driver runs the flash to its end at once: it was on c4.
	if want := b.r.pos(b.m.square("c4")).Add(fyne.NewDelta(3, 3)); b.r.flash.Position() != want {
		t.Fatalf("the flash was at %v, c4 is at %v", b.r.flash.Position(), want)
	}
}

// The word under the last move's mark ("steal") is text on a square: it
// reads at 4.5:1 on both square tones of the app's light and dark theme.
func TestTheLastMovesKindReadsOnItsSquare(t *testing.T) {
	_, b := start(t, nil, "a4", "a4")
	for name, v := range map[string]fyne.ThemeVariant{"light": theme.VariantLight, "dark": theme.VariantDark} {
		fyne.CurrentApp().Settings().SetTheme(kit.ThemeIn(v))
		b.Refresh()
		light, dark := kit.SquareTones()
		for _, sq := range []color.NRGBA{light, dark} {
			if r := kit.Contrast(kit.Over(b.r.kind.Color, sq), sq); r < 4.5 {
				t.Errorf("%s theme: %q reads %.2f:1 on a square, want 4.5:1", name, b.r.kind.Text, r)
			}
		}
	}
}

// The lines under the board keep their room whatever they say: pointing
// at any square, a refusal, the reinforcement question and a move leave
// the controls as tall as before, so the board above never moves (issue
// 19 item 7), in a narrow window and a wide one.
func TestTheControlsNeverChangeHeight(t *testing.T) {
	// Ana holds d1; Bo has just taken a4 from her, so Bo's a4 and c2 are
	// locked to her.
	h, b := start(t, nil, "d1", "c2", "b3", "a4", "a4", "c3")
	if b.m.Locks[b.m.square("c2")] == "" {
		t.Fatal("c2 is not locked")
	}
	for _, width := range []float32{440, 900} {
		height := func() float32 { return settledHeight(b.ctl.box, width) }
		want := height()
		check := func(what string) {
			t.Helper()
			if got := height(); got != want {
				t.Fatalf("%.0f wide: %s: the controls are %.1f tall, were %.1f", width, what, got, want)
			}
		}
		for sq := range b.m.Owners {
			hover(b, b.m.name(sq))
			check("pointing at " + b.m.name(sq))
		}
		test.TapAt(b, at(b, "c2"))
		check("a refusal")
		hover(b, "d1")
		test.TapAt(b, at(b, "d1"))
		if !b.ctl.ask.Visible() {
			t.Fatal("no question")
		}
		check("the question")
		b.cancel()
		b.MouseOut()
		check("the legend")
		b.Key(fyne.KeyRight)
		check("the cursor")
		b.Key(fyne.KeyEscape)
	}
	if err := h.Submit("d4"); err != nil {
		t.Fatal(err)
	}
	for _, width := range []float32{440, 900} {
		want := settledHeight(b.ctl.box, width)
		if err := h.Submit("b2"); err != nil {
			t.Fatal(err)
		}
		if got := settledHeight(b.ctl.box, width); got != want {
			t.Fatalf("%.0f wide: after a move the controls are %.1f tall, were %.1f", width, got, want)
		}
	}
}

// settledHeight lays o out at width, as a window does until nothing
// changes, and says how tall it asks to be.
func settledHeight(o fyne.CanvasObject, width float32) float32 {
	for range 3 {
		o.Resize(fyne.NewSize(width, o.MinSize().Height))
		layOut(o)
	}
	return o.MinSize().Height
}

func layOut(o fyne.CanvasObject) {
	switch o := o.(type) {
	case *fyne.Container:
		if o.Layout != nil {
			o.Layout.Layout(o.Objects, o.Size())
		}
		for _, child := range o.Objects {
			layOut(child)
		}
	case fyne.Widget:
		r := test.WidgetRenderer(o)
		r.Layout(o.Size())
		for _, child := range r.Objects() {
			layOut(child)
		}
	}
}

// BenchmarkControlsMinSize: how long the controls take to say how tall
// they are, which the window asks at every layout; the sayings they keep
// room for are made again only when the game's seats or rules change.
func BenchmarkControlsMinSize(b *testing.B) {
	h := boardtest.Start(b, "revenge", New, boardtest.Options{Seats: three, Size: fyne.NewSize(480, 480)})
	for _, tok := range []string{"d1", "c2", "b3", "a4", "a4", "c3"} {
		if err := h.Submit(tok); err != nil {
			b.Fatal(err)
		}
	}
	box := h.Board.(*Board).ctl.box
	settledHeight(box, 800)
	b.ResetTimer()
	for range b.N {
		box.MinSize()
	}
}

// TestTheCaptionStaysInItsSquare: the last move's caption ends inside its
// square at a phone's square size too (it crossed the bottom edge).
func TestTheCaptionStaysInItsSquare(t *testing.T) {
	_, b := start(t, nil, "a4")
	for _, side := range []float32{260, 300, 480} {
		b.Resize(fyne.NewSize(side, side))
		r, c := b.r, b.r.grid.Cell
		p := r.pos(b.m.Last)
		h := fyne.MeasureText(r.kind.Text, r.kind.TextSize, r.kind.TextStyle).Height
		bottom := r.kind.Position().Y + max(r.kind.Size().Height, h)
		if bottom > p.Y+c || r.kind.Position().Y < p.Y {
			t.Errorf("a board of %.0f: the caption %q runs %.1f to %.1f in a square %.1f to %.1f",
				side, r.kind.Text, r.kind.Position().Y, bottom, p.Y, p.Y+c)
		}
	}
}
