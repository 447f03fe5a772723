package ai

import "sync"

// A tablePool keeps the transposition tables of finished searches for the
// next search that wants one of the same length. A table of 2^18 entries
// is 6 MB: a fresh one for every answer was most of what a bot allocated,
// and in the browser it started a garbage collection at nearly every
// think, whose marking Go on wasm finishes in one stretch when the bot
// pauses (yield_js.go). A table taken from the pool is cleared, so a
// search sees what a fresh one would: the answers do not change.
type tablePool[T any] struct {
	mu   sync.Mutex
	free [][]T // the most recently returned last
}

// keptTables is how many tables a pool keeps: a bot's and a hint's
// searches at once.
const keptTables = 2

func (p *tablePool[T]) get(n int) []T {
	p.mu.Lock()
	for i := len(p.free) - 1; i >= 0; i-- {
		if t := p.free[i]; len(t) == n {
			p.free = append(p.free[:i], p.free[i+1:]...)
			p.mu.Unlock()
			clear(t)
			return t
		}
	}
	p.mu.Unlock()
	return make([]T, n)
}

// put gives t back for a later search; the search must not use it again.
func (p *tablePool[T]) put(t []T) {
	p.mu.Lock()
	defer p.mu.Unlock()
	if len(p.free) == keptTables {
		p.free = append(p.free[:0], p.free[1:]...)
	}
	p.free = append(p.free, t)
}

var (
	abTables   tablePool[ttEntry]
	maxnTables tablePool[maxnEntry]
	maxnVals   tablePool[int32]
)
