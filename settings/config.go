package settings

import (
	"errors"
	"fmt"
	"io/fs"
	"math"
	"os"
	"regexp"
	"sort"
	"strconv"
	"strings"
	"sync"
	"time"
	"unicode"
	"unicode/utf8"

	"github.com/pelletier/go-toml/v2"
	"github.com/spf13/viper"

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
// The file is read and written through viper, which folds every key to
// lower case: every key Tabula writes is lower snake_case, and house rules
// are a list of {key, value} pairs, never a table, so their camelCase keys
// are values and keep their case. Every other key (a newer version's, say)
// is kept with its value, type and nesting, its name folded to lower case.
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

// defaults are the values of the settings the file does not hold. They
// are given to viper and never written: a later version may change them.
var defaults = map[string]any{
	keyTheme:          DefaultTheme,
	keyAnimationSpeed: DefaultAnimationSpeed,
	keyReducedMotion:  false,
	keyShowNotation:   false,
	keyBotDelay:       DefaultBotDelay.Milliseconds(),
	keyBotPace:        DefaultBotPace.Milliseconds(),
}

// maxConfigSize bounds what is read of config.toml.
const maxConfigSize = 1 << 20

// maxConfigDepth bounds how deeply tables and arrays nest in config.toml.
// Tabula's own settings go six levels deep (game.<id>.last.seats[i]);
// viper's handling of a key costs in proportion to its depth, so a file of
// thousands of levels would take minutes to read.
const maxConfigDepth = 32

// EnvPrefix starts the environment variables that override settings.
const EnvPrefix = "TABULA"

// envReplacer turns a key's dots (tables) and dashes (game ids) into the
// underscores of an environment variable's name.
var envReplacer = strings.NewReplacer(".", "_", "-", "_")

// EnvName is the environment variable that overrides a setting for one
// run: TABULA_ and the key in capitals, dots and dashes as underscores
// ("bot_delay_ms" is TABULA_BOT_DELAY_MS, "game.classic.bot" is
// TABULA_GAME_CLASSIC_BOT). This is how viper names them.
func EnvName(key string) string { return envReplacer.Replace(strings.ToUpper(EnvPrefix + "_" + key)) }

// Setup is the new-game dialog's last choices for one game.
type Setup struct {
	Seats []games.SeatInfo // names, human or ai, bot names, characters, symbols
	Rules map[string]any   // house rules as given in the dialog (bool, int or string)
}

// ConfigError says what was wrong with config.toml, or with the
// environment variables that override settings, when it was loaded. What
// could not be used is left out: the file's value or the default stands.
// A file with problems stays untouched until a setting is changed; then
// it is moved aside (see MovedAside) and a fresh one is written.
type ConfigError struct {
	Path     string
	Broken   bool     // the file could not be read or parsed at all
	Problems []string // what was wrong in the file, one phrase per problem
	Env      []string // the environment variables ignored, and why
}

func (e *ConfigError) Error() string {
	var parts []string
	if e.Broken || len(e.Problems) > 0 {
		what := "has settings Tabula cannot use"
		if e.Broken {
			what = "cannot be read"
		}
		parts = append(parts, fmt.Sprintf("the settings file %s %s: %s (the defaults are used; the file is kept as it is until you change a setting)",
			shownFile(e.Path), what, strings.Join(e.Problems, "; ")))
	}
	if len(e.Env) > 0 {
		parts = append(parts, "these environment variables are ignored: "+strings.Join(e.Env, "; "))
	}
	return strings.Join(parts, ". ")
}

// Config holds the preferences of config.toml. Its methods are safe for
// concurrent use (viper is not: a mutex guards it).
//
// A setting is read through viper, in its order: a change made in this
// run, then the environment (TABULA_THEME=dark, see EnvName), then the
// file, then the default. Every Set method checks the value, refuses a bad
// one with an error that says what is allowed, and writes the file before
// returning: under a lock (config.toml.lock beside it, as for stats.json)
// it reads the file as it is now, so what other windows changed is kept,
// changes only its own keys, and writes the file atomically. Neither the
// defaults nor the environment's overrides are written. If the write
// fails, the error is returned, the file on disk is unchanged, and the new
// value stays in effect for this run.
type Config struct {
	mu      sync.Mutex
	file    string
	doc     map[string]any // the file as last read or written here, checked, keys in lower case
	chosen  map[string]any // the changes made in this run, by key
	v       *viper.Viper   // what the app reads: chosen, environment, doc, defaults
	loadErr *ConfigError
	broken  bool   // the file on disk has problems that were reported: the next write moves it aside
	aside   string // where the broken file went
	now     func() time.Time
}

// LoadConfig reads config.toml. It never fails outright: the returned
// Config is always usable. A missing file means defaults and no error. A
// file that cannot be parsed, or that holds bad values, gives a
// *ConfigError that the UI can show; the good values are used, the rest
// take their defaults, and the file is left untouched until a setting
// changes. An environment variable with a bad value is reported in the
// same error and ignored.
func LoadConfig(p Paths) (*Config, error) {
	c := &Config{file: p.ConfigFile(), doc: map[string]any{}, chosen: map[string]any{}, now: time.Now}
	doc, problems, err := readConfig(c.file)
	switch {
	case errors.Is(err, fs.ErrNotExist):
	case err != nil:
		c.fail(true, err.Error())
	default:
		c.doc = doc
		for _, problem := range problems {
			c.fail(false, problem)
		}
	}
	c.checkEnv()
	c.rebuild()
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

// readConfig reads config.toml and returns its checked tree (see
// parseConfig). A missing file gives an error that is fs.ErrNotExist.
func readConfig(path string) (map[string]any, []string, error) {
	data, err := readLimited(path, maxConfigSize)
	if err != nil {
		return nil, nil, err
	}
	return parseConfig(data)
}

// parseConfig turns config.toml's bytes into the tree viper keeps: keys in
// lower case, without what viper cannot keep (dropUnkeepable) or what
// Tabula cannot use (checkDoc), each with a phrase in problems. The error
// says why a file cannot be read at all.
func parseConfig(data []byte) (map[string]any, []string, error) {
	// go-toml is viper's own TOML reader; it is called here first because
	// viper hides the keys' case, and dropUnkeepable must see it.
	var raw map[string]any
	if err := toml.Unmarshal(data, &raw); err != nil {
		return nil, nil, errors.New("not valid TOML: " + tomlReason(err))
	}
	if nestedDeeper(raw, maxConfigDepth) {
		return nil, nil, fmt.Errorf("the file is nested too deeply to be a settings file (tables and lists more than %d levels deep)", maxConfigDepth)
	}
	problems := dropUnkeepable("", raw)
	v := viper.New()
	if err := v.MergeConfigMap(raw); err != nil {
		return nil, nil, err
	}
	doc := v.AllSettings()
	problems = append(problems, checkDoc(doc)...)
	sort.Strings(problems)
	return doc, problems, nil
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

// nestedDeeper reports whether tables and lists nest more than levels
// deep in a TOML value. It stops as soon as they do.
func nestedDeeper(v any, levels int) bool {
	var items []any
	switch x := v.(type) {
	case map[string]any:
		for _, item := range x {
			items = append(items, item)
		}
	case []any:
		items = x
	default:
		return false
	}
	if levels == 0 {
		return true
	}
	for _, item := range items {
		if nestedDeeper(item, levels-1) {
			return true
		}
	}
	return false
}

// dropUnkeepable removes from a TOML tree the keys viper cannot keep
// apart, with one phrase per problem: keys of one table that differ only
// in capitals (viper folds every key to lower case, and would keep one of
// them at random) and keys with a dot in their name (viper reads the dot
// as a table). The file itself is moved aside before the next write, so
// nothing is lost. where names the table ("" for the top).
func dropUnkeepable(where string, v any) (problems []string) {
	switch x := v.(type) {
	case map[string]any:
		folded := map[string][]string{}
		for k := range x {
			folded[strings.ToLower(k)] = append(folded[strings.ToLower(k)], k)
		}
		for _, keys := range folded {
			if len(keys) == 1 {
				continue
			}
			sort.Strings(keys)
			for _, k := range keys {
				delete(x, k)
			}
			problems = append(problems, fmt.Sprintf("%sthe keys %s differ only in capitals, and keys are read in lower case: they are left out", inTable(where), quoteAll(keys)))
		}
		for k, item := range x {
			if strings.Contains(k, ".") {
				delete(x, k)
				problems = append(problems, fmt.Sprintf("%sthe key %q has a dot in its name, which would be read as a table: it is left out", inTable(where), k))
				continue
			}
			problems = append(problems, dropUnkeepable(joinKey(where, k), item)...)
		}
	case []any:
		for i, item := range x {
			problems = append(problems, dropUnkeepable(fmt.Sprintf("%s[%d]", where, i+1), item)...)
		}
	}
	return problems
}

func joinKey(where, k string) string {
	if where == "" {
		return k
	}
	return where + "." + k
}

func inTable(where string) string {
	if where == "" {
		return ""
	}
	return "[" + where + "] "
}

func quoteAll(keys []string) string {
	q := make([]string, len(keys))
	for i, k := range keys {
		q[i] = strconv.Quote(k)
	}
	return strings.Join(q, " and ")
}

// checkEnv reports the environment variables that override a setting
// with a value Tabula cannot use; each is ignored.
func (c *Config) checkEnv() {
	checks := map[string]func(any) error{
		keyTheme:          func(v any) error { _, err := themeOf(v); return err },
		keyAnimationSpeed: func(v any) error { _, err := speedOf(v); return err },
		keyReducedMotion:  func(v any) error { _, err := boolOf(keyReducedMotion)(v); return err },
		keyShowNotation:   func(v any) error { _, err := boolOf(keyShowNotation)(v); return err },
		keyBotDelay:       func(v any) error { _, err := millisOf(keyBotDelay)(v); return err },
		keyBotPace:        func(v any) error { _, err := millisOf(keyBotPace)(v); return err },
		keyServerAddress:  func(v any) error { _, err := serverTextOf(keyServerAddress)(v); return err },
		keyServerKey:      func(v any) error { _, err := serverTextOf(keyServerKey)(v); return err },
	}
	for _, g := range games.All() {
		checks[gameKey(g.ID(), "bot")] = func(v any) error { _, err := botOf(v); return err }
	}
	keys := make([]string, 0, len(checks))
	for key := range checks {
		keys = append(keys, key)
	}
	sort.Strings(keys)
	for _, key := range keys {
		name := EnvName(key)
		text := os.Getenv(name) // viper reads an empty variable as unset too
		if text == "" {
			continue
		}
		if err := checks[key](text); err != nil {
			if c.loadErr == nil {
				c.loadErr = &ConfigError{Path: c.file}
			}
			c.loadErr.Env = append(c.loadErr.Env, fmt.Sprintf("%s=%s (%v)", name, text, err))
		}
	}
}

// rebuild makes the viper the app reads from: the defaults, the file's
// tree, the environment variables TABULA_*, and this run's changes on top.
// The caller holds c.mu (or owns c alone).
func (c *Config) rebuild() {
	v := viper.New()
	for key, value := range defaults {
		v.SetDefault(key, value)
	}
	v.SetEnvPrefix(EnvPrefix)
	v.SetEnvKeyReplacer(envReplacer)
	v.AutomaticEnv()
	v.MergeConfigMap(c.doc) // never fails; keeps c.doc's tables, which nothing changes in place
	for key, value := range c.chosen {
		v.Set(key, value)
	}
	c.v = v
}

// lookup gives a setting as viper finds it, if parse accepts it. A value
// it refuses can only come from the environment (the file's were checked
// when it was read, and changes when they were made): it is ignored, as
// LoadConfig reported, and the file's value or the default stands.
func lookup[T any](c *Config, key string, parse func(any) (T, error)) (T, bool) {
	c.mu.Lock()
	defer c.mu.Unlock()
	for _, v := range []any{c.v.Get(key), treeValue(c.doc, key), defaults[key]} {
		if x, err := parse(v); err == nil {
			return x, true
		}
	}
	var none T
	return none, false
}

// treeValue gives the value at a dotted key ("game.classic.bot") of a
// tree, nil if none.
func treeValue(doc map[string]any, key string) any {
	var v any = doc
	for _, k := range strings.Split(key, ".") {
		table, ok := v.(map[string]any)
		if !ok {
			return nil
		}
		v = table[k]
	}
	return v
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

// MovedAside is where a broken config.toml was moved before a write
// replaced it ("" if that did not happen).
func (c *Config) MovedAside() string {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.aside
}

// set changes settings (dotted keys) and writes the file. The new values
// are in effect for this run even if the write fails.
func (c *Config) set(changes map[string]any) error {
	c.mu.Lock()
	defer c.mu.Unlock()
	for key, value := range changes {
		c.chosen[key] = value
	}
	err := withLock(c.file, func() error { return c.merge(changes) })
	c.rebuild()
	return err
}

// merge writes the changes into config.toml as it is on disk now. The
// caller holds the file's lock. A file with problems is moved aside first
// if they were reported (by LoadConfig, or by an earlier change); problems
// that appeared since are reported by this call, which then writes nothing.
func (c *Config) merge(changes map[string]any) error {
	doc, problems, err := readConfig(c.file)
	switch {
	case errors.Is(err, fs.ErrNotExist):
		doc = map[string]any{}
	case err != nil || len(problems) > 0:
		if !c.broken {
			c.broken = true
			if err != nil {
				return &ConfigError{Path: c.file, Broken: true, Problems: []string{err.Error()}}
			}
			return &ConfigError{Path: c.file, Problems: problems}
		}
		if err != nil {
			doc = c.doc // the settings as last read: nothing of the file can be read now
		}
		dest, err := moveAside(c.file, c.now())
		if err != nil {
			return err
		}
		c.aside = dest
	}
	c.broken = false
	w := viper.New()
	w.SetConfigType("toml")
	w.MergeConfigMap(doc)
	for key, value := range changes {
		w.Set(key, value)
	}
	if err := writeAtomic(c.file, w.WriteConfigTo); err != nil {
		return err
	}
	c.doc = w.AllSettings()
	return nil
}

// ---- appearance and pace ----

// Theme is "system", "light" or "dark".
func (c *Config) Theme() string {
	s, _ := lookup(c, keyTheme, themeOf)
	return s
}

// SetTheme sets the theme; anything but "system", "light" or "dark" is refused.
func (c *Config) SetTheme(theme string) error {
	if err := checkTheme(theme); err != nil {
		return err
	}
	return c.set(map[string]any{keyTheme: theme})
}

func checkTheme(s string) error {
	for _, t := range Themes {
		if s == t {
			return nil
		}
	}
	return fmt.Errorf("theme %q is not one of %s", s, strings.Join(Themes, ", "))
}

// themeOf reads a theme from the file or the environment.
func themeOf(v any) (string, error) {
	s, ok := v.(string)
	if !ok {
		return "", fmt.Errorf("theme %v is not one of %s", v, strings.Join(Themes, ", "))
	}
	return s, checkTheme(s)
}

// AnimationSpeed is the multiplier of the normal animation speed (2 = twice
// as fast, so animations take half as long).
func (c *Config) AnimationSpeed() float64 {
	f, _ := lookup(c, keyAnimationSpeed, speedOf)
	return f
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
	return c.set(map[string]any{keyAnimationSpeed: f})
}

// SetAnimationSpeedName sets the speed by name: "slow", "normal" or "fast".
func (c *Config) SetAnimationSpeedName(name string) error {
	f, ok := AnimationSpeeds[name]
	if !ok {
		return fmt.Errorf("animation speed %q is not one of slow, normal, fast", name)
	}
	return c.set(map[string]any{keyAnimationSpeed: f})
}

// animationSpeed reads a speed as the file holds it: a number in range or
// a name.
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

// speedOf reads a speed from the file or the environment, whose numbers
// are text ("1.5").
func speedOf(v any) (float64, error) {
	if s, ok := v.(string); ok {
		if f, err := strconv.ParseFloat(s, 64); err == nil {
			v = f
		}
	}
	return animationSpeed(v)
}

// ReducedMotion reports whether animations are cut to nothing.
func (c *Config) ReducedMotion() bool {
	b, _ := lookup(c, keyReducedMotion, boolOf(keyReducedMotion))
	return b
}

// SetReducedMotion turns reduced motion on or off.
func (c *Config) SetReducedMotion(on bool) error {
	return c.set(map[string]any{keyReducedMotion: on})
}

// ShowNotation reports whether the move list shows each move's notation
// after its words (off by default: players read words).
func (c *Config) ShowNotation() bool {
	b, _ := lookup(c, keyShowNotation, boolOf(keyShowNotation))
	return b
}

// SetShowNotation turns the move list's notation on or off.
func (c *Config) SetShowNotation(on bool) error {
	return c.set(map[string]any{keyShowNotation: on})
}

// boolOf reads a setting that is true or false, from the file or the
// environment ("true", "false").
func boolOf(key string) func(any) (bool, error) {
	return func(v any) (bool, error) {
		if s, ok := v.(string); ok {
			if b, err := strconv.ParseBool(s); err == nil {
				return b, nil
			}
		}
		b, ok := v.(bool)
		if !ok {
			return false, fmt.Errorf("%s = %v must be true or false", key, v)
		}
		return b, nil
	}
}

// BotDelay is the pause before a bot's move is shown against a person.
func (c *Config) BotDelay() time.Duration {
	d, _ := lookup(c, keyBotDelay, millisOf(keyBotDelay))
	return d
}

// SetBotDelay sets the pause before a bot's move, from 0 to 10 s.
func (c *Config) SetBotDelay(d time.Duration) error {
	return c.setDuration(keyBotDelay, "bot delay", d)
}

// BotPace is the pause between moves when bots play each other.
func (c *Config) BotPace() time.Duration {
	d, _ := lookup(c, keyBotPace, millisOf(keyBotPace))
	return d
}

// SetBotPace sets the pause between bot-vs-bot moves, from 0 to 10 s.
func (c *Config) SetBotPace(d time.Duration) error { return c.setDuration(keyBotPace, "bot pace", d) }

func (c *Config) setDuration(key, what string, d time.Duration) error {
	if d < 0 || d > MaxBotDelay {
		return fmt.Errorf("%s %v must be from 0 to %v", what, d, MaxBotDelay)
	}
	return c.set(map[string]any{key: d.Milliseconds()})
}

// millis reads a whole number of milliseconds as the file holds it.
func millis(key string, v any) (time.Duration, error) {
	n, ok := toInt(v)
	if !ok || n < 0 || n > MaxBotDelay.Milliseconds() {
		return 0, fmt.Errorf("%s = %v must be a whole number of milliseconds from 0 to %d", key, v, MaxBotDelay.Milliseconds())
	}
	return time.Duration(n) * time.Millisecond, nil
}

// millisOf reads milliseconds from the file or the environment ("400").
func millisOf(key string) func(any) (time.Duration, error) {
	return func(v any) (time.Duration, error) {
		if s, ok := v.(string); ok {
			if n, err := strconv.ParseInt(s, 10, 64); err == nil {
				v = n
			}
		}
		return millis(key, v)
	}
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
	return lookup(c, gameKey(game, "bot"), botOf)
}

// gameKey is the dotted key of one of a game's settings.
func gameKey(game, key string) string { return keyGame + "." + game + "." + key }

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
	return c.set(map[string]any{gameKey(game, "bot"): bot})
}

func checkBotName(s string) error {
	if s == "" || utf8.RuneCountInString(s) > 40 || !utf8.ValidString(s) || strings.IndexFunc(s, unicode.IsControl) >= 0 {
		return fmt.Errorf("bot name %q must be 1 to 40 printable characters", s)
	}
	return nil
}

// botOf reads a bot name from the file or the environment.
func botOf(v any) (string, error) {
	s, ok := v.(string)
	if !ok || checkBotName(s) != nil {
		return "", fmt.Errorf("bot = %v must be 1 to 40 printable characters", v)
	}
	return s, nil
}

// LastSetup is the last new-game choice for a game, if one was saved. The
// rules are as the dialog gave them; a later version may have changed the
// game's house rules, so check them with games.ValidateRules before use.
func (c *Config) LastSetup(game string) (Setup, bool) {
	if checkGameID(game) != nil {
		return Setup{}, false
	}
	seats, ok := lookup(c, gameKey(game, "last.seats"), decodeSeats)
	if !ok {
		return Setup{}, false
	}
	rules, ok := lookup(c, gameKey(game, "last.rules"), func(v any) (map[string]any, error) {
		if v == nil {
			return map[string]any{}, nil // none were saved
		}
		return decodeRules(v)
	})
	if !ok {
		return Setup{}, false
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
	return c.set(map[string]any{gameKey(game, "last.seats"): encodeSeats(s.Seats), gameKey(game, "last.rules"): rules})
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
