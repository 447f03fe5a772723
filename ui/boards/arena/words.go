package arena

import (
	"github.com/tabulagames/tabula/games"
	game "github.com/tabulagames/tabula/games/arena"
	"github.com/tabulagames/tabula/ui/session"
)

// The move list, the result and the hint in words (kit.Teller,
// kit.HintTeller), without Fyne. Every action is a line of the list:
// "Ana steps east", "Ana places a bomb", "Ana kicks the ice block", "Ana
// ends the turn". Two seats of the same name are told apart by their
// symbols ("Computer (O)").

// peopleOf names the session's seats in sentences.
func peopleOf(s *session.Session) session.People { return session.PeopleOf(s.Seats, s.SeatSymbol) }

// action is what seat does with move m in the position st, in words.
func action(p session.People, st *game.State, seat int, m games.Move) session.Deed {
	d := session.Deed{Seat: seat}
	switch {
	case m >= game.MoveTo(0) && m < game.FaceTo(0):
		d.Verb, d.Rest = "step", dirWords[m-game.MoveTo(0)]
	case m >= game.FaceTo(0) && m < game.Place:
		d.Verb, d.Rest = "turn", dirWords[m-game.FaceTo(0)]
	case m == game.Place:
		d.Verb, d.Rest = "place", "a bomb"
		if st.Character(seat) == game.Freezer {
			d.Rest = "an ice block"
		}
	case m == game.Kick:
		d.Verb, d.Rest = "kick", kicked(p, st, seat)
	default:
		d.Verb, d.Rest = "end", "the turn"
	}
	return d
}

// kicked names what is in front of seat's player: "the bomb", "Ben".
func kicked(p session.People, st *game.State, seat int) string {
	switch thing := st.At(game.Step(st.PlayerCell(seat), st.Facing(seat))); thing {
	case game.Bomb:
		return "the bomb"
	case game.Ice:
		return "the ice block"
	case game.Player1, game.Player2:
		return p.Object(int(thing - game.Player1))
	}
	return ""
}

// MoveText is action i of the session in words: "Ana steps east".
func MoveText(s *session.Session, i int) string {
	st := s.State(i).(*game.State)
	m, err := game.ParseToken(s.Tokens()[i])
	if err != nil || len(st.ToMove()) == 0 {
		return s.Tokens()[i] // cannot happen: the session played it
	}
	p := s.PeopleAt(i, s.SeatSymbol)
	return p.Does(action(p, st, st.ToMove()[0], m))
}

// ResultText is the result with why: "Ana wins: Ben was caught in a
// blast", "Draw: both players were hit", "Draw: no one was hurt in 200
// turns" (the game's reason).
func ResultText(s *session.Session, out games.Outcome) string {
	p, why := peopleOf(s), out.Reason
	if out.Status == games.Win && len(out.Winners) == 1 {
		why = fate(p, s.Live().(*game.State), 1-out.Winners[0])
	}
	return p.Result(out, why)
}

// fate is how a dead seat's player died: "Ben was caught in a blast",
// "you were knocked out by ice".
func fate(p session.People, st *game.State, seat int) string {
	if p.You(seat) {
		return "you were " + deathWord(st, seat)
	}
	return p.Names[seat] + " was " + deathWord(st, seat)
}

// HintText is a hint in words, the hinted action (the first of the bot's
// plan for the turn): "Ana could step west", "You could end the turn".
func HintText(s *session.Session, h *session.Hint) string {
	p := peopleOf(s)
	m, err := game.ParseToken(h.Token)
	if err != nil {
		return h.Token // cannot happen: the bot's action
	}
	return p.Could(action(p, s.Live().(*game.State), h.Seat, m))
}

func (b *Board) MoveText(s *session.Session, i int) string { return MoveText(s, i) }
func (b *Board) ResultText(s *session.Session, out games.Outcome) string {
	return ResultText(s, out)
}
func (b *Board) HintText(s *session.Session, h *session.Hint) string { return HintText(s, h) }
