package ui

import (
	"slices"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/layout"
	"fyne.io/fyne/v2/widget"

	"github.com/tabulagames/tabula/games"
)

// rulesForm builds one row per house rule from the game's specs: its
// label, a control that offers only what the rule accepts (a switch, a
// choice, or a stepper), and the rule's help in one line under it.
func (nd *newGameForm) rulesForm(last map[string]any) fyne.CanvasObject {
	nd.rules = map[string]func() any{}
	var specs []games.RuleSpec
	for _, sp := range nd.g.RuleSpecs() {
		if !slices.Contains(nd.entry.SeatRules, sp.Key) { // asked in its seat's row
			specs = append(specs, sp)
		}
	}
	if len(specs) == 0 {
		l := widget.NewLabel("None: this game is played the same everywhere.")
		l.Importance = widget.LowImportance
		l.Wrapping = fyne.TextWrapWord
		return l
	}
	valid, err := games.ValidateRules(nd.g.RuleSpecs(), last)
	if err != nil {
		valid = games.Defaults(nd.g.RuleSpecs())
	}
	rows := nd.ruleRows()
	for _, sp := range specs {
		rows.add(sp.Label, nd.ruleControl(sp, valid), sp.Help)
	}
	reset := widget.NewButton("Standard rules", func() {
		nd.box.Objects[len(nd.box.Objects)-1] = nd.rulesForm(nil)
		nd.box.Refresh()
		for _, sf := range nd.seats {
			sf.resetRule()
		}
		nd.check()
	})
	return container.NewVBox(rows.box, container.NewHBox(reset))
}

// ruleControl is the control of one rule, starting on its value in valid;
// every change is checked at once (nd.check).
func (nd *newGameForm) ruleControl(sp games.RuleSpec, valid games.Rules) fyne.CanvasObject {
	switch sp.Kind {
	case games.BoolRule:
		c := widget.NewCheck("", nil)
		c.SetChecked(valid.Bool(sp.Key))
		c.OnChanged = func(bool) { nd.check() }
		nd.rules[sp.Key] = func() any { return c.Checked }
		return c
	case games.ChoiceRule:
		// People read "Bomber"; the rules keep "bomber".
		opts := make([]string, len(sp.Choices))
		for i, c := range sp.Choices {
			opts[i] = ruleValueText(c)
		}
		s := widget.NewSelect(opts, nil)
		s.SetSelected(ruleValueText(valid.String(sp.Key)))
		s.OnChanged = func(string) { nd.check() }
		nd.rules[sp.Key] = func() any { return sp.Choices[max(s.SelectedIndex(), 0)] }
		return s
	default:
		st := newRuleStepper(sp, valid.Int(sp.Key), func(int) { nd.check() })
		nd.rules[sp.Key] = func() any { return st.Value() }
		if sp.Key == games.PlayersRule {
			// The seat rows follow the number of players.
			nd.players = st
			st.changed = func(n int) {
				nd.setSeatCount(n)
				nd.check()
			}
			nd.setSeatCount(st.Value())
		}
		return st.object()
	}
}

// formRows lays out labelled controls: on a desktop the labels in one
// column and the controls lined up in the next, each with its help under
// it; on a phone the label above its control, nothing side by side.
type formRows struct {
	box    *fyne.Container
	mobile bool
}

func (nd *newGameForm) ruleRows() *formRows {
	r := &formRows{mobile: nd.u.mobile, box: container.NewVBox()}
	if !r.mobile {
		r.box = container.New(layout.NewFormLayout())
	}
	return r
}

func (r *formRows) add(label string, ctl fyne.CanvasObject, help string) {
	l := widget.NewLabel(label)
	l.Wrapping = fyne.TextWrapWord
	right := container.NewVBox(container.NewHBox(ctl))
	if help != "" {
		h := widget.NewLabel(help)
		h.Wrapping = fyne.TextWrapWord
		h.Importance = widget.LowImportance
		right.Add(h)
	}
	if c, ok := ctl.(*widget.Check); ok && r.mobile {
		c.Text = label // one line, and the words take the tap too
		c.Refresh()
		r.box.Add(right)
		return
	}
	if r.mobile {
		r.box.Add(container.NewVBox(l, right))
		return
	}
	l.Wrapping = fyne.TextWrapOff // the label column is as wide as the longest label
	r.box.Add(l)
	r.box.Add(right)
}

// check shows at once what is wrong with the rules as set (a value the
// game refuses in combination, such as too many obstacles for the board)
// and, once Start was pressed, with the seats (two of one symbol), or
// clears the problem line: a problem fixed does not stay.
func (nd *newGameForm) check() {
	if nd.problem == nil || nd.rules == nil {
		return // the form is still being built
	}
	if _, err := nd.rulesNow(); err != nil {
		nd.tell(err.Error())
		return
	}
	if nd.started {
		if _, err := nd.seatsNow(); err != nil {
			nd.tell(err.Error())
			return
		}
	}
	nd.tell("")
}

// rulesNow are the rules the form shows, validated, and tried on the
// game: an error says, in the rule's words, what the game refuses.
func (nd *newGameForm) rulesNow() (games.Rules, error) {
	raw := map[string]any{}
	for k, read := range nd.rules {
		raw[k] = read()
	}
	for _, sf := range nd.seats {
		if sf.rule != nil {
			raw[sf.rule.Key] = sf.ruleValue()
		}
	}
	rules, err := games.ValidateRules(nd.g.RuleSpecs(), raw)
	if err != nil {
		return nil, err
	}
	if _, err := nd.g.New(games.Config{Rules: rules, Seed: 1}); err != nil {
		return nil, err
	}
	return rules, nil
}
