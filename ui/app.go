// Package ui is Tabula's Fyne user interface. It is the only package that
// imports Fyne.
package ui

import (
	"encoding/json"
	"errors"
	"fmt"
	"slices"
	"sort"
	"strings"
	"time"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/app"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/dialog"
	"fyne.io/fyne/v2/driver/desktop"
	"fyne.io/fyne/v2/layout"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"

	"github.com/tabulagames/tabula/ai"
	"github.com/tabulagames/tabula/games"
	"github.com/tabulagames/tabula/settings"
	"github.com/tabulagames/tabula/ui/boards/all"
	"github.com/tabulagames/tabula/ui/boards/kit"
	"github.com/tabulagames/tabula/ui/session"
)

// AppID is the application id (FyneApp.toml, the Android package).
const AppID = "io.github.tabulagames.tabula"

// App is the running application: the window, the settings on disk and the
// screen shown (the picker, or a game).
type App struct {
	// online is the online match shown (its room or its game), or nil;
	// serverAnswer, joinCode and joinButton are the last Settings and
	// Join online dialogs' widgets, for tests (online.go).
	online       *onlineGame
	serverAnswer *widget.Label
	joinCode     *widget.Entry
	joinButton   *widget.Button

	fa    fyne.App
	win   fyne.Window
	paths settings.Paths
	cfg   *settings.Config
	store *settings.Store
	stats *settings.Stats
	// mobile is the phone layout, shown now; deviceMobile is a phone's
	// device (the mobile build, a phone's browser), which always has it;
	// byWidth makes the layout follow the window's width (width.go), on
	// the web.
	mobile       bool
	deviceMobile bool
	byWidth      bool
	// post runs a function on the UI goroutine: fyne.Do in the app; tests
	// replace it to run what goroutines hand back on the test's goroutine.
	post func(func())

	// clock and newBot are the sessions' clock and bot maker: nil is the
	// real clock and ai.New (tests put theirs here).
	clock  session.Clock
	newBot func(game, name string, o ai.Options) (ai.Bot, error)

	dialogs []dialog.Dialog // the open dialogs, the top one last (Escape closes it)

	game   *gameScreen // nil while the picker, or a game opening, is shown
	picker *picker
	// screen counts the screens shown (the picker, a game, a game being
	// opened): a game that finishes loading after the player went
	// elsewhere belongs to an older screen and is dropped.
	screen  int
	opening bool // a game is being opened (showOpening)
	// fromRecord replays a save into a session; nil is
	// session.FromRecord (tests hold it back).
	fromRecord func(*games.Record, session.Options) (*session.Session, error)
	// tally is this run's scoreboard per game and line-up (tally.go).
	tally map[string]*sessionTally
	// box is the games offered (the one list, ui/boards/all).
	box *box
	// disk runs the writes (autosaves, saves, statistics) in order, off
	// the UI goroutine.
	disk *diskQueue
}

// Run opens the window and blocks until it closes. startGame, if not
// empty, opens straight into a new game of that id; icon is Icon.png.
func Run(startGame string, icon []byte) {
	a, started := newFyneApp()
	// `fyne package` embeds FyneApp.toml; a plain `go build` does not, so
	// make sure the threading model of FyneApp.toml is in force either way.
	if m := a.Metadata(); !m.Migrations["fyneDo"] {
		m.Migrations = map[string]bool{"fyneDo": true}
		if m.ID == "" {
			m.ID, m.Name = AppID, "Tabula"
		}
		app.SetMetadata(m)
	}
	started()
	if len(icon) > 0 {
		a.SetIcon(fyne.NewStaticResource("Icon.png", icon))
	}
	u, problems := NewApp(a)
	gate := &startGate{forward: fyne.Do}
	u.post = gate.post
	a.Lifecycle().SetOnStarted(gate.start)
	u.win.Resize(fyne.NewSize(1180, 760))
	u.startWeb() // on the web: the layout by the page's width, the test hook
	if startGame != "" {
		u.NewGameNow(startGame)
	} else {
		u.ShowPicker()
	}
	u.win.Show()
	for _, p := range problems {
		u.showError(p)
	}
	a.Run()
}

// NewApp builds the application on a Fyne app (the real one, or a test
// app). It never fails: problems with files on disk are returned to be
// shown, and the defaults are used instead.
func NewApp(a fyne.App) (*App, []error) {
	u := &App{fa: a, box: newBox(all.Entries()), tally: map[string]*sessionTally{}, post: fyne.Do, disk: newDiskQueue()}
	u.deviceMobile = fyne.CurrentDevice().IsMobile()
	u.mobile = u.deviceMobile
	var problems []error
	root := ""
	if r := a.Storage().RootURI(); r != nil {
		root = r.Path()
	}
	paths, err := settings.Resolve(root)
	if err != nil {
		problems = append(problems, err)
		paths = settings.PathsUnder(root)
	}
	u.paths = paths
	// A write killed half-way leaves its temporary file behind: clear the
	// stale ones of our own naming before anything else is written.
	if _, err := settings.CleanTemp(paths, time.Now()); err != nil {
		problems = append(problems, err)
	}
	u.cfg, err = settings.LoadConfig(paths)
	if err != nil {
		problems = append(problems, err)
	}
	u.store = settings.NewStore(paths)
	u.stats, err = settings.LoadStats(paths)
	if err != nil {
		problems = append(problems, err)
	}
	u.applyTheme()
	// Boards and the panel read some colours from the theme as they draw:
	// when it changes (Settings, the system's, or a phone's that arrives
	// after start), the game is drawn again, so nothing keeps the old one.
	a.Settings().AddListener(func(fyne.Settings) {
		if u.game != nil {
			u.game.refresh()
		}
	})
	u.win = a.NewWindow("Tabula")
	u.win.SetIcon(a.Icon())
	u.installShortcuts()
	u.win.SetCloseIntercept(func() {
		if u.game != nil {
			u.game.leave()
		}
		u.disk.Wait() // the last autosave and result reach the disk
		u.win.Close()
	})
	return u, problems
}

// Window is the main window (tests use it).
func (u *App) Window() fyne.Window { return u.win }

func (u *App) showError(err error) {
	if err == nil {
		return
	}
	u.show(dialog.NewError(err, u.win), nil)
}

// motion reads the animation settings.
func (u *App) motion() kit.Motion {
	speed := u.cfg.AnimationSpeed()
	if speed <= 0 {
		speed = 1
	}
	return kit.Motion{Reduced: u.cfg.ReducedMotion(), Speed: 1 / speed}
}

// ---- navigation ----

// ShowPicker shows the game picker (and ends the game screen, if any).
func (u *App) ShowPicker() {
	if u.online != nil {
		u.online.close()
	}
	if u.game != nil {
		u.game.leave()
		u.game = nil
	}
	u.screen++
	u.opening = false
	u.picker = newPicker(u)
	u.win.SetTitle("Tabula")
	u.win.SetContent(u.picker.content)
}

// newSession starts a game with the app's posting function and the
// player's pacing.
func (u *App) newSession(g games.Game, rules games.Rules, seats []games.SeatInfo, setup json.RawMessage) (*session.Session, error) {
	s, err := session.New(g, rules, newSeed(), seats, setup, u.sessionOptions())
	if err == nil {
		u.pace(s)
	}
	return s, err
}

// sessionOptions are what every session gets from the app.
func (u *App) sessionOptions() session.Options {
	return session.Options{Post: u.post, Clock: u.clock, NewBot: u.newBot}
}

// pace sets how long bots wait: the player's settings. A board that
// paces a bot's turn of several actions (kit.Entry.Pacing) gets its own
// pauses, scaled by the player's setting against its default, so "wait
// 0 s" still plays at once and a slower setting slows every pause. It is
// done once, when the session is made, so a test can set its own
// afterwards.
func (u *App) pace(s *session.Session) {
	s.BotDelay = u.cfg.BotDelay()
	s.AutoDelay = u.cfg.BotPace()
	e, _ := u.box.entry(s.Game.ID())
	p := e.Pacing
	if p == nil {
		return
	}
	scale := float64(u.cfg.BotDelay()) / float64(settings.DefaultBotDelay)
	if !s.HasHuman() {
		scale = float64(u.cfg.BotPace()) / float64(settings.DefaultBotPace)
	}
	s.BotDelay, s.TokenDelay = p.Scaled(scale)
}

// openSession shows the game screen for a new session and starts its
// bots.
func (u *App) openSession(s *session.Session) { u.openSessionWith(s, &gameFiles{}) }

// openSessionWith shows the game screen for a session that goes on with
// files of its own (the autosave it was resumed from, the save it was
// opened from) and starts its bots.
func (u *App) openSessionWith(s *session.Session, files *gameFiles) {
	u.openSessionFor(s, files, nil)
}

// openSessionFor is openSessionWith for a screen that follows an online
// match (og), or a game at this device (nil).
func (u *App) openSessionFor(s *session.Session, files *gameFiles, og *onlineGame) {
	if u.game != nil {
		u.game.leave()
	}
	u.screen++
	u.opening = false
	u.picker = nil
	u.game = newGameScreenFor(u, s, files, og)
	u.win.SetTitle("Tabula - " + s.Game.Name())
	u.win.SetContent(u.game.content)
	u.game.start()
}

// NewGameNow starts a game of id at once with the last choices (or the
// defaults), as `tabula --game ID` does.
func (u *App) NewGameNow(id string) {
	g, ok := games.Lookup(id)
	if _, offered := u.box.entry(id); !ok || !offered {
		u.ShowPicker()
		u.showError(fmt.Errorf("%q is not a playable game", id))
		return
	}
	seats, rules := u.lastChoices(g)
	valid, err := games.ValidateRules(g.RuleSpecs(), rules)
	if err != nil {
		valid = games.Defaults(g.RuleSpecs())
	}
	s, err := u.newSession(g, valid, seats, nil)
	if err != nil {
		// Remembered seats that no longer fit: fall back to the defaults.
		s, err = u.newSession(g, games.Defaults(g.RuleSpecs()), u.defaultSeats(g, 2), nil)
		if err != nil {
			u.ShowPicker()
			u.showError(err)
			return
		}
	}
	u.openSession(s)
}

// Resume goes on with a game of id in progress: the only one at once;
// when there are several, or one that cannot be read, the player picks
// in the chooser, which says why a file cannot be opened.
func (u *App) Resume(id string) {
	paths, err := u.store.AutosavePaths(id)
	if err != nil {
		u.showError(fmt.Errorf("The games in progress cannot be listed: %w", err))
		return
	}
	if online, err := u.onlineList().For(id); err != nil || len(online)+len(paths) != 1 {
		u.ResumeDialog(id) // it says what cannot be read
		return
	} else if len(online) == 1 {
		u.resumeOnline(online[0])
		return
	}
	name := id
	if g, ok := games.Lookup(id); ok {
		name = g.Name()
	}
	u.resumeAutosave(paths[0], name, func(err error, unread bool) {
		u.ShowPicker()
		if unread { // the chooser says why
			u.ResumeDialog(id)
			return
		}
		u.showError(fmt.Errorf("The game in progress cannot be resumed: %w", err))
	})
}

// resumeAutosave opens a game in progress, named name while it opens; it
// goes on autosaving to the file it came from.
func (u *App) resumeAutosave(path, name string, failed func(err error, unread bool)) {
	store := u.store
	read := func() (*games.Record, error) { return store.LoadAutosave(path) }
	u.loadGame(name, read, func(s *session.Session) {
		u.openSessionWith(s, &gameFiles{autosave: path})
	}, failed)
}

// OpenRecord opens a saved game from the saves folder, named name while
// it opens.
func (u *App) OpenRecord(path, name string) {
	store, box := u.store, u.box // read here: the goroutine must not touch the app
	read := func() (*games.Record, error) {
		rec, err := store.Load(path)
		if err == nil {
			if _, offered := box.entry(rec.Game); !offered {
				err = fmt.Errorf("%s games cannot be played in this version yet", rec.Game)
			}
		}
		return rec, err
	}
	u.loadGame(name, read, func(s *session.Session) {
		u.openSessionWith(s, &gameFiles{saved: path})
	}, func(err error, _ bool) {
		u.ShowPicker()
		u.showError(err)
	})
}

// loadGame opens a saved game without freezing the window: a long game
// takes a while to read and replay (an arena save can hold almost two
// million tokens). It shows a screen that says which game is opening,
// reads and replays the file in a goroutine, and hands the result back
// on the UI goroutine through the app's posting function: opened gets
// the session, paced; failed the error, and whether the file itself could
// not be read (rather than the game set up). Both are dropped when the
// player went elsewhere meanwhile (Back, another game), like a bot's
// stale answer: only the last screen shown opens a game.
func (u *App) loadGame(name string, read func() (*games.Record, error), opened func(*session.Session), failed func(err error, unread bool)) {
	screen := u.showOpening(name)
	post, o := u.post, u.sessionOptions()
	fromRecord := u.fromRecord
	if fromRecord == nil {
		fromRecord = session.FromRecord
	}
	disk := u.disk
	go func() {
		disk.Wait() // the writes queued before it are in the file
		rec, err := read()
		unread := err != nil
		var s *session.Session
		if err == nil {
			s, err = fromRecord(rec, o)
		}
		post(func() {
			if u.screen != screen {
				return // the player went elsewhere: this load is stale
			}
			if err != nil {
				failed(err, unread)
				return
			}
			u.pace(s)
			opened(s)
		})
	}()
}

// showOpening leaves the screen shown for one saying that a game is
// opening, with a way back to the picker, and returns its number.
func (u *App) showOpening(name string) int {
	if u.game != nil {
		u.game.leave()
		u.game = nil
	}
	u.picker = nil
	u.screen++
	busy := widget.NewActivity()
	busy.Start()
	head := widget.NewLabelWithStyle("Opening the game...", fyne.TextAlignCenter, fyne.TextStyle{Bold: true})
	which := widget.NewLabelWithStyle(name, fyne.TextAlignCenter, fyne.TextStyle{})
	which.Wrapping = fyne.TextWrapWord
	note := widget.NewLabelWithStyle("A long game takes a moment to replay.", fyne.TextAlignCenter, fyne.TextStyle{})
	note.Importance = widget.LowImportance
	note.Wrapping = fyne.TextWrapWord
	back := widget.NewButtonWithIcon("Back", theme.NavigateBackIcon(), u.ShowPicker)
	u.win.SetTitle("Tabula - " + name)
	u.win.SetContent(container.NewPadded(container.NewVBox(layout.NewSpacer(), busy, head, which, note,
		container.NewCenter(back), layout.NewSpacer())))
	u.opening = true
	return u.screen
}

func newSeed() int64 { return time.Now().UnixNano() & (1<<53 - 1) }

// ---- keyboard ----

func (u *App) installShortcuts() {
	c := u.win.Canvas()
	short := func(k fyne.KeyName, mod fyne.KeyModifier, f func()) {
		c.AddShortcut(&desktop.CustomShortcut{KeyName: k, Modifier: mod}, func(fyne.Shortcut) { f() })
	}
	ctrl := fyne.KeyModifierShortcutDefault
	short(fyne.KeyN, ctrl, func() { u.NewGameDialog(u.currentGameID()) })
	short(fyne.KeyO, ctrl, func() { u.OpenDialog() })
	short(fyne.KeyS, ctrl, func() {
		if u.game != nil {
			u.game.save()
		}
	})
	short(fyne.KeyZ, ctrl, func() {
		if u.game != nil && u.game.online == nil { // not offered online
			u.game.undo()
		}
	})
	short(fyne.KeyZ, ctrl|fyne.KeyModifierShift, func() {
		if u.game != nil && u.game.online == nil {
			u.game.redo()
		}
	})
	short(fyne.KeyY, ctrl, func() {
		if u.game != nil && u.game.online == nil {
			u.game.redo()
		}
	})
	// Ctrl+D offers a draw, Ctrl+R resigns (after asking): no other
	// shortcut of the app or of Fyne's canvas uses D or R.
	short(fyne.KeyD, ctrl, func() {
		if u.game != nil && u.game.online == nil && len(u.dialogs) == 0 { // no draw offers online yet
			u.game.offerDraw()
		}
	})
	short(fyne.KeyR, ctrl, func() {
		if u.game != nil && len(u.dialogs) == 0 {
			u.game.resign()
		}
	})
	// Fyne's desktop driver turns Ctrl+Z and Ctrl+Y into its own Undo and
	// Redo shortcuts before custom ones are matched: the keys people press
	// arrive as these.
	c.AddShortcut(&fyne.ShortcutUndo{}, func(fyne.Shortcut) {
		if u.game != nil {
			u.game.undo()
		}
	})
	c.AddShortcut(&fyne.ShortcutRedo{}, func(fyne.Shortcut) {
		if u.game != nil {
			u.game.redo()
		}
	})
	c.SetOnTypedKey(func(ev *fyne.KeyEvent) {
		if ev.Name == fyne.KeyEscape {
			u.escape()
			return
		}
		if (ev.Name == fyne.KeyReturn || ev.Name == fyne.KeyEnter) && u.enter() {
			return
		}
		if u.game != nil && len(u.dialogs) == 0 {
			u.game.board.Key(ev.Name)
		}
	})
}

func (u *App) currentGameID() string {
	if u.game != nil {
		return u.game.session.Game.ID()
	}
	return ""
}

// ---- theme ----

func (u *App) applyTheme() {
	switch u.cfg.Theme() {
	case "light":
		u.fa.Settings().SetTheme(kit.ThemeIn(theme.VariantLight))
	case "dark":
		u.fa.Settings().SetTheme(kit.ThemeIn(theme.VariantDark))
	default:
		u.fa.Settings().SetTheme(kit.Theme())
	}
}

// ---- statistics ----

// recordResult counts a finished game against a bot for the first person
// at the table in the statistics on disk, through the disk queue.
func (u *App) recordResult(s *session.Session, out games.Outcome) {
	id := s.Game.ID()
	human := -1
	var bots []string
	for i, seat := range s.Seats {
		if seat.Human() && human < 0 {
			human = i
		}
		if !seat.Human() {
			bots = append(bots, seat.Bot)
		}
	}
	if human < 0 || len(bots) == 0 {
		return // only games of a person against the computer count
	}
	// The opponent is the computer's line-up: "hard", or with several bot
	// seats "hard + medium" (sorted, so seating does not split a record).
	sort.Strings(bots)
	u.queueResult(id, strings.Join(bots, " + "), resultOf(out, human))
}

// resultOf is how a finished game went for seat.
func resultOf(out games.Outcome, seat int) settings.Result {
	switch {
	case out.Status == games.Draw:
		return settings.Draw
	case slices.Contains(out.Winners, seat) && len(out.Winners) > 1:
		return settings.Shared // won together with another: not a win of one's own
	case slices.Contains(out.Winners, seat):
		return settings.Win
	}
	return settings.Loss
}

// queueResult counts a result in the statistics on disk, through the disk
// queue.
func (u *App) queueResult(id, opponent string, res settings.Result) {
	stats, post := u.stats, u.post
	u.disk.Do(func() {
		if err := stats.Record(id, opponent, res); err != nil {
			post(func() { u.showError(fmt.Errorf("The result could not be counted: %w", err)) })
		}
	})
}

// errString gives an error's text for a label ("" for nil).
func errString(err error) string {
	if err == nil {
		return ""
	}
	var fe *settings.FileError
	if errors.As(err, &fe) {
		return fe.Err.Error()
	}
	return err.Error()
}
