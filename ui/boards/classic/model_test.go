package classic

import (
	"testing"

	"github.com/tabulagames/tabula/games"
	_ "github.com/tabulagames/tabula/games/classic"
	"github.com/tabulagames/tabula/ui/session"
)

// newSession is a game between two people, with tokens played.
func newSession(t *testing.T, tokens ...string) *session.Session {
	t.Helper()
	g, _ := games.Lookup("classic")
	people := []games.SeatInfo{{Name: "Ana", Controller: "human"}, {Name: "Ben", Controller: "human"}}
	s, err := session.New(g, games.Defaults(nil), 1, people, nil, session.Options{Post: func(func()) {}})
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

func TestModelLoadsTheViewedPosition(t *testing.T) {
	s := newSession(t, "b2", "a1")
	m := NewModel()
	m.Load(s.Frame())
	if m.Owners[4] != 0 || m.Owners[0] != 1 || m.Owners[8] != -1 {
		t.Fatalf("owners %v", m.Owners)
	}
	if m.Last != 0 || m.Mover != 0 || !m.Input || len(m.Line) != 0 || m.Hint != -1 {
		t.Fatalf("last %d mover %d input %v line %v hint %d", m.Last, m.Mover, m.Input, m.Line, m.Hint)
	}
	s.ShowHint(&session.Hint{Seat: 0, Move: 8, Token: "c3"})
	m.Load(s.Frame())
	if m.Hint != 8 {
		t.Fatalf("hint %d", m.Hint)
	}
	// A past position: no input, no hint, its own last move.
	s.SetView(1)
	m.Load(s.Frame())
	if m.Input || m.Hint != -1 || m.Last != 4 || m.Owners[0] != -1 {
		t.Fatalf("past: input %v hint %d last %d", m.Input, m.Hint, m.Last)
	}
}

func TestModelLoadsTheWinningLine(t *testing.T) {
	s := newSession(t, "a1", "a2", "b1", "b2", "c1")
	m := NewModel()
	m.Load(s.Frame())
	if len(m.Line) != 3 || m.Line[0] != 0 || m.Line[1] != 1 || m.Line[2] != 2 {
		t.Fatalf("line %v", m.Line)
	}
	if m.Mover != -1 || m.Input || m.Ghost(8) {
		t.Fatalf("after the end: mover %d input %v", m.Mover, m.Input)
	}
}

func TestTapsAndKeysMeanSquares(t *testing.T) {
	if Token(4) != "b2" || Token(0) != "a1" || Token(8) != "c3" || Token(-1) != "" || Token(9) != "" {
		t.Fatal("tokens of the squares")
	}
	if KeypadSquare('7') != 6 || KeypadSquare('1') != 0 || KeypadSquare('9') != 8 || KeypadSquare('0') != -1 || KeypadSquare('x') != -1 {
		t.Fatal("keypad layout")
	}
}

func TestGhostAndSpokenNames(t *testing.T) {
	s := newSession(t, "b2")
	m := NewModel()
	m.Load(s.Frame())
	if m.Ghost(4) || !m.Ghost(0) || m.Ghost(-1) || m.Ghost(9) {
		t.Fatal("the ghost shows only on an empty square while a person plays")
	}
	if m.Spoken(4) != "b2, X" || m.Spoken(0) != "a1, empty" {
		t.Fatalf("spoken %q %q", m.Spoken(4), m.Spoken(0))
	}
}
