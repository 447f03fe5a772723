package alcazar

import (
	"encoding/json"
	"fmt"
	"strings"
	"testing"

	"github.com/tabulagames/tabula/games"
	game "github.com/tabulagames/tabula/games/alcazar"
	"github.com/tabulagames/tabula/ui/session"
)

// load is a model of a game between Ana and Ben (from a setup if given)
// after tokens.
func load(t *testing.T, setup string, tokens ...string) (*session.Session, *Model) {
	t.Helper()
	g, _ := games.Lookup("alcazar")
	var raw json.RawMessage
	if setup != "" {
		raw = json.RawMessage(setup)
	}
	people := []games.SeatInfo{{Name: "Ana", Controller: "human"}, {Name: "Ben", Controller: "human"}}
	s, err := session.New(g, games.Defaults(g.RuleSpecs()), 1, people, raw, session.Options{Post: func(func()) {}})
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

func sq(name string) int {
	s, _ := game.Square(name)
	return s
}

func TestModelChoosesPieceAndSquare(t *testing.T) {
	_, m := load(t, "")
	if m.Mover != 0 || !m.Input || m.First != -1 || m.Note != "Turn 1. Choose a piece from your hand, then an entry square." {
		t.Fatalf("mover %d input %v first %d note %q", m.Mover, m.Input, m.First, m.Note)
	}
	if r := m.TapTray(1, 2); !strings.Contains(r.Refusal, "opponent's pieces") {
		t.Fatalf("Ben's tray: %+v", r)
	}
	m.TapTray(0, 4)
	if m.SelPiece != 4 {
		t.Fatal("piece 4 not chosen")
	}
	m.TapTray(0, 4)
	if m.SelPiece != 0 {
		t.Fatal("choosing it again does not put it back")
	}
	// Square first, then the piece.
	if r := m.TapSquare(sq("a3")); r != none || m.SelSq != sq("a3") {
		t.Fatalf("square first: %+v, %d", r, m.SelSq)
	}
	r := m.TapTray(0, 2)
	if r.Token != "2@a3" || r.Square != sq("a3") || m.SelPiece != 0 || m.SelSq != -1 {
		t.Fatalf("then the piece: %+v, chosen %d %d", r, m.SelPiece, m.SelSq)
	}
	// A tap on the board proper is refused in the rules' words, and the
	// choice stays.
	m.TapTray(0, 5)
	if r := m.TapSquare(sq("c3")); r.Refusal != "Pieces can only be dropped on the 12 edge squares." || r.Square != sq("c3") || r.Token != "" {
		t.Fatalf("a tap on c3: %+v", r)
	}
	if m.SelPiece != 5 {
		t.Fatal("a refused tap on the board dropped the choice")
	}
}

func TestModelRefusals(t *testing.T) {
	_, m := load(t, "", "3@c1")
	if m.First != sq("c1") || m.Note != "Turn 1. Choose a piece and an entry square; c1 is taken." {
		t.Fatalf("first %d, note %q", m.First, m.Note)
	}
	if r := m.TapSquare(sq("c1")); !strings.Contains(r.Refusal, "just placed there") || r.Square != sq("c1") || m.SelSq != -1 {
		t.Fatalf("the used square: %+v", r)
	}
	m.TapTray(1, 1)
	if r := m.TapSquare(sq("c1")); r.Token != "1@c1" {
		t.Fatalf("with a piece chosen the rules judge the square: %+v", r)
	}
	m.Refused()
	if m.SelPiece != 1 {
		t.Fatal("a refused placement lost the chosen piece")
	}
	if r, ok := m.Digit(3); !ok || r != none || m.SelPiece != 3 || m.Cursor != sq("c5") {
		t.Fatalf("key 3: %+v, piece %d cursor %d", r, m.SelPiece, m.Cursor)
	}
	m.Arrow(-1, 0)
	if m.Cursor != sq("b5") {
		t.Fatalf("left from c5: %s", game.SquareName(m.Cursor))
	}
	if r, _ := m.Enter(); r.Token != "3@b5" {
		t.Fatalf("Enter: %+v", r)
	}
	if !m.Escape() && m.Escape() {
		t.Fatal("Escape")
	}
}

func TestModelForcedPassAndExplanations(t *testing.T) {
	setup := `{"pieces": [
		{"seat": 0, "n": 1, "at": "b2", "dir": "N"}, {"seat": 0, "n": 2, "at": "c2", "dir": "E"},
		{"seat": 0, "n": 3, "at": "d3", "dir": "W"}, {"seat": 0, "n": 4, "at": "b4", "dir": "S"},
		{"seat": 0, "n": 5, "at": "d4", "dir": "S"}, {"seat": 1, "n": 1, "at": "c3", "dir": "E"}],
		"hands": [[], [2, 3, 4, 5]], "crown": 0, "turn": 0, "toMove": 0}`
	s, m := load(t, setup)
	if !m.MustPass() || !strings.Contains(m.Note, "you must pass") {
		t.Fatalf("must pass %v, note %q", m.MustPass(), m.Note)
	}
	if r, _ := m.Digit(2); r.Refusal != "Piece 2 is already in play." {
		t.Fatalf("key 2: %+v", r)
	}
	if r, _ := m.Enter(); r.Token != "pass" {
		t.Fatalf("Enter with every piece in play: %+v", r)
	}
	if r := m.TapSquare(sq("a2")); !strings.Contains(r.Refusal, "you must pass") {
		t.Fatalf("a square: %+v", r)
	}
	if got := m.ExplainSquare(sq("c2")); !strings.HasPrefix(got, "Amber's 2 on c2, facing east: acts second") || !strings.Contains(got, "A plain piece") {
		t.Fatalf("c2: %q", got)
	}
	if m.ExplainSquare(sq("a2")) != "" {
		t.Fatal("an empty square explained")
	}
	if got := m.ExplainTray(1, 4); !strings.HasPrefix(got, "Blue's 4 (in hand): acts fourth") || !strings.Contains(got, "The pusher") {
		t.Fatalf("Blue's 4: %q", got)
	}
	if got := m.ExplainTray(1, 1); !strings.HasPrefix(got, "Blue's 1 (in play)") || !strings.Contains(got, "A light piece") {
		t.Fatalf("Blue's 1: %q", got)
	}
	s.Submit("pass")
	m.Load(s.Frame())
	if !strings.Contains(m.Note, "Amber (Ana) had all five pieces in play and passed.") || m.Mover != 1 || m.MustPass() {
		t.Fatalf("after the pass: %q", m.Note)
	}
}

func TestModelHintLinesAndLastDrops(t *testing.T) {
	s, m := load(t, "", "4@c1", "2@a3")
	if len(m.LastSqs) != 2 || m.Note != "Turn 2. Choose a piece from your hand, then an entry square." {
		t.Fatalf("last drops %v, note %q", m.LastSqs, m.Note)
	}
	s.ShowHint(&session.Hint{Seat: 1, Move: game.Drop(5, sq("e3")), Token: "5@e3"})
	m.Load(s.Frame())
	if m.HintSq != sq("e3") || m.HintN != 5 || m.CursorStart() != sq("e3") {
		t.Fatalf("hint %d %d", m.HintSq, m.HintN)
	}
	setup := `{"pieces": [{"seat": 0, "n": 1, "at": "b2", "dir": "N"}, {"seat": 0, "n": 3, "at": "d4", "dir": "W"}, {"seat": 1, "n": 1, "at": "b3", "dir": "S"}, {"seat": 1, "n": 2, "at": "c4", "dir": "E"}, {"seat": 1, "n": 3, "at": "d3", "dir": "N"}, {"seat": 1, "n": 4, "at": "c2", "dir": "N"}, {"seat": 1, "n": 5, "at": "b4", "dir": "S"}], "hands": [[2, 4, 5], []], "crown": 0, "turn": 6, "toMove": 0}`
	_, m = load(t, setup, "2@d1", "pass")
	if len(m.Line) != 3 || !m.Line[sq("b3")] || m.Input || m.Note != "Blue (Ben) wins: three in a row on rank 3. 7 turns played." {
		t.Fatalf("line %v, note %q", m.Line, m.Note)
	}
}

func TestLastPhase(t *testing.T) {
	s, _ := load(t, "")
	if st, _ := LastPhase(s.Frame()); st != nil {
		t.Fatal("a phase before any move")
	}
	s.Submit("4@c1")
	if st, _ := LastPhase(s.Frame()); st != nil {
		t.Fatal("a phase after one placement")
	}
	s.Submit("2@a3")
	st, ev := LastPhase(s.Frame())
	if st != s.State(1) || ev[0].Kind != games.EventEnter || ev[len(ev)-1].Kind != game.EventCrown {
		t.Fatalf("after the second placement: %v", ev)
	}
	s.Submit("1@c5") // waiting on the edge: the phase before it, then the drop
	st, ev = LastPhase(s.Frame())
	if st != s.State(1) || ev[len(ev)-1].Kind != games.EventEnter || ev[len(ev)-1].To != "c5" {
		t.Fatalf("with a drop waiting: %v", ev)
	}
}

// TestBeatsTellEveryAction: each kind of action becomes its beats, with
// its timing and caption.
func TestBeatsTellEveryAction(t *testing.T) {
	act := func(seat, n int, at string) games.Event {
		return games.Event{Kind: game.EventAct, Seat: seat, Piece: n, From: at}
	}
	ev := func(k games.EventKind, seat, n int, from, to, note string) games.Event {
		return games.Event{Kind: k, Seat: seat, Piece: n, From: from, To: to, Note: note}
	}
	m := NewModel()
	m.people = peopleOf([]games.SeatInfo{{Name: "Ana"}, {Name: "Ben"}})
	for _, c := range []struct {
		what    string
		events  []games.Event
		ms      []int
		caption string
	}{
		{"a step", []games.Event{act(0, 2, "c2"), ev(games.EventMove, 0, 2, "c2", "c3", "")}, []int{300, 300}, "Amber 2 moves to c3."},
		{"leaving", []games.Event{act(0, 2, "c4"), ev(games.EventReturn, 0, 2, "c4", "c5", "left the board")}, []int{300, 520}, "Amber 2 leaves the board and goes back to the hand."},
		{"bouncing", []games.Event{act(1, 3, "a3"), ev(games.EventReturn, 1, 3, "a3", "", "could not enter")}, []int{300, 320, 340}, "Blue 3 cannot enter and goes back to the hand."},
		{"blocked", []games.Event{act(1, 3, "b3"), ev(game.EventBlocked, 1, 3, "b3", "", "")}, []int{300, 360}, "Blue 3 is blocked and stays."},
		{"a push", []games.Event{act(0, 5, "b3"), ev(games.EventPush, 1, 1, "c3", "d3", ""), ev(games.EventMove, 0, 5, "b3", "c3", "")}, []int{300, 340}, "Amber 5 pushes Blue 1 to d3."},
		{"a push off", []games.Event{act(0, 5, "c3"), ev(games.EventReturn, 1, 1, "d3", "e3", "pushed onto the edge"), ev(games.EventMove, 0, 5, "c3", "d3", "")}, []int{300, 520}, "Amber 5 pushes Blue 1 off the board."},
		{"a run", []games.Event{act(0, 4, "a3"), ev(games.EventReturn, 1, 5, "e3", "", "pushed off the play area"), ev(games.EventPush, 1, 2, "d3", "e3", ""),
			ev(games.EventMove, 0, 4, "a3", "b3", "")}, []int{300, 560}, "Amber 4 pushes 2 pieces; Blue 5 goes back to the hand (pushed off the play area)."},
		{"the crown", []games.Event{{Kind: game.EventCrown, Seat: 1}}, []int{420}, "The crown passes to Blue (Ben)."},
		{"a drop", []games.Event{{Kind: games.EventEnter, Seat: 1, Piece: 2, To: "a3"}}, []int{280}, "Blue (Ben) places 2 on a3."},
	} {
		beats := m.Beats(c.events)
		var ms []int
		for _, b := range beats {
			ms = append(ms, b.Ms)
		}
		if fmt.Sprint(ms) != fmt.Sprint(c.ms) {
			t.Errorf("%s: timings %v, want %v", c.what, ms, c.ms)
		}
		if beats[0].Caption != c.caption {
			t.Errorf("%s: caption %q, want %q", c.what, beats[0].Caption, c.caption)
		}
	}
	// The run's wave: farthest first, each a little later; the piece pushed
	// out of the play area goes one square further, then to its tray.
	run := m.Beats([]games.Event{act(0, 4, "a3"), ev(games.EventReturn, 1, 5, "e3", "", "pushed off the play area"), ev(games.EventPush, 1, 2, "d3", "e3", ""),
		ev(games.EventMove, 0, 4, "a3", "b3", "")})[1]
	if len(run.Moves) != 3 || run.Moves[0].Delay != 0 || run.Moves[2].Delay != 0.16 || run.Act != index(0, 4) {
		t.Fatalf("run %+v", run)
	}
	if p := run.Moves[0].Path; len(p) != 3 || p[1] != (Loc{F: 5, R: 2}) || !p[2].Hand {
		t.Fatalf("the piece pushed off the play area goes %v", p)
	}
}
