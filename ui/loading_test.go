package ui

import (
	"strings"
	"testing"
	"time"

	"fyne.io/fyne/v2/test"

	"github.com/tabulagames/tabula/games"
	"github.com/tabulagames/tabula/games/gametest"
	"github.com/tabulagames/tabula/ui/session"
)

// putLongArena puts a legal arena game in progress of n random tokens in
// the state folder and returns its record.
func putLongArena(t *testing.T, u *App, n int) *games.Record {
	t.Helper()
	g, _ := games.Lookup("arena")
	rec, _ := gametest.LongGame(t, g, map[string]any{}, n, 1)
	rec.Seats = twoPeople
	data, err := games.EncodeRecord(rec)
	if err != nil {
		t.Fatal(err)
	}
	putFile(t, u, "autosave-arena-20261121-120000.json", data)
	return rec
}

// holdLoads makes the app's loads wait, in their goroutine, until the
// channel of their game is closed. A load run on the UI goroutine would
// hold the test there (for at most the guard's 20 s, not a measure).
func holdLoads(u *App, gates map[string]chan struct{}) {
	u.fromRecord = func(rec *games.Record, o session.Options) (*session.Session, error) {
		select {
		case <-gates[rec.Game]:
		case <-time.After(20 * time.Second):
		}
		return session.FromRecord(rec, o)
	}
}

// Resume of a long game in progress shows at once that the game is
// opening, with its name, while the file is replayed off the UI goroutine;
// the game shows when the replay is done. (Resume replayed it on the UI
// goroutine: a 30,000-token arena game froze the window 15 s.)
func TestResumeOfALongGameShowsItOpening(t *testing.T) {
	u := newTestApp(t)
	rec := putLongArena(t, u, 30_000)
	gate := make(chan struct{})
	holdLoads(u, map[string]chan struct{}{"arena": gate})
	loop := appLoop(u)
	tapResume(t, u, "arena")
	if u.game != nil {
		t.Fatal("the game was opened before its replay finished: the replay ran on the UI goroutine")
	}
	screen := u.win.Content()
	for _, want := range []string{"Opening the game...", "Bomber vs Freezer"} {
		if !showsText(screen, want) {
			t.Fatalf("the screen does not say %q: %q", want, texts(screen))
		}
	}
	close(gate)
	loop.Until(t, "the game to open", func() bool { return u.game != nil })
	s := u.game.session
	if s.Plies() != len(rec.Moves) || s.Live().Hash() != mustFinal(t, rec).Hash() {
		t.Fatalf("the resumed game has %d tokens of %d", s.Plies(), len(rec.Moves))
	}
	if u.win.Content() != u.game.content || showsText(u.win.Content(), "Opening") {
		t.Fatal("the game screen is not shown")
	}
	if n := u.game.moves.Length(); n != len(rec.Moves) {
		t.Fatalf("the move list has %d rows", n)
	}
}

func mustFinal(t *testing.T, rec *games.Record) games.State {
	t.Helper()
	st, err := rec.Final()
	if err != nil {
		t.Fatal(err)
	}
	return st
}

// Back while a game is opening goes to the picker, and the load, when it
// finishes, is dropped: resuming another game meanwhile opens that one
// only, whatever order the loads finish in.
func TestALoadLeftBehindIsDropped(t *testing.T) {
	u := newTestApp(t)
	putLongArena(t, u, 2000)
	putAutosave(t, u, "autosave-classic.json", twoPeople, time.Now(), "b2")
	gates := map[string]chan struct{}{"arena": make(chan struct{}), "classic": make(chan struct{})}
	holdLoads(u, gates)
	loop := appLoop(u)
	tapResume(t, u, "arena")
	back := buttons(u.win.Content(), "Back", nil)
	if len(back) != 1 {
		t.Fatalf("no Back while opening: %q", texts(u.win.Content()))
	}
	test.Tap(back[0])
	if u.picker == nil || u.opening {
		t.Fatal("Back did not go to the picker")
	}
	tapResume(t, u, "classic")
	close(gates["classic"])
	loop.Until(t, "the classic game to open", func() bool { return u.game != nil })
	shown := u.game
	close(gates["arena"])
	(<-loop)() // the arena load's answer
	if u.game != shown || u.game.session.Game.ID() != "classic" || u.win.Content() != shown.content {
		t.Fatal("the load left behind opened its game")
	}

	// Escape while opening goes back too.
	gates["arena"] = make(chan struct{})
	u.ShowPicker()
	tapResume(t, u, "arena")
	if !u.opening {
		t.Fatal("the arena game is not opening")
	}
	u.escape()
	close(gates["arena"])
	(<-loop)()
	if u.game != nil || u.picker == nil {
		t.Fatal("Escape while opening did not go back to the picker for good")
	}
}

// A game in progress that can be read but not set up (a bot this version
// does not have) is not opened: the picker comes back and the player reads
// why.
func TestResumeThatFailsSaysWhy(t *testing.T) {
	u := newTestApp(t)
	seats := []games.SeatInfo{{Name: "Ana", Controller: "human"}, {Name: "Computer", Controller: "ai", Bot: "grandmaster"}}
	putAutosave(t, u, "autosave-classic.json", seats, time.Now(), "b2")
	loop := appLoop(u)
	tapResume(t, u, "classic")
	loop.Until(t, "the answer", func() bool { return !u.opening })
	if u.game != nil || u.picker == nil {
		t.Fatal("a game that cannot be set up was opened")
	}
	if msg := topDialog(u); msg == nil || !strings.Contains(strings.Join(allTexts(msg), " "), "cannot be resumed") {
		t.Fatalf("the player was told %q", allTexts(topDialog(u)))
	}
}
