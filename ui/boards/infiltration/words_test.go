package infiltration

import (
	"testing"

	"github.com/tabulagames/tabula/games"
	"github.com/tabulagames/tabula/ui/session"
)

// board is a setup of the movement phase: ranks 8 to 1, hands as
// NOTATION.md writes them, X to move.
func board(hands string, ranks ...string) string {
	rows := ""
	for i, r := range ranks {
		if i > 0 {
			rows += ","
		}
		rows += `"` + r + `"`
	}
	return `{"board":[` + rows + `],"hand":` + hands + `,"phase":"movement","toMove":0}`
}

const noHands = `{"X":{"men":0,"kings":0},"O":{"men":0,"kings":0}}`

// Every kind of action is told in the rules' words with the people's
// names: a placement, a capture, a drop of a man and of a king, a step
// that crowns, the pie swap (by who sat where then).
func TestWordsOfEveryAction(t *testing.T) {
	setup := board(`{"X":{"men":0,"kings":1},"O":{"men":0,"kings":0}}`,
		"........", "......x.", "........", "........", "...o....", "..x.....", "........", "........")
	s, _ := load(t, nil, setup, "c3xe5", "@b7", "K@b2", "b7-c6", "g7-h8")
	for i, want := range []string{
		"Ana jumps from c3 to e5, taking a man",
		"Ben drops a man on b7",
		"Ana drops a king on b2",
		"Ben moves a man from b7 to c6",
		"Ana moves a man from g7 to h8 (crowned)",
	} {
		if got := MoveText(s.Frame(), i); got != want {
			t.Errorf("action %d: %q, want %q", i+1, got, want)
		}
	}
	pie, _ := load(t, map[string]any{"pie": true}, "", "@c3", "swap", "@d6")
	for i, want := range []string{"Ana places a man on c3", "Ben takes over X's first piece (pie rule)", "Ana places a man on d6"} {
		if got := MoveText(pie.Frame(), i); got != want {
			t.Errorf("with the pie rule, action %d: %q, want %q", i+1, got, want)
		}
	}
}

// The result names the people, not X and O, and says why; a hint is told
// from what the move would do.
func TestWordsOfResultsAndHints(t *testing.T) {
	line, _ := load(t, nil, board(noHands, "........", "........", "xxx.....", "....x...", "........", "o.......", "........", "........"), "e5-d6")
	if got := ResultText(line.Frame(), line.Live().Outcome()); got != "Ana wins: four in a row in Ben's half" {
		t.Errorf("a line: %q", got)
	}
	stuck, _ := load(t, nil, board(noHands, "........", "........", "........", "........", "........", "....x...", "o.......", ".x......"), "e3-f4")
	if got := ResultText(stuck.Frame(), stuck.Live().Outcome()); got != "Ana wins: Ben has no move" {
		t.Errorf("no move: %q", got)
	}
	draw, _ := load(t, nil, board(noHands, ".......O", "........", "........", "........", "........", "........", "........", "X......."),
		"a1-b2", "h8-g7", "b2-a1", "g7-h8", "a1-b2", "h8-g7", "b2-a1", "g7-h8")
	if out := draw.Live().Outcome(); out.Status != games.Draw || ResultText(draw.Frame(), out) != "Draw: same position three times" {
		t.Errorf("repetition: %+v, %q", out, ResultText(draw.Frame(), out))
	}
	hint, m := load(t, nil, board(noHands, "........", "........", "........", "........", "...o....", "..x.....", "........", "........"))
	mv, err := hint.Live().ParseMove(0, "c3xe5")
	if err != nil {
		t.Fatal(err)
	}
	if got := HintText(hint.Frame(), &session.Hint{Seat: 0, Move: mv, Token: "c3xe5"}); got != "Ana could jump from c3 to e5, taking a man" {
		t.Errorf("hint %q", got)
	}
	if m.Cells[sq("c3")] == 0 {
		t.Fatal("the hint moved the piece on the live position")
	}
}
