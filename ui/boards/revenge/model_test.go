package revenge

import (
	"strings"
	"testing"

	"github.com/tabulagames/tabula/games"
	game "github.com/tabulagames/tabula/games/revenge"
	"github.com/tabulagames/tabula/ui/session"
)

// three are three people; Bo chose Ψ, the others keep X and +.
var three = []games.SeatInfo{
	{Name: "Ana", Controller: "human"},
	{Name: "Bo", Controller: "human", Symbol: "Ψ"},
	{Name: "Cy", Controller: "human"},
}

// newSession is a revenge game with house rules (nil: the defaults) and
// tokens played.
func newSession(t *testing.T, seats []games.SeatInfo, rules map[string]any, tokens ...string) *session.Session {
	t.Helper()
	g, _ := games.Lookup("revenge")
	r, err := games.ValidateRules(g.RuleSpecs(), rules)
	if err != nil {
		t.Fatal(err)
	}
	s, err := session.New(g, r, 1, seats, nil, session.Options{Post: func(func()) {}})
	if err != nil {
		t.Fatal(err)
	}
	for _, tok := range tokens {
		if err := s.Submit(tok); err != nil {
			t.Fatalf("%s: %v", tok, err)
		}
	}
	return s
}

func loaded(s *session.Session) *Model {
	m := NewModel()
	m.Load(s.Frame())
	return &m
}

func sq(m *Model, name string) int { return m.square(name) }

func TestModelLoadsStealsAndLocks(t *testing.T) {
	// Ana places a4, Bo steals it, Cy places b3: Ana may not take Bo's a4.
	s := newSession(t, three, nil, "a4", "a4", "b3")
	m := loaded(s)
	if m.Owners[sq(m, "a4")] != 1 || m.Owners[sq(m, "b3")] != 2 || m.Mover != 0 || !m.Input {
		t.Fatalf("owners %v mover %d input %v", m.Owners, m.Mover, m.Input)
	}
	if m.Last != sq(m, "b3") || m.LastKind != game.Place || m.LastText != "Last move: Cy placed on b3." {
		t.Fatalf("last %d %v %q", m.Last, m.LastKind, m.LastText)
	}
	if m.StealLine(1) != "took a4 from Ana" || m.StealLine(0) != "no steal" {
		t.Fatalf("steal records %+v: %q %q", m.Steals, m.StealLine(1), m.StealLine(0))
	}
	// The lock names the seats by their players, as the badges and the
	// move list do, never by their symbols.
	want := "Anti-revenge: Bo took a4 from Ana, so Ana may not take Bo's squares until Bo has moved again."
	if m.Locks[sq(m, "a4")] != want {
		t.Fatalf("a4's lock says %q", m.Locks[sq(m, "a4")])
	}
	for i, l := range m.Locks {
		if l != "" && i != sq(m, "a4") {
			t.Fatalf("%s locked too: %q", m.name(i), l)
		}
	}
	// The steal before: Bo took a4 from Ana, said as it happened.
	s.SetView(2)
	m.Load(s.Frame())
	if m.LastKind != game.Steal || m.Victim != 0 || m.LastText != "Last move: Bo took a4 from Ana." || m.Input {
		t.Fatalf("at move 2: kind %v victim %d %q input %v", m.LastKind, m.Victim, m.LastText, m.Input)
	}
}

func TestTapsMeanPlaceStealOrAskToReinforce(t *testing.T) {
	// Ana c1, Bo a4, Cy steals a4 from Bo: Ana to move, nothing locked for her.
	s := newSession(t, three, nil, "c1", "a4", "a4")
	m := loaded(s)
	if a := m.Act(sq(m, "d2")); a.Token != "d2" || a.Refusal != "" || a.Question {
		t.Fatalf("an empty square: %+v", a)
	}
	if a := m.Act(sq(m, "a4")); a.Token != "a4" {
		t.Fatalf("Cy's square: %+v", a)
	}
	if k, ok := m.Ghost(sq(m, "a4")); !ok || k != game.Steal {
		t.Fatalf("the ghost on a4: %v %v", k, ok)
	}
	// Her own c1 asks first; a tap elsewhere drops the question.
	if a := m.Act(sq(m, "c1")); a.Token != "" || !a.Question || m.Pending != sq(m, "c1") {
		t.Fatalf("own square: %+v pending %d", a, m.Pending)
	}
	if m.Question(false) != "Reinforce c1? Nothing changes on the board. Your steal record clears and the turn passes." ||
		m.Question(true) != "Reinforce c1? Nothing changes on the board." {
		t.Fatalf("question %q, %q", m.Question(false), m.Question(true))
	}
	if got := m.Explain(sq(m, "c1")); got != "Tap c1 again, or press Reinforce, to reinforce it." {
		t.Fatalf("pointing at the square asked about: %q", got)
	}
	if a := m.Act(sq(m, "d2")); a.Token != "d2" || m.Pending != -1 || m.Question(false) != "" {
		t.Fatalf("another square after the question: %+v pending %d", a, m.Pending)
	}
	// A second tap on it, or Confirm, plays it.
	m.Act(sq(m, "c1"))
	if a := m.Act(sq(m, "c1")); a.Token != "c1" || m.Pending != -1 {
		t.Fatalf("second tap: %+v", a)
	}
	m.Act(sq(m, "c1"))
	if tok := m.Confirm(); tok != "c1" || m.Confirm() != "" {
		t.Fatalf("confirm gave %q", tok)
	}
	// A new position drops the question.
	m.Act(sq(m, "c1"))
	if err := s.Submit("d2"); err != nil {
		t.Fatal(err)
	}
	m.Load(s.Frame())
	if m.Pending != -1 {
		t.Fatal("the question outlived the move")
	}
}

func TestTapOnALockIsRefusedWithItsReason(t *testing.T) {
	s := newSession(t, three, nil, "a4", "a4", "b3")
	m := loaded(s)
	a := m.Act(sq(m, "a4"))
	if a.Token != "" || !strings.HasPrefix(a.Refusal, "Anti-revenge: Bo took a4 from Ana") {
		t.Fatalf("a locked square: %+v", a)
	}
	if _, ok := m.Ghost(sq(m, "a4")); ok {
		t.Fatal("a ghost on a locked square")
	}
	if m.Explain(sq(m, "a4")) != m.Locks[sq(m, "a4")] || m.Spoken(sq(m, "a4")) != "a4, Ψ (Bo), locked" {
		t.Fatalf("explain %q spoken %q", m.Explain(sq(m, "a4")), m.Spoken(sq(m, "a4")))
	}
	// With reinforcing off, the mover's own square is locked with the rules' words.
	s = newSession(t, three, map[string]any{"reinforce": false}, "c1", "a4", "b4")
	m = loaded(s)
	if a := m.Act(sq(m, "c1")); a.Question || !strings.Contains(a.Refusal, "reinforcing is switched off") {
		t.Fatalf("own square, reinforce off: %+v", a)
	}
}

func TestWhenNoPersonMayPlayTheSessionSaysWhy(t *testing.T) {
	s := newSession(t, three, nil, "a4", "a4", "b3", "c1")
	s.SetView(3)
	m := loaded(s)
	if a := m.Act(sq(m, "a4")); a.Token != "a4" || a.Refusal != "" {
		t.Fatalf("a tap on a past position goes to the session: %+v", a)
	}
	if err := s.Submit("a4"); err != session.ErrViewingPast {
		t.Fatalf("the session says %v", err)
	}
	if got := m.Explain(sq(m, "b3")); got != "b3 holds + (Cy)." {
		t.Fatalf("explain, no input: %q", got)
	}
	if got := m.Explain(sq(m, "d1")); got != "d1 is empty." {
		t.Fatalf("explain an empty square, no input: %q", got)
	}
	if a := m.Act(-1); a != (Action{}) || m.Explain(16) != "" {
		t.Fatal("off the board means nothing")
	}
}

func TestExplainSaysWhatATapDoes(t *testing.T) {
	s := newSession(t, three, nil, "c1", "a4")
	m := loaded(s) // Cy to move
	cases := map[string]string{
		"d2": "d2 is empty: tap to place your mark.",
		"a4": "a4 holds Ψ (Bo): tap to steal it. Then Bo may not take Cy's squares until Cy has moved again.",
	}
	for name, want := range cases {
		if got := m.Explain(sq(m, name)); got != want {
			t.Errorf("%s: %q, want %q", name, got, want)
		}
	}
	s = newSession(t, three, nil, "c1", "a4", "b4")
	m = loaded(s) // Ana to move
	if got := m.Explain(sq(m, "c1")); !strings.HasPrefix(got, "c1 is yours: tap to reinforce it. Nothing changes") {
		t.Fatalf("own square: %q", got)
	}
	if m.Spoken(sq(m, "c1")) != "c1, X (Ana)" || m.Spoken(sq(m, "d4")) != "d4, empty" {
		t.Fatalf("spoken %q %q", m.Spoken(sq(m, "c1")), m.Spoken(sq(m, "d4")))
	}
}

func TestMovesAndResultsInWords(t *testing.T) {
	// Ana takes rank 1; Bo and Cy build the a- and b-files without a win.
	s := newSession(t, three, nil, "a1", "a4", "b4", "b1", "a3", "b3", "c1", "a2", "b2", "d1")
	want := map[int]string{0: "Ana places on a1", 4: "Bo places on a3", 9: "Ana places on d1"}
	for i, w := range want {
		if got := MoveText(s.Frame(), i); got != w {
			t.Errorf("move %d: %q, want %q", i+1, got, w)
		}
	}
	out := s.Live().Outcome()
	if got := ResultText(s.Frame(), out); got != "Ana wins: a full row, rank 1" {
		t.Fatalf("result %q", got)
	}
	m := loaded(s)
	if len(m.Line) != 4 || m.Line[0] != sq(m, "a1") || m.Mover != -1 || m.Winner != 0 || m.Input {
		t.Fatalf("line %v mover %d winner %d", m.Line, m.Mover, m.Winner)
	}
	for _, l := range m.Locks {
		if l != "" {
			t.Fatal("a lock after the end")
		}
	}
	// Everyone reinforces until the position comes up a third time.
	s = newSession(t, three, nil, "a4", "b4", "c4", "a4", "b4", "c4", "a4", "b4", "c4")
	if got := ResultText(s.Frame(), s.Live().Outcome()); got != "Draw: the same position came up for the third time" {
		t.Fatalf("repetition: %q", got)
	}
	if got := MoveText(s.Frame(), 3); got != "Ana reinforces a4" {
		t.Fatalf("move 4: %q", got)
	}
}

// "You" takes the verb without -s, and two seats of the same name are
// told apart by their symbols.
func TestWordsForYouAndTwoComputers(t *testing.T) {
	seats := []games.SeatInfo{{Name: "You", Controller: "human"}, {Name: "Computer", Controller: "human"}, {Name: "Computer", Controller: "human"}}
	s := newSession(t, seats, nil, "a4", "a4", "a4", "b4")
	want := []string{"You place on a4", "Computer (O) takes a4 from you", "Computer (+) takes a4 from Computer (O)", "You place on b4"}
	for i, w := range want {
		if got := MoveText(s.Frame(), i); got != w {
			t.Errorf("move %d: %q, want %q", i+1, got, w)
		}
	}
	if got := lineWords([]string{"b1", "b2", "b3", "b4"}); got != "a full column, the b-file" {
		t.Fatal(got)
	}
	if got := lineWords([]string{"a4", "b3", "c2", "d1"}); got != "a full diagonal, a4-d1" {
		t.Fatal(got)
	}
	if got := ResultText(s.Frame(), games.Outcome{Status: games.Win, Winners: []int{0}, Line: []string{"a1", "a2", "a3", "a4"}}); got != "You win: a full column, the a-file" {
		t.Fatal(got)
	}
	m := loaded(s)
	if got := m.Explain(sq(m, "b4")); got != "b4 holds X (You): tap to steal it. Then you may not take Computer (O)'s squares until Computer (O) has moved again." {
		t.Fatalf("explain %q", got)
	}
}

func TestCursorAndHint(t *testing.T) {
	s := newSession(t, three, map[string]any{"size": 5})
	m := loaded(s)
	if m.N != 5 || len(m.Owners) != 25 || m.CursorStart() != sq(m, "c3") {
		t.Fatalf("5x5: n %d cursor %s", m.N, m.name(m.CursorStart()))
	}
	s.ShowHint(&session.Hint{Seat: 0, Move: 7, Token: "c2"})
	m.Load(s.Frame())
	if m.Hint != 7 {
		t.Fatalf("hint %d", m.Hint)
	}
}
