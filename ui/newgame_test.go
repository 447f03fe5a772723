package ui

import (
	"slices"
	"strings"
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/test"
	"fyne.io/fyne/v2/widget"

	"github.com/tabulagames/tabula/games"
	"github.com/tabulagames/tabula/settings"
	"github.com/tabulagames/tabula/ui/boards/all"
	"github.com/tabulagames/tabula/ui/boards/kit"
	"github.com/tabulagames/tabula/ui/frame"
)

// stepAll presses one of a stepper's buttons until it is disabled and
// returns every value shown on the way.
func stepAll(t *testing.T, s *ruleStepper, b *widget.Button) []int {
	t.Helper()
	var seen []int
	for range 2000 {
		if b.Disabled() {
			return seen
		}
		test.Tap(b)
		seen = append(seen, s.Value())
	}
	t.Fatalf("%s: the stepper never stops", s.spec.Key)
	return nil
}

// Every whole-number rule of every game steps only through values the
// rule accepts, from its smallest to its largest, and stops there; a
// value the rule refuses is never taken.
func TestRuleSteppersStayWithinWhatTheRuleAccepts(t *testing.T) {
	test.NewTempApp(t)
	for _, g := range offered() {
		for _, sp := range g.RuleSpecs() {
			if sp.Kind != games.IntRule {
				continue
			}
			told := 0
			s := newRuleStepper(sp, sp.Default.(int), func(int) { told++ })
			down := stepAll(t, s, s.down)
			up := stepAll(t, s, s.up)
			values := sp.Values()
			if s.Value() != values[len(values)-1] || (len(down) > 0 && down[len(down)-1] != values[0]) {
				t.Errorf("%s/%s: stepped from %v to %d, the rule goes from %d to %d", g.ID(), sp.Key, down, s.Value(), values[0], values[len(values)-1])
			}
			for _, v := range append(down, up...) {
				if _, err := sp.Check(v); err != nil {
					t.Errorf("%s/%s: stepped to %d: %v", g.ID(), sp.Key, v, err)
				}
			}
			if told != len(down)+len(up) {
				t.Errorf("%s/%s: %d steps, %d told", g.ID(), sp.Key, len(down)+len(up), told)
			}
			for _, bad := range []int{sp.Min - 1, sp.Max + 1} {
				s.Set(bad)
				if s.Value() == bad {
					t.Errorf("%s/%s: took %d", g.ID(), sp.Key, bad)
				}
			}
		}
	}
	size, _ := games.Lookup("checkerboard")
	s := newRuleStepper(size.RuleSpecs()[0], 6, nil)
	if got := stepAll(t, s, s.up); !slices.Equal(got, []int{8, 10, 12}) {
		t.Fatalf("the checkerboard size steps through %v, want the even sizes", got)
	}
}

// A long range (alcazar's turn limit, 0 to 1000) stops at round values,
// says "No limit" for 0, and a saved value between stops steps to the
// next stop either way.
func TestLongRangeStepsThroughRoundValues(t *testing.T) {
	test.NewTempApp(t)
	g, _ := games.Lookup("alcazar")
	sp := g.RuleSpecs()[1]
	s := newRuleStepper(sp, 0, nil)
	if s.text.Text != "No limit" || !s.down.Disabled() || ruleText(sp, 0) != "No limit" {
		t.Fatalf("0 shows %q, and %q beside the board", s.text.Text, ruleText(sp, 0))
	}
	up := stepAll(t, s, s.up)
	if len(up) > 30 || up[8] != 9 || up[9] != 10 || up[10] != 20 || up[len(up)-1] != 1000 {
		t.Fatalf("%d steps: %v", len(up), up)
	}
	s.Set(37)
	test.Tap(s.up)
	if s.Value() != 40 {
		t.Fatalf("37 up is %d", s.Value())
	}
	s.Set(37)
	test.Tap(s.down)
	if s.Value() != 30 {
		t.Fatalf("37 down is %d", s.Value())
	}
}

// The rules form has no free-text field: numbers are steppers; a step
// changes the game that starts.
func TestNewGameRulesAreSteppedNotTyped(t *testing.T) {
	u := newTestApp(t)
	g, _ := games.Lookup("checkerboard")
	nd := &newGameForm{u: u, g: g}
	w := test.NewWindow(nd.build(twoPeople, nil))
	defer w.Close()
	walk(nd.box.Objects[len(nd.box.Objects)-1], func(o fyne.CanvasObject) {
		switch o.(type) {
		case *escEntry, *widget.Entry:
			t.Error("a text field among the rules")
		}
	})
	steppers := stepperButtons(nd)
	if len(steppers) != 6 { // size, line, fifo: − and + each
		t.Fatalf("%d stepper buttons", len(steppers))
	}
	test.Tap(steppers[1]) // size +
	s, ok := nd.session()
	if !ok || s.Rules.Int("size") != 10 {
		t.Fatalf("started %v, %q", ok, nd.problem.Text)
	}
}

// stepperButtons are the − and + buttons of the rules form, in order.
func stepperButtons(nd *newGameForm) []*widget.Button {
	var out []*widget.Button
	walk(nd.box.Objects[len(nd.box.Objects)-1], func(o fyne.CanvasObject) {
		if b, ok := o.(*widget.Button); ok && b.Text == "" {
			out = append(out, b)
		}
	})
	return out
}

// walk visits every object under o.
func walk(o fyne.CanvasObject, visit func(fyne.CanvasObject)) {
	visit(o)
	switch x := o.(type) {
	case *fyne.Container:
		for _, c := range x.Objects {
			walk(c, visit)
		}
	case *container.Scroll:
		walk(x.Content, visit)
	}
}

// A combination the game refuses (more obstacles than a quarter of a
// small board) is told at once, in the rules' words, and does not start.
func TestNewGameTellsARefusedCombinationAtOnce(t *testing.T) {
	u := newTestApp(t)
	g, _ := games.Lookup("knights")
	nd := &newGameForm{u: u, g: g}
	w := test.NewWindow(nd.build(twoPeople, map[string]any{"obstacles": 16}))
	defer w.Close()
	if nd.problem.Text != "" {
		t.Fatalf("8x8 with 16 obstacles: %q", nd.problem.Text)
	}
	sizeDown := stepperButtons(nd)[0]
	test.Tap(sizeDown)
	test.Tap(sizeDown) // 6x6: room for 9 obstacles
	if !nd.problem.Visible() || !strings.Contains(nd.problem.Text, "Obstacles must be a whole number from 0 to 9 on a 6x6 board") {
		t.Fatalf("problem %q", nd.problem.Text)
	}
	if _, ok := nd.session(); ok {
		t.Fatal("a refused combination started")
	}
	sizeUp := stepperButtons(nd)[1]
	test.Tap(sizeUp)
	test.Tap(sizeUp)
	if nd.problem.Text != "" || nd.problem.Visible() {
		t.Fatalf("the problem stays: %q", nd.problem.Text)
	}
}

// Seats the dialog names have names of their own: two computers are
// named by their strength, numbered when they share one ("Medium" and
// "Medium 2"; issue 19 item 12), a seat switched to a person is "You" (or
// "Player n" when someone is "You"), a computer given another strength
// takes its name unless a person typed one, remembered seats that share a
// name (or were named "Computer") are told apart, and two seats a person
// gave one name are refused.
func TestNewGameSeatNamesAreDistinct(t *testing.T) {
	u := newTestApp(t)
	g, _ := games.Lookup("revenge")
	nd := &newGameForm{u: u, g: g}
	w := test.NewWindow(nd.build(u.defaultSeats(g, 3), nil))
	defer w.Close()
	names := func() string {
		var out []string
		for _, sf := range nd.seats {
			out = append(out, sf.name.Text)
		}
		return strings.Join(out, ", ")
	}
	if got := names(); got != "You, Medium, Medium 2" {
		t.Fatalf("default seats: %s", got)
	}
	nd.seats[0].kind.SetSelected(computerChoice)
	nd.seats[1].kind.SetSelected(humanChoice)
	if got := names(); got != "Medium 3, You, Medium 2" {
		t.Fatalf("after switching: %s", got)
	}
	nd.seats[2].kind.SetSelected(humanChoice)
	if got := names(); got != "Medium 3, You, Player 3" {
		t.Fatalf("a second person: %s", got)
	}
	nd.seats[0].setBot("hard")
	if got := names(); got != "Hard, You, Player 3" {
		t.Fatalf("a harder computer: %s", got)
	}
	nd.seats[0].name.SetText("Deep Blue")
	nd.seats[0].setBot("easy")
	if got := names(); got != "Deep Blue, You, Player 3" {
		t.Fatalf("a name typed in: %s", got)
	}
	nd.seats[0].name.SetText("Ana")
	nd.seats[2].name.SetText("ana")
	if _, ok := nd.session(); ok || !strings.Contains(nd.problem.Text, "Seats 1 and 3 are both called ana") {
		t.Fatalf("two seats called Ana: %q", nd.problem.Text)
	}

	bots := []games.SeatInfo{{Name: "Computer", Controller: "ai", Bot: "easy"}, {Name: "Computer", Controller: "ai", Bot: "hard"}}
	again := &newGameForm{u: u, g: g}
	w2 := test.NewWindow(again.build(append(bots, games.SeatInfo{Name: "Computer", Controller: "human"}), nil))
	defer w2.Close()
	nd = again
	if got := names(); got != "Easy, Hard, You" {
		t.Fatalf("remembered seats: %s", got)
	}
	// The opponents read as words and are kept by their names.
	if a, b := again.seats[0].bot.Selected, again.seats[1].bot.Selected; a != "Easy" || b != "Hard" {
		t.Fatalf("the computers show %q and %q", a, b)
	}
	if v := again.seats[1].value(); v.Bot != "hard" || v.Name != "Hard" {
		t.Fatalf("the second computer is %+v", v)
	}
}

// The seats remembered for a game, and so `tabula --game`, name the
// computers by their strength too, and keep the names people typed.
func TestLastChoicesNameComputersByStrength(t *testing.T) {
	u := newTestApp(t)
	g, _ := games.Lookup("revenge")
	if seats, _ := u.lastChoices(g); seats[1].Name != "Medium" || seats[2].Name != "Medium 2" {
		t.Fatalf("the defaults: %+v", seats)
	}
	old := []games.SeatInfo{{Name: "Ana", Controller: "human"}, {Name: "Computer", Controller: "ai", Bot: "hard"},
		{Name: "Computer 2", Controller: "ai", Bot: "easy"}, {Name: "Deep Blue", Controller: "ai", Bot: "hard"}}
	if err := u.cfg.SetLastSetup("revenge", settings.Setup{Seats: old, Rules: map[string]any{"players": 4}}); err != nil {
		t.Fatal(err)
	}
	seats, _ := u.lastChoices(g)
	var got []string
	for _, s := range seats {
		got = append(got, s.Name)
	}
	if strings.Join(got, ", ") != "Ana, Hard, Easy, Deep Blue" {
		t.Fatalf("remembered seats: %v", got)
	}
	// Two computers of one strength, as the game's result tells them.
	arena, _ := games.Lookup("arena")
	two := nameBots(arena, []games.SeatInfo{{Name: "Computer", Controller: "ai", Bot: "expert"}, {Name: "Computer 2", Controller: "ai", Bot: "expert"}})
	out := games.Outcome{Status: games.Win, Winners: []int{0}, Reason: "the other player was caught in a blast"}
	if got := resultLine(frame.PeopleOf(two, frame.Symbol), out); got != "Expert wins: Expert 2 was caught in a blast." {
		t.Fatalf("two experts: %q", got)
	}
}

// The dialog takes the window's height before its form scrolls, and the
// mouse wheel scrolls the form even with the pointer over a name field.
func TestNewGameDialogHeightAndWheel(t *testing.T) {
	desktopOnly(t)
	u := newTestApp(t)
	u.win.Resize(fyne.NewSize(1920, 1080))
	u.NewGameDialog("checkerboard")
	scroll := formScrollOf(t, u)
	if h := scroll.Size().Height; h < scroll.Content.MinSize().Height {
		t.Errorf("at 1920x1080 the form scrolls: %v shown of %v", h, scroll.Content.MinSize().Height)
	}
	u.escape()
	u.NewGameDialog("knights")                          // a longer form: as tall as the window allows
	if h := formScrollOf(t, u).Size().Height; h < 800 { // the dialog used to stop at 640
		t.Errorf("at 1920x1080 the knights form shows %v", h)
	}
	u.escape()

	u.win.Resize(fyne.NewSize(800, 600))
	u.NewGameDialog("knights")
	scroll = formScrollOf(t, u)
	if scroll.Size().Height >= scroll.Content.MinSize().Height {
		t.Fatalf("at 800x600 the form should scroll: %v of %v", scroll.Size().Height, scroll.Content.MinSize().Height)
	}
	var name *escEntry
	walk(scroll.Content, func(o fyne.CanvasObject) {
		if e, ok := o.(*escEntry); ok && name == nil {
			name = e
		}
	})
	at := fyne.CurrentApp().Driver().AbsolutePositionForObject(name).Add(fyne.NewPos(5, 5))
	test.Scroll(u.win.Canvas(), at, 0, -40)
	if scroll.Offset.Y <= 0 {
		t.Fatal("the wheel over a name did not scroll the form")
	}
}

// formScrollOf is the scrolling form of the dialog on top.
func formScrollOf(t *testing.T, u *App) *container.Scroll {
	t.Helper()
	var found *container.Scroll
	var find func(o fyne.CanvasObject)
	find = func(o fyne.CanvasObject) {
		if s, ok := o.(*container.Scroll); ok && found == nil {
			found = s
		}
		if w, ok := o.(fyne.Widget); ok {
			for _, c := range test.WidgetRenderer(w).Objects() {
				find(c)
			}
		}
		if c, ok := o.(*fyne.Container); ok {
			for _, x := range c.Objects {
				find(x)
			}
		}
	}
	find(topDialog(u))
	if found == nil {
		t.Fatal("no scrolling form in the dialog")
	}
	return found
}

// The line under a finished game names people, never a seat number: the
// game says "the other player", the screen says who.
func TestResultLineNamesTheLoser(t *testing.T) {
	g, _ := games.Lookup("arena")
	st, err := g.New(games.Config{Rules: games.Defaults(g.RuleSpecs())})
	if err != nil {
		t.Fatal(err)
	}
	people := frame.PeopleOf([]games.SeatInfo{{Name: "Ana"}, {Name: "Ben"}}, frame.Symbol)
	out := st.Outcome()
	out.Status, out.Winners, out.Reason = games.Win, []int{1}, "the other player was caught in a blast"
	if got := resultLine(people, out); got != "Ben wins: Ana was caught in a blast." {
		t.Fatalf("%q", got)
	}
	you := games.Outcome{Status: games.Win, Winners: []int{0}, Reason: "survival: 37 squares"}
	if got := resultLine(frame.People{Names: []string{"You"}}, you); got != "You win: survival: 37 squares." {
		t.Fatalf("%q", got) // a lone knight's game said "You wins"
	}
	draw := games.Outcome{Status: games.Draw, Reason: "both players were hit"}
	if got := resultLine(people, draw); got != "Draw: both players were hit." {
		t.Fatalf("%q", got)
	}
}

// On a phone every rule's label stands above its control, nothing side
// by side, and the form fits 412 px without scrolling sideways.
func TestNewGameRulesStackOnAPhone(t *testing.T) {
	u := newTestApp(t)
	u.mobile = true
	g, _ := games.Lookup("knights")
	nd := &newGameForm{u: u, g: g}
	w := test.NewWindow(nd.build(twoPeople, nil))
	defer w.Close()
	w.Resize(fyne.NewSize(412, 1600))
	var label *widget.Label
	walk(nd.box, func(o fyne.CanvasObject) {
		if l, ok := o.(*widget.Label); ok && l.Text == "Board size" {
			label = l
		}
	})
	if label == nil {
		t.Fatal("no Board size label")
	}
	d := fyne.CurrentApp().Driver()
	minus := stepperButtons(nd)[0]
	if d.AbsolutePositionForObject(label).Y+label.Size().Height > d.AbsolutePositionForObject(minus).Y {
		t.Fatalf("the label is beside its stepper: label at %v, stepper at %v", d.AbsolutePositionForObject(label), d.AbsolutePositionForObject(minus))
	}
	if min := nd.box.MinSize().Width; min > 412 {
		t.Fatalf("the form needs %v px", min)
	}
}

// The rules a game's Help explains are called as the New game dialog
// calls them: one name per rule.
func TestHelpNamesEachRuleByItsLabel(t *testing.T) {
	for _, g := range offered() {
		e, _ := newBox(all.Entries()).entry(g.ID())
		help := e.Help()
		for _, sp := range g.RuleSpecs() {
			if !strings.Contains(help, "**"+sp.Label+"**") {
				t.Errorf("%s: the Help does not explain **%s**", g.ID(), sp.Label)
			}
		}
	}
}

// Swap seats is offered only while there is someone to swap with: a lone
// knight (survival) has not.
func TestSwapSeatsNeedsTwoSeats(t *testing.T) {
	u := newTestApp(t)
	g, _ := games.Lookup("knights")
	nd := &newGameForm{u: u, g: g}
	nd.build(twoPeople, nil)
	if !nd.swapBtn.Visible() {
		t.Fatal("no Swap seats with two seats")
	}
	nd.setSeatCount(1)
	if nd.swapBtn.Visible() {
		t.Fatal("Swap seats offered to a lone knight")
	}
	nd.setSeatCount(3)
	if !nd.swapBtn.Visible() {
		t.Fatal("no Swap seats with three seats")
	}
}

// A problem of the seats, told when Start is pressed, goes as soon as it
// is fixed: two seats of one symbol, then of one name (issue 19 item 11).
func TestNewGameSeatProblemGoesWhenFixed(t *testing.T) {
	u := newTestApp(t)
	g, _ := games.Lookup("revenge")
	people := []games.SeatInfo{{Name: "Ana", Controller: "human"}, {Name: "Bo", Controller: "human"}, {Name: "Cy", Controller: "human"}}
	nd := &newGameForm{u: u, g: g}
	w := test.NewWindow(nd.build(people, nil))
	defer w.Close()
	if nd.problem.Visible() {
		t.Fatalf("a problem before Start: %q", nd.problem.Text)
	}
	nd.seats[2].symbol.SetSelected("X")
	if nd.problem.Visible() {
		t.Fatal("a problem of the seats told before Start was pressed")
	}
	if _, ok := nd.session(); ok || !nd.problem.Visible() || !strings.Contains(nd.problem.Text, "both have the symbol X") {
		t.Fatalf("two X: started %v, problem %q", ok, nd.problem.Text)
	}
	nd.seats[2].symbol.SetSelected("Δ")
	if nd.problem.Visible() {
		t.Fatalf("the symbols differ, and the problem stays: %q", nd.problem.Text)
	}
	nd.seats[1].name.SetText("ana")
	if !nd.problem.Visible() || !strings.Contains(nd.problem.Text, "both called ana") {
		t.Fatalf("two Anas after Start: %q", nd.problem.Text)
	}
	nd.seats[1].name.SetText("Bo")
	if nd.problem.Visible() {
		t.Fatalf("the names differ, and the problem stays: %q", nd.problem.Text)
	}
}

// Every game's dialog marks its seats as the board and the side panel
// do, in the seats' colours: the knights' letters, alcazar's and arena's
// colours (arena's seats are its amber square and blue circle, no longer
// X and O), the symbols of the others (issue 19 item 11).
func TestNewGameSeatMarksAreTheBoardsInTheSeatColours(t *testing.T) {
	u := newTestApp(t)
	want := map[string][]string{
		"classic": {"X", "O"}, "checkerboard": {"X", "O"}, "infiltration": {"X", "O"},
		"revenge": {"X", "O", "+"}, "alcazar": {"Amber", "Blue"}, "knights": {"A", "B"}, "arena": {"Amber", "Blue"},
	}
	for _, g := range u.box.games() {
		nd := &newGameForm{u: u, g: g}
		w := test.NewWindow(nd.build(u.defaultSeats(g, len(want[g.ID()])), nil))
		for i, sf := range nd.seats {
			if sf.mark == nil || sf.mark.text.Text != want[g.ID()][i] {
				t.Errorf("%s seat %d: mark %v, want %q", g.ID(), i+1, sf.mark, want[g.ID()][i])
				continue
			}
			if ink := sf.mark.text.Color; ink != kit.SeatInk(i) {
				t.Errorf("%s seat %d: %s in %v, want the seat's %v", g.ID(), i+1, sf.mark.text.Text, ink, kit.SeatInk(i))
			}
		}
		w.Close()
	}
}

// Arena's characters are chosen in the seats' rows, where it is plain
// whose each is, with their one description said once; the house rules
// no longer list a "First player" and a "Second player"; Swap seats
// moves a person's character with them.
func TestArenaCharactersAreChosenInTheSeatsRows(t *testing.T) {
	u := newTestApp(t)
	g, _ := games.Lookup("arena")
	nd := &newGameForm{u: u, g: g}
	w := test.NewWindow(nd.build([]games.SeatInfo{{Name: "Ana", Controller: "human"}, {Name: "Ben", Controller: "human"}}, nil))
	defer w.Close()
	if nd.seats[0].ruleSel == nil || nd.seats[0].ruleSel.Selected != "Bomber" || nd.seats[1].ruleSel.Selected != "Freezer" {
		t.Fatal("the seats' rows do not offer the characters")
	}
	said := 0
	for _, l := range texts(nd.box) {
		if l == "First player" || l == "Second player" {
			t.Fatalf("the house rules still list %q", l)
		}
		if l == "A Bomber drops bombs; a Freezer drops ice blocks." {
			said++
		}
	}
	if said != 1 {
		t.Fatalf("the characters are described %d times", said)
	}
	nd.seats[0].ruleSel.SetSelected("Freezer")
	nd.seats[1].ruleSel.SetSelected("Bomber")
	nd.swap()
	if nd.seats[0].name.Text != "Ben" || nd.seats[0].ruleSel.Selected != "Bomber" || nd.seats[1].ruleSel.Selected != "Freezer" {
		t.Fatalf("after the swap: %s plays %s", nd.seats[0].name.Text, nd.seats[0].ruleSel.Selected)
	}
	rules, err := nd.rulesNow()
	if err != nil || rules.String("p1") != "bomber" || rules.String("p2") != "freezer" {
		t.Fatalf("the rules: %v %v", rules, err)
	}
}

// TestPeoplesNameFieldsAreAsWide: in the New game dialog, a person's
// name field is as wide in every seat (B's and C's stopped where a
// computer's level would be, A's went the full width).
func TestPeoplesNameFieldsAreAsWide(t *testing.T) {
	u := newTestApp(t)
	g, _ := games.Lookup("knights")
	nd := &newGameForm{u: u, g: g}
	w := test.NewWindow(nd.build(twoPeople, nil))
	defer w.Close()
	w.Resize(fyne.NewSize(700, 1200))
	nd.setSeatCount(3)
	w.Resize(fyne.NewSize(701, 1200))
	w.Resize(fyne.NewSize(700, 1200))
	// The window keeps its size: the switch itself lays the seat out.
	for _, sf := range nd.seats {
		sf.kind.SetSelected(humanChoice)
	}
	a := nd.seats[0].name.Size().Width
	for i, sf := range nd.seats[1:] {
		if got := sf.name.Size().Width; got < a-1 || got > a+1 {
			t.Errorf("seat %c's name field is %.0f wide, A's %.0f", 'B'+i, got, a)
		}
	}
}
