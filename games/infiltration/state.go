package infiltration

import (
	"fmt"
	"strings"

	"github.com/tabulagames/tabula/games"
	"github.com/tabulagames/tabula/games/repetition"
)

// State is an infiltration position with its history.
type State struct {
	rules      ruleSet
	board      [64]int8
	hand       [2][2]int8 // [seat][0 men, 1 kings]
	placement  bool
	swapped    bool
	turn       int8 // seat to move (meaningless once over)
	chain      int8 // square of the piece that must keep capturing, or noSquare
	noProgress int16
	// mustCapture: forced capture is on and the side to move has a capture,
	// so steps are refused. Kept up to date by apply rather than worked out
	// for each step checked, since a bot checks every step it tries.
	mustCapture bool
	outcome     games.Outcome
	key         posKey
	seen        repetition.Counter[posKey] // the positions since the last placement or crowning, for repetition
	ev          [4]event
	nev         int8
}

// posKey identifies a position exactly for the repetition rule: the four
// piece bitboards and the hands, phase, side to move and chain square.
type posKey struct {
	bb    [4]uint64 // X men, X kings, O men, O kings
	extra uint64
}

func (s *State) makeKey() posKey {
	var k posKey
	for sq, v := range s.board {
		if v != empty {
			k.bb[v-1] |= 1 << uint(sq)
		}
	}
	e := uint64(s.hand[X][0]) | uint64(s.hand[X][1])<<6 | uint64(s.hand[O][0])<<12 | uint64(s.hand[O][1])<<18
	if s.placement {
		e |= 1 << 24
	}
	e |= uint64(s.turn) << 25
	e |= uint64(s.chain+1) << 26
	k.extra = e
	return k
}

// event is a compact games.Event.
type event struct {
	kind     uint8
	seat     int8
	king     bool
	from, to int8
}

const (
	evEnter = iota + 1
	evMove
	evReturn
	evPromote
	evSwap
)

var evKinds = [...]games.EventKind{"", games.EventEnter, games.EventMove, games.EventReturn, "promote", games.EventSeatSwap}

func (s *State) addEvent(e event) {
	if int(s.nev) < len(s.ev) {
		s.ev[s.nev] = e
		s.nev++
	}
}

// LastEvents reports what the last play did, in order: "enter" (a piece
// placed or dropped from the hand onto To), "move" (a piece from From to
// To; a capture jumps), "return" (a captured piece leaves From for its
// owner's hand), "promote" (the man on To is crowned), "swap" (the pie
// swap). Piece is 0 for a man and 1 for a king.
func (s *State) LastEvents() []games.Event {
	out := make([]games.Event, 0, s.nev)
	for _, e := range s.ev[:s.nev] {
		ge := games.Event{Kind: evKinds[e.kind], Seat: int(e.seat)}
		if e.king {
			ge.Piece = 1
		}
		if e.from >= 0 {
			ge.From = squareNames[e.from]
		}
		if e.to >= 0 {
			ge.To = squareNames[e.to]
		}
		switch e.kind {
		case evReturn:
			ge.Note = fmt.Sprintf("captured, back to %s's hand", seatName[e.seat])
		case evPromote:
			ge.Note = "crowned"
		case evSwap:
			ge.Note = "the players exchange colours"
		}
		out = append(out, ge)
	}
	return out
}

func (s *State) Seats() int { return 2 }

func (s *State) ToMove() []int {
	if s.outcome.Over() {
		return []int{}
	}
	return []int{int(s.turn)}
}

func (s *State) Outcome() games.Outcome { return s.outcome }

func (s *State) Clone() games.State { c := *s; return &c }

// Hash mixes the exact position key; equal positions hash alike.
func (s *State) Hash() uint64 {
	h := s.key.extra*0x9E3779B97F4A7C15 + 0x632BE59BD9B4E019
	for _, b := range s.key.bb {
		h ^= b
		h *= 0xBF58476D1CE4E5B9
		h ^= h >> 31
	}
	return h
}

// dirs gives the directions of a piece.
func (s *State) dirs(v int8) []int {
	f := 0
	if s.rules.free {
		f = 1
	}
	k := 0
	if isKing(v) {
		k = 1
	}
	return dirSets[f][owner(v)][k]
}

// canSwap reports the pie moment of section 6.
func (s *State) canSwap() bool {
	if !s.rules.pie || s.swapped || !s.placement || s.turn != O || s.outcome.Over() {
		return false
	}
	n := 0
	for _, v := range s.board {
		if v != empty {
			n++
		}
	}
	return n == 1
}

// pieceCaptures appends the captures of the piece on sq.
func (s *State) pieceCaptures(sq int, out []games.Move) []games.Move {
	v := s.board[sq]
	me := owner(v)
	for _, d := range s.dirs(v) {
		over, land := step1[sq][d], step2[sq][d]
		if land < 0 {
			continue
		}
		if w := s.board[over]; w != empty && owner(w) != me && s.board[land] == empty {
			out = append(out, stepMove(sq, int(land)))
		}
	}
	return out
}

// hasCapture reports whether the piece on sq can capture.
func (s *State) hasCapture(sq int) bool {
	v := s.board[sq]
	me := owner(v)
	for _, d := range s.dirs(v) {
		over, land := step1[sq][d], step2[sq][d]
		if land >= 0 && s.board[land] == empty {
			if w := s.board[over]; w != empty && owner(w) != me {
				return true
			}
		}
	}
	return false
}

// anyCapture reports whether the seat to move has a capture anywhere.
func (s *State) anyCapture() bool {
	if !s.rules.captures {
		return false
	}
	for sq, v := range s.board {
		if v != empty && owner(v) == int(s.turn) && s.hasCapture(sq) {
			return true
		}
	}
	return false
}

// Legal lists the legal moves of a seat now.
func (s *State) Legal(seat int) []games.Move {
	if s.outcome.Over() || seat != int(s.turn) {
		return nil
	}
	return s.legal(make([]games.Move, 0, 64))
}

func (s *State) legal(out []games.Move) []games.Move {
	me := int(s.turn)
	if s.chain >= 0 {
		return s.pieceCaptures(int(s.chain), out)
	}
	if s.canSwap() {
		out = append(out, swapMove)
	}
	if s.hand[me][0] > 0 || s.hand[me][1] > 0 {
		for sq := homeStart(me); sq < homeStart(me)+32; sq++ {
			if s.board[sq] == empty {
				if s.hand[me][0] > 0 {
					out = append(out, games.Move(sq))
				}
				if s.hand[me][1] > 0 {
					out = append(out, games.Move(kingDrop+sq))
				}
			}
		}
	}
	if s.placement {
		return out
	}
	mark := len(out)
	if s.rules.captures {
		for sq, v := range s.board {
			if v != empty && owner(v) == me {
				out = s.pieceCaptures(sq, out)
			}
		}
	}
	if s.rules.forced && len(out) > mark {
		return out
	}
	for sq, v := range s.board {
		if v == empty || owner(v) != me {
			continue
		}
		for _, d := range s.dirs(v) {
			if to := step1[sq][d]; to >= 0 && s.board[to] == empty {
				out = append(out, stepMove(sq, int(to)))
			}
		}
	}
	return out
}

// hasLegal reports whether the side to move has any legal action.
func (s *State) hasLegal() bool {
	me := int(s.turn)
	if s.chain >= 0 || s.canSwap() {
		return true
	}
	if s.hand[me][0] > 0 || s.hand[me][1] > 0 {
		for sq := homeStart(me); sq < homeStart(me)+32; sq++ {
			if s.board[sq] == empty {
				return true
			}
		}
	}
	if s.placement {
		return false
	}
	for sq, v := range s.board {
		if v == empty || owner(v) != me {
			continue
		}
		if s.rules.captures && s.hasCapture(sq) {
			return true
		}
		for _, d := range s.dirs(v) {
			if to := step1[sq][d]; to >= 0 && s.board[to] == empty {
				return true
			}
		}
	}
	return false
}

// check decides whether move m is legal now, with the refusals of
// section 8 in their order (checks 3 to 14; the token shape is checked by
// ParseMove).
func (s *State) check(m games.Move) error {
	if s.outcome.Over() {
		return games.ErrGameOver
	}
	me := int(s.turn)
	switch {
	case m == swapMove:
		if !s.rules.pie {
			return games.Refuse("The pie rule is off in this game.")
		}
		if !s.canSwap() {
			return games.Refuse("Swap is only possible as O's first action, right after X's first piece.")
		}
		return nil
	case m >= 0 && m < moveBase:
		kingPiece := m >= kingDrop
		sq := int(m) % 64
		tok := moveName(m) // written out only if refused
		if s.chain >= 0 {
			return games.Refuse("%s: your piece on %s must keep capturing.", tok, squareNames[s.chain])
		}
		switch {
		case s.hand[me][0] == 0 && s.hand[me][1] == 0:
			return games.Refuse("%s: you have no pieces in hand.", tok)
		case kingPiece && s.hand[me][1] == 0:
			return games.Refuse("%s: you have no king in hand.", tok)
		case !kingPiece && s.hand[me][0] == 0:
			return games.Refuse("%s: you have no man in hand (write K@%s to drop a king).", tok, squareNames[sq])
		}
		if !homeHalf(me, sq) {
			return games.Refuse("%s is not in your home half: you can only place pieces in %s.", squareNames[sq], homeRanks(me))
		}
		if s.board[sq] != empty {
			return games.Refuse("%s: that square is taken.", tok)
		}
		return nil
	case m >= moveBase && m < swapMove:
		from, to := int(m-moveBase)/64, int(m-moveBase)%64
		jump := isJump(from, to)
		return s.checkMove(from, to, jump)
	}
	return games.Refuse("Not a move.")
}

// checkMove runs checks 4 and 8-14 for a step (written with -) or a
// capture (written with x); jump is the written form.
func (s *State) checkMove(from, to int, written bool) error {
	me := int(s.turn)
	tok := stepName{from: int8(from), to: int8(to), capture: written} // written out only if refused
	if s.chain >= 0 && (!written || from != int(s.chain)) {
		return games.Refuse("%s: your piece on %s must keep capturing.", tok, squareNames[s.chain])
	}
	if s.placement {
		return games.Refuse("%s: pieces move only after all pieces are placed.", tok)
	}
	v := s.board[from]
	if v == empty {
		return games.Refuse("%s: there is no piece on %s.", tok, squareNames[from])
	}
	if owner(v) != me {
		return games.Refuse("%s: the piece on %s is not yours.", tok, squareNames[from])
	}
	if written && !s.rules.captures {
		return games.Refuse("%s: captures are off in this game.", tok)
	}
	dir := -1
	for _, d := range s.dirs(v) {
		if (!written && int(step1[from][d]) == to) || (written && int(step2[from][d]) == to) {
			dir = d
		}
	}
	if dir < 0 {
		if !written && s.rules.captures {
			for _, d := range s.dirs(v) {
				if int(step2[from][d]) == to {
					return games.Refuse("%s: write a capture with x: %sx%s.", tok, squareNames[from], squareNames[to])
				}
			}
		}
		if written {
			return games.Refuse("%s: a capture jumps over an adjacent piece to the square right behind it. %s", tok, s.describe(v))
		}
		return games.Refuse("%s: %s", tok, s.describe(v))
	}
	if written {
		over := step1[from][dir]
		if w := s.board[over]; w == empty || owner(w) == me {
			return games.Refuse("%s: there is no enemy piece on %s to jump.", tok, squareNames[over])
		}
	}
	if s.board[to] != empty {
		return games.Refuse("%s: %s is taken.", tok, squareNames[to])
	}
	if !written && s.mustCapture {
		return games.Refuse("%s: you must capture (forced capture is on).", tok)
	}
	return nil
}

// moveName and stepName write a move for a refusal message only when one
// is made: checking runs on every move a bot tries, and building the text
// up front was a string allocation each time.
type moveName games.Move

func (m moveName) String() string { return moveString(games.Move(m)) }

type stepName struct {
	from, to int8
	capture  bool
}

func (n stepName) String() string {
	sep := "-"
	if n.capture {
		sep = "x"
	}
	return squareNames[n.from] + sep + squareNames[n.to]
}

// describe names the directions of a piece.
func (s *State) describe(v int8) string {
	switch {
	case !s.rules.free && !isKing(v):
		return "A man moves one square diagonally forward."
	case !s.rules.free:
		return "A king moves one square diagonally, in any of the four directions."
	case !isKing(v):
		return "A man moves one square forward, diagonally forward or sideways, never back."
	}
	return "A king moves one square in any direction."
}

// ParseMove reads a token and checks it is legal now (section 8 order).
func (s *State) ParseMove(seat int, tok string) (games.Move, error) {
	if s.outcome.Over() {
		return games.NoMove, games.ErrGameOver
	}
	if seat != int(s.turn) {
		return games.NoMove, games.ErrNotYourTurn
	}
	sep, from, to, err := parseToken(tok)
	if err != nil {
		return games.NoMove, err
	}
	var m games.Move
	switch sep {
	case 's':
		m = swapMove
	case '@':
		m = games.Move(to)
	case 'K':
		m = games.Move(kingDrop + to)
	default:
		written := sep == 'x'
		if err := s.checkMove(from, to, written); err != nil {
			return games.NoMove, err
		}
		if written != isJump(from, to) {
			// Unreachable: a legal step is one square, a legal capture two.
			return games.NoMove, games.Refuse("%s: not a move.", tok)
		}
		return stepMove(from, to), nil
	}
	if err := s.check(m); err != nil {
		return games.NoMove, err
	}
	return m, nil
}

// Play applies one move.
func (s *State) Play(moves ...games.Move) error {
	m, err := games.OneMove(s.outcome.Over(), moves)
	if err != nil {
		return err
	}
	if err := s.check(m); err != nil {
		return err
	}
	s.apply(m)
	return nil
}

// apply plays a legal move and settles the game (section 7).
func (s *State) apply(m games.Move) {
	me := int(s.turn)
	s.nev = 0
	moved := noSquare // landing square of a step or capture
	// No position from before a placement or a crowning can occur again: a
	// placement leaves one piece fewer to place (and the placement phase
	// never comes back), a crowning one man fewer on the board and in the
	// hands for good (a captured man comes back as a man, a king as a
	// king, and a drop keeps its kind).
	irreversible := false
	switch {
	case m == swapMove:
		s.swapped = true
		s.noProgress++
		s.addEvent(event{kind: evSwap, seat: int8(me), from: noSquare, to: noSquare})
		// O is still to move.
	case m < moveBase:
		sq := int(m) % 64
		k := 0
		v := man(me)
		if m >= kingDrop {
			k, v = 1, king(me)
		}
		irreversible = s.placement
		s.hand[me][k]--
		s.board[sq] = v
		s.noProgress = 0
		s.addEvent(event{kind: evEnter, seat: int8(me), king: k == 1, from: noSquare, to: int8(sq)})
		if s.placement && s.hand[X][0]+s.hand[X][1]+s.hand[O][0]+s.hand[O][1] == 0 {
			s.placement = false // the last placer also moves first
		} else {
			s.turn = int8(1 - me)
		}
	default:
		from, to := int(m-moveBase)/64, int(m-moveBase)%64
		v := s.board[from]
		s.board[from], s.board[to] = empty, v
		s.addEvent(event{kind: evMove, seat: int8(me), king: isKing(v), from: int8(from), to: int8(to)})
		jump := isJump(from, to)
		if jump {
			over := (from + to) / 2
			w := s.board[over]
			s.board[over] = empty
			k := 0
			if isKing(w) {
				k = 1
			}
			s.hand[owner(w)][k]++
			s.addEvent(event{kind: evReturn, seat: int8(owner(w)), king: k == 1, from: int8(over), to: noSquare})
		}
		if jump || !isKing(v) {
			s.noProgress = 0
		} else {
			s.noProgress++
		}
		crowned := false
		if !isKing(v) && s.rules.kings && farRank(me, to) {
			s.board[to] = king(me)
			crowned, irreversible = true, true
			s.addEvent(event{kind: evPromote, seat: int8(me), king: true, from: noSquare, to: int8(to)})
		}
		moved = to
		s.chain = noSquare
		if jump && s.rules.multi && !crowned && s.hasCapture(to) {
			s.chain = int8(to)
		} else {
			s.turn = int8(1 - me)
		}
	}
	s.mustCapture = s.rules.forced && s.anyCapture()
	// 2. Line win for the mover.
	if moved >= 0 && !homeHalf(me, moved) && s.lineThrough(me, moved) {
		line := s.winningLine(me)
		s.outcome = games.Outcome{Status: games.Win, Winners: []int{me},
			Reason: "four in a row in the other half", Line: line}
		s.key = s.makeKey()
		return
	}
	s.key = s.makeKey()
	// 4. No legal action: the side to move loses.
	if !s.hasLegal() {
		s.outcome = games.Outcome{Status: games.Win, Winners: []int{1 - int(s.turn)},
			Reason: "the other player has no move"}
		return
	}
	// 5. Threefold repetition. Forgetting the positions that cannot recur
	// keeps the count exact and the counter small in most games.
	if irreversible {
		s.seen = repetition.Counter[posKey]{}
	}
	var n int
	s.seen, n = s.seen.Record(s.Hash(), s.key)
	if n >= 3 {
		s.outcome = games.Outcome{Status: games.Draw, Winners: []int{}, Reason: "same position three times"}
		return
	}
	// 6. No progress.
	if s.noProgress >= 100 {
		s.outcome = games.Outcome{Status: games.Draw, Winners: []int{}, Reason: "100 moves without progress"}
	}
}

// startTurn runs the turn-start test for a new game or setup.
func (s *State) startTurn() {
	s.mustCapture = s.rules.forced && s.anyCapture()
	if !s.hasLegal() {
		s.outcome = games.Outcome{Status: games.Win, Winners: []int{1 - int(s.turn)},
			Reason: "the other player has no move"}
	}
}

// lineThrough reports whether seat has four in a row in its target half
// through sq (which must be in that half).
func (s *State) lineThrough(seat, sq int) bool {
	for _, i := range linesAt[sq] {
		if s.full(seat, lines[seat][i]) {
			return true
		}
	}
	return false
}

func (s *State) full(seat int, l [4]int8) bool {
	for _, q := range l {
		if v := s.board[q]; v == empty || owner(v) != seat {
			return false
		}
	}
	return true
}

// winningLine lists, in square order, every piece of seat that belongs to
// a four in a row inside its target half.
func (s *State) winningLine(seat int) []string {
	var in [64]bool
	found := false
	for _, l := range lines[seat] {
		if s.full(seat, l) {
			found = true
			for _, q := range l {
				in[q] = true
			}
		}
	}
	if !found {
		return nil
	}
	var out []string
	for sq := 0; sq < 64; sq++ {
		if in[sq] {
			out = append(out, squareNames[sq])
		}
	}
	return out
}

// handJSON is one side's hand in a position.
type handJSON struct {
	Men   int `json:"men"`
	Kings int `json:"kings"`
}

// Position is the JSON object of NOTATION.md.
type Position struct {
	Board []string `json:"board"`
	Hand  struct {
		X handJSON `json:"X"`
		O handJSON `json:"O"`
	} `json:"hand"`
	Phase   string `json:"phase"`
	Swapped bool   `json:"swapped"`
}

func (s *State) Position() any {
	p := Position{Board: make([]string, 8), Phase: "movement", Swapped: s.swapped}
	var b strings.Builder
	for r := 7; r >= 0; r-- {
		b.Reset()
		for f := 0; f < 8; f++ {
			b.WriteByte(".xXoO"[s.board[r*8+f]])
		}
		p.Board[7-r] = b.String()
	}
	p.Hand.X = handJSON{int(s.hand[X][0]), int(s.hand[X][1])}
	p.Hand.O = handJSON{int(s.hand[O][0]), int(s.hand[O][1])}
	if s.placement {
		p.Phase = "placement"
	}
	return p
}
