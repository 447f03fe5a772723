package ui

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/storage"
	"fyne.io/fyne/v2/test"
	"fyne.io/fyne/v2/widget"

	"github.com/tabulagames/tabula/games"
)

// phoneSize is a phone in portrait (412x790 dp).
var phoneSize = fyne.NewSize(412, 790)

// sized shows the app's window at a size, laid out.
func sized(u *App, size fyne.Size) {
	u.win.Resize(size)
}

// absolute is where o is drawn in its window.
func absolute(o fyne.CanvasObject) fyne.Position {
	return fyne.CurrentApp().Driver().AbsolutePositionForObject(o)
}

// visibleUnder lists the objects under o that are drawn: shown, and under
// parents that are shown.
func visibleUnder(o fyne.CanvasObject) []fyne.CanvasObject {
	if !o.Visible() {
		return nil
	}
	out := []fyne.CanvasObject{o}
	switch x := o.(type) {
	case *fyne.Container:
		for _, c := range x.Objects {
			out = append(out, visibleUnder(c)...)
		}
	case fyne.Widget:
		for _, c := range test.WidgetRenderer(x).Objects() {
			out = append(out, visibleUnder(c)...)
		}
	}
	return out
}

// checkFits fails when a control or label under o reaches past the right
// edge of the window: it would be cut off, or need a sideways scroll.
func checkFits(t *testing.T, u *App, o fyne.CanvasObject) {
	t.Helper()
	width := u.win.Canvas().Size().Width
	for _, c := range visibleUnder(o) {
		switch c.(type) {
		case *widget.Button, *widget.Select, *widget.Check, *widget.Label:
			if right := absolute(c).X + c.Size().Width; right > width+0.5 {
				t.Errorf("%T %q ends at x=%.0f, past the window's %.0f", c, textOf(c), right, width)
			}
		}
	}
}

func textOf(o fyne.CanvasObject) string {
	switch x := o.(type) {
	case *widget.Button:
		return x.Text
	case *widget.Label:
		return x.Text
	case *widget.Check:
		return x.Text
	case *widget.Select:
		return x.Selected
	}
	return ""
}

// selects are the drop-down lists under o.
func selects(o fyne.CanvasObject) []*widget.Select {
	var out []*widget.Select
	for _, c := range canvasObjects(o) {
		if s, ok := c.(*widget.Select); ok {
			out = append(out, s)
		}
	}
	return out
}

// TestSettingsStackOnAPhone: in Settings each label stands above its
// control on a phone and in a narrow window (a control as wide as the
// form, its label readable in full, nothing past the window's edge), and
// beside it in a wide window.
func TestSettingsStackOnAPhone(t *testing.T) {
	for _, c := range []struct {
		name    string
		size    fyne.Size
		phone   bool
		stacked bool
	}{
		{"phone", phoneSize, true, true},
		{"small phone", fyne.NewSize(320, 640), true, true},
		{"narrow window", phoneSize, false, true},
		{"phone on its side", fyne.NewSize(900, 412), true, true},
		{"desktop", fyne.NewSize(1100, 720), false, false},
	} {
		t.Run(c.name, func(t *testing.T) {
			u := newTestApp(t)
			u.mobile = c.phone
			sized(u, c.size)
			u.SettingsDialog()
			dlg := topDialog(u)
			sels := selects(dlg)
			if len(sels) < 5 {
				t.Fatalf("%d drop-down lists in Settings", len(sels))
			}
			left := absolute(sels[0]).X
			for _, s := range sels {
				if x := absolute(s).X; x != left {
					t.Errorf("the %q list starts at x=%.0f, the theme's at %.0f: not one column", s.Selected, x, left)
				}
			}
			// Stacked, a control starts where its label does; beside
			// it, the labels stand to its left.
			var labels int
			for _, o := range canvasObjects(dlg) {
				l, ok := o.(*widget.Label)
				if !ok || !strings.HasPrefix(l.Text, "Default opponent: ") {
					continue
				}
				labels++
				if l.Size().Width < l.MinSize().Width || l.Size().Height < l.MinSize().Height {
					t.Errorf("%q is cut off: %v of %v", l.Text, l.Size(), l.MinSize())
				}
				if stacked := absolute(l).X == left; stacked != c.stacked {
					t.Errorf("%q at x=%.0f, the lists at %.0f: stacked %v, want %v", l.Text, absolute(l).X, left, stacked, c.stacked)
				}
			}
			if labels == 0 {
				t.Fatal("no 'Default opponent' labels")
			}
			checkFits(t, u, dlg)
		})
	}
}

// TestAnimationSpeedFollowsReducedMotion: the animation speed cannot be
// chosen while reduced motion is on.
func TestAnimationSpeedFollowsReducedMotion(t *testing.T) {
	u := newTestApp(t) // reduced motion on
	u.SettingsDialog()
	dlg := topDialog(u)
	var speed *widget.Select
	for _, s := range selects(dlg) {
		if strings.Join(s.Options, " ") == "Slow Normal Fast" {
			speed = s
		}
	}
	var reduced *widget.Check
	for _, o := range canvasObjects(dlg) {
		if c, ok := o.(*widget.Check); ok && strings.HasPrefix(c.Text, "Reduced motion") {
			reduced = c
		}
	}
	if speed == nil || reduced == nil {
		t.Fatal("no animation speed or reduced motion in Settings")
	}
	for _, on := range []bool{true, false, true} {
		if reduced.Checked != on {
			test.Tap(reduced)
		}
		if speed.Disabled() != on || u.cfg.ReducedMotion() != on {
			t.Fatalf("reduced motion %v (saved %v): the speed list disabled %v", on, u.cfg.ReducedMotion(), speed.Disabled())
		}
	}
}

// saveSome saves n games of tic-tac-toe, with long names.
func saveSome(t *testing.T, u *App, n int) {
	t.Helper()
	seats := []games.SeatInfo{{Name: "Anastasia Konstantinopoulou", Controller: "human"}, {Name: "Computer", Controller: "ai", Bot: "hard"}}
	for i := range n {
		if _, err := u.store.Save(&games.Record{Game: "classic", Seats: seats, Moves: []string{"b2"}}, "Tic-tac-toe: the long evening game "+string(rune('A'+i))); err != nil {
			t.Fatal(err)
		}
	}
}

// openSavedGames opens the saved games and waits for the list.
func openSavedGames(t *testing.T, u *App) fyne.CanvasObject {
	t.Helper()
	loop := appLoop(u)
	u.OpenDialog()
	dlg := topDialog(u)
	loop.Until(t, "the list", func() bool { return !showsText(dlg, "Reading") })
	return dlg
}

// rows are the tappable rows under o.
func rows(o fyne.CanvasObject) []*tappable {
	var out []*tappable
	for _, c := range canvasObjects(o) {
		if r, ok := c.(*tappable); ok {
			out = append(out, r)
		}
	}
	return out
}

// TestSavedGamesOnAPhone: at 412 px every row of the saved games fits the
// screen, and a tap on a row opens its actions, every one of them in
// reach; Open there opens the game.
func TestSavedGamesOnAPhone(t *testing.T) {
	for _, phone := range []bool{true, false} {
		u := newTestApp(t)
		u.mobile = phone
		sized(u, phoneSize)
		saveSome(t, u, 3)
		dlg := openSavedGames(t, u)
		checkFits(t, u, dlg)
		rs := rows(dlg)
		if len(rs) != 3 {
			t.Fatalf("%d tappable rows for 3 saved games", len(rs))
		}
		test.Tap(rs[0])
		sheet := topDialog(u)
		if sheet == dlg {
			t.Fatal("tapping a row did nothing")
		}
		checkFits(t, u, sheet)
		for _, name := range []string{"Open", "Export", "Delete"} {
			if b := buttons(sheet, name, nil); len(b) != 1 || !b[0].Visible() || b[0].Disabled() {
				t.Fatalf("the row's actions have no %s", name)
			}
		}
		loop := appLoop(u)
		test.Tap(buttons(sheet, "Open", nil)[0])
		loop.Until(t, "the game to open", func() bool { return u.game != nil })
		if len(u.dialogs) != 0 {
			t.Fatalf("Open in the row's actions: game %v, %d dialogs left", u.game != nil, len(u.dialogs))
		}
		u.game.leave()
	}
}

// TestSavedGamesOnTheDesktop: in a wide window the actions are buttons on
// the row that say what they do.
func TestSavedGamesOnTheDesktop(t *testing.T) {
	u := newTestApp(t)
	u.mobile = false // also under -tags mobile
	saveSome(t, u, 2)
	dlg := openSavedGames(t, u)
	for _, name := range []string{"Open", "Export", "Delete"} {
		b := buttons(dlg, name, nil)
		if len(b) != 2 || !visible(b[0]) {
			t.Fatalf("%d %q buttons on the rows", len(b), name)
		}
	}
	checkFits(t, u, dlg)
}

// visible reports whether o is drawn: o and every object above it shown.
func visible(o fyne.CanvasObject) bool {
	for _, c := range visibleUnder(topDialogOf(o)) {
		if c == o {
			return true
		}
	}
	return false
}

// topDialogOf is the overlay that holds o.
func topDialogOf(o fyne.CanvasObject) fyne.CanvasObject {
	for _, ov := range fyne.CurrentApp().Driver().CanvasForObject(o).Overlays().List() {
		for _, c := range canvasObjects(ov) {
			if c == o {
				return ov
			}
		}
	}
	return o
}

// TestExportSaysWhereItWrote: an export writes the save's bytes and tells
// the player which game went to which file.
func TestExportSaysWhereItWrote(t *testing.T) {
	u := newTestApp(t)
	dest := filepath.Join(t.TempDir(), "for Ben.json")
	w, err := storage.Writer(storage.NewFileURI(dest))
	if err != nil {
		t.Fatal(err)
	}
	u.writeExport(w, []byte(`{"game": "classic"}`), "Tic-tac-toe: Ana vs Ben")
	if data, _ := os.ReadFile(dest); string(data) != `{"game": "classic"}` {
		t.Fatalf("wrote %q", data)
	}
	msg := topDialog(u)
	if msg == nil || !showsText(msg, `"Tic-tac-toe: Ana vs Ben" was written to `+dest) {
		t.Fatalf("the export said %q", texts(msg))
	}
}

// TestImportChooserShowsOnlySaves: the import chooser lists folders and
// .json files, not every file.
func TestImportChooserShowsOnlySaves(t *testing.T) {
	u := newTestApp(t)
	dir := t.TempDir()
	for _, name := range []string{"club.json", "notes.txt"} {
		if err := os.WriteFile(filepath.Join(dir, name), []byte("{}"), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	u.importSave(func() {}, func(string) {})
	if !saveFiles.Matches(storage.NewFileURI(filepath.Join(dir, "club.json"))) ||
		saveFiles.Matches(storage.NewFileURI(filepath.Join(dir, "notes.txt"))) {
		t.Fatal("the filter of save files is wrong")
	}
	d, ok := u.dialogs[len(u.dialogs)-1].(interface{ SetLocation(fyne.ListableURI) })
	if !ok {
		t.Fatal("the import chooser is not a file dialog")
	}
	loc, err := storage.ListerForURI(storage.NewFileURI(dir))
	if err != nil {
		t.Fatal(err)
	}
	d.SetLocation(loc)
	chooser := topDialog(u)
	if !showsAnyText(chooser, "club") || showsAnyText(chooser, "notes") {
		t.Fatalf("the chooser lists %q", allTexts(chooser))
	}
}

// allTexts is every text drawn under o, of any kind.
func allTexts(o fyne.CanvasObject) []string {
	var out []string
	for _, c := range canvasObjects(o) {
		switch x := c.(type) {
		case *widget.Label:
			out = append(out, x.Text)
		case interface{ String() string }:
			out = append(out, x.String())
		}
	}
	return out
}

func showsAnyText(o fyne.CanvasObject, text string) bool {
	for _, s := range allTexts(o) {
		if strings.Contains(s, text) {
			return true
		}
	}
	return false
}

// TestImportIsNamedAfterThePickedFile: a save without a name, picked in
// the chooser, is listed under the picked file's name, never a made-up
// temporary one.
func TestImportIsNamedAfterThePickedFile(t *testing.T) {
	u := newTestApp(t)
	src := filepath.Join(t.TempDir(), "Club night.json")
	if err := os.WriteFile(src, []byte(`{"seed": 1, "game": "classic", "moves": ["b2"]}`), 0o644); err != nil {
		t.Fatal(err)
	}
	r, err := storage.Reader(storage.NewFileURI(src))
	if err != nil {
		t.Fatal(err)
	}
	loop := appLoop(u)
	refilled := false
	u.importFrom(r, func() { refilled = true })
	loop.Until(t, "the import", func() bool { return refilled })
	list, err := u.store.List()
	if err != nil || len(list) != 1 || !refilled {
		t.Fatalf("after the import: %+v, %v, list read again %v", list, err, refilled)
	}
	if got := saveTitle(list[0]); got != "Tic-tac-toe: Club night" {
		t.Fatalf("the import is listed as %q", got)
	}

	// A broken file is refused with its name and the reason; nothing is
	// written. (Fyne's error dialog capitalises the message: "Half.json".)
	bad := filepath.Join(t.TempDir(), "half.json")
	if err := os.WriteFile(bad, []byte(`{"game": "classic", "moves": ["b2"`), 0o644); err != nil {
		t.Fatal(err)
	}
	if r, err = storage.Reader(storage.NewFileURI(bad)); err != nil {
		t.Fatal(err)
	}
	refilled = false
	u.importFrom(r, func() { refilled = true })
	loop.Until(t, "the refused import", func() bool { return refilled })
	if msg := topDialog(u); msg == nil || !showsAnyText(msg, "alf.json was not imported: the file is cut short") {
		t.Fatalf("the refused import said %q", allTexts(msg))
	}
	if list, _ := u.store.List(); len(list) != 1 {
		t.Fatalf("a refused import changed the list: %d saves", len(list))
	}
}
