// Package checkerboard is checkerboard four-in-a-row
// (shared/rules/checkerboard.md): marks go anywhere on the board, but a
// row only counts inside the opponent's half.
package checkerboard

import (
	"encoding/json"
	"errors"
	"fmt"
	"strings"

	"github.com/tabulagames/tabula/games"
)

// A move is the square index rank*size+file: a1 = 0, b1 = 1, ... The
// board is at most 12x12.

const (
	maxSize = 12
	maxSq   = maxSize * maxSize
	maxFifo = 32
	empty   = -1

	// DrawAfterRemovals is the FIFO draw of section 5.5: this many
	// placements in a row that each removed a mark end the game.
	DrawAfterRemovals = 100
)

// the four directions of a line: along a rank, along a file, and the two
// diagonals, as (file step, rank step).
var dirs = [4][2]int{{1, 0}, {0, 1}, {1, 1}, {1, -1}}

// Game is the checkerboard game description.
type Game struct{}

func init() { games.Register(Game{}) }

func (Game) ID() string            { return "checkerboard" }
func (Game) Name() string          { return "Checkerboard four-in-a-row" }
func (Game) Blurb() string         { return "8x8, four in a row, but only in your opponent's half" }
func (Game) SeatRange() (int, int) { return 2, 2 }

// Kind is what the game is (games.Kind).
func (Game) Kind() games.Kind { return games.Kind{} }

// specs are the house rules of section 7.
var specs = []games.RuleSpec{
	{Key: "size", Label: "Board size", Kind: games.IntRule, Default: 8, Min: 6, Max: 12,
		Allowed:   func(n int) bool { return n%2 == 0 },
		RangeText: "an even number from 6 to 12",
		Help:      "Squares along each side; each player's half is half the board."},
	{Key: "line", Label: "Marks in a row", Kind: games.IntRule, Default: 4, Min: 3, Max: 6,
		Help: "How many marks in a row inside the other player's half win the game."},
	{Key: "overlines", Label: "Longer rows win", Kind: games.BoolRule, Default: true,
		Help: "On: a row longer than needed wins too. Off: only a row of exactly that length wins."},
	{Key: "fifo", Label: "Marks kept per side", Kind: games.IntRule, Default: 0, Min: 0, Max: maxFifo,
		Allowed:   func(n int) bool { return n == 0 || n >= 3 },
		RangeText: "0 (no limit) or a whole number from 3 to 32",
		Zero:      "No limit",
		Help:      "With a limit, placing one mark more takes your oldest mark off the board."},
	{Key: "firstPlayer", Label: "First player", Kind: games.ChoiceRule, Default: "X", Choices: []string{"X", "O", "random"},
		Help: "Who places the first mark: X, O, or a coin toss."},
}

func (Game) RuleSpecs() []games.RuleSpec { return specs }

// config is the fixed part of a game: its rules and the tables they give.
type config struct {
	n, line, fifo int
	overlines     bool
	firstPlayer   string
	zob           [2][maxSq]uint64
	turnKey       uint64
}

// State is a checkerboard position.
type State struct {
	cfg      *config
	board    [maxSq]int8 // -1 empty, 0 X, 1 O; index rank*n+file
	turn     int8        // seat to move (the last mover once the game is over)
	first    int8        // seat that placed first
	toss     bool        // the first player came from the coin toss
	count    [2]int16    // marks on the board per seat
	empties  int16
	removals int16 // placements in a row that removed a mark (FIFO)
	// FIFO ages: ring buffers of each seat's squares, oldest at head.
	// Kept only when fifo is on.
	q      [2][maxFifo]uint8
	qHead  [2]uint8
	placed int16 // square of the last placement, -1 none
	gone   int16 // square the last placement removed, -1 none
	zob    uint64
	plies  int32
	out    games.Outcome
}

// splitmix64 is the coin toss of section 7.1.
func splitmix64(s uint64) uint64 {
	z := s + 0x9E3779B97F4A7C15
	z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9
	z = (z ^ (z >> 27)) * 0x94D049BB133111EB
	return z ^ (z >> 31)
}

// CoinToss is the seat that places first with firstPlayer=random and the
// given game seed: X (0) if the SplitMix64 value is even, O (1) if odd.
func CoinToss(seed int64) int { return int(splitmix64(uint64(seed)) & 1) }

// New starts an empty board, or the setup position.
func (Game) New(cfg games.Config) (games.State, error) {
	// Fill in missing rules and check every value: New may be called with
	// rules that did not go through ValidateRules.
	rules := games.Defaults(specs)
	for _, sp := range specs {
		v, ok := cfg.Rules[sp.Key]
		if !ok {
			continue
		}
		c, err := sp.Check(v)
		if err != nil {
			return nil, err
		}
		rules[sp.Key] = c
	}
	for k := range cfg.Rules {
		if _, ok := rules[k]; !ok {
			return nil, games.Refuse("%q is not a house rule of this game", k)
		}
	}
	c := &config{n: rules.Int("size"), line: rules.Int("line"), overlines: rules.Bool("overlines"),
		fifo: rules.Int("fifo"), firstPlayer: rules.String("firstPlayer")}
	z := uint64(0xC4EC4B0A4D)
	for s := 0; s < 2; s++ {
		for i := range c.zob[s] {
			z += 0x9E3779B97F4A7C15
			c.zob[s][i] = splitmix64(z)
		}
	}
	c.turnKey = splitmix64(z + 1)
	s := &State{cfg: c, empties: int16(c.n * c.n), placed: -1, gone: -1}
	for i := range s.board {
		s.board[i] = empty
	}
	if cfg.Setup != nil {
		if err := s.setup(cfg.Setup); err != nil {
			return nil, fmt.Errorf("bad setup: %w", err)
		}
		return s, nil
	}
	switch c.firstPlayer {
	case "O":
		s.turn = 1
	case "random":
		s.turn, s.toss = int8(CoinToss(cfg.Seed)), true
	}
	s.first = s.turn
	return s, nil
}

// ---- what the UI and the bots may ask -------------------------------------

// Size is the number of files (and ranks) of the board.
func (s *State) Size() int { return s.cfg.n }

// LineLength is the number of marks in a row that win (the rule `line`).
func (s *State) LineLength() int { return s.cfg.line }

// Overlines reports the rule `overlines` (longer rows win too).
func (s *State) Overlines() bool { return s.cfg.overlines }

// Fifo is the rule `fifo`: 0 when off, else the marks a side may keep.
func (s *State) Fifo() int { return s.cfg.fifo }

// Owner is the seat whose mark is on a square (file and rank from 0), or
// -1 if it is empty or off the board.
func (s *State) Owner(file, rank int) int {
	n := s.cfg.n
	if file < 0 || rank < 0 || file >= n || rank >= n {
		return empty
	}
	return int(s.board[rank*n+file])
}

// Cells is the board, index rank*Size()+file, -1 empty, else the seat. It
// is the state's own array: read it, never write it.
func (s *State) Cells() []int8 { return s.board[:s.cfg.n*s.cfg.n] }

// Mover is the seat to move (meaningless once the game is over). Not
// named Turn: that would make the state a games.TurnCounter, whose Turn
// counts whole turns.
func (s *State) Mover() int { return int(s.turn) }

// First is the seat that placed first (from firstPlayer, the coin toss or
// the setup); CoinTossed reports whether the coin toss chose it.
func (s *State) First() int { return int(s.first) }

// CoinTossed reports whether the first player was chosen by the coin toss.
func (s *State) CoinTossed() bool { return s.toss }

// InTarget reports whether a rank (from 0) lies in the seat's target half,
// where its lines count: the top half for X (seat 0), the bottom for O.
func (s *State) InTarget(seat, rank int) bool {
	if seat == 0 {
		return rank >= s.cfg.n/2
	}
	return rank < s.cfg.n/2
}

// TargetRanks is the seat's target half as ranks from 0, lo..hi inclusive.
func (s *State) TargetRanks(seat int) (lo, hi int) {
	h := s.cfg.n / 2
	if seat == 0 {
		return h, s.cfg.n - 1
	}
	return 0, h - 1
}

// Marks is the number of marks the seat has on the board.
func (s *State) Marks(seat int) int { return int(s.count[seat&1]) }

// Removals is the number of placements in a row that removed a mark; the
// game is drawn when it reaches DrawAfterRemovals (FIFO only).
func (s *State) Removals() int { return int(s.removals) }

// Ages lists the seat's marks as squares from oldest to newest (FIFO only;
// nil when fifo is off).
func (s *State) Ages(seat int) []games.Move {
	if s.cfg.fifo == 0 {
		return nil
	}
	seat &= 1
	out := make([]games.Move, s.count[seat])
	for i := range out {
		out[i] = games.Move(s.q[seat][(int(s.qHead[seat])+i)%maxFifo])
	}
	return out
}

// RemovedBy is the square the seat's next placement would remove (its
// oldest mark), or NoMove if it would remove nothing (fifo off or the seat
// below its cap).
func (s *State) RemovedBy(seat int) games.Move {
	seat &= 1
	if s.cfg.fifo == 0 || int(s.count[seat]) < s.cfg.fifo {
		return games.NoMove
	}
	return games.Move(s.q[seat][s.qHead[seat]])
}

// NextRemoval is the square that will disappear at the next placement of
// the seat to move (the UI marks it); ok is false when nothing would, or
// the game is over.
func (s *State) NextRemoval() (file, rank int, ok bool) {
	if s.out.Over() {
		return 0, 0, false
	}
	m := s.RemovedBy(int(s.turn))
	if m == games.NoMove {
		return 0, 0, false
	}
	return int(m) % s.cfg.n, int(m) / s.cfg.n, true
}

// LastPlaced is the square of the last placement (NoMove at the start);
// LastRemoved is the square its FIFO removal emptied (NoMove if none).
func (s *State) LastPlaced() games.Move { return games.Move(s.placed) }

// LastRemoved is the square the last placement's FIFO removal emptied, or
// NoMove if it removed nothing.
func (s *State) LastRemoved() games.Move { return games.Move(s.gone) }

// LastEvents reports the last placement and its FIFO removal, if any.
func (s *State) LastEvents() []games.Event {
	if s.placed < 0 {
		return nil
	}
	seat := int(s.board[s.placed])
	ev := []games.Event{{Kind: games.EventEnter, Seat: seat, To: s.name(int(s.placed))}}
	if s.gone >= 0 {
		gone := s.name(int(s.gone))
		ev = append(ev, games.Event{Kind: games.EventRemove, Seat: seat, From: gone, Note: "FIFO: " + gone + " removed"})
	}
	return ev
}

// WinsAt reports whether the seat would win at once by placing on the
// empty square m, FIFO removal included, whoever is to move. It does not
// change the state.
func (s *State) WinsAt(seat int, m games.Move) bool {
	if s.out.Over() || m < 0 || int(m) >= s.cfg.n*s.cfg.n || s.board[m] != empty {
		return false
	}
	seat &= 1
	sq := int(m)
	s.board[sq] = int8(seat)
	removed := -1
	if s.cfg.fifo > 0 && int(s.count[seat]) >= s.cfg.fifo {
		removed = int(s.q[seat][s.qHead[seat]])
		s.board[removed] = empty
	}
	win := s.winning(seat, sq, removed, nil)
	if removed >= 0 {
		s.board[removed] = int8(seat)
	}
	s.board[sq] = empty
	return win
}

// ---- the contract ---------------------------------------------------------

func (s *State) Seats() int { return 2 }

func (s *State) ToMove() []int {
	if s.out.Over() {
		return []int{}
	}
	return []int{int(s.turn)}
}

// Legal lists the empty squares in index order (a1, b1, ...).
func (s *State) Legal(seat int) []games.Move {
	if s.out.Over() || seat != int(s.turn) {
		return nil
	}
	out := make([]games.Move, 0, s.empties)
	for i, v := range s.board[:s.cfg.n*s.cfg.n] {
		if v == empty {
			out = append(out, games.Move(i))
		}
	}
	return out
}

func (s *State) Play(moves ...games.Move) error {
	if s.out.Over() {
		return games.ErrGameOver
	}
	if len(moves) != 1 {
		return errors.New("One placement at a time.")
	}
	m := moves[0]
	if m < 0 || int(m) >= s.cfg.n*s.cfg.n {
		return games.Refuse("That is not a square of this board.")
	}
	if s.board[m] != empty {
		return games.Refuse("That square is already taken.")
	}
	s.place(int(m))
	return nil
}

// place applies a legal placement: sections 5.1 to 5.6 in order.
func (s *State) place(sq int) {
	c, me := s.cfg, int(s.turn)
	s.board[sq] = int8(me)
	s.zob ^= c.zob[me][sq]
	s.empties--
	s.plies++
	s.placed, s.gone = int16(sq), -1
	if c.fifo > 0 {
		if int(s.count[me]) >= c.fifo { // one more would exceed the cap
			r := int(s.q[me][s.qHead[me]])
			s.qHead[me] = uint8((int(s.qHead[me]) + 1) % maxFifo)
			s.count[me]--
			s.board[r] = empty
			s.zob ^= c.zob[me][r]
			s.empties++
			s.gone = int16(r)
		}
		s.q[me][(int(s.qHead[me])+int(s.count[me]))%maxFifo] = uint8(sq)
	}
	s.count[me]++
	if s.gone >= 0 {
		s.removals++
	} else {
		s.removals = 0
	}
	var lines [][]int
	if s.winning(me, sq, int(s.gone), &lines) {
		s.out = s.winOutcome(me, lines)
		return
	}
	if s.empties == 0 {
		s.out = games.Outcome{Status: games.Draw, Winners: []int{}, Reason: "the board is full"}
		return
	}
	if c.fifo > 0 && s.removals >= DrawAfterRemovals {
		s.out = games.Outcome{Status: games.Draw, Winners: []int{},
			Reason: fmt.Sprintf("%d placements in a row removed a mark with no winner", DrawAfterRemovals)}
		return
	}
	s.turn = int8(1 - me)
}

// run walks the unbroken run of seat's marks through sq in direction d and
// returns its first square and length.
func (s *State) run(seat, sq, d int) (start, length int) {
	n := s.cfg.n
	df, dr := dirs[d][0], dirs[d][1]
	f, r := sq%n, sq/n
	for {
		nf, nr := f-df, r-dr
		if nf < 0 || nr < 0 || nf >= n || nr >= n || s.board[nr*n+nf] != int8(seat) {
			break
		}
		f, r = nf, nr
	}
	start = r*n + f
	for f >= 0 && r >= 0 && f < n && r < n && s.board[r*n+f] == int8(seat) {
		length++
		f, r = f+df, r+dr
	}
	return start, length
}

// lineIn says which squares of a run (start, length, direction d) make a
// winning line for seat, as (first square, count); count 0 if none. With
// overlines the winning squares are the run's squares inside the target
// half (they are contiguous: the run moves one rank per step or none);
// without, the whole run must be exactly `line` long and in the target.
func (s *State) lineIn(seat, start, length, d int) (first, count int) {
	c := s.cfg
	n := c.n
	if length < c.line {
		return 0, 0
	}
	df, dr := dirs[d][0], dirs[d][1]
	if !c.overlines {
		if length != c.line {
			return 0, 0
		}
		r0, r1 := start/n, start/n+dr*(length-1)
		if s.InTarget(seat, r0) && s.InTarget(seat, r1) {
			return start, length
		}
		return 0, 0
	}
	f, r := start%n, start/n
	for i := 0; i < length; i++ {
		if s.InTarget(seat, r) {
			if count == 0 {
				first = r*n + f
			}
			count++
		}
		f, r = f+df, r+dr
	}
	if count < c.line {
		return 0, 0
	}
	return first, count
}

// winning reports whether seat has a winning line after placing on sq and
// removing `removed` (-1 none); if lines is not nil it collects every
// winning line as its squares. Only lines through sq can be new, and,
// without overlines, lines next to the removed square (a removal can cut a
// run of five down to exactly four).
func (s *State) winning(seat, sq, removed int, lines *[][]int) bool {
	found := false
	n := s.cfg.n
	var seen [12][3]int // (start, dir, count) of the lines found, to skip repeats
	nseen := 0
	check := func(at, d int) bool {
		start, length := s.run(seat, at, d)
		first, count := s.lineIn(seat, start, length, d)
		if count == 0 {
			return false
		}
		found = true
		if lines == nil {
			return true
		}
		for i := 0; i < nseen; i++ {
			if seen[i] == [3]int{first, d, count} {
				return false
			}
		}
		if nseen < len(seen) {
			seen[nseen] = [3]int{first, d, count}
			nseen++
		}
		sqs := make([]int, count)
		step := dirs[d][1]*n + dirs[d][0]
		for i := range sqs {
			sqs[i] = first + i*step
		}
		*lines = append(*lines, sqs)
		return false
	}
	for d := range dirs {
		if check(sq, d) {
			return true
		}
	}
	if removed >= 0 && !s.cfg.overlines {
		f, r := removed%n, removed/n
		for d := range dirs {
			for _, sign := range [2]int{-1, 1} {
				nf, nr := f+sign*dirs[d][0], r+sign*dirs[d][1]
				if nf < 0 || nr < 0 || nf >= n || nr >= n || s.board[nr*n+nf] != int8(seat) {
					continue
				}
				if check(nr*n+nf, d) {
					return true
				}
			}
		}
	}
	return found
}

// anyLine scans the whole board for a winning line of seat (setups, tests).
func (s *State) anyLine(seat int) [][]int {
	var lines [][]int
	n := s.cfg.n
	for sq := 0; sq < n*n; sq++ {
		if s.board[sq] != int8(seat) {
			continue
		}
		for d := range dirs {
			start, length := s.run(seat, sq, d)
			if start != sq {
				continue // count each run once, from its first square
			}
			first, count := s.lineIn(seat, start, length, d)
			if count == 0 {
				continue
			}
			step := dirs[d][1]*n + dirs[d][0]
			sqs := make([]int, count)
			for i := range sqs {
				sqs[i] = first + i*step
			}
			lines = append(lines, sqs)
		}
	}
	return lines
}

var countWords = []string{"", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten", "eleven", "twelve"}

func ordinal(k int) string {
	switch {
	case k%10 == 1 && k != 11:
		return fmt.Sprintf("%dst", k)
	case k%10 == 2 && k != 12:
		return fmt.Sprintf("%dnd", k)
	case k%10 == 3 && k != 13:
		return fmt.Sprintf("%drd", k)
	}
	return fmt.Sprintf("%dth", k)
}

// describe names a line for people: "four in a row on the 8th rank".
func (s *State) describe(sqs []int) string {
	n := s.cfg.n
	a, b := sqs[0], sqs[len(sqs)-1]
	var where string
	switch {
	case a/n == b/n:
		where = "the " + ordinal(a/n+1) + " rank"
	case a%n == b%n:
		where = "the " + string(rune('a'+a%n)) + "-file"
	default:
		where = "the " + s.name(a) + "-" + s.name(b) + " diagonal"
	}
	return countWords[len(sqs)] + " in a row on " + where
}

func (s *State) winOutcome(seat int, lines [][]int) games.Outcome {
	parts := make([]string, len(lines))
	var sqs []string
	seen := map[int]bool{}
	for i, l := range lines {
		parts[i] = s.describe(l)
		for _, q := range l {
			if !seen[q] {
				seen[q] = true
				sqs = append(sqs, s.name(q))
			}
		}
	}
	return games.Outcome{Status: games.Win, Winners: []int{seat},
		Reason: strings.Join(parts, " and "), Line: sqs}
}

func (s *State) Outcome() games.Outcome { return s.out }

// Hash is a Zobrist hash of the board and the seat to move; with FIFO it
// also folds in the order of each side's marks and the removal counter,
// which decide what happens next.
func (s *State) Hash() uint64 {
	h := s.zob
	if s.turn == 1 {
		h ^= s.cfg.turnKey
	}
	if s.cfg.fifo > 0 {
		x := uint64(s.removals)
		for seat := 0; seat < 2; seat++ {
			for i := 0; i < int(s.count[seat]); i++ {
				x = x*0x100000001B3 + uint64(s.q[seat][(int(s.qHead[seat])+i)%maxFifo]) + 1
			}
			x = x*0x100000001B3 + 0xFF
		}
		h ^= splitmix64(x)
	}
	return h
}

// Position is {"board": [top rank, ..., rank 1]}.
func (s *State) Position() any {
	n := s.cfg.n
	var buf [maxSq]byte
	for r := n - 1; r >= 0; r-- {
		for f := 0; f < n; f++ {
			buf[(n-1-r)*n+f] = ".XO"[s.board[r*n+f]+1]
		}
	}
	all := string(buf[:n*n]) // one allocation; the ranks share it
	rows := make([]string, n)
	for i := range rows {
		rows[i] = all[i*n : (i+1)*n]
	}
	return map[string]any{"board": rows}
}

func (s *State) name(sq int) string { return games.SquareName(sq%s.cfg.n, sq/s.cfg.n) }

func (s *State) MoveString(seat int, m games.Move) string {
	if m < 0 || int(m) >= s.cfg.n*s.cfg.n {
		return "?"
	}
	return s.name(int(m))
}

// ParseMove reads a square name, with the checks of section 4 in order.
func (s *State) ParseMove(seat int, tok string) (games.Move, error) {
	if s.out.Over() {
		return games.NoMove, games.ErrGameOver
	}
	if seat != int(s.turn) {
		return games.NoMove, games.ErrNotYourTurn
	}
	f, r, err := games.ParseSquare(tok, s.cfg.n, s.cfg.n)
	if err != nil {
		return games.NoMove, err
	}
	m := r*s.cfg.n + f
	if s.board[m] != empty {
		return games.NoMove, games.Refuse("%s: that square is already taken.", tok)
	}
	return games.Move(m), nil
}

func (s *State) Clone() games.State { c := *s; return &c }

// setup reads a NOTATION.md setup: {"board": [...], "toMove": n}, with
// the checks of section 6.
func (s *State) setup(raw json.RawMessage) error {
	c := s.cfg
	n := c.n
	if c.fifo != 0 {
		return games.Refuse("a setup cannot be used with FIFO on (`fifo` must be 0): a position does not say which marks are oldest")
	}
	var in struct {
		Board  []string `json:"board"`
		ToMove *int     `json:"toMove"`
	}
	if err := json.Unmarshal(raw, &in); err != nil {
		return games.Refuse("not a position object: %v", err)
	}
	if len(in.Board) != n {
		return games.Refuse("the board must have %d ranks, not %d", n, len(in.Board))
	}
	if in.ToMove == nil {
		return games.Refuse("toMove is missing")
	}
	if *in.ToMove != 0 && *in.ToMove != 1 {
		return games.Refuse("toMove must be 0 (X) or 1 (O), not %d", *in.ToMove)
	}
	for i, row := range in.Board {
		rank := n - 1 - i
		if len(row) != n {
			return games.Refuse("rank %d must have %d squares, not %d", rank+1, n, len(row))
		}
		for f := 0; f < n; f++ {
			sq := rank*n + f
			switch row[f] {
			case '.':
			case 'X':
				s.board[sq] = 0
				s.count[0]++
				s.zob ^= c.zob[0][sq]
				s.empties--
			case 'O':
				s.board[sq] = 1
				s.count[1]++
				s.zob ^= c.zob[1][sq]
				s.empties--
			default:
				return games.Refuse("%q on rank %d is not X, O or .", row[f], rank+1)
			}
		}
	}
	x, o, to := int(s.count[0]), int(s.count[1]), *in.ToMove
	switch {
	case x == o:
	case x == o+1 && to == 1, o == x+1 && to == 0:
	case x > o+1 || o > x+1:
		return games.Refuse("X has %d marks and O %d: the counts may differ by one at most", x, o)
	default:
		return games.Refuse("X has %d marks and O %d, so the side with fewer marks is to move, not %s", x, o, "XO"[to:to+1])
	}
	for seat := 0; seat < 2; seat++ {
		if l := s.anyLine(seat); len(l) > 0 {
			return games.Refuse("%s already has a winning line (%s)", "XO"[seat:seat+1], s.describe(l[0]))
		}
	}
	if s.empties == 0 {
		return games.Refuse("no empty square is left")
	}
	s.turn, s.first = int8(to), int8(to)
	return nil
}
