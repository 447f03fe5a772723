// Package repetition counts how often each position has occurred in a
// game, for the repetition rules (infiltration's and revenge's threefold
// repetition draws).
//
// A Counter is persistent: Record returns a new Counter and leaves the one
// it was called on as it was. Copying a Counter copies a pointer and its
// Hash, so a
// cloned game state shares its past with the original, and what either
// records later is invisible to the other: a bot's search or the undo
// stack never copies a game's history.
//
// It is a hash array mapped trie on the position's 64-bit hash: each level
// of the trie takes the next 4 bits of the hash and holds only the
// branches in use, so Record walks and copies at most 16 small nodes
// however long the game is (5 or 6 in a game of 100,000 positions). Its
// entries hold the full key, compared when the hashes match, so positions
// whose hashes collide are still told apart exactly.
package repetition

import "math/bits"

// Counter is a persistent multiset of positions of type K; the zero
// Counter is empty.
type Counter[K comparable] struct {
	root *node[K]
	hash uint64 // see Hash
}

// Record adds one occurrence of key, whose hash is hash (equal keys must
// have equal hashes), and returns the new Counter and how many times key
// occurs in it.
func (c Counter[K]) Record(hash uint64, key K) (Counter[K], int) {
	root, n := c.root.with(hash, key, 0)
	return Counter[K]{root, c.hash ^ term(hash, n) ^ term(hash, n-1)}, n
}

// Hash is a hash of the multiset: counters holding the same positions,
// each as often, have the same Hash whatever the order they were recorded
// in, and different multisets rarely do (unless they differ only by keys
// whose whole hashes collide, which Hash cannot tell apart). A game state's future depends on
// it through the repetition rule, so a search's table must tell states
// apart by it as well as by the position (the zero Counter's is 0).
func (c Counter[K]) Hash() uint64 { return c.hash }

// term is what a position with hash h held n times adds (by XOR) to Hash:
// nothing when n is 0, else a well-mixed word (splitmix64's finalizer).
func term(h uint64, n int) uint64 {
	if n == 0 {
		return 0
	}
	z := h + uint64(n)*0x9E3779B97F4A7C15
	z = (z ^ z>>30) * 0xBF58476D1CE4E5B9
	z = (z ^ z>>27) * 0x94D049BB133111EB
	return z ^ z>>31
}

// levelBits is the bits of the hash each level takes: fewer make more
// levels to copy, more make each copied node larger. Measured with
// BenchmarkRecord on 100 to 100,000 positions: 3 allocates more, 5
// copies about twice the bytes of 4.
const (
	levelBits = 4
	fanOut    = 1 << levelBits
	// maxShift is where the hash runs out: below it, keys with equal
	// hashes share one node that is searched key by key.
	maxShift = 64
)

// node is one level of the trie. Nodes and entries are never changed once
// built: Record copies the nodes on the way to the key and makes a new
// entry for it.
type node[K comparable] struct {
	// present has bit b set when branch b (the level's 4 bits of the
	// hash) is in use; slots holds the branches in use, in branch order.
	// A collision node (shift >= maxShift) has no bits and lists its
	// entries, which share one hash, in slots.
	present uint16
	slots   []slot[K]
}

// slot is a branch: a deeper node or an entry. Both are pointers so a
// node copied on the way down is small.
type slot[K comparable] struct {
	child *node[K]
	entry *entry[K]
}

// entry is a key with its number of occurrences.
type entry[K comparable] struct {
	hash  uint64
	key   K
	count int
}

// walked, when set by a test, is called for every node Record visits
// (first true: the root, the start of a Record) and every key of a
// collision node it compares, so a test can check that the work of one
// Record does not grow with the game.
var walked func(first bool)

// with returns a copy of n (nil: empty) holding one more key, found through
// the hash bits from shift on, and the key's new count.
func (n *node[K]) with(hash uint64, key K, shift uint) (*node[K], int) {
	if walked != nil {
		walked(shift == 0)
	}
	if shift >= maxShift {
		return n.withCollision(hash, key)
	}
	var present uint16
	var slots []slot[K]
	if n != nil {
		present, slots = n.present, n.slots
	}
	branch := branchBit(hash, shift)
	i := bits.OnesCount16(present & (branch - 1))
	if present&branch == 0 { // a new branch holding the key
		out := &node[K]{present: present | branch, slots: make([]slot[K], len(slots)+1)}
		copy(out.slots, slots[:i])
		out.slots[i] = slot[K]{entry: &entry[K]{hash: hash, key: key, count: 1}}
		copy(out.slots[i+1:], slots[i:])
		return out, 1
	}
	out := &node[K]{present: present, slots: append([]slot[K](nil), slots...)}
	s := &out.slots[i]
	var count int
	switch e := s.entry; {
	case s.child != nil:
		s.child, count = s.child.with(hash, key, shift+levelBits)
	case e.hash == hash && e.key == key:
		count = e.count + 1
		s.entry = &entry[K]{hash: hash, key: key, count: count}
	default: // another key on this branch: both go one level down
		below := single(*s, e.hash, shift+levelBits)
		*s = slot[K]{}
		s.child, count = below.with(hash, key, shift+levelBits)
	}
	return out, count
}

// single is a node at the level of shift holding the one slot s, whose
// hash is hash.
func single[K comparable](s slot[K], hash uint64, shift uint) *node[K] {
	if shift >= maxShift {
		return &node[K]{slots: []slot[K]{s}}
	}
	return &node[K]{present: branchBit(hash, shift), slots: []slot[K]{s}}
}

// branchBit is the bit of present for the branch of hash at shift.
func branchBit(hash uint64, shift uint) uint16 {
	return 1 << ((hash >> shift) & (fanOut - 1))
}

// withCollision returns a copy of the collision node n (nil: empty) with
// one more key, and the key's new count.
func (n *node[K]) withCollision(hash uint64, key K) (*node[K], int) {
	var slots []slot[K]
	if n != nil {
		slots = n.slots
	}
	out := &node[K]{slots: append(make([]slot[K], 0, len(slots)+1), slots...)}
	for i := range out.slots {
		if walked != nil {
			walked(false)
		}
		if e := out.slots[i].entry; e.key == key {
			out.slots[i].entry = &entry[K]{hash: hash, key: key, count: e.count + 1}
			return out, e.count + 1
		}
	}
	out.slots = append(out.slots, slot[K]{entry: &entry[K]{hash: hash, key: key, count: 1}})
	return out, 1
}
