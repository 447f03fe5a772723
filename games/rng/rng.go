// Package rng is the xorshift32 random stream of the knights rules
// (../shared/rules/knights.md, sections 4.1 and 4.3) and the arena rules
// (arena.md, section 8.1). Both specs define the same generator; it lives
// here once so a seed replays the same obstacles and bot games in both.
//
// The two specs differ only in which streams they start, never in the
// arithmetic:
//   - knights has a game stream seeded from the game seed itself (Game);
//     arena has none.
//   - both start a fresh stream per bot decision from (seed, seat, counter)
//     with the same mixing (Own); the counter is the number of completed
//     turns t in knights and the number of action tokens played since the
//     setup p in arena.
package rng

// Stream is one xorshift32 stream and the number of draws taken from it.
// It is a small value: a copy (a state's Clone, a hint that must not
// advance the game's stream) is an independent stream at the same place.
type Stream struct {
	x     uint32 // never 0: xorshift32 would stay at 0 forever
	draws int
}

// Game is the game stream of knights section 4.1: the state is the seed's
// low 32 bits (the seed modulo 2^32, negative seeds in two's complement),
// and a state of 0 becomes 1, so seeds 0 and 1 give the same stream.
func Game(seed int64) Stream {
	return start(uint32(seed))
}

// Own is the fresh stream of one bot decision, knights section 4.3 and
// arena section 8.1: count is the number of completed turns (knights t) or
// of action tokens played since the setup (arena p). All arithmetic is
// modulo 2^32; the mixing is MurmurHash3's 32-bit finaliser, and a mixed
// state of 0 becomes 1.
func Own(seed int64, seat, count int) Stream {
	h := uint32(seed) + 0x9E3779B9*uint32(seat+1) + 0x85EBCA6B*uint32(count)
	h ^= h >> 16
	h *= 0x85EBCA6B
	h ^= h >> 13
	h *= 0xC2B2AE35
	h ^= h >> 16
	return start(h)
}

func start(x uint32) Stream {
	if x == 0 {
		x = 1
	}
	return Stream{x: x}
}

// Draw advances the stream by one draw and returns the draw's value
// r = x / 2^32, in [0, 1). The first draw already uses the updated state.
func (s *Stream) Draw() float64 {
	x := s.x
	x ^= x << 13
	x ^= x >> 17
	x ^= x << 5
	s.x = x
	s.draws++
	return float64(x) / (1 << 32) // exact: x has 32 bits, a double 53
}

// Pick draws r and returns floor(r * n), an index in 0..n-1: knights'
// "floor(r * n)" and arena's "pick uniformly from a list of n". The
// product is taken exactly in integers, as knights says ("the integer
// part of the real product"); for n below 2^21 the product of doubles is
// exact as well, so it agrees with an original computing in doubles.
// n must be in 1..2^32-1: a smaller list has nothing to pick, a larger one
// is no game's.
func (s *Stream) Pick(n int) int {
	if n <= 0 || uint64(n) > 1<<32-1 {
		panic("rng: Pick needs a list of 1 to 2^32-1 entries")
	}
	s.Draw()
	return int(uint64(s.x) * uint64(n) >> 32)
}

// State is the generator's state x: the value the specs' check tables list
// after each draw.
func (s Stream) State() uint32 { return s.x }

// Draws is the number of draws taken from the stream since it started.
func (s Stream) Draws() int { return s.draws }
