package games_test

import (
	"encoding/json"
	"fmt"
	"reflect"
	"sort"
	"strings"
	"testing"

	"github.com/tabulagames/tabula/games"
	"github.com/tabulagames/tabula/games/gametest"
)

// ruleSet is the house-rule specs of one game, or of this package's tests.
type ruleSet struct {
	id    string
	specs []games.RuleSpec
}

// ruleSets are the specs under test: every game's, in picker order, and
// this package's own.
func ruleSets() []ruleSet {
	sets := []ruleSet{{"test", specs}}
	for _, g := range games.All() {
		sets = append(sets, ruleSet{g.ID(), g.RuleSpecs()})
	}
	return sets
}

// ruleSeeds are values at and around the edges of every spec, as JSON
// values and as the command line's text, plus every game's default rules
// and the rules of the vectors in games/testdata.
func ruleSeeds(f *testing.F) (rules []map[string]any) {
	for _, set := range ruleSets() {
		defaults := map[string]any{}
		for _, s := range set.specs {
			defaults[s.Key] = s.Default
			var values []any
			switch s.Kind {
			case games.BoolRule:
				values = []any{true, false, "true", "false", 1}
			case games.IntRule:
				for _, n := range []int{s.Min - 1, s.Min, s.Min + 1, s.Max - 1, s.Max, s.Max + 1} {
					values = append(values, n, fmt.Sprint(n))
				}
				values = append(values, float64(s.Min)+0.5)
			case games.ChoiceRule:
				for _, c := range s.Choices {
					values = append(values, c, strings.ToUpper(c))
				}
			}
			for _, v := range values {
				rules = append(rules, map[string]any{s.Key: v})
			}
		}
		rules = append(rules, defaults)
		if set.id == "test" {
			continue
		}
		for _, v := range gametest.LoadVectors(f, set.id).Vectors {
			if v.Rules != nil {
				rules = append(rules, v.Rules)
			}
		}
	}
	return rules
}

// FuzzValidateRules feeds every game's house-rule specs rules as a save
// file holds them (a JSON object), through both validators.
func FuzzValidateRules(f *testing.F) {
	for _, r := range ruleSeeds(f) {
		b, _ := json.Marshal(r)
		f.Add(b)
	}
	sets := ruleSets()
	f.Fuzz(func(t *testing.T, data []byte) {
		var raw map[string]any
		if json.Unmarshal(data, &raw) != nil {
			return
		}
		for _, set := range sets {
			loose, looseErr := games.ValidateRules(set.specs, raw)
			checkValidated(t, set, raw, loose, looseErr)
			saved, savedErr := games.ValidateSavedRules(set.specs, raw)
			checkValidated(t, set, raw, saved, savedErr)
			if savedErr != nil {
				continue
			}
			if looseErr != nil || !reflect.DeepEqual(saved, loose) {
				t.Fatalf("%s: %v passes as a save's rules (%v) but not as the command line's (%v, %v)", set.id, raw, saved, loose, looseErr)
			}
			for _, s := range set.specs {
				if _, text := raw[s.Key].(string); text && s.Kind != games.ChoiceRule {
					t.Fatalf("%s: a save's %s=%q passed: text is for the command line", set.id, s.Key, raw[s.Key])
				}
			}
		}
	})
}

// FuzzParseRulesFlag feeds the --rules parser any text, then every game's
// validator what it parsed.
func FuzzParseRulesFlag(f *testing.F) {
	for _, r := range ruleSeeds(f) {
		f.Add(ruleList(r))
	}
	f.Add("")
	f.Add("size")
	f.Add("=8")
	f.Add("size=8,size=9")
	f.Add("size=8,,pie=true")
	f.Add("a=b=c")
	sets := ruleSets()
	f.Fuzz(func(t *testing.T, text string) {
		raw, err := games.ParseRuleList(text)
		if err != nil {
			if raw != nil || err.Error() == "" {
				t.Fatalf("%q refused with %q but gave %v", text, err, raw)
			}
			if !gametest.IsRefusal(err) {
				t.Fatalf("%q refused with a fault, not in a player's words (games.Refuse): %v", text, err)
			}
			return
		}
		for k, v := range raw {
			s, ok := v.(string)
			if k == "" || strings.ContainsAny(k, "=,") || !ok || strings.Contains(s, ",") {
				t.Fatalf("%q parsed to the pair %q=%v", text, k, v)
			}
		}
		again, err := games.ParseRuleList(ruleList(raw))
		if err != nil || !reflect.DeepEqual(again, raw) {
			t.Fatalf("%q parsed to %v, which written back (%q) parses to %v, %v", text, raw, ruleList(raw), again, err)
		}
		for _, set := range sets {
			rules, err := games.ValidateRules(set.specs, raw)
			checkValidated(t, set, raw, rules, err)
		}
	})
}

// ruleList writes rules as the command line's k=v,... in key order.
func ruleList(rules map[string]any) string {
	var parts []string
	for k, v := range rules {
		parts = append(parts, fmt.Sprintf("%s=%v", k, v))
	}
	sort.Strings(parts)
	return strings.Join(parts, ",")
}

// checkValidated checks one validator's answer: refused input gives an
// error and no rules; accepted input gives every rule of the specs, each
// inside its spec, and validates again, from a save as from a dialog, to
// itself.
func checkValidated(t *testing.T, set ruleSet, raw map[string]any, rules games.Rules, err error) {
	t.Helper()
	if err != nil {
		if rules != nil || err.Error() == "" {
			t.Fatalf("%s: %v refused with %q but gave %v", set.id, raw, err, rules)
		}
		if !gametest.IsRefusal(err) {
			t.Fatalf("%s: %v refused with a fault, not in a player's words (games.Refuse): %v", set.id, raw, err)
		}
		return
	}
	if len(rules) != len(set.specs) {
		t.Fatalf("%s: %v validated to %v, not one value per rule", set.id, raw, rules)
	}
	for _, s := range set.specs {
		if !inSpec(s, rules[s.Key]) {
			t.Fatalf("%s: %v validated to %s=%#v, outside its spec", set.id, raw, s.Key, rules[s.Key])
		}
	}
	for _, validate := range []func([]games.RuleSpec, map[string]any) (games.Rules, error){games.ValidateRules, games.ValidateSavedRules} {
		again, err := validate(set.specs, rules)
		if err != nil || !reflect.DeepEqual(again, rules) {
			t.Fatalf("%s: %v validated to %v, which validates again to %v, %v", set.id, raw, rules, again, err)
		}
	}
}

// inSpec says whether a validated value has its spec's type and range.
func inSpec(s games.RuleSpec, v any) bool {
	switch s.Kind {
	case games.BoolRule:
		_, ok := v.(bool)
		return ok
	case games.ChoiceRule:
		c, ok := v.(string)
		for _, choice := range s.Choices {
			if ok && c == choice {
				return true
			}
		}
		return false
	default:
		n, ok := v.(int)
		return ok && n >= s.Min && n <= s.Max && (s.Allowed == nil || s.Allowed(n))
	}
}
