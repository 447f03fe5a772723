package ui

import (
	"encoding/json"
	"strings"
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/test"

	"github.com/tabulagames/tabula/games"
	"github.com/tabulagames/tabula/ui/boards/kit"
	"github.com/tabulagames/tabula/ui/session"
)

var terrPeople = []games.SeatInfo{{Name: "Ana", Controller: "human"}, {Name: "Ben", Controller: "human"}}

// startTerritory opens a game of id with house rules and a setup, wired
// to a test loop, on a board of a known size.
func startTerritory(t *testing.T, id string, rules map[string]any, setup string) (*gameScreen, uiLoop) {
	t.Helper()
	u := newTestApp(t)
	g, ok := games.Lookup(id)
	if !ok {
		t.Fatalf("no game %s", id)
	}
	r, err := games.ValidateRules(g.RuleSpecs(), rules)
	if err != nil {
		t.Fatal(err)
	}
	var raw json.RawMessage
	if setup != "" {
		raw = json.RawMessage(setup)
	}
	_, loop := openOnLoop(t, u, g, r, terrPeople, raw)
	u.game.board.Resize(fyne.NewSize(480, 520))
	if u.game.spoken != nil {
		u.game.spoken.Resize(fyne.NewSize(480, 520))
	}
	return u.game, loop
}

func terrTokens(gs *gameScreen) string { return strings.Join(gs.session.Tokens(), " ") }

// at is the centre of a square of an n x n territory board.
func terrAt(b fyne.Widget, n int, name string) fyne.Position {
	f, r, err := games.ParseSquare(name, n, n)
	if err != nil {
		panic(err)
	}
	return b.(*infiltrationBoard).territoryCentre(f, r)
}

func (b *infiltrationBoard) territoryCentre(f, r int) fyne.Position {
	return b.territory().Center(f, r)
}

// The move list names what the notation does not say: a FIFO removal
// (checkerboard.md section 10).
func TestMoveListNamesFifoRemovals(t *testing.T) {
	gs, _ := startTerritory(t, "checkerboard", map[string]any{"fifo": 3}, "")
	for _, tok := range []string{"a1", "h8", "b1", "g8", "c1", "f8", "d1"} {
		if err := gs.Submit(tok); err != nil {
			t.Fatal(err)
		}
	}
	if got := gs.moveText(6); got != "7. X  d1 [FIFO: a1 removed]" {
		t.Fatalf("move list: %q", got)
	}
	if got := gs.moveText(5); got != "6. O  f8" {
		t.Fatalf("move list: %q", got)
	}
}

// Infiltration.

func TestInfiltrationDropFromHand(t *testing.T) {
	gs, _ := startTerritory(t, "infiltration", map[string]any{"pieces": 4}, "")
	b := gs.board.(*infiltrationBoard)
	test.Tap(b.handBtns[0][0]) // X's men
	if b.handSel != 0 || len(b.r.t.Dots) != 32 {
		t.Fatalf("hand not chosen: %d, %d dots", b.handSel, len(b.r.t.Dots))
	}
	test.TapAt(b, terrAt(b, 8, "c3"))
	if terrTokens(gs) != "@c3" {
		t.Fatalf("drop played %q", terrTokens(gs))
	}
	// An empty home square alone drops a man (the only reading).
	test.TapAt(b, terrAt(b, 8, "d6"))
	if terrTokens(gs) != "@c3 @d6" {
		t.Fatalf("tap on a home square played %q", terrTokens(gs))
	}
	// Outside the home half: refused with the rules' reason.
	test.TapAt(b, terrAt(b, 8, "e6"))
	if terrTokens(gs) != "@c3 @d6" || !strings.Contains(gs.lastRefusal, "home half") {
		t.Fatalf("%q, refusal %q", terrTokens(gs), gs.lastRefusal)
	}
	if b.cells[2*8+2] != 1 || b.cells[5*8+3] != 3 || b.hands[0][0] != 3 || b.hands[1][0] != 3 {
		t.Fatalf("board or hands not drawn: %v %v", b.cells, b.hands)
	}
}

const infMovement = `{"board": ["........", "........", ".....o..", "........", "...o....", "..x.....", "......x.", "........"],
 "hand": {"X": {"men": 0, "kings": 1}, "O": {"men": 0, "kings": 0}}, "phase": "movement", "toMove": 0}`

func TestInfiltrationSelectThenStep(t *testing.T) {
	gs, _ := startTerritory(t, "infiltration", nil, infMovement)
	b := gs.board.(*infiltrationBoard)
	test.TapAt(b, terrAt(b, 8, "g2"))
	if b.sel != 1*8+6 {
		t.Fatalf("g2 not selected: %d", b.sel)
	}
	if got := b.r.t.Dots; len(got) != 2 || len(b.r.t.Captures) != 0 {
		t.Fatalf("g2's steps: dots %v captures %v", got, b.r.t.Captures)
	}
	// c3 can capture d4: a ring on e5, a dot on b4.
	test.TapAt(b, terrAt(b, 8, "c3"))
	if b.sel != 2*8+2 || len(b.r.t.Captures) != 1 || b.r.t.Captures[0] != 4*8+4 || len(b.r.t.Dots) != 1 {
		t.Fatalf("c3: sel %d dots %v captures %v", b.sel, b.r.t.Dots, b.r.t.Captures)
	}
	test.TapAt(b, terrAt(b, 8, "b4"))
	if terrTokens(gs) != "c3-b4" || b.sel != -1 {
		t.Fatalf("step played %q, selection %d", terrTokens(gs), b.sel)
	}
}

func TestInfiltrationCaptureAndKingDrop(t *testing.T) {
	gs, _ := startTerritory(t, "infiltration", nil, infMovement)
	b := gs.board.(*infiltrationBoard)
	test.TapAt(b, terrAt(b, 8, "c3"))
	test.TapAt(b, terrAt(b, 8, "e5"))
	if terrTokens(gs) != "c3xe5" || b.hands[1][0] != 1 || b.cells[3*8+3] != 0 {
		t.Fatalf("capture: %q, O's hand %v", terrTokens(gs), b.hands[1])
	}
	gs.Submit("f6-g5")
	// X holds only a king: a tap on an empty home square drops it.
	test.TapAt(b, terrAt(b, 8, "a1"))
	if terrTokens(gs) != "c3xe5 f6-g5 K@a1" || b.cells[0] != 2 {
		t.Fatalf("king drop: %q, a1 %d", terrTokens(gs), b.cells[0])
	}
}

func TestInfiltrationRefusals(t *testing.T) {
	gs, _ := startTerritory(t, "infiltration", map[string]any{"forcedCapture": true}, infMovement)
	b := gs.board.(*infiltrationBoard)
	// Forced capture: g2 cannot step, and the rules say why.
	test.TapAt(b, terrAt(b, 8, "g2"))
	if b.sel != -1 || !strings.Contains(gs.lastRefusal, "must capture") {
		t.Fatalf("g2 selected %d, refusal %q", b.sel, gs.lastRefusal)
	}
	// Someone else's piece.
	test.TapAt(b, terrAt(b, 8, "d4"))
	if !strings.Contains(gs.lastRefusal, "O's") {
		t.Fatalf("refusal %q", gs.lastRefusal)
	}
	// A square the selected piece cannot reach.
	test.TapAt(b, terrAt(b, 8, "c3"))
	test.TapAt(b, terrAt(b, 8, "c5"))
	if terrTokens(gs) != "" || gs.lastRefusal == "" || strings.Contains(gs.lastRefusal, "O's") {
		t.Fatalf("%q, refusal %q", terrTokens(gs), gs.lastRefusal)
	}
	if b.sel != 2*8+2 {
		t.Fatal("a refused tap lost the selection")
	}
}

func TestInfiltrationMultiJumpKeepsPiece(t *testing.T) {
	setup := `{"board": ["........", "........", ".....o..", "........", "...o....", "..x.....", "......x.", "........"],
 "hand": {"X": {"men": 0, "kings": 0}, "O": {"men": 1, "kings": 0}}, "phase": "movement", "toMove": 0}`
	gs, _ := startTerritory(t, "infiltration", map[string]any{"multiJump": true}, setup)
	b := gs.board.(*infiltrationBoard)
	test.TapAt(b, terrAt(b, 8, "c3"))
	test.TapAt(b, terrAt(b, 8, "e5"))
	if terrTokens(gs) != "c3xe5" || b.sel != 4*8+4 || b.chain != 4*8+4 {
		t.Fatalf("after the first jump: %q, selected %d chain %d", terrTokens(gs), b.sel, b.chain)
	}
	if len(b.r.t.Captures) != 1 || b.r.t.Captures[0] != 6*8+6 {
		t.Fatalf("the next jump is not shown: %v", b.r.t.Captures)
	}
	if !b.Key(fyne.KeyEscape) || b.sel != 4*8+4 || !strings.Contains(gs.lastRefusal, "keep capturing") {
		t.Fatalf("Escape during a multi-jump: selected %d, refusal %q", b.sel, gs.lastRefusal)
	}
	// Dragging another piece is refused the same way; the jumper stays.
	gs.lastRefusal = ""
	drag(b, terrAt(b, 8, "g2"), terrAt(b, 8, "h3"))
	b.DragEnd()
	if b.sel != 4*8+4 || b.dragFrom != -1 || !strings.Contains(gs.lastRefusal, "keep capturing") {
		t.Fatalf("drag during a multi-jump: selected %d, refusal %q", b.sel, gs.lastRefusal)
	}
	drag(b, terrAt(b, 8, "e5"), terrAt(b, 8, "g7"))
	b.DragEnd()
	if terrTokens(gs) != "c3xe5 e5xg7" {
		t.Fatalf("second jump: %q", terrTokens(gs))
	}
}

func TestInfiltrationKeyboard(t *testing.T) {
	gs, _ := startTerritory(t, "infiltration", nil, infMovement)
	b := gs.board
	b.Key(fyne.KeyUp) // the cursor appears on e3 (X's side)
	for _, k := range []fyne.KeyName{fyne.KeyLeft, fyne.KeyLeft, fyne.KeyReturn} {
		b.Key(k) // c3, selected
	}
	ib := b.(*infiltrationBoard)
	if ib.sel != 2*8+2 {
		t.Fatalf("Enter did not select c3: %d", ib.sel)
	}
	if !b.Key(fyne.KeyEscape) || ib.sel != -1 {
		t.Fatal("Escape did not cancel the selection")
	}
	b.Key(fyne.KeyReturn) // select c3 again
	b.Key(fyne.KeyUp)
	b.Key(fyne.KeyLeft) // b4
	b.Key(fyne.KeyReturn)
	if terrTokens(gs) != "c3-b4" {
		t.Fatalf("keys played %q", terrTokens(gs))
	}
	// K and M choose from the hand (X holds a king).
	gs.Submit("f6-e5")
	b.Key(fyne.KeyK)
	if ib.handSel != 1 {
		t.Fatal("K did not take the king from the hand")
	}
	b.Key(fyne.KeyDown)
	b.Key(fyne.KeyReturn) // b3
	if terrTokens(gs) != "c3-b4 f6-e5 K@b3" {
		t.Fatalf("keys played %q", terrTokens(gs))
	}
	if b.Key(fyne.KeyEscape) {
		t.Fatal("Escape with nothing selected must be left to the screen")
	}
}

func TestInfiltrationPiePrompt(t *testing.T) {
	gs, _ := startTerritory(t, "infiltration", map[string]any{"pie": true}, "")
	b := gs.board.(*infiltrationBoard)
	if b.pie.Visible() {
		t.Fatal("the pie prompt shows before X's first piece")
	}
	test.TapAt(b, terrAt(b, 8, "d3"))
	if !b.pie.Visible() {
		t.Fatal("no pie prompt for O")
	}
	swap := b.pie.Objects[0].(*fyne.Container).Objects[1]
	test.Tap(swap.(fyne.Tappable))
	if terrTokens(gs) != "@d3 swap" || b.pie.Visible() {
		t.Fatalf("swap: %q, prompt %v", terrTokens(gs), b.pie.Visible())
	}
}

func TestInfiltrationHintPulse(t *testing.T) {
	gs, _ := startTerritory(t, "infiltration", nil, infMovement)
	b := gs.board.(*infiltrationBoard)
	gs.session.ShowHint(&session.Hint{Seat: 0, Token: "c3xe5"})
	gs.refresh()
	if h := b.r.t.Hint; len(h) != 2 || h[0] != 4*8+4 || h[1] != 2*8+2 {
		t.Fatalf("hint on %v", h)
	}
}

// drag moves the pointer from one square to another in three events.
func drag(b fyne.Draggable, from, to fyne.Position) {
	mid := fyne.NewPos((from.X+to.X)/2, (from.Y+to.Y)/2)
	b.Dragged(&fyne.DragEvent{PointEvent: fyne.PointEvent{Position: from.Add(fyne.NewDelta(2, 2))}, Dragged: fyne.NewDelta(2, 2)})
	b.Dragged(&fyne.DragEvent{PointEvent: fyne.PointEvent{Position: mid}, Dragged: fyne.NewDelta(mid.X-from.X-2, mid.Y-from.Y-2)})
	b.Dragged(&fyne.DragEvent{PointEvent: fyne.PointEvent{Position: to}, Dragged: fyne.NewDelta(to.X-mid.X, to.Y-mid.Y)})
}

func TestInfiltrationDragMoves(t *testing.T) {
	gs, _ := startTerritory(t, "infiltration", nil, infMovement)
	b := gs.board.(*infiltrationBoard)
	if got := gs.spoken.Label(2*8 + 2); got != "c3, X man, X's home half" {
		t.Fatalf("c3 is read as %q", got)
	}
	// While dragging, the piece follows the pointer and its targets show.
	from, to := terrAt(b, 8, "c3"), terrAt(b, 8, "e5")
	drag(b, from, to)
	if b.dragFrom != 2*8+2 || b.dragPos != to || len(b.r.t.Captures) != 1 {
		t.Fatalf("dragging %d at %v, captures %v", b.dragFrom, b.dragPos, b.r.t.Captures)
	}
	if b.r.ghost.v != b.cells[2*8+2] {
		t.Fatal("the dragged piece is not drawn at the pointer")
	}
	if err := gs.u.cfg.SetReducedMotion(false); err != nil {
		t.Fatal(err)
	}
	b.DragEnd()
	if terrTokens(gs) != "c3xe5" || b.dragFrom != -1 {
		t.Fatalf("drag played %q", terrTokens(gs))
	}
	// The piece is where it was let go: it does not slide there again,
	// but the captured piece still leaves.
	if b.anim.from != -1 || b.anim.gone != 3*8+3 {
		t.Fatalf("after the drop: %+v", b.anim)
	}
	if err := gs.u.cfg.SetReducedMotion(true); err != nil {
		t.Fatal(err)
	}
	// A drag from an empty square or the opponent's piece moves nothing.
	drag(b, terrAt(b, 8, "a1"), terrAt(b, 8, "b2"))
	b.DragEnd()
	drag(b, terrAt(b, 8, "g2"), terrAt(b, 8, "h3")) // O to move: g2 is X's
	b.DragEnd()
	if terrTokens(gs) != "c3xe5" {
		t.Fatalf("a stray drag played: %q", terrTokens(gs))
	}
	// A drag to a square the piece cannot reach is refused with the reason
	// and keeps the piece selected.
	drag(b, terrAt(b, 8, "f6"), terrAt(b, 8, "f4"))
	b.DragEnd()
	if terrTokens(gs) != "c3xe5" || gs.lastRefusal == "" || b.sel != 5*8+5 {
		t.Fatalf("%q, refusal %q, selection %d", terrTokens(gs), gs.lastRefusal, b.sel)
	}
	// Dropped back on its own square: nothing happens.
	drag(b, terrAt(b, 8, "f6"), terrAt(b, 8, "f6"))
	b.DragEnd()
	drag(b, terrAt(b, 8, "f6"), terrAt(b, 8, "g5"))
	b.DragEnd()
	if terrTokens(gs) != "c3xe5 f6-g5" {
		t.Fatalf("second drag played %q", terrTokens(gs))
	}
}

func TestSquaresHaveSpokenNames(t *testing.T) {
	gs, _ := startTerritory(t, "checkerboard", nil, "")
	b := gs.board.(kit.SpokenBoard)
	if gs.spoken == nil {
		t.Fatal("no spoken layer over the checkerboard")
	}
	e6 := 5*8 + 4
	if got := gs.spoken.Label(e6); got != "e6, empty, X's target half" {
		t.Fatalf("e6 is read as %q", got)
	}
	if got := gs.spoken.Label(2*8 + 2); got != "c3, empty, O's target half" {
		t.Fatalf("c3 is read as %q", got)
	}
	// A tap through the layer, where the window has it, reaches the board.
	sq := gs.spoken.Objects[e6]
	if _, ok := sq.(fyne.Accessible); !ok {
		t.Fatal("the square is not accessible to screen readers")
	}
	want := b.SpokenSquares()[e6] // where the board draws e6 (its own tests check it)
	if sq.Position() != want.Pos || sq.Size() != want.Size {
		t.Fatalf("e6's button at %v %v, the square at %v %v", sq.Position(), sq.Size(), want.Pos, want.Size)
	}
	abs := fyne.CurrentApp().Driver().AbsolutePositionForObject(gs.spoken).Add(sq.Position())
	test.TapCanvas(gs.u.win.Canvas(), abs.Add(fyne.NewDelta(want.Size.Width/2, want.Size.Height/2)))
	if terrTokens(gs) != "e6" {
		t.Fatalf("a tap over e6 played %q", terrTokens(gs))
	}
	if got := gs.spoken.Label(e6); got != "e6, X, X's target half" {
		t.Fatalf("after the move e6 is read as %q", got)
	}
}

// A right-click (or a long press) tells what a piece can do.
func TestInfiltrationSecondaryTapExplains(t *testing.T) {
	gs, _ := startTerritory(t, "infiltration", map[string]any{"movement": "free"}, infMovement)
	b := gs.board.(*infiltrationBoard)
	// X's own piece: selected, its moves listed.
	b.TappedSecondary(&fyne.PointEvent{Position: terrAt(b, 8, "c3")})
	if b.sel != 2*8+2 || gs.lastSaid != "c3 (X man): steps to b3, d3, b4, c4; captures landing on e5." {
		t.Fatalf("selection %d, said %q", b.sel, gs.lastSaid)
	}
	// The opponent's piece: how it moves under these rules.
	b.TappedSecondary(&fyne.PointEvent{Position: terrAt(b, 8, "d4")})
	if !strings.Contains(gs.lastSaid, "d4 (O man) moves one square forward (down the board), diagonally forward or sideways") ||
		!strings.Contains(gs.lastSaid, "crowned on reaching rank 1") {
		t.Fatalf("said %q", gs.lastSaid)
	}
	b.TappedSecondary(&fyne.PointEvent{Position: terrAt(b, 8, "a8")})
	if gs.lastSaid != "a8: empty, O's home half." {
		t.Fatalf("said %q", gs.lastSaid)
	}
	if terrTokens(gs) != "" {
		t.Fatal("a secondary tap played a move")
	}
}
