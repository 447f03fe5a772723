// Package pause lets long work that is not a bot's search hand the
// browser's one thread back: on js, Go hands the thread to the page only
// when every goroutine is blocked, so replaying a save of 30,000 moves
// would be one task of a second or more (no frame, no click meanwhile).
// Maybe, called at every step of such work, blocks once ~10 ms of work
// have passed until the event loop has had its turn; elsewhere it does
// nothing. It is the ai package's yield (ai/yield.go, yield_js.go) made
// small for packages that may not import ai (settings): a clock read
// every few steps instead of a tuned stride. Wait, the pause itself (js
// only), is the one the bots' searches use too.
package pause

import "time"

// Every is how much work runs between two pauses on js.
const Every = 10 * time.Millisecond

// checkEvery is how many calls of Maybe pass between two readings of the
// clock (a reading costs about 200 ns on js; a replayed move several µs).
const checkEvery = 8
