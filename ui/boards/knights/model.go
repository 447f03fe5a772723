// Package knights is the knights board (knights.md sections 11 and 12):
// the knights in their seats' colours with their letters, the burnt
// trails, the obstacles, the legal jumps of the person picking as amber
// dots, fog outside the view of the seat the device shows, the turn's
// joint resolution animated from the game's events (jumps, bounces,
// eliminations, the closing ring) and the pick countdown.
//
// With one person at the table a tap on a dot picks that square; when
// several people pick in the same turn (each behind the game screen's
// hand-over cover) a tap selects and Confirm commits, so a slip of the
// finger is never sent. Tab or Right selects the next jump in jump order,
// Shift+Tab or Left the one before, Enter or Space confirm, Escape drops
// the selection.
//
// model.go holds, without Fyne, what is drawn, what a tap, a key or a
// long press means and the turn told as a story from the events; render.go
// draws it, input.go reads the pointer and keys, anim.go plays the story.
package knights

import (
	"fmt"
	"slices"
	"strings"

	"github.com/tabulagames/tabula/games"
	game "github.com/tabulagames/tabula/games/knights"
	"github.com/tabulagames/tabula/internal/words"
	"github.com/tabulagames/tabula/ui/frame"
)

// Squares are numbered rank*N+file, a1 = 0 and rank 0 the bottom rank as
// drawn, as on every board's grid; the game's move codes count from the
// top rank (sq and move convert).

// Cell is what a square shows.
type Cell struct {
	Kind game.SquareKind
	Seat int  // the trail's or the knight's seat, else -1
	Fog  bool // outside the view the device shows: drawn as fog
}

// Reply is what a tap or a key means: a token for the host to submit, or
// a refusal in a player's words with the square to flash (-1 none); the
// zero-token, no-refusal Reply only changed the selection.
type Reply struct {
	Token   string
	Refusal string
	Square  int
}

var none = Reply{Square: -1}

// Model is the board's state: the shown position and what the person
// picking on this device has selected.
type Model struct {
	St      *game.State // the shown position (the device seat's view)
	N       int
	Cells   []Cell
	Knights []int  // by seat: the knight's square, -1 when it is in the fog
	Out     []bool // by seat: eliminated (drawn greyed)
	Names   []string
	Winners []int // the winners once the game is over: a gold glow
	Fogged  bool  // some squares are in the fog

	Device   int        // whose view is drawn, -1 nobody's (fog everywhere)
	Picker   int        // the seat picking on this device now, -1 none
	Input    bool       // a person may pick now
	Confirm  bool       // several people pick this turn: select, then Confirm
	Legal    []int      // the picker's jumps, in jump order
	Selected int        // the selected square, -1 none
	Hint     int        // the hinted square, -1 none
	Last     []int      // where knights landed in the last turn: soft rings
	Clashes  []int      // the squares contested in the last turn: red rings
	Note     string     // the line under the board
	Brief    string     // the same without what to do, for a phone
	Board    []Standing // the scoreboard: every seat by score
	Over     *Over      // the game-over overlay, nil while the game runs or the past is shown
	Showing  bool       // everyone looks at the turn just played, until Continue

	pickKey  [2]int // the view and the picker the selection belongs to
	waiting  string // who the turn waits for, when the device has picked
	viewing  bool
	blocked  string // why no person may pick, "" when one may (or the device is being handed over)
	handOver string // the person the device waits to be handed to, if any
}

// NewModel is a board with nothing shown.
func NewModel() Model {
	return Model{Device: -1, Picker: -1, Selected: -1, Hint: -1, pickKey: [2]int{-1, -1}}
}

// seatWord is a seat's colour name (knights.md section 2).
func seatWord(seat int) string { return game.SeatNames[seat%len(game.SeatNames)] }

// Letter is the letter of a seat's knight: A, B, C, D.
func Letter(seat int) string { return string(rune('A' + seat)) }

// TrailLetter is the letter of a seat's trail: a, b, c, d.
func TrailLetter(seat int) string { return string(rune('a' + seat)) }

// sq is the board square of a game move code.
func (m *Model) sq(mv games.Move) int {
	f, r := m.St.Coords(mv)
	return r*m.N + f
}

// move is the game move code of a board square.
func (m *Model) move(sq int) games.Move { return m.St.SquareAt(sq%m.N, sq/m.N) }

// Name is a square's name: "d5".
func (m *Model) Name(sq int) string { return games.SquareName(sq%m.N, sq/m.N) }

// squareOf reads a square name of the events ("" or a bad name: -1).
func (m *Model) squareOf(name string) int { return frame.SquareOf(name, m.N) }

// who names a seat by its colour and its player: "Ice blue (Ben)".
func (m *Model) who(seat int) string {
	if seat < len(m.Names) && m.Names[seat] != "" {
		return seatWord(seat) + " (" + m.Names[seat] + ")"
	}
	return seatWord(seat)
}

// Load copies the frame's shown position: the squares (fogged outside
// the device seat's view), the knights, whose pick it is, the last turn's
// marks and the line under the board. A selection survives a redraw of
// the same pick and is dropped when the pick changes.
func (m *Model) Load(f *frame.Frame) {
	st := f.Shown.(*game.State)
	m.St, m.N = st, st.Size()
	m.Names = m.Names[:0]
	for _, seat := range f.Seats {
		m.Names = append(m.Names, seat.Name)
	}
	waiting := f.HandOver >= 0
	m.Device = f.DeviceSeat
	m.handOver = ""
	if waiting {
		m.Device = -1 // the device waits to be handed over: nobody's view
		m.handOver = m.who(f.HandOver)
	}
	m.loadCells(f)
	m.Picker = f.Acting
	m.Input = m.Picker >= 0 && !waiting
	m.Confirm = f.HumansAtOnce > 1
	m.Legal = m.Legal[:0]
	if m.Input {
		for _, mv := range st.Legal(m.Picker) {
			m.Legal = append(m.Legal, m.sq(mv))
		}
	}
	key := [2]int{f.View, m.Picker}
	if key != m.pickKey || !m.Input || m.legalIndex(m.Selected) < 0 {
		m.Selected = -1 // at every pick the choice starts afresh
	}
	m.pickKey = key
	m.Hint = -1
	if h := f.Hint; h != nil && m.Input && h.Seat == m.Picker {
		m.Hint = m.sq(h.Move)
	}
	m.Winners = nil
	if out := st.Outcome(); out.Over() {
		m.Winners = out.Winners
	}
	m.viewing = f.Viewing
	m.Showing = f.ShowingTurn
	m.blocked = ""
	if f.WhyNot != nil {
		m.blocked = f.WhyNot.Error()
	}
	m.waiting = m.waitingFor(f)
	m.Last, m.Clashes = m.lastMarks(f)
	m.Note, m.Brief = m.note(f)
	m.Board = m.standings(f)
	m.Over = m.over(f)
}

// loadCells fills the squares and the knights. Under fog only the device
// seat's view shows; with no device seat (a shared screen between two
// secret picks) nothing does, whatever the position holds. An eliminated
// seat sees the whole board.
func (m *Model) loadCells(f *frame.Frame) {
	st, n := m.St, m.N
	m.Cells = make([]Cell, n*n)
	m.Fogged = st.Masked() // the shown position is a fogged seat's view
	for sq := range m.Cells {
		if st.Unseen(m.move(sq)) {
			m.Cells[sq] = Cell{Kind: game.Empty, Seat: -1, Fog: true}
			continue
		}
		kind, seat := st.Square(m.move(sq))
		m.Cells[sq] = Cell{Kind: kind, Seat: seat}
	}
	m.Knights = make([]int, st.Seats())
	m.Out = make([]bool, st.Seats())
	for seat := range m.Knights {
		m.Out[seat] = !st.Alive(seat)
		m.Knights[seat] = -1
		if mv := st.KnightAt(seat); mv != games.NoMove && !m.Cells[m.sq(mv)].Fog {
			m.Knights[seat] = m.sq(mv)
		}
	}
}

// Visible reports whether a square is on the board and not in the fog.
func (m *Model) Visible(sq int) bool { return sq >= 0 && sq < len(m.Cells) && !m.Cells[sq].Fog }

// legalIndex is the place of sq among the picker's jumps, or -1.
func (m *Model) legalIndex(sq int) int {
	for i, l := range m.Legal {
		if l == sq {
			return i
		}
	}
	return -1
}

// IsLegal reports whether sq is a jump of the person picking.
func (m *Model) IsLegal(sq int) bool { return m.legalIndex(sq) >= 0 }

// waitingFor names who the turn still waits for, when the device's
// people have all picked: "Computer (mobility)".
func (m *Model) waitingFor(f *frame.Frame) string {
	if m.Input || m.handOver != "" || f.Viewing || f.Over() || f.ShowingTurn {
		return ""
	}
	var names []string
	for _, seat := range f.Pending {
		names = append(names, m.who(seat))
	}
	return words.JoinAnd(names)
}

// lastMarks are the squares of the last turn worth a mark that the
// device may see: where knights landed, and where they collided.
func (m *Model) lastMarks(f *frame.Frame) (landed, clashes []int) {
	st := m.Story(f.Events)
	return st.Landed, st.Clashes
}

// note is the line under the board: the turn, what to do or who the turn
// waits for (or, while everyone looks at the turn just played, what it
// did), the next shrink, and the game's seed (always shown, so a game
// can be set up again); brief leaves out what to do, for a phone.
func (m *Model) note(f *frame.Frame) (note, brief string) {
	st := m.St
	turn := fmt.Sprintf("Turn %d", st.Turn()+1)
	doing := ""
	switch {
	case st.Outcome().Over() || f.Ending != nil && !m.viewing:
		turn = fmt.Sprintf("Game over after %d %s", st.Turn(), words.Plural(st.Turn(), "turn", "turns"))
		if f.Ending != nil && !m.viewing && len(m.Names) == 2 {
			// Who gave up, or that both agreed: on a phone the panel's
			// headline is below the fold.
			turn = frame.People{Names: m.Names}.Ended(f.Ending) + " " + turn
		}
	case m.viewing:
		turn += " (looking back)"
	case m.Input && m.Confirm:
		doing = ": " + m.who(m.Picker) + ", select a square with a dot, then Confirm"
	case m.Input:
		doing = ": " + m.who(m.Picker) + ", choose a square with a dot"
	case f.ShowingTurn:
		// Everyone looks at the turn just played (the screen offers
		// Continue): it is told as the move list tells it to them.
		shown := -2
		if m.Fogged {
			shown = m.Device
		}
		turn = fmt.Sprintf("Turn %d: %s", st.Turn(), JointMoveText(f, f.View-1, shown))
	case m.handOver != "":
		doing = ": " + m.handOver + " picks next"
	case m.waiting != "":
		doing = ": waiting for " + m.waiting
	}
	var tail []string
	if k := st.ShrinkIn(); k > 0 && !st.Outcome().Over() {
		if k == 1 {
			tail = append(tail, "the outer ring closes after this turn")
		} else {
			tail = append(tail, fmt.Sprintf("the outer ring closes in %d turns", k))
		}
	}
	if !f.NoSeed {
		tail = append(tail, fmt.Sprintf("seed %d", f.Seed))
	}
	return strings.Join(append([]string{turn + doing}, tail...), " · "), strings.Join(append([]string{turn}, tail...), " · ")
}

// ---- what input means ----

// pick sends the selected square; the selection stays, so a refused pick
// leaves it where it was.
func (m *Model) pick() Reply {
	return Reply{Token: m.Name(m.Selected), Square: m.Selected}
}

// Tap is a tap on square sq: on a dot it picks (one person) or selects
// and deselects (several people, who then confirm); elsewhere it is
// refused with the rules' reason.
func (m *Model) Tap(sq int) Reply {
	if sq < 0 || sq >= len(m.Cells) {
		return none
	}
	if !m.Input {
		return m.notNow()
	}
	if !m.IsLegal(sq) {
		return Reply{Refusal: m.refusal(sq), Square: sq}
	}
	switch {
	case !m.Confirm:
		m.Selected = sq
		return m.pick()
	case m.Selected == sq:
		m.Selected = -1
	default:
		m.Selected = sq
	}
	return none
}

// viewingPast is the session's refusal while an earlier position is
// shown (session.ErrViewingPast, which the board does not import): a tap
// on an earlier position says so even when the game is over, where the
// frame's WhyNot says only that it is over.
const viewingPast = "You are looking at an earlier position: go back to the game to move."

// notNow says why nobody may pick now: an earlier position is shown, the
// device's person has picked, the game is over, or only computers play.
func (m *Model) notNow() Reply {
	switch {
	case m.viewing:
		return Reply{Refusal: viewingPast, Square: -1}
	case m.waiting != "":
		return Reply{Refusal: "You have picked: waiting for " + m.waiting + ".", Square: -1}
	}
	return Reply{Refusal: m.blocked, Square: -1}
}

// refusal says why the picker may not jump to sq, in the rules' words.
func (m *Model) refusal(sq int) string {
	if m.Cells[sq].Fog {
		return m.Name(sq) + " is in the fog, out of your knight's reach."
	}
	if m.Knights[m.Picker] == sq {
		return "That is your knight: choose one of the squares with a dot."
	}
	if _, err := m.St.ParseMove(m.Picker, m.Name(sq)); err != nil {
		return err.Error()
	}
	return "Choose one of the squares with a dot."
}

// Step selects the next jump in jump order (dir 1: Tab or Right) or the
// one before (dir -1: Shift+Tab or Left), wrapping; the first press of a
// pick selects the first (or the last) jump. False when nobody picks.
func (m *Model) Step(dir int) bool {
	if !m.Input || len(m.Legal) == 0 {
		return false
	}
	i := m.legalIndex(m.Selected)
	switch {
	case i < 0 && dir > 0:
		i = 0
	case i < 0:
		i = len(m.Legal) - 1
	default:
		i = (i + dir + len(m.Legal)) % len(m.Legal)
	}
	m.Selected = m.Legal[i]
	return true
}

// Enter confirms the selection (Enter, Space or the Confirm button);
// false when nobody picks.
func (m *Model) Enter() (Reply, bool) {
	if !m.Input {
		return none, false
	}
	if m.Selected < 0 {
		return Reply{Refusal: "Select a square first: tap a dot, or press Tab or the arrow keys.", Square: -1}, true
	}
	return m.pick(), true
}

// Escape drops the selection; false when there was none, so the screen
// may go back.
func (m *Model) Escape() bool {
	if m.Selected < 0 {
		return false
	}
	m.Selected = -1
	return true
}

// Selection is the token Confirm would send, "" when nothing is selected
// or nobody picks. The board tells it to its host as it changes: if the
// person's pick time runs out, the session picks it (with none, the first
// jump in jump order).
func (m *Model) Selection() string {
	if !m.Input || m.Selected < 0 {
		return ""
	}
	return m.Name(m.Selected)
}

// CanConfirm reports whether the Confirm button is enabled.
func (m *Model) CanConfirm() bool { return m.Input && m.Selected >= 0 }

// TimerTone is the colour of the pick countdown's bar at a fraction of
// its time left (knights.md 12): 0 amber above half, 1 orange above a
// quarter, 2 red below.
func TimerTone(left float64) int {
	switch {
	case left > 0.5:
		return 0
	case left > 0.25:
		return 1
	}
	return 2
}

// SeatNote is a seat's standing for the side panel: "12 squares", "out,
// 9 squares" (scores and who is out are public, even under fog).
func (m *Model) SeatNote(seat int) string {
	if m.St == nil || seat < 0 || seat >= len(m.Out) {
		return ""
	}
	n := m.St.Score(seat)
	text := fmt.Sprintf("%d %s", n, words.Plural(n, "square", "squares"))
	if m.Out[seat] {
		return "out, " + text
	}
	return text
}

// ---- what a long press and a screen reader say ----

// what names a square's content: "empty", "an obstacle", "Amber's trail",
// "Ice blue's knight", "fog".
func (m *Model) what(sq int) string {
	c := m.Cells[sq]
	switch {
	case c.Fog:
		return "fog"
	case c.Kind == game.Obstacle:
		return "an obstacle"
	case c.Kind == game.Trail:
		return seatWord(c.Seat) + "'s trail"
	case c.Kind == game.Knight && m.Out[c.Seat]:
		return seatWord(c.Seat) + "'s knight, out"
	case c.Kind == game.Knight:
		return seatWord(c.Seat) + "'s knight"
	}
	return "empty"
}

// Spoken names square sq for screen readers: "d5, Amber's trail",
// "c3, empty, a jump for you, selected".
func (m *Model) Spoken(sq int) string {
	text := m.Name(sq) + ", " + m.what(sq)
	if m.IsLegal(sq) {
		text += ", a jump for you"
	}
	if sq == m.Selected {
		text += ", selected"
	}
	return text
}

// Explain says what is on square sq (a right-click or a long press).
func (m *Model) Explain(sq int) string {
	if sq < 0 || sq >= len(m.Cells) {
		return ""
	}
	name, c := m.Name(sq), m.Cells[sq]
	switch {
	case c.Fog:
		return name + " is in the fog: your knight sees only the squares one or two jumps from it."
	case c.Kind == game.Obstacle:
		return name + ": an obstacle. No knight can ever enter it."
	case c.Kind == game.Trail:
		return fmt.Sprintf("%s: %s's trail. %s stood here; the square stays blocked.", name, seatWord(c.Seat), m.who(c.Seat))
	case c.Kind == game.Knight:
		return m.explainKnight(name, c.Seat)
	case m.IsLegal(sq):
		return name + ": empty. Your knight can jump here."
	}
	return name + ": empty."
}

// explainKnight tells a knight's player, squares and moves; under fog the
// moves of other seats' knights stay hidden (knights.md 10.2).
func (m *Model) explainKnight(name string, seat int) string {
	score := m.St.Score(seat)
	text := fmt.Sprintf("%s: %s's knight, %d %s", name, m.who(seat), score, words.Plural(score, "square", "squares"))
	switch {
	case m.Out[seat]:
		return text + ", out of the game."
	case m.Fogged && seat != m.Device:
		return text + "." // another seat's moves stay hidden under fog
	}
	mob := m.St.Mobility(seat)
	return text + fmt.Sprintf(", %d %s now.", mob, words.Plural(mob, "jump", "jumps"))
}

// ---- the last turn as a story ----

// Slide is a knight moving in the story: a jump, or a bounce towards a
// contested square and back.
type Slide struct {
	Seat, From, To int
	Bounce         bool
}

// Story is what the last turn did that the device may see, in the order
// it is told: the knights jump or bounce, the landings and collisions
// flash, the closing ring's squares appear, the eliminated knights shake.
type Story struct {
	Slides  []Slide
	Landed  []int // where knights landed
	Clashes []int // the contested squares, each once
	Closed  []int // squares the shrinking board closed
	Out     []int // seats eliminated whose knight shows
	Says    []string
}

// Empty reports whether there is nothing to animate.
func (st Story) Empty() bool {
	return len(st.Slides) == 0 && len(st.Clashes) == 0 && len(st.Closed) == 0 && len(st.Out) == 0
}

// Story tells a turn's events as far as the device sees them, in motion
// and in words (the jumps, the bounces, the closing ring, who is out): a
// jump shows when both its squares are in view, a landing or a collision
// when its square is; an elimination is public (scores and who is alive
// always are) and is told in words even when the knight is in the fog.
func (m *Model) Story(events []games.Event) Story {
	var st Story
	var jumps []string
	clash := map[int][]int{} // contested square -> seats
	for _, e := range events {
		from, to := m.squareOf(e.From), m.squareOf(e.To)
		switch e.Kind {
		case games.EventMove:
			if m.Visible(from) && m.Visible(to) {
				st.Slides = append(st.Slides, Slide{Seat: e.Seat, From: from, To: to})
			}
			if m.Visible(to) {
				st.Landed = append(st.Landed, to)
				jumps = append(jumps, m.who(e.Seat)+" to "+m.Name(to))
			}
		case games.EventCollision:
			if !m.Visible(to) {
				continue
			}
			if m.Visible(from) {
				st.Slides = append(st.Slides, Slide{Seat: e.Seat, From: from, To: to, Bounce: true})
			}
			if clash[to] == nil {
				st.Clashes = append(st.Clashes, to)
			}
			clash[to] = append(clash[to], e.Seat)
		case game.EventShrink:
			if m.Visible(to) {
				st.Closed = append(st.Closed, to)
			}
		case games.EventEliminate:
			if m.Visible(from) {
				st.Out = append(st.Out, e.Seat)
			}
			st.Says = append(st.Says, fmt.Sprintf("%s is out with %d %s.", m.who(e.Seat), e.Value, words.Plural(e.Value, "square", "squares")))
		}
	}
	var says []string
	if len(jumps) > 0 {
		says = append(says, "Jumps: "+words.JoinAnd(jumps)+".")
	}
	for _, sq := range st.Clashes {
		var who []string
		for _, seat := range clash[sq] {
			who = append(who, m.who(seat))
		}
		// Under fog a view tells only the knights in sight that aimed
		// there: maybe one.
		says = append(says, fmt.Sprintf("Collision on %s! %s %s back.", m.Name(sq), words.JoinAnd(who), words.Plural(len(who), "bounces", "bounce")))
	}
	if len(st.Closed) > 0 {
		says = append(says, fmt.Sprintf("The outer ring closes: %d %s blocked.", len(st.Closed), words.Plural(len(st.Closed), "square is", "squares are")))
	}
	st.Says = append(says, st.Says...)
	return st
}

// StartText announces a new game: the board, the seed and where the
// knights the device sees stand ("Knights on 8 x 8, seed 42: Amber (Ana)
// on b7 and Ice blue (Computer) on g2.").
func (m *Model) StartText(seed int64, noSeed bool) string {
	var at []string
	for seat, sq := range m.Knights {
		if sq >= 0 {
			at = append(at, m.who(seat)+" on "+m.Name(sq))
		}
	}
	text := fmt.Sprintf("Knights on %d x %d, seed %d", m.N, m.N, seed)
	if noSeed {
		text = fmt.Sprintf("Knights on %d x %d", m.N, m.N)
	}
	if len(at) > 0 {
		text += ": " + words.JoinAnd(at)
	}
	return text + "."
}

// ---- the scoreboard and the game-over table ----

// Standing is one seat on the scoreboard and in the game-over table.
type Standing struct {
	Seat    int
	Who     string // "Amber (Ana)"
	Name    string // "Ana"
	Human   bool
	Squares int
	Jumps   int // legal jumps now (the mobility bar), -1 hidden by the fog
	Out     bool
	Won     bool
}

// standings are the seats by score, most squares first (ties in seat
// order). Under fog the other seats' jumps stay hidden (knights.md 10.2);
// scores and who is out are public.
func (m *Model) standings(f *frame.Frame) []Standing {
	win := map[int]bool{}
	for _, w := range m.Winners {
		win[w] = true
	}
	out := make([]Standing, m.St.Seats())
	for seat := range out {
		jumps := -1
		if !m.Fogged || seat == m.Device {
			jumps = m.St.Mobility(seat)
		}
		if m.Out[seat] {
			jumps = 0
		}
		out[seat] = Standing{Seat: seat, Who: m.who(seat), Name: f.Seats[seat].Name, Human: f.Seats[seat].Human(), Squares: m.St.Score(seat),
			Jumps: jumps, Out: m.Out[seat], Won: win[seat]}
	}
	slices.SortStableFunc(out, func(a, b Standing) int {
		if a.Squares != b.Squares {
			return b.Squares - a.Squares
		}
		return wonFirst(a) - wonFirst(b) // equal squares: the winners first
	})
	return out
}

func wonFirst(r Standing) int {
	if r.Won {
		return 0
	}
	return 1
}

// Over is the game-over overlay (knights.md 12): a headline for the
// people at the device, who won with how many squares, why when the
// stall rule ended it, and every seat by score.
type Over struct {
	Title string // "Victory", "Defeated", "Shared win", "Game over"
	Line  string // "Amber (Ana) wins with 14 squares"
	Why   string // "Stall - decided on squares", or ""
	Rows  []Standing
}

// Result is a row's result in words: "winner", "out" or "standing".
func (r Standing) Result() string {
	switch {
	case r.Won:
		return "winner"
	case r.Out:
		return "out"
	}
	return "standing"
}

// over is the overlay of a finished game: "Victory" when a person at the
// device won, "Defeated" when a computer did, "Shared win" for several
// winners; a game of computers alone is simply over.
func (m *Model) over(f *frame.Frame) *Over {
	out := m.St.Outcome()
	if !out.Over() || m.viewing {
		return nil
	}
	o := &Over{Title: "Game over", Rows: m.Board}
	var who []string
	humanWon := false
	for _, w := range out.Winners {
		who = append(who, m.who(w))
		humanWon = humanWon || f.Seats[w].Human()
	}
	squares := 0
	if len(out.Winners) > 0 {
		squares = m.St.Score(out.Winners[0])
	}
	sq := fmt.Sprintf("%d %s", squares, words.Plural(squares, "square", "squares"))
	switch {
	case m.St.Seats() == 1:
		o.Line = fmt.Sprintf("%s lasted %s", who[0], sq)
	case len(who) > 1:
		o.Title, o.Line = "Shared win", fmt.Sprintf("%s share the win with %s", words.JoinAnd(who), sq)
	case humanWon:
		o.Title, o.Line = "Victory", fmt.Sprintf("%s wins with %s", who[0], sq)
	case f.HasHuman:
		o.Title, o.Line = "Defeated", fmt.Sprintf("%s wins - %s", who[0], sq)
	default:
		o.Line = fmt.Sprintf("%s wins with %s", who[0], sq)
	}
	if m.St.Stalled() {
		o.Why = "Stall - decided on squares: no knight could jump for three turns"
	}
	return o
}

// Announcement is the finished game in one sentence, as the screen
// tells it when the game ends: "Victory - Amber (Ana) wins with 14
// squares."
func (o *Over) Announcement() string {
	text := o.Title + " - " + o.Line
	if o.Why != "" {
		text += ". " + o.Why
	}
	return text + "."
}
