package arena

import "github.com/tabulagames/tabula/games"

// Event pieces: what an event's Piece field names.
const (
	PiecePlayer = iota
	PieceBomb
	PieceIce
)

// Arena's own event kinds, where the shared ones do not fit.
const (
	EventFace    games.EventKind = "face"    // Seat turns on From to face Note (a direction)
	EventKick    games.EventKind = "kick"    // Seat on From kicks towards To, direction Note
	EventFuse    games.EventKind = "fuse"    // the bomb on To counts down to Value
	EventEndTurn games.EventKind = "endTurn" // Seat's turn ends; the tick's events follow
)

// recorder collects the events of one play; a nil recorder drops them, so
// plays made by the bots' searches cost nothing for the board's sake.
type recorder struct{ events []games.Event }

func (r *recorder) add(e games.Event) {
	if r != nil {
		r.events = append(r.events, e)
	}
}

// LastEvents reports what the last play did, in order (games.Evented):
//
//   - "move" (Seat steps From -> To), "face" (Seat turns; Note the
//     direction), "enter" (Seat places a bomb or ice on To; Piece says
//     which, Value its timer or health);
//   - "kick" (Seat on From kicks the front cell To), then "push" (the
//     other player, Seat, From -> To) or "slide" (the last object of the
//     chain, From -> To);
//   - "health" for every health change: a player hit by ice (Seat, on To,
//     Value the new health, Note "hit"), an ice block hit or melting (Seat
//     -1, Piece ice, on To, Value its health, Note "hit" or "melt");
//   - "remove" (a bomb or ice block leaves From: broken, melted, blown up),
//     "eliminate" (Seat dies on From);
//   - "endTurn" (Seat's turn ends), then the tick: melting, "fuse" (the bomb
//     on To counts down to Value), and for every detonating bomb on From one
//     "blast" per cell To of its cross, Delay = the distance from the bomb.
func (s *State) LastEvents() []games.Event {
	if !s.hasLast {
		return nil
	}
	c := s.prev
	rec := &recorder{}
	c.apply(&s.p, s.last, rec)
	return rec.events
}
