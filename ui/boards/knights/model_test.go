package knights

import (
	"slices"
	"strings"
	"testing"

	"github.com/tabulagames/tabula/games"
	game "github.com/tabulagames/tabula/games/knights"
	"github.com/tabulagames/tabula/ui/session"
)

var (
	ana      = games.SeatInfo{Name: "Ana", Controller: "human"}
	ben      = games.SeatInfo{Name: "Ben", Controller: "human"}
	cy       = games.SeatInfo{Name: "Cy", Controller: "human"}
	computer = games.SeatInfo{Name: "Computer", Controller: "ai", Bot: "mobility"}
)

// newSession is a knights game (seed 42 unless rules say otherwise)
// whose bots never answer: the tests play every seat's part.
func newSession(t *testing.T, seats []games.SeatInfo, rules map[string]any, seed int64) *session.Session {
	t.Helper()
	g, _ := games.Lookup(game.ID)
	if rules == nil {
		rules = map[string]any{}
	}
	rules["players"] = float64(len(seats))
	valid, err := games.ValidateRules(g.RuleSpecs(), rules)
	if err != nil {
		t.Fatal(err)
	}
	s, err := session.New(g, valid, seed, seats, nil, session.Options{Post: func(func()) {}})
	if err != nil {
		t.Fatal(err)
	}
	return s
}

// playTurn plays a joint turn by people picking in seat order.
func playTurn(t *testing.T, s *session.Session, picks ...string) {
	t.Helper()
	for _, p := range picks {
		s.Continue() // the turn before has been seen
		if seat, ok := s.HandOver(); ok {
			s.Reveal(seat)
		}
		if err := s.Submit(p); err != nil {
			t.Fatalf("%s: %v", p, err)
		}
	}
}

func loaded(s *session.Session) *Model {
	m := NewModel()
	m.Load(s.Frame())
	return &m
}

// at is the board square of a square name.
func at(m *Model, name string) int { return m.squareOf(name) }

func names(m *Model, sqs []int) string {
	var out []string
	for _, sq := range sqs {
		out = append(out, m.Name(sq))
	}
	return strings.Join(out, " ")
}

// The spec's example (knights.md 8): seed 42, 8 x 8, 4 obstacles, then
// the turn c5,f4.
func TestLoadShowsKnightsTrailsAndObstacles(t *testing.T) {
	s := newSession(t, []games.SeatInfo{ana, ben}, map[string]any{"obstacles": float64(4)}, 42)
	playTurn(t, s, "c5", "f4")
	m := loaded(s)
	for name, want := range map[string]Cell{
		"f8": {Kind: game.Obstacle, Seat: -1}, "e2": {Kind: game.Obstacle, Seat: -1},
		"b7": {Kind: game.Trail, Seat: 0}, "g2": {Kind: game.Trail, Seat: 1},
		"c5": {Kind: game.Knight, Seat: 0}, "f4": {Kind: game.Knight, Seat: 1},
		"d4": {Kind: game.Empty, Seat: -1},
	} {
		if got := m.Cells[at(m, name)]; got != want {
			t.Errorf("%s shows %+v, want %+v", name, got, want)
		}
	}
	if m.Knights[0] != at(m, "c5") || m.Knights[1] != at(m, "f4") || m.Out[0] || m.Out[1] {
		t.Fatalf("knights %v out %v", m.Knights, m.Out)
	}
	if got := names(m, m.Last); got != "c5 f4" {
		t.Fatalf("last-turn rings on %q, want c5 f4", got)
	}
	if m.Fogged || len(m.Clashes) != 0 {
		t.Fatalf("fog %v, clashes %v", m.Fogged, m.Clashes)
	}
}

// One person picks with a tap; when several people pick in one turn a
// tap selects (again: deselects) and Confirm sends.
func TestTapPicksAloneAndSelectsWithSeveral(t *testing.T) {
	alone := loaded(newSession(t, []games.SeatInfo{ana, computer}, nil, 42))
	if !alone.Input || alone.Confirm || alone.Picker != 0 {
		t.Fatalf("alone: input %v confirm %v picker %d", alone.Input, alone.Confirm, alone.Picker)
	}
	if r := alone.Tap(at(alone, "c5")); r.Token != "c5" {
		t.Fatalf("a tap on a dot alone: %+v, want the pick c5", r)
	}
	if r := alone.Tap(at(alone, "e5")); r.Token != "" || !strings.Contains(r.Refusal, "not a knight jump from b7") || r.Square != at(alone, "e5") {
		t.Fatalf("a tap off the jumps: %+v", r)
	}
	if r := alone.Tap(at(alone, "b7")); !strings.Contains(r.Refusal, "your knight") {
		t.Fatalf("a tap on the own knight: %+v", r)
	}

	two := loaded(newSession(t, []games.SeatInfo{ana, ben, computer}, nil, 42))
	if two.Input {
		t.Fatal("the board takes picks before the device was handed over")
	}
	s := newSession(t, []games.SeatInfo{ana, ben, computer}, nil, 42)
	s.Reveal(0)
	m := loaded(s)
	if !m.Input || !m.Confirm {
		t.Fatalf("after the hand-over: input %v confirm %v", m.Input, m.Confirm)
	}
	c5 := at(m, "c5")
	if r := m.Tap(c5); r.Token != "" || m.Selected != c5 || !m.CanConfirm() {
		t.Fatalf("a tap with several people sent %+v, selected %d", r, m.Selected)
	}
	if r := m.Tap(c5); r.Token != "" || m.Selected != -1 || m.CanConfirm() {
		t.Fatalf("a second tap: %+v, selected %d", r, m.Selected)
	}
	if r, used := m.Enter(); !used || r.Token != "" || !strings.Contains(r.Refusal, "Select a square first") {
		t.Fatalf("Enter with nothing selected: %+v", r)
	}
	m.Tap(c5)
	if r, _ := m.Enter(); r.Token != "c5" {
		t.Fatalf("Confirm sent %+v", r)
	}
}

// Tab and the arrows go through the jumps in jump order (knights.md 1:
// from b7, d8 d6 a5 c5), wrapping; every pick starts afresh.
func TestStepsFollowTheJumpOrder(t *testing.T) {
	s := newSession(t, []games.SeatInfo{ana, computer}, nil, 42)
	m := loaded(s)
	if got := names(m, m.Legal); got != "d8 d6 a5 c5" {
		t.Fatalf("jumps %q", got)
	}
	var seen []string
	for _, dir := range []int{1, 1, -1, -1, -1} {
		if !m.Step(dir) {
			t.Fatal("a step was not used")
		}
		seen = append(seen, m.Name(m.Selected))
	}
	if got := strings.Join(seen, " "); got != "d8 d6 d8 c5 a5" {
		t.Fatalf("steps went %q", got)
	}
	if !m.Escape() || m.Selected != -1 || m.Escape() {
		t.Fatal("Escape drops the selection, then is left to the screen")
	}
	m.Step(-1)
	if m.Name(m.Selected) != "c5" {
		t.Fatalf("the first Left selects the last jump, got %s", m.Name(m.Selected))
	}
	m.Load(s.Frame()) // the same pick drawn again keeps the selection
	if m.Name(m.Selected) != "c5" {
		t.Fatal("a redraw dropped the selection")
	}
	// The computer's pick comes in, the turn resolves: a new pick.
	s2 := newSession(t, []games.SeatInfo{ana, ben}, nil, 42)
	m2 := loaded(s2)
	s2.Reveal(0)
	m2.Load(s2.Frame())
	m2.Step(1)
	playTurn(t, s2, "c5", "f4")
	m2.Load(s2.Frame())
	if m2.Selected != -1 {
		t.Fatal("the selection outlived its pick")
	}
}

// Under fog the board shows the device seat's view only; between two
// people's picks, and when they look back together, nobody's.
func TestFogShowsTheDeviceSeatsViewOnly(t *testing.T) {
	fog := map[string]any{"fog": true}
	m := loaded(newSession(t, []games.SeatInfo{ana, computer}, fog, 42))
	if !m.Fogged || m.Device != 0 {
		t.Fatalf("fogged %v, device %d", m.Fogged, m.Device)
	}
	if m.Cells[at(m, "b7")].Fog || m.Cells[at(m, "c5")].Fog || m.Cells[at(m, "e4")].Fog {
		t.Fatal("Ana's own sight is fogged")
	}
	if !m.Cells[at(m, "g2")].Fog || m.Knights[1] != -1 {
		t.Fatal("the computer's knight on g2 shows through the fog")
	}
	if !strings.Contains(m.Explain(at(m, "h1")), "in the fog") || m.Spoken(at(m, "h1")) != "h1, fog" {
		t.Fatalf("a fogged square is explained %q, spoken %q", m.Explain(at(m, "h1")), m.Spoken(at(m, "h1")))
	}

	s := newSession(t, []games.SeatInfo{ana, ben, cy}, fog, 42)
	m = loaded(s)
	if m.Device != -1 || !allFog(m) {
		t.Fatal("the board shows squares before the device was handed over")
	}
	s.Reveal(0)
	m.Load(s.Frame())
	if allFog(m) || m.Cells[at(m, "g2")].Fog == false {
		t.Fatal("Ana should see her own view and nothing else")
	}
	playTurn(t, s, "c5", "f4", "e6")
	s.SetView(0)
	m.Load(s.Frame())
	if !allFog(m) || m.Input {
		t.Fatal("several people looking back together see nothing")
	}
}

func allFog(m *Model) bool {
	for _, c := range m.Cells {
		if !c.Fog {
			return false
		}
	}
	return true
}

// A collision (5 x 5, seed 42: both knights aim at e3) is told as two
// bounces, one clash and one sentence naming both.
func TestStoryOfACollision(t *testing.T) {
	s := newSession(t, []games.SeatInfo{ana, ben}, map[string]any{"size": float64(5)}, 1)
	playTurn(t, s, "d5", "c4")
	playTurn(t, s, "e3", "e3")
	m := loaded(s)
	_, _, events := s.LastTurn()
	st := m.Story(events)
	if len(st.Slides) != 2 || !st.Slides[0].Bounce || !st.Slides[1].Bounce || st.Slides[0].To != at(m, "e3") {
		t.Fatalf("slides %+v", st.Slides)
	}
	if names(m, st.Clashes) != "e3" || len(st.Landed) != 0 || names(m, m.Clashes) != "e3" || len(m.Last) != 0 {
		t.Fatalf("clashes %v landed %v, model clashes %v last %v", st.Clashes, st.Landed, m.Clashes, m.Last)
	}
	if len(st.Says) != 1 || st.Says[0] != "Collision on e3! Amber (Ana) and Ice blue (Ben) bounce back." {
		t.Fatalf("says %q", st.Says)
	}
	if st.Empty() {
		t.Fatal("a collision is something to show")
	}
	// A view that sees one of the knights that aimed there (fog) tells
	// one bounce.
	if one := m.Story(events[:1]); len(one.Says) != 1 || one.Says[0] != "Collision on e3! Amber (Ana) bounces back." {
		t.Fatalf("one knight's bounce: %q", one.Says)
	}
}

// The closing ring and the eliminations are told; an elimination is
// public, so it is said even when the knight is in the fog.
func TestStoryTellsShrinkAndEliminations(t *testing.T) {
	s := newSession(t, []games.SeatInfo{ana, ben}, map[string]any{"size": float64(5), "shrink": float64(1)}, 1)
	playTurn(t, s, "d5", "c4")
	m := loaded(s)
	_, _, events := s.LastTurn()
	st := m.Story(events)
	if len(st.Closed) == 0 || !slices.Contains(st.Says, "The outer ring closes: 15 squares are blocked.") {
		t.Fatalf("closed %v, says %q", names(m, st.Closed), st.Says)
	}
	if !strings.Contains(m.Note, "the outer ring closes after this turn") {
		t.Fatalf("note %q", m.Note)
	}
	out := m.Story([]games.Event{{Kind: games.EventEliminate, Seat: 1, From: "c4", Value: 3}})
	if len(out.Out) != 1 || out.Says[0] != "Ice blue (Ben) is out with 3 squares." {
		t.Fatalf("elimination told as %+v", out)
	}
	fogged := loaded(newSession(t, []games.SeatInfo{ana, computer}, map[string]any{"fog": true}, 42))
	hidden := fogged.Story([]games.Event{{Kind: games.EventEliminate, Seat: 1, From: "g2", Value: 1},
		{Kind: games.EventMove, Seat: 1, From: "h4", To: "g2"}})
	if len(hidden.Out) != 0 || len(hidden.Slides) != 0 || len(hidden.Says) != 1 {
		t.Fatalf("a knight in the fog: %+v", hidden)
	}
}

// The selection the board tells its host, which the session picks when
// the pick time runs out: the square Confirm would send, "" with nothing
// selected (the session then picks the first jump) and once the pick it
// belongs to is over.
func TestSelectionIsWhatATimeoutPicks(t *testing.T) {
	s := newSession(t, []games.SeatInfo{ana, computer}, nil, 42)
	m := loaded(s)
	if sel := m.Selection(); sel != "" {
		t.Fatalf("nothing selected: %q", sel)
	}
	m.Step(1)
	if sel := m.Selection(); sel != "d8" {
		t.Fatalf("selection %q, want d8", sel)
	}
	if err := s.Submit("c5"); err != nil {
		t.Fatal(err)
	}
	m.Load(s.Frame())
	if sel := m.Selection(); sel != "" {
		t.Fatalf("Ana picked c5, yet her selection %q outlived the pick", sel)
	}
}

// A tap on an earlier position says so in the session's words, even in a
// finished game, whose frame says only that it is over.
func TestATapOnAnEarlierPositionSaysSo(t *testing.T) {
	if viewingPast != session.ErrViewingPast.Error() {
		t.Fatalf("the board says %q, the session %q", viewingPast, session.ErrViewingPast)
	}
	s := replayed(t, []games.SeatInfo{ana, ben}, map[string]any{"size": float64(5)}, "d5,c4", "e3,e3", "e3,e3", "e3,e3")
	s.SetView(1)
	m := loaded(s)
	if r := m.Tap(at(m, "c3")); r.Refusal != session.ErrViewingPast.Error() {
		t.Fatalf("a tap on an earlier position of a finished game: %+v", r)
	}
}

func TestTimerTone(t *testing.T) {
	for _, c := range []struct {
		left float64
		want int
	}{{1, 0}, {0.51, 0}, {0.5, 1}, {0.26, 1}, {0.25, 2}, {0, 2}} {
		if got := TimerTone(c.left); got != c.want {
			t.Errorf("%.2f left: tone %d, want %d", c.left, got, c.want)
		}
	}
}

// What a long press and a screen reader say.
func TestExplainAndSpokenNames(t *testing.T) {
	s := newSession(t, []games.SeatInfo{ana, ben}, map[string]any{"obstacles": float64(4)}, 42)
	playTurn(t, s, "c5", "f4")
	s.Continue()
	s.Reveal(0)
	m := loaded(s)
	for name, want := range map[string]string{
		"b7": "b7: Amber's trail. Amber (Ana) stood here; the square stays blocked.",
		"f8": "f8: an obstacle. No knight can ever enter it.",
		"f4": "f4: Ice blue (Ben)'s knight, 2 squares, 6 jumps now.",
		"a1": "a1: empty.",
		"d7": "d7: empty. Your knight can jump here.",
	} {
		if got := m.Explain(at(m, name)); got != want {
			t.Errorf("%s explained %q, want %q", name, got, want)
		}
	}
	m.Step(1)
	for name, want := range map[string]string{
		"b7": "b7, Amber's trail", "c5": "c5, Amber's knight", "f8": "f8, an obstacle",
		"a1": "a1, empty", m.Name(m.Selected): m.Name(m.Selected) + ", empty, a jump for you, selected",
	} {
		if got := m.Spoken(at(m, name)); got != want {
			t.Errorf("%s spoken %q, want %q", name, got, want)
		}
	}
}

// The line under the board: the turn, who picks or who the turn waits
// for, the next shrink and the seed.
func TestNoteSaysWhoPicksAndTheSeed(t *testing.T) {
	s := newSession(t, []games.SeatInfo{ana, computer}, map[string]any{"shrink": float64(3)}, 42)
	m := loaded(s)
	if m.Note != "Turn 1: Amber (Ana), choose a square with a dot · the outer ring closes in 3 turns · seed 42" {
		t.Fatalf("note %q", m.Note)
	}
	s.Submit("c5")
	m.Load(s.Frame())
	if !strings.HasPrefix(m.Note, "Turn 1: waiting for Ice blue (Computer)") || m.Input {
		t.Fatalf("note after the pick %q", m.Note)
	}
	if r := m.Tap(at(m, "d4")); !strings.Contains(r.Refusal, "waiting for Ice blue (Computer)") {
		t.Fatalf("a tap while waiting: %+v", r)
	}
}

// replayed is a game replayed from its tokens with the seats given
// (bots included: their turns are in the tokens), seed 1.
func replayed(t *testing.T, seats []games.SeatInfo, rules map[string]any, tokens ...string) *session.Session {
	t.Helper()
	rules["players"] = float64(len(seats))
	s, err := session.FromRecord(&games.Record{Game: game.ID, Rules: rules, Seed: 1, Seats: seats, Moves: tokens},
		session.Options{Post: func(func()) {}})
	if err != nil {
		t.Fatal(err)
	}
	return s
}

// The game-over card: "Victory" when a person at the device won,
// "Defeated" when a computer did, nothing of the kind between computers;
// the table lists every seat by score, the winner first on equal squares.
// 5 x 5, the ring closing every 2 turns: after d5,c4 and c3,a5 Amber's
// knight on c3 is out and Ice blue wins, 3 squares each.
func TestOverSaysVictoryOrDefeatAndListsTheSeats(t *testing.T) {
	rules := func() map[string]any { return map[string]any{"size": float64(5), "shrink": float64(2)} }
	for _, c := range []struct {
		what        string
		seats       []games.SeatInfo
		title, line string
	}{
		{"a person won", []games.SeatInfo{computer, ana}, "Victory", "Ice blue (Ana) wins with 3 squares"},
		{"a computer won", []games.SeatInfo{ana, computer}, "Defeated", "Ice blue (Computer) wins - 3 squares"},
		{"computers alone", []games.SeatInfo{computer, computer}, "Game over", "Ice blue (Computer) wins with 3 squares"},
	} {
		m := loaded(replayed(t, c.seats, rules(), "d5,c4", "c3,a5"))
		if m.Over == nil || m.Over.Title != c.title || m.Over.Line != c.line || m.Over.Why != "" {
			t.Fatalf("%s: %+v", c.what, m.Over)
		}
		rows := m.Over.Rows
		if len(rows) != 2 || rows[0].Seat != 1 || rows[0].Result() != "winner" || rows[1].Result() != "out" || rows[1].Squares != 3 {
			t.Fatalf("%s: table %+v", c.what, rows)
		}
	}
}

// Three turns of bounces end the game on squares: a shared win, with why.
func TestOverTellsAStallAndASharedWin(t *testing.T) {
	s := replayed(t, []games.SeatInfo{ana, ben}, map[string]any{"size": float64(5)}, "d5,c4", "e3,e3", "e3,e3", "e3,e3")
	m := loaded(s)
	want := "Shared win - Amber (Ana) and Ice blue (Ben) share the win with 2 squares. Stall - decided on squares: no knight could jump for three turns."
	if m.Over == nil || m.Over.Announcement() != want {
		t.Fatalf("over %+v", m.Over)
	}
	s.SetView(3)
	if m.Load(s.Frame()); m.Over != nil {
		t.Fatal("the card shows while an earlier position is looked at")
	}
}

// The scoreboard: seats by score with their jumps now; under fog another
// seat's jumps are hidden (knights.md 10.2), its squares are not.
func TestScoreboardHidesOtherJumpsInTheFog(t *testing.T) {
	s := newSession(t, []games.SeatInfo{ana, computer}, map[string]any{"fog": true}, 42)
	m := loaded(s)
	if len(m.Board) != 2 || m.Board[0].Seat != 0 || m.Board[0].Jumps != 4 || !m.Board[0].Human {
		t.Fatalf("Ana's standing %+v", m.Board)
	}
	if m.Board[1].Jumps != -1 || m.Board[1].Squares != 1 || m.Board[1].Human {
		t.Fatalf("the computer's standing under fog %+v", m.Board[1])
	}
	clear := loaded(newSession(t, []games.SeatInfo{ana, computer}, nil, 42))
	if clear.Board[1].Jumps != 4 {
		t.Fatalf("without fog the computer's jumps %d, want 4 (g2)", clear.Board[1].Jumps)
	}
}

// The turn is told in words with its jumps, as far as the device sees
// them: "Jumps: Amber (Ana) to c5 and Ice blue (Ben) to f4."
func TestStoryTellsTheJumps(t *testing.T) {
	s := newSession(t, []games.SeatInfo{ana, ben}, nil, 42)
	playTurn(t, s, "c5", "f4")
	m := loaded(s)
	_, _, events := s.LastTurn()
	if says := m.Story(events).Says; len(says) != 1 || says[0] != "Jumps: Amber (Ana) to c5 and Ice blue (Ben) to f4." {
		t.Fatalf("says %q", says)
	}
}

// While everyone looks at the turn just played (issue 19 item 3), the
// line under the board tells it as the move list does, nobody picks, and
// a tap says to press Continue; under fog the board shows nothing of
// anyone's view, and the line only what everyone may know.
func TestTheTurnShownToEveryoneSaysContinue(t *testing.T) {
	s := newSession(t, []games.SeatInfo{ana, ben}, map[string]any{"fog": true}, 42)
	for _, p := range []string{"c5", "f4"} {
		if seat, ok := s.HandOver(); ok {
			s.Reveal(seat)
		}
		if err := s.Submit(p); err != nil {
			t.Fatal(err)
		}
	}
	m := loaded(s)
	want := "Turn 1: Ana jumps out of sight; Ben jumps out of sight · seed 42"
	if m.Note != want || m.Brief != want || m.Input || !allFog(m) {
		t.Fatalf("note %q, brief %q, input %v, all fog %v", m.Note, m.Brief, m.Input, allFog(m))
	}
	if r := m.Tap(at(m, "d4")); !strings.Contains(r.Refusal, "press Continue") {
		t.Fatalf("a tap while the turn shows: %+v", r)
	}
	clear := newSession(t, []games.SeatInfo{ana, ben}, nil, 42)
	for _, p := range []string{"c5", "f4"} {
		if err := clear.Submit(p); err != nil {
			t.Fatal(err)
		}
	}
	if got := loaded(clear).Note; got != "Turn 1: Ana jumps to c5; Ben jumps to f4 · seed 42" {
		t.Fatalf("without fog the line reads %q", got)
	}
}
