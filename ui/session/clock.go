package session

import "time"

// Clock is the session's time: the app uses the real one, tests a fake
// one they advance by hand, so pacing and timers are tested without
// sleeping.
type Clock interface {
	Now() time.Time
	// After sends once on the channel when d has passed (at once if d <= 0).
	After(d time.Duration) <-chan time.Time
}

// RealClock is the wall clock.
type RealClock struct{}

func (RealClock) Now() time.Time                         { return time.Now() }
func (RealClock) After(d time.Duration) <-chan time.Time { return time.After(d) }

// wait is how long a bot's answer still waits so that it comes at least
// delay after since (the previous move it follows). A zero since means
// nothing to follow: no wait. The result is clamped to [0, delay]: a
// duration subtracted from a long-ago or zero time saturates, and the
// difference must never wrap around into a wait of centuries.
func wait(clock Clock, since time.Time, delay time.Duration) time.Duration {
	if since.IsZero() || delay <= 0 {
		return 0
	}
	elapsed := clock.Now().Sub(since)
	if elapsed < 0 {
		elapsed = 0 // the clock went back: wait the whole delay, no more
	}
	if elapsed >= delay {
		return 0
	}
	return delay - elapsed
}
