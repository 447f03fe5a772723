package ui

import (
	"testing"

	"github.com/tabulagames/tabula/games"
	"github.com/tabulagames/tabula/ui/boards/kit"
)

// TestBoardsStartAtOneDistance: on the desktop every board's squares
// start kit.BoardTop below the top of the board's area, so switching
// games does not move the board up or down (each used to centre itself
// in its area, at a distance of its own). Alcazar names no squares; its
// frame is placed at kit.BoardTop by the same rule (alcazar.layout).
func TestBoardsStartAtOneDistance(t *testing.T) {
	for _, id := range []string{"classic", "checkerboard", "infiltration", "revenge", "knights", "arena"} {
		t.Run(id, func(t *testing.T) {
			u := newTestApp(t)
			g, _ := games.Lookup(id)
			rules := games.Defaults(g.RuleSpecs())
			var people []games.SeatInfo
			for _, name := range []string{"Ana", "Ben", "Cy", "Di"}[:games.SeatCount(g, rules)] {
				people = append(people, games.SeatInfo{Name: name, Controller: "human"})
			}
			gs, _ := openOnLoop(t, u, g, rules, people, nil)
			top := gs.board.Size().Height
			for _, o := range gs.spoken.Objects {
				top = min(top, o.Position().Y)
			}
			if top < kit.BoardTop-0.5 || top > kit.BoardTop+0.5 {
				t.Fatalf("the squares start %.1f below the board's top, want %v", top, kit.BoardTop)
			}
		})
	}
}
