package arena

import (
	"github.com/tabulagames/tabula/games"
	game "github.com/tabulagames/tabula/games/arena"
	"github.com/tabulagames/tabula/ui/frame"
)

// The move list, the result and the hint in words (kit.Teller,
// kit.HintTeller), without Fyne. Every action is a line of the list:
// "Ana steps east", "Ana places a bomb", "Ana kicks the ice block", "Ana
// ends the turn". Two seats of the same name are told apart by their
// symbols ("Computer (O)").

// peopleOf names the frame's seats in sentences.
func peopleOf(f *frame.Frame) frame.People { return frame.PeopleOf(f.Seats, f.SeatSymbol) }

// action is what seat does with move m in the position st, in words.
func action(p frame.People, st *game.State, seat int, m games.Move) frame.Deed {
	d := frame.Deed{Seat: seat}
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
func kicked(p frame.People, st *game.State, seat int) string {
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

// MoveText is action i of the game in words: "Ana steps east".
func MoveText(f *frame.Frame, i int) string {
	st := f.StateAt(i).(*game.State)
	m, err := game.ParseToken(f.Tokens()[i])
	if err != nil || len(st.ToMove()) == 0 {
		return f.Tokens()[i] // cannot happen: the session played it
	}
	p := f.PeopleAt(i, f.SeatSymbol)
	return p.Does(action(p, st, st.ToMove()[0], m))
}

// ResultText is the result with why: "Ana wins: Ben was caught in a
// blast", "Draw: both players were hit", "Draw: no one was hurt in 200
// turns" (the game's reason).
func ResultText(f *frame.Frame, out games.Outcome) string {
	p, why := peopleOf(f), out.Reason
	if out.Status == games.Win && len(out.Winners) == 1 {
		why = fate(p, f.Live.(*game.State), 1-out.Winners[0])
	}
	return p.Result(out, why)
}

// fate is how a dead seat's player died: "Ben was caught in a blast",
// "you were knocked out by ice".
func fate(p frame.People, st *game.State, seat int) string {
	if p.You(seat) {
		return "you were " + deathWord(st, seat)
	}
	return p.Names[seat] + " was " + deathWord(st, seat)
}

// HintText is a hint in words, the hinted action (the first of the bot's
// plan for the turn): "Ana could step west", "You could end the turn".
func HintText(f *frame.Frame, h *frame.Hint) string {
	p := peopleOf(f)
	m, err := game.ParseToken(h.Token)
	if err != nil {
		return h.Token // cannot happen: the bot's action
	}
	return p.Could(action(p, f.Live.(*game.State), h.Seat, m))
}

func (b *Board) MoveText(f *frame.Frame, i int) string { return MoveText(f, i) }
func (b *Board) ResultText(f *frame.Frame, out games.Outcome) string {
	return ResultText(f, out)
}
func (b *Board) HintText(f *frame.Frame, h *frame.Hint) string { return HintText(f, h) }
