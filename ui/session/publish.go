package session

import (
	"slices"

	"github.com/tabulagames/tabula/games"
)

// Change is one change the session made, as it tells its subscribers:
// the game screen (which draws the new Frame), the autosave and the
// statistics. The session publishes once per change, on the UI goroutine,
// after the change is complete; a subscriber reads the session (Frame,
// Record) and never changes it from inside a notification.
type Change struct {
	// Moved: a turn token was played (a person's move, a bot's, or the
	// joint move of a simultaneous turn); Turn is its moves and ByBot
	// says whether a bot played it.
	Moved bool
	Turn  []games.Move
	ByBot bool
	// Rewound: Undo or Redo changed the tokens played (or took back or
	// played again a resignation or an agreed draw).
	Rewound bool
	// Ended: a person resigned or a draw was agreed (Session.Ending);
	// Finished comes with it. DrawDeclined: the draw on offer was
	// declined, by BotSeat's player.
	Ended        bool
	DrawDeclined bool
	// Finished: the game ended with this change (told once per game);
	// Outcome is how.
	Finished bool
	Outcome  games.Outcome
	// BotFailed is why a bot stopped (not a cancellation), and BotSeat
	// its seat: the game waits where it is. BotSeat is also the seat that
	// declined a draw.
	BotFailed error
	BotSeat   int
}

// Played reports whether the tokens of the game changed, so that a save
// of it is due.
func (c Change) Played() bool { return c.Moved || c.Rewound || c.Ended }

// Subscribe adds f to those told of every change, after those already
// subscribed (the screen subscribes first, so a person's move is drawn
// before the autosave is queued). The function it returns ends the
// subscription (a screen that is left).
func (s *Session) Subscribe(f func(Change)) (cancel func()) {
	sub := &subscriber{tell: f}
	s.subs = append(s.subs, sub)
	return func() {
		s.subs = slices.DeleteFunc(s.subs, func(x *subscriber) bool { return x == sub })
	}
}

type subscriber struct{ tell func(Change) }

// publish opens a person's pick countdown if one is due, then tells the
// subscribers.
func (s *Session) publish(c Change) {
	s.openDuePick()
	for _, sub := range slices.Clone(s.subs) {
		sub.tell(c)
	}
}

// openDuePick starts the countdown of a person's secret pick when it
// opens: when one person picks alone (with several, the hand-over's
// Reveal starts each one's). It opens again after an undone pick or a
// look at an earlier position, when the pick opens anew.
func (s *Session) openDuePick() {
	seat := s.HumanToMove()
	if seat < 0 || !s.Simultaneous() || s.HumansAtOnce() > 1 {
		s.opened = [2]int{-1, -1}
		return
	}
	if key := [2]int{len(s.tokens), seat}; key != s.opened {
		s.opened = key
		s.OpenPick(seat)
	}
}
