package settings

import (
	"errors"
	"fmt"
	"strings"
	"testing"
	"time"
)

func TestOnlineGames(t *testing.T) {
	p := PathsUnder(t.TempDir())
	o := NewOnlineGames(p)
	if list, err := o.List(); err != nil || len(list) != 0 {
		t.Fatalf("a new data folder lists %v, %v", list, err)
	}
	t0 := time.Date(2026, 11, 29, 7, 0, 0, 0, time.UTC)
	a := OnlineGame{Code: "K7QX2M", Game: "checkerboard", Server: "127.0.0.1:7350", Seat: 0, Names: []string{"Ana", ""}, When: t0}
	if err := o.Add(a); err != nil {
		t.Fatal(err)
	}
	b := OnlineGame{Code: "ABCDEF", Game: "classic", Server: "127.0.0.1:7350", Seat: 1, Names: []string{"Cy", "Ana"}, When: t0.Add(time.Minute)}
	if err := o.Add(b); err != nil {
		t.Fatal(err)
	}
	// The game starts: the same code again, with every name, replaces it.
	a.Names, a.When = []string{"Ana", "Ben"}, t0.Add(2*time.Minute)
	if err := o.Add(a); err != nil {
		t.Fatal(err)
	}
	list, err := o.List()
	if err != nil || len(list) != 2 || list[0].Code != "K7QX2M" || list[0].Names[1] != "Ben" || list[1].Code != "ABCDEF" {
		t.Fatalf("after two games and a change: %+v, %v", list, err)
	}
	// Another window (another OnlineGames on the same folder) sees them.
	if mine, _ := NewOnlineGames(p).For("classic"); len(mine) != 1 || mine[0].Seat != 1 {
		t.Fatalf("For(classic) = %+v", mine)
	}
	// Removing ignores the case of the code; the other server's game with
	// the same code is another game.
	if err := o.Add(OnlineGame{Code: "K7QX2M", Game: "revenge", Server: "play.example.org", Seat: 2, Names: []string{"A", "B", "C"}, When: t0}); err != nil {
		t.Fatal(err)
	}
	if err := o.Remove("127.0.0.1:7350", "k7qx2m"); err != nil {
		t.Fatal(err)
	}
	if err := o.Remove("127.0.0.1:7350", "NOSUCH"); err != nil {
		t.Fatalf("forgetting a game not listed: %v", err)
	}
	list, _ = o.List()
	if len(list) != 2 || list[0].Code != "ABCDEF" || list[1].Server != "play.example.org" {
		t.Fatalf("after removing one: %+v", list)
	}

	// Bad entries are refused in words and change nothing.
	before, _ := disk.ReadFile(o.Path(), 1<<30)
	for _, bad := range []OnlineGame{
		{Game: "classic", Server: "x:1", Names: []string{"A", "B"}},
		{Code: "ABC", Game: "No Game", Server: "x:1", Names: []string{"A", "B"}},
		{Code: "ABC", Game: "classic", Server: "x:1", Seat: 2, Names: []string{"A", "B"}},
		{Code: "ABC", Game: "classic", Server: "x:1", Names: []string{strings.Repeat("n", 100), "B"}},
		{Code: "ABC", Game: "classic", Server: "", Names: []string{"A", "B"}},
	} {
		if err := o.Add(bad); err == nil {
			t.Errorf("%+v was taken", bad)
		}
	}
	if after, _ := disk.ReadFile(o.Path(), 1<<30); string(after) != string(before) {
		t.Error("a refused entry changed the file")
	}
}

func TestOnlineGamesBounded(t *testing.T) {
	o := NewOnlineGames(PathsUnder(t.TempDir()))
	t0 := time.Date(2026, 11, 29, 7, 0, 0, 0, time.UTC)
	for i := 0; i < MaxOnlineGames+5; i++ {
		g := OnlineGame{Code: fmt.Sprintf("C%05d", i), Game: "classic", Server: "x:1", Names: []string{"A", "B"}, When: t0.Add(time.Duration(i) * time.Minute)}
		if err := o.Add(g); err != nil {
			t.Fatal(err)
		}
	}
	list, err := o.List()
	if err != nil || len(list) != MaxOnlineGames {
		t.Fatalf("%d games kept (%v), want %d", len(list), err, MaxOnlineGames)
	}
	if list[0].Code != fmt.Sprintf("C%05d", MaxOnlineGames+4) || list[len(list)-1].Code != "C00005" {
		t.Errorf("kept %s .. %s: the oldest should go first", list[0].Code, list[len(list)-1].Code)
	}
}

// A broken file is said in words, listed as nothing, and never written over.
func TestOnlineGamesBrokenFile(t *testing.T) {
	p := PathsUnder(t.TempDir())
	o := NewOnlineGames(p)
	g := OnlineGame{Code: "ABCDEF", Game: "classic", Server: "x:1", Names: []string{"A", "B"}}
	for _, content := range []string{
		"{not json",
		`{"version": 9, "games": []}`,
		`{"games": []}`,
		`{"version": 1, "games": [{"code": "", "game": "classic"}]}`,
		strings.Repeat(" ", maxOnlineFileSize+1),
	} {
		writeFile(t, o.Path(), []byte(content))
		list, err := o.List()
		var oe *OnlineGamesError
		if !errors.As(err, &oe) || len(list) != 0 || !strings.Contains(err.Error(), "kept as it is") {
			t.Errorf("%.30q: list %v, error %v", content, list, err)
		}
		if err := o.Add(g); err == nil {
			t.Errorf("%.30q: a game was added over a broken file", content)
		}
		if err := o.Remove("x:1", "ABCDEF"); err == nil {
			t.Errorf("%.30q: a game was removed from a broken file", content)
		}
		if after, _ := disk.ReadFile(o.Path(), 1<<30); string(after) != content {
			t.Errorf("%.30q: the broken file was changed", content)
		}
	}
}
