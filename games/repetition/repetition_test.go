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
