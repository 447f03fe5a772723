package ui

import (
	"fmt"
	"reflect"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/widget"

	"github.com/tabulagames/tabula/ai"
	"github.com/tabulagames/tabula/games"
	"github.com/tabulagames/tabula/ui/boards/kit"
)

// The web build's test hook (web_js.go makes it window.tabula; the
// browser test, web/test, reads it): what the screen shows, in words and
// with the places of its buttons, so a test clicks a button by its label
// rather than guessing at pixels, and waits for a condition rather than
// for a time. It is built here, for every platform, so the ui tests hold
// it true; only the web build exposes it.

// WebState is what the screen shows (JSON for window.tabula.state()).
// Rectangles are in the page's CSS pixels, from its top left corner.
type WebState struct {
	Screen string  `json:"screen"` // "picker", "game", "opening" or "online"
	Phone  bool    `json:"phone"`  // the phone layout is shown
	Width  float32 `json:"width"`  // the window, in Fyne's units
	Height float32 `json:"height"`
	// Dialogs counts the dialogs open; Controls lists the clickable
	// things shown, the top layer (the last dialog) last; Texts the
	// labels shown.
	Dialogs  int          `json:"dialogs"`
	Controls []WebControl `json:"controls"`
	Texts    []WebText    `json:"texts"`
	// Cards are the picker's games: id, record, whether Resume is offered.
	Cards []WebCard `json:"cards,omitempty"`
	Game  *WebGame  `json:"game,omitempty"`
}

// WebRect is a rectangle on the page, in CSS pixels.
type WebRect struct {
	X float32 `json:"x"`
	Y float32 `json:"y"`
	W float32 `json:"w"`
	H float32 `json:"h"`
}

// WebControl is a button, check or choice shown: its words (a button of
// an icon only has its icon's name, e.g. "content-undo.svg"), its kind,
// whether it can be used, its layer (0 the screen, n the n-th dialog or
// pop-up) and where it is.
type WebControl struct {
	Label   string  `json:"label"`
	Icon    string  `json:"icon,omitempty"`
	Kind    string  `json:"kind"` // "button", "check", "select", "entry", "menu" (an item)
	Enabled bool    `json:"enabled"`
	Checked bool    `json:"checked,omitempty"`
	Layer   int     `json:"layer"`
	Rect    WebRect `json:"rect"`
}

// WebText is a label shown.
type WebText struct {
	Text  string  `json:"text"`
	Layer int     `json:"layer"`
	Rect  WebRect `json:"rect"`
}

// WebCard is a game's card on the picker.
type WebCard struct {
	ID     string `json:"id"`
	Name   string `json:"name"`
	Record string `json:"record"` // the record against the computer, in words
	Resume bool   `json:"resume"` // Resume is offered
	Read   bool   `json:"read"`   // the games in progress have been read
	// PlayAt and ResumeAt are where its New game (Play) and Resume
	// buttons are shown; nil when scrolled out of view or hidden.
	PlayAt   *WebRect `json:"playAt"`
	ResumeAt *WebRect `json:"resumeAt"`
}

// WebGame is the game shown.
type WebGame struct {
	ID       string   `json:"id"`
	Name     string   `json:"name"`
	Ply      int      `json:"ply"`      // moves played
	Over     bool     `json:"over"`     // the game has ended
	Status   string   `json:"status"`   // the status line: whose turn, in words
	Result   string   `json:"result"`   // the result line, once over
	Thinking bool     `json:"thinking"` // a computer is choosing its move
	Human    int      `json:"human"`    // the seat of the person to act, or -1
	Seats    []string `json:"seats"`    // the seats' names
	// Legal are the moves the person to act may play, in notation (what
	// tabula.play takes); Squares the board's squares with their names.
	Legal   []string    `json:"legal"`
	Squares []WebSquare `json:"squares,omitempty"`
	// Refused and Said are the last refusal and the last neutral message
	// shown under the board.
	Refused string `json:"refused"`
	Said    string `json:"said"`
}

// WebSquare is a square of the board, by the name screen readers say.
type WebSquare struct {
	Label string  `json:"label"`
	Rect  WebRect `json:"rect"`
}

// webState reads the screen; css is the page's CSS pixels per Fyne unit.
func (u *App) webState(css float32) WebState {
	c := u.win.Canvas()
	st := WebState{Phone: u.mobile, Width: c.Size().Width, Height: c.Size().Height, Dialogs: len(u.dialogs)}
	switch {
	case u.game != nil:
		st.Screen = "game"
	case u.picker != nil:
		st.Screen = "picker"
	case u.opening:
		st.Screen = "opening"
	case u.online != nil:
		st.Screen = "online"
	}
	w := &webWalker{css: css, st: &st, at: map[fyne.CanvasObject]WebRect{}}
	full := WebRect{W: c.Size().Width, H: c.Size().Height}
	w.walk(c.Content(), fyne.Position{}, full, 0)
	for i, o := range c.Overlays().List() {
		w.walk(o, fyne.Position{}, full, i+1)
	}
	if p := u.picker; p != nil {
		for _, g := range u.box.games() {
			card := p.cards[g.ID()]
			st.Cards = append(st.Cards, WebCard{ID: g.ID(), Name: g.Name(), Record: card.record.Text,
				Resume: card.resume.Visible(), Read: p.checked, PlayAt: w.where(card.play), ResumeAt: w.where(card.resume)})
		}
	}
	if gs := u.game; gs != nil {
		st.Game = gs.webGame(css)
	}
	return st
}

func (gs *gameScreen) webGame(css float32) *WebGame {
	s := gs.session
	out := s.Outcome()
	g := &WebGame{ID: s.Game.ID(), Name: s.Game.Name(), Ply: s.Plies(), Over: out.Over(),
		Status: gs.status.Text, Thinking: len(s.Thinking()) > 0, Human: s.HumanToMove(),
		Refused: gs.lastRefusal, Said: gs.lastSaid, Legal: []string{}}
	if gs.result != nil && gs.result.Visible() {
		g.Result = gs.result.String()
	}
	for _, seat := range s.Seats {
		g.Seats = append(g.Seats, seat.Name)
	}
	if seat := g.Human; seat >= 0 && !g.Over {
		live := s.Live()
		for _, m := range live.Legal(seat) {
			g.Legal = append(g.Legal, live.MoveString(seat, m))
		}
	}
	if sb, ok := gs.board.(kit.SpokenBoard); ok {
		at := fyne.CurrentApp().Driver().AbsolutePositionForObject(gs.board)
		for _, sq := range sb.SpokenSquares() {
			g.Squares = append(g.Squares, WebSquare{Label: sq.Label,
				Rect: webRect(css, at.Add(sq.Pos), sq.Size)})
		}
	}
	return g
}

func webRect(css float32, pos fyne.Position, size fyne.Size) WebRect {
	return WebRect{X: pos.X * css, Y: pos.Y * css, W: size.Width * css, H: size.Height * css}
}

// webWalker lists the controls and texts of a tree of objects. It goes
// into containers and the widgets that show their content as a field
// (scrolls, cards, pop-ups, dialogs, open accordion items), not into
// other widgets' drawings.
type webWalker struct {
	css float32
	st  *WebState
	at  map[fyne.CanvasObject]WebRect // where each control was found
}

// where is the rectangle a control was found at, or nil.
func (w *webWalker) where(o fyne.CanvasObject) *WebRect {
	if r, ok := w.at[o]; ok {
		return &r
	}
	return nil
}

// walk visits o, placed at pos (its parent's absolute position), shown
// within clip (a scroll's view).
func (w *webWalker) walk(o fyne.CanvasObject, parent fyne.Position, clip WebRect, layer int) {
	if o == nil || !o.Visible() {
		return
	}
	pos := parent.Add(o.Position())
	size := o.Size()
	r, ok := clipTo(WebRect{X: pos.X, Y: pos.Y, W: size.Width, H: size.Height}, clip)
	if !ok {
		return
	}
	shown := WebRect{X: r.X * w.css, Y: r.Y * w.css, W: r.W * w.css, H: r.H * w.css}
	control := func(label, icon, kind string, enabled, checked bool) {
		w.at[o] = shown
		w.st.Controls = append(w.st.Controls, WebControl{Label: label, Icon: icon, Kind: kind,
			Enabled: enabled, Checked: checked, Layer: layer, Rect: shown})
	}
	switch x := o.(type) {
	case *fyne.Container:
		for _, c := range x.Objects {
			w.walk(c, pos, clip, layer)
		}
	case *container.Scroll:
		w.walk(x.Content, pos, r, layer)
	case *widget.Card:
		w.walk(x.Content, pos, clip, layer)
	case *tappable: // a list row (saved games, games in progress): its buttons
		w.walk(x.content, pos, clip, layer)
	case *widget.PopUp:
		w.walk(x.Content, pos, clip, layer)
	case *widget.Button:
		icon := ""
		if x.Icon != nil {
			icon = x.Icon.Name()
		}
		control(x.Text, icon, "button", !x.Disabled(), false)
	case *kit.Chip: // infiltration's hand: the count in it and its piece's icon
		icon := ""
		if x.Icon != nil {
			icon = x.Icon.Name()
		}
		control(x.Text, icon, "button", true, false)
	case *widget.Check:
		control(x.Text, "", "check", !x.Disabled(), x.Checked)
	case *widget.Select:
		control(x.Selected, "", "select", !x.Disabled(), false)
	case *widget.Entry:
		control(x.Text, "", "entry", !x.Disabled(), false)
	case *widget.PopUpMenu:
		w.menu(x.Menu, pos, clip, layer)
	case *widget.Menu:
		w.menu(x, pos, clip, layer)
	case *widget.Label:
		if x.Text != "" {
			w.st.Texts = append(w.st.Texts, WebText{Text: x.Text, Layer: layer, Rect: shown})
		}
	case *widget.RichText:
		if t := x.String(); t != "" {
			w.st.Texts = append(w.st.Texts, WebText{Text: t, Layer: layer, Rect: shown})
		}
	default:
		// Fyne wraps a dialog's pop-up in a type of its own (an internal
		// OverlayContainer) that shows its Content as a field too.
		if c := contentField(o); c != nil {
			w.walk(c, pos, clip, layer)
		}
	}
}

// menu lists a menu's items, the menu placed at pos. Its items (of a
// type of Fyne's own) lie in its box from its top left; each holds its
// fyne.MenuItem as Item.
func (w *webWalker) menu(m *widget.Menu, pos fyne.Position, clip WebRect, layer int) {
	for _, it := range m.Items {
		v := reflect.ValueOf(it)
		if v.Kind() != reflect.Pointer || v.Elem().Kind() != reflect.Struct {
			continue
		}
		f := v.Elem().FieldByName("Item")
		if !f.IsValid() || !f.CanInterface() {
			continue
		}
		mi, ok := f.Interface().(*fyne.MenuItem)
		if !ok || mi == nil || mi.IsSeparator || !it.Visible() {
			continue
		}
		at := pos.Add(it.Position())
		if r, ok := clipTo(WebRect{X: at.X, Y: at.Y, W: it.Size().Width, H: it.Size().Height}, clip); ok {
			w.st.Controls = append(w.st.Controls, WebControl{Label: mi.Label, Kind: "menu", Enabled: !mi.Disabled,
				Layer: layer, Rect: WebRect{X: r.X * w.css, Y: r.Y * w.css, W: r.W * w.css, H: r.H * w.css}})
		}
	}
}

// contentField is an object's exported Content field, when it has one
// that is a canvas object.
func contentField(o fyne.CanvasObject) fyne.CanvasObject {
	v := reflect.ValueOf(o)
	if v.Kind() != reflect.Pointer || v.Elem().Kind() != reflect.Struct {
		return nil
	}
	f := v.Elem().FieldByName("Content")
	if !f.IsValid() || !f.CanInterface() {
		return nil
	}
	c, _ := f.Interface().(fyne.CanvasObject)
	return c
}

// clipTo is the part of r inside clip, and whether there is any.
func clipTo(r, clip WebRect) (WebRect, bool) {
	x0, y0 := max(r.X, clip.X), max(r.Y, clip.Y)
	x1, y1 := min(r.X+r.W, clip.X+clip.W), min(r.Y+r.H, clip.Y+clip.H)
	if x1 <= x0 || y1 <= y0 {
		return WebRect{}, false
	}
	return WebRect{X: x0, Y: y0, W: x1 - x0, H: y1 - y0}, true
}

// webPlay plays a move of the person to act, in notation, as the board
// does when it is clicked (gameScreen.Submit); the error is in words.
func (u *App) webPlay(token string) error {
	if u.game == nil {
		return fmt.Errorf("no game is shown")
	}
	return u.game.Submit(token)
}

// webStart starts a new game of id at once, a person ("You") in the
// first seat and bot (empty: the game's strongest) in the others, with
// the standard house rules: the browser test's way to a given computer
// opponent without going through the New game dialog's choices.
func (u *App) webStart(id, bot string) error {
	g, ok := games.Lookup(id)
	if !ok {
		return fmt.Errorf("there is no game %q", id)
	}
	if bot == "" {
		bot = ai.Strongest(id)
	}
	if _, err := ai.Find(id, bot); err != nil {
		return err
	}
	rules := games.Defaults(g.RuleSpecs())
	seats := []games.SeatInfo{{Name: youName, Controller: "human"}}
	for i := 1; i < games.SeatCount(g, rules); i++ {
		seats = append(seats, games.SeatInfo{Name: botSeatName(bot, i), Controller: "ai", Bot: bot})
	}
	s, err := u.newSession(g, rules, seats, nil)
	if err != nil {
		return err
	}
	for len(u.dialogs) > 0 {
		u.dialogs[len(u.dialogs)-1].Hide()
	}
	u.openSession(s)
	return nil
}
