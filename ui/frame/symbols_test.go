package frame

import (
	"strings"
	"testing"

	"github.com/tabulagames/tabula/games"
)

func TestDistinctSymbols(t *testing.T) {
	seats := []games.SeatInfo{{Name: "Ana", Symbol: "Δ"}, {Name: "Bo"}, {Name: "Cy", Symbol: "X"}}
	if err := DistinctSymbols(seats); err != nil {
		t.Fatalf("Δ, O (seat 2's own) and X refused: %v", err)
	}
	seats[2].Symbol = "O" // what seat 2 shows without a choice
	err := DistinctSymbols(seats)
	if err == nil || !strings.Contains(err.Error(), "Seat 2 (Bo) and seat 3 (Cy) both have the symbol O") {
		t.Fatalf("a clash with seat 2's own symbol: %v", err)
	}
	seats[0].Symbol, seats[1].Symbol, seats[2].Symbol = "#", "Ψ", "#"
	if err := DistinctSymbols(seats); err == nil || !strings.Contains(err.Error(), "Seat 1 (Ana) and seat 3 (Cy)") {
		t.Fatalf("two chosen #: %v", err)
	}
}
