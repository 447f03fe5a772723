package infiltration

// history holds every position of a game for the repetition rule, shared
// between clones. It is persistent: record returns a new history and leaves
// the old one as it was, so a clone (a bot's search, the undo stack) keeps
// its own past without copying it.
//
// A plain list would have to be walked from end to end after every action,
// and random or long games reach thousands of actions. Here the positions
// are split into buckets by their hash; each bucket is a list, newest first,
// and counting an occurrence walks only the positions that share the
// bucket. Recording allocates one block: the new position together with a
// copy of the table of bucket heads.
type history struct {
	heads [historyBuckets]*historyNode
	node  historyNode // the position this history recorded last
}

// historyBuckets trades the copy made on every action (8 bytes a bucket)
// against the length of the walk (the game's length divided by this).
const historyBuckets = 16

type historyNode struct {
	hash uint64 // Hash of key, compared first
	key  posKey
	prev *historyNode // the previous position in the same bucket
}

// record adds a position and returns the new history with the number of
// times the position now occurs in it.
func (h *history) record(hash uint64, key posKey) (*history, int) {
	next := &history{}
	if h != nil {
		next.heads = h.heads
	}
	b := hash % historyBuckets
	n := 1
	for p := next.heads[b]; p != nil; p = p.prev {
		if p.hash == hash && p.key == key {
			n++
		}
	}
	next.node = historyNode{hash: hash, key: key, prev: next.heads[b]}
	next.heads[b] = &next.node
	return next, n
}
