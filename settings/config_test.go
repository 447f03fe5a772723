package settings

import (
	"errors"
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
	if _, err := os.Stat(p.Config); !errors.Is(err, os.ErrNotExist) {
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
	ents, _ := os.ReadDir(p.Config)
	if len(ents) != 2 {
		t.Fatalf("config folder holds %d files, want config.toml and one broken copy", len(ents))
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
	if info, err := os.Stat(p.ConfigFile()); err != nil || !info.IsDir() {
		t.Fatal("the unreadable entry was touched")
	}
}

// Keys Tabula does not know (a newer version's) are written back exactly:
// name, case, value and nesting, at the top level and in tables. TOML keys
// are case-sensitive, so "Theme" is not the theme: it is kept too.
func TestConfigKeepsUnknownKeysExactly(t *testing.T) {
	p := home(t)
	text := `theme = "dark"
futureGameKey = "kept"
FutureFlag = true
Theme = "Purple"
"Quoted Key" = 1.5

[FutureSection]
SubKey = [1, 2, 3]
when = 2026-11-21T10:00:00Z
Nested = {Inner = 1, deep = {Key = "v"}}

[[FutureSection.Items]]
Name = "a"

[game.classic]
bot = "hard"
hintLevel = 2
MoreRules = {allowUndo = false}

[game.classic.last]
seats = [{name = "Ana", controller = "human", Colour = "Amber"}, {name = "Bot", controller = "ai", bot = "hard"}]
rules = []
ExtraChoice = "x"

[game.futuregame]
SomeSetting = "y"
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
	if _, ok := c.LastSetup("classic"); !ok {
		t.Fatal("the last setup with an extra seat field was not read")
	}
}
