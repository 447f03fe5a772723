// Package alcazar is "advanced tic-tac-toe" (shared/rules/alcazar.md): each
// turn both players drop a numbered piece on the edge of a 3x3 board, then
// every piece in play moves one square in number order, pushing and being
// pushed; a line of three after the whole movement phase wins.
package alcazar

import (
	"fmt"
	"strings"

	"github.com/tabulagames/tabula/games"
)

// A move is a drop, (n-1)*25 + square for piece n (1-5) on a grid square,
// or Pass.
const Pass games.Move = 125

// Drop is the move that drops piece n (1-5) on grid square sq.
func Drop(n, sq int) games.Move { return games.Move((n-1)*Cells + sq) }

// DecodeMove splits a drop into its piece number and square; pass is
// (0, -1, true); anything else ok = false.
func DecodeMove(m games.Move) (n, sq int, ok bool) {
	switch {
	case m == Pass:
		return 0, -1, true
	case m >= 0 && m < Pass:
		return int(m)/Cells + 1, int(m) % Cells, true
	}
	return 0, -1, false
}

// Game is the alcazar game description.
type Game struct{}

func init() { games.Register(Game{}) }

func (Game) ID() string            { return "alcazar" }
func (Game) Name() string          { return "Alcazar" }
func (Game) Blurb() string         { return "Tic-tac-toe with numbered pieces that push each other" }
func (Game) SeatRange() (int, int) { return 2, 2 }

// Kind is what the game is (games.Kind).
func (Game) Kind() games.Kind { return games.Kind{} }

// RuleSpecs are the house rules of section 9.
func (Game) RuleSpecs() []games.RuleSpec {
	return []games.RuleSpec{
		{Key: "bothLinesDraw", Label: "Two lines at once draw", Kind: games.BoolRule, Default: false,
			Help: "On: a draw when both players have a line after the pieces move. Off: play goes on."},
		{Key: "turnLimit", Label: "Turn limit", Kind: games.IntRule, Default: 0, Min: 0, Max: 1000,
			RangeText: "0 (no limit) or a whole number up to 1000",
			Zero:      "No limit",
			Help:      "The game is a draw if nobody has won by the end of this turn."},
	}
}

// core is the position proper: everything the rules look at.
type core struct {
	cell   [Cells]int8 // 0 empty, else piece index + 1
	pos    [10]int8    // square of piece seat*5+n-1, -1 in hand
	dir    [10]int8    // facing while in play
	crown  int8        // seat holding the crown
	toMove int8        // seat to place now
	first  int8        // square the crown holder used this turn, -1 none (not yet, or passed)
	turn   int32       // completed turns
	occ    [2]uint16   // board squares each seat occupies (bit (rank-2)*3 + file-b)
}

// State is an alcazar position.
type State struct {
	c        core
	bothDraw bool
	limit    int32
	status   games.Status
	winner   int8   // the winning seat, when status == Win
	lines    uint16 // after the last phase: bit i = line i owned by seat 0, bit 8+i = by seat 1
	// The last play, kept to report its events on demand.
	prev       core
	last       games.Move
	lastBy     int8
	hasLast    bool
	setupPhase bool // the last "play" was the movement phase of a runMovementPhase setup
}

// New starts the usual empty position, or the setup.
func (Game) New(cfg games.Config) (games.State, error) {
	s, err := newState(cfg)
	if err != nil {
		return nil, err
	}
	if cfg.Setup != nil {
		if err := s.setup(cfg.Setup, false); err != nil {
			return nil, fmt.Errorf("bad setup: %w", err)
		}
	}
	return s, nil
}

// NewAfterPlacements is the test-only loader of section 8
// ("runMovementPhase"): the setup is the moment right after both
// placements of the current turn; the movement phase and the end of the
// turn run at once. Saves never use it.
func NewAfterPlacements(cfg games.Config) (*State, error) {
	s, err := newState(cfg)
	if err != nil {
		return nil, err
	}
	if cfg.Setup == nil {
		return nil, games.Refuse("bad setup: runMovementPhase needs a setup")
	}
	if err := s.setup(cfg.Setup, true); err != nil {
		return nil, fmt.Errorf("bad setup: %w", err)
	}
	s.prev, s.hasLast, s.setupPhase = s.c, true, true
	s.endTurn(nil)
	return s, nil
}

func newState(cfg games.Config) (*State, error) {
	rules := cfg.Rules
	if rules == nil {
		rules = games.Defaults(Game{}.RuleSpecs())
	}
	for k := range rules {
		if k != "bothLinesDraw" && k != "turnLimit" {
			return nil, games.Refuse("%q is not a house rule of alcazar (its rules are written bothLinesDraw, turnLimit)", k)
		}
	}
	if v, ok := rules["bothLinesDraw"]; ok {
		if _, isBool := v.(bool); !isBool {
			return nil, games.Refuse("Two lines at once draw must be true or false")
		}
	}
	limit := 0
	if v, ok := rules["turnLimit"]; ok {
		n, isInt := v.(int)
		if !isInt || n < 0 || n > 1000 {
			return nil, games.Refuse("Turn limit must be 0 (no limit) or a whole number up to 1000")
		}
		limit = n
	}
	s := &State{bothDraw: rules.Bool("bothLinesDraw"), limit: int32(limit)}
	for i := range s.c.pos {
		s.c.pos[i] = -1
		s.c.dir[i] = NoDir
	}
	s.c.first = -1
	return s, nil
}

func (s *State) Seats() int { return 2 }

func (s *State) ToMove() []int {
	if s.status != games.Ongoing {
		return []int{}
	}
	return []int{int(s.c.toMove)}
}

// handEmpty reports whether seat has every piece in play.
func (c *core) handEmpty(seat int) bool {
	for i := seat * 5; i < seat*5+5; i++ {
		if c.pos[i] < 0 {
			return false
		}
	}
	return true
}

func (s *State) Legal(seat int) []games.Move {
	if s.status != games.Ongoing || seat != int(s.c.toMove) {
		return nil
	}
	return s.c.legal(nil)
}

// legal appends the mover's legal moves to buf.
func (c *core) legal(buf []games.Move) []games.Move {
	seat := int(c.toMove)
	if c.handEmpty(seat) {
		return append(buf, Pass)
	}
	for n := 1; n <= 5; n++ {
		if c.pos[seat*5+n-1] >= 0 {
			continue
		}
		for _, sq := range EdgeSquares {
			if c.cell[sq] == 0 {
				buf = append(buf, Drop(n, sq))
			}
		}
	}
	return buf
}

// check says why m is not legal for the seat to move now (nil if it is),
// in the refusal order of section 5 (the token grammar is checked before).
func (s *State) check(m games.Move) error {
	if s.status != games.Ongoing {
		return games.ErrGameOver
	}
	n, sq, ok := DecodeMove(m)
	if !ok {
		return games.Refuse("not an alcazar move")
	}
	seat := int(s.c.toMove)
	if m == Pass {
		if !s.c.handEmpty(seat) {
			return games.Refuse("You still have pieces in hand; you must place one.")
		}
		return nil
	}
	if !OnEdge(sq) {
		return games.Refuse("Pieces can only be dropped on the 12 edge squares.")
	}
	if s.c.pos[seat*5+n-1] >= 0 {
		return games.Refuse("Piece %d is already in play.", n)
	}
	if s.c.cell[sq] != 0 {
		return games.Refuse("Your opponent has just placed there.")
	}
	return nil
}

func (s *State) Play(moves ...games.Move) error {
	m, err := games.OneMove(s.status != games.Ongoing, moves)
	if err != nil {
		return err
	}
	if err := s.check(m); err != nil {
		return err
	}
	s.prev, s.last, s.lastBy, s.hasLast, s.setupPhase = s.c, m, s.c.toMove, true, false
	s.c.place(m)
	if s.c.toMove == s.c.crown { // that was the first placement
		s.c.toMove = 1 - s.c.crown
		return nil
	}
	s.endTurn(nil)
	return nil
}

// place puts the mover's piece on its edge square (nothing for a pass).
func (c *core) place(m games.Move) {
	n, sq, _ := DecodeMove(m)
	seat := int(c.toMove)
	if m != Pass {
		p := seat*5 + n - 1
		c.pos[p], c.dir[p], c.cell[sq] = int8(sq), inward[sq], int8(p+1)
	}
	if seat == int(c.crown) {
		c.first = int8(sq)
	}
}

// endTurn runs steps 3 and 4 of a turn: the movement phase, the turn
// counter, the crown, the result.
func (s *State) endTurn(rec *[]games.Event) {
	s.c.movementPhase(rec)
	s.c.turn++
	s.c.crown = 1 - s.c.crown
	s.c.toMove, s.c.first = s.c.crown, -1
	s.lines = s.c.lineMask()
	status, winner := result(s.lines, s.bothDraw, s.c.turn, s.limit)
	s.status = status
	if status == games.Win {
		s.winner = int8(winner)
	}
}

// lineMask gives bit i for line i owned by seat 0, bit 8+i for seat 1.
func (c *core) lineMask() uint16 {
	return uint16(lineTable[c.occ[0]&511]) | uint16(lineTable[c.occ[1]&511])<<8
}

// boardBit is a bit per board square; lineBits the lines as such bits.
var (
	boardBit [Cells]uint16
	lineBits [8]uint16
	// lineTable gives the lines (bit i = Lines[i]) an occupancy contains.
	lineTable [512]uint8
)

func init() {
	for sq := 0; sq < Cells; sq++ { // not BoardSquares: geometry.go's init may run later
		if f, r := sq%5, sq/5; f >= 1 && f <= 3 && r >= 1 && r <= 3 {
			boardBit[sq] = 1 << uint((r-1)*3+f-1)
		}
	}
	for i, l := range Lines {
		lineBits[i] = boardBit[l[0]] | boardBit[l[1]] | boardBit[l[2]]
	}
	for occ := range lineTable {
		for i, lb := range lineBits {
			if uint16(occ)&lb == lb {
				lineTable[occ] |= 1 << uint(i)
			}
		}
	}
}

// movementPhase is section 6: every piece in play acts once, in order.
// rec, when not nil, receives the events (see LastEvents).
func (c *core) movementPhase(rec *[]games.Event) {
	for slot, p := range &slotOrder[c.crown&1] {
		if c.pos[p] >= 0 {
			c.act(int(p), slot, rec)
		}
	}
}

// pieceNum is the number (1-5) of piece index p.
var pieceNum = [10]int{1, 2, 3, 4, 5, 1, 2, 3, 4, 5}

// slotOrder lists the pieces by slot, for each crown holder: piece 1 of
// the crown holder, then the other's piece 1, and so on.
var slotOrder = [2][10]int8{{0, 5, 1, 6, 2, 7, 3, 8, 4, 9}, {5, 0, 6, 1, 7, 2, 8, 3, 9, 4}}

func (c *core) remove(p int) {
	from := c.pos[p]
	c.cell[from] = 0
	c.occ[p/5] &^= boardBit[from]
	c.pos[p] = -1
	c.dir[p] = NoDir
}

func (c *core) moveTo(p, to int) {
	from := c.pos[p]
	c.cell[from] = 0
	c.cell[to] = int8(p + 1)
	c.occ[p/5] = c.occ[p/5]&^boardBit[from] | boardBit[to]
	c.pos[p] = int8(to)
}

// pieceEvent is an event about piece p, from square from to square to
// (-1: none).
func pieceEvent(kind games.EventKind, p, from, to int, note string) games.Event {
	e := games.Event{Kind: kind, Seat: p / 5, Piece: p%5 + 1, From: SquareName(from), Note: note}
	if to >= 0 {
		e.To = SquareName(to)
	}
	return e
}

// act is section 6.2: piece p acts from wherever it stands.
func (c *core) act(p, slot int, rec *[]games.Event) {
	s := int(c.pos[p])
	d := int(c.dir[p])
	t := int(next[s][d])
	if rec != nil {
		e := pieceEvent(EventAct, p, s, -1, "")
		e.Value = slot
		*rec = append(*rec, e)
	}
	// 1. t is empty: step (and leave the board if t is on the edge).
	if c.cell[t] == 0 {
		if onEdge[t] {
			c.remove(p)
			if rec != nil {
				*rec = append(*rec, pieceEvent(games.EventReturn, p, s, t, "left the board"))
			}
			return
		}
		c.moveTo(p, t)
		if rec != nil {
			*rec = append(*rec, pieceEvent(games.EventMove, p, s, t, ""))
		}
		return
	}
	n := pieceNum[p]
	// 2. A 4 pushes the whole run in front of it.
	if n == 4 {
		var run [5]int
		k := 0
		for sq := s; sq >= 0 && c.cell[sq] != 0; sq = int(next[sq][d]) {
			run[k] = sq
			k++
		}
		for i := k - 1; i >= 0; i-- {
			q := int(c.cell[run[i]]) - 1
			to := int(next[run[i]][d])
			switch {
			case to < 0:
				c.remove(q)
				if rec != nil {
					*rec = append(*rec, pieceEvent(games.EventReturn, q, run[i], -1, "pushed off the play area"))
				}
			case onEdge[to]:
				c.remove(q)
				if rec != nil {
					note := "pushed onto the edge"
					if q == p {
						note = "left the board"
					}
					*rec = append(*rec, pieceEvent(games.EventReturn, q, run[i], to, note))
				}
			default:
				c.moveTo(q, to)
				if rec != nil {
					kind := games.EventPush // the 4 itself moves, the others are pushed
					if q == p {
						kind = games.EventMove
					}
					*rec = append(*rec, pieceEvent(kind, q, run[i], to, ""))
				}
			}
		}
		return
	}
	// 3. A 2, 3 or 5 pushes a lone 1 one square.
	if q := int(c.cell[t]) - 1; pieceNum[q] == 1 && n != 1 {
		if u := int(next[t][d]); u >= 0 && c.cell[u] == 0 {
			if onEdge[u] {
				c.remove(q)
				if rec != nil {
					*rec = append(*rec, pieceEvent(games.EventReturn, q, t, u, "pushed onto the edge"))
				}
			} else {
				c.moveTo(q, u)
				if rec != nil {
					*rec = append(*rec, pieceEvent(games.EventPush, q, t, u, ""))
				}
			}
			c.moveTo(p, t)
			if rec != nil {
				*rec = append(*rec, pieceEvent(games.EventMove, p, s, t, ""))
			}
			return
		}
	}
	// 4. Blocked.
	if onEdge[s] {
		c.remove(p)
		if rec != nil {
			*rec = append(*rec, pieceEvent(games.EventReturn, p, s, -1, "could not enter"))
		}
		return
	}
	if rec != nil {
		*rec = append(*rec, pieceEvent(EventBlocked, p, s, -1, ""))
	}
}

func (s *State) Outcome() games.Outcome {
	switch s.status {
	case games.Win:
		w := int(s.winner)
		return games.Outcome{Status: games.Win, Winners: []int{w},
			Reason: "three in a row on " + strings.Join(s.lineNamesOf(w), " and "), Line: s.lineSquares(w)}
	case games.Draw:
		out := games.Outcome{Status: games.Draw, Winners: []int{}}
		if s.lines&0xff != 0 && s.lines>>8 != 0 && s.bothDraw {
			out.Reason = "both players have a line"
			out.Line = append(s.lineSquares(0), s.lineSquares(1)...)
		} else {
			out.Reason = fmt.Sprintf("the turn limit (%d) is reached", s.limit)
		}
		return out
	}
	return games.Outcome{Status: games.Ongoing}
}

func (s *State) lineNamesOf(seat int) []string {
	var out []string
	for i := range Lines {
		if s.lines&(1<<(uint(i)+8*uint(seat))) != 0 {
			out = append(out, lineNames[i])
		}
	}
	return out
}

// lineSquares lists the squares of seat's lines after the last phase, each once.
func (s *State) lineSquares(seat int) []string {
	var out []string
	seen := [Cells]bool{}
	for i, l := range Lines {
		if s.lines&(1<<(uint(i)+8*uint(seat))) == 0 {
			continue
		}
		for _, sq := range l {
			if !seen[sq] {
				seen[sq] = true
				out = append(out, SquareName(sq))
			}
		}
	}
	return out
}

// Turn is the number of completed turns (movement phases); it makes the
// state a games.TurnCounter.
func (s *State) Turn() int { return int(s.c.turn) }

func (s *State) Clone() games.State { c := *s; return &c }

// CloneState is Clone without the interface.
func (s *State) CloneState() *State { c := *s; return &c }

// Zobrist keys: piece p on square sq facing d, and the small fields.
var (
	zPiece                 [10][Cells][4]uint64
	zCrown, zPlaced, zOver uint64
	zFirst                 [Cells]uint64
	zTurn                  uint64
)

func init() {
	x := uint64(0xA1CA2A7)
	rnd := func() uint64 { // splitmix64
		x += 0x9E3779B97F4A7C15
		z := x
		z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9
		z = (z ^ (z >> 27)) * 0x94D049BB133111EB
		return z ^ (z >> 31)
	}
	for p := range zPiece {
		for sq := range zPiece[p] {
			for d := range zPiece[p][sq] {
				zPiece[p][sq][d] = rnd()
			}
		}
	}
	for sq := range zFirst {
		zFirst[sq] = rnd()
	}
	zCrown, zPlaced, zOver, zTurn = rnd(), rnd(), rnd(), rnd()
}

// Hash covers every piece in play with its square and facing (so the hands
// too, their complement), the crown, whether the first placement of the
// turn was made and on which square, the seat to move (which follows from
// the crown and the placement), the turn number when a turn limit is set,
// and whether the game is over.
func (s *State) Hash() uint64 {
	var h uint64
	for p, sq := range s.c.pos {
		if sq >= 0 {
			h ^= zPiece[p][sq][s.c.dir[p]]
		}
	}
	if s.c.crown == 1 {
		h ^= zCrown
	}
	if s.c.toMove != s.c.crown {
		h ^= zPlaced
		if s.c.first >= 0 {
			h ^= zFirst[s.c.first]
		}
	}
	if s.limit > 0 {
		h ^= zTurn * uint64(s.c.turn+1)
	}
	if s.status != games.Ongoing {
		h ^= zOver * uint64(s.status)
	}
	return h
}

// PieceJSON is one piece of the position object.
type PieceJSON struct {
	Seat int    `json:"seat"`
	N    int    `json:"n"`
	At   string `json:"at"`
	Dir  string `json:"dir"`
}

// PositionJSON is the position object of section 8.
type PositionJSON struct {
	Pieces []PieceJSON `json:"pieces"`
	Hands  [][]int     `json:"hands"`
	Crown  int         `json:"crown"`
	Turn   int         `json:"turn"`
}

func (s *State) Position() any {
	out := PositionJSON{Pieces: []PieceJSON{}, Hands: [][]int{s.Hand(0), s.Hand(1)}, Crown: int(s.c.crown), Turn: int(s.c.turn)}
	for p, sq := range s.c.pos {
		if sq >= 0 {
			out.Pieces = append(out.Pieces, PieceJSON{Seat: p / 5, N: p%5 + 1, At: SquareName(int(sq)), Dir: DirName(int(s.c.dir[p]))})
		}
	}
	return out
}

func (s *State) MoveString(seat int, m games.Move) string {
	n, sq, ok := DecodeMove(m)
	switch {
	case !ok:
		return "?"
	case m == Pass:
		return "pass"
	}
	return fmt.Sprintf("%d@%s", n, SquareName(sq))
}

// parseToken reads the token grammar only: `N@sq` on the 5x5 grid, or pass.
func parseToken(tok string) (games.Move, bool) {
	if tok == "pass" {
		return Pass, true
	}
	if len(tok) != 4 || tok[0] < '1' || tok[0] > '5' || tok[1] != '@' {
		return games.NoMove, false
	}
	sq, ok := Square(tok[2:])
	if !ok {
		return games.NoMove, false
	}
	return Drop(int(tok[0]-'0'), sq), true
}

func (s *State) ParseMove(seat int, tok string) (games.Move, error) {
	m, ok := parseToken(tok)
	if !ok {
		return games.NoMove, games.Refuse("`%s` is not a move: write a piece number 1-5, `@`, and an edge square (or `pass`).", tok)
	}
	if s.status != games.Ongoing {
		return games.NoMove, games.ErrGameOver
	}
	if seat != int(s.c.toMove) {
		return games.NoMove, games.ErrNotYourTurn
	}
	if err := s.check(m); err != nil {
		return games.NoMove, fmt.Errorf("%s: %w", tok, err)
	}
	return m, nil
}
