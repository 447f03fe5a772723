package session

import (
	"github.com/tabulagames/tabula/games"
	"github.com/tabulagames/tabula/ui/frame"
)

// Frame is the game as the screen and the board draw it now: a snapshot
// the session publishes after every change (frame.Frame), with the
// session itself as the read-only history of the move list.
func (s *Session) Frame() *frame.Frame {
	prev, turn, events := s.LastTurn()
	handOver, ok := s.HandOver()
	if !ok {
		handOver = -1
	}
	f := &frame.Frame{
		Game: s.Game, Rules: s.Rules, Seed: s.Seed, NoSeed: s.views, Seats: append([]games.SeatInfo{}, s.Seats...), History: s,
		View: s.view, Plies: len(s.tokens), Viewing: s.Viewing(),
		Shown: s.Shown(), Live: s.Live(), Before: prev, Turn: turn, Events: events,
		Acting: s.HumanToMove(), WhyNot: s.WhyNot(), DeviceSeat: s.DeviceSeat(), HandOver: handOver, ShowingTurn: s.ShowingTurn(),
		Simultaneous: s.Simultaneous(), Pending: s.Pending(), HumansAtOnce: s.HumansAtOnce(), HasHuman: s.HasHuman(),
		Thinking: append([]int{}, s.thinking...), Paused: s.Paused,
		Hint: s.hint, HintThinking: s.HintThinking(),
		PickTime: s.PickTime,
		Ending:   s.Ending(), DrawOffer: s.offer, WhyNoEnding: s.WhyNoEnding(), WhyNoOffer: s.WhyNoOffer(),
		CanUndo: s.CanUndo(), CanRedo: s.CanRedo(), UndoRefusal: s.WhyNoUndo(),
	}
	if f.Acting >= 0 {
		f.PickLeft, f.PickRunning = s.PickLeft(f.Acting)
	}
	return f
}
