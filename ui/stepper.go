package ui

import (
	"fmt"
	"image/color"
	"strings"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/canvas"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/layout"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"

	"github.com/tabulagames/tabula/games"
)

// ruleStepper is a whole-number house rule shown as − value +. It only
// ever holds a value the rule accepts (the spec's Values), so a player can
// neither type nor step to a wrong one.
type ruleStepper struct {
	spec     games.RuleSpec
	values   []int
	value    int
	text     *widget.Label
	down, up *widget.Button
	changed  func(int) // after every change, with the new value
}

// manyValues is the length past which a stepper stops only at round
// values: 0..1000 turns would take a thousand taps one by one.
const manyValues = 50

func newRuleStepper(spec games.RuleSpec, value int, changed func(int)) *ruleStepper {
	s := &ruleStepper{spec: spec, values: spec.Values(), changed: changed}
	s.text = widget.NewLabelWithStyle("", fyne.TextAlignCenter, fyne.TextStyle{Bold: true})
	s.down = widget.NewButtonWithIcon("", theme.ContentRemoveIcon(), func() { s.step(-1) })
	s.up = widget.NewButtonWithIcon("", theme.ContentAddIcon(), func() { s.step(+1) })
	s.show(value)
	return s
}

// object is the stepper as laid out: the value between its buttons, in a
// box as wide as the widest value, so steppers line up and do not jump.
func (s *ruleStepper) object() fyne.CanvasObject {
	widest := float32(0)
	for _, v := range []int{s.spec.Min, s.spec.Max} {
		size := fyne.MeasureText(ruleIntText(s.spec, v), theme.TextSize(), fyne.TextStyle{Bold: true})
		widest = max(widest, size.Width)
	}
	room := canvas.NewRectangle(color.Transparent)
	room.SetMinSize(fyne.NewSize(widest+4*theme.Padding(), 0))
	return container.NewHBox(s.down, container.NewStack(room, s.text), s.up)
}

// Value is the rule's value now.
func (s *ruleStepper) Value() int { return s.value }

// Set shows v, when the rule accepts it, as if stepped to.
func (s *ruleStepper) Set(v int) {
	if _, err := s.spec.Check(v); err == nil && v != s.value {
		s.show(v)
		s.tell()
	}
}

// step goes to the next stop above (dir > 0) or below the value.
func (s *ruleStepper) step(dir int) {
	if next, ok := s.next(dir); ok {
		s.show(next)
		s.tell()
	}
}

// next is the nearest stop beyond the value in the direction dir.
func (s *ruleStepper) next(dir int) (int, bool) {
	n := len(s.values)
	for k := range s.values {
		i := k
		if dir < 0 {
			i = n - 1 - k
		}
		v := s.values[i]
		stop := n <= manyValues || roundValue(v) || i == 0 || i == n-1 // the ends are always stops
		if (dir > 0 && v > s.value || dir < 0 && v < s.value) && stop {
			return v, true
		}
	}
	return 0, false
}

// roundValue: 0 to 9, then 10, 20 ... 90, then 100, 200 ..., the stops of
// a long range between its ends.
func roundValue(v int) bool {
	unit := 1
	for v/unit >= 10 {
		unit *= 10
	}
	return v%unit == 0
}

func (s *ruleStepper) show(v int) {
	s.value = v
	s.text.SetText(ruleIntText(s.spec, v))
	_, hasDown := s.next(-1)
	_, hasUp := s.next(+1)
	setEnabled(s.down, hasDown)
	setEnabled(s.up, hasUp)
}

func (s *ruleStepper) tell() {
	if s.changed != nil {
		s.changed(s.value)
	}
}

// ruleText is a rule's value for people, as the New game dialog shows it.
func ruleText(spec games.RuleSpec, v any) string {
	if n, ok := v.(int); ok {
		return ruleIntText(spec, n)
	}
	return ruleValueText(v)
}

// ruleValueText is a rule's value for people: on or off, a number, or a
// choice with a capital ("Bomber").
func ruleValueText(v any) string {
	switch x := v.(type) {
	case bool:
		if x {
			return "on"
		}
		return "off"
	case string:
		if x == "" {
			return x
		}
		return strings.ToUpper(x[:1]) + x[1:]
	default:
		return fmt.Sprint(x)
	}
}

// ruleIntText is a whole-number rule's value for people: the number, or
// what 0 means when 0 switches the rule off ("No limit").
func ruleIntText(spec games.RuleSpec, v int) string {
	if v == 0 && spec.Zero != "" {
		return spec.Zero
	}
	return ruleValueText(v)
}

// formScroll scrolls a form up and down and takes the mouse wheel
// wherever the pointer is over it. The desktop driver gives the wheel to
// the innermost scrollable thing under the pointer, and a text field is
// one (it scrolls its own line), so over a name the form would not move.
// A see-through layer on top, scrollable and nothing else, takes the
// wheel first; taps, hovering and dragging still reach what is under it.
func formScroll(content fyne.CanvasObject) (*container.Scroll, fyne.CanvasObject) {
	// Room on the right for the scroll bar, which is drawn over the content.
	clear := container.New(layout.NewCustomPaddedLayout(0, 0, 0, theme.ScrollBarSize()+theme.Padding()), content)
	scroll := container.NewVScroll(clear)
	return scroll, container.NewStack(scroll, newWheelLayer(scroll))
}

// wheelLayer hands every wheel turn to its target.
type wheelLayer struct {
	widget.BaseWidget
	target fyne.Scrollable
}

func newWheelLayer(target fyne.Scrollable) *wheelLayer {
	w := &wheelLayer{target: target}
	w.ExtendBaseWidget(w)
	return w
}

func (w *wheelLayer) Scrolled(ev *fyne.ScrollEvent) { w.target.Scrolled(ev) }

func (w *wheelLayer) CreateRenderer() fyne.WidgetRenderer {
	return widget.NewSimpleRenderer(canvas.NewRectangle(color.Transparent))
}
