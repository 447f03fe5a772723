package knights

import (
	"fmt"
	"strings"

	"github.com/tabulagames/tabula/games"
	"github.com/tabulagames/tabula/games/rng"
)

// Cell values: what a square holds (section 1).
const (
	empty    byte = 0
	obstacle byte = 1
	trail0   byte = 2 // trail of seat s: trail0+s
	knight0  byte = 6 // knight of seat s: knight0+s
)

func trailCell(seat int) byte  { return trail0 + byte(seat) }
func knightCell(seat int) byte { return knight0 + byte(seat) }

// Unknown is the knight square of a seat whose knight a fogged view does
// not show.
const Unknown = -1

// StallTurns is how many resolved turns in a row without a jump end the
// game (section 7.5, case 4).
const StallTurns = 3

// Knights-specific event kinds; the shared ones are games.EventMove (a
// jump), games.EventCollision and games.EventEliminate.
const (
	// EventBurn: the square a knight left (From) is its seat's trail now.
	EventBurn games.EventKind = "burn"
	// EventShrink: an empty square of the closing ring (To) became an
	// obstacle; Value is the ring.
	EventShrink games.EventKind = "shrink"
	// EventUnseen is never played by the rules: a device that follows an
	// online game by the seat's views (FromView) writes it for a turn
	// played while it was away, whose view it never got: the seat's
	// part, To its own pick when the seat is the device's ("" for
	// another's, hidden).
	EventUnseen games.EventKind = "unseen"
)

// SeatNames are the seats' names (section 2).
var SeatNames = [4]string{"Amber", "Ice blue", "Rose", "Jade"}

// State is a knights position.
type State struct {
	g       *geom
	players int
	shrink  int  // 0 = off
	fog     bool //
	cells   []byte
	pos     []int // knight square by seat; Unknown in a fogged view
	alive   []bool
	scores  []int
	turn    int
	idle    int // resolved turns in a row in which no knight jumped
	over    bool
	stalled bool
	winners []int
	reason  string
	stream  rng.Stream // as the setup left it
	events  []games.Event
	// seen is, in a fogged seat's view, which squares the seat sees (the
	// others read as empty); nil in the whole position and in a view that
	// sees everything.
	seen []bool
}

// GameStream is the game stream as the setup left it (section 4.2): the
// rules never draw after the setup.
func (s *State) GameStream() rng.Stream { return s.stream }

// Turn is the number of resolved turns.
func (s *State) Turn() int { return s.turn }

func (s *State) Seats() int { return s.players }

// ToMove lists the alive seats while the game runs: they all choose at once.
func (s *State) ToMove() []int {
	if s.over {
		return nil
	}
	out := make([]int, 0, s.players)
	for seat, a := range s.alive {
		if a {
			out = append(out, seat)
		}
	}
	return out
}

// Legal lists the squares a seat's knight may jump to, in jump order.
func (s *State) Legal(seat int) []games.Move {
	if s.over || seat < 0 || seat >= s.players || !s.alive[seat] || s.pos[seat] == Unknown {
		return nil
	}
	var out []games.Move
	for _, j := range s.g.jumps[s.pos[seat]] {
		if s.cells[j] == empty {
			out = append(out, games.Move(j))
		}
	}
	return out
}

// mobility is the number of legal moves from sq on the board as it is.
func (s *State) mobility(sq int) int {
	m := 0
	for _, j := range s.g.jumps[sq] {
		if s.cells[j] == empty {
			m++
		}
	}
	return m
}

// Play resolves one turn: one destination per alive seat, in seat order
// (section 7). An illegal move changes nothing.
func (s *State) Play(moves ...games.Move) error {
	to := s.ToMove()
	if len(to) == 0 {
		return games.ErrGameOver
	}
	if len(moves) != len(to) {
		return fmt.Errorf("Expected one move for each of the %d knights still in the game, got %d.", len(to), len(moves))
	}
	for i, seat := range to {
		if err := s.check(seat, int(moves[i])); err != nil {
			return err
		}
	}
	s.resolve(to, moves)
	return nil
}

// check says why a seat's knight cannot jump to sq, or nil if it can.
func (s *State) check(seat, sq int) error {
	n := s.g.n
	if sq < 0 || sq >= n*n {
		return games.Refuse("That square is off the board.")
	}
	if s.pos[seat] == Unknown {
		return games.Refuse("%s's knight is out of sight.", SeatNames[seat])
	}
	jump := false
	for _, j := range s.g.jumps[s.pos[seat]] {
		jump = jump || int(j) == sq
	}
	if !jump {
		return games.Refuse("%s is not a knight jump from %s.", s.g.names[sq], s.g.names[s.pos[seat]])
	}
	if c := s.cells[sq]; c != empty {
		return games.Refuse("%s is taken (%s): only empty squares can be entered.", s.g.names[sq], describe(c))
	}
	return nil
}

func describe(c byte) string {
	switch {
	case c == obstacle:
		return "an obstacle"
	case c >= knight0:
		return SeatNames[c-knight0] + "'s knight"
	default:
		return SeatNames[c-trail0] + "'s trail"
	}
}

// resolve applies a checked joint move (section 7.2 to 7.5).
func (s *State) resolve(to []int, moves []games.Move) {
	s.events = s.events[:0]
	aims := map[games.Move]int{}
	for _, m := range moves {
		aims[m]++
	}
	jumped := false
	for i, seat := range to {
		from, dest := s.pos[seat], int(moves[i])
		if aims[moves[i]] > 1 {
			s.events = append(s.events, games.Event{Kind: games.EventCollision, Seat: seat,
				From: s.g.names[from], To: s.g.names[dest], Note: "Collision! Both moves cancelled."})
			continue
		}
		s.cells[from] = trailCell(seat)
		s.cells[dest] = knightCell(seat)
		s.pos[seat] = dest
		s.scores[seat]++
		jumped = true
		s.events = append(s.events,
			games.Event{Kind: games.EventMove, Seat: seat, From: s.g.names[from], To: s.g.names[dest], Value: s.scores[seat]},
			games.Event{Kind: EventBurn, Seat: seat, From: s.g.names[from]})
	}
	s.turn++
	if jumped {
		s.idle = 0
	} else {
		s.idle++
	}
	if s.shrink > 0 && s.turn%s.shrink == 0 {
		s.closeRing()
	}
	s.eliminate(to)
	s.decide()
}

// closeRing turns every empty square of the outermost ring that still has
// one into an obstacle (section 10.1).
func (s *State) closeRing() {
	ring := int8(-1)
	for sq, c := range s.cells {
		if c == empty && (ring < 0 || s.g.ring[sq] < ring) {
			ring = s.g.ring[sq]
		}
	}
	if ring < 0 {
		return
	}
	for sq, c := range s.cells {
		if c == empty && s.g.ring[sq] == ring {
			s.cells[sq] = obstacle
			s.events = append(s.events, games.Event{Kind: EventShrink, To: s.g.names[sq], Value: int(ring)})
		}
	}
}

// eliminate puts out, all at once, every knight of the turn that has no
// legal move left (section 7.4).
func (s *State) eliminate(to []int) {
	var out []int
	for _, seat := range to {
		if s.mobility(s.pos[seat]) == 0 {
			out = append(out, seat)
		}
	}
	for _, seat := range out {
		s.alive[seat] = false
		s.events = append(s.events, games.Event{Kind: games.EventEliminate, Seat: seat, From: s.g.names[s.pos[seat]], Value: s.scores[seat],
			Note: fmt.Sprintf("Player %d eliminated with %d squares", seat+1, s.scores[seat])})
	}
}

// decide ends the game when section 7.5 says so.
func (s *State) decide() {
	alive := 0
	last := -1
	for seat, a := range s.alive {
		if a {
			alive++
			last = seat
		}
	}
	switch {
	case s.players == 1:
		if alive == 0 {
			s.end([]int{0}, fmt.Sprintf("survival: %d squares", s.scores[0]))
		}
	case alive == 1:
		s.end([]int{last}, "last knight standing")
	case alive == 0:
		s.end(s.topScores(), "everybody is out: the most squares win")
	case s.idle >= StallTurns:
		s.stalled = true
		s.end(s.topScores(), stallReason)
	}
}

// stallReason is the outcome's reason when the stall rule ends the game.
const stallReason = "stall: decided on squares"

func (s *State) end(winners []int, reason string) {
	s.over, s.winners, s.reason = true, winners, reason
}

// topScores are the seats with the highest score over all seats.
func (s *State) topScores() []int {
	best := 0
	for _, sc := range s.scores {
		best = max(best, sc)
	}
	var out []int
	for seat, sc := range s.scores {
		if sc == best {
			out = append(out, seat)
		}
	}
	return out
}

// Outcome: while the game runs, ongoing; after it, a win for the winners
// (a shared win is still a win; knights never reports a draw).
func (s *State) Outcome() games.Outcome {
	scores := make([]float64, s.players)
	for seat, sc := range s.scores {
		scores[seat] = float64(sc)
	}
	if !s.over {
		return games.Outcome{Scores: scores}
	}
	return games.Outcome{Status: games.Win, Winners: append([]int{}, s.winners...), Scores: scores, Reason: s.reason}
}

// LastEvents are the steps of the last turn: for each seat in seat order a
// collision, or a move and a burn; then the squares a shrink closed; then
// the eliminations.
func (s *State) LastEvents() []games.Event { return append([]games.Event{}, s.events...) }

// Hash identifies the position: the squares, who is alive, the run of
// turns without a jump, whether the game ended, and, under shrink, where
// the turn stands in the shrink cycle.
func (s *State) Hash() uint64 {
	h := uint64(0xCBF29CE484222325)
	mix := func(v uint64) {
		h ^= v
		h *= 0x100000001B3
		h ^= h >> 29
	}
	for _, c := range s.cells {
		mix(uint64(c))
	}
	for seat, a := range s.alive {
		if a {
			mix(uint64(100 + seat))
		}
		mix(uint64(s.pos[seat] + 1000))
	}
	mix(uint64(s.idle))
	if s.over {
		mix(0xDEAD)
	}
	if s.shrink > 0 {
		mix(uint64(s.turn % s.shrink))
	}
	return h
}

// Position is the object of section 8.
func (s *State) Position() any {
	return map[string]any{
		"board":  s.Board(),
		"scores": append([]int{}, s.scores...),
		"alive":  append([]bool{}, s.alive...),
		"turn":   s.turn,
	}
}

// Board is the board as section 8 writes it: one string per rank, top
// rank first.
func (s *State) Board() []string {
	n := s.g.n
	out := make([]string, n)
	var b strings.Builder
	for row := 0; row < n; row++ {
		b.Reset()
		for _, c := range s.cells[row*n : row*n+n] {
			b.WriteByte(".#abcdABCD"[c])
		}
		out[row] = b.String()
	}
	return out
}

// MoveString writes a destination square, or "-" for NoMove.
func (s *State) MoveString(seat int, m games.Move) string {
	if m < 0 || int(m) >= len(s.cells) {
		return "-"
	}
	return s.g.names[m]
}

// ParseMove reads one seat's destination and checks it is legal now.
func (s *State) ParseMove(seat int, token string) (games.Move, error) {
	if s.over {
		return games.NoMove, games.ErrGameOver
	}
	if seat < 0 || seat >= s.players {
		return games.NoMove, games.Refuse("There is no seat %d in this game.", seat)
	}
	return s.parseEntry(seat, token)
}

// parseEntry reads one entry of a joint token for a seat (section 6).
func (s *State) parseEntry(seat int, token string) (games.Move, error) {
	name := fmt.Sprintf("%s (seat %d)", SeatNames[seat], seat)
	if token == "-" {
		if s.alive[seat] {
			return games.NoMove, games.Refuse("%s must move: \"-\" is only for a knight that is out.", name)
		}
		return games.NoMove, nil
	}
	n := s.g.n
	file, rank, err := games.ParseSquare(token, n, n)
	if err != nil {
		if strings.Contains(err.Error(), "not a square of this board") {
			return games.NoMove, games.Refuse("%s is off the board (%d x %d).", token, n, n)
		}
		return games.NoMove, games.Refuse("%q is a bad entry: write a square name such as c3, or \"-\".", token)
	}
	if !s.alive[seat] {
		return games.NoMove, games.Refuse("%s is out, write -.", name)
	}
	sq := (n-1-rank)*n + file
	if err := s.check(seat, sq); err != nil {
		return games.NoMove, err
	}
	return games.Move(sq), nil
}

// FormatTurn writes the joint token of a turn: moves holds one move per
// seat of ToMove (the alive seats); the others write "-".
func (s *State) FormatTurn(moves []games.Move) string {
	parts := make([]string, s.players)
	j := 0
	for seat := range parts {
		parts[seat] = "-"
		if s.alive[seat] && !s.over && j < len(moves) {
			parts[seat] = s.MoveString(seat, moves[j])
			j++
		}
	}
	return strings.Join(parts, ",")
}

// ParseTurn reads a joint token: one entry per seat, in seat order, and
// returns the moves of the alive seats (ToMove order).
func (s *State) ParseTurn(token string) ([]games.Move, error) {
	if s.over {
		return nil, games.ErrGameOver
	}
	parts := strings.Split(token, ",")
	if len(parts) != s.players {
		return nil, games.Refuse("%q: expected %d entries, one per seat in seat order, comma separated; got %d.", token, s.players, len(parts))
	}
	var moves []games.Move
	for seat, p := range parts {
		m, err := s.parseEntry(seat, p)
		if err != nil {
			return nil, err
		}
		if s.alive[seat] {
			moves = append(moves, m)
		}
	}
	return moves, nil
}

// Clone returns an independent copy.
func (s *State) Clone() games.State { return s.clone() }

func (s *State) clone() *State {
	c := *s
	c.cells = append([]byte(nil), s.cells...)
	c.pos = append([]int(nil), s.pos...)
	c.alive = append([]bool(nil), s.alive...)
	c.scores = append([]int(nil), s.scores...)
	c.winners = append([]int(nil), s.winners...)
	c.events = append([]games.Event(nil), s.events...)
	return &c
}
