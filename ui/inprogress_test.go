package ui

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/test"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"

	"github.com/tabulagames/tabula/games"
	"github.com/tabulagames/tabula/settings"
)

// newerAutosave is a game in progress saved by a newer Tabula.
const newerAutosave = `{"format": "tabula-save", "version": 99, "game": "classic", "moves": ["b2"]}`

// keptFile is a file's bytes and time, to check that nothing changed it.
type keptFile struct {
	path  string
	data  []byte
	mtime time.Time
}

func keep(t *testing.T, path string) keptFile {
	t.Helper()
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	info, _ := os.Stat(path)
	return keptFile{path, data, info.ModTime()}
}

func (k keptFile) check(t *testing.T) {
	t.Helper()
	data, err := os.ReadFile(k.path)
	if err != nil {
		t.Fatalf("%s is gone: %v", filepath.Base(k.path), err)
	}
	info, _ := os.Stat(k.path)
	if !bytes.Equal(data, k.data) || !info.ModTime().Equal(k.mtime) {
		t.Fatalf("%s was rewritten:\n%s\nwas:\n%s", filepath.Base(k.path), data, k.data)
	}
}

// putAutosave puts a game in progress in the state folder, as a running
// Tabula (or an earlier build, with name "autosave-classic.json") would.
func putAutosave(t *testing.T, u *App, name string, seats []games.SeatInfo, updated time.Time, moves ...string) string {
	t.Helper()
	rec := &games.Record{Game: "classic", Seats: seats, Moves: moves, Created: updated.Add(-time.Minute), Updated: updated}
	data, err := games.EncodeRecord(rec)
	if err != nil {
		t.Fatal(err)
	}
	return putFile(t, u, name, data)
}

func putFile(t *testing.T, u *App, name string, data []byte) string {
	t.Helper()
	path := filepath.Join(u.paths.State, name)
	if err := os.MkdirAll(u.paths.State, 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(path, data, 0o644); err != nil {
		t.Fatal(err)
	}
	return path
}

// canvasObjects lists every object under o, widgets through their
// renderers, in drawing order.
func canvasObjects(o fyne.CanvasObject) []fyne.CanvasObject {
	out := []fyne.CanvasObject{o}
	switch x := o.(type) {
	case *fyne.Container:
		for _, c := range x.Objects {
			out = append(out, canvasObjects(c)...)
		}
	case fyne.Widget:
		for _, c := range test.WidgetRenderer(x).Objects() {
			out = append(out, canvasObjects(c)...)
		}
	}
	return out
}

// texts is the text of every label under o.
func texts(o fyne.CanvasObject) []string {
	var out []string
	for _, c := range canvasObjects(o) {
		if l, ok := c.(*widget.Label); ok {
			out = append(out, l.Text)
		} else if m, ok := c.(*seatMark); ok { // read as a label is
			out = append(out, m.text.Text)
		}
	}
	return out
}

// showsText reports whether a label under o holds the text.
func showsText(o fyne.CanvasObject, text string) bool {
	for _, l := range texts(o) {
		if strings.Contains(l, text) {
			return true
		}
	}
	return false
}

// buttons are the buttons under o with the text, or with the icon when
// the text is empty.
func buttons(o fyne.CanvasObject, text string, icon fyne.Resource) []*widget.Button {
	var out []*widget.Button
	for _, c := range canvasObjects(o) {
		b, ok := c.(*widget.Button)
		if ok && b.Text == text && (icon == nil || b.Icon != nil && b.Icon.Name() == icon.Name()) {
			out = append(out, b)
		}
	}
	return out
}

// topDialog is the dialog on top of the window, or nil.
func topDialog(u *App) fyne.CanvasObject { return u.win.Canvas().Overlays().Top() }

// showPicker shows the picker and waits until it has read the games in
// progress.
func showPicker(t *testing.T, u *App) {
	t.Helper()
	post := u.post
	loop := appLoop(u)
	u.ShowPicker()
	loop.Until(t, "the games in progress", func() bool { return u.picker.checked })
	u.post = post
}

// tapUnreadable presses the card's button for games in progress that
// cannot be read; the card offers no Resume.
func tapUnreadable(t *testing.T, u *App, id string) {
	t.Helper()
	showPicker(t, u)
	c := u.picker.cards[id]
	if c.resume.Visible() || !c.unreadable.Visible() {
		t.Fatalf("the card offers Resume %v, says unreadable %v", c.resume.Visible(), c.unreadable.Visible())
	}
	test.Tap(c.unreadable)
}

// tapResume presses the Resume button of the game's card on the picker.
func tapResume(t *testing.T, u *App, id string) {
	t.Helper()
	showPicker(t, u)
	b := u.picker.cards[id].resume
	if !b.Visible() {
		t.Fatal("no Resume on the card")
	}
	test.Tap(b)
}

// resumeOnLoop presses Resume on the game's card and waits, running what
// goroutines hand back, until the game in progress is open.
func resumeOnLoop(t *testing.T, u *App, id string) uiLoop {
	t.Helper()
	loop := appLoop(u)
	tapResume(t, u, id)
	loop.Until(t, "the game in progress to open", func() bool { return u.game != nil })
	return loop
}

// TestUnreadableAutosaveSurvivesANewGame: a game in progress that this
// version cannot read (saved by a newer Tabula) stays byte for byte while
// a new game of the same game is played and autosaved beside it.
func TestUnreadableAutosaveSurvivesANewGame(t *testing.T) {
	u := newTestApp(t)
	kept := keep(t, putFile(t, u, "autosave-classic.json", []byte(newerAutosave)))
	tapUnreadable(t, u, "classic") // the chooser says why
	if u.game != nil {
		t.Fatal("a newer version's game was opened")
	}
	gs, _ := startGame(t, u, twoPeople)
	for _, tok := range []string{"b2", "a1", "c3"} {
		if err := gs.Submit(tok); err != nil {
			t.Fatal(err)
		}
	}
	gs.undo()
	u.disk.Wait()
	kept.check(t)
	paths, _ := u.store.AutosavePaths("classic")
	if len(paths) != 2 || gs.files.autosavePath(u.disk) == kept.path {
		t.Fatalf("games in progress: %v; the new game writes to %s", paths, gs.files.autosavePath(u.disk))
	}
	rec, err := u.store.LoadAutosave(gs.files.autosavePath(u.disk))
	if err != nil || strings.Join(rec.Moves, " ") != "b2 a1" {
		t.Fatalf("the new game's autosave: %+v, %v", rec, err)
	}
}

// TestTwoGamesInProgressAreBothKept: a second game of the same game does
// not replace the first one's autosave, and undoing its first move
// removes its own autosave only.
func TestTwoGamesInProgressAreBothKept(t *testing.T) {
	u := newTestApp(t)
	one, _ := startGame(t, u, twoPeople)
	if err := one.Submit("b2"); err != nil {
		t.Fatal(err)
	}
	first := keep(t, one.files.autosavePath(u.disk))
	u.ShowPicker()
	two, _ := startGame(t, u, twoPeople)
	if err := two.Submit("a1"); err != nil {
		t.Fatal(err)
	}
	u.disk.Wait()
	first.check(t)
	list, err := u.store.ListAutosaves("classic")
	if err != nil || len(list) != 2 {
		t.Fatalf("games in progress: %+v, %v", list, err)
	}
	showPicker(t, u)
	if !showsText(u.picker.content, "Tic-tac-toe (2 games)") {
		t.Fatalf("the picker says %q", texts(u.picker.content))
	}
	u.openSessionWith(two.session, two.files)
	two = u.game
	two.undo()
	u.disk.Wait()
	first.check(t)
	if paths, _ := u.store.AutosavePaths("classic"); len(paths) != 1 || paths[0] != first.path {
		t.Fatalf("after undoing the second game's first move: %v", paths)
	}
}

// TestResumeWithOneGameOpensIt: with one game in progress, Resume opens
// it at once, and it goes on autosaving to its own file.
func TestResumeWithOneGameOpensIt(t *testing.T) {
	u := newTestApp(t)
	path := putAutosave(t, u, "autosave-classic.json", twoPeople, time.Now(), "b2")
	resumeOnLoop(t, u, "classic")
	if strings.Join(u.game.session.Tokens(), " ") != "b2" {
		t.Fatal("Resume did not open the game in progress")
	}
	if topDialog(u) != nil {
		t.Fatal("a dialog opened over the resumed game")
	}
	if err := u.game.Submit("a1"); err != nil {
		t.Fatal(err)
	}
	u.disk.Wait()
	if rec, err := u.store.LoadAutosave(path); err != nil || len(rec.Moves) != 2 {
		t.Fatalf("the resumed game did not go on in its file: %+v, %v", rec, err)
	}
}

// TestResumeWithSeveralOpensTheChooser: with several games in progress,
// Resume lists them (read off the UI goroutine), the newest first, and
// the player picks one.
func TestResumeWithSeveralOpensTheChooser(t *testing.T) {
	u := newTestApp(t)
	loop := appLoop(u)
	now := time.Now()
	cleo := []games.SeatInfo{{Name: "Cleo", Controller: "human"}, {Name: "Computer", Controller: "ai", Bot: "easy"}}
	older := putAutosave(t, u, "autosave-classic-20261121-120000.json", twoPeople, now.Add(-time.Hour), "b2")
	putAutosave(t, u, "autosave-classic-20261121-130000.json", cleo, now, "a1", "b2", "c3")
	tapResume(t, u, "classic")
	if u.game != nil {
		t.Fatal("Resume picked a game by itself")
	}
	dlg := topDialog(u)
	if dlg == nil || !showsText(dlg, "Reading the games in progress...") {
		t.Fatal("no chooser waiting for the list")
	}
	loop.Until(t, "the list", func() bool { return !showsText(dlg, "Reading") })
	for _, want := range []string{"Ana vs Ben", "1 move played", "Cleo vs Computer (easy)", "3 moves played"} {
		if !showsText(dlg, want) {
			t.Fatalf("the chooser does not say %q: %q", want, texts(dlg))
		}
	}
	resume := buttons(dlg, "Resume", nil)
	if len(resume) != 2 {
		t.Fatalf("%d Resume buttons", len(resume))
	}
	test.Tap(resume[1]) // the older game: Ana vs Ben
	loop.Until(t, "the chosen game to open", func() bool { return u.game != nil })
	if u.game.files.autosavePath(u.disk) != older || strings.Join(u.game.session.Tokens(), " ") != "b2" {
		t.Fatal("the chosen game was not opened")
	}
}

// TestChooserShowsUnreadableAndDeletes: a game this version cannot open is
// listed with the reason and cannot be resumed; deleting asks first.
func TestChooserShowsUnreadableAndDeletes(t *testing.T) {
	u := newTestApp(t)
	loop := appLoop(u)
	newer := putFile(t, u, "autosave-classic.json", []byte(newerAutosave))
	tapUnreadable(t, u, "classic")
	dlg := topDialog(u)
	loop.Until(t, "the list", func() bool { return !showsText(dlg, "Reading") })
	if !showsText(dlg, "Cannot be opened: saved by a newer Tabula") || !showsText(dlg, "kept as it is") {
		t.Fatalf("the chooser says %q", texts(dlg))
	}
	if r := buttons(dlg, "Resume", nil); len(r) != 0 {
		t.Fatal("an unreadable game is offered to resume")
	}
	del := buttons(dlg, "Delete", theme.DeleteIcon())
	if len(del) != 1 {
		t.Fatalf("%d delete buttons", len(del))
	}
	for _, answer := range []string{"No", "Yes"} {
		test.Tap(del[0])
		confirm := topDialog(u)
		if confirm == dlg || !showsText(confirm, "This cannot be undone") {
			t.Fatal("delete did not ask first")
		}
		test.Tap(buttons(confirm, answer, nil)[0])
		if _, err := os.Stat(newer); (err == nil) != (answer == "No") {
			t.Fatalf("after %q the file exists: %v", answer, err == nil)
		}
	}
	loop.Until(t, "the list", func() bool { return showsText(dlg, "No game in progress.") })
	if u.picker.cards["classic"].resume.Visible() {
		t.Fatal("the card offers Resume with no game in progress")
	}
}

// TestOpenDialogReadsOffTheUIGoroutine: the saved games dialog shows at
// once and fills its list when the files have been read; a dialog closed
// before that is left alone.
func TestOpenDialogReadsOffTheUIGoroutine(t *testing.T) {
	u := newTestApp(t)
	loop := appLoop(u)
	if _, err := u.store.Save(&games.Record{Game: "classic", Seats: twoPeople, Moves: []string{"b2"}}, "Lunch game"); err != nil {
		t.Fatal(err)
	}
	u.OpenDialog()
	dlg := topDialog(u)
	if !showsText(dlg, "Reading saved games...") || showsText(dlg, "Lunch game") {
		t.Fatalf("the dialog did not open at once: %q", texts(dlg))
	}
	loop.Until(t, "the list", func() bool { return showsText(dlg, "Lunch game") })
	test.Tap(buttons(dlg, "Close", nil)[0])

	u.OpenDialog()
	closed := topDialog(u)
	test.Tap(buttons(closed, "Close", nil)[0])
	(<-loop)() // the list read for the closed dialog
	if showsText(closed, "Lunch game") || !showsText(closed, "Reading saved games...") {
		t.Fatalf("a closed dialog was filled: %q", texts(closed))
	}
}

// TestAsyncListShowsTheLatestRead: when a list is read again before the
// first read has answered (an import while reading), the older answer is
// dropped, whatever order the two answers come in.
func TestAsyncListShowsTheLatestRead(t *testing.T) {
	u := newTestApp(t)
	loop := appLoop(u)
	l := newAsyncList(u)
	read := func(name string) func() ([]settings.Entry, error) {
		return func() ([]settings.Entry, error) { return []settings.Entry{{Name: name}}, nil }
	}
	rows := func(es []settings.Entry, _ error) []fyne.CanvasObject {
		return []fyne.CanvasObject{widget.NewLabel(es[0].Name)}
	}
	l.load("Reading...", read("first"), rows)
	l.load("Reading...", read("second"), rows)
	(<-loop)()
	(<-loop)()
	if got := texts(l.box); len(got) != 1 || got[0] != "second" {
		t.Fatalf("the list shows %q", got)
	}
}

// TestResumedGameWhoseFileWasReplaced: when another program (a newer
// Tabula) replaced a resumed game's file, the next move keeps that file
// and goes on in a new one, and the player is told.
func TestResumedGameWhoseFileWasReplaced(t *testing.T) {
	u := newTestApp(t)
	path := putAutosave(t, u, "autosave-classic.json", twoPeople, time.Now(), "b2")
	loop := resumeOnLoop(t, u, "classic")
	kept := keep(t, putFile(t, u, "autosave-classic.json", []byte(newerAutosave)))
	if err := u.game.Submit("a1"); err != nil {
		t.Fatal(err)
	}
	loop.Until(t, "the player to be told", func() bool { return strings.Contains(u.game.lastSaid, "kept as it is") })
	kept.check(t)
	if s := u.game.files.autosavePath(u.disk); s == path || !strings.Contains(u.game.lastSaid, "kept as it is") {
		t.Fatalf("the game goes on in %s; said %q", filepath.Base(s), u.game.lastSaid)
	}
	if rec, err := u.store.LoadAutosave(u.game.files.autosavePath(u.disk)); err != nil || len(rec.Moves) != 2 {
		t.Fatalf("the game's new autosave: %+v, %v", rec, err)
	}
}

// TestStartClearsStaleTemporaryFiles: a temporary file left by a write
// that was killed is removed when the app starts; a fresh one (another
// window writing now) is not.
func TestStartClearsStaleTemporaryFiles(t *testing.T) {
	home := t.TempDir()
	t.Setenv("TABULA_HOME", home)
	paths := settings.PathsUnder(home)
	if err := os.MkdirAll(paths.Saves, 0o755); err != nil {
		t.Fatal(err)
	}
	stale := filepath.Join(paths.Saves, ".tmp-game.json-123456")
	fresh := filepath.Join(paths.Saves, ".tmp-game.json-654321")
	for _, p := range []string{stale, fresh} {
		if err := os.WriteFile(p, []byte("half a save"), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	old := time.Now().Add(-time.Hour)
	os.Chtimes(stale, old, old)
	a := test.NewTempApp(t)
	if _, problems := NewApp(a); len(problems) > 0 {
		t.Fatalf("start-up problems: %v", problems)
	}
	if _, err := os.Stat(stale); !os.IsNotExist(err) {
		t.Error("the stale temporary file is still there after start")
	}
	if _, err := os.Stat(fresh); err != nil {
		t.Error("a fresh temporary file (another window's write) was removed")
	}
}
