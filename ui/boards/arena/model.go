// Package arena is the Bomber vs Freezer board (rules/arena.md section 9):
// the walled map, the players in their seat colours with a facing arrow
// and a glow on the seat to move, the reachable highlight, bombs with
// their timers, ice with its health, and the turn's slides, hits and
// explosions played from the game's events.
//
// Arrows turn the player, or step when it already faces that way; Space
// kicks when something is in front, else places; Enter ends the turn;
// Backspace takes back the last action of this turn. A tap on a free
// neighbour turns and steps there, a tap on the thing in front kicks it,
// a tap on another neighbour turns towards it. Buttons under the board do
// the same for touch screens.
//
// model.go holds what the board shows and what input means, without
// Fyne; words.go tells actions, results and hints in words, and story.go
// times the animation of an action from its events (both also without
// Fyne); render.go draws, input.go reads taps and keys, anim.go runs the
// story.
package arena

import (
	"errors"
	"fmt"
	"strings"

	"github.com/tabulagames/tabula/games"
	game "github.com/tabulagames/tabula/games/arena"
	"github.com/tabulagames/tabula/ui/frame"
)

// Cells are numbered as in the game: rank*7 + file (a1 = 0, g7 = 48);
// -1 means none.

// dirWords name the directions N, S, W, E for people.
var dirWords = [4]string{"north", "south", "west", "east"}

// Reply is what a tap, a key or a button means: tokens for the host to
// submit in order, taking back the last action, or a refusal in a
// player's words with the cell to flash (-1 none). The zero Reply does
// nothing.
type Reply struct {
	Tokens  []string
	Undo    bool
	Refusal string
	Cell    int
}

func refuse(cell int, why string) Reply { return Reply{Refusal: why, Cell: cell} }

func play(tokens ...string) Reply { return Reply{Tokens: tokens, Cell: -1} }

// Model is the board's state: the position shown, whose turn it is, the
// highlights and the line of words under the board.
type Model struct {
	St      *game.State
	Mover   int              // the seat to move, -1 once the game is over
	Over    bool             // the game has ended, by its rules, a resignation or an agreed draw, and its end is shown
	Input   bool             // a person may act now
	Blocked string           // why not, in a player's words, when !Input
	Undo    bool             // the person to move has acted this turn: an action can be taken back
	NoUndo  string           // why an action of this turn cannot be taken back (online: the others saw it), or ""
	Reach   [game.Cells]bool // the cells the mover can still reach this turn (section 9)
	Visited [game.Cells]bool // the cells the mover stood on this turn (shaded)
	Scorch  [game.Cells]bool // the blast of the last end of turn
	Fallen  [2]int           // where each dead player fell, -1 alive or unknown
	Hint    int              // the cell the hint points at, -1 none
	Names   [2]string        // "Ana (X, Bomber)"
	Line    string           // the words under the board
}

// SeatWord names a seat by the colour of its piece (an amber square, a
// blue circle): the one name of an arena seat on the board, in the side
// panel and in the New game dialog.
func SeatWord(seat int) string { return [2]string{"Amber", "Blue"}[seat%2] }

// NewModel is a model before anything is loaded.
func NewModel() Model {
	return Model{Mover: -1, Hint: -1, Fallen: [2]int{-1, -1}}
}

// Load copies the frame's shown position, its highlights and the words
// under the board.
func (m *Model) Load(f *frame.Frame) {
	st := f.Shown.(*game.State)
	m.St = st
	m.Mover = frame.Mover(st)
	m.Over = f.Over() && !f.Viewing
	m.Input, m.Blocked = true, ""
	if err := f.WhyNot; err != nil {
		m.Input, m.Blocked = false, err.Error()
	}
	// Online the others have seen each action as it was played: nothing
	// is taken back (the session says why; the button is then disabled).
	m.Undo, m.NoUndo = m.Input && st.MidTurn() && f.UndoRefusal == nil, ""
	if f.UndoRefusal != nil {
		m.NoUndo = f.UndoRefusal.Error()
	}
	m.Reach, m.Visited = [game.Cells]bool{}, [game.Cells]bool{}
	for _, c := range st.Reachable() {
		m.Reach[c] = true
	}
	for _, c := range st.Visited() {
		m.Visited[c] = true
	}
	m.Scorch = [game.Cells]bool{}
	m.Fallen = [2]int{-1, -1}
	for _, e := range f.Events {
		switch e.Kind {
		case games.EventBlast:
			m.Scorch[cellOf(e.To)] = true
		case games.EventEliminate:
			m.Fallen[e.Seat] = cellOf(e.From)
		}
	}
	for seat := range m.Names {
		m.Names[seat] = fmt.Sprintf("%s (%s, %s)", f.Seats[seat].Name, SeatWord(seat), character(st.Character(seat)))
	}
	m.Hint = -1
	if h := f.Hint; h != nil && !f.Viewing && m.Mover >= 0 {
		m.Hint = m.hintCell(h.Token)
	}
	m.Line = m.line(f)
}

// cellOf is the cell of a square name, -1 if it is not one.
func cellOf(name string) int {
	f, r, err := games.ParseSquare(name, game.Size, game.Size)
	if err != nil {
		return -1
	}
	return game.CellAt(f, r)
}

// character names a character for people.
func character(c game.Character) string {
	if c == game.Bomber {
		return "Bomber"
	}
	return "Freezer"
}

// line is the words under the board: who acts and with how many
// actions, after what the last action did to the players and the map (a
// hit by ice, the end of turn: the ice that melted away, the bombs that
// went off and whom they caught); or how the game ended, then the blast
// that ended it. The blast's words stay until the next action, as its
// scorch does.
func (m *Model) line(f *frame.Frame) string {
	st, p, d := m.St, peopleOf(f), readDeeds(f.Events)
	told := news(p, d)
	say := func(s string) string { return strings.Join(append(told, s), ". ") }
	if f.Ending != nil && !f.Viewing { // resigned or agreed
		return p.Ended(f.Ending)
	}
	switch st.Status() {
	case games.Draw:
		if st.CalmDrawn() {
			return "Draw: " + st.Outcome().Reason + "."
		}
		if len(d.caught) > 0 {
			return "Tie! " + strings.Join(told, ". ") + "."
		}
		return "Tie! Both players were hit."
	case games.Win:
		w := st.Winner()
		won := fmt.Sprintf("Game over: %s!", p.Does(frame.Deed{Seat: w, Verb: "win"}))
		if len(d.caught) > 0 {
			return won + " " + strings.Join(told, ". ") + "."
		}
		dead := fate(p, st, 1-w)
		return fmt.Sprintf("%s %s.", won, strings.ToUpper(dead[:1])+dead[1:])
	}
	left := st.ActionsLeft()
	switch left {
	case 0:
		return say(m.Names[m.Mover] + ": no actions left. Turn if you like, then end the turn.")
	case 1:
		return say(m.Names[m.Mover] + ": 1 action left")
	}
	return say(fmt.Sprintf("%s: %d actions left", m.Names[m.Mover], left))
}

// deathWord says how a dead player died: ice leaves them at 0 health, a
// blast leaves their health as it was.
func deathWord(st *game.State, seat int) string {
	if st.HP(seat) <= 0 {
		return "knocked out by ice"
	}
	return "caught in a blast"
}

// me is the mover's cell and facing.
func (m *Model) me() (cell, facing int) {
	return m.St.PlayerCell(m.Mover), m.St.Facing(m.Mover)
}

// front is the cell in front of the mover.
func (m *Model) front() int {
	c, d := m.me()
	return game.Step(c, d)
}

// hintCell is the cell a hinted action points at: the neighbour a move
// or a turn goes to, the front cell of a place or a kick, the mover's own
// cell for the end of the turn.
func (m *Model) hintCell(token string) int {
	mv, err := game.ParseToken(token)
	if err != nil {
		return -1
	}
	c, _ := m.me()
	switch {
	case mv < 4:
		return game.Step(c, int(mv))
	case mv < 8:
		return game.Step(c, int(mv)-4)
	case mv == game.End:
		return c
	}
	return m.front()
}

// judge is a token the rules allow now, or their refusal with cell to
// flash.
func (m *Model) judge(cell int, token string) Reply {
	if _, err := m.St.ParseMove(m.Mover, token); err != nil {
		return refuse(cell, Words(err))
	}
	return play(token)
}

// Words is a refusal of the rules in a player's words: without the token
// the rules put in front of it ("move N: There is a wall to the north.").
func Words(err error) string {
	if inner := errors.Unwrap(err); inner != nil {
		return inner.Error()
	}
	return err.Error()
}

// Arrow is an arrow key or a direction button: turn that way, or step
// when the player already faces it.
func (m *Model) Arrow(d int) Reply {
	if !m.Input {
		return refuse(-1, m.Blocked)
	}
	c, facing := m.me()
	if facing != d {
		return play("face " + game.DirNames[d])
	}
	return m.judge(game.Step(c, d), "move "+game.DirNames[d])
}

// Space kicks what is in front, else places (spec 9).
func (m *Model) Space() Reply {
	if !m.Input {
		return refuse(-1, m.Blocked)
	}
	switch m.St.At(m.front()) {
	case game.Bomb, game.Ice, game.Player1, game.Player2:
		return m.Kick()
	}
	return m.Place()
}

// Place drops the mover's bomb or ice block in front.
func (m *Model) Place() Reply {
	if !m.Input {
		return refuse(-1, m.Blocked)
	}
	return m.judge(m.front(), "place")
}

// Kick kicks what is in front.
func (m *Model) Kick() Reply {
	if !m.Input {
		return refuse(-1, m.Blocked)
	}
	return m.judge(m.front(), "kick")
}

// End ends the turn.
func (m *Model) End() Reply {
	if !m.Input {
		return refuse(-1, m.Blocked)
	}
	return play("end")
}

// TakeBack takes back the last action of this turn (Backspace, Undo).
func (m *Model) TakeBack() Reply {
	switch {
	case !m.Input:
		return refuse(-1, m.Blocked)
	case !m.Undo && m.NoUndo != "":
		return refuse(-1, m.NoUndo)
	case !m.Undo:
		return refuse(-1, "Nothing to take back in this turn yet. Undo in the toolbar takes back whole turns.")
	}
	return Reply{Undo: true, Cell: -1}
}

// Tap is a tap or a click on cell: on a free neighbour turn towards it
// and step there (face, then move, so the turn shows); on the thing in
// front, kick it; on another neighbour, turn towards it. A tap on the
// player itself does nothing; anywhere else is refused.
func (m *Model) Tap(cell int) Reply {
	if !m.Input {
		return refuse(-1, m.Blocked)
	}
	c, facing := m.me()
	if cell == c {
		return refuse(-1, "That is your player: tap a cell next to it to step, turn or kick.")
	}
	d := towards(c, cell)
	if d < 0 {
		return refuse(cell, "Tap a cell next to your player: a free one to step there, the one in front to kick.")
	}
	turn := "face " + game.DirNames[d]
	switch thing := m.St.At(cell); {
	case thing == game.Floor:
		r := m.judge(cell, "move "+game.DirNames[d])
		if r.Refusal == "" && d != facing {
			r.Tokens = append([]string{turn}, r.Tokens...)
		}
		return r
	case d != facing:
		return play(turn)
	case thing == game.WallCell:
		return refuse(cell, "A wall: nothing to step onto or kick.")
	}
	return m.Kick()
}

// towards is the direction from cell a to its neighbour b, -1 if b is not
// a neighbour.
func towards(a, b int) int {
	for d := 0; d < 4; d++ {
		if game.Step(a, d) == b {
			return d
		}
	}
	return -1
}

// Explain is what a long press or a right-click on cell says.
func (m *Model) Explain(cell int) string {
	st := m.St
	name := game.Square(cell)
	switch st.At(cell) {
	case game.WallCell:
		return name + ": a wall. Blasts stop at walls."
	case game.Bomb:
		t := st.Timer(cell)
		when := fmt.Sprintf("in %d ends of turn", t)
		if t == 1 {
			when = "at the end of this turn"
		}
		return fmt.Sprintf("%s: a bomb with timer %d. It explodes %s; its blast covers its rank and file up to the walls.", name, t, when)
	case game.Ice:
		return fmt.Sprintf("%s: an ice block with %d health. It melts by 1 at every end of turn; kicked, it slides and hurts whoever it hits.", name, st.IceHP(cell))
	case game.Player1, game.Player2:
		seat := int(st.At(cell) - game.Player1)
		return fmt.Sprintf("%s: %s, %d health, facing %s.", name, m.Names[seat], st.HP(seat), dirWords[st.Facing(seat)])
	}
	if m.Reach[cell] && m.Input {
		return name + ": free floor you can still reach this turn."
	}
	return name + ": free floor."
}

// Spoken names cell for screen readers: "d4, bomb, timer 2".
func (m *Model) Spoken(cell int) string {
	st := m.St
	name := game.Square(cell)
	if st == nil {
		return name
	}
	switch st.At(cell) {
	case game.WallCell:
		return name + ", wall"
	case game.Bomb:
		return fmt.Sprintf("%s, bomb, timer %d", name, st.Timer(cell))
	case game.Ice:
		return fmt.Sprintf("%s, ice, %d health", name, st.IceHP(cell))
	case game.Player1, game.Player2:
		seat := int(st.At(cell) - game.Player1)
		return fmt.Sprintf("%s, %s, %d health, facing %s", name, m.Names[seat], st.HP(seat), dirWords[st.Facing(seat)])
	}
	if m.Reach[cell] {
		return name + ", free, reachable"
	}
	return name + ", free"
}
