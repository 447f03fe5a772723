package ui

import (
	"testing"
	"time"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/canvas"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/widget"

	"github.com/tabulagames/tabula/settings"
)

// TestPickerReflows: the picker's columns follow the window's width (two
// on a phone down to 294 wide, one on a narrower one, up to four on a
// desktop), no card is wider than maxCardWidth, the buttons of a row line
// up (a card showing Resume or Unreadable too), a card wide enough has its
// icon beside its text, Play and Rules stand side by side, nothing reaches
// past the window's edge, and the picker never asks for a wider window
// than it has.
func TestPickerReflows(t *testing.T) {
	for _, c := range []struct {
		size   fyne.Size
		phone  bool
		cols   int
		inLine bool // a card's Play and Rules side by side
		beside bool // a card's icon beside its text
	}{
		{phoneSize, true, 2, true, false},
		{fyne.NewSize(320, 640), true, 2, true, false},
		// A window of 412 x 790 pixels on Fyne's phone simulation (x 1.4).
		{fyne.NewSize(294, 564), true, 2, true, false},
		{fyne.NewSize(240, 480), true, 1, true, false},
		{fyne.NewSize(412, 790), false, 1, true, true},
		{fyne.NewSize(800, 600), false, 2, true, true},
		{fyne.NewSize(1180, 760), false, 3, true, true},
		{fyne.NewSize(1920, 1080), false, 4, true, true},
	} {
		u := newTestApp(t)
		u.mobile = c.phone
		sized(u, c.size)
		// One card offers Resume, one says its game is unreadable.
		putAutosave(t, u, "autosave-classic-20261121-120000.json", twoPeople, time.Now(), "b2")
		putFile(t, u, "autosave-checkerboard-20261121-120000.json", []byte(newerAutosave))
		showPicker(t, u)
		if !u.picker.cards["classic"].resume.Visible() || !u.picker.cards["checkerboard"].unreadable.Visible() {
			t.Fatal("no Resume on the tic-tac-toe card, or no unreadable game on the checkerboard's")
		}
		if min := u.picker.content.MinSize(); min.Width > c.size.Width {
			t.Errorf("at %v the picker needs %.0f px: the window would widen", c.size, min.Width)
		}
		var cards []*widget.Card
		for _, o := range canvasObjects(u.picker.content) {
			if card, ok := o.(*widget.Card); ok {
				cards = append(cards, card)
			}
		}
		if len(cards) != len(offered()) {
			t.Fatalf("%d cards for %d games", len(cards), len(offered()))
		}
		columns := map[float32]bool{}
		rowY := map[float32]float32{} // a row's top: where its play buttons are
		for _, card := range cards {
			pos := absolute(card)
			columns[pos.X] = true
			if w := card.Size().Width; w > maxCardWidth || w < card.MinSize().Width {
				t.Errorf("at %v a card is %.0f px wide (it needs %.0f)", c.size, w, card.MinSize().Width)
			}
			play, rules := buttons(card, "New game", nil), buttons(card, "", nil)
			if c.phone {
				play, rules = buttons(card, "Play", nil), buttons(card, "Rules", nil)
			}
			y := absolute(play[0]).Y
			if inLine := absolute(rules[0]).Y == y; inLine != c.inLine {
				t.Errorf("at %v a card's buttons side by side: %v, want %v", c.size, inLine, c.inLine)
			}
			if top, ok := rowY[pos.Y]; ok && top != y {
				t.Errorf("at %v the play buttons of a row stand at y=%.0f and %.0f", c.size, top, y)
			}
			rowY[pos.Y] = y
			if beside := iconBesideText(card); beside != c.beside {
				t.Errorf("at %v a card's icon beside its text: %v, want %v", c.size, beside, c.beside)
			}
		}
		if len(columns) != c.cols {
			t.Errorf("at %v (phone %v): %d columns, want %d", c.size, c.phone, len(columns), c.cols)
		}
		checkFits(t, u, u.picker.content)
	}
}

// TestPhonePickerHeaderScrolls: on a phone the picker's header (the
// title, the buttons and the note on the games in progress) scrolls away
// with the cards, in one scroll: kept in place it took a third of a
// narrow phone's screen.
func TestPhonePickerHeaderScrolls(t *testing.T) {
	u := newTestApp(t)
	u.mobile = true
	sized(u, fyne.NewSize(294, 564))
	putAutosave(t, u, "autosave-classic-20261121-120000.json", twoPeople, time.Now(), "b2")
	showPicker(t, u)
	p := u.picker
	if !p.note.Visible() {
		t.Fatal("no note on the game in progress")
	}
	var scrolls []*container.Scroll
	for _, o := range canvasObjects(p.content) {
		if sc, ok := o.(*container.Scroll); ok {
			scrolls = append(scrolls, sc)
		}
	}
	if len(scrolls) != 1 || !holds(scrolls[0], p.note) || !holds(scrolls[0], p.grid) {
		t.Fatalf("%d scrolls; the first holds the note and the cards: %v", len(scrolls), len(scrolls) > 0 && holds(scrolls[0], p.note) && holds(scrolls[0], p.grid))
	}
}

// TestPickerMarksUnreadableGames: a game in progress this version cannot
// read is never offered with Resume: its card says it is unreadable and
// opens the chooser, which says why. Beside a readable one, Resume is
// offered and the note counts the readable games only, in plain text.
func TestPickerMarksUnreadableGames(t *testing.T) {
	u := newTestApp(t)
	loop := appLoop(u)
	putFile(t, u, "autosave-classic-20261121-120000.json", []byte(newerAutosave))
	tapUnreadable(t, u, "classic")
	dlg := topDialog(u)
	loop.Until(t, "the list", func() bool { return !showsText(dlg, "Reading") })
	if !showsText(dlg, "Cannot be opened") {
		t.Fatal("the chooser does not say why")
	}
	if u.picker.note.Visible() {
		t.Fatalf("the note says %q with no game to resume", u.picker.note.Text)
	}
	topDialog(u).Hide()
	putAutosave(t, u, "autosave-classic-20261121-130000.json", twoPeople, time.Now(), "b2")
	showPicker(t, u)
	c := u.picker.cards["classic"]
	if !c.resume.Visible() || c.unreadable.Visible() {
		t.Fatalf("with a readable game: Resume %v, unreadable %v", c.resume.Visible(), c.unreadable.Visible())
	}
	note := u.picker.note
	if !note.Visible() || note.Text != "In progress: Tic-tac-toe. Press Resume on its card to go on." {
		t.Fatalf("the note says %q", note.Text)
	}
	if note.Importance != widget.MediumImportance {
		t.Fatal("the note is coloured like a link, and is not one")
	}
}

// iconBesideText reports whether a card's icon stands left of its name,
// rather than above it.
func iconBesideText(card *widget.Card) bool {
	var icon, name fyne.CanvasObject
	for _, o := range canvasObjects(card) {
		switch x := o.(type) {
		case *canvas.Image:
			if icon == nil {
				icon = x
			}
		case *widget.Label:
			if x.TextStyle.Bold && name == nil {
				name = x
			}
		}
	}
	return absolute(icon).X+icon.Size().Width <= absolute(name).X
}

// TestPickerMeasuresNothingBeforeItsWidthIsKnown: asking the new picker
// its size resizes no card and no text. Measuring first squeezed every
// card's text to the icon's 72 px, breaking words apart, and the text
// shaper panicked on it in the phone build.
func TestPickerMeasuresNothingBeforeItsWidthIsKnown(t *testing.T) {
	u := newTestApp(t)
	u.mobile = true
	p := newPicker(u)
	p.content.MinSize()
	for _, o := range canvasObjects(p.grid) {
		if l, ok := o.(*widget.Label); ok && l.Size().Width != 0 {
			t.Fatalf("%q was laid out %.0f px wide before the picker had a width", l.Text, l.Size().Width)
		}
	}
}

// TestPickerRecordSaysTheBotsInWords: a card's record names the computer
// opponents as the New game dialog does ("Easy"), not by the bots' keys
// the statistics are kept under ("easy + medium").
func TestPickerRecordSaysTheBotsInWords(t *testing.T) {
	u := newTestApp(t)
	if err := u.stats.Record("revenge", "easy + medium", settings.Win); err != nil {
		t.Fatal(err)
	}
	if err := u.stats.Record("classic", "hard", settings.Draw); err != nil {
		t.Fatal(err)
	}
	p := &picker{u: u}
	if got := p.recordText("revenge"); got != "vs Easy + Medium: 1 won, 0 lost, 0 drawn" {
		t.Errorf("revenge's record reads %q", got)
	}
	if got := p.recordText("classic"); got != "vs Hard: 0 won, 0 lost, 1 drawn" {
		t.Errorf("classic's record reads %q", got)
	}
}
