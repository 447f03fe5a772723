package session

import (
	"context"

	"github.com/tabulagames/tabula/ai"
	"github.com/tabulagames/tabula/games"
)

// Ending a game outside its rules (issue 19 item 4): a person resigns, or
// offers a draw that the other seat accepts: a bot by ai.Assess, a person
// at this device when the screen asks them (AnswerDraw). Only two-seat
// games end so (games.Ending): with three or four seats a player who gave
// up would leave the others a game still to finish, and who "drew" would
// mean nothing to the rest. The ending goes into the record after the
// last token; Undo takes it back first, Redo plays it again.

// Outcome is how the game stands: the ending's result when a person
// resigned or a draw was agreed, else the rules'.
func (s *Session) Outcome() games.Outcome {
	if s.ending != nil {
		return s.ending.Outcome()
	}
	return s.Live().Outcome()
}

// Ending is how the game ended outside its rules (a copy), or nil.
func (s *Session) Ending() *games.Ending {
	if s.ending == nil {
		return nil
	}
	e := *s.ending
	return &e
}

// DrawOffer is the seat whose draw offer waits for its answer, or -1.
func (s *Session) DrawOffer() int { return s.offer }

// WhyNoEnding says why the person at this device cannot resign or offer a
// draw now, in a player's words; nil when they can. It takes the turn of
// a person here: it is refused when the game is over, an earlier position
// is shown, it is nobody here's turn, or the game has more than two seats.
func (s *Session) WhyNoEnding() error {
	if s.Live().Seats() != 2 {
		return games.Refuse("Only a game of two players can be resigned or drawn by agreement.")
	}
	if err := s.WhyNot(); err != nil && !s.pickedHere() {
		return err
	}
	if s.offer >= 0 {
		return games.Refuse("The draw offer waits for an answer.")
	}
	return nil
}

// WhyNoOffer is WhyNoEnding for a draw offer, which also needs someone to
// answer it: a person here or a bot (an offer to another device is not
// carried yet).
func (s *Session) WhyNoOffer() error {
	if err := s.WhyNoEnding(); err != nil {
		return err
	}
	me := s.HumanToMove()
	if me < 0 {
		me = s.DeviceSeat() // a followed game's person who has picked (pickedHere)
	}
	if other := 1 - me; me >= 0 && s.DriverOf(other) == Remote {
		return games.Refuse("A draw cannot be offered to %s on another device yet.", s.Seats[other].Name)
	}
	return nil
}

// Resign gives the game up for seat, the person here whose turn it is:
// the other seat wins. What WhyNoEnding refuses it refuses, changing
// nothing.
func (s *Session) Resign(seat int) error {
	if err := s.WhyNoEnding(); err != nil {
		return err
	}
	if seat != s.HumanToMove() {
		return games.Refuse("Only the player whose turn it is can resign now.")
	}
	s.end(&games.Ending{By: games.EndResigned, Seat: seat})
	return nil
}

// OfferDraw offers a draw from seat, the person here whose turn it is, to
// the other seat. A bot answers in a goroutine (ai.Assess on its seat's
// view), and the answer comes back like a move: the game ends drawn, or
// a Change with DrawDeclined is published; a move or an undo meanwhile
// withdraws the offer. A person here is asked by the screen, which sees
// DrawOffer and calls AnswerDraw.
func (s *Session) OfferDraw(seat int) error {
	if err := s.WhyNoOffer(); err != nil {
		return err
	}
	if seat != s.HumanToMove() {
		return games.Refuse("Only the player whose turn it is can offer a draw now.")
	}
	other := 1 - seat
	if s.DriverOf(other) == Bot {
		s.stopBots() // its secret pick, if it was thinking one, is asked again after
		s.askBot(other)
	}
	s.offer = seat
	s.changed()
	return nil
}

// askBot asks the bot of seat whether it accepts the draw on offer.
func (s *Session) askBot(seat int) {
	ctx, cancel := context.WithCancel(context.Background())
	s.cancel, s.thinking = cancel, []int{seat}
	gen, view, game := s.gen, games.ViewOf(s.Live(), seat), s.Game.ID()
	seed := uint64(s.Seed)*7919 + uint64(seat) + uint64(len(s.tokens))
	go func() {
		a, err := ai.Assess(ctx, game, view, seat, seed, 0)
		if ctx.Err() != nil {
			return // the offer was withdrawn: a move, an undo, leaving
		}
		s.postAfter(ctx, s.BotDelay, gen, func() { s.AnswerDraw(err == nil && a.Accept) })
	}()
}

// AnswerDraw is the other seat's answer to the draw on offer: the game
// ends drawn when it accepts; otherwise the offer lapses and a Change with
// DrawDeclined says so. It is refused when no offer waits.
func (s *Session) AnswerDraw(accept bool) error {
	if s.offer < 0 {
		return games.Refuse("No draw has been offered.")
	}
	offered := s.offer
	s.offer = -1
	if accept {
		s.end(&games.Ending{By: games.EndAgreed})
		return nil
	}
	s.publish(Change{DrawDeclined: true, BotSeat: 1 - offered})
	s.Start() // a bot's secret pick, stopped for the offer
	return nil
}

// end ends the game so, told to the subscribers as the game's end.
func (s *Session) end(e *games.Ending) {
	s.stopBots()
	s.plan, s.hint, s.picks = nil, nil, nil
	s.ending = e
	s.redo = nil
	s.view = len(s.states) - 1
	s.publish(s.finishing(Change{Ended: true}))
}

// undone is what one Undo took back: tokens (the last played first), or
// an ending alone.
type undone struct {
	tokens []string
	ending *games.Ending
}
