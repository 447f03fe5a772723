package settings

import (
	"errors"
	"fmt"
	"math"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"sync"
	"testing"
	"time"
)

func TestStatsCounting(t *testing.T) {
	p := home(t)
	s, err := LoadStats(p)
	if err != nil {
		t.Fatal(err)
	}
	if len(s.For("classic")) != 0 {
		t.Fatal("tallies before any game")
	}
	plays := []struct {
		game, bot string
		r         Result
	}{
		{"classic", "hard", Win}, {"classic", "hard", Loss}, {"classic", "hard", Loss},
		{"classic", "easy", Win}, {"classic", "easy", Draw}, {"classic", "", Draw},
		{"alcazar", "hard", Win},
	}
	for _, pl := range plays {
		if err := s.Record(pl.game, pl.bot, pl.r); err != nil {
			t.Fatal(err)
		}
	}
	want := map[string]Tally{
		"hard":        {Wins: 1, Losses: 2},
		"easy":        {Wins: 1, Draws: 1},
		HumanOpponent: {Draws: 1},
	}
	if got := s.For("classic"); !reflect.DeepEqual(got, want) {
		t.Fatalf("For(classic) = %+v", got)
	}
	if got := s.For("classic")["hard"].Played(); got != 3 {
		t.Fatalf("played = %d", got)
	}
	// The map is a copy.
	s.For("classic")["hard"] = Tally{Wins: 100}
	if s.For("classic")["hard"].Wins != 1 {
		t.Fatal("For leaked its map")
	}
	// Persisted.
	s2, err := LoadStats(p)
	if err != nil || !reflect.DeepEqual(s2.For("classic"), want) || s2.For("alcazar")["hard"].Wins != 1 {
		t.Fatalf("reloaded: %+v %v", s2.For("classic"), err)
	}
	if err := s2.Reset("classic"); err != nil {
		t.Fatal(err)
	}
	s3, _ := LoadStats(p)
	if len(s3.For("classic")) != 0 || s3.For("alcazar")["hard"].Wins != 1 {
		t.Fatalf("after reset: %+v %+v", s3.For("classic"), s3.For("alcazar"))
	}
	noTemps(t, p.Data)
	for _, bad := range []error{s.Record("Bad Id", "hard", Win), s.Record("classic", "hard", Result(7)), s.Record("classic", "x\ny", Win), s.Reset("../x")} {
		if bad == nil {
			t.Error("bad input accepted")
		}
	}
}

func TestStatsCorruptFile(t *testing.T) {
	for _, tc := range []struct{ name, data, want string }{
		{"garbage", "{\"version\": 1, \"games\": {\"classic\": ", "not valid JSON"},
		{"newer", `{"version": 2, "games": {}}`, "newer Tabula"},
		{"wrong shape", `{"version": 1, "games": {"classic": {"hard": {"wins": "many"}}}}`, "not a statistics file"},
		{"negative", `{"version": 1, "games": {"classic": {"hard": {"wins": -1}}}}`, "negative"},
		{"too deep", `{"version": 1, "games": {}, "x": ` + strings.Repeat("[", 20000) + strings.Repeat("]", 20000) + `}`, "nested too deeply to be a statistics file"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			p := home(t)
			writeFile(t, p.StatsFile(), []byte(tc.data))
			before := snap(t, p.StatsFile())
			s, err := LoadStats(p)
			var se *StatsError
			if !errors.As(err, &se) || !strings.Contains(err.Error(), tc.want) || s == nil {
				t.Fatalf("LoadStats = %v, want %q", err, tc.want)
			}
			if len(s.For("classic")) != 0 {
				t.Fatal("counts from a broken file")
			}
			before.untouched(t)
			s.now = func() time.Time { return time.Date(2026, 11, 21, 8, 0, 0, 0, time.UTC) }
			if err := s.Record("classic", "hard", Win); err != nil {
				t.Fatal(err)
			}
			if filepath.Base(s.MovedAside()) != "stats.json.broken-20261121-080000" || string(readFile(t, s.MovedAside())) != tc.data {
				t.Fatalf("moved aside to %q", s.MovedAside())
			}
			s2, err := LoadStats(p)
			if err != nil || s2.For("classic")["hard"] != (Tally{Wins: 1}) {
				t.Fatalf("after rewrite: %+v, %v", s2.For("classic"), err)
			}
		})
	}
}

func TestStatsFailedWriteKeepsFileAndCount(t *testing.T) {
	p := home(t)
	s, _ := LoadStats(p)
	if err := s.Record("classic", "hard", Win); err != nil {
		t.Fatal(err)
	}
	before := snap(t, p.StatsFile())
	failDisk(t)
	if err := s.Record("classic", "hard", Win); !isDiskFull(err) {
		t.Fatalf("Record on a full disk: %v", err)
	}
	if err := s.Record("classic", "easy", Loss); !isDiskFull(err) {
		t.Fatalf("Record on a full disk: %v", err)
	}
	if err := s.Reset("classic"); !isDiskFull(err) {
		t.Fatalf("Reset on a full disk: %v", err)
	}
	before.untouched(t)
	noTemps(t, p.Data)
	if got := s.For("classic"); !reflect.DeepEqual(got, map[string]Tally{"hard": {Wins: 1}}) {
		t.Fatalf("in memory after failed writes: %+v", got)
	}
}

func TestStatsConcurrent(t *testing.T) {
	p := home(t)
	s, _ := LoadStats(p)
	var wg sync.WaitGroup
	for i := 0; i < 20; i++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			if err := s.Record("classic", "hard", Result(i%3)); err != nil {
				t.Error(err)
			}
			s.For("classic")
		}()
	}
	wg.Wait()
	s2, _ := LoadStats(p)
	if got := s2.For("classic")["hard"]; got.Played() != 20 || got.Wins != 7 || got.Losses != 7 || got.Draws != 6 {
		t.Fatalf("after 20 concurrent records: %+v", got)
	}
}

func TestStatsUnreadableFileIsReported(t *testing.T) {
	skipOnWeb(t, "a stats.json that is a folder cannot happen there")
	p := home(t)
	if err := os.MkdirAll(p.StatsFile(), 0o755); err != nil {
		t.Fatal(err)
	}
	if _, err := LoadStats(p); err == nil {
		t.Fatal("a folder named stats.json was read as statistics")
	}
}

// statsHelperEnv turns the test binary into a second window that counts
// results: its value is the result to count ("win" or "loss").
const statsHelperEnv = "TABULA_TEST_STATS_HELPER"

// resultsPerWindow is how many results each helper process counts.
const resultsPerWindow = 100

// Two windows (two processes) count results into the same stats.json at
// the same time; not one result may be lost. Both load the file before
// either counts, as two windows opened together do.
func TestStatsTwoProcesses(t *testing.T) {
	skipOnWeb(t, "other windows are other processes here (the browser's tabs share one lock through navigator.locks instead)")
	if result := os.Getenv(statsHelperEnv); result != "" {
		countAsAnotherWindow(t, result)
		return
	}
	p := home(t) // the helpers inherit TABULA_HOME
	otherWindows(t, "TestStatsTwoProcesses", statsHelperEnv, []string{"win", "loss"})
	s, err := LoadStats(p)
	if err != nil {
		t.Fatal(err)
	}
	want := Tally{Wins: resultsPerWindow, Losses: resultsPerWindow}
	if got := s.For("classic")["hard"]; got != want {
		t.Fatalf("after two windows counted %d results each: %+v, want %+v (results lost)", resultsPerWindow, got, want)
	}
}

// countAsAnotherWindow is the helper process of TestStatsTwoProcesses.
func countAsAnotherWindow(t *testing.T, result string) {
	r := map[string]Result{"win": Win, "loss": Loss}[result]
	p, err := Resolve("")
	if err != nil {
		t.Fatal(err)
	}
	s, err := LoadStats(p)
	if err != nil {
		t.Fatal(err)
	}
	readyThenWait()
	for i := 0; i < resultsPerWindow; i++ {
		if err := s.Record("classic", "hard", r); err != nil {
			t.Fatal(err)
		}
	}
}

// A window shows the results another window counted since it started.
func TestStatsForSeesOtherWindows(t *testing.T) {
	p := home(t)
	mine, _ := LoadStats(p)
	other, _ := LoadStats(p)
	if err := other.Record("classic", "hard", Win); err != nil {
		t.Fatal(err)
	}
	if got := mine.For("classic")["hard"]; got != (Tally{Wins: 1}) {
		t.Fatalf("For after another window counted a win: %+v", got)
	}
	if err := mine.Record("classic", "hard", Loss); err != nil {
		t.Fatal(err)
	}
	if got := other.For("classic")["hard"]; got != (Tally{Wins: 1, Losses: 1}) {
		t.Fatalf("For after this window counted a loss: %+v", got)
	}
	if err := other.Reset("classic"); err != nil {
		t.Fatal(err)
	}
	if got := mine.For("classic"); len(got) != 0 {
		t.Fatalf("For after another window's reset: %+v", got)
	}
	if err := disk.Remove(p.StatsFile()); err != nil {
		t.Fatal(err)
	}
	if err := other.Record("alcazar", "easy", Draw); err != nil {
		t.Fatal(err)
	}
	if got := mine.For("alcazar")["easy"]; got != (Tally{Draws: 1}) {
		t.Fatalf("For after the file was removed and written again: %+v", got)
	}
}

// A file that a newer version (in another window, say) wrote after this
// window loaded is reported and kept, not overwritten; the next result
// moves it aside, as with a file that was broken at start.
func TestStatsFileBrokenAfterLoad(t *testing.T) {
	p := home(t)
	s, _ := LoadStats(p)
	if err := s.Record("classic", "hard", Win); err != nil {
		t.Fatal(err)
	}
	newer := []byte(`{"version": 2, "games": {"classic": {"hard": {"wins": 40}}}}`)
	writeFile(t, p.StatsFile(), newer)
	before := snap(t, p.StatsFile())
	err := s.Record("classic", "hard", Win)
	var se *StatsError
	if !errors.As(err, &se) || !strings.Contains(err.Error(), "newer Tabula") {
		t.Fatalf("Record over a newer file: %v", err)
	}
	before.untouched(t)
	s.now = func() time.Time { return time.Date(2026, 11, 21, 8, 0, 0, 0, time.UTC) }
	if err := s.Record("classic", "hard", Loss); err != nil {
		t.Fatal(err)
	}
	if filepath.Base(s.MovedAside()) != "stats.json.broken-20261121-080000" || string(readFile(t, s.MovedAside())) != string(newer) {
		t.Fatalf("moved aside to %q", s.MovedAside())
	}
	if got := s.For("classic")["hard"]; got != (Tally{Losses: 1}) {
		t.Fatalf("after the move: %+v", got)
	}
}

// A count at the largest int is refused rather than wrapped to a negative
// count that the next start would refuse.
func TestStatsCountAtItsLimit(t *testing.T) {
	p := home(t)
	writeFile(t, p.StatsFile(), []byte(fmt.Sprintf(`{"version": 1, "games": {"classic": {"hard": {"wins": %d}}}}`, math.MaxInt)))
	before := snap(t, p.StatsFile())
	s, err := LoadStats(p)
	if err != nil {
		t.Fatal(err)
	}
	if err := s.Record("classic", "hard", Win); err == nil || !strings.Contains(err.Error(), "no more wins") {
		t.Fatalf("Record past the limit: %v", err)
	}
	before.untouched(t)
	if err := s.Record("classic", "hard", Loss); err != nil {
		t.Fatal(err)
	}
}
