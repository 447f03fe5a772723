package checkerboard

import (
	"testing"

	"github.com/tabulagames/tabula/games"
	_ "github.com/tabulagames/tabula/games/checkerboard"
	"github.com/tabulagames/tabula/ui/session"
)

// newSession is a game between two people under house rules, with tokens played.
func newSession(t *testing.T, rules map[string]any, tokens ...string) *session.Session {
	t.Helper()
	g, _ := games.Lookup("checkerboard")
	r, err := games.ValidateRules(g.RuleSpecs(), rules)
	if err != nil {
		t.Fatal(err)
	}
	people := []games.SeatInfo{{Name: "Ana", Controller: "human"}, {Name: "Ben", Controller: "human"}}
	s, err := session.New(g, r, 1, people, nil, session.Options{Post: func(func()) {}})
	if err != nil {
		t.Fatal(err)
	}
	for _, tok := range tokens {
		if err := s.Submit(tok); err != nil {
			t.Fatal(err)
		}
	}
	return s
}

func TestModelLoadsAndNamesSquares(t *testing.T) {
	m := NewModel()
	m.Load(newSession(t, map[string]any{"size": 6}).Frame())
	if m.N != 6 || len(m.Owners) != 36 || m.CursorStart() != 3*6+2 || m.Note != "" {
		t.Fatalf("6x6: n %d, %d squares, cursor starts on %d, note %q", m.N, len(m.Owners), m.CursorStart(), m.Note)
	}
	s := newSession(t, nil, "e6", "d3")
	m.Cursor = 5
	m.Load(s.Frame())
	if m.N != 8 || m.Cursor != -1 {
		t.Fatal("a new size keeps the cursor")
	}
	if m.Last != 2*8+3 || m.CursorStart() != m.Last || m.Mover != 0 || !m.Input || m.Owners[5*8+4] != 0 {
		t.Fatalf("last %d mover %d input %v", m.Last, m.Mover, m.Input)
	}
	if m.Token(5*8+4) != "e6" || m.Token(64) != "" || m.Token(-1) != "" {
		t.Fatal("tokens")
	}
	if m.Ghost(5*8+4) || !m.Ghost(0) || m.Ghost(64) {
		t.Fatal("the ghost shows on an empty square only")
	}
	if m.Spoken(2*8+3) != "d3, O, O's target half" || m.Explain(0) != "a1, empty, O's target half." {
		t.Fatalf("spoken %q, explained %q", m.Spoken(2*8+3), m.Explain(0))
	}
	s.ShowHint(&session.Hint{Seat: 0, Move: 7, Token: "h1"})
	m.Load(s.Frame())
	if m.Hint != 7 {
		t.Fatalf("hint %d", m.Hint)
	}
}

func TestModelNotesWhoPlacesFirst(t *testing.T) {
	m := NewModel()
	s := newSession(t, map[string]any{"firstPlayer": "O"})
	m.Load(s.Frame())
	if m.Note != "Ben (O) places first." || m.Mover != 1 {
		t.Fatalf("note %q, mover %d", m.Note, m.Mover)
	}
	s.Submit("a1")
	m.Load(s.Frame())
	if m.Note != "" {
		t.Fatalf("after the first move: %q", m.Note)
	}
	m.Load(newSession(t, map[string]any{"firstPlayer": "random"}).Frame())
	if m.Note[:len("Coin toss: ")] != "Coin toss: " {
		t.Fatalf("coin toss note %q", m.Note)
	}
}

func TestModelWinningLine(t *testing.T) {
	m := NewModel()
	m.Load(newSession(t, nil, "a5", "a1", "b5", "b1", "c5", "c1", "d5").Frame())
	if len(m.Line) != 4 || m.Line[0] != 4*8 || m.Line[3] != 4*8+3 || m.Mover != -1 || m.Input {
		t.Fatalf("line %v, mover %d", m.Line, m.Mover)
	}
}
