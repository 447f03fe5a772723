package ui

import (
	"strings"
	"testing"

	"fyne.io/fyne/v2/test"
	"fyne.io/fyne/v2/widget"

	"github.com/tabulagames/tabula/games"
)

// symbolsOf are the symbols chosen in the form's seat rows.
func symbolsOf(nd *newGameForm) string {
	var out []string
	for _, sf := range nd.seats {
		out = append(out, sf.symbol.Selected)
	}
	return strings.Join(out, " ")
}

// Revenge's seats choose their symbols in the new-game dialog: all
// different (refused otherwise, and nothing remembered), kept by Swap
// seats with the people, remembered in the last setup and offered again.
func TestNewGameRevengeSymbols(t *testing.T) {
	u := newTestApp(t)
	g, _ := games.Lookup("revenge")
	people := []games.SeatInfo{{Name: "Ana", Controller: "human"}, {Name: "Bo", Controller: "human"}, {Name: "Cy", Controller: "human"}}
	nd := &newGameForm{u: u, g: g}
	w := test.NewWindow(nd.build(people, nil))
	defer w.Close()
	if got := symbolsOf(nd); got != "X O +" {
		t.Fatalf("the seats start on %q, want their usual X O +", got)
	}
	nd.seats[2].symbol.SetSelected("X")
	if _, ok := nd.session(); ok || !strings.Contains(nd.problem.Text, "Seat 1 (Ana) and seat 3 (Cy) both have the symbol X") {
		t.Fatalf("two X accepted, problem %q", nd.problem.Text)
	}
	if _, ok := u.cfg.LastSetup("revenge"); ok {
		t.Fatal("a refused form was remembered")
	}
	nd.seats[2].symbol.SetSelected("Δ")
	nd.swap() // Cy sits first now, and keeps Δ
	if got := symbolsOf(nd); got != "Δ X O" || nd.seats[0].name.Text != "Cy" {
		t.Fatalf("after the swap: %q, first seat %q", got, nd.seats[0].name.Text)
	}
	s, ok := nd.session()
	if !ok {
		t.Fatalf("refused: %s", nd.problem.Text)
	}
	if s.Frame().SeatSymbol(0) != "Δ" || s.Frame().SeatSymbol(1) != "X" || s.Frame().SeatSymbol(2) != "O" {
		t.Fatalf("the game shows %s %s %s", s.Frame().SeatSymbol(0), s.Frame().SeatSymbol(1), s.Frame().SeatSymbol(2))
	}
	seats, rules := u.lastChoices(g)
	again := &newGameForm{u: u, g: g}
	w2 := test.NewWindow(again.build(seats, rules))
	defer w2.Close()
	if got := symbolsOf(again); got != "Δ X O" {
		t.Fatalf("the next dialog offers %q, want the remembered Δ X O", got)
	}
	// A fourth seat gets a symbol no one has: its usual *, unless taken.
	again.seats[0].symbol.SetSelected("*")
	again.players.Set(4)
	if got := symbolsOf(again); got != "* X O +" {
		t.Fatalf("with a fourth seat: %q", got)
	}
}

// Games whose seats keep X and O show no choice and remember no symbol.
func TestNewGameClassicHasNoSymbolChoice(t *testing.T) {
	u := newTestApp(t)
	g, _ := games.Lookup("classic")
	nd := &newGameForm{u: u, g: g}
	nd.build(twoPeople, nil)
	if nd.seats[0].symbol != nil {
		t.Fatal("classic offers a symbol choice")
	}
	if _, ok := nd.session(); !ok {
		t.Fatal(nd.problem.Text)
	}
	if last, _ := u.cfg.LastSetup("classic"); last.Seats[0].Symbol != "" {
		t.Fatalf("classic remembered a symbol: %+v", last.Seats)
	}
}

var revengeThree = []games.SeatInfo{
	{Name: "Ana", Controller: "human"},
	{Name: "Bo", Controller: "human", Symbol: "Ψ"},
	{Name: "Cy", Controller: "human"},
}

func startRevenge(t *testing.T, seats []games.SeatInfo) (*gameScreen, uiLoop) {
	t.Helper()
	u := newTestApp(t)
	g, _ := games.Lookup("revenge")
	return openOnLoop(t, u, g, games.Defaults(g.RuleSpecs()), seats, nil)
}

// The move list, the result and the score line of a three-seat game are
// told in words with the people's names and chosen symbols.
func TestRevengeScreenTellsMovesAndTheResult(t *testing.T) {
	gs, _ := startRevenge(t, revengeThree)
	for _, tok := range strings.Fields("a1 a4 b4 b1 b4 b3 c1 a2 b2 d1") {
		if err := gs.Submit(tok); err != nil {
			t.Fatalf("%s: %v", tok, err)
		}
	}
	if got := gs.moveText(4); got != "5. Bo takes b4 from Cy" {
		t.Fatalf("move 5: %q", got)
	}
	if got := gs.moveText(9); got != "10. Ana places on d1" {
		t.Fatalf("move 10: %q", got)
	}
	if gs.result.String() != "Ana wins: a full row, rank 1" || !gs.result.Visible() || gs.status.Text != "Game over." {
		t.Fatalf("result %q, status %q", gs.result.String(), gs.status.Text)
	}
	if len(gs.seatRows) != 3 || gs.seatRows[0].turn.Text != "winner" || gs.seatRows[1].turn.Text != "" {
		t.Fatalf("seat rows: %d, %q %q", len(gs.seatRows), gs.seatRows[0].turn.Text, gs.seatRows[1].turn.Text)
	}
	if got := gs.scoreText(); got != "This session: Ana 1, Bo 0, Cy 0, draws 0" {
		t.Fatalf("score line %q", got)
	}
}

// A draw says why.
func TestRevengeScreenSaysWhyADraw(t *testing.T) {
	gs, _ := startRevenge(t, revengeThree)
	for _, tok := range strings.Fields("a4 b4 c4 a4 b4 c4 a4 b4 c4") {
		if err := gs.Submit(tok); err != nil {
			t.Fatal(err)
		}
	}
	if gs.result.String() != "Draw: the same position came up for the third time" {
		t.Fatalf("result %q", gs.result.String())
	}
}

// One person and two computers: the computers answer and their moves are
// told apart by their symbols, since they share a name.
func TestRevengeAgainstTwoComputers(t *testing.T) {
	seats := []games.SeatInfo{{Name: "Ana", Controller: "human"},
		{Name: "Computer", Controller: "ai", Bot: "easy"}, {Name: "Computer", Controller: "ai", Bot: "easy"}}
	gs, loop := startRevenge(t, seats)
	if err := gs.Submit("a4"); err != nil {
		t.Fatal(err)
	}
	loop.Until(t, "both computers to answer", func() bool { return gs.session.Plies() == 3 })
	if got := gs.moveText(1); !strings.HasPrefix(got, "2. Computer (O) ") {
		t.Fatalf("move 2: %q", got)
	}
	if got := gs.moveText(2); !strings.HasPrefix(got, "3. Computer (+) ") {
		t.Fatalf("move 3: %q", got)
	}
	if gs.statusText() != "Ana to move" || gs.seatRows[0].turn.Text != "to move" {
		t.Fatalf("status %q", gs.statusText())
	}
}

// The score line of three seats fits a phone: it wraps beside its button
// instead of widening the panel (which cut the result off).
func TestScoreLineWrapsOnANarrowPanel(t *testing.T) {
	gs, _ := startRevenge(t, revengeThree)
	for _, tok := range strings.Fields("a1 a4 b4 b1 b4 b3 c1 a2 b2 d1") {
		if err := gs.Submit(tok); err != nil {
			t.Fatal(err)
		}
	}
	if !gs.scoreRow.Visible() {
		t.Fatal("no score line after a game")
	}
	oneLine := widget.NewLabel(gs.score.Text).MinSize().Width
	if w := gs.scoreRow.MinSize().Width; w >= oneLine {
		t.Fatalf("the score line needs %v, as wide as its text on one line (%v)", w, oneLine)
	}
}
