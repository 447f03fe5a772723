package session

import (
	"fmt"

	"github.com/tabulagames/tabula/games"
)

// The history of a long game is kept sparsely. One position per token
// would not do: a save of the largest size read (games.MaxRecordSize)
// holds almost two million legal arena tokens, and an arena position
// takes about 1.4 kB (BenchmarkFromRecord). So the session keeps the
// start, every keepEvery-th position, and the positions, moves and events
// of the open block: the tokens since the last kept position before the
// last token. Any other position, and the moves and events of any other
// token, are computed again from the kept position before them, a block
// of keepEvery tokens at a time; the last few blocks computed stay in a
// small cache, since the move list shows the rows of one or two blocks at
// a time. Every position is played once when the game is loaded or
// played, and at most once more per block looked at.

// keepEvery is how many tokens apart the kept positions are: a long game
// keeps a position per keepEvery tokens, and a position not kept takes at
// most keepEvery tokens to compute again.
const keepEvery = 64

// pastKept is how many blocks computed again stay in the cache.
const pastKept = 4

// block is the positions, moves and events of a run of at most keepEvery
// tokens, from a kept position (first is a multiple of keepEvery).
type block struct {
	first  int             // the index of its first token
	states []games.State   // states[j] is the position after first+j tokens
	turns  [][]games.Move  // turns[j] is token first+j as moves
	events [][]games.Event // and what it did, for games that report it
}

func (b *block) add(next games.State, moves []games.Move, events []games.Event) {
	b.states = append(b.states, next)
	b.turns = append(b.turns, moves)
	b.events = append(b.events, events)
}

// work counts what the session computes, for the tests that keep loading
// and playing linear in the game's length.
type work struct {
	played     int // tokens played: each once as it comes, and again to compute a block
	swapChecks int // turns whose events were looked through for a pie-rule swap
}

// play plays a token on a copy of st: the position after it, the token as
// moves, and the events of the turn for a game that reports them.
func (s *Session) play(st games.State, token string) (games.State, []games.Move, []games.Event, error) {
	s.work.played++
	next := st.Clone()
	moves, err := games.ParseTurn(next, token)
	if err != nil {
		return nil, nil, nil, err
	}
	if err := next.Play(moves...); err != nil {
		return nil, nil, nil, err
	}
	var ev []games.Event
	if e, ok := next.(games.Evented); ok {
		ev = e.LastEvents()
	}
	return next, moves, ev, nil
}

// push appends a token played, with the position after it, its moves and
// events. A token that starts a new block closes the open one: its
// positions but the kept ones are let go (the block goes to the cache,
// for Undo).
func (s *Session) push(token string, next games.State, moves []games.Move, events []games.Event) {
	i := len(s.tokens)
	if i == s.open.first+keepEvery && !s.views { // views cannot be computed again: all are kept
		closed := s.open
		for j := closed.first + 1; j < i; j++ {
			s.states[j] = nil
		}
		s.remember(&closed)
		s.open = block{first: i, states: []games.State{s.states[i]}}
	}
	s.tokens = append(s.tokens, token)
	s.states = append(s.states, next)
	s.open.add(next, moves, events)
	s.work.swapChecks++
	if SwapIn(events) {
		s.swaps = append(s.swaps, i)
	}
}

// unpush takes the last token back and returns it. When that empties the
// open block, the block before it opens again (from the cache, or
// computed again), so the position before the last token is always kept:
// Undo looks at it.
func (s *Session) unpush() string {
	i := len(s.tokens) - 1
	tok := s.tokens[i]
	if n := len(s.swaps); n > 0 && s.swaps[n-1] == i {
		s.swaps = s.swaps[:n-1]
	}
	s.tokens, s.states = s.tokens[:i], s.states[:i+1]
	if i == s.open.first && i > 0 {
		s.open = *s.takeBlock(i - keepEvery)
		for j, st := range s.open.states {
			s.states[s.open.first+j] = st
		}
		return tok
	}
	k := i - s.open.first
	s.open.states, s.open.turns, s.open.events = s.open.states[:k+1], s.open.turns[:k], s.open.events[:k]
	return tok
}

// turnAt is token i as moves, and its events.
func (s *Session) turnAt(i int) ([]games.Move, []games.Event) {
	b := s.blockOf(i)
	return b.turns[i-b.first], b.events[i-b.first]
}

// blockOf is the block that holds token i and the position after i
// tokens (unless i is a kept position, which starts the next block).
func (s *Session) blockOf(i int) *block {
	first := i / keepEvery * keepEvery
	if first >= s.open.first {
		return &s.open
	}
	b := s.takeBlock(first)
	s.remember(b)
	return b
}

// takeBlock is the closed block starting at token first, taken out of
// the cache, or computed again from its kept position.
func (s *Session) takeBlock(first int) *block {
	for k, b := range s.past {
		if b.first == first {
			s.past = append(s.past[:k], s.past[k+1:]...)
			return b
		}
	}
	b := &block{first: first, states: []games.State{s.states[first]}}
	for i := first; i < first+keepEvery; i++ {
		next, moves, events, err := s.play(b.states[len(b.states)-1], s.tokens[i])
		if err != nil {
			// Cannot happen: the same token was played on the same
			// position before, and the rules are deterministic.
			panic(fmt.Sprintf("session: token %d (%q) was refused when played again: %v", i+1, s.tokens[i], err))
		}
		b.add(next, moves, events)
	}
	return b
}

// remember puts a closed block first in the cache.
func (s *Session) remember(b *block) {
	s.past = append([]*block{b}, s.past...)
	if len(s.past) > pastKept {
		s.past = s.past[:pastKept]
	}
}

// allStates is every position of a game from the positions kept (nil
// where not kept) and the tokens: what ai.StreamAt needs. It is a plain
// function of copies, so a bot's goroutine can call it.
func allStates(kept []games.State, tokens []string) ([]games.State, error) {
	out := make([]games.State, len(kept))
	for i, st := range kept {
		if st == nil {
			next := out[i-1].Clone()
			if err := games.PlayToken(next, tokens[i-1]); err != nil {
				return nil, fmt.Errorf("token %d (%q) was refused when played again: %w", i, tokens[i-1], err)
			}
			st = next
		}
		out[i] = st
	}
	return out, nil
}
