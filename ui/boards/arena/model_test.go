package arena

import (
	"encoding/json"
	"fmt"
	"reflect"
	"strings"
	"testing"

	"github.com/tabulagames/tabula/games"
	game "github.com/tabulagames/tabula/games/arena"
	"github.com/tabulagames/tabula/ui/session"
)

// pic is a position drawn as a picture of the map, rank 7 first: # wall,
// . floor, 1 and 2 the players, B a bomb, I an ice block.
type pic struct {
	rows    []string
	values  map[string]int // bombs' timers and ice blocks' health, by square
	facing  [2]string      // "" faces E for 1, W for 2
	hp      [2]int         // 0 is 5
	chars   [2]string      // "" is bomber for 1, freezer for 2
	actions int
	toMove  int
}

// setup is the picture as a setup (NOTATION.md) and the house rules that
// go with its characters.
func (p pic) setup() (string, map[string]any) {
	type obj struct {
		At    string `json:"at"`
		Timer int    `json:"timer,omitempty"`
		HP    int    `json:"hp,omitempty"`
	}
	type player struct {
		At        string `json:"at"`
		HP        int    `json:"hp"`
		Facing    string `json:"facing"`
		Character string `json:"character"`
	}
	out := struct {
		Board   []string  `json:"board"`
		Bombs   []obj     `json:"bombs"`
		Ice     []obj     `json:"ice"`
		Players [2]player `json:"players"`
		Actions int       `json:"actions"`
		ToMove  int       `json:"toMove"`
	}{Board: p.rows, Bombs: []obj{}, Ice: []obj{}, Actions: p.actions, ToMove: p.toMove}
	def := [2][2]string{{"E", "bomber"}, {"W", "freezer"}}
	for seat := range out.Players {
		pl := &out.Players[seat]
		pl.Facing, pl.Character, pl.HP = p.facing[seat], p.chars[seat], p.hp[seat]
		if pl.Facing == "" {
			pl.Facing = def[seat][0]
		}
		if pl.Character == "" {
			pl.Character = def[seat][1]
		}
		if pl.HP == 0 {
			pl.HP = 5
		}
	}
	for i, row := range p.rows {
		for f, ch := range row {
			sq := games.SquareName(f, 6-i)
			switch ch {
			case '1', '2':
				out.Players[ch-'1'].At = sq
			case 'B':
				out.Bombs = append(out.Bombs, obj{At: sq, Timer: p.values[sq]})
			case 'I':
				out.Ice = append(out.Ice, obj{At: sq, HP: p.values[sq]})
			}
		}
	}
	raw, _ := json.Marshal(out)
	return string(raw), map[string]any{"p1": out.Players[0].Character, "p2": out.Players[1].Character}
}

// people are two people sharing the device.
var people = []games.SeatInfo{{Name: "Ana", Controller: "human"}, {Name: "Ben", Controller: "human"}}

// newSession opens a game between seats (nil: two people) from a picture
// (nil: the usual start) and plays tokens.
func newSession(t *testing.T, seats []games.SeatInfo, p *pic, tokens ...string) *session.Session {
	t.Helper()
	g, _ := games.Lookup("arena")
	var setup json.RawMessage
	raw := map[string]any{}
	if p != nil {
		var s string
		s, raw = p.setup()
		setup = json.RawMessage(s)
	}
	rules, err := games.ValidateRules(g.RuleSpecs(), raw)
	if err != nil {
		t.Fatal(err)
	}
	if seats == nil {
		seats = people
	}
	s, err := session.New(g, rules, 1, seats, setup, session.Options{Post: func(func()) {}})
	if err != nil {
		t.Fatal(err)
	}
	for _, tok := range tokens {
		if err := s.Submit(tok); err != nil {
			t.Fatalf("%s: %v", tok, err)
		}
	}
	return s
}

func loaded(s *session.Session) *Model {
	m := NewModel()
	m.Load(s.Frame())
	return &m
}

func cell(name string) int { return cellOf(name) }

// onCells lists the cells of a highlight by name.
func onCells(h [game.Cells]bool) []string {
	var out []string
	for c, on := range h {
		if on {
			out = append(out, game.Square(c))
		}
	}
	return out
}

func TestModelLoadsTheTurn(t *testing.T) {
	m := loaded(newSession(t, nil, nil))
	if m.Mover != 0 || !m.Input || m.Undo || m.Blocked != "" {
		t.Fatalf("mover %d input %v undo %v blocked %q", m.Mover, m.Input, m.Undo, m.Blocked)
	}
	if got := onCells(m.Visited); !reflect.DeepEqual(got, []string{"b6"}) {
		t.Fatalf("visited %v", got)
	}
	// Three actions from b6: the pillar c5 is in the way south-east.
	want := []string{"b3", "b4", "c4", "b5", "d5", "b6", "c6", "d6", "e6"}
	if got := onCells(m.Reach); !reflect.DeepEqual(got, want) {
		t.Fatalf("reach %v, want %v", got, want)
	}
	if m.Line != "Ana (Amber, Bomber): 3 actions left" || m.Names[1] != "Ben (Blue, Freezer)" {
		t.Fatalf("line %q, names %q", m.Line, m.Names)
	}
	// Stepping leaves the highlight where the turn started and shades the
	// path; an action can be taken back.
	m = loaded(newSession(t, nil, nil, "move E", "face S"))
	if !reflect.DeepEqual(onCells(m.Reach), want) || !reflect.DeepEqual(onCells(m.Visited), []string{"b6", "c6"}) || !m.Undo {
		t.Fatalf("after a step: reach %v visited %v undo %v", onCells(m.Reach), onCells(m.Visited), m.Undo)
	}
	if m.Line != "Ana (Amber, Bomber): 2 actions left" {
		t.Fatalf("line %q", m.Line)
	}
	// A place restarts the highlight from the player with the actions left.
	m = loaded(newSession(t, nil, nil, "move E", "place"))
	if got := onCells(m.Reach); !reflect.DeepEqual(got, []string{"b6", "c6"}) || m.Line != "Ana (Amber, Bomber): 1 action left" {
		t.Fatalf("after a place: reach %v, line %q", got, m.Line)
	}
	m = loaded(newSession(t, nil, nil, "move E", "move W", "move E"))
	if !strings.Contains(m.Line, "no actions left") {
		t.Fatalf("line %q", m.Line)
	}
}

func TestModelBlocksInputWithReasons(t *testing.T) {
	bot := []games.SeatInfo{{Name: "Computer", Controller: "ai", Bot: "easy"}, {Name: "Ben", Controller: "human"}}
	m := loaded(newSession(t, bot, nil))
	if m.Input || m.Blocked != games.ErrNotYourTurn.Error() {
		t.Fatalf("bot to move: input %v, %q", m.Input, m.Blocked)
	}
	for _, r := range []Reply{m.Arrow(game.E), m.Tap(cell("c6")), m.Space(), m.Place(), m.Kick(), m.End(), m.TakeBack()} {
		if len(r.Tokens) > 0 || r.Undo || r.Refusal != m.Blocked {
			t.Fatalf("while the bot moves: %+v", r)
		}
	}
	s := newSession(t, nil, nil, "move E")
	s.SetView(0)
	if m := loaded(s); m.Input || m.Blocked != session.ErrViewingPast.Error() {
		t.Fatalf("past: input %v, %q", m.Input, m.Blocked)
	}
}

func TestArrowsTurnThenStep(t *testing.T) {
	m := loaded(newSession(t, nil, nil))
	if r := m.Arrow(game.E); !reflect.DeepEqual(r.Tokens, []string{"move E"}) {
		t.Fatalf("facing east, right: %+v", r)
	}
	if r := m.Arrow(game.N); !reflect.DeepEqual(r.Tokens, []string{"face N"}) {
		t.Fatalf("facing east, up: %+v", r)
	}
	m = loaded(newSession(t, nil, nil, "face N"))
	r := m.Arrow(game.N)
	if len(r.Tokens) > 0 || r.Refusal != "There is a wall to the north." || r.Cell != cell("b7") {
		t.Fatalf("facing a wall, up: %+v", r)
	}
}

// kickable: Ana on c4 facing E with ice on d4 (free behind it) and a
// bomb on b4 behind her (a wall behind that).
var kickable = pic{rows: []string{
	"#######",
	"#.....#",
	"#.#.#.#",
	"#B1I..#",
	"#.#.#.#",
	"#....2#",
	"#######",
}, values: map[string]int{"b4": 3, "d4": 4}, actions: 5}

func TestTapsMeanStepsTurnsAndKicks(t *testing.T) {
	m := loaded(newSession(t, nil, &kickable))
	cases := []struct {
		tap    string
		tokens []string
		why    string
	}{
		{"c4", nil, ""},                               // the player itself
		{"d4", []string{"kick"}, ""},                  // the ice in front
		{"b4", []string{"face W"}, ""},                // the bomb behind: turn to it
		{"c5", []string{"face N"}, ""},                // a wall at the side: turn to it
		{"f2", nil, "Tap a cell next to your player"}, // too far
	}
	for _, c := range cases {
		r := m.Tap(cell(c.tap))
		if !reflect.DeepEqual(r.Tokens, c.tokens) || !strings.HasPrefix(r.Refusal, c.why) {
			t.Errorf("tap %s: %+v", c.tap, r)
		}
		if c.why != "" && r.Cell != cell(c.tap) {
			t.Errorf("tap %s flashes %d", c.tap, r.Cell)
		}
	}
	// Facing the bomb: a kick is refused (the wall is right behind it).
	m = loaded(newSession(t, nil, &kickable, "face W"))
	if r := m.Tap(cell("b4")); len(r.Tokens) > 0 || !strings.Contains(r.Refusal, "cannot be kicked") {
		t.Fatalf("tap the bomb against the wall: %+v", r)
	}
	// A free neighbour: turn, then step (the step alone when facing it).
	m = loaded(newSession(t, nil, nil))
	if r := m.Tap(cell("b5")); !reflect.DeepEqual(r.Tokens, []string{"face S", "move S"}) {
		t.Fatalf("tap b5: %+v", r)
	}
	if r := m.Tap(cell("c6")); !reflect.DeepEqual(r.Tokens, []string{"move E"}) {
		t.Fatalf("tap c6: %+v", r)
	}
	if r := m.Tap(cell("b7")); !reflect.DeepEqual(r.Tokens, []string{"face N"}) {
		t.Fatalf("tap the wall at the side: %+v", r)
	}
	// No actions left: the step is refused, with the rules' words.
	m = loaded(newSession(t, nil, nil, "move E", "move W", "move E"))
	if r := m.Tap(cell("d6")); len(r.Tokens) > 0 || !strings.HasPrefix(r.Refusal, "No actions left") {
		t.Fatalf("tap with no actions: %+v", r)
	}
	// The wall in front: nothing to do there.
	m = loaded(newSession(t, nil, nil, "face N"))
	if r := m.Tap(cell("b7")); len(r.Tokens) > 0 || r.Refusal == "" {
		t.Fatalf("tap the wall in front: %+v", r)
	}
}

func TestSpaceKicksElsePlaces(t *testing.T) {
	m := loaded(newSession(t, nil, &kickable))
	if r := m.Space(); !reflect.DeepEqual(r.Tokens, []string{"kick"}) {
		t.Fatalf("ice in front: %+v", r)
	}
	m = loaded(newSession(t, nil, &kickable, "face N"))
	if r := m.Space(); len(r.Tokens) > 0 || r.Refusal != "There is a wall in front of you: nothing can be placed there." {
		t.Fatalf("wall in front: %+v", r)
	}
	m = loaded(newSession(t, nil, &kickable, "face W"))
	if r := m.Space(); len(r.Tokens) > 0 || !strings.Contains(r.Refusal, "cannot be kicked") || r.Cell != cell("b4") {
		t.Fatalf("unkickable bomb in front: %+v", r)
	}
	m = loaded(newSession(t, nil, nil))
	if r := m.Space(); !reflect.DeepEqual(r.Tokens, []string{"place"}) {
		t.Fatalf("free front: %+v", r)
	}
	if r := m.Kick(); len(r.Tokens) > 0 || r.Refusal != "There is nothing in front of you to kick." {
		t.Fatalf("kick at nothing: %+v", r)
	}
	if r := m.End(); !reflect.DeepEqual(r.Tokens, []string{"end"}) {
		t.Fatalf("end: %+v", r)
	}
}

func TestTakeBackOnlyWithinTheTurn(t *testing.T) {
	m := loaded(newSession(t, nil, nil))
	if r := m.TakeBack(); r.Undo || !strings.HasPrefix(r.Refusal, "Nothing to take back") {
		t.Fatalf("at the start of a turn: %+v", r)
	}
	m = loaded(newSession(t, nil, nil, "face S"))
	if r := m.TakeBack(); !r.Undo || r.Refusal != "" {
		t.Fatalf("after a turn on the spot: %+v", r)
	}
	// Online (the other seat plays from another device) an action is
	// never taken back: the other player saw it; the words say so.
	g, _ := games.Lookup("arena")
	o, err := session.New(g, games.Defaults(g.RuleSpecs()), 1, people, nil, session.Options{Post: func(func()) {}, Remote: []int{1}})
	if err != nil {
		t.Fatal(err)
	}
	if err := o.Submit("face S"); err != nil {
		t.Fatal(err)
	}
	m = loaded(o)
	if r := m.TakeBack(); m.Undo || r.Undo || !strings.Contains(r.Refusal, "another device") {
		t.Fatalf("online, after an action: Undo %v, %+v", m.Undo, r)
	}
}

// blast: Ana on b4 facing N, a bomb with timer 1 on d4 and one with
// timer 3 on d2 (in its cross: it goes off too); Ben on f6.
var blast = pic{rows: []string{
	"#######",
	"#....2#",
	"#.#.#.#",
	"#1.B..#",
	"#.#.#.#",
	"#..B..#",
	"#######",
}, values: map[string]int{"d4": 1, "d2": 3}, facing: [2]string{"N", "W"}, actions: 5}

// bothHit is blast with Ben in the first bomb's cross too.
var bothHit = func() pic {
	p := blast
	p.rows = []string{"#######", "#.....#", "#.#.#.#", "#1.B.2#", "#.#.#.#", "#..B..#", "#######"}
	return p
}()

// ko: Ben at 1 health, Ana's ice block in front of her, Ben behind it.
var ko = pic{rows: []string{"#######", "#.....#", "#.#.#.#", "#1I..2#", "#.#.#.#", "#.....#", "#######"},
	values: map[string]int{"c4": 3}, hp: [2]int{5, 1}, chars: [2]string{"freezer", "freezer"}, actions: 5}

// quiet: nothing on the map; 200 turns of "end" draw the game (no one
// was hurt in 200 turns).
var quiet = pic{rows: []string{"#######", "#.....#", "#.#.#.#", "#1...2#", "#.#.#.#", "#.....#", "#######"}, actions: 5}

// quietEnds are the 200 ends of turns without a hit that draw quiet.
func quietEnds() []string {
	out := make([]string, game.CalmDraw)
	for i := range out {
		out[i] = "end"
	}
	return out
}

func TestGameOverWordsAndScorch(t *testing.T) {
	s := newSession(t, nil, &blast, "end")
	m := loaded(s)
	if m.Mover != -1 || m.Input || m.Line != "Game over: Ben wins! The bomb on d4 explodes, setting off the bomb on d2: Ana is caught." {
		t.Fatalf("mover %d input %v line %q", m.Mover, m.Input, m.Line)
	}
	if m.Fallen != [2]int{cell("b4"), -1} {
		t.Fatalf("fallen %v", m.Fallen)
	}
	for _, sq := range []string{"b4", "f4", "d6", "d2", "b2", "f2", "d4"} {
		if !m.Scorch[cell(sq)] {
			t.Errorf("%s not scorched", sq)
		}
	}
	if m.Scorch[cell("b6")] || m.Scorch[cell("c3")] {
		t.Error("scorch outside the blast")
	}
	if len(onCells(m.Reach)) > 0 || len(onCells(m.Visited)) > 0 {
		t.Fatal("a highlight after the end")
	}
	// Words for "You", the name of the person playing the computer.
	you := []games.SeatInfo{{Name: "You", Controller: "human"}, {Name: "Ben", Controller: "human"}}
	if m := loaded(newSession(t, you, &blast, "end")); m.Line != "Game over: Ben wins! The bomb on d4 explodes, setting off the bomb on d2: you are caught." {
		t.Fatalf("line %q", m.Line)
	}
	// Both caught: a tie.
	if m := loaded(newSession(t, nil, &bothHit, "end")); m.Line != "Tie! The bomb on d4 explodes, setting off the bomb on d2: Ana and Ben are caught." {
		t.Fatalf("line %q", m.Line)
	}
	// The other draw, by 200 turns without a hit, keeps its own words.
	if m := loaded(newSession(t, nil, &quiet, quietEnds()...)); m.Line != "Draw: no one was hurt in 200 turns." {
		t.Fatalf("line %q", m.Line)
	}
	// Knocked out by ice: Ben at 1 health, Ana kicks ice into him.
	if m := loaded(newSession(t, nil, &ko, "kick")); m.Line != "Game over: Ana wins! Ben was knocked out by ice." || m.Fallen[1] != cell("f4") {
		t.Fatalf("line %q fallen %v", m.Line, m.Fallen)
	}
	if m := loaded(newSession(t, you, &ko, "kick")); m.Line != "Game over: You win! Ben was knocked out by ice." {
		t.Fatalf("line %q", m.Line)
	}
}

func TestHintPointsAtItsCell(t *testing.T) {
	s := newSession(t, nil, nil)
	for tok, want := range map[string]string{"move E": "c6", "face S": "b5", "place": "c6", "end": "b6", "kick": "c6"} {
		s.ShowHint(&session.Hint{Seat: 0, Token: tok})
		if got := loaded(s).Hint; got != cell(want) {
			t.Errorf("hint %q on %s, want %s", tok, game.Square(got), want)
		}
	}
}

func TestLongPressAndSpokenNames(t *testing.T) {
	m := loaded(newSession(t, nil, &kickable))
	for sq, want := range map[string]string{
		"a1": "a1: a wall. Blasts stop at walls.",
		"b4": "b4: a bomb with timer 3. It explodes in 3 ends of turn; its blast covers its rank and file up to the walls.",
		"d4": "d4: an ice block with 4 health. It melts by 1 at every end of turn; kicked, it slides and hurts whoever it hits.",
		"c4": "c4: Ana (Amber, Bomber), 5 health, facing east.",
		"b5": "b5: free floor.", // Ana is boxed in
	} {
		if got := m.Explain(cell(sq)); got != want {
			t.Errorf("%s: %q", sq, got)
		}
	}
	for sq, want := range map[string]string{"c3": "c3, wall", "b4": "b4, bomb, timer 3", "d4": "d4, ice, 4 health",
		"f2": "f2, Ben (Blue, Freezer), 5 health, facing west", "b5": "b5, free"} {
		if got := m.Spoken(cell(sq)); got != want {
			t.Errorf("spoken %s: %q", sq, got)
		}
	}
	m = loaded(newSession(t, nil, nil))
	if m.Explain(cell("c6")) != "c6: free floor you can still reach this turn." || m.Spoken(cell("c6")) != "c6, free, reachable" {
		t.Fatalf("reachable c6: %q, %q", m.Explain(cell("c6")), m.Spoken(cell("c6")))
	}
	if w := Words(fmt.Errorf("move N: %w", games.Refuse("There is a wall to the north."))); w != "There is a wall to the north." {
		t.Fatalf("words %q", w)
	}
}

// The line under the board tells what the end of turn did, and a hit by
// ice, before whose turn it is, until the next action (issue 19 item 2:
// under reduced motion a bomb just vanished, with no words at all).
func TestLineTellsTheEndOfTurnUntilTheNextAction(t *testing.T) {
	away := pic{rows: []string{"#######", "#1....#", "#.#.#.#", "#..B..#", "#.#.#.#", "#...2.#", "#######"},
		values: map[string]int{"d4": 1}, actions: 5}
	s := newSession(t, nil, &away, "end")
	if m := loaded(s); m.Line != "The bomb on d4 explodes: nobody is caught. Ben (Blue, Freezer): 5 actions left" {
		t.Fatalf("after the blast: %q", m.Line)
	}
	if err := s.Submit("face N"); err != nil {
		t.Fatal(err)
	}
	if m := loaded(s); m.Line != "Ben (Blue, Freezer): 5 actions left" {
		t.Fatalf("after Ben's next action: %q", m.Line)
	}
	hit := pic{rows: []string{"#######", "#.....#", "#.#.#.#", "#1I..2#", "#.#.#.#", "#.....#", "#######"},
		values: map[string]int{"c4": 3}, chars: [2]string{"freezer", "freezer"}, actions: 5}
	if m := loaded(newSession(t, nil, &hit, "kick")); m.Line != "Ben is hit by ice (health 4). Ana (Amber, Freezer): 4 actions left" {
		t.Fatalf("after a hit: %q", m.Line)
	}
}

// A game given up or drawn by agreement says so under the board, not
// whose actions are left.
func TestLineTellsAResignationOrAnAgreedDraw(t *testing.T) {
	s := newSession(t, nil, nil, "move E")
	if err := s.Resign(0); err != nil {
		t.Fatal(err)
	}
	if m := loaded(s); m.Line != "Ana resigned. Ben wins." || m.Input {
		t.Errorf("line %q, input %v", m.Line, m.Input)
	}
	s = newSession(t, nil, nil)
	s.OfferDraw(0)
	s.AnswerDraw(true)
	if m := loaded(s); m.Line != "Draw agreed." {
		t.Errorf("line %q", m.Line)
	}
}
