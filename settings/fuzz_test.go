package settings

import (
	"bytes"
	"errors"
	"fmt"
	"math"
	"os"
	"reflect"
	"testing"
	"time"

	"github.com/pelletier/go-toml/v2"

	"github.com/tabulagames/tabula/games"
)

// skipSync turns off flushing to the disk for a fuzz target: the
// properties checked do not depend on it, and an fsync can take 20 ms.
func skipSync(f *testing.F) {
	old := syncFile
	syncFile = func(*os.File) error { return nil }
	f.Cleanup(func() { syncFile = old })
}

// configSeeds are real config.toml files: as the app writes them, as a
// person may write them, from a newer version, and broken ones.
func configSeeds(f *testing.F) [][]byte {
	p := PathsUnder(f.TempDir())
	c, _ := LoadConfig(p)
	for _, err := range []error{
		c.SetTheme("dark"), c.SetAnimationSpeed(1.5), c.SetReducedMotion(true),
		c.SetBotDelay(250 * time.Millisecond), c.SetBotPace(2 * time.Second),
		c.SetDefaultBot("classic", "hard"),
		c.SetLastSetup("future", Setup{
			Seats: []games.SeatInfo{{Name: "Ana", Controller: "human"}, {Name: "Computer", Controller: "ai", Bot: "expert", Character: "Rex"}},
			Rules: map[string]any{"bothLinesDraw": true, "boardSize": 8, "Variant": "Fast"},
		}),
	} {
		if err != nil {
			f.Fatal(err)
		}
	}
	written, err := disk.ReadFile(p.ConfigFile(), 1<<30)
	if err != nil {
		f.Fatal(err)
	}
	return [][]byte{
		written,
		nil,
		[]byte(`theme = "dark"
animation_speed = "fast"
reduced_motion = false
bot_delay_ms = 400
bot_pace_ms = 800

[game.alcazar]
bot = "hard"
[game.alcazar.last]
seats = [{name = "Ana", controller = "human"}, {name = "Computer", controller = "ai", bot = "hard"}]
rules = [{key = "bothLinesDraw", value = false}]
`),
		// A newer version's file: keys this one does not know, in any case.
		[]byte(`theme = "light"
futureGameKey = "kept"
"Quoted Key" = 1.5
when = 2026-11-21T10:00:00Z
day = 2026-11-21
odd = nan

[FutureSection]
Nested = {Inner = 1, deep = {Key = "v"}}
[[FutureSection.Items]]
Name = "a"

[game.classic]
bot = "hard"
MoreRules = {allowUndo = false}
`),
		// Bad values.
		[]byte(`theme = "purple"
animation_speed = 10
reduced_motion = "yes"
bot_delay_ms = -1
game = 5
`),
		[]byte("[game.Classic]\nbot = 7\n[game.x]\nlast = 3\n[game.y.last]\nrules = 5\nseats = [{name = \"\", controller = \"martian\"}]\n"),
		// Not TOML at all.
		[]byte("theme = \"dark\"\n[game.classic\nbot = 'hard'\n\x00\x01"),
		[]byte("theme = \"dark\"\ntheme = \"light\"\n"),
		[]byte("\xef\xbb\xbftheme = \"dark\"\n"),
	}
}

// FuzzConfigFile loads any bytes as config.toml. Loading never panics and
// never changes the file. A file that is accepted is written back and read
// again to the same settings and the same TOML tree (unknown keys too). A
// file that is refused is moved aside whole by the next change, and the
// fresh file that replaces it is accepted.
func FuzzConfigFile(f *testing.F) {
	skipSync(f)
	for _, seed := range configSeeds(f) {
		f.Add(seed)
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		p := PathsUnder(t.TempDir())
		writeFile(t, p.ConfigFile(), data)
		c, err := LoadConfig(p)
		if got := readFile(t, p.ConfigFile()); !bytes.Equal(got, data) {
			t.Fatalf("loading changed the file:\n%q\nwas:\n%q", got, data)
		}
		checkConfigValues(t, c)
		if err != nil {
			var ce *ConfigError
			if !errors.As(err, &ce) || len(ce.Problems) == 0 {
				t.Fatalf("refused without a *ConfigError that says why: %v", err)
			}
			if err := c.SetTheme("dark"); err != nil {
				t.Fatalf("a change after a refused file: %v", err)
			}
			if got := readFile(t, c.MovedAside()); !bytes.Equal(got, data) {
				t.Fatalf("the refused file was not kept whole: %q", got)
			}
			c2, err := LoadConfig(p)
			if err != nil || c2.Theme() != "dark" {
				t.Fatalf("the file written after a refused one: %q, %v\n%s", c2.Theme(), err, readFile(t, p.ConfigFile()))
			}
			return
		}
		if err := c.set(nil); err != nil {
			t.Fatalf("an accepted file cannot be written back: %v", err)
		}
		written := readFile(t, p.ConfigFile())
		c2, err := LoadConfig(p)
		if err != nil {
			t.Fatalf("the file written back is refused: %v\n%s", err, written)
		}
		if configValues(c2) != configValues(c) {
			t.Fatalf("settings changed on the way: %+v, were %+v", configValues(c2), configValues(c))
		}
		if a, b := encodeTOML(t, c.doc), encodeTOML(t, c2.doc); !bytes.Equal(a, b) {
			t.Fatalf("the TOML tree changed on the way:\n%s\nwas:\n%s", b, a)
		}
		if err := c2.set(nil); err != nil {
			t.Fatal(err)
		}
		if again := readFile(t, p.ConfigFile()); !bytes.Equal(again, written) {
			t.Fatalf("writing back is not stable:\n%s\nthen:\n%s", written, again)
		}
	})
}

// configSummary is what a Config tells the app.
type configSummary struct {
	Theme                string
	Speed                float64
	Reduced              bool
	Delay, Pace          time.Duration
	ClassicBot           string
	ClassicSetup, Future string
}

func configValues(c *Config) configSummary {
	bot, _ := c.DefaultBot("classic")
	setup := func(game string) string {
		s, ok := c.LastSetup(game)
		return fmt.Sprintf("%v %+v", ok, s)
	}
	return configSummary{c.Theme(), c.AnimationSpeed(), c.ReducedMotion(), c.BotDelay(), c.BotPace(), bot, setup("classic"), setup("future")}
}

// checkConfigValues fails if a getter gives a value out of its range.
func checkConfigValues(t *testing.T, c *Config) {
	t.Helper()
	if checkTheme(c.Theme()) != nil {
		t.Fatalf("theme %q", c.Theme())
	}
	if s := c.AnimationSpeed(); !(s >= MinAnimationSpeed && s <= MaxAnimationSpeed) {
		t.Fatalf("animation speed %v", s)
	}
	for _, d := range []time.Duration{c.BotDelay(), c.BotPace()} {
		if d < 0 || d > MaxBotDelay {
			t.Fatalf("bot delay or pace %v", d)
		}
	}
}

func encodeTOML(t *testing.T, doc map[string]any) []byte {
	t.Helper()
	var b bytes.Buffer
	if err := toml.NewEncoder(&b).Encode(doc); err != nil {
		t.Fatal(err)
	}
	return b.Bytes()
}

// statsSeeds are real stats.json files: as the app writes them, from a
// newer version, and broken ones.
func statsSeeds(f *testing.F) [][]byte {
	p := PathsUnder(f.TempDir())
	s, _ := LoadStats(p)
	for _, r := range []Result{Win, Loss, Draw, Win} {
		if err := s.Record("classic", "hard", r); err != nil {
			f.Fatal(err)
		}
	}
	if err := s.Record("alcazar", "", Loss); err != nil {
		f.Fatal(err)
	}
	written, err := disk.ReadFile(p.StatsFile(), 1<<30)
	if err != nil {
		f.Fatal(err)
	}
	return [][]byte{
		written,
		[]byte(`{"version": 1, "games": {}}`),
		[]byte(`{}`),
		[]byte(`{"version": 1, "games": {"Odd Game": {"Greedy Gus": {"draws": 3}}}, "extra": [1, 2]}`),
		[]byte(fmt.Sprintf(`{"version": 1, "games": {"classic": {"hard": {"wins": %d, "losses": 2}}}}`, math.MaxInt)),
		[]byte(`{"version": 2, "games": {"classic": {"hard": {"wins": 40}}}}`),
		[]byte(`{"version": 1, "games": {"classic": `),
		[]byte(`{"version": 1, "games": {"classic": {"hard": {"wins": "many"}}}}`),
		[]byte(`{"version": 1, "games": {"classic": {"hard": {"wins": -1}}}}`),
		[]byte(`[1, 2, 3]`),
		nil,
	}
}

// FuzzStatsFile loads any bytes as stats.json. Loading never panics and
// never changes the file. In a file that is accepted, a recorded result
// adds exactly one to one count and leaves every other count as it was,
// through a write and a new load. A file that is refused is moved aside
// whole by the next result, which then stands alone in a fresh file.
func FuzzStatsFile(f *testing.F) {
	skipSync(f)
	for _, seed := range statsSeeds(f) {
		f.Add(seed)
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		p := PathsUnder(t.TempDir())
		writeFile(t, p.StatsFile(), data)
		s, err := LoadStats(p)
		if got := readFile(t, p.StatsFile()); !bytes.Equal(got, data) {
			t.Fatalf("loading changed the file:\n%q\nwas:\n%q", got, data)
		}
		if err != nil {
			var se *StatsError
			if !errors.As(err, &se) {
				t.Fatalf("refused without a *StatsError: %v", err)
			}
			if err := s.Record("classic", "hard", Win); err != nil {
				t.Fatalf("a result after a refused file: %v", err)
			}
			if got := readFile(t, s.MovedAside()); !bytes.Equal(got, data) {
				t.Fatalf("the refused file was not kept whole: %q", got)
			}
			s2, err := LoadStats(p)
			if err != nil || !reflect.DeepEqual(s2.data.Games, map[string]map[string]Tally{"classic": {"hard": {Wins: 1}}}) {
				t.Fatalf("after a refused file: %+v, %v", s2.data.Games, err)
			}
			return
		}
		want := copyTallies(s.data.Games)
		err = s.Record("classic", "hard", Win)
		if want["classic"]["hard"].Wins == math.MaxInt {
			if err == nil {
				t.Fatal("a count past the largest int was accepted")
			}
			if got := readFile(t, p.StatsFile()); !bytes.Equal(got, data) {
				t.Fatal("a refused result changed the file")
			}
			return
		}
		if err != nil {
			t.Fatalf("a result in an accepted file: %v", err)
		}
		if want["classic"] == nil {
			want["classic"] = map[string]Tally{}
		}
		t1 := want["classic"]["hard"]
		t1.Wins++
		want["classic"]["hard"] = t1
		s2, err := LoadStats(p)
		if err != nil {
			t.Fatalf("the file written is refused: %v\n%s", err, readFile(t, p.StatsFile()))
		}
		if !reflect.DeepEqual(s2.data.Games, want) {
			t.Fatalf("counts after one win: %+v, want %+v", s2.data.Games, want)
		}
	})
}

func copyTallies(all map[string]map[string]Tally) map[string]map[string]Tally {
	out := map[string]map[string]Tally{}
	for game, byBot := range all {
		if byBot == nil { // "game": null reads and writes as null
			out[game] = nil
			continue
		}
		out[game] = map[string]Tally{}
		for bot, t := range byBot {
			out[game][bot] = t
		}
	}
	return out
}
