package arena

import (
	"fmt"
	"math/bits"

	"github.com/tabulagames/tabula/games"
)

// Thing is what a cell holds.
type Thing int8

const (
	Floor Thing = iota // free floor
	WallCell
	Bomb
	Ice
	Player1 // seat 0
	Player2 // seat 1
)

// playerThing is the thing of a seat's player.
func playerThing(seat int) Thing { return Player1 + Thing(seat) }

// Moves: move D = D, face D = 4 + D, then place, kick and end.
const (
	Place games.Move = 8
	Kick  games.Move = 9
	End   games.Move = 10
)

// MoveTo is the move `move D`; FaceTo is `face D`.
func MoveTo(d int) games.Move { return games.Move(d) }
func FaceTo(d int) games.Move { return games.Move(4 + d) }

// core is the position proper: everything the rules look at, plus what the
// board's reachable highlight needs (section 9). It holds no slices, so a
// copy is a clone.
type core struct {
	thing   [Cells]Thing
	value   [Cells]int32 // a bomb's timer or an ice block's health
	at      [2]int8      // each player's cell, -1 once dead
	hp      [2]int32
	facing  [2]int8
	toMove  int8
	status  games.Status
	winner  int8 // the winning seat when status == Win
	actions int32
	acted   bool  // the seat to move has played an action this turn
	turn    int32 // completed turns
	// Section 6's draw: calm counts the turns in a row that ended with no
	// player losing health; hurt says a player lost health in the turn
	// being played, which then does not count.
	calm int32
	hurt bool
	// Section 9: the highlight's search starts on anchor with budget
	// actions; visited holds the cells the mover stood on this turn.
	anchor  int8
	budget  int32
	visited uint64
}

// State is an arena position.
type State struct {
	p Params
	c core
	// The last play, kept so LastEvents can replay it with events on.
	prev    core
	last    games.Move
	hasLast bool
}

// New starts the usual position, or the setup.
func (Game) New(cfg games.Config) (games.State, error) {
	p, err := paramsOf(cfg.Rules)
	if err != nil {
		return nil, err
	}
	s := &State{p: p}
	if cfg.Setup != nil {
		if err := s.setup(cfg.Setup); err != nil {
			return nil, fmt.Errorf("bad setup: %w", err)
		}
		return s, nil
	}
	c := &s.c
	c.clearMap()
	c.at = [2]int8{int8(CellAt(1, 5)), int8(CellAt(5, 1))} // b6, f2
	c.facing = [2]int8{E, W}
	for seat := 0; seat < 2; seat++ {
		c.thing[c.at[seat]] = playerThing(seat)
		c.hp[seat] = int32(p.HP)
	}
	c.actions = int32(p.FirstActions)
	c.startTurn()
	return s, nil
}

// clearMap leaves only the walls.
func (c *core) clearMap() {
	for i := range c.thing {
		c.thing[i], c.value[i] = Floor, 0
		if isWall[i] {
			c.thing[i] = WallCell
		}
	}
}

// startTurn anchors the reachable highlight where the mover stands now.
func (c *core) startTurn() {
	c.anchor, c.budget = c.at[c.toMove], c.actions
	c.visited = 1 << c.at[c.toMove]
}

func (s *State) Seats() int { return 2 }

func (s *State) ToMove() []int {
	if s.c.status != games.Ongoing {
		return []int{}
	}
	return []int{int(s.c.toMove)}
}

func (s *State) Legal(seat int) []games.Move {
	if s.c.status != games.Ongoing || seat != int(s.c.toMove) {
		return nil
	}
	var out []games.Move
	for m := games.Move(0); m <= End; m++ {
		if s.c.check(m) == nil {
			out = append(out, m)
		}
	}
	return out
}

// Refusals in a player's words (section 4).
var (
	errNoActions  = games.Refuse("No actions left this turn: you may still turn (face), then end the turn.")
	errNoKick     = games.Refuse("There is nothing in front of you to kick.")
	errNoPush     = games.Refuse("The other player cannot be pushed: the cell behind them is not free.")
	errNoChain    = games.Refuse("That cannot be kicked: a wall or a player stands right behind it.")
	errWallFront  = games.Refuse("There is a wall in front of you: nothing can be placed there.")
	errTakenFront = games.Refuse("The cell in front of you is taken.")
	errNotAction  = games.Refuse("Not an arena action.")
)

// check says why m is not legal for the seat to move now (nil if it is).
func (c *core) check(m games.Move) error {
	if c.status != games.Ongoing {
		return games.ErrGameOver
	}
	me := int(c.toMove)
	switch {
	case m >= 0 && m < 4:
		d := int(m)
		if c.actions < 1 {
			return errNoActions
		}
		switch c.thing[Step(int(c.at[me]), d)] {
		case Floor:
			return nil
		case WallCell:
			return errWall[d]
		default:
			return errTaken[d]
		}
	case m >= 4 && m < 8:
		if d := int(m) - 4; d == int(c.facing[me]) {
			return errFacing[d]
		}
		return nil
	case m == Place:
		if c.actions < 1 {
			return errNoActions
		}
		switch c.thing[c.front()] {
		case Floor:
			return nil
		case WallCell:
			return errWallFront
		default:
			return errTakenFront
		}
	case m == Kick:
		if c.actions < 1 {
			return errNoActions
		}
		return c.checkKick()
	case m == End:
		return nil
	}
	return errNotAction
}

// The refusals that name a direction, made once (Legal asks often).
var errWall, errTaken, errFacing [4]error

func init() {
	for d, w := range [4]string{"north", "south", "west", "east"} {
		errWall[d] = games.Refuse("There is a wall to the %s.", w)
		errTaken[d] = games.Refuse("The cell to the %s is taken.", w)
		errFacing[d] = games.Refuse("You already face %s.", w)
	}
}

// front is the cell in front of the seat to move.
func (c *core) front() int {
	me := c.toMove
	return Step(int(c.at[me]), int(c.facing[me]))
}

// checkKick applies section 5's conditions to the seat to move's kick.
func (c *core) checkKick() error {
	d := int(c.facing[c.toMove])
	f := c.front()
	switch c.thing[f] {
	case Player1, Player2:
		if c.thing[Step(f, d)] != Floor {
			return errNoPush
		}
		return nil
	case Bomb, Ice:
		if c.thing[afterRun(&c.thing, f, d)] != Floor {
			return errNoChain
		}
		return nil
	}
	return errNoKick
}

// afterRun is the cell right after the run of bombs and ice that starts on
// c and goes in direction d.
func afterRun(thing *[Cells]Thing, c, d int) int {
	for thing[c] == Bomb || thing[c] == Ice {
		c = Step(c, d)
	}
	return c
}

func (s *State) Play(moves ...games.Move) error {
	if s.c.status != games.Ongoing {
		return games.ErrGameOver
	}
	if len(moves) != 1 {
		return fmt.Errorf("one action at a time, not %d", len(moves))
	}
	if err := s.c.check(moves[0]); err != nil {
		return err
	}
	s.prev, s.last, s.hasLast = s.c, moves[0], true
	s.c.apply(&s.p, moves[0], nil)
	return nil
}

// apply plays a legal move, reporting events to rec when it is not nil.
func (c *core) apply(p *Params, m games.Move, rec *recorder) {
	me := int(c.toMove)
	from := int(c.at[me])
	switch {
	case m < 4:
		to := Step(from, int(m))
		c.thing[from], c.thing[to] = Floor, playerThing(me)
		c.at[me] = int8(to)
		c.actions--
		c.acted = true
		c.visited |= 1 << to
		rec.add(games.Event{Kind: games.EventMove, Seat: me, Piece: PiecePlayer, From: Square(from), To: Square(to)})
	case m < 8:
		c.facing[me] = int8(m - 4)
		c.acted = true
		rec.add(games.Event{Kind: EventFace, Seat: me, Piece: PiecePlayer, From: Square(from), Note: DirNames[m-4]})
	case m == Place:
		c.place(p, rec)
	case m == Kick:
		if c.kick(rec) {
			return // the game ended by ice: nothing else happens
		}
		c.afterAction(p, rec)
	default: // End
		c.endTurn(p, rec)
	}
}

// place drops the mover's object on the front cell.
func (c *core) place(p *Params, rec *recorder) {
	me := int(c.toMove)
	f := c.front()
	ev := games.Event{Kind: games.EventEnter, Seat: me, To: Square(f)}
	if p.Chars[me] == Bomber {
		c.thing[f], c.value[f] = Bomb, int32(p.BombTimer)
		ev.Piece, ev.Value = PieceBomb, p.BombTimer
	} else {
		c.thing[f], c.value[f] = Ice, int32(p.IceHP)
		ev.Piece, ev.Value = PieceIce, p.IceHP
	}
	rec.add(ev)
	c.afterAction(p, rec)
}

// afterAction spends a place's or a kick's action: the last one ends the
// turn at once; otherwise the highlight restarts from here.
func (c *core) afterAction(p *Params, rec *recorder) {
	c.actions--
	c.acted = true
	if c.actions == 0 {
		c.endTurn(p, rec)
		return
	}
	c.anchor, c.budget = c.at[c.toMove], c.actions
}

// kick is section 5. It reports whether the kick ended the game (death by
// ice), in which case nothing else happens, not even the action's cost.
func (c *core) kick(rec *recorder) bool {
	me := int(c.toMove)
	d := int(c.facing[me])
	f := c.front()
	rec.add(games.Event{Kind: EventKick, Seat: me, Piece: PiecePlayer, From: Square(int(c.at[me])), To: Square(f), Note: DirNames[d]})
	if t := c.thing[f]; t == Player1 || t == Player2 {
		other := int(t - Player1)
		to := Step(f, d)
		c.thing[f], c.thing[to] = Floor, t
		c.at[other] = int8(to)
		rec.add(games.Event{Kind: games.EventPush, Seat: other, Piece: PiecePlayer, From: Square(f), To: Square(to)})
		return false
	}
	last := Step(afterRun(&c.thing, f, d), Opposite(d))
	target := last
	for c.thing[Step(target, d)] == Floor {
		target = Step(target, d)
	}
	kind, v := c.thing[last], c.value[last]
	c.thing[last], c.value[last] = Floor, 0
	c.thing[target], c.value[target] = kind, v
	piece := PieceBomb
	if kind == Ice {
		piece = PieceIce
	}
	rec.add(games.Event{Kind: games.EventSlide, Seat: me, Piece: piece, From: Square(last), To: Square(target)})
	if kind != Ice {
		return false
	}
	impact := Step(target, d)
	victim := -1
	switch t := c.thing[impact]; t {
	case Ice:
		c.hitIce(impact, rec)
	case Player1, Player2:
		hit := int(t - Player1)
		c.hp[hit]--
		c.hurt = true
		rec.add(games.Event{Kind: games.EventHealth, Seat: hit, Piece: PiecePlayer, To: Square(impact), Value: int(c.hp[hit]), Note: "hit"})
		if c.hp[hit] <= 0 {
			victim = hit
		}
	}
	c.hitIce(target, rec)
	if victim < 0 {
		return false
	}
	c.die(victim, rec)
	c.status, c.winner = games.Win, int8(me)
	return true
}

// hitIce takes one health from the ice block on cell i, removing it at 0.
func (c *core) hitIce(i int, rec *recorder) {
	c.value[i]--
	rec.add(games.Event{Kind: games.EventHealth, Seat: -1, Piece: PieceIce, To: Square(i), Value: int(c.value[i]), Note: "hit"})
	if c.value[i] <= 0 {
		c.thing[i], c.value[i] = Floor, 0
		rec.add(games.Event{Kind: games.EventRemove, Seat: -1, Piece: PieceIce, From: Square(i)})
	}
}

// die removes a player from the map.
func (c *core) die(seat int, rec *recorder) {
	at := int(c.at[seat])
	c.thing[at] = Floor
	c.at[seat] = -1
	rec.add(games.Event{Kind: games.EventEliminate, Seat: seat, Piece: PiecePlayer, From: Square(at)})
}

// endTurn is section 6: the other seat gets a full budget, then the tick.
func (c *core) endTurn(p *Params, rec *recorder) {
	rec.add(games.Event{Kind: EventEndTurn, Seat: int(c.toMove)})
	c.toMove = 1 - c.toMove
	c.actions = int32(p.Actions)
	c.acted = false
	c.turn++
	c.tick(rec)
	c.countCalm()
	if c.status == games.Ongoing {
		c.startTurn()
	}
}

// CalmDraw is section 6's draw: a game in which this many turns in a row
// end with no player losing health is a draw ("no one was hurt in 200
// turns"). Some rule sets could go on forever without it (two Freezers
// with one action a turn and ice of health 1 can never hurt each other).
const CalmDraw = 200

// countCalm counts the turn that just ended (its tick done) towards
// CalmDraw, or starts the count again if a player lost health in it. Only
// kicked ice takes health while the game goes on: a blast ends it, and a
// kicked player loses none.
func (c *core) countCalm() {
	if c.hurt {
		c.calm = 0
	} else {
		c.calm++
	}
	c.hurt = false
	if c.status == games.Ongoing && c.calm >= CalmDraw {
		c.status = games.Draw
	}
}

// tick melts the ice, counts the bombs down and explodes those at 0 with
// every bomb their blasts reach, then decides the result.
func (c *core) tick(rec *recorder) {
	var bombs uint64
	for _, i := range floorCells {
		switch c.thing[i] {
		case Ice:
			c.value[i]--
			rec.add(games.Event{Kind: games.EventHealth, Seat: -1, Piece: PieceIce, To: Square(i), Value: int(c.value[i]), Note: "melt"})
			if c.value[i] <= 0 {
				c.thing[i], c.value[i] = Floor, 0
				rec.add(games.Event{Kind: games.EventRemove, Seat: -1, Piece: PieceIce, From: Square(i)})
			}
		}
	}
	var due uint64
	for _, i := range floorCells {
		if c.thing[i] == Bomb {
			c.value[i]--
			bombs |= 1 << i
			if c.value[i] <= 0 {
				due |= 1 << i
			}
			rec.add(games.Event{Kind: EventFuse, Seat: -1, Piece: PieceBomb, To: Square(i), Value: int(c.value[i])})
		}
	}
	if due == 0 {
		return
	}
	detonating, blast := Detonate(due, bombs)
	if rec != nil {
		for _, i := range floorCells {
			if detonating&(1<<i) != 0 {
				for _, x := range crossCells[i] {
					rec.add(games.Event{Kind: games.EventBlast, Seat: -1, Piece: PieceBomb, From: Square(i), To: Square(x.Cell), Delay: x.Dist})
				}
			}
		}
	}
	for _, i := range floorCells {
		if blast&(1<<i) == 0 {
			continue
		}
		switch c.thing[i] {
		case Bomb, Ice:
			piece := PieceBomb
			if c.thing[i] == Ice {
				piece = PieceIce
			}
			c.thing[i], c.value[i] = Floor, 0
			rec.add(games.Event{Kind: games.EventRemove, Seat: -1, Piece: piece, From: Square(i)})
		}
	}
	dead := [2]bool{}
	for seat := 0; seat < 2; seat++ {
		if at := c.at[seat]; at >= 0 && blast&(1<<at) != 0 {
			dead[seat] = true
			c.die(seat, rec)
		}
	}
	switch {
	case dead[0] && dead[1]:
		c.status = games.Draw
	case dead[0] || dead[1]:
		c.status = games.Win
		c.winner = 0
		if dead[0] {
			c.winner = 1
		}
	}
}

// Detonate is the chain reaction of section 6: starting from the bombs in
// due, every bomb (of bombs) on the cross of a detonating bomb detonates
// too. It returns the detonating bombs and the blast, the union of their
// crosses (bit sets of cells).
func Detonate(due, bombs uint64) (detonating, blast uint64) {
	detonating = due
	done := uint64(0)
	for todo := due; todo != 0; todo = detonating &^ done {
		for t := todo; t != 0; t &= t - 1 {
			blast |= crossMask[bits.TrailingZeros64(t)]
		}
		done |= todo
		detonating |= bombs & blast
	}
	return detonating, blast
}

func (s *State) Outcome() games.Outcome {
	switch s.c.status {
	case games.Win:
		w := int(s.c.winner)
		return games.Outcome{Status: games.Win, Winners: []int{w}, Reason: "the other player was " + s.deathWord(1-w)}
	case games.Draw:
		if s.CalmDrawn() {
			return games.Outcome{Status: games.Draw, Reason: calmReason}
		}
		return games.Outcome{Status: games.Draw, Reason: "both players were hit"}
	}
	return games.Outcome{}
}

var calmReason = fmt.Sprintf("no one was hurt in %d turns", CalmDraw)

// deathWord says how a dead player died: ice leaves them at 0 health.
func (s *State) deathWord(seat int) string {
	if s.c.hp[seat] <= 0 {
		return "knocked out by ice"
	}
	return "caught in a blast"
}

// Hash identifies the position: the map, the players, the budget and the
// count towards the draw by CalmDraw turns without a hit. The highlight's
// anchor and the turn count are not part of it.
func (s *State) Hash() uint64 {
	c := &s.c
	return mix(s.TurnKey() ^ uint64(c.facing[0])<<1 ^ uint64(c.facing[1])<<3)
}

// TurnKey identifies the position up to the players' facings, which cost
// nothing to change: two ways through a turn that differ only in turning
// reach the same key (the bots' searches merge them). Like Hash, it holds
// the count towards CalmDraw.
func (s *State) TurnKey() uint64 {
	c := &s.c
	// Every field gets bits of its own before a mix: fields sharing bits
	// would cancel out (cell 31 with 1 action left and cell 23 with 3).
	h := mix(0x9E3779B97F4A7C15 ^ uint64(c.toMove) ^ uint64(uint32(c.actions))<<8 ^ uint64(c.status)<<40 ^ uint64(c.winner)<<48)
	for seat := 0; seat < 2; seat++ {
		h = mix(h ^ uint64(uint8(c.at[seat])) ^ uint64(uint32(c.hp[seat]))<<8)
	}
	for _, i := range floorCells {
		if t := c.thing[i]; t == Bomb || t == Ice {
			h = mix(h ^ uint64(i) ^ uint64(t)<<8 ^ uint64(uint32(c.value[i]))<<16)
		}
	}
	hurt := uint64(0)
	if c.hurt {
		hurt = 1 << 32
	}
	return mix(h ^ uint64(uint32(c.calm)) ^ hurt)
}

func mix(h uint64) uint64 {
	h *= 0xBF58476D1CE4E5B9
	h ^= h >> 31
	h *= 0x94D049BB133111EB
	return h ^ h>>29
}

func (s *State) MoveString(seat int, m games.Move) string {
	switch {
	case m >= 0 && m < 4:
		return "move " + DirNames[m]
	case m >= 4 && m < 8:
		return "face " + DirNames[m-4]
	case m == Place:
		return "place"
	case m == Kick:
		return "kick"
	case m == End:
		return "end"
	}
	return "?"
}

// ParseToken reads an action token without checking that it is legal.
func ParseToken(token string) (games.Move, error) {
	switch token {
	case "place":
		return Place, nil
	case "kick":
		return Kick, nil
	case "end":
		return End, nil
	}
	if len(token) == 6 && token[4] == ' ' {
		if d, ok := parseDir(token[5:]); ok {
			switch token[:4] {
			case "move":
				return MoveTo(d), nil
			case "face":
				return FaceTo(d), nil
			}
		}
	}
	return games.NoMove, games.Refuse("%q is not an action: write move N, face E (directions N, E, S, W), place, kick or end.", token)
}

func (s *State) ParseMove(seat int, token string) (games.Move, error) {
	if s.c.status != games.Ongoing {
		return games.NoMove, games.ErrGameOver
	}
	m, err := ParseToken(token)
	if err != nil {
		return games.NoMove, err
	}
	if seat != int(s.c.toMove) {
		return games.NoMove, games.ErrNotYourTurn
	}
	if err := s.c.check(m); err != nil {
		return games.NoMove, fmt.Errorf("%s: %w", token, err)
	}
	return m, nil
}

func (s *State) Clone() games.State { c := *s; return &c }

// Turn is the number of completed turns (games.TurnCounter).
func (s *State) Turn() int { return int(s.c.turn) }

// MidTurn reports whether the seat to move has already acted this turn
// (games.MidTurner).
func (s *State) MidTurn() bool { return s.c.status == games.Ongoing && s.c.acted }
