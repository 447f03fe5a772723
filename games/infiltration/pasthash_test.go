package infiltration_test

import (
	"testing"

	"github.com/tabulagames/tabula/games/infiltration"
)

// PastHash follows what the repetition rule counts: shuffling two kings
// around a 4-action cycle brings the start position back after 4 and 8
// actions, seen once and twice before, so with one Hash its PastHashes
// differ; a placement, which no earlier position survives, starts it
// afresh, so two games placing the same men in another order agree.
func TestPastHash(t *testing.T) {
	st := newState(t, nil, setupJSON([8]string{
		"........",
		".O......",
		"........",
		"...X....",
		"........",
		"........",
		"........",
		"........",
	}, infiltration.X, [4]int{}, "movement"))
	start, past := st.Hash(), []uint64{st.PastHash()}
	for round := 0; round < 2; round++ {
		play(t, st, "d5-e6 b7-c6 e6-d5 c6-b7")
		if st.Hash() != start {
			t.Fatal("the king cycle did not come back to the start")
		}
		past = append(past, st.PastHash())
	}
	if past[0] == past[1] || past[1] == past[2] || past[0] == past[2] {
		t.Errorf("the start seen 1, 2 and 3 times has PastHashes %x", past)
	}

	a, b := newState(t, nil, ""), newState(t, nil, "")
	play(t, a, "@d4 @e5 @e4 @d5")
	play(t, b, "@e4 @d5 @d4 @e5")
	if a.Hash() != b.Hash() || a.PastHash() != b.PastHash() {
		t.Error("the same placements in another order have another Hash or PastHash")
	}
}
