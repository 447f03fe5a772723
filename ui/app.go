// Package ui is Tabula's Fyne user interface. It is the only package that
// imports Fyne.
package ui

import (
	"encoding/json"
	"errors"
	"fmt"
	"sort"
	"strings"
	"time"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/app"
	"fyne.io/fyne/v2/dialog"
	"fyne.io/fyne/v2/driver/desktop"
	"fyne.io/fyne/v2/theme"

	"github.com/tabulagames/tabula/ai"
	"github.com/tabulagames/tabula/games"
	"github.com/tabulagames/tabula/settings"
	"github.com/tabulagames/tabula/ui/boards/kit"
	"github.com/tabulagames/tabula/ui/session"
)

// AppID is the application id (FyneApp.toml, the Android package).
const AppID = "io.github.tabulagames.tabula"

// App is the running application: the window, the settings on disk and the
// screen shown (the picker, or a game).
type App struct {
	fa     fyne.App
	win    fyne.Window
	paths  settings.Paths
	cfg    *settings.Config
	store  *settings.Store
	stats  *settings.Stats
	mobile bool
	// post runs a function on the UI goroutine: fyne.Do in the app; tests
	// replace it to run what goroutines hand back on the test's goroutine.
	post func(func())

	// clock and newBot are the sessions' clock and bot maker: nil is the
	// real clock and ai.New (tests put theirs here).
	clock  session.Clock
	newBot func(game, name string, o ai.Options) (ai.Bot, error)

	dialogs []dialog.Dialog // the open dialogs, the top one last (Escape closes it)

	game   *gameScreen // nil while the picker is shown
	picker *picker
	// tally is this run's scoreboard per game: wins per seat and draws.
	tally map[string]*sessionTally
}

type sessionTally struct {
	Wins  []int
	Draws int
}

// Run opens the window and blocks until it closes. startGame, if not
// empty, opens straight into a new game of that id; icon is Icon.png.
func Run(startGame string, icon []byte) {
	a := app.NewWithID(AppID)
	// `fyne package` embeds FyneApp.toml; a plain `go build` does not, so
	// make sure the threading model of FyneApp.toml is in force either way.
	if m := a.Metadata(); !m.Migrations["fyneDo"] {
		m.Migrations = map[string]bool{"fyneDo": true}
		if m.ID == "" {
			m.ID, m.Name = AppID, "Tabula"
		}
		app.SetMetadata(m)
	}
	if len(icon) > 0 {
		a.SetIcon(fyne.NewStaticResource("Icon.png", icon))
	}
	u, problems := NewApp(a)
	gate := &startGate{forward: fyne.Do}
	u.post = gate.post
	a.Lifecycle().SetOnStarted(gate.start)
	u.win.Resize(fyne.NewSize(1180, 760))
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
	u := &App{fa: a, tally: map[string]*sessionTally{}, post: fyne.Do}
	u.mobile = fyne.CurrentDevice().IsMobile()
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
	if u.game != nil {
		u.game.leave()
		u.game = nil
	}
	u.picker = newPicker(u)
	u.win.SetTitle("Tabula")
	u.win.SetContent(u.picker.content)
}

// playable lists the games with both rules and a board.
func playable() []games.Game {
	var out []games.Game
	for _, g := range games.All() {
		if boardMakers[g.ID()] != nil {
			out = append(out, g)
		}
	}
	return out
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

// sessionFrom replays a saved game into a session, paced like a new one.
func (u *App) sessionFrom(rec *games.Record) (*session.Session, error) {
	s, err := session.FromRecord(rec, u.sessionOptions())
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
// paces a bot's turn of several actions (boardPacing) gets its own
// pauses, scaled by the player's setting against its default, so "wait
// 0 s" still plays at once and a slower setting slows every pause. It is
// done once, when the session is made, so a test can set its own
// afterwards.
func (u *App) pace(s *session.Session) {
	s.BotDelay = u.cfg.BotDelay()
	s.AutoDelay = u.cfg.BotPace()
	p, ok := boardPacing[s.Game.ID()]
	if !ok {
		return
	}
	scale := float64(u.cfg.BotDelay()) / float64(settings.DefaultBotDelay)
	if !s.HasHuman() {
		scale = float64(u.cfg.BotPace()) / float64(settings.DefaultBotPace)
	}
	p.Apply(s, scale)
}

// openSession shows the game screen for a session and starts its bots.
func (u *App) openSession(s *session.Session) {
	if u.game != nil {
		u.game.leave()
	}
	u.picker = nil
	u.game = newGameScreen(u, s)
	u.win.SetTitle("Tabula - " + s.Game.Name())
	u.win.SetContent(u.game.content)
	u.game.start()
}

// NewGameNow starts a game of id at once with the last choices (or the
// defaults), as `tabula --game ID` does.
func (u *App) NewGameNow(id string) {
	g, ok := games.Lookup(id)
	if !ok || boardMakers[id] == nil {
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
	if len(paths) == 1 {
		if rec, err := u.store.LoadAutosave(paths[0]); err == nil {
			u.openAutosave(paths[0], rec)
			return
		}
	}
	u.ResumeDialog(id)
}

// openAutosave opens a game in progress; it goes on autosaving to the
// file it came from.
func (u *App) openAutosave(path string, rec *games.Record) {
	s, err := u.sessionFrom(rec)
	if err != nil {
		u.showError(fmt.Errorf("The game in progress cannot be resumed: %w", err))
		return
	}
	s.Autosave = path
	u.openSession(s)
}

// OpenRecord opens a saved game from the saves folder.
func (u *App) OpenRecord(path string) {
	rec, err := u.store.Load(path)
	if err != nil {
		u.showError(err)
		return
	}
	if boardMakers[rec.Game] == nil {
		u.showError(fmt.Errorf("%s games cannot be played in this version yet", rec.Game))
		return
	}
	s, err := u.sessionFrom(rec)
	if err != nil {
		u.showError(err)
		return
	}
	s.Path = path
	u.openSession(s)
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
		if u.game != nil {
			u.game.undo()
		}
	})
	short(fyne.KeyZ, ctrl|fyne.KeyModifierShift, func() {
		if u.game != nil {
			u.game.redo()
		}
	})
	short(fyne.KeyY, ctrl, func() {
		if u.game != nil {
			u.game.redo()
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
// at the table, and in this run's scoreboard.
func (u *App) recordResult(s *session.Session, out games.Outcome) {
	id := s.Game.ID()
	t := u.tally[id]
	if t == nil {
		t = &sessionTally{Wins: make([]int, len(s.Seats))}
		u.tally[id] = t
	}
	if len(t.Wins) < len(s.Seats) {
		t.Wins = append(t.Wins, make([]int, len(s.Seats)-len(t.Wins))...)
	}
	if out.Status == games.Win {
		for _, w := range out.Winners {
			t.Wins[w]++
		}
	} else {
		t.Draws++
	}
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
	bot := strings.Join(bots, " + ")
	res := settings.Loss
	switch {
	case out.Status == games.Draw:
		res = settings.Draw
	case contains(out.Winners, human):
		res = settings.Win
	}
	if err := u.stats.Record(id, bot, res); err != nil {
		u.showError(fmt.Errorf("The result could not be counted: %w", err))
	}
}

func contains(list []int, x int) bool {
	for _, v := range list {
		if v == x {
			return true
		}
	}
	return false
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
