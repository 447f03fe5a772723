package revenge

import (
	"errors"
	"fmt"
	"strings"

	"github.com/tabulagames/tabula/games"
	"github.com/tabulagames/tabula/games/repetition"
)

// none marks an empty square, a null steal record and an unknown square.
const none = -1

// position is what the repetition rule compares (section 8.3): the board,
// every seat's steal record and the seat to move.
type position struct {
	board     [MaxSquares]int8 // owner seat, or none
	lastSteal [MaxSeats]int8   // the seat each seat's latest move stole from, or none
	turn      int8             // seat to move
}

// State is a revenge position with what the rules need to go on from it.
type State struct {
	*config
	pos position
	// took[seat] is the square the seat's latest move stole (none when it
	// did not steal, or when the game started from a setup that does not
	// say), for the anti-revenge message.
	took [MaxSeats]int8
	// counts[line][seat] is how many squares of the line the seat owns:
	// a win is a count of size, and the bots' evaluation reads them.
	counts  [MaxLines][MaxSeats]int8
	empty   int
	hash    uint64
	outcome games.Outcome
	// seen counts the positions since the last placement: a placement
	// fills a square for good, so no earlier position can come back.
	seen repetition.Counter[position]
	last lastMove
}

// lastMove is the latest accepted move, for LastEvents and the board.
type lastMove struct {
	square int8 // none before the first move
	mover  int8
	victim int8 // the seat stolen from, or none
	kind   MoveKind
}

// MoveKind is what a move on a square turns out to be (section 5).
type MoveKind int

const (
	Place     MoveKind = iota // onto an empty square
	Reinforce                 // onto the mover's own mark
	Steal                     // over another seat's mark
)

func (k MoveKind) String() string {
	switch k {
	case Reinforce:
		return "reinforce"
	case Steal:
		return "steal"
	default:
		return "place"
	}
}

func newState(c *config) *State {
	s := &State{config: c, empty: c.squares, last: lastMove{square: none}}
	for i := range s.pos.board {
		s.pos.board[i] = none
	}
	for i := range s.pos.lastSteal {
		s.pos.lastSteal[i] = none
		s.took[i] = none
	}
	s.hash = zobristTurn[0]
	return s
}

func (s *State) Seats() int { return s.players }

func (s *State) ToMove() []int {
	if s.outcome.Over() {
		return []int{}
	}
	return []int{int(s.pos.turn)}
}

// Legal lists every empty square, the mover's own squares when
// reinforcing is on, and every other seat's square unless anti-revenge
// blocks it, in square order.
func (s *State) Legal(seat int) []games.Move {
	if s.outcome.Over() || seat != int(s.pos.turn) {
		return nil
	}
	out := make([]games.Move, 0, s.squares)
	for sq := 0; sq < s.squares; sq++ {
		if s.allowed(seat, sq) {
			out = append(out, games.Move(sq))
		}
	}
	return out
}

// allowed reports whether seat may play on sq now (checks 3 and 4 of
// section 7). The caller has checked the turn (acts) and that sq is on
// the board.
func (s *State) allowed(seat, sq int) bool {
	owner := int(s.pos.board[sq])
	switch owner {
	case none:
		return true
	case seat:
		return s.reinforce
	default:
		return !s.antiRevenge || int(s.pos.lastSteal[owner]) != seat
	}
}

// refusal says why seat may not play on sq now, or nil (see allowed).
func (s *State) refusal(seat, sq int) error {
	if s.allowed(seat, sq) {
		return nil
	}
	owner := int(s.pos.board[sq])
	if owner == seat {
		return ErrReinforceOff
	}
	took := ""
	if t := s.took[owner]; t != none {
		took = s.name(int(t))
	}
	return &BlockedError{Stealer: owner, Took: took}
}

// ErrReinforceOff refuses a mark on one's own square when the house rule
// reinforce is off.
var ErrReinforceOff = games.Refuse("That square is already yours; reinforcing is switched off in this game.")

// BlockedError is the anti-revenge refusal: Stealer's latest move stole
// from the seat that tried, which may not take Stealer's squares until
// Stealer has moved again. A board that shows display symbols words it
// with AntiRevengeMessage.
type BlockedError struct {
	Stealer int    // the seat whose squares are blocked
	Took    string // the square it took, "" when not known (a setup)
}

func (e *BlockedError) Error() string { return AntiRevengeMessage(Symbols[e.Stealer], e.Took) }

// Unwrap makes it a refusal in a player's words to errors.As, like every
// other refusal of the rules (games.Refusal).
func (e *BlockedError) Unwrap() error { return games.Refuse("%s", e.Error()) }

// AntiRevengeMessage is the anti-revenge refusal (section 7) with the
// stealer shown as symbol: its notation symbol, or the display symbol
// its player chose. took is the square it took, "" when not known.
func AntiRevengeMessage(symbol, took string) string {
	where := ""
	if took != "" {
		where = " (" + took + ")"
	}
	return fmt.Sprintf("Anti-revenge: %s took a square from you with its last move%s, so you may not take any of %s's squares until %s has moved again.",
		symbol, where, symbol, symbol)
}

// acts checks that the game is on and that seat is to move.
func (s *State) acts(seat int) error {
	if s.outcome.Over() {
		return games.ErrGameOver
	}
	if seat != int(s.pos.turn) {
		return games.ErrNotYourTurn
	}
	return nil
}

func (s *State) Play(moves ...games.Move) error {
	if len(moves) != 1 {
		return errors.New("one move at a time")
	}
	sq, mover := int(moves[0]), int(s.pos.turn)
	if err := s.acts(mover); err != nil {
		return err
	}
	if sq < 0 || sq >= s.squares {
		return games.Refuse("That is not a square of this %dx%d board.", s.size, s.size)
	}
	if err := s.refusal(mover, sq); err != nil {
		return err
	}
	s.apply(sq)
	return nil
}

// apply plays a legal move on sq and settles the end of the game
// (section 8).
func (s *State) apply(sq int) {
	mover := int(s.pos.turn)
	owner := int(s.pos.board[sq])
	s.last = lastMove{square: int8(sq), mover: int8(mover), victim: none, kind: Place}
	switch {
	case owner == none:
		s.mark(sq, mover)
		s.empty--
		s.setSteal(mover, none)
	case owner == mover:
		s.last.kind = Reinforce
		s.setSteal(mover, none)
	default:
		s.unmark(sq, owner)
		s.mark(sq, mover)
		s.setSteal(mover, owner)
		s.last.kind, s.last.victim = Steal, int8(owner)
	}
	s.took[mover] = none
	if s.last.kind == Steal {
		s.took[mover] = int8(sq)
	}
	next := (mover + 1) % s.players
	s.hash ^= zobristTurn[mover] ^ zobristTurn[next]
	s.pos.turn = int8(next)
	if s.last.kind != Reinforce && s.wins(sq, mover) {
		return
	}
	if s.empty == 0 {
		s.outcome = games.Outcome{Status: games.Draw, Winners: []int{}, Reason: "the board is full"}
		return
	}
	if s.last.kind == Place {
		s.seen = repetition.Counter[position]{}
	}
	if s.record() >= 3 {
		s.outcome = games.Outcome{Status: games.Draw, Winners: []int{}, Reason: "the same position came up for the third time"}
	}
}

// record counts the position once more for the repetition rule and
// returns how many times it has occurred since the last placement.
func (s *State) record() int {
	var n int
	s.seen, n = s.seen.Record(s.hash, s.pos)
	return n
}

// wins ends the game if mover now owns a line through sq: only the mover
// gains squares, and only on the square it played.
func (s *State) wins(sq, mover int) bool {
	for _, l := range s.through[sq] {
		if int(s.counts[l][mover]) == s.size {
			s.outcome = games.Outcome{Status: games.Win, Winners: []int{mover},
				Reason: "the whole of " + s.lineNames[l], Line: s.lineSquares(int(l))}
			return true
		}
	}
	return false
}

func (s *State) mark(sq, seat int) {
	s.pos.board[sq] = int8(seat)
	s.hash ^= zobristCell[sq][seat]
	for _, l := range s.through[sq] {
		s.counts[l][seat]++
	}
}

func (s *State) unmark(sq, seat int) {
	s.pos.board[sq] = none
	s.hash ^= zobristCell[sq][seat]
	for _, l := range s.through[sq] {
		s.counts[l][seat]--
	}
}

func (s *State) setSteal(seat, victim int) {
	if old := s.pos.lastSteal[seat]; old != none {
		s.hash ^= zobristSteal[seat][old]
	}
	s.pos.lastSteal[seat] = int8(victim)
	if victim != none {
		s.hash ^= zobristSteal[seat][victim]
	}
}

func (s *State) Outcome() games.Outcome { return s.outcome }

// Hash is a Zobrist hash of the board, the steal records and the seat to
// move: exactly what the repetition rule compares.
func (s *State) Hash() uint64 { return s.hash }

// PastHash is a hash of the positions the repetition rule counts now
// (those since the last placement, each with how often it occurred). Two
// states with equal Hash and PastHash go on alike, repetition draws
// included, so a search may share what it found about one with the other;
// Hash alone may not (the same position seen once or twice before has
// different futures).
func (s *State) PastHash() uint64 { return s.seen.Hash() }

// Position is {"board": [top rank first], "lastSteal": {symbol: symbol or null}}.
func (s *State) Position() any {
	rows := make([]string, s.size)
	for r := s.size - 1; r >= 0; r-- {
		var b strings.Builder
		for f := 0; f < s.size; f++ {
			b.WriteString(cellSymbol(s.pos.board[r*s.size+f]))
		}
		rows[s.size-1-r] = b.String()
	}
	steals := map[string]any{}
	for seat := 0; seat < s.players; seat++ {
		steals[Symbols[seat]] = nil
		if v := s.pos.lastSteal[seat]; v != none {
			steals[Symbols[seat]] = Symbols[v]
		}
	}
	return map[string]any{"board": rows, "lastSteal": steals}
}

func cellSymbol(v int8) string {
	if v == none {
		return "."
	}
	return Symbols[v]
}

func (s *State) MoveString(seat int, m games.Move) string {
	if m < 0 || int(m) >= s.squares {
		return "?"
	}
	return s.name(int(m))
}

// ParseMove reads a square and checks the move in the order of section 7:
// the token, the end of the game, reinforcing, anti-revenge.
func (s *State) ParseMove(seat int, tok string) (games.Move, error) {
	sq, err := s.parse(tok)
	if err != nil {
		return games.NoMove, err
	}
	if err := s.acts(seat); err != nil {
		return games.NoMove, err
	}
	if err := s.refusal(seat, sq); err != nil {
		return games.NoMove, fmt.Errorf("%s: %w", tok, err)
	}
	return games.Move(sq), nil
}

func (s *State) Clone() games.State { c := *s; return &c }

// CopyInto makes dst equal to s (games.Copier): a plain copy, as Clone's,
// into a state the search keeps for a ply.
func (s *State) CopyInto(dst games.State) games.State {
	d, ok := dst.(*State)
	if !ok || d == nil {
		return s.Clone()
	}
	*d = *s
	return d
}
