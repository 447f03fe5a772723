package alcazar

import (
	"strings"
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/driver/desktop"
	"fyne.io/fyne/v2/test"
	"fyne.io/fyne/v2/theme"

	"github.com/tabulagames/tabula/games"
	game "github.com/tabulagames/tabula/games/alcazar"
	"github.com/tabulagames/tabula/ui/boards/kit"
	"github.com/tabulagames/tabula/ui/boardtest"
	"github.com/tabulagames/tabula/ui/session"
)

// start opens a game (from a setup if given) between seats (nil: two
// people), on a board of 500x640.
func start(t *testing.T, seats []games.SeatInfo, setup string) (*boardtest.Host, *Board) {
	t.Helper()
	h := boardtest.Start(t, "alcazar", New, boardtest.Options{Seats: seats, Setup: setup})
	return h, h.Board.(*Board)
}

// tapSquare and tapHand tap the board like a person.
func tapSquare(b *Board, name string) {
	g := layout(b.Size(), b.m.Bottom, b.side)
	test.TapAt(b, centerOf(&g, sq(name)))
}

func tapHand(b *Board, seat, n int) {
	g := layout(b.Size(), b.m.Bottom, b.side)
	test.TapAt(b, g.traySlot(seat, n))
}

// shownMatches reports whether every piece is drawn where the viewed state
// has it (nothing left mid-animation).
func shownMatches(t *testing.T, b *Board) {
	t.Helper()
	want := [10]Loc{}
	for i := range want {
		want[i] = Loc{Hand: true}
	}
	st := b.host.(*boardtest.Host).S.Viewed().(*game.State) // the session's, not the board's last frame
	for _, pc := range st.Pieces() {
		want[index(pc.Seat, pc.N)] = squareLoc(pc.Square)
	}
	for i, pc := range b.pieces {
		if len(pc.path) != 1 || pc.at() != want[i] || pc.shake != 0 {
			t.Fatalf("piece %d drawn at %+v (path %v), the state has %+v", i, pc.at(), pc.path, want[i])
		}
	}
	if b.crownSeat != st.Crown() || b.crownProg != 0 {
		t.Fatalf("crown drawn by seat %d, held by %d", b.crownSeat, st.Crown())
	}
	if b.anim != nil {
		t.Fatal("an animation is still running")
	}
}

func TestTapPieceThenSquare(t *testing.T) {
	h, b := start(t, nil, "")
	tapHand(b, 0, 4)
	if b.m.SelPiece != 4 {
		t.Fatalf("piece 4 not selected: %d", b.m.SelPiece)
	}
	tapSquare(b, "c1")
	if got := h.Tokens(); got != "4@c1" {
		t.Fatalf("played %q", got)
	}
	// The waiting piece faces inward on c1; the square is marked taken.
	if pc := b.pieces[index(0, 4)]; pc.at() != squareLoc("c1") || pc.dir != game.N {
		t.Fatalf("4 drawn at %+v facing %d", pc.at(), pc.dir)
	}
	if b.m.First != sq("c1") {
		t.Fatalf("first square %d", b.m.First)
	}
	// Square first, then the piece.
	tapSquare(b, "a3")
	if b.m.SelSq != sq("a3") || h.S.Plies() != 1 {
		t.Fatal("tapping a square first should only select it")
	}
	tapHand(b, 1, 2)
	if got := h.Tokens(); got != "4@c1 2@a3" {
		t.Fatalf("played %q", got)
	}
	// Reduced motion: the final position is drawn at once.
	shownMatches(t, b)
	if !b.replayBtn.Visible() || b.replayBtn.Disabled() {
		t.Fatal("no replay after a movement phase")
	}
	if !strings.Contains(b.noteLabel.Text, "Turn 2") {
		t.Fatalf("note %q", b.noteLabel.Text)
	}
}

func TestUsedSquareRefusesSecondPlacer(t *testing.T) {
	h, b := start(t, nil, "")
	if err := h.Submit("3@c1"); err != nil {
		t.Fatal(err)
	}
	b.StartAnim = func(*fyne.Animation) {} // keep the flash on
	tapHand(b, 1, 1)
	tapSquare(b, "c1")
	if h.S.Plies() != 1 {
		t.Fatalf("the used square was accepted: %q", h.Tokens())
	}
	if !strings.Contains(h.Refusal, "just placed there") || b.refused.Square != sq("c1") {
		t.Fatalf("refusal %q, flash %d", h.Refusal, b.refused.Square)
	}
	if b.m.SelPiece != 1 {
		t.Fatal("the refused placement lost the chosen piece")
	}
	// Choosing the square first is refused as well, with the reason.
	b.m.SelPiece = 0
	h.Refusal = ""
	tapSquare(b, "c1")
	if b.m.SelSq >= 0 || !strings.Contains(h.Refusal, "just placed there") {
		t.Fatalf("square-first on the used square: sel %d, refusal %q", b.m.SelSq, h.Refusal)
	}
	// The other pieces and squares are fine; the opponent's pieces are not.
	h.Refusal = ""
	tapHand(b, 0, 2)
	if h.Refusal == "" || b.m.SelPiece != 0 {
		t.Fatal("a tap on the opponent's hand was not refused")
	}
}

func TestKeyboardPlays(t *testing.T) {
	h, b := start(t, nil, "")
	if b.Key(fyne.KeyEscape) {
		t.Fatal("Escape with nothing selected must not be used")
	}
	b.Key("3")
	if b.m.SelPiece != 3 || b.m.Cursor != sq("c1") {
		t.Fatalf("3 chose %d, cursor %d", b.m.SelPiece, b.m.Cursor)
	}
	b.Key(fyne.KeyRight) // c1 -> d1
	b.Key(fyne.KeyReturn)
	if got := h.Tokens(); got != "3@d1" {
		t.Fatalf("keys played %q", got)
	}
	b.Key("5")
	if b.m.Cursor != sq("d1") {
		t.Fatalf("cursor moved to %d", b.m.Cursor)
	}
	b.Key(fyne.KeyUp) // d1 -> e2
	b.Key(fyne.KeyUp) // e2 -> e3
	if !b.Key(fyne.KeyEscape) || b.m.SelPiece != 0 || b.m.Cursor != -1 {
		t.Fatal("Escape did not drop the selection")
	}
	b.Key(fyne.KeyLeft) // shows the cursor on Ben's side: c5
	if b.m.Cursor != sq("c5") {
		t.Fatalf("cursor %s", game.SquareName(b.m.Cursor))
	}
	b.Key(fyne.KeyLeft) // b5
	b.Key(fyne.KeyReturn)
	if h.S.Plies() != 1 || h.Refusal == "" {
		t.Fatal("Enter without a piece should be refused")
	}
	b.Key("5")
	b.Key(fyne.KeyReturn)
	if got := h.Tokens(); got != "3@d1 5@b5" {
		t.Fatalf("keys played %q", got)
	}
	shownMatches(t, b)
}

func TestRingSteps(t *testing.T) {
	for _, c := range []struct {
		from string
		k    fyne.KeyName
		to   string
	}{
		{"c1", fyne.KeyRight, "d1"}, {"d1", fyne.KeyRight, "e2"}, {"d1", fyne.KeyUp, "e2"},
		{"b5", fyne.KeyLeft, "a4"}, {"c5", fyne.KeyDown, "c1"}, {"a3", fyne.KeyRight, "e3"},
		{"e3", fyne.KeyLeft, "a3"}, {"a3", fyne.KeyUp, "a4"}, {"c1", fyne.KeyDown, "c1"},
	} {
		df, dr := kit.ArrowDelta(c.k)
		if got := game.SquareName(RingStep(sq(c.from), df, dr)); got != c.to {
			t.Errorf("%s %s: %s, want %s", c.from, c.k, got, c.to)
		}
	}
}

// holdAnimations keeps the board's animations from running by themselves
// (Fyne's test driver would run them to the end at once).
func holdAnimations(h *boardtest.Host, b *Board) {
	h.Moving.Reduced = false
	b.StartAnim = func(*fyne.Animation) {}
}

func TestPhaseAnimatesAndDrawCancelsIt(t *testing.T) {
	h, b := start(t, nil, "")
	holdAnimations(h, b)
	h.Submit("4@c1")
	if b.anim == nil || len(b.anim.beats) != 1 {
		t.Fatal("the drop does not slide in")
	}
	b.anim.fa.Tick(1)
	shownMatches(t, b)
	h.Submit("2@a3")
	a := b.anim
	if a == nil {
		t.Fatal("no movement phase animation")
	}
	// The phase starts from the position before: the 4 waits on c1, the 2
	// comes out of Ben's hand.
	if b.pieces[index(0, 4)].at() != squareLoc("c1") {
		t.Fatalf("the 4 starts at %+v", b.pieces[index(0, 4)].at())
	}
	a.fa.Tick(0.5)
	if b.anim != a || a.cur == 0 {
		t.Fatal("the timeline did not advance")
	}
	if b.noteLabel.Text == "" || !b.skipBtn.Visible() {
		t.Fatal("no caption or Skip while the phase plays")
	}
	// Input is held back while it plays.
	tapHand(b, 0, 1)
	b.Key("1")
	if b.m.SelPiece != 0 {
		t.Fatal("input taken during the animation")
	}
	// The same position drawn again (a bot starts thinking) keeps it going.
	b.Draw(h.S.Frame(), false)
	if b.anim != a {
		t.Fatal("a redraw of the same position stopped the phase")
	}
	// Undo draws another position: the phase stops, the board is final.
	h.S.Undo()
	if h.S.Plies() != 1 {
		t.Fatalf("undo left %q", h.Tokens())
	}
	shownMatches(t, b)
	a.fa.Tick(0.9) // a stale tick changes nothing
	shownMatches(t, b)
}

func TestNextPlyWaitsForThePhase(t *testing.T) {
	h, b := start(t, nil, "")
	holdAnimations(h, b)
	h.Submit("4@c1")
	b.anim.fa.Tick(1)
	h.Submit("2@a3")
	a := b.anim
	a.fa.Tick(0.3)
	// The next ply arrives (a quick bot): it waits for the phase.
	if err := h.S.Submit("1@c5"); err != nil {
		t.Fatal(err)
	}
	h.Redraw() // the session refreshes again when the next bot starts thinking
	if b.anim != a || !b.story.Held() {
		t.Fatal("the next ply cut the phase short")
	}
	a.fa.Tick(1)
	// Now the drop of the next ply plays; then all is final.
	if b.anim == nil || b.story.View() != 3 {
		t.Fatalf("the waiting ply was not drawn (view %d)", b.story.View())
	}
	b.anim.fa.Tick(1)
	shownMatches(t, b)
	if b.m.St.FirstSquare() != "c5" {
		t.Fatal("wrong position")
	}
	// Skip ends a replay at once.
	b.replay()
	if b.anim == nil {
		t.Fatal("no replay")
	}
	b.skip()
	shownMatches(t, b)
}

func TestReplayUnderReducedMotion(t *testing.T) {
	h, b := start(t, nil, "")
	h.Submit("4@c1")
	h.Submit("2@a3")
	shownMatches(t, b)
	b.StartAnim = func(*fyne.Animation) {}
	b.replay()
	if b.anim == nil || !b.anim.snap {
		t.Fatal("replay under reduced motion should step without motion")
	}
	b.anim.fa.Tick(1)
	shownMatches(t, b)
}

// A seat with all five pieces in play gets a Pass button, and only then.
func TestForcedPass(t *testing.T) {
	setup := `{"pieces": [
		{"seat": 0, "n": 1, "at": "b2", "dir": "N"}, {"seat": 0, "n": 2, "at": "c2", "dir": "E"},
		{"seat": 0, "n": 3, "at": "d3", "dir": "W"}, {"seat": 0, "n": 4, "at": "b4", "dir": "S"},
		{"seat": 0, "n": 5, "at": "d4", "dir": "S"}, {"seat": 1, "n": 1, "at": "c3", "dir": "E"}],
		"hands": [[], [2, 3, 4, 5]], "crown": 0, "turn": 0, "toMove": 0}`
	h, b := start(t, nil, setup)
	if !b.passBtn.Visible() {
		t.Fatal("no Pass button for an empty hand")
	}
	b.Key("2")
	if h.Refusal == "" {
		t.Fatal("choosing a piece in play was not refused")
	}
	b.passBtn.OnTapped()
	if got := h.Tokens(); got != "pass" {
		t.Fatalf("played %q", got)
	}
	if b.passBtn.Visible() {
		t.Fatal("Pass shown with pieces in hand")
	}
	// Blue's 4 enters on e3 and shoves the whole rank: its captions say
	// who goes back to the hand and why.
	if err := h.Submit("4@e3"); err != nil {
		t.Fatal(err)
	}
	var captions []string
	_, _, events := h.S.LastTurn()
	for _, bt := range b.m.Beats(events) {
		captions = append(captions, bt.Caption)
	}
	all := strings.Join(captions, " | ")
	for _, want := range []string{"Blue (Ben) places 4 on e3.", "Amber 1 moves to b3.", "Blue 1 is blocked and stays.",
		"Blue 4 pushes 3 pieces; Amber 4 goes back to the hand (pushed onto the edge).", "The crown passes to Blue (Ben)."} {
		if !strings.Contains(all, want) {
			t.Errorf("no caption %q in %s", want, all)
		}
	}
	if !strings.Contains(b.noteLabel.Text, "Amber (Ana) wins: three in a row") {
		t.Fatalf("note %q", b.noteLabel.Text)
	}
}

func TestHintShowsSquareAndPiece(t *testing.T) {
	h, b := start(t, nil, "")
	h.S.ShowHint(&session.Hint{Seat: 0, Move: game.Drop(5, sq("e3")), Token: "5@e3"})
	h.Redraw()
	if b.m.HintSq != sq("e3") || b.m.HintN != 5 {
		t.Fatalf("hint drawn at %d with piece %d", b.m.HintSq, b.m.HintN)
	}
	r := test.WidgetRenderer(b).(*renderer)
	if !r.hintSq.Visible() || !r.hintPiece.Visible() {
		t.Fatal("the hint outlines are hidden")
	}
	b.Key(fyne.KeyDown) // the first arrow starts on the hinted square
	if b.m.Cursor != sq("e3") {
		t.Fatalf("cursor %d", b.m.Cursor)
	}
}

// Against a bot: the person places, the bot answers, the board keeps up.
func TestAgainstBot(t *testing.T) {
	seats := []games.SeatInfo{{Name: "Ana", Controller: "human"}, {Name: "Computer", Controller: "ai", Bot: "easy"}}
	h, b := start(t, seats, "")
	for turn := 0; turn < 6 && !h.S.Live().Outcome().Over(); turn++ {
		h.Loop.Until(t, "the person's turn", func() bool {
			return h.S.HumanToMove() == 0 || h.S.Live().Outcome().Over()
		})
		if h.S.Live().Outcome().Over() {
			break
		}
		st := h.S.Live().(*game.State)
		if len(st.Hand(0)) == 0 {
			b.passBtn.OnTapped()
		} else {
			tapHand(b, 0, st.Hand(0)[0])
			for _, sq := range ring {
				if game.SquareName(sq) != st.FirstSquare() {
					tapSquare(b, game.SquareName(sq))
					break
				}
			}
		}
		shownMatches(t, b)
	}
	if h.S.Plies() < 4 {
		t.Fatalf("only %d plies", h.S.Plies())
	}
}

func TestStepThroughThePhase(t *testing.T) {
	h, b := start(t, nil, "")
	holdAnimations(h, b)
	for _, tok := range []string{"4@c1", "2@a3", "3@e2", "5@b5"} {
		if err := h.Submit(tok); err != nil {
			t.Fatal(err)
		}
		if b.anim != nil {
			b.anim.fa.Tick(1)
		}
	}
	shownMatches(t, b)
	h.Submit("1@c5")
	b.anim.fa.Tick(1)
	h.Submit("4@d1")
	if b.anim == nil {
		t.Fatal("no phase")
	}
	slots := 0
	_, _, events := h.S.LastTurn()
	for _, e := range events {
		if e.Kind == game.EventAct {
			slots++
		}
	}
	presses := 0
	for b.anim != nil && presses < 20 {
		caption := b.noteLabel.Text
		if presses == 0 {
			b.Key(fyne.KeySpace)
		} else {
			b.step()
		}
		presses++
		if b.anim != nil && (!b.anim.paused || !b.playBtn.Visible() || b.noteLabel.Text == caption) {
			t.Fatalf("step %d: paused %v, caption %q after %q", presses, b.anim.paused, b.noteLabel.Text, caption)
		}
	}
	// One press per slot, one for the crown, one to finish.
	if presses != slots+2 {
		t.Fatalf("%d presses for %d slots", presses, slots)
	}
	shownMatches(t, b)
	// Step, then Play again: the timeline runs on to the end.
	b.replay()
	b.step()
	b.resume()
	if b.anim == nil || b.anim.paused {
		t.Fatal("Play did not resume")
	}
	b.anim.fa.Tick(1)
	shownMatches(t, b)
}

func TestSeveralPliesDuringThePhase(t *testing.T) {
	h, b := start(t, nil, "")
	holdAnimations(h, b)
	h.Submit("4@c1")
	b.anim.fa.Tick(1)
	h.Submit("2@a3")
	a := b.anim
	a.fa.Tick(0.2)
	for _, tok := range []string{"1@c5", "3@c1"} {
		if err := h.S.Submit(tok); err != nil {
			t.Fatal(err)
		}
		h.Redraw() // the session refreshes again when the next bot starts thinking
	}
	if b.anim != a {
		t.Fatal("later plies cut the phase short")
	}
	a.fa.Tick(1)
	// Two plies behind: the board jumps to the game without animating.
	if b.story.View() != 4 {
		t.Fatalf("view %d", b.story.View())
	}
	shownMatches(t, b)
}

func TestLayoutFitsAndFindsTrays(t *testing.T) {
	for _, c := range []struct {
		w, h       float32
		start, end bool
	}{
		{820, 600, false, true},  // a desktop window: trays beside the frame
		{400, 700, false, false}, // tall: trays above and below
		{412, 380, false, false}, // a phone, nearly even: keep what it has
		{412, 380, true, true},
	} {
		size := fyne.NewSize(c.w, c.h)
		g := layout(size, 1, c.start)
		if g.side != c.end {
			t.Errorf("%vx%v from side=%v: side=%v", c.w, c.h, c.start, g.side)
		}
		for seat := 0; seat < 2; seat++ {
			for n := 1; n <= 5; n++ {
				p := g.traySlot(seat, n)
				if p.X < 0 || p.Y < 0 || p.X > c.w || p.Y > c.h {
					t.Errorf("%vx%v: slot %d/%d at %v is outside", c.w, c.h, seat, n, p)
				}
				if s, k, ok := g.trayAt(p); !ok || s != seat || k != n {
					t.Errorf("%vx%v: slot %d/%d found as %d/%d %v", c.w, c.h, seat, n, s, k, ok)
				}
			}
		}
		// The frame's squares are found where they are drawn.
		for _, sq := range ring {
			p := centerOf(&g, sq)
			if f, r := g.grid.AtAny(p); r*5+f != sq {
				t.Errorf("%vx%v: %s found as %d,%d", c.w, c.h, game.SquareName(sq), f, r)
			}
		}
	}
}

func TestDragFromTheHand(t *testing.T) {
	h, b := start(t, nil, "")
	g := layout(b.Size(), b.m.Bottom, b.side)
	from, to := g.traySlot(0, 5), centerOf(&g, sq("e3"))
	mid := lerpPos(from, to, 0.5)
	b.Dragged(&fyne.DragEvent{PointEvent: fyne.PointEvent{Position: from.Add(fyne.NewDelta(3, 3))}, Dragged: fyne.NewDelta(3, 3)})
	b.Dragged(&fyne.DragEvent{PointEvent: fyne.PointEvent{Position: mid}, Dragged: fyne.NewDelta(mid.X-from.X, mid.Y-from.Y)})
	if b.dragN != 5 || b.dragPos != mid {
		t.Fatalf("dragging %d at %v", b.dragN, b.dragPos)
	}
	b.Dragged(&fyne.DragEvent{PointEvent: fyne.PointEvent{Position: to}, Dragged: fyne.NewDelta(to.X-mid.X, to.Y-mid.Y)})
	b.DragEnd()
	if got := h.Tokens(); got != "5@e3" {
		t.Fatalf("drag played %q", got)
	}
	// A drag that starts on the board moves nothing.
	p := centerOf(&g, sq("c3"))
	b.Dragged(&fyne.DragEvent{PointEvent: fyne.PointEvent{Position: p}, Dragged: fyne.NewDelta(1, 1)})
	b.Dragged(&fyne.DragEvent{PointEvent: fyne.PointEvent{Position: to}, Dragged: fyne.NewDelta(to.X-p.X, to.Y-p.Y)})
	b.DragEnd()
	if h.S.Plies() != 1 || b.dragN != 0 {
		t.Fatal("a drag from the board played")
	}
	// The mouse over a free entry square shows the chosen piece there.
	tapHand(b, 1, 2)
	b.MouseMoved(&desktop.MouseEvent{PointEvent: fyne.PointEvent{Position: centerOf(&g, sq("a2"))}})
	r := test.WidgetRenderer(b).(*renderer)
	if b.hover != sq("a2") || !r.ghost.body.Visible() {
		t.Fatal("no ghost under the mouse")
	}
	b.MouseOut()
	if r.ghost.body.Visible() {
		t.Fatal("the ghost stayed")
	}
}

// A piece dragged onto its square stays there: it does not fly in from
// the hand again, and the phase starts with it in place.
func TestDraggedPieceDoesNotFlyAgain(t *testing.T) {
	h, b := start(t, nil, "")
	holdAnimations(h, b)
	drag := func(seat, n int, square string) {
		g := layout(b.Size(), b.m.Bottom, b.side)
		from, to := g.traySlot(seat, n), centerOf(&g, sq(square))
		b.Dragged(&fyne.DragEvent{PointEvent: fyne.PointEvent{Position: from.Add(fyne.NewDelta(2, 2))}, Dragged: fyne.NewDelta(2, 2)})
		b.Dragged(&fyne.DragEvent{PointEvent: fyne.PointEvent{Position: to}, Dragged: fyne.NewDelta(to.X-from.X, to.Y-from.Y)})
		b.DragEnd()
	}
	drag(0, 3, "c1")
	if h.Tokens() != "3@c1" || b.anim != nil {
		t.Fatalf("played %q, animating %v", h.Tokens(), b.anim != nil)
	}
	drag(1, 2, "b5")
	if h.Tokens() != "3@c1 2@b5" || b.anim == nil {
		t.Fatalf("played %q, animating %v", h.Tokens(), b.anim != nil)
	}
	if pc := b.pieces[index(1, 2)]; pc.at() != squareLoc("b5") || b.anim.beats[0].SetDir != game.NoDir {
		t.Fatal("the dragged piece flies in again")
	}
	b.anim.fa.Tick(1)
	shownMatches(t, b)
}

// A right-click (or long press) tells what a piece does.
func TestSecondaryTapExplains(t *testing.T) {
	h, b := start(t, nil, "")
	g := layout(b.Size(), b.m.Bottom, b.side)
	b.TappedSecondary(&fyne.PointEvent{Position: g.traySlot(0, 4)})
	if !strings.Contains(h.Said, "Amber's 4 (in hand): acts fourth") || !strings.Contains(h.Said, "The pusher") {
		t.Fatalf("said %q", h.Said)
	}
	if err := h.Submit("4@c1"); err != nil {
		t.Fatal(err)
	}
	if err := h.Submit("2@a3"); err != nil {
		t.Fatal(err)
	}
	// The 4 entered c2, facing north.
	g = layout(b.Size(), b.m.Bottom, b.side)
	b.TappedSecondary(&fyne.PointEvent{Position: centerOf(&g, sq("c2"))})
	if !strings.HasPrefix(h.Said, "Amber's 4 on c2, facing north") {
		t.Fatalf("said %q", h.Said)
	}
	if h.S.Plies() != 2 {
		t.Fatal("a secondary tap played")
	}
}

// TestSettledAfterThePhase: the board tells the screen when the phase has
// ended (so it may show the result it held back), and not before.
func TestSettledAfterThePhase(t *testing.T) {
	h, b := start(t, nil, "")
	holdAnimations(h, b)
	h.Submit("4@c1")
	b.anim.fa.Tick(1)
	settles := h.Settles
	h.Submit("2@a3")
	if !b.Animating() || h.Settles != settles {
		t.Fatalf("animating %v, settled %d times", b.Animating(), h.Settles-settles)
	}
	b.anim.fa.Tick(0.5)
	if h.Settles != settles {
		t.Fatal("settled in the middle of the phase")
	}
	b.anim.fa.Tick(1)
	if b.Animating() || h.Settles != settles+1 {
		t.Fatalf("animating %v, settled %d times", b.Animating(), h.Settles-settles)
	}
}

// An empty slot in a hand (where a piece was) is a mark: its outline
// shows at 3:1 on its tray in the app's light and dark theme.
func TestEmptySlotsShowOnTheirTrays(t *testing.T) {
	_, b := start(t, nil, "")
	r := test.WidgetRenderer(b).(*renderer)
	for name, v := range map[string]fyne.ThemeVariant{"light": theme.VariantLight, "dark": theme.VariantDark} {
		fyne.CurrentApp().Settings().SetTheme(kit.ThemeIn(v))
		b.Refresh()
		bg := theme.Color(theme.ColorNameBackground)
		for seat := 0; seat < 2; seat++ {
			tray := kit.Over(r.trays[seat].FillColor, bg)
			slot := r.slots[index(seat, 1)].StrokeColor
			if c := kit.Contrast(kit.Over(slot, tray), tray); c < 3 {
				t.Errorf("%s theme: seat %d's empty slot shows %.2f:1 on its tray, want 3:1", name, seat, c)
			}
		}
	}
}

// TestWrongTargetsAreExplained: no tap, drag or drop on the wrong place
// is ignored in silence (issue 10 item 7): a square of the board, a
// piece in play, a drag onto the board, a tap while the pieces move or
// while an earlier position is shown each say why, and play nothing.
func TestWrongTargetsAreExplained(t *testing.T) {
	h, b := start(t, nil, "")
	g := layout(b.Size(), b.m.Bottom, b.side)
	refused := func(what, want string) {
		t.Helper()
		if h.Refusal != want {
			t.Fatalf("%s: refusal %q, want %q", what, h.Refusal, want)
		}
		h.Refusal = ""
	}
	const edgeOnly = "Pieces can only be dropped on the 12 edge squares."
	// A piece chosen, a square of the board tapped: refused, the choice stays.
	tapHand(b, 0, 4)
	tapSquare(b, "c3")
	refused("a tap on c3", edgeOnly)
	if b.m.SelPiece != 4 || h.S.Plies() != 0 {
		t.Fatalf("after the tap on c3: chosen %d, played %q", b.m.SelPiece, h.Tokens())
	}
	// With nothing chosen, too.
	tapHand(b, 0, 4)
	tapSquare(b, "b2")
	refused("a tap on b2 with nothing chosen", edgeOnly)
	// A piece dragged onto the board: refused, nothing played.
	from, to := g.traySlot(0, 2), centerOf(&g, sq("d4"))
	boardtest.Drag(b, from, to)
	b.DragEnd()
	refused("a drop on d4", edgeOnly)
	if h.S.Plies() != 0 {
		t.Fatalf("the drop on d4 played %q", h.Tokens())
	}
	// A piece in play, tapped or dragged.
	h.Submit("3@c1")
	h.Submit("2@a3")
	tapHand(b, 1, 2)
	refused("Ben's 2, in play", "Piece 2 is already in play.")
	boardtest.Drag(b, g.traySlot(1, 2), centerOf(&g, sq("e2")))
	b.DragEnd()
	refused("a drag of Ben's 2, in play", "Piece 2 is already in play.")
	// An earlier position: every tap says so.
	h.S.SetView(1)
	tapSquare(b, "e2")
	refused("a tap on an earlier position", session.ErrViewingPast.Error())
	tapHand(b, 0, 5)
	refused("a tap on the hand of an earlier position", session.ErrViewingPast.Error())
	h.S.SetView(h.S.Plies())
	// While the pieces move.
	holdAnimations(h, b)
	h.Submit("5@e2")
	h.Submit("4@b5")
	if b.anim == nil {
		t.Fatal("the phase does not play")
	}
	tapSquare(b, "d1")
	refused("a tap while the pieces move", movingRefusal)
	if h.S.Plies() != 4 {
		t.Fatalf("a tap while the pieces move played %q", h.Tokens())
	}
}

// TestPhoneHandsAreTouchTargets: at a phone's full width (404 of 412 dp,
// as tall as HeightFor says), whichever arrangement the board had before,
// the hands lie above and below the frame and every square and hand slot
// is at least 44 dp (UX.md); a phone used to get about 30 dp pieces.
func TestPhoneHandsAreTouchTargets(t *testing.T) {
	b := &Board{}
	size := fyne.NewSize(404, b.HeightFor(404))
	for _, wasSide := range []bool{false, true} {
		g := layout(size, 0, wasSide)
		if g.side {
			t.Fatalf("hands beside the frame at %v", size)
		}
		slot := fyne.NewSize(0.86*g.c, g.trayH)
		if g.c < kit.MinTouch || slot.Width < kit.MinTouch || slot.Height < kit.MinTouch {
			t.Fatalf("squares of %.0f and hand slots of %v, want at least %v", g.c, slot, kit.MinTouch)
		}
		if bottom := g.tray[0].Y + g.traySize().Height; bottom > size.Height+0.5 {
			t.Fatalf("the lower hand ends at %.0f, below the board's %.0f", bottom, size.Height)
		}
	}
}

// The squares named for screen readers (and the web test hook) are the
// frame's 21 squares and the pieces in hand, each where a tap on it does
// what its name says: a tap in the middle of "Amber's 3, in hand" and
// then of "c1, entry square" plays 3@c1, which is then named on c2's
// neighbour c1 as Amber's 3.
func TestSpokenSquaresAreWhereTheyArePlayed(t *testing.T) {
	h, b := start(t, nil, "")
	spoken := b.SpokenSquares()
	if len(spoken) != 21+10 {
		t.Fatalf("%d squares named, want 21 of the frame and 10 in hand", len(spoken))
	}
	find := func(label string) fyne.Position {
		t.Helper()
		for _, s := range b.SpokenSquares() {
			if s.Label == label {
				return fyne.NewPos(s.Pos.X+s.Size.Width/2, s.Pos.Y+s.Size.Height/2)
			}
		}
		t.Fatalf("no square named %q in %v", label, b.SpokenSquares())
		return fyne.Position{}
	}
	find("c3, empty")
	test.TapAt(b, find("Amber's 3, in hand"))
	test.TapAt(b, find("c1, entry square"))
	if got := h.Tokens(); got != "3@c1" {
		t.Fatalf("played %q", got)
	}
	find("c1, Amber's 3 facing north")
	for _, s := range b.SpokenSquares() {
		if s.Label == "Amber's 3, in hand" {
			t.Fatal("a piece in play is still named in the hand")
		}
	}
}
