package settings

import (
	"errors"
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
	p := home(t)
	if err := os.MkdirAll(p.StatsFile(), 0o755); err != nil {
		t.Fatal(err)
	}
	if _, err := LoadStats(p); err == nil {
		t.Fatal("a folder named stats.json was read as statistics")
	}
}
