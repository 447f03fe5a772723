package infiltration

import (
	"strings"
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/test"
	"fyne.io/fyne/v2/theme"

	"github.com/tabulagames/tabula/games"
	"github.com/tabulagames/tabula/ui/boards/kit"
	"github.com/tabulagames/tabula/ui/boardtest"
	"github.com/tabulagames/tabula/ui/session"
)

// start opens a game between two people with house rules and a setup, on
// a board of a known size.
func start(t *testing.T, rules map[string]any, setup string) (*boardtest.Host, *Board) {
	t.Helper()
	h := boardtest.Start(t, "infiltration", New, boardtest.Options{Rules: rules, Setup: setup, Size: fyne.NewSize(480, 520)})
	return h, h.Board.(*Board)
}

// at is the centre of a square.
func at(b *Board, name string) fyne.Position {
	f, r, err := games.ParseSquare(name, 8, 8)
	if err != nil {
		panic(err)
	}
	return b.territory().Center(f, r)
}

func TestDropFromHand(t *testing.T) {
	h, b := start(t, map[string]any{"pieces": 4}, "")
	test.Tap(b.handBtns[0][0]) // X's men
	if b.m.HandSel != 0 || len(b.r.t.Dots) != 32 {
		t.Fatalf("hand not chosen: %d, %d dots", b.m.HandSel, len(b.r.t.Dots))
	}
	test.TapAt(b, at(b, "c3"))
	if h.Tokens() != "@c3" {
		t.Fatalf("drop played %q", h.Tokens())
	}
	// An empty home square alone drops a man (the only reading).
	test.TapAt(b, at(b, "d6"))
	if h.Tokens() != "@c3 @d6" {
		t.Fatalf("tap on a home square played %q", h.Tokens())
	}
	// Outside the home half: refused with the rules' reason.
	test.TapAt(b, at(b, "e6"))
	if h.Tokens() != "@c3 @d6" || !strings.Contains(h.Refusal, "home half") {
		t.Fatalf("%q, refusal %q", h.Tokens(), h.Refusal)
	}
	if b.m.Cells[2*8+2] != 1 || b.m.Cells[5*8+3] != 3 || b.m.Hands[0][0] != 3 || b.m.Hands[1][0] != 3 {
		t.Fatalf("board or hands not drawn: %v %v", b.m.Cells, b.m.Hands)
	}
}

const infMovement = `{"board": ["........", "........", ".....o..", "........", "...o....", "..x.....", "......x.", "........"],
 "hand": {"X": {"men": 0, "kings": 1}, "O": {"men": 0, "kings": 0}}, "phase": "movement", "toMove": 0}`

func TestSelectThenStep(t *testing.T) {
	h, b := start(t, nil, infMovement)
	test.TapAt(b, at(b, "g2"))
	if b.m.Sel != 1*8+6 {
		t.Fatalf("g2 not selected: %d", b.m.Sel)
	}
	if got := b.r.t.Dots; len(got) != 2 || len(b.r.t.Captures) != 0 {
		t.Fatalf("g2's steps: dots %v captures %v", got, b.r.t.Captures)
	}
	// c3 can capture d4: a ring on e5, a dot on b4.
	test.TapAt(b, at(b, "c3"))
	if b.m.Sel != 2*8+2 || len(b.r.t.Captures) != 1 || b.r.t.Captures[0] != 4*8+4 || len(b.r.t.Dots) != 1 {
		t.Fatalf("c3: sel %d dots %v captures %v", b.m.Sel, b.r.t.Dots, b.r.t.Captures)
	}
	test.TapAt(b, at(b, "b4"))
	if h.Tokens() != "c3-b4" || b.m.Sel != -1 {
		t.Fatalf("step played %q, selection %d", h.Tokens(), b.m.Sel)
	}
}

func TestCaptureAndKingDrop(t *testing.T) {
	h, b := start(t, nil, infMovement)
	test.TapAt(b, at(b, "c3"))
	test.TapAt(b, at(b, "e5"))
	if h.Tokens() != "c3xe5" || b.m.Hands[1][0] != 1 || b.m.Cells[3*8+3] != 0 {
		t.Fatalf("capture: %q, O's hand %v", h.Tokens(), b.m.Hands[1])
	}
	h.Submit("f6-g5")
	// X holds only a king: a tap on an empty home square drops it.
	test.TapAt(b, at(b, "a1"))
	if h.Tokens() != "c3xe5 f6-g5 K@a1" || b.m.Cells[0] != 2 {
		t.Fatalf("king drop: %q, a1 %d", h.Tokens(), b.m.Cells[0])
	}
}

func TestRefusals(t *testing.T) {
	h, b := start(t, map[string]any{"forcedCapture": true}, infMovement)
	// Forced capture: g2 cannot step, and the rules say why.
	test.TapAt(b, at(b, "g2"))
	if b.m.Sel != -1 || !strings.Contains(h.Refusal, "must capture") {
		t.Fatalf("g2 selected %d, refusal %q", b.m.Sel, h.Refusal)
	}
	// Someone else's piece.
	test.TapAt(b, at(b, "d4"))
	if !strings.Contains(h.Refusal, "O's") {
		t.Fatalf("refusal %q", h.Refusal)
	}
	// A square the selected piece cannot reach.
	test.TapAt(b, at(b, "c3"))
	test.TapAt(b, at(b, "c5"))
	if h.Tokens() != "" || h.Refusal == "" || strings.Contains(h.Refusal, "O's") {
		t.Fatalf("%q, refusal %q", h.Tokens(), h.Refusal)
	}
	if b.m.Sel != 2*8+2 {
		t.Fatal("a refused tap lost the selection")
	}
}

func TestMultiJumpKeepsPiece(t *testing.T) {
	setup := `{"board": ["........", "........", ".....o..", "........", "...o....", "..x.....", "......x.", "........"],
 "hand": {"X": {"men": 0, "kings": 0}, "O": {"men": 1, "kings": 0}}, "phase": "movement", "toMove": 0}`
	h, b := start(t, map[string]any{"multiJump": true}, setup)
	test.TapAt(b, at(b, "c3"))
	test.TapAt(b, at(b, "e5"))
	if h.Tokens() != "c3xe5" || b.m.Sel != 4*8+4 || b.m.Chain != 4*8+4 {
		t.Fatalf("after the first jump: %q, selected %d chain %d", h.Tokens(), b.m.Sel, b.m.Chain)
	}
	if len(b.r.t.Captures) != 1 || b.r.t.Captures[0] != 6*8+6 {
		t.Fatalf("the next jump is not shown: %v", b.r.t.Captures)
	}
	if !b.Key(fyne.KeyEscape) || b.m.Sel != 4*8+4 || !strings.Contains(h.Refusal, "keep capturing") {
		t.Fatalf("Escape during a multi-jump: selected %d, refusal %q", b.m.Sel, h.Refusal)
	}
	// Dragging another piece is refused the same way; the jumper stays.
	h.Refusal = ""
	boardtest.Drag(b, at(b, "g2"), at(b, "h3"))
	b.DragEnd()
	if b.m.Sel != 4*8+4 || b.dragFrom != -1 || !strings.Contains(h.Refusal, "keep capturing") {
		t.Fatalf("drag during a multi-jump: selected %d, refusal %q", b.m.Sel, h.Refusal)
	}
	boardtest.Drag(b, at(b, "e5"), at(b, "g7"))
	b.DragEnd()
	if h.Tokens() != "c3xe5 e5xg7" {
		t.Fatalf("second jump: %q", h.Tokens())
	}
}

func TestKeyboard(t *testing.T) {
	h, b := start(t, nil, infMovement)
	b.Key(fyne.KeyUp) // the cursor appears on e3 (X's side)
	for _, k := range []fyne.KeyName{fyne.KeyLeft, fyne.KeyLeft, fyne.KeyReturn} {
		b.Key(k) // c3, selected
	}
	if b.m.Sel != 2*8+2 {
		t.Fatalf("Enter did not select c3: %d", b.m.Sel)
	}
	if !b.Key(fyne.KeyEscape) || b.m.Sel != -1 {
		t.Fatal("Escape did not cancel the selection")
	}
	b.Key(fyne.KeyReturn) // select c3 again
	b.Key(fyne.KeyUp)
	b.Key(fyne.KeyLeft) // b4
	b.Key(fyne.KeyReturn)
	if h.Tokens() != "c3-b4" {
		t.Fatalf("keys played %q", h.Tokens())
	}
	// K and M choose from the hand (X holds a king).
	h.Submit("f6-e5")
	b.Key(fyne.KeyK)
	if b.m.HandSel != 1 {
		t.Fatal("K did not take the king from the hand")
	}
	b.Key(fyne.KeyDown)
	b.Key(fyne.KeyReturn) // b3
	if h.Tokens() != "c3-b4 f6-e5 K@b3" {
		t.Fatalf("keys played %q", h.Tokens())
	}
	if b.Key(fyne.KeyEscape) {
		t.Fatal("Escape with nothing selected must be left to the screen")
	}
}

func TestPiePrompt(t *testing.T) {
	h, b := start(t, map[string]any{"pie": true}, "")
	if b.pie.Visible() {
		t.Fatal("the pie prompt shows before X's first piece")
	}
	test.TapAt(b, at(b, "d3"))
	if !b.pie.Visible() {
		t.Fatal("no pie prompt for O")
	}
	swap := b.pie.Objects[0].(*fyne.Container).Objects[1]
	test.Tap(swap.(fyne.Tappable))
	if h.Tokens() != "@d3 swap" || b.pie.Visible() {
		t.Fatalf("swap: %q, prompt %v", h.Tokens(), b.pie.Visible())
	}
}

func TestHintPulse(t *testing.T) {
	h, b := start(t, nil, infMovement)
	hint, err := h.S.Live().ParseMove(0, "c3xe5")
	if err != nil {
		t.Fatal(err)
	}
	h.S.ShowHint(&session.Hint{Seat: 0, Move: hint, Token: "c3xe5"})
	h.Redraw()
	if h := b.r.t.Hint; len(h) != 2 || h[0] != 4*8+4 || h[1] != 2*8+2 {
		t.Fatalf("hint on %v", h)
	}
}

func TestDragMoves(t *testing.T) {
	h, b := start(t, nil, infMovement)
	if got := b.SpokenSquares()[2*8+2].Label; got != "c3, X man, X's home half" {
		t.Fatalf("c3 is read as %q", got)
	}
	// While dragging, the piece follows the pointer and its targets show.
	from, to := at(b, "c3"), at(b, "e5")
	boardtest.Drag(b, from, to)
	if b.dragFrom != 2*8+2 || b.dragPos != to || len(b.r.t.Captures) != 1 {
		t.Fatalf("dragging %d at %v, captures %v", b.dragFrom, b.dragPos, b.r.t.Captures)
	}
	if b.r.ghost.v != b.m.Cells[2*8+2] {
		t.Fatal("the dragged piece is not drawn at the pointer")
	}
	h.Moving.Reduced = false
	b.DragEnd()
	if h.Tokens() != "c3xe5" || b.dragFrom != -1 {
		t.Fatalf("drag played %q", h.Tokens())
	}
	// The piece is where it was let go: it does not slide there again,
	// but the captured piece still leaves.
	if b.anim.From != -1 || b.anim.Gone != 3*8+3 {
		t.Fatalf("after the drop: %+v", b.anim)
	}
	h.Moving.Reduced = true
	// A drag from an empty square moves nothing; from the opponent's
	// piece, it is refused with why, as a tap on it would be.
	h.Refusal = ""
	boardtest.Drag(b, at(b, "a1"), at(b, "b2"))
	b.DragEnd()
	if h.Refusal != "" {
		t.Fatalf("a drag from an empty square: %q", h.Refusal)
	}
	boardtest.Drag(b, at(b, "g2"), at(b, "h3")) // O to move: g2 is X's
	b.DragEnd()
	if h.Tokens() != "c3xe5" || h.Refusal != "The piece on g2 is X's: select one of yours." {
		t.Fatalf("a drag of X's piece played %q, refusal %q", h.Tokens(), h.Refusal)
	}
	// On an earlier position no drag moves, and it says why.
	h.S.SetView(0)
	boardtest.Drag(b, at(b, "f6"), at(b, "g5"))
	b.DragEnd()
	if h.Tokens() != "c3xe5" || h.Refusal != session.ErrViewingPast.Error() {
		t.Fatalf("a drag on an earlier position played %q, refusal %q", h.Tokens(), h.Refusal)
	}
	h.S.SetView(h.S.Plies())
	// A drag to a square the piece cannot reach is refused with the reason
	// and keeps the piece selected.
	boardtest.Drag(b, at(b, "f6"), at(b, "f4"))
	b.DragEnd()
	if h.Tokens() != "c3xe5" || h.Refusal == "" || b.m.Sel != 5*8+5 {
		t.Fatalf("%q, refusal %q, selection %d", h.Tokens(), h.Refusal, b.m.Sel)
	}
	// Dropped back on its own square: nothing happens.
	boardtest.Drag(b, at(b, "f6"), at(b, "f6"))
	b.DragEnd()
	boardtest.Drag(b, at(b, "f6"), at(b, "g5"))
	b.DragEnd()
	if h.Tokens() != "c3xe5 f6-g5" {
		t.Fatalf("second drag played %q", h.Tokens())
	}
}

// A right-click (or a long press) tells what a piece can do.
func TestSecondaryTapExplains(t *testing.T) {
	h, b := start(t, map[string]any{"movement": "free"}, infMovement)
	// X's own piece: selected, its moves listed.
	b.TappedSecondary(&fyne.PointEvent{Position: at(b, "c3")})
	if b.m.Sel != 2*8+2 || h.Said != "c3 (X man): steps to b3, d3, b4, c4; captures landing on e5." {
		t.Fatalf("selection %d, said %q", b.m.Sel, h.Said)
	}
	// The opponent's piece: how it moves under these rules.
	b.TappedSecondary(&fyne.PointEvent{Position: at(b, "d4")})
	if !strings.Contains(h.Said, "d4 (O man) moves one square forward (down the board), diagonally forward or sideways") ||
		!strings.Contains(h.Said, "crowned on reaching rank 1") {
		t.Fatalf("said %q", h.Said)
	}
	b.TappedSecondary(&fyne.PointEvent{Position: at(b, "a8")})
	if h.Said != "a8: empty, O's home half." {
		t.Fatalf("said %q", h.Said)
	}
	if h.Tokens() != "" {
		t.Fatal("a secondary tap played a move")
	}
}

// TestKingsLookAlikeInBothColours: a king's rim is its own seat's darker
// colour, like a man's, for amber and blue alike (blue kings had a gold
// rim that amber ones could not show).
func TestKingsLookAlikeInBothColours(t *testing.T) {
	test.NewTempApp(t)
	for seat := 0; seat < 2; seat++ {
		man, king := newPiece(), newPiece()
		man.set(cellOf(seat, false), 0xFF)
		king.set(cellOf(seat, true), 0xFF)
		man.place(fyne.NewPos(50, 50), 40)
		king.place(fyne.NewPos(50, 50), 40)
		if king.disc.StrokeColor != man.disc.StrokeColor {
			t.Errorf("seat %d: a king's rim %v, a man's %v", seat, king.disc.StrokeColor, man.disc.StrokeColor)
		}
	}
}

// TestHandChipsGrowWithTheBoard: the chips a player taps to drop a man or
// a king grow with the board (they stayed about 16 px at every size), and
// on a phone's full width they are 44 dp touch targets at least.
func TestHandChipsGrowWithTheBoard(t *testing.T) {
	_, b := start(t, nil, "")
	chip := func(width float32) fyne.Size {
		b.Resize(fyne.NewSize(width, width))
		return b.handBtns[1][1].MinSize()
	}
	small, large := chip(300), chip(800)
	if large.Height <= small.Height+10 {
		t.Fatalf("a chip is %v on a 300 px board and %v on an 800 px one", small, large)
	}
	b.phone = true
	b.buildControls() // as on a phone: no "hand" labels
	if c := chip(404); c.Height < kit.MinTouch || c.Width < kit.MinTouch {
		t.Fatalf("a chip on a phone's full width is %v, want %v at least", c, kit.MinTouch)
	}
	if w := b.hands.MinSize().Width; w > 404 {
		t.Fatalf("the hands need %.0f, wider than the phone's 404", w)
	}
}

// TestControlsKeepTheirHeight: the row under the board is as tall with
// the phase line, without it and with the pie prompt in its place, so the
// board above does not jump.
func TestControlsKeepTheirHeight(t *testing.T) {
	_, b := start(t, nil, "")
	withPhase := b.controls.MinSize().Height
	b.m.Phase = ""
	b.setPhase()
	if h := b.controls.MinSize().Height; h != withPhase {
		t.Fatalf("%.0f tall with the phase line, %.0f without", withPhase, h)
	}
	b.phase.Hide()
	b.pie.Show()
	if h := b.controls.MinSize().Height; h != withPhase {
		t.Fatalf("%.0f tall with the phase line, %.0f with the pie prompt", withPhase, h)
	}
}

// TestPhoneHandsDoNotRunTogether: in a real 412x790 px phone window,
// which Fyne's phone simulation makes 294x564 dp, the two hands ran
// together ("×0O": X's kings, then O's letter) because each hand was
// wider than half the width. At that width and narrower, each hand gets
// the room it needs and the two never overlap; every chip stays a 44 dp
// touch target.
func TestPhoneHandsDoNotRunTogether(t *testing.T) {
	_, b := start(t, nil, "")
	b.phone = true
	b.buildControls()
	b.refreshControls()
	for _, width := range []float32{404, 294 - 2*theme.Padding(), 240} {
		b.sizeChips(width)
		b.hands.Resize(fyne.NewSize(width, b.hands.MinSize().Height))
		rows := b.hands.Objects
		for i, r := range rows {
			if need, got := r.MinSize().Width, r.Size().Width; need > got+0.5 {
				t.Errorf("at %.0f dp hand %d needs %.0f, gets %.0f", width, i, need, got)
			}
			if r.Position().X < 0 || r.Position().X+r.Size().Width > width+0.5 {
				t.Errorf("at %.0f dp hand %d lies at %v size %v, outside the row", width, i, r.Position(), r.Size())
			}
		}
		a, c := rows[0], rows[1]
		apart := a.Position().X+a.Size().Width <= c.Position().X+0.5 || a.Position().Y+a.Size().Height <= c.Position().Y+0.5
		if !apart {
			t.Errorf("at %.0f dp the hands overlap: %v %v and %v %v", width, a.Position(), a.Size(), c.Position(), c.Size())
		}
		for _, seat := range b.handBtns {
			for _, chip := range seat {
				if s := chip.MinSize(); s.Width < kit.MinTouch || s.Height < kit.MinTouch {
					t.Errorf("at %.0f dp a chip is %v, under %v", width, s, kit.MinTouch)
				}
			}
		}
	}
	// At a phone's 412 dp the hands still share one row.
	b.sizeChips(404)
	b.hands.Resize(fyne.NewSize(404, b.hands.MinSize().Height))
	if y0, y1 := b.hands.Objects[0].Position().Y, b.hands.Objects[1].Position().Y; y0 != y1 {
		t.Errorf("at 404 dp the hands take two rows (%v, %v)", y0, y1)
	}
}

// TestNarrowDesktopHandsStack: the web page gives a phone's width to a
// board made for a desktop (its hands say "hand", its chips are the
// desktop's). At a 360 px page the row of both hands ran past the right
// edge and O's king chip was cut off; now, wherever both do not fit side
// by side, they stack, each inside the row; where they fit they share it.
func TestNarrowDesktopHandsStack(t *testing.T) {
	_, b := start(t, nil, "")
	if b.phone {
		t.Skip("a desktop board")
	}
	for _, width := range []float32{344, 300} {
		b.sizeChips(width)
		b.hands.Resize(fyne.NewSize(width, b.hands.MinSize().Height))
		for i, r := range b.hands.Objects {
			if r.Position().X < 0 || r.Position().X+r.Size().Width > width+0.5 {
				t.Errorf("at %.0f hand %d lies at %v size %v, outside the row", width, i, r.Position(), r.Size())
			}
		}
		if y0, y1 := b.hands.Objects[0].Position().Y, b.hands.Objects[1].Position().Y; y0 == y1 {
			t.Errorf("at %.0f the hands share a row they do not fit in", width)
		}
	}
	b.sizeChips(760)
	b.hands.Resize(fyne.NewSize(760, b.hands.MinSize().Height))
	if y0, y1 := b.hands.Objects[0].Position().Y, b.hands.Objects[1].Position().Y; y0 != y1 {
		t.Errorf("at 760 the hands take two rows (%v, %v)", y0, y1)
	}
}
