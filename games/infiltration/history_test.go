package infiltration

import (
	"math/rand/v2"
	"testing"
)

// The bucketed history must count exactly what a plain list of every
// position counts, also when histories branch (clones) and when different
// positions share a bucket or even a hash.
func TestHistoryCountsLikeAPlainList(t *testing.T) {
	type entry struct {
		hash uint64
		key  posKey
	}
	type line struct {
		h     *history
		plain []entry
	}
	// Few distinct keys so positions repeat, spread over two buckets that
	// each hold several hashes; keys 5 and 6 share a hash.
	hashOf := func(k int) uint64 { return uint64(k%4*(k%3))*historyBuckets + uint64(k%2) }
	rng := rand.New(rand.NewPCG(7, 7))
	lines := []line{{}}
	for step := 0; step < 20000; step++ {
		i := rng.IntN(len(lines))
		l := lines[i]
		k := rng.IntN(8)
		e := entry{hash: hashOf(k), key: posKey{extra: uint64(k)}}
		if k == 6 {
			e.hash = hashOf(5)
		}
		want := 1
		for _, p := range l.plain {
			if p == e {
				want++
			}
		}
		h, got := l.h.record(e.hash, e.key)
		if got != want {
			t.Fatalf("step %d: count %d, want %d", step, got, want)
		}
		next := line{h: h, plain: append(l.plain[:len(l.plain):len(l.plain)], e)}
		if rng.IntN(3) == 0 {
			lines = append(lines, next) // branch: the old line lives on
		} else {
			lines[i] = next
		}
		if len(lines) > 50 {
			lines = lines[1:]
		}
	}
}
