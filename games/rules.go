package games

import (
	"fmt"
	"math"
	"sort"
	"strings"
)

// RuleKind is the type of a house rule's value.
type RuleKind int

const (
	BoolRule   RuleKind = iota // true / false
	IntRule                    // a whole number in a range
	ChoiceRule                 // one of a list of strings
)

// RuleSpec describes one house rule: what a dialog shows and what a save
// file may hold.
//
// Everything a player reads comes from Label, Help, Zero and RangeText:
// the key stays in saves and on the command line.
type RuleSpec struct {
	Key     string   // as in the save file: "forcedCapture"
	Label   string   // for the dialog: "Forced capture"
	Help    string   // one sentence for players, shown under the control
	Kind    RuleKind //
	Default any      // bool, int or string, by Kind
	Min     int      // IntRule: smallest value
	Max     int      // IntRule: largest value
	// Allowed, when set, narrows an IntRule further (even sizes, "0 or 3..32").
	Allowed func(int) bool
	// RangeText says the range in words for the error message
	// ("an even number from 6 to 12"); default "a whole number from Min to Max".
	RangeText string
	// Zero is what 0 means, for an IntRule where 0 switches the rule off
	// ("No limit"); shown instead of the number.
	Zero    string
	Choices []string // ChoiceRule: the allowed values
}

// Values lists every value an IntRule accepts, smallest first: what a
// dialog may offer.
func (s RuleSpec) Values() []int {
	var out []int
	for n := s.Min; n <= s.Max; n++ {
		if s.Allowed == nil || s.Allowed(n) {
			out = append(out, n)
		}
	}
	return out
}

// Rules holds validated house rules: every key of the game's specs, with a
// bool, int or string value.
type Rules map[string]any

// Bool returns a boolean rule (false if absent).
func (r Rules) Bool(key string) bool { v, _ := r[key].(bool); return v }

// Int returns an integer rule (0 if absent).
func (r Rules) Int(key string) int { v, _ := r[key].(int); return v }

// String returns a choice rule ("" if absent).
func (r Rules) String(key string) string { v, _ := r[key].(string); return v }

// Defaults returns the rules with every spec at its default.
func Defaults(specs []RuleSpec) Rules {
	r := Rules{}
	for _, s := range specs {
		r[s.Key] = s.Default
	}
	return r
}

// describe says a spec's range in words.
func (s RuleSpec) describe() string {
	switch s.Kind {
	case BoolRule:
		return "true or false"
	case ChoiceRule:
		q := make([]string, len(s.Choices))
		for i, c := range s.Choices {
			q[i] = fmt.Sprintf("%q", c)
		}
		return "one of " + strings.Join(q, ", ")
	default:
		if s.RangeText != "" {
			return s.RangeText
		}
		return fmt.Sprintf("a whole number from %d to %d", s.Min, s.Max)
	}
}

// Check converts and checks one value against the spec. Values may come
// from JSON (float64 numbers) or from a command line (strings).
func (s RuleSpec) Check(v any) (any, error) {
	bad := Refuse("%s must be %s", s.Label, s.describe())
	switch s.Kind {
	case BoolRule:
		switch x := v.(type) {
		case bool:
			return x, nil
		case string:
			switch x {
			case "true":
				return true, nil
			case "false":
				return false, nil
			}
		}
		return nil, bad
	case ChoiceRule:
		x, ok := v.(string)
		if !ok {
			return nil, bad
		}
		for _, c := range s.Choices {
			if c == x {
				return x, nil
			}
		}
		return nil, bad
	default:
		var n int
		switch x := v.(type) {
		case int:
			n = x
		case int64:
			n = int(x)
		case float64:
			if x != math.Trunc(x) || math.Abs(x) > 1e9 {
				return nil, bad
			}
			n = int(x)
		case string:
			if _, err := fmt.Sscanf(x, "%d", &n); err != nil || fmt.Sprint(n) != x {
				return nil, bad
			}
		default:
			return nil, bad
		}
		if n < s.Min || n > s.Max || (s.Allowed != nil && !s.Allowed(n)) {
			return nil, bad
		}
		return n, nil
	}
}

// ValidateRules checks raw rule values (from a dialog or the command line,
// where text such as "8" or "true" is converted) against the specs and
// fills in the defaults. Any unknown key or bad value is an error naming
// the rule; nothing is corrected silently.
func ValidateRules(specs []RuleSpec, raw map[string]any) (Rules, error) {
	return validate(specs, raw, RuleSpec.Check)
}

// ValidateSavedRules is ValidateRules for a save file's rules, which have
// their JSON types: a whole-number rule holds a number and a switch true or
// false, never text (that is for the command line's --rules).
func ValidateSavedRules(specs []RuleSpec, raw map[string]any) (Rules, error) {
	return validate(specs, raw, RuleSpec.checkSaved)
}

// checkSaved is Check for a value from a save file: text only for a choice.
func (s RuleSpec) checkSaved(v any) (any, error) {
	text, isText := v.(string)
	switch {
	case isText && s.Kind == IntRule:
		return nil, Refuse("%s must be a number, not the text %q", s.Label, text)
	case isText && s.Kind == BoolRule:
		return nil, Refuse("%s must be true or false, not the text %q", s.Label, text)
	}
	return s.Check(v)
}

func validate(specs []RuleSpec, raw map[string]any, check func(RuleSpec, any) (any, error)) (Rules, error) {
	byKey := map[string]RuleSpec{}
	for _, s := range specs {
		byKey[s.Key] = s
	}
	keys := make([]string, 0, len(raw))
	for k := range raw {
		keys = append(keys, k)
	}
	sort.Strings(keys) // report the same error every time
	out := Defaults(specs)
	for _, k := range keys {
		s, ok := byKey[k]
		if !ok {
			if len(specs) == 0 {
				return nil, Refuse("%q is not a house rule: this game has none", k)
			}
			names := make([]string, len(specs))
			for i, s := range specs {
				names[i] = s.Key
			}
			return nil, Refuse("%q is not a house rule of this game (its rules are written %s)", k, strings.Join(names, ", "))
		}
		v, err := check(s, raw[k])
		if err != nil {
			return nil, err
		}
		out[k] = v
	}
	return out, nil
}

// ParseRuleList reads "k=v,k=v" as given on the command line. A key given
// twice is refused: which of the two was meant is not ours to guess.
func ParseRuleList(s string) (map[string]any, error) {
	raw := map[string]any{}
	if strings.TrimSpace(s) == "" {
		return raw, nil
	}
	for _, part := range strings.Split(s, ",") {
		k, v, ok := strings.Cut(part, "=")
		if !ok || k == "" {
			return nil, Refuse("bad rule %q: write key=value", part)
		}
		if _, dup := raw[k]; dup {
			return nil, Refuse("the house rule `%s` is given twice", k)
		}
		raw[k] = v
	}
	return raw, nil
}

// PlayersRule is the key of the house rule that sets the number of seats
// in games played by a varying number of people (revenge, knights).
const PlayersRule = "players"

// SeatCount is the number of seats a game has under validated rules: the
// players rule when the game has one, else the smallest number it takes.
func SeatCount(g Game, r Rules) int {
	if n := r.Int(PlayersRule); n > 0 {
		return n
	}
	min, _ := g.SeatRange()
	return min
}
