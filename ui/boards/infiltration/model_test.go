package infiltration

import (
	"encoding/json"
	"strings"
	"testing"

	"github.com/tabulagames/tabula/games"
	_ "github.com/tabulagames/tabula/games/infiltration"
	"github.com/tabulagames/tabula/ui/frame"
	"github.com/tabulagames/tabula/ui/session"
)

// load is a model of a game between two people under house rules, from
// a setup, after tokens.
func load(t *testing.T, rules map[string]any, setup string, tokens ...string) (*session.Session, *Model) {
	t.Helper()
	g, _ := games.Lookup("infiltration")
	r, err := games.ValidateRules(g.RuleSpecs(), rules)
	if err != nil {
		t.Fatal(err)
	}
	var raw json.RawMessage
	if setup != "" {
		raw = json.RawMessage(setup)
	}
	people := []games.SeatInfo{{Name: "Ana", Controller: "human"}, {Name: "Ben", Controller: "human"}}
	s, err := session.New(g, r, 1, people, raw, session.Options{Post: func(func()) {}})
	if err != nil {
		t.Fatal(err)
	}
	for _, tok := range tokens {
		if err := s.Submit(tok); err != nil {
			t.Fatal(err)
		}
	}
	m := NewModel()
	m.Load(s.Frame())
	return s, &m
}

func sq(name string) int { return parseSquare(name) }

func TestModelReadsThePosition(t *testing.T) {
	_, m := load(t, map[string]any{"pieces": 4}, "", "@c3")
	if m.Cells[sq("c3")] != 1 || m.Hands != [2][2]int{{3, 0}, {4, 0}} || !m.Placement || m.Pieces != 4 || m.Mover != 1 {
		t.Fatalf("cells %v hands %v placement %v pieces %d mover %d", m.Cells[sq("c3")], m.Hands, m.Placement, m.Pieces, m.Mover)
	}
	if m.Phase != "Placement: O places piece 1 of 4 at home" || len(m.Last) != 1 || m.Last[0] != sq("c3") || m.Moved.Enter != sq("c3") {
		t.Fatalf("phase %q last %v moved %+v", m.Phase, m.Last, m.Moved)
	}
	if len(m.Drops[0]) != 32 || len(m.Drops[1]) != 0 || !m.Drops[0][sq("e6")] || m.Drops[0][sq("e3")] {
		t.Fatalf("O's drop squares: %d men, %d kings", len(m.Drops[0]), len(m.Drops[1]))
	}
	if m.CursorStart() != sq("c3") {
		t.Fatalf("cursor starts on %d", m.CursorStart())
	}
}

func TestModelTapMeanings(t *testing.T) {
	_, m := load(t, nil, infMovement)
	// A piece that can act is selected, its targets highlighted.
	if r := m.Tap(sq("c3")); r != (Reply{Square: -1}) || m.Sel != sq("c3") {
		t.Fatalf("tap on c3: %+v, selection %d", r, m.Sel)
	}
	if len(m.Dots()) != 1 || m.Dots()[0] != sq("b4") || len(m.Captures()) != 1 || m.Captures()[0] != sq("e5") {
		t.Fatalf("c3's targets: dots %v captures %v", m.Dots(), m.Captures())
	}
	if r := m.Tap(sq("e5")); r.Token != "c3xe5" || r.Square != sq("e5") {
		t.Fatalf("tap on the capture: %+v", r)
	}
	if r := m.Tap(sq("b4")); r.Token != "c3-b4" {
		t.Fatalf("tap on the step: %+v", r)
	}
	if r := m.Tap(sq("c4")); r.Token != "c3-c4" {
		t.Fatalf("a tap the rules will refuse still goes to them: %+v", r)
	}
	if r := m.Tap(sq("d4")); r.Token != "c3-d4" {
		t.Fatalf("with c3 selected, a tap on O's piece is a move there: %+v", r)
	}
	m.Tap(sq("c3"))
	if m.Sel != -1 {
		t.Fatal("a second tap on the selected piece keeps it")
	}
	if r := m.Tap(sq("d4")); !strings.Contains(r.Refusal, "The piece on d4 is O's") || r.Square != sq("d4") {
		t.Fatalf("tap on O's piece: %+v", r)
	}
	// X holds only a king: an empty home square drops it; an empty square
	// with men and kings in hand asks which.
	if r := m.Tap(sq("a1")); r.Token != "K@a1" {
		t.Fatalf("tap on an empty home square: %+v", r)
	}
	m.Hands[0][0] = 1
	if r := m.Tap(sq("a1")); !strings.Contains(r.Refusal, "Choose a man or a king") {
		t.Fatalf("with both in hand: %+v", r)
	}
	m.Hands[0] = [2]int{}
	if r := m.Tap(sq("a1")); !strings.Contains(r.Refusal, "Select one of your pieces first") {
		t.Fatalf("with nothing in hand: %+v", r)
	}
	if r := m.Tap(64); r != (Reply{Square: -1}) {
		t.Fatalf("a tap off the board: %+v", r)
	}
}

func TestModelHandAndDrops(t *testing.T) {
	_, m := load(t, nil, infMovement)
	if r := m.ChooseHand(1, 0); !strings.Contains(r.Refusal, "It is X's turn: that is O's hand.") {
		t.Fatalf("O's hand: %+v", r)
	}
	if r := m.ChooseHand(0, 0); r.Refusal != "You have no man in hand." {
		t.Fatalf("no man: %+v", r)
	}
	m.Tap(sq("c3"))
	m.ChooseHand(0, 1)
	if m.HandSel != 1 || m.Sel != -1 || len(m.Dots()) != 29 || m.DropAt(sq("a1")) != 1 || m.DropAt(sq("a8")) != -1 {
		t.Fatalf("king chosen: hand %d sel %d, %d dots", m.HandSel, m.Sel, len(m.Dots()))
	}
	if r := m.Tap(sq("b2")); r.Token != "K@b2" {
		t.Fatalf("drop: %+v", r)
	}
	m.ChooseHand(0, 1)
	if m.HandSel != -1 || m.DropAt(sq("a1")) != 1 {
		t.Fatal("choosing the king again puts it back; a tap on a1 still drops it, the only reading")
	}
	m.Tap(sq("c3"))
	if m.DropAt(sq("a1")) != -1 {
		t.Fatal("with a piece selected a tap is no drop")
	}
	if r, used := m.Escape(); !used || m.Sel != -1 || r.Refusal != "" {
		t.Fatal("Escape did not cancel the selection")
	}
	if _, used := m.Escape(); used {
		t.Fatal("Escape with nothing selected must be left to the screen")
	}
}

func TestModelWhyAPieceCannotMove(t *testing.T) {
	_, m := load(t, map[string]any{"forcedCapture": true}, infMovement)
	if r := m.Tap(sq("g2")); !strings.Contains(r.Refusal, "you must capture") || m.Sel != -1 {
		t.Fatalf("g2 under forced capture: %+v", r)
	}
	blocked := `{"board": ["........", "........", "........", "........", "........", ".o.o....", "..x...x.", "........"],
 "hand": {"X": {"men": 0, "kings": 0}, "O": {"men": 0, "kings": 0}}, "phase": "movement", "toMove": 0}`
	_, m = load(t, map[string]any{"captures": false}, blocked)
	if r := m.Tap(sq("c2")); !strings.Contains(r.Refusal, "c2-d3: d3 is taken") {
		t.Fatalf("a blocked man: %+v", r)
	}
}

func TestModelMultiJump(t *testing.T) {
	setup := `{"board": ["........", "........", ".....o..", "........", "...o....", "..x.....", "......x.", "........"],
 "hand": {"X": {"men": 0, "kings": 0}, "O": {"men": 1, "kings": 0}}, "phase": "movement", "toMove": 0}`
	_, m := load(t, map[string]any{"multiJump": true}, setup, "c3xe5")
	if m.Chain != sq("e5") || m.Sel != sq("e5") || m.Phase != "X's piece on e5 must keep capturing" {
		t.Fatalf("chain %d sel %d phase %q", m.Chain, m.Sel, m.Phase)
	}
	if m.Moved.From != sq("c3") || m.Moved.To != sq("e5") || m.Moved.Gone != sq("d4") || m.Moved.GoneV != 3 {
		t.Fatalf("moved %+v", m.Moved)
	}
	m.Tap(sq("e5"))
	if m.Sel != sq("e5") {
		t.Fatal("the jumping piece was deselected")
	}
	if r, used := m.Escape(); !used || !strings.Contains(r.Refusal, "must keep capturing") || r.Square != sq("e5") {
		t.Fatalf("Escape during the chain: %+v", r)
	}
	if r := m.ChooseHand(0, 0); !strings.Contains(r.Refusal, "must keep capturing") && !strings.Contains(r.Refusal, "no man") {
		t.Fatalf("the hand during the chain: %+v", r)
	}
}

func TestModelPhaseLines(t *testing.T) {
	s, m := load(t, map[string]any{"pie": true, "pieces": 4}, "", "@d3")
	if !m.CanSwap || !m.ShowPie() {
		t.Fatal("no pie prompt for O")
	}
	m.PieKept = true
	m.Load(s.Frame())
	if m.ShowPie() {
		t.Fatal("keeping the colours did not hide the prompt")
	}
	s.Submit("swap")
	m.Load(s.Frame())
	if m.Phase != "Swapped (pie rule): O places" || m.PieKept {
		t.Fatalf("after the swap: %q", m.Phase)
	}
	for _, tok := range []string{"@e6", "@a1", "@a8", "@b1", "@b8", "@c1", "@c8"} {
		if err := s.Submit(tok); err != nil {
			t.Fatal(err)
		}
	}
	m.Load(s.Frame())
	if m.Placement || m.Phase != "Movement: "+frame.Symbol(m.Mover)+" placed last and moves first" {
		t.Fatalf("first movement: %q", m.Phase)
	}
	_, m = load(t, nil, infMovement)
	if m.Phase != "Movement: X moves, captures or drops" {
		t.Fatalf("with a king in hand: %q", m.Phase)
	}
}

func TestModelLongPressAndNames(t *testing.T) {
	_, m := load(t, nil, infMovement)
	if _, say := m.LongPress(sq("a8"), false); say != "a8: empty, O's home half." {
		t.Fatalf("empty: %q", say)
	}
	if _, say := m.LongPress(sq("c3"), true); !strings.HasPrefix(say, "c3 (X man) moves one square diagonally forward (up the board)") || m.Sel != -1 {
		t.Fatalf("own piece while a piece slides: %q", say)
	}
	if _, say := m.LongPress(sq("c3"), false); say != "c3 (X man): steps to b4; captures landing on e5." || m.Sel != sq("c3") {
		t.Fatalf("own piece: %q", say)
	}
	if m.Spoken(sq("c3")) != "c3, X man, X's home half" || m.Spoken(sq("e8")) != "e8, empty, O's home half" {
		t.Fatalf("spoken %q", m.Spoken(sq("c3")))
	}
	m.Cells[sq("e8")] = 4
	if _, say := m.LongPress(sq("e8"), false); say != "e8 (O king) moves one square diagonally, in any of the four directions; it captures by jumping an adjacent enemy piece in those directions." {
		t.Fatalf("O king: %q", say)
	}
}
