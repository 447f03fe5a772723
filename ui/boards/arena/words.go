package arena

import (
	"fmt"
	"slices"
	"strings"

	"github.com/tabulagames/tabula/games"
	game "github.com/tabulagames/tabula/games/arena"
	"github.com/tabulagames/tabula/internal/words"
	"github.com/tabulagames/tabula/ui/frame"
)

// The move list, the result and the hint in words (kit.Teller,
// kit.HintTeller), without Fyne. Every action is a row of the list,
// naming its squares and what it did: "Ana steps east to c6", "Ana
// places a bomb on c6", "Ana kicks the ice block on d4 to e4: it hits Ben
// (health 4)". An action that ends the turn goes on with the end of turn
// the rules report: "Ana ends the turn. The ice block on c4 melts away.
// The bomb on e2 explodes: Ben is caught". Two seats of the same name are
// told apart by their symbols ("Computer (O)").

// peopleOf names the frame's seats in sentences.
func peopleOf(f *frame.Frame) frame.People { return frame.PeopleOf(f.Seats, SeatWord) }

// action is what seat does with move m in the position st, in words, as
// a hint tells it (no squares: the hint shows its cell on the board).
func action(p frame.People, st *game.State, seat int, m games.Move) frame.Deed {
	d := frame.Deed{Seat: seat}
	switch {
	case m >= game.MoveTo(0) && m < game.FaceTo(0):
		d.Verb, d.Rest = "step", dirWords[m-game.MoveTo(0)]
	case m >= game.FaceTo(0) && m < game.Place:
		d.Verb, d.Rest = "turn", dirWords[m-game.FaceTo(0)]
	case m == game.Place:
		d.Verb, d.Rest = "place", objectWords(st.Character(seat) == game.Freezer)
	case m == game.Kick:
		d.Verb, d.Rest = "kick", kicked(p, st, seat)
	default:
		d.Verb, d.Rest = "end", "the turn"
	}
	return d
}

// objectWords names a seat's object: "an ice block", "a bomb".
func objectWords(ice bool) string {
	if ice {
		return "an ice block"
	}
	return "a bomb"
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

// MoveText is action i of the game in words, with the squares it names
// and what followed it: "Ana steps east to c6", "Ana ends the turn. The
// bomb on e2 explodes: Ben is caught".
func MoveText(f *frame.Frame, i int) string {
	st := f.StateAt(i).(*game.State)
	m, err := game.ParseToken(f.Tokens()[i])
	if err != nil || len(st.ToMove()) == 0 {
		return f.Tokens()[i] // cannot happen: the session played it
	}
	p := f.PeopleAt(i, SeatWord)
	return deedText(p, st, st.ToMove()[0], m, readDeeds(f.EventsAt(i)))
}

// deedText is seat's move m from st, which did d, in words.
func deedText(p frame.People, st *game.State, seat int, m games.Move, d deeds) string {
	deed := action(p, st, seat, m)
	switch {
	case m < game.FaceTo(0):
		if d.step != "" {
			deed.Rest += " to " + d.step
		}
	case m == game.Place:
		if d.placed != "" {
			deed.Rest += " on " + d.placed
		}
	case m == game.Kick:
		deed.Rest = kickWords(p, st, d)
	}
	sentences := []string{p.Does(deed)}
	if d.endTurn && m != game.End {
		sentences = append(sentences, "The turn ends")
	}
	sentences = append(sentences, tickWords(p, d)...)
	return strings.Join(sentences, ". ")
}

// kickWords is what a kick from st kicked and what came of it: "the ice block on
// d4 to e4: it hits Ben (health 4)", "Ben from c4 to d4", "the bomb on
// c4: the ice block on d4 slides to f4 and breaks".
func kickWords(p frame.People, st *game.State, d deeds) string {
	if d.pushed >= 0 {
		return p.Object(d.pushed) + " from " + d.from + " to " + d.to
	}
	front := thingWords(st.At(cellOf(d.front)) == game.Ice) + " on " + d.front
	if d.from == d.front {
		out := front + " to " + d.to
		if hw := hitWords(p, d.hits); len(hw) > 0 {
			out += ": it " + words.JoinAnd(hw)
		}
		return out
	}
	return front + ": " + thingWords(d.slidIce) + " on " + d.from + " " + words.JoinAnd(append([]string{"slides to " + d.to}, hitWords(p, d.hits)...))
}

// thingWords names a bomb or an ice block: "the ice block".
func thingWords(ice bool) string {
	if ice {
		return "the ice block"
	}
	return "the bomb"
}

// hitWords are what kicked ice did, as verbs of "it": "hits Ben (health
// 4)", "knocks you out", "breaks the ice block on f4", "breaks".
func hitWords(p frame.People, hits []hit) []string {
	var out []string
	for _, h := range hits {
		switch {
		case h.own && h.broken:
			out = append(out, "breaks")
		case h.own:
			// the kicked block lost a health point: the board shows it
		case h.seat >= 0 && h.value <= 0:
			out = append(out, "knocks "+p.Object(h.seat)+" out")
		case h.seat >= 0:
			out = append(out, fmt.Sprintf("hits %s (health %d)", p.Object(h.seat), h.value))
		case h.broken:
			out = append(out, "breaks the ice block on "+h.square)
		default:
			out = append(out, fmt.Sprintf("hits the ice block on %s (health %d)", h.square, h.value))
		}
	}
	return out
}

// tickWords are the end of turn in sentences: the ice that melted away
// and the bombs that went off, with whom and what their blast caught.
// Ice that only melts a little and bombs that only count down are left to
// the board.
func tickWords(p frame.People, d deeds) []string {
	var out []string
	if n := len(d.melted); n > 0 {
		out = append(out, fmt.Sprintf("The %s on %s %s away", words.Plural(n, "ice block", "ice blocks"), words.JoinAnd(d.melted), words.Plural(n, "melts", "melt")))
	}
	n := len(d.exploded)
	if n == 0 {
		return out
	}
	s := fmt.Sprintf("The %s on %s %s", words.Plural(n, "bomb", "bombs"), words.JoinAnd(d.exploded), words.Plural(n, "explodes", "explode"))
	if c := len(d.chained); c > 0 {
		s += fmt.Sprintf(", setting off the %s on %s", words.Plural(c, "bomb", "bombs"), words.JoinAnd(d.chained))
	}
	var what []string
	if len(d.caught) > 0 {
		var names []string
		for _, seat := range d.caught {
			names = append(names, p.Object(seat))
		}
		verb := "are"
		if len(names) == 1 && !p.You(d.caught[0]) {
			verb = "is"
		}
		what = append(what, words.JoinAnd(names)+" "+verb+" caught")
	}
	if b := len(d.blasted); b > 0 {
		what = append(what, fmt.Sprintf("the %s on %s %s destroyed", words.Plural(b, "ice block", "ice blocks"), words.JoinAnd(d.blasted), words.Plural(b, "is", "are")))
	}
	if len(what) == 0 {
		what = append(what, "nobody is caught")
	}
	return append(out, s+": "+words.JoinAnd(what))
}

// news is what the last action did to the players and the map, for the
// line under the board: a hit by ice and the end of turn ("Ben is hit by
// ice (health 4)", "The bomb on e2 explodes: nobody is caught"); none
// for an action that only moved something.
func news(p frame.People, d deeds) []string {
	var out []string
	for _, h := range d.hits {
		if h.seat >= 0 && h.value > 0 {
			who := p.Names[h.seat] + " is"
			if p.You(h.seat) {
				who = "You are"
			}
			out = append(out, fmt.Sprintf("%s hit by ice (health %d)", who, h.value))
		}
	}
	return append(out, tickWords(p, d)...)
}

// deeds are what one action did, read from the events the rules
// reported for it (games/arena/events.go), with squares by name.
type deeds struct {
	step   string // where a step went
	placed string // where a bomb or an ice block was placed
	// A kick: the cell kicked (front); what moved, from -> to: the
	// other player (pushed, -1 none) or the last object of the chain
	// (slidIce says whether it is ice); what kicked ice hit.
	front    string
	from, to string
	pushed   int
	slidIce  bool
	hits     []hit
	endTurn  bool     // the turn ended: a tick follows
	melted   []string // ice blocks that melted away
	exploded []string // bombs whose timer ran out
	chained  []string // bombs another's blast set off
	blasted  []string // ice blocks a blast destroyed
	caught   []int    // seats a blast caught
}

// hit is a player (seat) or an ice block (seat -1, on square) that
// kicked ice hit, with the health left; own is the kicked block itself.
type hit struct {
	seat        int
	square      string
	value       int
	own, broken bool
}

// readDeeds reads an action's events.
func readDeeds(events []games.Event) deeds {
	d := deeds{pushed: -1}
	tick := false
	meltedOut := map[string]bool{} // ice that melted to 0 this tick
	due := map[string]bool{}       // bombs whose timer ran out
	var detonating []string
	for _, e := range events {
		switch e.Kind {
		case games.EventMove:
			d.step = e.To
		case games.EventEnter:
			d.placed = e.To
		case game.EventKick:
			d.front = e.To
		case games.EventPush:
			d.pushed, d.from, d.to = e.Seat, e.From, e.To
		case games.EventSlide:
			d.from, d.to, d.slidIce = e.From, e.To, e.Piece == game.PieceIce
		case games.EventHealth:
			if tick {
				meltedOut[e.To] = e.Value <= 0
				continue
			}
			h := hit{seat: -1, square: e.To, value: e.Value}
			if e.Piece == game.PiecePlayer {
				h.seat = e.Seat
			} else {
				h.own = e.To == d.to
			}
			d.hits = append(d.hits, h)
		case games.EventRemove:
			switch {
			case !tick:
				for i := range d.hits {
					if d.hits[i].seat < 0 && d.hits[i].square == e.From {
						d.hits[i].broken = true
					}
				}
			case e.Piece == game.PieceIce && meltedOut[e.From]:
				d.melted = append(d.melted, e.From)
			case e.Piece == game.PieceIce:
				d.blasted = append(d.blasted, e.From)
			}
		case games.EventEliminate:
			if tick {
				d.caught = append(d.caught, e.Seat)
			}
		case game.EventEndTurn:
			d.endTurn, tick = true, true
		case game.EventFuse:
			due[e.To] = e.Value <= 0
		case games.EventBlast:
			if !slices.Contains(detonating, e.From) {
				detonating = append(detonating, e.From)
			}
		}
	}
	for _, sq := range detonating {
		if due[sq] {
			d.exploded = append(d.exploded, sq)
		} else {
			d.chained = append(d.chained, sq)
		}
	}
	return d
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

// MoveText is the board's row for action i (kit.Teller): while the story
// of that action still plays, what it caught waits for the story to show
// it, as the result does, and the row tells the action alone.
func (b *Board) MoveText(f *frame.Frame, i int) string {
	if b.cur != nil && i == b.story.View()-1 {
		st := f.StateAt(i).(*game.State)
		if m, err := game.ParseToken(f.Tokens()[i]); err == nil && len(st.ToMove()) > 0 {
			return deedText(f.PeopleAt(i, SeatWord), st, st.ToMove()[0], m, readDeeds(f.EventsAt(i)).plain())
		}
	}
	return MoveText(f, i)
}

// plain is the action's own part of d: where it went, without what it
// hit or what the end of turn did.
func (d deeds) plain() deeds {
	return deeds{step: d.step, placed: d.placed, front: d.front, from: d.from, to: d.to, pushed: d.pushed, slidIce: d.slidIce}
}

func (b *Board) ResultText(f *frame.Frame, out games.Outcome) string {
	return ResultText(f, out)
}
func (b *Board) HintText(f *frame.Frame, h *frame.Hint) string { return HintText(f, h) }
