package settings

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"
	"time"

	"github.com/pelletier/go-toml/v2"

	"github.com/tabulagames/tabula/games"
)

func TestConfigDefaults(t *testing.T) {
	p := home(t)
	c, err := LoadConfig(p)
	if err != nil {
		t.Fatal(err)
	}
	if c.Theme() != "system" || c.AnimationSpeed() != 1 || c.AnimationSpeedName() != "normal" ||
		c.ReducedMotion() || c.BotDelay() != DefaultBotDelay || c.BotPace() != DefaultBotPace {
		t.Fatalf("defaults: %q %v %v %v %v", c.Theme(), c.AnimationSpeed(), c.ReducedMotion(), c.BotDelay(), c.BotPace())
	}
	if _, ok := c.DefaultBot("classic"); ok {
		t.Fatal("default bot out of nowhere")
	}
	if _, ok := c.LastSetup("classic"); ok {
		t.Fatal("last setup out of nowhere")
	}
	if c.LoadErr() != nil {
		t.Fatal(c.LoadErr())
	}
}

func TestConfigRoundTrip(t *testing.T) {
	p := home(t)
	c, _ := LoadConfig(p)
	must := func(err error) {
		t.Helper()
		if err != nil {
			t.Fatal(err)
		}
	}
	must(c.SetTheme("dark"))
	must(c.SetAnimationSpeedName("fast"))
	must(c.SetReducedMotion(true))
	must(c.SetBotDelay(250 * time.Millisecond))
	must(c.SetBotPace(2 * time.Second))
	must(c.SetDefaultBot("classic", "hard"))
	must(c.SetDefaultBot("alcazar", "Greedy Gus"))
	setup := Setup{
		Seats: []games.SeatInfo{
			{Name: `Ana "the great" Łukasiewicz`, Controller: "human"},
			{Name: "Computer", Controller: "ai", Bot: "expert", Character: "Rex"},
		},
		Rules: map[string]any{"bothLinesDraw": true, "boardSize": 8, "Variant": "Fast"},
	}
	must(c.SetLastSetup("nosuchgame", setup))

	c2, err := LoadConfig(p)
	if err != nil {
		t.Fatalf("reload: %v\n%s", err, readFile(t, p.ConfigFile()))
	}
	if c2.Theme() != "dark" || c2.AnimationSpeed() != 2 || c2.AnimationSpeedName() != "fast" || !c2.ReducedMotion() ||
		c2.BotDelay() != 250*time.Millisecond || c2.BotPace() != 2*time.Second {
		t.Fatalf("reloaded: %q %v %v %v %v", c2.Theme(), c2.AnimationSpeed(), c2.ReducedMotion(), c2.BotDelay(), c2.BotPace())
	}
	if b, ok := c2.DefaultBot("classic"); !ok || b != "hard" {
		t.Fatalf("default bot classic = %q %v", b, ok)
	}
	if b, ok := c2.DefaultBot("alcazar"); !ok || b != "Greedy Gus" {
		t.Fatalf("default bot alcazar = %q %v", b, ok)
	}
	got, ok := c2.LastSetup("nosuchgame")
	if !ok || !reflect.DeepEqual(got, setup) {
		t.Fatalf("last setup = %+v %v\nwant %+v\nfile:\n%s", got, ok, setup, readFile(t, p.ConfigFile()))
	}
	// The value set in this run reads back the same without a reload.
	if got, _ := c.LastSetup("nosuchgame"); !reflect.DeepEqual(got, setup) {
		t.Fatalf("in-memory last setup = %+v", got)
	}
	must(c2.SetAnimationSpeed(1.5))
	c3, _ := LoadConfig(p)
	if c3.AnimationSpeed() != 1.5 || c3.AnimationSpeedName() != "" || c3.Theme() != "dark" {
		t.Fatalf("speed 1.5: %v %q %q", c3.AnimationSpeed(), c3.AnimationSpeedName(), c3.Theme())
	}
	noTemps(t, p.Config)
}

// The symbol a player chose for a seat (revenge) is remembered with the
// rest of the seat, and one that is too long or unprintable is refused.
// The move list's notation is off until a player turns it on; the choice
// is kept in config.toml as show_notation, and a value that is not true or
// false is refused on load like any other bad setting.
func TestConfigKeepsShowNotation(t *testing.T) {
	p := home(t)
	c, _ := LoadConfig(p)
	if c.ShowNotation() {
		t.Fatal("notation is shown by default")
	}
	if err := c.SetShowNotation(true); err != nil {
		t.Fatal(err)
	}
	if text := string(readFile(t, p.ConfigFile())); !strings.Contains(text, "show_notation = true") {
		t.Fatalf("config.toml does not keep the key:\n%s", text)
	}
	c2, err := LoadConfig(p)
	if err != nil || !c2.ShowNotation() {
		t.Fatalf("reloaded: %v, %v", c2.ShowNotation(), err)
	}
	writeFile(t, p.ConfigFile(), []byte("show_notation = \"yes\"\n"))
	c3, err := LoadConfig(p)
	if err == nil || !strings.Contains(err.Error(), "show_notation") || c3.ShowNotation() {
		t.Fatalf("a bad value was taken: %v, %v", c3.ShowNotation(), err)
	}
}

func TestLastSetupKeepsSeatSymbols(t *testing.T) {
	p := home(t)
	c, _ := LoadConfig(p)
	setup := Setup{Seats: []games.SeatInfo{
		{Name: "Ana", Controller: "human", Symbol: "Δ"},
		{Name: "Computer", Controller: "ai", Bot: "hard", Symbol: "X"},
		{Name: "Bo", Controller: "human"}, // no symbol chosen: none comes back
	}}
	if err := c.SetLastSetup("nosuchgame", setup); err != nil {
		t.Fatal(err)
	}
	c2, err := LoadConfig(p)
	if err != nil {
		t.Fatal(err)
	}
	if got, ok := c2.LastSetup("nosuchgame"); !ok || !reflect.DeepEqual(got.Seats, setup.Seats) {
		t.Fatalf("seats read back as %+v\nfile:\n%s", got.Seats, readFile(t, p.ConfigFile()))
	}
	for _, bad := range []string{"XXXXX", "\t"} {
		s := Setup{Seats: []games.SeatInfo{{Name: "Ana", Controller: "human", Symbol: bad}}}
		if err := c.SetLastSetup("nosuchgame", s); err == nil || !strings.Contains(err.Error(), "symbol") {
			t.Errorf("symbol %q: err = %v", bad, err)
		}
	}
}

func TestConfigRefusesBadValues(t *testing.T) {
	p := home(t)
	c, _ := LoadConfig(p)
	cases := []struct {
		err  error
		want string
	}{
		{c.SetTheme("purple"), "system, light, dark"},
		{c.SetTheme("Dark"), "not one of"},
		{c.SetAnimationSpeed(10), "from 0.25 to 4"},
		{c.SetAnimationSpeed(0), "from 0.25 to 4"},
		{c.SetAnimationSpeedName("warp"), "slow, normal, fast"},
		{c.SetBotDelay(-time.Second), "from 0"},
		{c.SetBotPace(time.Minute), "from 0 to 10s"},
		{c.SetDefaultBot("Classic", "hard"), "not a game id"},
		{c.SetDefaultBot("../x", "hard"), "not a game id"},
		{c.SetDefaultBot("classic", ""), "bot name"},
		{c.SetLastSetup("classic", Setup{}), "1 to 8 seats"},
		{c.SetLastSetup("classic", Setup{Seats: []games.SeatInfo{{Name: "A", Controller: "human"}, {Name: " ", Controller: "human"}}}), "seat 2"},
		{c.SetLastSetup("classic", Setup{Seats: []games.SeatInfo{{Name: "A", Controller: "human"}, {Name: "B", Controller: "robot"}}}), "human or ai"},
		{c.SetLastSetup("classic", Setup{Seats: []games.SeatInfo{{Name: "A", Controller: "human"}, {Name: "B", Controller: "ai"}}}), "bot name"},
		// classic is registered: its seat range and (empty) house rules are checked.
		{c.SetLastSetup("classic", Setup{Seats: []games.SeatInfo{{Name: "A", Controller: "human"}, {Name: "B", Controller: "human"}, {Name: "C", Controller: "human"}}}), "2 to 2 seats"},
		{c.SetLastSetup("classic", Setup{Seats: []games.SeatInfo{{Name: "A", Controller: "human"}, {Name: "B", Controller: "human"}}, Rules: map[string]any{"size": 4}}), "not a house rule"},
		{c.SetLastSetup("future", Setup{Seats: []games.SeatInfo{{Name: "A", Controller: "human"}}, Rules: map[string]any{"x": 1.5}}), "whole number"},
	}
	for i, tc := range cases {
		if tc.err == nil || !strings.Contains(tc.err.Error(), tc.want) {
			t.Errorf("case %d: err = %v, want it to mention %q", i, tc.err, tc.want)
		}
	}
	if _, err := disk.Stat(p.Config); !errors.Is(err, os.ErrNotExist) {
		t.Fatalf("a refused value created the config folder: %v", err)
	}
	if c.Theme() != "system" {
		t.Fatalf("theme after refusals = %q", c.Theme())
	}
}

func TestConfigCorruptFile(t *testing.T) {
	p := home(t)
	broken := []byte("theme = \"dark\"\n[game.classic\nbot = 'hard'\n\x00\x01")
	writeFile(t, p.ConfigFile(), broken)
	before := snap(t, p.ConfigFile())

	c, err := LoadConfig(p)
	var ce *ConfigError
	if !errors.As(err, &ce) || !ce.Broken || c == nil {
		t.Fatalf("LoadConfig(corrupt) = %v, %v", c, err)
	}
	if !strings.Contains(err.Error(), "config.toml") || !strings.Contains(err.Error(), "not valid TOML") {
		t.Fatalf("error does not say what is wrong: %v", err)
	}
	if c.LoadErr() == nil {
		t.Fatal("LoadErr lost the problem")
	}
	// Defaults, and the file is left alone while nothing changes.
	if c.Theme() != "system" || c.ReducedMotion() {
		t.Fatalf("not the defaults: %q", c.Theme())
	}
	if _, ok := c.DefaultBot("classic"); ok {
		t.Fatal("read a bot from a broken file")
	}
	before.untouched(t)
	if _, err := LoadConfig(p); err == nil {
		t.Fatal("second load saw no problem")
	}
	before.untouched(t)

	// The first change moves the broken file aside, whole, and writes anew.
	c.now = func() time.Time { return time.Date(2026, 11, 21, 10, 0, 0, 0, time.UTC) }
	if err := c.SetTheme("light"); err != nil {
		t.Fatal(err)
	}
	aside := c.MovedAside()
	if filepath.Base(aside) != "config.toml.broken-20261121-100000" {
		t.Fatalf("moved aside to %q", aside)
	}
	if got := readFile(t, aside); string(got) != string(broken) {
		t.Fatalf("the broken file was not kept byte for byte: %q", got)
	}
	c2, err := LoadConfig(p)
	if err != nil || c2.Theme() != "light" {
		t.Fatalf("after rewrite: %q, %v", c2.Theme(), err)
	}
	// Later writes do not move the good file aside again.
	if err := c.SetReducedMotion(true); err != nil {
		t.Fatal(err)
	}
	ents, _ := disk.ReadDir(p.Config)
	var names []string
	for _, e := range ents {
		if e.Name() != "config.toml.lock" {
			names = append(names, e.Name())
		}
	}
	if len(names) != 2 {
		t.Fatalf("config folder holds %v, want config.toml and one broken copy (and the lock file)", names)
	}
}

func TestConfigBadValuesInFile(t *testing.T) {
	p := home(t)
	text := `theme = "purple"
animation_speed = "fast"
reduced_motion = "yes"
bot_delay_ms = 100000
bot_pace_ms = 300
future_setting = "kept"

[game.classic]
bot = "hard"

[game.classic.last]
seats = [{name = "Ana", controller = "human"}, {name = "Bot", controller = "martian"}]

[game.alcazar]
bot = 7
`
	writeFile(t, p.ConfigFile(), []byte(text))
	before := snap(t, p.ConfigFile())
	c, err := LoadConfig(p)
	var ce *ConfigError
	if !errors.As(err, &ce) || ce.Broken {
		t.Fatalf("err = %v", err)
	}
	for _, want := range []string{"purple", "reduced_motion", "bot_delay_ms", "martian", "game.alcazar"} {
		if !strings.Contains(err.Error(), want) {
			t.Errorf("error does not mention %q: %v", want, err)
		}
	}
	if len(ce.Problems) != 5 {
		t.Errorf("problems = %q", ce.Problems)
	}
	// Good values are used, bad ones take their defaults.
	if c.Theme() != "system" || c.AnimationSpeed() != 2 || c.ReducedMotion() || c.BotDelay() != DefaultBotDelay || c.BotPace() != 300*time.Millisecond {
		t.Fatalf("values: %q %v %v %v %v", c.Theme(), c.AnimationSpeed(), c.ReducedMotion(), c.BotDelay(), c.BotPace())
	}
	if b, ok := c.DefaultBot("classic"); !ok || b != "hard" {
		t.Fatalf("classic bot = %q", b)
	}
	if _, ok := c.LastSetup("classic"); ok {
		t.Fatal("a bad setup was read")
	}
	before.untouched(t)

	if err := c.SetTheme("dark"); err != nil {
		t.Fatal(err)
	}
	if string(readFile(t, c.MovedAside())) != text {
		t.Fatal("the hand-edited file was not kept")
	}
	c2, err := LoadConfig(p)
	if err != nil {
		t.Fatalf("rewritten file still has problems: %v\n%s", err, readFile(t, p.ConfigFile()))
	}
	if c2.Theme() != "dark" || c2.BotPace() != 300*time.Millisecond {
		t.Fatalf("rewritten: %q %v", c2.Theme(), c2.BotPace())
	}
	if !strings.Contains(string(readFile(t, p.ConfigFile())), "future_setting") {
		t.Fatal("an unknown (newer) setting was dropped")
	}
}

func TestConfigFailedWriteKeepsFile(t *testing.T) {
	p := home(t)
	c, _ := LoadConfig(p)
	if err := c.SetTheme("dark"); err != nil {
		t.Fatal(err)
	}
	before := snap(t, p.ConfigFile())
	failDisk(t)
	err := c.SetTheme("light")
	if err == nil || !isDiskFull(err) {
		t.Fatalf("SetTheme on a full disk: %v", err)
	}
	before.untouched(t)
	noTemps(t, p.Config)
	c2, _ := LoadConfig(p)
	if c2.Theme() != "dark" {
		t.Fatalf("theme on disk = %q", c2.Theme())
	}
}

func TestConfigUnreadableIsNotOverwrittenBeforeAChange(t *testing.T) {
	skipOnWeb(t, "a config.toml that is a folder cannot happen there")
	p := home(t)
	// A folder where the file should be: cannot be read, nothing is touched.
	if err := os.MkdirAll(p.ConfigFile(), 0o755); err != nil {
		t.Fatal(err)
	}
	c, err := LoadConfig(p)
	if err == nil {
		t.Fatal("no error for an unreadable config")
	}
	if c.Theme() != "system" {
		t.Fatal("not the default theme")
	}
	if info, err := disk.Stat(p.ConfigFile()); err != nil || !info.IsDir() {
		t.Fatal("the unreadable entry was touched")
	}
}

// Keys Tabula does not know (a newer version's, all lower case as every
// version writes them) survive a rewrite with their values, types and
// nesting: tables, inline tables, arrays of tables, dates and times, and
// fields Tabula does not know inside its own tables and seats.
func TestConfigKeepsNewerKeys(t *testing.T) {
	p := home(t)
	text := `theme = "dark"
future_game_key = "kept"
future_flag = true
future_ratio = 1.5
future_count = 7
future_list = [1, 2, 3]
future_mixed = ["a", 1, 2.5, true]
"quoted key" = 1.5

[future_section]
when = 2026-11-21T10:00:00Z
local_when = 2026-11-21T10:00:00
day = 2026-11-21
at = 10:00:00
nested = {inner = 1, deep = {key = "v"}}

[[future_section.items]]
name = "a"
sizes = [1, 2]

[[future_section.items]]
name = "b"
sub = {x = 1}

[game.classic]
bot = "hard"
hint_level = 2
more_rules = {allow_undo = false}

[game.classic.last]
seats = [{name = "Ana", controller = "human", colour = "amber"}, {name = "Bot", controller = "ai", bot = "hard"}]
rules = [{key = "bothLinesDraw", value = false}]
extra_choice = "x"

[game.futuregame]
some_setting = "y"
`
	writeFile(t, p.ConfigFile(), []byte(text))
	var want map[string]any
	if err := toml.Unmarshal([]byte(text), &want); err != nil {
		t.Fatal(err)
	}
	c, err := LoadConfig(p)
	if err != nil {
		t.Fatal(err)
	}
	if c.Theme() != "dark" {
		t.Fatalf("theme = %q", c.Theme())
	}
	if err := c.SetTheme("light"); err != nil {
		t.Fatal(err)
	}
	if err := c.SetDefaultBot("futuregame", "easy"); err != nil {
		t.Fatal(err)
	}
	want["theme"] = "light"
	want["game"].(map[string]any)["futuregame"].(map[string]any)["bot"] = "easy"
	var got map[string]any
	written := readFile(t, p.ConfigFile())
	if err := toml.Unmarshal(written, &got); err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(got, want) {
		t.Fatalf("written:\n%s\nwant the same keys as read, with the two changes:\n%#v", written, want)
	}
	if c.MovedAside() != "" {
		t.Fatal("a file with nothing wrong was moved aside")
	}
	if s, ok := c.LastSetup("classic"); !ok || !reflect.DeepEqual(s.Rules, map[string]any{"bothLinesDraw": false}) {
		t.Fatalf("the last setup with an extra seat field: %+v %v", s, ok)
	}
}

// Viper reads every key in lower case, so what Tabula keeps of a key
// written with capitals (by hand: no version writes one) is its value
// under the lower-case name. Two keys of one table that differ only in
// capitals, and a key with a dot in its name, cannot be kept apart: they
// are reported and left out, and the file is moved aside whole before the
// next write, so nothing is lost.
func TestConfigFoldsCapitals(t *testing.T) {
	p := home(t)
	writeFile(t, p.ConfigFile(), []byte(`Reduced_Motion = true
FutureFlag = true

[FutureSection]
SubKey = [1, 2]
[[FutureSection.Items]]
Name = "a"

[game.classic.last]
seats = [{name = "Ana", controller = "human", Colour = "Amber"}, {name = "Bot", controller = "ai", bot = "hard"}]
`))
	c, err := LoadConfig(p)
	if err != nil {
		t.Fatal(err)
	}
	if !c.ReducedMotion() {
		t.Fatal("Reduced_Motion was not read as reduced_motion")
	}
	if err := c.SetTheme("dark"); err != nil {
		t.Fatal(err)
	}
	var got map[string]any
	if err := toml.Unmarshal(readFile(t, p.ConfigFile()), &got); err != nil {
		t.Fatal(err)
	}
	want := map[string]any{
		"theme": "dark", "reduced_motion": true, "futureflag": true,
		"futuresection": map[string]any{"subkey": []any{int64(1), int64(2)}, "items": []any{map[string]any{"name": "a"}}},
		"game": map[string]any{"classic": map[string]any{"last": map[string]any{"seats": []any{
			map[string]any{"name": "Ana", "controller": "human", "colour": "Amber"},
			map[string]any{"name": "Bot", "controller": "ai", "bot": "hard"},
		}}}},
	}
	if !reflect.DeepEqual(got, want) {
		t.Fatalf("written:\n%s", readFile(t, p.ConfigFile()))
	}

	text := `theme = "dark"
Theme = "Purple"
"bot.pace_ms" = 5
kept = 1

[game.classic]
bot = "hard"
Bot = "easy"
`
	writeFile(t, p.ConfigFile(), []byte(text))
	c, err = LoadConfig(p)
	var ce *ConfigError
	if !errors.As(err, &ce) || ce.Broken || len(ce.Problems) != 3 {
		t.Fatalf("keys that cannot be kept apart: %v", err)
	}
	for _, words := range []string{`"Theme" and "theme" differ only in capitals`, `"bot.pace_ms" has a dot`, `[game.classic] the keys "Bot" and "bot"`} {
		if !strings.Contains(err.Error(), words) {
			t.Errorf("the error does not say %s: %v", words, err)
		}
	}
	if _, ok := c.DefaultBot("classic"); ok || c.Theme() != DefaultTheme {
		t.Fatalf("a key picked from two: theme %q", c.Theme())
	}
	if err := c.SetShowNotation(true); err != nil {
		t.Fatal(err)
	}
	if aside := readFile(t, c.MovedAside()); string(aside) != text {
		t.Fatalf("the file was not kept whole: %q", aside)
	}
	got = nil
	if err := toml.Unmarshal(readFile(t, p.ConfigFile()), &got); err != nil {
		t.Fatal(err)
	}
	if want := map[string]any{"show_notation": true, "kept": int64(1)}; !reflect.DeepEqual(got, want) {
		t.Fatalf("rewritten as %v, want %v", got, want)
	}
}

// configHelperEnv turns the test binary into another window that changes
// settings: its value names the window, and every setting it changes is
// its own ("a0", "a1", ... are game ids whose default bot it sets).
const configHelperEnv = "TABULA_TEST_CONFIG_HELPER"

// changesPerWindow is how many settings each helper window changes.
const changesPerWindow = 40

// Two windows (two processes) change different settings of the same
// config.toml at the same time, both having loaded it first: every change
// of both must be in the file at the end.
func TestConfigTwoProcesses(t *testing.T) {
	skipOnWeb(t, "other windows are other processes here (the browser's tabs share one lock through navigator.locks instead)")
	if name := os.Getenv(configHelperEnv); name != "" {
		changeAsAnotherWindow(t, name)
		return
	}
	p := home(t) // the helpers inherit TABULA_HOME
	otherWindows(t, "TestConfigTwoProcesses", configHelperEnv, []string{"a", "b"})
	c, err := LoadConfig(p)
	if err != nil {
		t.Fatal(err)
	}
	var lost []string
	for _, name := range []string{"a", "b"} {
		for i := 0; i < changesPerWindow; i++ {
			game := fmt.Sprintf("%s%d", name, i)
			if bot, ok := c.DefaultBot(game); !ok || bot != "bot of "+game {
				lost = append(lost, game)
			}
		}
	}
	if len(lost) > 0 {
		t.Fatalf("after two windows changed %d settings each, %d were lost: %v\n%s", changesPerWindow, len(lost), lost, readFile(t, p.ConfigFile()))
	}
}

// changeAsAnotherWindow is the helper process of TestConfigTwoProcesses.
func changeAsAnotherWindow(t *testing.T, name string) {
	p, err := Resolve("")
	if err != nil {
		t.Fatal(err)
	}
	c, err := LoadConfig(p)
	if err != nil {
		t.Fatal(err)
	}
	readyThenWait()
	for i := 0; i < changesPerWindow; i++ {
		game := fmt.Sprintf("%s%d", name, i)
		if err := c.SetDefaultBot(game, "bot of "+game); err != nil {
			t.Fatal(err)
		}
	}
}

// A change is merged into the file as it is on disk: what another window
// wrote since this one loaded the file is kept, and this window sees it.
func TestConfigChangesKeepOtherWindowsChanges(t *testing.T) {
	p := home(t)
	one, _ := LoadConfig(p)
	two, _ := LoadConfig(p)
	if err := one.SetTheme("dark"); err != nil {
		t.Fatal(err)
	}
	if err := two.SetReducedMotion(true); err != nil {
		t.Fatal(err)
	}
	if err := one.SetDefaultBot("classic", "hard"); err != nil {
		t.Fatal(err)
	}
	c, err := LoadConfig(p)
	if err != nil {
		t.Fatal(err)
	}
	if c.Theme() != "dark" || !c.ReducedMotion() {
		t.Fatalf("theme %q, reduced motion %v: a window's change was lost\n%s", c.Theme(), c.ReducedMotion(), readFile(t, p.ConfigFile()))
	}
	if b, ok := c.DefaultBot("classic"); !ok || b != "hard" {
		t.Fatalf("default bot %q %v", b, ok)
	}
	if !one.ReducedMotion() {
		t.Fatal("a window does not see the change another made, after its own next change")
	}
}

// Only what the person chose is written: a change writes its own key and
// keeps what the file had; the defaults are never written (so a later
// version may change them).
func TestConfigWritesNoDefaults(t *testing.T) {
	p := home(t)
	c, _ := LoadConfig(p)
	if err := c.SetTheme("dark"); err != nil {
		t.Fatal(err)
	}
	var doc map[string]any
	if err := toml.Unmarshal(readFile(t, p.ConfigFile()), &doc); err != nil {
		t.Fatal(err)
	}
	if want := map[string]any{"theme": "dark"}; !reflect.DeepEqual(doc, want) {
		t.Fatalf("config.toml after one change holds %v, want %v", doc, want)
	}
}

// Every setting can be overridden for one run by an environment variable.
// The override is not the person's choice: it is never written to the
// file. A change made in the app wins over it for the rest of the run,
// and is written. A value that is not allowed is reported and ignored.
func TestConfigEnvironmentOverrides(t *testing.T) {
	p := home(t)
	writeFile(t, p.ConfigFile(), []byte("theme = \"light\"\nbot_pace_ms = 300\n[game.classic]\nbot = \"easy\"\n"))
	for name, value := range map[string]string{
		"TABULA_THEME": "dark", "TABULA_ANIMATION_SPEED": "1.5", "TABULA_REDUCED_MOTION": "true",
		"TABULA_SHOW_NOTATION": "true", "TABULA_BOT_DELAY_MS": "250", "TABULA_BOT_PACE_MS": "1000",
		"TABULA_GAME_CLASSIC_BOT": "hard", "TABULA_GAME_ALCAZAR_BOT": "expert",
	} {
		t.Setenv(name, value)
	}
	c, err := LoadConfig(p)
	if err != nil {
		t.Fatal(err)
	}
	classic, _ := c.DefaultBot("classic")
	alcazar, _ := c.DefaultBot("alcazar")
	if c.Theme() != "dark" || c.AnimationSpeed() != 1.5 || !c.ReducedMotion() || !c.ShowNotation() ||
		c.BotDelay() != 250*time.Millisecond || c.BotPace() != time.Second || classic != "hard" || alcazar != "expert" {
		t.Fatalf("overridden: %q %v %v %v %v %v %q %q", c.Theme(), c.AnimationSpeed(), c.ReducedMotion(), c.ShowNotation(), c.BotDelay(), c.BotPace(), classic, alcazar)
	}
	if err := c.SetDefaultBot("knights", "medium"); err != nil {
		t.Fatal(err)
	}
	want := map[string]any{"theme": "light", "bot_pace_ms": int64(300), "game": map[string]any{
		"classic": map[string]any{"bot": "easy"}, "knights": map[string]any{"bot": "medium"}}}
	var doc map[string]any
	if err := toml.Unmarshal(readFile(t, p.ConfigFile()), &doc); err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(doc, want) {
		t.Fatalf("the environment's overrides were written:\n%s", readFile(t, p.ConfigFile()))
	}
	// The person's change wins for the rest of the run, and is kept.
	if err := c.SetTheme("system"); err != nil {
		t.Fatal(err)
	}
	if c.Theme() != "system" {
		t.Fatalf("theme after the person chose system: %q", c.Theme())
	}
	t.Setenv("TABULA_THEME", "")
	if c2, _ := LoadConfig(p); c2.Theme() != "system" {
		t.Fatalf("theme written: %q", c2.Theme())
	}

	// Bad values are reported, by name, and ignored: the file's value or
	// the default stands.
	t.Setenv("TABULA_THEME", "purple")
	t.Setenv("TABULA_REDUCED_MOTION", "maybe")
	t.Setenv("TABULA_BOT_PACE_MS", "soon")
	t.Setenv("TABULA_ANIMATION_SPEED", "9")
	c3, err := LoadConfig(p)
	var ce *ConfigError
	if !errors.As(err, &ce) || len(ce.Env) != 4 || len(ce.Problems) != 0 {
		t.Fatalf("bad environment: %v", err)
	}
	for _, name := range []string{"TABULA_THEME", "TABULA_REDUCED_MOTION", "TABULA_BOT_PACE_MS", "TABULA_ANIMATION_SPEED", "ignored"} {
		if !strings.Contains(err.Error(), name) {
			t.Errorf("the error does not say %s: %v", name, err)
		}
	}
	if c3.Theme() != "system" || c3.ReducedMotion() || c3.BotPace() != 300*time.Millisecond || c3.AnimationSpeed() != 1 {
		t.Fatalf("bad overrides were used: %q %v %v %v", c3.Theme(), c3.ReducedMotion(), c3.BotPace(), c3.AnimationSpeed())
	}
	if err := c3.SetShowNotation(false); err != nil || c3.MovedAside() != "" {
		t.Fatalf("a bad environment made the file move aside: %v %q", err, c3.MovedAside())
	}
}

// A file that another program broke after it was loaded is reported by
// the next change, which writes nothing; the change after that moves it
// aside whole and writes the settings as they were, with both changes.
func TestConfigFileBrokenAfterLoad(t *testing.T) {
	p := home(t)
	c, _ := LoadConfig(p)
	if err := c.SetTheme("dark"); err != nil {
		t.Fatal(err)
	}
	broken := []byte("theme = \"light\"\n[game\n")
	writeFile(t, p.ConfigFile(), broken)
	before := snap(t, p.ConfigFile())
	err := c.SetReducedMotion(true)
	var ce *ConfigError
	if !errors.As(err, &ce) || !ce.Broken || !strings.Contains(err.Error(), "not valid TOML") {
		t.Fatalf("a change over a file broken since: %v", err)
	}
	before.untouched(t)
	if !c.ReducedMotion() {
		t.Fatal("the change is not in effect for this run")
	}
	c.now = func() time.Time { return time.Date(2026, 11, 21, 8, 0, 0, 0, time.UTC) }
	if err := c.SetShowNotation(true); err != nil {
		t.Fatal(err)
	}
	if filepath.Base(c.MovedAside()) != "config.toml.broken-20261121-080000" || string(readFile(t, c.MovedAside())) != string(broken) {
		t.Fatalf("moved aside to %q", c.MovedAside())
	}
	c2, err := LoadConfig(p)
	if err != nil || c2.Theme() != "dark" || !c2.ShowNotation() {
		t.Fatalf("after the move: %q %v, %v", c2.Theme(), c2.ShowNotation(), err)
	}
}

// A file of tables and lists nested past any settings file is refused in
// words before viper spends minutes on it.
func TestConfigNestedTooDeeply(t *testing.T) {
	skipOnWeb(t, "Node's wasm stack overflows (a segmentation fault) in go-toml on 100,000 nested brackets; only Tabula writes config.toml in a browser")
	p := home(t)
	deep := "a = " + strings.Repeat("[", 100000) + strings.Repeat("]", 100000) + "\n"
	for _, text := range []string{
		deep,
		"[game.classic]\nx = " + strings.Repeat("{b = ", 40) + "1" + strings.Repeat("}", 40) + "\n",
	} {
		writeFile(t, p.ConfigFile(), []byte(text))
		c, err := LoadConfig(p)
		var ce *ConfigError
		if !errors.As(err, &ce) || !ce.Broken || !strings.Contains(err.Error(), "nested too deeply") {
			t.Fatalf("a file nested too deeply: %v", err)
		}
		if c.Theme() != DefaultTheme {
			t.Fatal("not the defaults")
		}
	}
	// Tabula's own deepest settings and a bit more are fine.
	writeFile(t, p.ConfigFile(), []byte("[game.x.last]\nseats = [{name = \"Ana\", controller = \"human\", more = {a = [[1]]}}]\n"))
	if _, err := LoadConfig(p); err != nil {
		t.Fatal(err)
	}
}

// BenchmarkConfigRead measures a setting read through viper (the move
// list reads ShowNotation for every row it draws).
func BenchmarkConfigRead(b *testing.B) {
	p := PathsUnder(b.TempDir())
	c, _ := LoadConfig(p)
	if err := c.SetDefaultBot("classic", "hard"); err != nil {
		b.Fatal(err)
	}
	b.ResetTimer()
	for range b.N {
		c.ShowNotation()
		c.DefaultBot("classic")
	}
}
