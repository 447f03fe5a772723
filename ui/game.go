package ui

import (
	"github.com/tabulagames/tabula/internal/words"

	"fmt"
	"image/color"
	"strings"
	"time"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/canvas"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/driver/desktop"
	"fyne.io/fyne/v2/layout"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"

	"github.com/tabulagames/tabula/games"
	"github.com/tabulagames/tabula/ui/boards/kit"
	"github.com/tabulagames/tabula/ui/frame"
	"github.com/tabulagames/tabula/ui/session"
)

// sidePanelWidth is the fixed width of the desktop side panel.
const sidePanelWidth float32 = 330

// gameScreen is a game in progress: the board, the side panel (seats,
// status, rules in effect, move list) and the toolbar.
type gameScreen struct {
	u       *App
	session *session.Session
	files   *gameFiles // its autosave and save files, written on the disk queue
	// unsubscribe ends the screen's subscriptions to the session.
	unsubscribe []func()
	board       kit.Board
	spoken      *kit.SpokenLayer // the squares' names for screen readers, or nil
	content     fyne.CanvasObject

	status       *widget.Label
	result       *widget.Label
	headline     *container.ThemeOverride // the result, in the winner's colour
	winnerColour *kit.ThemeWith           // the primary colour: the winner's
	again        *widget.Button
	newGame      *widget.Button
	over         *fyne.Container // Play again and New game, once the game is over
	seatRows     []*seatRow
	moves        *widget.List
	live         *widget.Button
	pause        *widget.Button
	score        *widget.Label
	resetScore   *widget.Button
	scoreRow     *fyne.Container
	toast        *toast
	undoBtn      fyne.Disableable
	redoBtn      fyne.Disableable
	hintBtn      fyne.Disableable
	selecting    bool // the move list is being updated from the model
	lastRefusal  string
	lastSaid     string
	cover        *fyne.Container // hides the board until the device is handed over
	handOverText *widget.Label
	handOverBtn  *widget.Button
	forward      kit.Forward  // which draws animate
	maskSeat     int          // whose entries the move list shows under fog: -2 all, -1 none
	drawn        *frame.Frame // the frame drawn last
}

type seatRow struct {
	name     *widget.Label
	note     *widget.Label // the board's words on the seat ("12 squares"), if any
	turn     *canvas.Text
	symbol   *canvas.Text
	activity *widget.Activity
}

func newGameScreen(u *App, s *session.Session, files *gameFiles) *gameScreen {
	gs := &gameScreen{u: u, session: s, files: files, forward: kit.NewForward(), maskSeat: -2}
	entry, _ := u.box.entry(s.Game.ID())
	gs.board = entry.New(gs)
	s.PickTime = pickTime(s.Rules)
	// The screen draws a change first; then its disk work is queued.
	gs.unsubscribe = append(gs.unsubscribe, s.Subscribe(gs.changed), s.Subscribe(gs.keep))
	gs.build()
	return gs
}

// changed draws what the session changed, and says what the board does
// not show: a pie-rule swap, a bot that stopped.
func (gs *gameScreen) changed(c session.Change) {
	if c.Finished {
		gs.u.countResult(gs.session, c.Outcome)
	}
	gs.refresh()
	s := gs.session
	if c.Moved && frame.SwapIn(s.Events(s.Plies()-1)) {
		gs.Say(fmt.Sprintf("%s took over X's first piece and now plays X.", s.Seats[0].Name))
	}
	// A bot that fails stops the game where it is: say so, or the window
	// just shows no progress.
	if c.BotFailed != nil {
		who := "A computer player"
		if c.BotSeat >= 0 && c.BotSeat < len(s.Seats) {
			who = s.Seats[c.BotSeat].Name
		}
		gs.Refuse(fmt.Sprintf("%s stopped: %v. The game waits here; its last move is kept.", who, c.BotFailed))
	}
}

// keep queues what a change must write: the autosave after every change
// of the tokens, the result once the game ends.
func (gs *gameScreen) keep(c session.Change) {
	if c.Played() {
		gs.autosave()
	}
	if c.Finished {
		gs.u.recordResult(gs.session, c.Outcome)
	}
}

// start draws the first position and lets the bots move.
func (gs *gameScreen) start() {
	gs.refresh()
	gs.focusBoard()
	gs.session.Start()
}

// focusBoard gives the keyboard focus to a board that takes it (to keep
// Tab for itself), on a desktop: a phone would bring up its on-screen
// keyboard for it.
func (gs *gameScreen) focusBoard() {
	if f, ok := gs.board.(fyne.Focusable); ok && !gs.u.mobile {
		gs.u.win.Canvas().Focus(f)
	}
}

// leave stops the bots and the screen's subscriptions; the autosave is
// already queued.
func (gs *gameScreen) leave() {
	gs.session.Stop()
	for _, cancel := range gs.unsubscribe {
		cancel()
	}
	gs.unsubscribe = nil
}

// ---- Host, for the board ----

func (gs *gameScreen) Submit(token string) error { return gs.session.Submit(token) }
func (gs *gameScreen) Motion() kit.Motion        { return gs.u.motion() }
func (gs *gameScreen) Settled()                  { gs.refresh() }
func (gs *gameScreen) Undo()                     { gs.undo() }
func (gs *gameScreen) Select(token string)       { gs.session.Select(token) }

// holdingBack reports whether the board's animation is still telling what
// the last move did, so the result must wait.
func (gs *gameScreen) holdingBack() bool {
	a, ok := gs.board.(kit.Animator)
	return ok && a.Animating()
}

// Refuse shows why a move was refused, under the board, fading after a
// few seconds.
func (gs *gameScreen) Refuse(msg string) {
	gs.lastRefusal = msg
	gs.show(msg, theme.Color(theme.ColorNameError))
}

// Say shows a neutral message the same way (saved, a pie-rule swap, what
// a piece can do).
func (gs *gameScreen) Say(msg string) {
	gs.lastSaid = msg
	gs.show(msg, theme.Color(theme.ColorNameForeground))
}

func (gs *gameScreen) show(msg string, col color.Color) { gs.toast.show(msg, col) }

// ---- actions ----

// undo takes back what the session's Undo does, or says under the board
// why it refuses (a turn against the computer in knights): Ctrl+Z and
// the Undo button both come here. The autosave follows the change.
func (gs *gameScreen) undo() {
	if err := gs.session.Undo(); err != nil {
		gs.Refuse(err.Error())
	}
}

func (gs *gameScreen) redo() { gs.session.Redo() }

func (gs *gameScreen) hint() {
	if gs.session.HumanToMove() < 0 {
		gs.Refuse("A hint is for the person to move.")
		return
	}
	gs.session.AskHint(func(h *session.Hint) { gs.status.SetText(gs.hintText(h)) })
}

// hintText is a hint on the status line, in the board's words when it
// has them ("Hint: Ana could place 4 on c1").
func (gs *gameScreen) hintText(h *session.Hint) string {
	if t, ok := gs.board.(kit.HintTeller); ok {
		return "Hint: " + t.HintText(gs.session.Frame(), h)
	}
	return "Hint: " + h.Token
}

// save saves the game, off the UI goroutine, and says so when it is on
// disk.
func (gs *gameScreen) save() {
	name := gs.saveName()
	gs.files.queueSave(gs.u.disk, gs.u.store, gs.session.Record(), name, func(err error) {
		gs.u.post(func() {
			if err != nil {
				gs.u.showError(err)
				return
			}
			gs.Say("Saved: " + name)
		})
	})
}

func (gs *gameScreen) saveName() string {
	names := make([]string, len(gs.session.Seats))
	for i, s := range gs.session.Seats {
		names[i] = s.Name
	}
	return gs.session.Game.Name() + ": " + strings.Join(names, " vs ")
}

// autosave queues the write of the game's own autosave file (named on
// its first move), or its removal when the game is over or taken back to
// its start. Other games' autosaves are never touched.
func (gs *gameScreen) autosave() {
	s := gs.session
	job := &autosaveJob{clear: true}
	if !s.Live().Outcome().Over() && s.Plies() > 0 {
		job = &autosaveJob{rec: s.Record()}
	}
	gs.files.queueAutosave(gs.u.disk, gs.u.store, job, func(say, refuse string) {
		gs.u.post(func() {
			if say != "" {
				gs.Say(say)
			}
			if refuse != "" {
				gs.Refuse(refuse)
			}
		})
	})
}

func (gs *gameScreen) playAgain() {
	s := gs.session
	n, err := gs.u.newSession(s.Game, s.Rules, s.StartSeats(), s.Setup)
	if err != nil {
		gs.u.showError(err)
		return
	}
	gs.u.openSession(n)
}

// Rematch plays the same game again from its start: the same seed,
// rules, seats and setup (kit.Replayer, for a board's game-over card).
func (gs *gameScreen) Rematch() {
	s := gs.session
	n, err := session.New(s.Game, s.Rules, s.Seed, s.StartSeats(), s.Setup, gs.u.sessionOptions())
	if err != nil {
		gs.u.showError(err)
		return
	}
	gs.u.pace(n)
	gs.u.openSession(n)
}

// NewGame opens the new-game dialog for this game (kit.Replayer).
func (gs *gameScreen) NewGame() { gs.u.NewGameDialog(gs.session.Game.ID()) }

// ---- building ----

func (gs *gameScreen) build() {
	s := gs.session
	gs.status = widget.NewLabelWithStyle("", fyne.TextAlignLeading, fyne.TextStyle{Bold: true})
	gs.status.Wrapping = fyne.TextWrapWord
	gs.result = widget.NewLabelWithStyle("", fyne.TextAlignCenter, fyne.TextStyle{Bold: true})
	gs.result.Importance = widget.HighImportance
	gs.result.SizeName = theme.SizeNameSubHeadingText
	gs.result.Wrapping = fyne.TextWrapWord
	gs.winnerColour = &kit.ThemeWith{Colors: map[fyne.ThemeColorName]color.Color{}}
	gs.headline = container.NewThemeOverride(gs.result, gs.winnerColour)
	gs.again = widget.NewButtonWithIcon("Play again", theme.MediaReplayIcon(), gs.playAgain)
	gs.again.Importance = widget.HighImportance
	gs.newGame = widget.NewButtonWithIcon("New game", theme.DocumentCreateIcon(), func() { gs.u.NewGameDialog(s.Game.ID()) })
	gs.over = container.NewGridWithColumns(2, gs.again, gs.newGame)
	gs.toast = newToast(gs.u.mobile)

	seats := container.NewVBox()
	for i, seat := range s.Seats {
		row := &seatRow{name: widget.NewLabel(seatLabel(seat)), note: widget.NewLabel(""), turn: canvas.NewText("", kit.SeatInk(i)), activity: widget.NewActivity()}
		row.turn.TextStyle.Bold = true
		row.note.Importance = widget.LowImportance
		// A long name ("Computer 2 (aggressor)") is cut short with an
		// ellipsis: it must not widen the panel past the window's edge.
		row.name.Truncation = fyne.TextTruncateEllipsis
		sym := canvas.NewText(" "+gs.seatSymbol(i)+" ", kit.SeatInk(i))
		row.symbol = sym
		sym.TextStyle.Bold = true
		sym.TextSize = theme.TextSize() * 1.4
		row.activity.Hide()
		gs.seatRows = append(gs.seatRows, row)
		// The name takes the room the note leaves.
		who := fyne.CanvasObject(container.NewBorder(nil, nil, nil, row.note, row.name))
		if gs.u.mobile { // nothing scrolls sideways: the board's note goes under the name
			row.note.SizeName = theme.SizeNameCaptionText
			who = container.NewVBox(row.name, row.note)
		}
		seats.Add(container.NewBorder(nil, nil, container.NewCenter(sym), container.NewHBox(container.NewCenter(row.turn), row.activity), who))
	}

	gs.moves = widget.NewList(
		func() int { return gs.session.Plies() },
		func() fyne.CanvasObject { return newMoveRow() },
		func(id widget.ListItemID, o fyne.CanvasObject) { gs.showMove(id, o.(*fyne.Container)) },
	)
	gs.moves.OnSelected = func(id widget.ListItemID) {
		if !gs.selecting {
			gs.session.SetView(id + 1)
			// A focused list would keep Escape and the board's keys.
			gs.u.win.Canvas().Unfocus()
		}
	}
	gs.live = widget.NewButtonWithIcon("Back to the game", theme.MediaFastForwardIcon(), func() { gs.session.SetView(gs.session.Plies()) })
	gs.pause = widget.NewButtonWithIcon("Pause", theme.MediaPauseIcon(), gs.togglePause)
	if s.HasHuman() {
		gs.pause.Hide()
	}
	gs.score = widget.NewLabel("")
	gs.score.Importance = widget.LowImportance
	gs.score.Wrapping = fyne.TextWrapWord // four seats' tallies do not fit one line
	gs.resetScore = widget.NewButton("Reset score", func() {
		gs.u.confirm("Reset score", "Set this session's score back to zero?", func(ok bool) {
			if ok {
				delete(gs.u.tally, gs.session.Game.ID())
				gs.refresh()
			}
		})
	})
	gs.resetScore.Importance = widget.LowImportance
	// The score takes the width the button leaves and wraps: with three or
	// four seats it is longer than a phone is wide.
	gs.score.Wrapping = fyne.TextWrapWord
	gs.scoreRow = container.NewBorder(nil, nil, nil, container.NewCenter(gs.resetScore), gs.score)

	rulesText := widget.NewLabel(gs.rulesText())
	rulesText.Wrapping = fyne.TextWrapWord
	rulesText.Importance = widget.LowImportance

	heading := func(t string) fyne.CanvasObject {
		return widget.NewLabelWithStyle(t, fyne.TextAlignLeading, fyne.TextStyle{Bold: true})
	}
	info := container.NewVBox(
		heading(s.Game.Name()), seats, widget.NewSeparator(),
		gs.status, gs.headline, gs.over, gs.pause, gs.scoreRow, widget.NewSeparator(),
		heading("House rules"), rulesText, widget.NewSeparator(),
		heading("Moves"),
	)
	movesArea := container.NewBorder(nil, gs.live, nil, nil, container.New(&followLayout{gs}, gs.moves))
	under := container.NewVBox()
	if bc, ok := gs.board.(kit.BoardControls); ok {
		under.Add(bc.Controls())
	}

	var boardView fyne.CanvasObject = gs.board
	if sb, ok := gs.board.(kit.SpokenBoard); ok {
		gs.spoken = kit.NewSpokenLayer(sb.SpokenSquares)
		boardView = container.NewStack(gs.board, gs.spoken)
	}
	if bo, ok := gs.board.(kit.BoardOverlay); ok {
		boardView = container.NewStack(boardView, bo.Overlay())
	}
	boardView = container.NewStack(boardView, gs.handOverCover())

	toolbar := gs.toolbar()
	if gs.u.mobile {
		// A phone scrolls the panel under the board; the move list keeps
		// a few rows of its own.
		// The panel keeps clear of the scroll bar on its right, so "to
		// move" and the names are never under it.
		inner := container.NewVBox(info, container.New(&sizedLayout{h: 220}, movesArea))
		right := theme.ScrollBarSize() + theme.Padding()
		panel := container.NewVScroll(container.New(layout.NewCustomPaddedLayout(0, 0, 0, right), inner))
		gs.content = container.NewBorder(toolbar, nil, nil, nil,
			container.New(&portraitLayout{heightFor: gs.boardHeightFor}, boardView, under, panel, gs.toast))
		return
	}
	under.Add(gs.toast)
	// The board draws at any size, so on a desktop it asks for little: a
	// window of 800 x 600 holds every game, and the board takes whatever
	// the controls under it and the panel leave.
	boardView = container.New(&sizedLayout{w: minDesktopBoard, h: minDesktopBoard}, boardView)
	boardArea := container.NewBorder(nil, under, nil, nil, boardView)
	// The information keeps clear of its scroll bar, which shows over its
	// right edge when the window is short ("winner" ran under it).
	clear := layout.NewCustomPaddedLayout(0, 0, 0, theme.ScrollBarSize())
	panel := container.New(&panelLayout{}, container.NewVScroll(container.New(clear, info)), movesArea)
	side := container.New(&sizedLayout{w: sidePanelWidth}, container.NewPadded(panel))
	gs.content = container.NewBorder(toolbar, nil, nil, side, container.NewPadded(boardArea))
}

// handOverCover hides the board between two people's secret picks on one
// device: "Rose: your move. Others, look away." and a button for Rose.
func (gs *gameScreen) handOverCover() fyne.CanvasObject {
	gs.handOverText = widget.NewLabelWithStyle("", fyne.TextAlignCenter, fyne.TextStyle{Bold: true})
	gs.handOverText.Wrapping = fyne.TextWrapWord
	gs.handOverBtn = widget.NewButtonWithIcon("", theme.VisibilityIcon(), func() {
		if seat, ok := gs.session.HandOver(); ok {
			gs.session.Reveal(seat)
			gs.focusBoard() // the keys go to the board again, not the hidden button
		}
	})
	gs.handOverBtn.Importance = widget.HighImportance
	gs.cover = container.NewStack(newBlocker(), container.NewCenter(container.NewVBox(gs.handOverText, container.NewCenter(gs.handOverBtn))))
	gs.cover.Hide()
	return gs.cover
}

// blocker is the hand-over cover's background: it takes the pointer, so
// the board under the cover can be neither tapped, long-pressed, dragged
// nor hovered.
type blocker struct{ widget.BaseWidget }

func newBlocker() *blocker {
	b := &blocker{}
	b.ExtendBaseWidget(b)
	return b
}

func (b *blocker) CreateRenderer() fyne.WidgetRenderer {
	return &blockerRenderer{bg: canvas.NewRectangle(theme.Color(theme.ColorNameBackground))}
}

// blockerRenderer reads the background colour in Refresh, so the cover
// follows a theme switch (a phone's system theme arrives after start).
type blockerRenderer struct{ bg *canvas.Rectangle }

func (r *blockerRenderer) Layout(size fyne.Size)        { r.bg.Resize(size) }
func (r *blockerRenderer) MinSize() fyne.Size           { return fyne.Size{} }
func (r *blockerRenderer) Objects() []fyne.CanvasObject { return []fyne.CanvasObject{r.bg} }
func (r *blockerRenderer) Destroy()                     {}
func (r *blockerRenderer) Refresh() {
	r.bg.FillColor = theme.Color(theme.ColorNameBackground)
	r.bg.Refresh()
}
func (*blocker) Tapped(*fyne.PointEvent)          {}
func (*blocker) TappedSecondary(*fyne.PointEvent) {}
func (*blocker) Dragged(*fyne.DragEvent)          {}
func (*blocker) DragEnd()                         {}
func (*blocker) MouseIn(*desktop.MouseEvent)      {}
func (*blocker) MouseMoved(*desktop.MouseEvent)   {}
func (*blocker) MouseOut()                        {}

// showHandOver shows the cover while the device waits for the next person.
func (gs *gameScreen) showHandOver() {
	seat, ok := gs.session.HandOver()
	if !ok || gs.holdingBack() {
		// The board first tells the turn just resolved, which every
		// player may see (it shows nobody's secrets while it waits).
		gs.cover.Hide()
		return
	}
	name := gs.session.Seats[seat].Name
	gs.handOverText.SetText(fmt.Sprintf("%s: your move. Everyone else, please look away.", name))
	gs.handOverBtn.SetText(fmt.Sprintf("I am %s: show my board", name))
	gs.cover.Show()
}

// seatSymbol is a seat's letter in the side panel: the game's own (the
// knights' A to D), else the seat's symbol (X, O, + and *, or the one a
// player chose).
func (gs *gameScreen) seatSymbol(seat int) string { return gs.u.box.seatName(gs.session, seat) }

// pickTime is the countdown of each person's pick under a game's `timer`
// house rule, in seconds (knights.md 10.5); 0 without one.
func pickTime(r games.Rules) time.Duration {
	return time.Duration(r.Int("timer")) * time.Second
}

func seatLabel(s games.SeatInfo) string {
	if s.Human() {
		return s.Name
	}
	return fmt.Sprintf("%s (%s)", s.Name, s.Bot)
}

func (gs *gameScreen) toolbar() fyne.CanvasObject {
	u := gs.u
	id := gs.session.Game.ID()
	type action struct {
		label string
		icon  fyne.Resource
		do    func()
		keep  *fyne.Disableable
	}
	actions := []action{
		{"Back", theme.NavigateBackIcon(), u.ShowPicker, nil},
		{"New", theme.DocumentCreateIcon(), func() { u.NewGameDialog(id) }, nil},
		{"Undo", theme.ContentUndoIcon(), gs.undo, &gs.undoBtn},
		{"Redo", theme.ContentRedoIcon(), gs.redo, &gs.redoBtn},
		{"Hint", theme.VisibilityIcon(), gs.hint, &gs.hintBtn},
		{"Save", theme.DocumentSaveIcon(), gs.save, nil},
		{"Open", theme.FolderOpenIcon(), u.OpenDialog, nil},
		{"Rules", theme.HelpIcon(), func() { u.RulesDialog(id) }, nil},
		{"Settings", theme.SettingsIcon(), u.SettingsDialog, nil},
	}
	if u.mobile {
		// A phone keeps the frequent actions as icons and the rest in a menu.
		var items []fyne.CanvasObject
		var menu []*fyne.MenuItem
		for i, a := range actions {
			if i < 5 {
				b := widget.NewButtonWithIcon("", a.icon, a.do)
				if a.keep != nil {
					*a.keep = b
				}
				items = append(items, b)
				continue
			}
			menu = append(menu, fyne.NewMenuItem(a.label, a.do))
		}
		var more *widget.Button
		more = widget.NewButtonWithIcon("", theme.MoreVerticalIcon(), func() {
			pop := widget.NewPopUpMenu(fyne.NewMenu("", menu...), u.win.Canvas())
			pop.ShowAtRelativePosition(fyne.NewPos(0, more.Size().Height), more)
		})
		items = append(items, layout.NewSpacer(), more)
		return container.NewHBox(items...)
	}
	var items []fyne.CanvasObject
	for i, a := range actions {
		b := widget.NewButtonWithIcon(a.label, a.icon, a.do)
		b.Importance = widget.LowImportance
		if a.keep != nil {
			*a.keep = b
		}
		items = append(items, b)
		if i == 1 || i == 4 || i == 6 {
			items = append(items, widget.NewSeparator())
		}
	}
	return container.NewHBox(items...)
}

func (gs *gameScreen) togglePause() {
	if gs.session.Paused {
		gs.session.Resume()
	} else {
		gs.session.Stop()
		gs.refresh()
	}
}

// rulesText lists the house rules in effect.
func (gs *gameScreen) rulesText() string {
	specs := gs.session.Game.RuleSpecs()
	if len(specs) == 0 {
		return "None: the standard game."
	}
	var lines []string
	for _, sp := range specs {
		v := gs.session.Rules[sp.Key]
		mark := ""
		if v != sp.Default {
			mark = " (changed)"
		}
		lines = append(lines, fmt.Sprintf("%s: %s%s", sp.Label, ruleText(sp, v), mark))
	}
	return strings.Join(lines, "\n")
}

// ruleValueText is a rule's value for people: on or off, a number, or a
// choice with a capital ("Bomber").
func ruleValueText(v any) string {
	switch x := v.(type) {
	case bool:
		if x {
			return "on"
		}
		return "off"
	case string:
		if x == "" {
			return x
		}
		return strings.ToUpper(x[:1]) + x[1:]
	default:
		return fmt.Sprint(x)
	}
}

// moveText is one line of the move list: the board's own words for it
// ("7. Ana takes b4 from Bo"), numbered by token or by the board's turns,
// or else the notation ("1. X  c5,d4").
func (gs *gameScreen) moveText(i int) string {
	s := gs.session
	if i >= s.Plies() {
		return ""
	}
	if jt, ok := gs.board.(kit.JointTeller); ok {
		return fmt.Sprintf("%d. %s", i+1, jt.JointMoveText(gs.frame(), i, gs.maskSeat))
	}
	if t, ok := gs.board.(kit.Teller); ok {
		n := i + 1
		if tn, ok := gs.board.(kit.TurnNumberer); ok {
			n = tn.MoveNumber(gs.frame(), i)
		}
		return fmt.Sprintf("%d. %s", n, t.MoveText(gs.frame(), i))
	}
	movers := s.State(i).ToMove()
	who := ""
	if len(movers) == 1 {
		who = gs.seatSymbol(movers[0]) + "  "
	}
	return fmt.Sprintf("%d. %s%s", i+1, who, gs.maskedToken(s.Tokens()[i]))
}

// movesShownFor is whose entries of the joint turns the move list shows:
// -2 everyone's; while the game hides part of the board from the people
// at the device (knights' fog), only the device seat's own (-1: nobody's,
// between two people's secret picks).
func (gs *gameScreen) movesShownFor() int {
	s := gs.session
	live := s.Live()
	if _, ok := live.(games.Viewer); !ok || live.Outcome().Over() || !s.HasHuman() {
		return -2
	}
	seat := s.DeviceSeat()
	if _, waiting := s.HandOver(); waiting {
		seat = -1
	}
	for i := 0; i < live.Seats(); i++ {
		if (seat < 0 || i == seat) && games.ViewOf(live, i).Hash() != live.Hash() {
			return seat // that view hides something: so does the list
		}
	}
	return -2
}

// maskedToken is a turn token as the move list shows it: under fog, the
// other seats' entries of a joint token are "?" ("c5,?,-": who is out is
// public).
func (gs *gameScreen) maskedToken(tok string) string {
	if gs.maskSeat == -2 || !gs.session.Simultaneous() {
		return tok
	}
	parts := strings.Split(tok, ",")
	for seat, p := range parts {
		if seat != gs.maskSeat && p != "-" {
			parts[seat] = "?"
		}
	}
	return strings.Join(parts, ",")
}

// ---- refreshing ----

// frame is the frame drawn last, for the board's words.
func (gs *gameScreen) frame() *frame.Frame {
	if gs.drawn == nil {
		gs.drawn = gs.session.Frame()
	}
	return gs.drawn
}

// refresh copies the session into every widget; called after each change.
func (gs *gameScreen) refresh() {
	s := gs.session
	view := s.ViewIndex()
	gs.maskSeat = gs.movesShownFor()
	gs.drawn = s.Frame()
	gs.board.Draw(gs.drawn, gs.forward.Next(gs.drawn))
	if gs.spoken != nil {
		gs.spoken.Update()
	}
	gs.showHandOver()

	live := s.Live()
	out := live.Outcome()
	if gs.holdingBack() {
		out = games.Outcome{} // the board is still showing how it ended
	}
	thinking := map[int]bool{}
	for _, seat := range s.Thinking() {
		thinking[seat] = true
	}
	toMove := map[int]bool{}
	for _, seat := range live.ToMove() {
		toMove[seat] = true
	}
	picking := map[int]bool{} // in a simultaneous turn: not picked yet
	for _, seat := range s.Pending() {
		picking[seat] = true
	}
	panel, _ := gs.board.(kit.SeatPanel)
	for i, row := range gs.seatRows {
		row.name.SetText(seatLabel(s.Seats[i])) // a pie-rule swap moves people
		if panel != nil {
			row.note.SetText(panel.SeatNote(i))
		}
		if row.note.Text == "" {
			row.note.Hide() // on a phone it would leave a blank line under the name
		} else {
			row.note.Show()
		}
		// Inks are read at each refresh: a theme that changes (a phone's
		// arrives after start) must not leave them in the old one's shade.
		row.turn.Color, row.symbol.Color = kit.SeatInk(i), kit.SeatInk(i)
		row.symbol.Refresh()
		row.turn.Text = ""
		switch {
		case thinking[i]:
		case toMove[i] && s.Simultaneous() && !picking[i]:
			row.turn.Text = "picked" // never what: that stays secret
		case toMove[i]:
			row.turn.Text = "to move"
		}
		if out.Over() && contains(out.Winners, i) {
			row.turn.Text = "winner"
		}
		row.turn.Refresh()
		if thinking[i] {
			row.activity.Show()
			row.activity.Start()
		} else {
			row.activity.Stop()
			row.activity.Hide()
		}
	}
	gs.status.SetText(gs.statusText())
	if out.Over() {
		// One winner's headline is in that seat's colour (UX.md); a
		// draw's, or several winners', in the theme's own.
		delete(gs.winnerColour.Colors, theme.ColorNamePrimary)
		if len(out.Winners) == 1 {
			gs.winnerColour.Colors[theme.ColorNamePrimary] = kit.SeatInk(out.Winners[0])
		}
		gs.result.SetText(gs.winnerText(out))
		gs.result.Show()
		gs.headline.Show()
		gs.over.Show()
	} else {
		gs.result.Hide()
		gs.headline.Hide()
		gs.over.Hide()
	}
	if !s.HasHuman() {
		gs.pause.Show()
		if s.Paused {
			gs.pause.SetText("Play")
			gs.pause.SetIcon(theme.MediaPlayIcon())
		} else {
			gs.pause.SetText("Pause")
			gs.pause.SetIcon(theme.MediaPauseIcon())
		}
		if out.Over() {
			gs.pause.Hide()
		}
	}
	gs.score.SetText(gs.scoreText())
	if gs.score.Text == "" {
		gs.scoreRow.Hide()
	} else {
		gs.scoreRow.Show()
	}
	// An Undo the session refuses stays pressable, so that pressing it says
	// why: a disabled button cannot, and a tooltip does not show on a phone.
	setEnabled(gs.undoBtn, s.CanUndo() || s.WhyNoUndo() != nil)
	setEnabled(gs.redoBtn, s.CanRedo())
	_, handingOver := s.HandOver() // a hint now would show in front of everyone
	setEnabled(gs.hintBtn, s.HumanToMove() >= 0 && !s.HintThinking() && !handingOver)

	gs.moves.Refresh()
	gs.selecting = true
	if view > 0 {
		gs.moves.Select(view - 1)
		gs.moves.ScrollTo(view - 1)
	} else {
		gs.moves.UnselectAll()
	}
	gs.selecting = false
	if s.Viewing() {
		gs.live.Show()
	} else {
		gs.live.Hide()
	}
}

func setEnabled(d fyne.Disableable, on bool) {
	if d == nil {
		return
	}
	if on {
		d.Enable()
	} else {
		d.Disable()
	}
}

func (gs *gameScreen) statusText() string {
	s := gs.session
	live := s.Live()
	if s.Viewing() {
		return fmt.Sprintf("Looking at move %d of %d. Press Escape or the button under the moves to go back.", s.ViewIndex(), s.Plies())
	}
	if gs.holdingBack() && live.Outcome().Over() {
		return "Watch the pieces move..."
	}
	if out := live.Outcome(); out.Over() {
		if _, told := gs.board.(kit.Teller); told {
			return "Game over." // a board that tells the result says why in its headline
		}
		return resultLine(s.Seats, out)
	}
	if th := s.Thinking(); len(th) > 0 && s.HumanToMove() < 0 {
		seat := s.Seats[th[0]]
		return fmt.Sprintf("%s (%s) is thinking...", seat.Name, seat.Bot)
	}
	if s.HintThinking() {
		return "Looking for a good move..."
	}
	if s.Paused && !s.HasHuman() {
		return "Paused. Press Play to let the computers go on."
	}
	movers := live.ToMove()
	if s.Simultaneous() {
		movers = s.Pending() // who has picked shows; what, never
	}
	var names []string
	for _, seat := range movers {
		names = append(names, s.Seats[seat].Name)
	}
	return joinAnd(names) + " to move"
}

// joinAnd lists names as people write them (words.JoinAnd).
func joinAnd(names []string) string { return words.JoinAnd(names) }

// resultLine says how a game ended, naming people: "Ben wins: Ana was
// caught in a blast." The games call the loser of a two-seat game "the
// other player" (they know no names); the screen puts the name in.
func resultLine(seats []games.SeatInfo, out games.Outcome) string {
	line := "Draw"
	if out.Status == games.Win {
		var names []string
		for _, w := range out.Winners {
			names = append(names, seats[w].Name)
		}
		line = joinAnd(names) + " wins"
		if len(names) > 1 || names[0] == "You" {
			line = joinAnd(names) + " win" // "Ana and Ben win", "You win"
		}
	}
	reason := out.Reason
	if out.Status == games.Win && len(out.Winners) == 1 && len(seats) == 2 {
		reason = strings.ReplaceAll(reason, "the other player", seats[1-out.Winners[0]].Name)
	}
	if reason == "" {
		return line + "."
	}
	return line + ": " + reason + "."
}

// winnerText is the result banner: who won, or a draw, in the board's
// own words when it has them.
func (gs *gameScreen) winnerText(out games.Outcome) string {
	if t, ok := gs.board.(kit.Teller); ok {
		return t.ResultText(gs.frame(), out)
	}
	if out.Status == games.Draw {
		return "Draw"
	}
	var names []string
	for _, w := range out.Winners {
		names = append(names, gs.session.Seats[w].Name)
	}
	if len(names) == 1 && names[0] == "You" {
		return "You win!"
	}
	if len(names) > 1 {
		return joinAnd(names) + " win!"
	}
	return strings.Join(names, "") + " wins!"
}

// scoreText is this run's scoreboard for the game.
func (gs *gameScreen) scoreText() string {
	t := gs.u.tally[gs.session.Game.ID()]
	if t == nil {
		return ""
	}
	var parts []string
	for i, w := range t.Wins {
		if i < len(gs.session.Seats) {
			parts = append(parts, fmt.Sprintf("%s %d", gs.seatSymbol(i), w))
		}
	}
	return fmt.Sprintf("This session: %s, draws %d", strings.Join(parts, ", "), t.Draws)
}

// ---- layouts ----

// sizedLayout stretches its content and fixes its minimum width or
// height (0 = the content's own): the desktop side panel has a fixed
// width, a list inside a phone's scrolling panel keeps a few rows.
type sizedLayout struct{ w, h float32 }

func (l *sizedLayout) MinSize(objs []fyne.CanvasObject) fyne.Size {
	var size fyne.Size
	for _, o := range objs {
		size = size.Max(o.MinSize())
	}
	if l.w > 0 {
		size.Width = l.w
	}
	if l.h > 0 {
		size.Height = l.h
	}
	return size
}

func (l *sizedLayout) Layout(objs []fyne.CanvasObject, size fyne.Size) {
	for _, o := range objs {
		o.Move(fyne.NewPos(0, 0))
		o.Resize(size)
	}
}

// minDesktopBoard is the least side a desktop board asks for.
const minDesktopBoard = 240

// panelLayout stacks the side panel's information (a scroll) over the
// move list: the information takes the height it needs while the list
// keeps room for a few rows, and scrolls when the window is too short for
// both (a finished game with four seats' scores and long house rules at
// 800 x 600), so the panel never makes the window taller.
type panelLayout struct{}

// panelListRows is the least height the move list keeps, in rows.
const panelListRows = 3

func (panelLayout) listMin(objs []fyne.CanvasObject) float32 {
	return objs[1].MinSize().Height + (panelListRows-1)*theme.TextSize()*1.5
}

func (l panelLayout) MinSize(objs []fyne.CanvasObject) fyne.Size {
	info := objs[0].(*container.Scroll).Content.MinSize()
	return fyne.NewSize(max(info.Width, objs[1].MinSize().Width), l.listMin(objs)+theme.Padding()+theme.TextSize()*3)
}

func (l panelLayout) Layout(objs []fyne.CanvasObject, size fyne.Size) {
	info := objs[0].(*container.Scroll).Content.MinSize()
	infoH := max(0, min(info.Height, size.Height-l.listMin(objs)-theme.Padding()))
	objs[0].Move(fyne.NewPos(0, 0))
	objs[0].Resize(fyne.NewSize(size.Width, infoH))
	objs[1].Move(fyne.NewPos(0, infoH+theme.Padding()))
	objs[1].Resize(fyne.NewSize(size.Width, size.Height-infoH-theme.Padding()))
}

// followLayout holds the move list, with a little room under it so its
// last row does not touch the window's edge. The panel is laid out again
// after the list was scrolled to the live move (the result and the Play
// again buttons appear under the status, a window is made smaller), which
// shrinks the list from below: it scrolls to the live move again then, so
// the last row is never cut off.
type followLayout struct{ gs *gameScreen }

func (l *followLayout) MinSize(objs []fyne.CanvasObject) fyne.Size {
	return objs[0].MinSize().AddWidthHeight(0, theme.Padding())
}

func (l *followLayout) Layout(objs []fyne.CanvasObject, size fyne.Size) {
	objs[0].Resize(size.SubtractWidthHeight(0, theme.Padding()))
	if !l.gs.session.Viewing() {
		l.gs.moves.ScrollToBottom()
	}
}

// boardHeightFor is how tall the board is at a width: as tall as wide,
// unless it says otherwise (kit.Portrait).
func (gs *gameScreen) boardHeightFor(width float32) float32 {
	if p, ok := gs.board.(kit.Portrait); ok {
		return p.HeightFor(width)
	}
	return width
}

// portraitPanel is the least height a phone keeps for the panel under the
// board: the status line and the first seat.
const portraitPanel float32 = 140

// portraitLayout stacks the board (at the full width, as tall as it is
// then, leaving the panel portraitPanel at least), the controls under it,
// and the panel; the message line lies over the top of the panel, so a
// long refusal wraps without pushing the board up.
type portraitLayout struct{ heightFor func(width float32) float32 }

func (portraitLayout) MinSize(objs []fyne.CanvasObject) fyne.Size {
	return fyne.NewSize(280, 480)
}

func (l portraitLayout) Layout(objs []fyne.CanvasObject, size fyne.Size) {
	board, under, panel := objs[0], objs[1], objs[2]
	uh := under.MinSize().Height
	bh := max(0, min(l.heightFor(size.Width), size.Height-uh-portraitPanel))
	board.Move(fyne.NewPos(0, 0))
	board.Resize(fyne.NewSize(size.Width, bh))
	under.Move(fyne.NewPos(0, bh))
	under.Resize(fyne.NewSize(size.Width, uh))
	panel.Move(fyne.NewPos(0, bh+uh))
	panel.Resize(fyne.NewSize(size.Width, size.Height-bh-uh))
	msg := objs[3]
	msg.Resize(fyne.NewSize(size.Width, 0)) // its height follows from its width
	msg.Resize(fyne.NewSize(size.Width, msg.MinSize().Height))
	msg.Move(fyne.NewPos(0, bh+uh))
}
