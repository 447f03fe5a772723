package ui

import (
	"strings"
	"testing"

	"fyne.io/fyne/v2/test"

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
	if s.SeatSymbol(0) != "Δ" || s.SeatSymbol(1) != "X" || s.SeatSymbol(2) != "O" {
		t.Fatalf("the game shows %s %s %s", s.SeatSymbol(0), s.SeatSymbol(1), s.SeatSymbol(2))
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
	again.players.SetText("4")
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
