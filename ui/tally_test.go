package ui

import (
	"testing"

	"github.com/tabulagames/tabula/games"
)

// This run's score belongs to one line-up: the same people in the same
// seats, named by name; another line-up starts from nothing, a shared win
// has its own column, and the statistics count a shared win apart.
func TestSessionScoreBelongsToItsLineUp(t *testing.T) {
	u := newTestApp(t)
	ana, ben := games.SeatInfo{Name: "Ana", Controller: "human"}, games.SeatInfo{Name: "Ben", Controller: "human"}
	bot := games.SeatInfo{Name: "Computer", Controller: "ai", Bot: "easy"}
	hot, _ := startGame(t, u, []games.SeatInfo{ana, ben})
	u.countResult(hot.session, games.Outcome{Status: games.Win, Winners: []int{1}})
	u.countResult(hot.session, games.Outcome{Status: games.Draw})
	if got := hot.scoreText(); got != "This session: Ana 0, Ben 1, draws 1" {
		t.Fatalf("two people: %q", got)
	}
	vsBot, _ := startGame(t, u, []games.SeatInfo{ana, bot})
	if got := vsBot.scoreText(); got != "" {
		t.Fatalf("a game against the computer shows the people's score: %q", got)
	}
	swapped, _ := startGame(t, u, []games.SeatInfo{ben, ana})
	if got := swapped.scoreText(); got != "" {
		t.Fatalf("the same people in other seats carry the score: %q", got)
	}
	u.countResult(vsBot.session, games.Outcome{Status: games.Win, Winners: []int{0, 1}})
	if got := vsBot.scoreText(); got != "This session: Ana 0, Computer 0, shared 1, draws 0" {
		t.Fatalf("a shared win: %q", got)
	}
	u.recordResult(vsBot.session, games.Outcome{Status: games.Win, Winners: []int{0, 1}})
	u.disk.Wait()
	if got := u.stats.For("classic")["easy"]; got.Wins != 0 || got.Shared != 1 {
		t.Fatalf("a shared win in the statistics: %+v", got)
	}
}
