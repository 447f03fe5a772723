package ui

import (
	"encoding/json"
	"slices"
	"strings"
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/test"
)

// control finds a control of the state by its label on a layer.
func control(st WebState, label string, layer int) (WebControl, bool) {
	for _, c := range st.Controls {
		if c.Label == label && c.Layer == layer {
			return c, true
		}
	}
	return WebControl{}, false
}

// TestWebStateTellsTheScreen: the web test hook reads the picker (its
// cards and buttons where they are drawn, scaled to CSS pixels), a dialog
// over it (its buttons on layer 1), and a game: its status, moves, the
// legal moves and the squares by name; a move played through it is
// played, a tap at a square's rectangle is the square's click, and it
// serialises as JSON.
func TestWebStateTellsTheScreen(t *testing.T) {
	desktopOnly(t)
	u := newTestApp(t)
	u.win.Resize(fyne.NewSize(1100, 720))
	u.ShowPicker()
	st := u.webState(2)
	if st.Screen != "picker" || st.Phone || len(st.Cards) != len(offered()) || st.Game != nil {
		t.Fatalf("picker state: %+v", st)
	}
	if st.Cards[0].Record == "" || st.Cards[0].Resume || st.Cards[0].PlayAt == nil || st.Cards[0].ResumeAt != nil {
		t.Fatalf("first card: %+v", st.Cards[0])
	}
	sett, ok := control(st, "Settings", 0)
	if !ok || sett.Kind != "button" || !sett.Enabled {
		t.Fatalf("no Settings button on the picker: %+v", st.Controls)
	}
	plain := u.webState(1)
	p, _ := control(plain, "Settings", 0)
	if sett.Rect.X != 2*p.Rect.X || sett.Rect.W != 2*p.Rect.W || p.Rect.W <= 0 || p.Rect.X+p.Rect.W > 1100 {
		t.Fatalf("Settings at %+v, unscaled %+v", sett.Rect, p.Rect)
	}
	u.SettingsDialog()
	st = u.webState(1)
	if st.Dialogs != 1 {
		t.Fatalf("%d dialogs", st.Dialogs)
	}
	if _, ok := control(st, "Close", 1); !ok {
		t.Fatalf("no Close on the dialog's layer: %+v", st.Controls)
	}
	for len(u.dialogs) > 0 {
		u.dialogs[0].Hide()
	}

	loop := appLoop(u)
	if err := u.webStart("classic", "nobody"); err == nil {
		t.Fatal("a bot that does not exist was taken")
	}
	if err := u.webStart("chess", ""); err == nil {
		t.Fatal("a game that does not exist was started")
	}
	if err := u.webStart("classic", "easy"); err != nil {
		t.Fatal(err)
	}
	gs := u.game
	gs.session.BotDelay = 0
	st = u.webState(1)
	g := st.Game
	if st.Screen != "game" || g == nil || g.ID != "classic" || g.Ply != 0 || g.Human != 0 || len(g.Legal) != 9 || len(g.Squares) != 9 {
		t.Fatalf("game state: %+v", g)
	}
	if g.Status == "" || !slices.Equal(g.Seats, []string{youName, gs.session.Seats[1].Name}) || gs.session.Seats[1].Bot != "easy" {
		t.Fatalf("game state: %+v", g)
	}
	if err := u.webPlay("z9"); err == nil {
		t.Fatal("a move off the board was played")
	}
	if err := u.webPlay(g.Legal[4]); err != nil {
		t.Fatal(err)
	}
	loop.Until(t, "the bot's answer", func() bool { return gs.session.Plies() == 2 })
	// A click in the middle of a free square's rectangle plays there.
	st = u.webState(1)
	free := st.Game.Legal[0]
	var sq WebSquare
	for _, s := range st.Game.Squares {
		if strings.HasPrefix(s.Label, free+",") {
			sq = s
		}
	}
	if sq.Rect.W == 0 {
		t.Fatalf("no square named for %s in %+v", free, st.Game.Squares)
	}
	test.TapCanvas(u.win.Canvas(), fyne.NewPos(sq.Rect.X+sq.Rect.W/2, sq.Rect.Y+sq.Rect.H/2))
	loop.Until(t, "the click and the answer", func() bool { return gs.session.Plies() >= 3 })
	if gs.session.Tokens()[2] != free {
		t.Fatalf("the click at %s played %s", free, gs.session.Tokens()[2])
	}
	b, err := json.Marshal(u.webState(1))
	if err != nil || len(b) < 100 {
		t.Fatalf("JSON: %v %s", err, b)
	}
}

// TestWebStateListsThePhoneMenu: in the phone layout the toolbar's menu
// (Save, Open, Rules, Settings...) is listed item by item on its layer
// with its rectangle, and a tap there runs the item.
func TestWebStateListsThePhoneMenu(t *testing.T) {
	u := newTestApp(t)
	u.mobile = true
	u.win.Resize(fyne.NewSize(412, 790))
	if err := u.webStart("classic", "easy"); err != nil {
		t.Fatal(err)
	}
	st := u.webState(1)
	var more WebControl
	for _, c := range st.Controls {
		if c.Layer == 0 && c.Icon == "foreground_more-vertical.svg" {
			more = c
		}
	}
	if more.Rect.W == 0 || more.Rect.X+more.Rect.W > 412 {
		t.Fatalf("no menu button inside the phone's width: %+v", st.Controls)
	}
	test.TapCanvas(u.win.Canvas(), fyne.NewPos(more.Rect.X+more.Rect.W/2, more.Rect.Y+more.Rect.H/2))
	st = u.webState(1)
	rules, ok := control(st, "Rules", 1)
	if !ok || rules.Kind != "menu" || rules.Rect.H <= 0 {
		t.Fatalf("no Rules item in the menu: %+v", st.Controls)
	}
	if _, ok := control(st, "Save", 1); !ok {
		t.Fatalf("no Save item in the menu: %+v", st.Controls)
	}
	test.TapCanvas(u.win.Canvas(), fyne.NewPos(rules.Rect.X+rules.Rect.W/2, rules.Rect.Y+rules.Rect.H/2))
	if st = u.webState(1); st.Dialogs != 1 {
		t.Fatalf("the Rules item opened %d dialogs", st.Dialogs)
	}
}

// TestWebStateListsTheHandChips: infiltration's hand chips (a button
// of the board's own kind) are listed with their count and piece icon,
// so a test clicks "a king from the hand" as a person does.
func TestWebStateListsTheHandChips(t *testing.T) {
	desktopOnly(t)
	u := newTestApp(t)
	u.win.Resize(fyne.NewSize(1100, 720))
	if err := u.webStart("infiltration", "easy"); err != nil {
		t.Fatal(err)
	}
	st := u.webState(1)
	var chips []string
	for _, c := range st.Controls {
		if strings.HasPrefix(c.Icon, "man") || strings.HasPrefix(c.Icon, "king") {
			if c.Rect.W <= 0 || c.Layer != 0 || !c.Enabled {
				t.Fatalf("chip %+v", c)
			}
			chips = append(chips, c.Icon+" "+c.Label)
		}
	}
	slices.Sort(chips)
	if len(chips) != 4 || !strings.HasPrefix(chips[0], "king0.svg ") || !strings.HasPrefix(chips[2], "man0.svg ") || strings.HasSuffix(chips[2], " 0") {
		t.Fatalf("hand chips: %q", chips)
	}
}
