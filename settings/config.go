package settings

import (
	"errors"
	"fmt"
	"io"
	"io/fs"
	"math"
	"regexp"
	"sort"
	"strings"
	"time"
	"unicode"
	"unicode/utf8"

	"github.com/pelletier/go-toml/v2"

	"github.com/tabulagames/tabula/games"
)

// The keys of config.toml. Every setting lives here and nowhere else; the
// typed methods of Config are the only way in and out.
//
//	theme = "dark"                 # system, light or dark
//	animation_speed = 1.0          # multiplier 0.25..4, or "slow", "normal", "fast"
//	reduced_motion = false
//	show_notation = false          # the move list adds each move's notation
//	bot_delay_ms = 400             # pause before a bot's move is shown
//	bot_pace_ms = 800              # pause between moves when bots play each other
//
//	[game.alcazar]
//	bot = "hard"                   # the default opponent
//	[game.alcazar.last]            # the last new-game dialog choices
//	seats = [{name = "Ana", controller = "human"}, {name = "Computer", controller = "ai", bot = "hard"}]
//	rules = [{key = "bothLinesDraw", value = false}]
//	[game.revenge.last]            # a seat may keep the symbol its player chose
//	seats = [{name = "Ana", controller = "human", symbol = "Δ"}, ...]
//
// Keys are case-sensitive, as TOML's are. Every other key (a newer
// version's, say) is kept exactly as written: name, case, value, nesting.
// House rules are a list of {key, value} pairs, never a table: earlier
// versions read the file through viper, which folded table keys to lower
// case, and camelCase rule keys would not have survived.
const (
	keyTheme          = "theme"
	keyAnimationSpeed = "animation_speed"
	keyReducedMotion  = "reduced_motion"
	keyShowNotation   = "show_notation"
	keyBotDelay       = "bot_delay_ms"
	keyBotPace        = "bot_pace_ms"
	keyGame           = "game"
)

// Themes accepted by SetTheme.
var Themes = []string{"system", "light", "dark"}

// Named animation speeds, as multipliers of the normal speed.
var AnimationSpeeds = map[string]float64{"slow": 0.5, "normal": 1, "fast": 2}

// Defaults and ranges.
const (
	DefaultTheme          = "system"
	DefaultAnimationSpeed = 1.0
	MinAnimationSpeed     = 0.25
	MaxAnimationSpeed     = 4.0
	DefaultBotDelay       = 400 * time.Millisecond
	DefaultBotPace        = 800 * time.Millisecond
	MaxBotDelay           = 10 * time.Second
)

// maxConfigSize bounds what is read of config.toml.
const maxConfigSize = 1 << 20

// Setup is the new-game dialog's last choices for one game.
type Setup struct {
	Seats []games.SeatInfo // names, human or ai, bot names, characters, symbols
	Rules map[string]any   // house rules as given in the dialog (bool, int or string)
}

// ConfigError says what was wrong with config.toml when it was loaded. The
// defaults are used in place of what could not be read, and the file stays
// untouched until a setting is changed; then it is moved aside (see
// MovedAside) and a fresh one is written.
type ConfigError struct {
	Path     string
	Broken   bool     // the file could not be read or parsed at all
	Problems []string // what was wrong, one phrase per problem
}

func (e *ConfigError) Error() string {
	what := "has settings Tabula cannot use"
	if e.Broken {
		what = "cannot be read"
	}
	return fmt.Sprintf("the settings file %s %s: %s (the defaults are used; the file is kept as it is until you change a setting)",
		e.Path, what, strings.Join(e.Problems, "; "))
}

// Config holds the preferences of config.toml.
//
// Config is not safe for concurrent use: only the UI goroutine may call
// its methods. Every Set method checks the value, refuses a bad one with
// an error that says what is allowed, and writes the whole file atomically
// before returning. If the write fails, the error is returned, the file on
// disk is unchanged, and the new value stays in effect for this run.
type Config struct {
	file    string
	doc     map[string]any // the file's TOML tree; Set methods change only their own keys
	loadErr *ConfigError
	broken  bool   // the file on disk must be moved aside before the next write
	aside   string // where the broken file went
	now     func() time.Time
}

// LoadConfig reads config.toml. It never fails outright: the returned
// Config is always usable. A missing file means defaults and no error. A
// file that cannot be parsed, or that holds bad values, gives a
// *ConfigError that the UI can show; the good values are used, the rest
// take their defaults, and the file is left untouched until a setting
// changes.
func LoadConfig(p Paths) (*Config, error) {
	c := &Config{file: p.ConfigFile(), doc: map[string]any{}, now: time.Now}
	data, err := readLimited(c.file, maxConfigSize)
	if errors.Is(err, fs.ErrNotExist) {
		return c, nil
	}
	if err != nil {
		c.fail(true, err.Error())
		return c, c.loadErr
	}
	var doc map[string]any
	if err := toml.Unmarshal(data, &doc); err != nil {
		c.fail(true, "not valid TOML: "+tomlReason(err))
		return c, c.loadErr
	}
	if doc != nil {
		c.doc = doc
	}
	for _, problem := range checkDoc(c.doc) {
		c.fail(false, problem)
	}
	if c.loadErr != nil {
		return c, c.loadErr
	}
	return c, nil
}

// fail records a load problem and marks the file to be moved aside.
func (c *Config) fail(broken bool, problem string) {
	if c.loadErr == nil {
		c.loadErr = &ConfigError{Path: c.file}
	}
	c.loadErr.Broken = c.loadErr.Broken || broken
	c.loadErr.Problems = append(c.loadErr.Problems, problem)
	c.broken = true
}

// tomlReason says where and why a file is not valid TOML.
func tomlReason(err error) string {
	var de *toml.DecodeError
	if errors.As(err, &de) {
		line, col := de.Position()
		return fmt.Sprintf("%s (line %d, column %d)", strings.TrimPrefix(de.Error(), "toml: "), line, col)
	}
	return err.Error()
}

// Path is the config.toml file.
func (c *Config) Path() string { return c.file }

// LoadErr is the problem found when the file was loaded (nil if none), as
// a *ConfigError.
func (c *Config) LoadErr() error {
	if c.loadErr == nil {
		return nil
	}
	return c.loadErr
}

// MovedAside is where a broken config.toml was moved before the first
// write replaced it ("" if that did not happen).
func (c *Config) MovedAside() string { return c.aside }

// get gives the value at a dotted key ("game.classic.bot"), nil if none.
func (c *Config) get(key string) any {
	var v any = c.doc
	for _, k := range strings.Split(key, ".") {
		table, ok := v.(map[string]any)
		if !ok {
			return nil
		}
		v = table[k]
	}
	return v
}

// put sets the value at a dotted key, making the tables on the way. The
// tables Tabula knows are tables or missing after LoadConfig (checkDoc),
// so put replaces no one else's value.
func (c *Config) put(key string, val any) {
	path := strings.Split(key, ".")
	table := c.doc
	for _, k := range path[:len(path)-1] {
		next, ok := table[k].(map[string]any)
		if !ok {
			next = map[string]any{}
			table[k] = next
		}
		table = next
	}
	table[path[len(path)-1]] = val
}

// set changes one setting and writes the file.
func (c *Config) set(key string, val any) error {
	c.put(key, val)
	return c.save()
}

// save writes the whole file atomically, moving a broken one aside first.
func (c *Config) save() error {
	if c.broken {
		dest, err := moveAside(c.file, c.now())
		if err != nil {
			return err
		}
		c.aside, c.broken = dest, false
	}
	return writeAtomic(c.file, func(w io.Writer) error { return toml.NewEncoder(w).Encode(c.doc) })
}

// ---- appearance and pace ----

// Theme is "system", "light" or "dark".
func (c *Config) Theme() string {
	if s, ok := c.get(keyTheme).(string); ok && checkTheme(s) == nil {
		return s
	}
	return DefaultTheme
}

// SetTheme sets the theme; anything but "system", "light" or "dark" is refused.
func (c *Config) SetTheme(theme string) error {
	if err := checkTheme(theme); err != nil {
		return err
	}
	return c.set(keyTheme, theme)
}

func checkTheme(s string) error {
	for _, t := range Themes {
		if s == t {
			return nil
		}
	}
	return fmt.Errorf("theme %q is not one of %s", s, strings.Join(Themes, ", "))
}

// AnimationSpeed is the multiplier of the normal animation speed (2 = twice
// as fast, so animations take half as long).
func (c *Config) AnimationSpeed() float64 {
	if f, err := animationSpeed(c.get(keyAnimationSpeed)); err == nil {
		return f
	}
	return DefaultAnimationSpeed
}

// AnimationSpeedName is "slow", "normal" or "fast" when the speed is one of
// those, else "".
func (c *Config) AnimationSpeedName() string {
	f := c.AnimationSpeed()
	for name, v := range AnimationSpeeds {
		if v == f {
			return name
		}
	}
	return ""
}

// SetAnimationSpeed sets the multiplier, from 0.25 to 4.
func (c *Config) SetAnimationSpeed(f float64) error {
	if _, err := animationSpeed(f); err != nil {
		return err
	}
	return c.set(keyAnimationSpeed, f)
}

// SetAnimationSpeedName sets the speed by name: "slow", "normal" or "fast".
func (c *Config) SetAnimationSpeedName(name string) error {
	f, ok := AnimationSpeeds[name]
	if !ok {
		return fmt.Errorf("animation speed %q is not one of slow, normal, fast", name)
	}
	return c.set(keyAnimationSpeed, f)
}

// animationSpeed reads a stored speed: a number in range or a name.
func animationSpeed(v any) (float64, error) {
	if s, ok := v.(string); ok {
		if f, ok := AnimationSpeeds[s]; ok {
			return f, nil
		}
		return 0, fmt.Errorf("animation speed %q is not one of slow, normal, fast, or a number from %g to %g", s, MinAnimationSpeed, MaxAnimationSpeed)
	}
	f, ok := toFloat(v)
	if !ok || math.IsNaN(f) || f < MinAnimationSpeed || f > MaxAnimationSpeed {
		return 0, fmt.Errorf("animation speed %v must be a number from %g to %g (or slow, normal, fast)", v, MinAnimationSpeed, MaxAnimationSpeed)
	}
	return f, nil
}

// ReducedMotion reports whether animations are cut to nothing.
func (c *Config) ReducedMotion() bool {
	b, _ := c.get(keyReducedMotion).(bool)
	return b
}

// SetReducedMotion turns reduced motion on or off.
func (c *Config) SetReducedMotion(on bool) error { return c.set(keyReducedMotion, on) }

// ShowNotation reports whether the move list shows each move's notation
// after its words (off by default: players read words).
func (c *Config) ShowNotation() bool {
	b, _ := c.get(keyShowNotation).(bool)
	return b
}

// SetShowNotation turns the move list's notation on or off.
func (c *Config) SetShowNotation(on bool) error { return c.set(keyShowNotation, on) }

// BotDelay is the pause before a bot's move is shown against a person.
func (c *Config) BotDelay() time.Duration { return c.duration(keyBotDelay, DefaultBotDelay) }

// SetBotDelay sets the pause before a bot's move, from 0 to 10 s.
func (c *Config) SetBotDelay(d time.Duration) error {
	return c.setDuration(keyBotDelay, "bot delay", d)
}

// BotPace is the pause between moves when bots play each other.
func (c *Config) BotPace() time.Duration { return c.duration(keyBotPace, DefaultBotPace) }

// SetBotPace sets the pause between bot-vs-bot moves, from 0 to 10 s.
func (c *Config) SetBotPace(d time.Duration) error { return c.setDuration(keyBotPace, "bot pace", d) }

func (c *Config) duration(key string, def time.Duration) time.Duration {
	if d, err := millis(key, c.get(key)); err == nil {
		return d
	}
	return def
}

func (c *Config) setDuration(key, what string, d time.Duration) error {
	if d < 0 || d > MaxBotDelay {
		return fmt.Errorf("%s %v must be from 0 to %v", what, d, MaxBotDelay)
	}
	return c.set(key, d.Milliseconds())
}

// millis reads a stored whole number of milliseconds.
func millis(key string, v any) (time.Duration, error) {
	n, ok := toInt(v)
	if !ok || n < 0 || n > MaxBotDelay.Milliseconds() {
		return 0, fmt.Errorf("%s = %v must be a whole number of milliseconds from 0 to %d", key, v, MaxBotDelay.Milliseconds())
	}
	return time.Duration(n) * time.Millisecond, nil
}

// ---- per game ----

var gameIDPattern = regexp.MustCompile(`^[a-z0-9][a-z0-9_-]{0,31}$`)

func checkGameID(id string) error {
	if !gameIDPattern.MatchString(id) {
		return fmt.Errorf("%q is not a game id (lower-case letters, digits, - and _)", id)
	}
	return nil
}

// DefaultBot is the bot last chosen as the default opponent for a game.
func (c *Config) DefaultBot(game string) (string, bool) {
	if checkGameID(game) != nil {
		return "", false
	}
	s, ok := c.get(keyGame + "." + game + ".bot").(string)
	if !ok || checkBotName(s) != nil {
		return "", false
	}
	return s, true
}

// SetDefaultBot sets a game's default opponent. The name is checked for
// shape only: settings cannot see the bot registry, so the UI offers only
// registered names.
func (c *Config) SetDefaultBot(game, bot string) error {
	if err := checkGameID(game); err != nil {
		return err
	}
	if err := checkBotName(bot); err != nil {
		return err
	}
	return c.set(keyGame+"."+game+".bot", bot)
}

func checkBotName(s string) error {
	if s == "" || utf8.RuneCountInString(s) > 40 || !utf8.ValidString(s) || strings.IndexFunc(s, unicode.IsControl) >= 0 {
		return fmt.Errorf("bot name %q must be 1 to 40 printable characters", s)
	}
	return nil
}

// LastSetup is the last new-game choice for a game, if one was saved. The
// rules are as the dialog gave them; a later version may have changed the
// game's house rules, so check them with games.ValidateRules before use.
func (c *Config) LastSetup(game string) (Setup, bool) {
	if checkGameID(game) != nil {
		return Setup{}, false
	}
	base := keyGame + "." + game + ".last."
	seatsV, rulesV := c.get(base+"seats"), c.get(base+"rules")
	if seatsV == nil {
		return Setup{}, false
	}
	seats, err := decodeSeats(seatsV)
	if err != nil {
		return Setup{}, false
	}
	rules := map[string]any{}
	if rulesV != nil {
		if rules, err = decodeRules(rulesV); err != nil {
			return Setup{}, false
		}
	}
	return Setup{Seats: seats, Rules: rules}, true
}

// SetLastSetup remembers the new-game choice for a game. Seats need a name
// (up to 40 characters), a controller "human" or "ai", and a bot name for
// "ai"; rules must be bool, whole-number or string values, and when the
// game is registered they must pass its house-rule checks.
func (c *Config) SetLastSetup(game string, s Setup) error {
	if err := checkGameID(game); err != nil {
		return err
	}
	if len(s.Seats) == 0 || len(s.Seats) > 8 {
		return fmt.Errorf("a setup needs 1 to 8 seats, not %d", len(s.Seats))
	}
	for i, seat := range s.Seats {
		if err := checkSeat(seat); err != nil {
			return fmt.Errorf("seat %d: %w", i+1, err)
		}
	}
	if g, ok := games.Lookup(game); ok {
		lo, hi := g.SeatRange()
		if len(s.Seats) < lo || len(s.Seats) > hi {
			return fmt.Errorf("%s is played by %d to %d seats, not %d", g.Name(), lo, hi, len(s.Seats))
		}
		if _, err := games.ValidateRules(g.RuleSpecs(), s.Rules); err != nil {
			return err
		}
	}
	rules, err := encodeRules(s.Rules)
	if err != nil {
		return err
	}
	base := keyGame + "." + game + ".last."
	c.put(base+"seats", encodeSeats(s.Seats))
	c.put(base+"rules", rules)
	return c.save()
}

func checkSeat(s games.SeatInfo) error {
	name := strings.TrimSpace(s.Name)
	if name == "" || utf8.RuneCountInString(name) > 40 || !utf8.ValidString(name) || strings.IndexFunc(name, unicode.IsControl) >= 0 {
		return fmt.Errorf("the name %q must be 1 to 40 printable characters", s.Name)
	}
	switch s.Controller {
	case "human":
	case "ai":
		if err := checkBotName(s.Bot); err != nil {
			return err
		}
	default:
		return fmt.Errorf("controller %q must be human or ai", s.Controller)
	}
	if s.Character != "" && checkBotName(s.Character) != nil {
		return fmt.Errorf("character %q must be 1 to 40 printable characters", s.Character)
	}
	if s.Symbol != "" && (utf8.RuneCountInString(s.Symbol) > maxSymbolRunes || checkBotName(s.Symbol) != nil) {
		return fmt.Errorf("symbol %q must be 1 to %d printable characters", s.Symbol, maxSymbolRunes)
	}
	return nil
}

// maxSymbolRunes bounds a seat's chosen symbol: one character, or a few
// that make one (an accented letter, an icon with a variation selector).
const maxSymbolRunes = 4

func encodeSeats(seats []games.SeatInfo) []any {
	out := make([]any, len(seats))
	for i, s := range seats {
		m := map[string]any{"name": s.Name, "controller": s.Controller}
		if s.Bot != "" {
			m["bot"] = s.Bot
		}
		if s.Character != "" {
			m["character"] = s.Character
		}
		if s.Symbol != "" {
			m["symbol"] = s.Symbol
		}
		out[i] = m
	}
	return out
}

func decodeSeats(v any) ([]games.SeatInfo, error) {
	list, ok := v.([]any)
	if !ok {
		return nil, errors.New("seats must be a list of tables")
	}
	out := make([]games.SeatInfo, len(list))
	for i, item := range list {
		m, ok := item.(map[string]any)
		if !ok {
			return nil, fmt.Errorf("seat %d is not a table", i+1)
		}
		str := func(k string) string { s, _ := m[k].(string); return s }
		out[i] = games.SeatInfo{Name: str("name"), Controller: str("controller"), Bot: str("bot"), Character: str("character"), Symbol: str("symbol")}
		if err := checkSeat(out[i]); err != nil {
			return nil, fmt.Errorf("seat %d: %w", i+1, err)
		}
	}
	if len(out) == 0 || len(out) > 8 {
		return nil, fmt.Errorf("a setup needs 1 to 8 seats, not %d", len(out))
	}
	return out, nil
}

func encodeRules(rules map[string]any) ([]any, error) {
	keys := make([]string, 0, len(rules))
	for k := range rules {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	out := make([]any, 0, len(keys))
	for _, k := range keys {
		v, err := ruleValue(k, rules[k])
		if err != nil {
			return nil, err
		}
		out = append(out, map[string]any{"key": k, "value": v})
	}
	return out, nil
}

func decodeRules(v any) (map[string]any, error) {
	list, ok := v.([]any)
	if !ok {
		return nil, errors.New("rules must be a list of {key, value} tables")
	}
	out := map[string]any{}
	for i, item := range list {
		m, ok := item.(map[string]any)
		if !ok {
			return nil, fmt.Errorf("rule %d is not a table", i+1)
		}
		k, _ := m["key"].(string)
		val, err := ruleValue(k, m["value"])
		if err != nil {
			return nil, err
		}
		out[k] = val
	}
	return out, nil
}

// ruleValue checks a house-rule key and value and normalises numbers to int.
func ruleValue(k string, v any) (any, error) {
	if k == "" || utf8.RuneCountInString(k) > 64 {
		return nil, fmt.Errorf("house rule key %q must be 1 to 64 characters", k)
	}
	switch x := v.(type) {
	case bool, string:
		return x, nil
	}
	if n, ok := toInt(v); ok {
		return int(n), nil
	}
	return nil, fmt.Errorf("house rule %q: %v is not true/false, a whole number or a word", k, v)
}

// checkDoc checks the settings Tabula knows in a file just read and
// removes those it cannot use: they take their defaults, and the file is
// moved aside before the next write, so nothing is lost. It returns one
// phrase per problem. Every other key is left exactly as it is.
func checkDoc(doc map[string]any) []string {
	problems := checkTable("", doc, map[string]func(any) error{
		keyTheme: func(v any) error {
			if s, _ := v.(string); checkTheme(s) != nil {
				return fmt.Errorf("theme = %v is not one of %s", v, strings.Join(Themes, ", "))
			}
			return nil
		},
		keyAnimationSpeed: func(v any) error { _, err := animationSpeed(v); return err },
		keyReducedMotion:  func(v any) error { return checkBool(keyReducedMotion, v) },
		keyShowNotation:   func(v any) error { return checkBool(keyShowNotation, v) },
		keyBotDelay:       func(v any) error { _, err := millis(keyBotDelay, v); return err },
		keyBotPace:        func(v any) error { _, err := millis(keyBotPace, v); return err },
		keyGame:           isTable("game"),
	})
	gameTables, _ := doc[keyGame].(map[string]any)
	for id, v := range gameTables {
		where := "[game." + id + "] "
		err := checkGameID(id)
		if err == nil {
			err = isTable("game." + id)(v)
		}
		if err != nil {
			delete(gameTables, id)
			problems = append(problems, where+err.Error())
			continue
		}
		game := v.(map[string]any)
		problems = append(problems, checkTable(where, game, map[string]func(any) error{
			"bot": func(v any) error {
				if s, _ := v.(string); checkBotName(s) != nil {
					return fmt.Errorf("bot = %v must be 1 to 40 printable characters", v)
				}
				return nil
			},
			"last": isTable("last"),
		})...)
		last, _ := game["last"].(map[string]any)
		problems = append(problems, checkTable(where, last, map[string]func(any) error{
			"seats": func(v any) error { _, err := decodeSeats(v); return wrap("last.seats", err) },
			"rules": func(v any) error { _, err := decodeRules(v); return wrap("last.rules", err) },
		})...)
	}
	sort.Strings(problems)
	return problems
}

// checkTable removes from a table the keys whose values fail their check,
// with one phrase per problem that starts with where. Other keys stay.
func checkTable(where string, table map[string]any, checks map[string]func(any) error) (problems []string) {
	for key, check := range checks {
		if v, ok := table[key]; ok {
			if err := check(v); err != nil {
				delete(table, key)
				problems = append(problems, where+err.Error())
			}
		}
	}
	return problems
}

// isTable checks that a value is a TOML table.
func isTable(key string) func(any) error {
	return func(v any) error {
		if _, ok := v.(map[string]any); !ok {
			return fmt.Errorf("%s = %v must be a table", key, v)
		}
		return nil
	}
}

// checkBool checks that a setting is true or false.
func checkBool(key string, v any) error {
	if _, ok := v.(bool); !ok {
		return fmt.Errorf("%s = %v must be true or false", key, v)
	}
	return nil
}

// wrap puts a key's name before its problem (nil stays nil).
func wrap(key string, err error) error {
	if err == nil {
		return nil
	}
	return fmt.Errorf("%s: %w", key, err)
}

func toInt(v any) (int64, bool) {
	switch x := v.(type) {
	case int:
		return int64(x), true
	case int64:
		return x, true
	case int32:
		return int64(x), true
	case float64:
		if x == math.Trunc(x) && math.Abs(x) <= 1<<53 {
			return int64(x), true
		}
	}
	return 0, false
}

func toFloat(v any) (float64, bool) {
	switch x := v.(type) {
	case float64:
		return x, true
	case int:
		return float64(x), true
	case int64:
		return float64(x), true
	}
	return 0, false
}
