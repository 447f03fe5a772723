package repetition

import (
	"fmt"
	"math/rand/v2"
	"testing"
)

// pos stands for a game position: a key of several words (pad stays 0),
// like infiltration's.
type pos struct{ id, pad uint64 }

// hashOf gives most keys a well-mixed hash, and some keys hashes that
// collide: 5 and 6 share a whole hash, as do 9, 10 and 11; 7 and 8 differ
// only in the top bit, so they part at the trie's last level.
func hashOf(k uint64) uint64 {
	switch k {
	case 6:
		k = 5
	case 10, 11:
		k = 9
	case 8:
		return mix(7) ^ 1<<63
	}
	return mix(k)
}

func mix(x uint64) uint64 {
	x += 0x9E3779B97F4A7C15
	x = (x ^ x>>30) * 0xBF58476D1CE4E5B9
	x = (x ^ x>>27) * 0x94D049BB133111EB
	return x ^ x>>31
}

// The counter must count exactly what a plain list of every position
// counts, when histories branch (clones that go on recording) and when
// keys share a hash or most of one.
func TestCountsLikeAPlainList(t *testing.T) {
	type line struct {
		c     Counter[pos]
		plain []pos
	}
	rng := rand.New(rand.NewPCG(7, 7))
	lines := []line{{}}
	for step := 0; step < 30000; step++ {
		i := rng.IntN(len(lines))
		l := lines[i]
		// Mostly a few keys, so positions repeat; now and then one of
		// many, so the trie grows levels.
		k := uint64(rng.IntN(12))
		if rng.IntN(4) == 0 {
			k = uint64(rng.IntN(5000))
		}
		p := pos{id: k}
		want := 1
		for _, q := range l.plain {
			if q == p {
				want++
			}
		}
		c, got := l.c.Record(hashOf(k), p)
		if got != want {
			t.Fatalf("step %d, key %d: count %d, want %d", step, k, got, want)
		}
		next := line{c: c, plain: append(l.plain[:len(l.plain):len(l.plain)], p)}
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

// BenchmarkRecord records in a counter that already holds size positions,
// as a bot's search does at every node of a game that long.
func BenchmarkRecord(b *testing.B) {
	for _, size := range []int{100, 10_000, 100_000} {
		b.Run(fmt.Sprint(size), func(b *testing.B) {
			var c Counter[pos]
			for k := range uint64(size) {
				c, _ = c.Record(mix(k), pos{id: k})
			}
			k := uint64(0)
			for b.Loop() {
				c.Record(mix(k), pos{id: k}) // the result is dropped, as after a search node
				k = (k + 7919) % uint64(2*size)
			}
		})
	}
}

// Hash depends on the multiset alone: counters that hold the same keys,
// each as often, have one Hash whatever the order they were recorded in,
// and those that hold different ones (the same keys with other counts
// included) have different Hashes. Keys whose whole hashes collide are
// left out: Hash sees only the hashes (5 and 6 once each cancel out), as
// a search's table sees only the position's hash.
func TestHashFollowsTheMultiset(t *testing.T) {
	rng := rand.New(rand.NewPCG(5, 9))
	hashes := map[[12]int]uint64{} // counts of keys 0..11: the counter's Hash
	sameOrderless := 0
	for line := 0; line < 3000; line++ {
		var c Counter[pos]
		var counts [12]int
		for step := rng.IntN(8); step > 0; step-- {
			k := []int{0, 1, 2, 3, 4, 7, 8}[rng.IntN(7)]
			c, counts[k] = c.Record(hashOf(uint64(k)), pos{id: uint64(k)})
			if h, ok := hashes[counts]; ok {
				if h != c.Hash() {
					t.Fatalf("the multiset %v has two Hashes", counts)
				}
				sameOrderless++
				continue
			}
			for other, h := range hashes {
				if h == c.Hash() {
					t.Fatalf("one Hash for the multisets %v and %v", other, counts)
				}
			}
			hashes[counts] = c.Hash()
		}
	}
	if (Counter[pos]{}).Hash() != 0 {
		t.Error("the empty counter's Hash is not 0")
	}
	if sameOrderless == 0 {
		t.Fatal("no multiset was built twice: the test checks nothing")
	}
	t.Logf("%d multisets, %d built again", len(hashes), sameOrderless)
}
