package ui

import (
	"fmt"
	"image/color"
	"strings"
	"time"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"

	"github.com/tabulagames/tabula/games"
	"github.com/tabulagames/tabula/ui/boards/kit"
	"github.com/tabulagames/tabula/ui/frame"
	"github.com/tabulagames/tabula/ui/session"
)

// gameScreen is a game in progress: the board, the side panel (seats,
// status, result, score, rules in effect, move list) and the toolbar.
// Each part's file makes it and shows it anew; build (gamebuild.go) lays
// the parts out and refresh (gamerefresh.go) calls each in turn. A part's
// fields are read through the screen (gs.result, gs.cover).
type gameScreen struct {
	u           *App
	session     *session.Session
	files       *gameFiles // its autosave and save files, written on the disk queue
	unsubscribe []func()   // ends the screen's subscriptions to the session
	content     fyne.CanvasObject

	drawing                     // the board and the frame it drew last
	seatRows     []*seatRow     // the side panel's seats (seats.go)
	status       *widget.Label  // whose move it is, or what the game waits for
	resultBanner                // the result, and Play again and New game (result.go)
	pause        *widget.Button // Pause and Play, in a game of computers only
	scoreLine                   // this run's score (score.go)
	moveList                    // the moves so far (movelist.go)
	toolButtons                 // the toolbar's buttons that refresh enables (toolbar.go)
	handOver                    // the cover between two people's secret picks (handover.go)
	endings                     // Resign and Offer draw (endings.go)
	messages                    // the line under the board
	online       *onlineGame    // the online match this screen follows, or nil (online.go)
}

// drawing is the board and what it was given to draw.
type drawing struct {
	board   kit.Board
	spoken  *kit.SpokenLayer // the squares' names for screen readers, or nil
	forward kit.Forward      // which draws animate
	drawn   *frame.Frame     // the frame drawn last
}

// messages is the line under the board, fading after a few seconds, and
// the last two things it said.
type messages struct {
	toast       *toast
	lastRefusal string
	lastSaid    string
}

func newGameScreen(u *App, s *session.Session, files *gameFiles) *gameScreen {
	return newGameScreenFor(u, s, files, nil)
}

// newGameScreenFor is newGameScreen for a screen that follows an online
// match (og, nil for a game at this device): it is known before the
// toolbar is built, which then leaves out what online play does not offer.
func newGameScreenFor(u *App, s *session.Session, files *gameFiles, og *onlineGame) *gameScreen {
	gs := &gameScreen{u: u, session: s, files: files, online: og}
	gs.forward, gs.maskSeat = kit.NewForward(), -2
	gs.makeBoard()
	s.PickTime = pickTime(s.Rules)
	// The screen draws a change first; then its disk work is queued.
	gs.unsubscribe = append(gs.unsubscribe, s.Subscribe(gs.changed), s.Subscribe(gs.keep))
	gs.build()
	return gs
}

// makeBoard makes the game's board for the layout shown now (a board
// reads kit.Host.Phone when it is made). It holds no game of its own: the
// next draw gives it the session's frame.
func (gs *gameScreen) makeBoard() {
	entry, _ := gs.u.box.entry(gs.session.Game.ID())
	gs.board = entry.New(gs)
}

// changed draws what the session changed, and says what the board does
// not show: a pie-rule swap, a bot that stopped.
func (gs *gameScreen) changed(c session.Change) {
	if c.Finished {
		gs.u.countResult(gs.session, c.Outcome)
	}
	gs.refresh()
	gs.endingChanged(c)
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
	if c.Played() && gs.online == nil { // an online game lives on the server
		gs.autosave()
	}
	if c.Finished && gs.online == nil { // an online game is counted at the server's Final (online.go)
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

// leave stops the bots and the screen's subscriptions (the autosave is
// already queued), and lets go of what Fyne would keep of the screen.
func (gs *gameScreen) leave() {
	gs.session.Stop()
	for _, cancel := range gs.unsubscribe {
		cancel()
	}
	gs.unsubscribe = nil
	releaseOverrides(gs.content)
}

// ---- Host, for the board ----

func (gs *gameScreen) Submit(token string) error {
	if gs.online != nil {
		return gs.online.submit(token)
	}
	return gs.session.Submit(token)
}
func (gs *gameScreen) Motion() kit.Motion  { return gs.u.motion() }
func (gs *gameScreen) Settled()            { gs.refresh() }
func (gs *gameScreen) Undo()               { gs.undo() }
func (gs *gameScreen) Select(token string) { gs.session.Select(token) }
func (gs *gameScreen) Phone() bool         { return gs.u.mobile }

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
	if gs.online != nil {
		gs.Refuse("Undo is not offered online: the other players have seen the move.")
		return
	}
	if err := gs.session.Undo(); err != nil {
		gs.Refuse(err.Error())
	}
}

func (gs *gameScreen) redo() { gs.session.Redo() }

func (gs *gameScreen) hint() {
	if gs.online != nil && !gs.online.hintsAllowed() {
		gs.Refuse("This online game allows no hints: the room was made without them.")
		return
	}
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
	if gs.session.Follows() {
		// It holds the seat's views and masked moves, not a game a
		// save could replay; the server's whole record is saved at the end.
		gs.Refuse("This online game is saved by itself when it ends, with every move: until then the hidden moves are the server's.")
		return
	}
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
	if !s.Outcome().Over() && s.Plies() > 0 {
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
	if gs.online != nil { // another online game: a new invitation
		gs.u.onlineGameDialog(s.Game.ID())
		return
	}
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

// seatSymbol is a seat's letter in the side panel: the game's own (the
// knights' A to D), else the seat's symbol (X, O, + and *, or the one a
// player chose).
func (gs *gameScreen) seatSymbol(seat int) string { return gs.u.box.seatName(gs.session, seat) }

// pickTime is the countdown of each person's pick under a game's `timer`
// house rule, in seconds (knights.md 10.5); 0 without one.
func pickTime(r games.Rules) time.Duration {
	return time.Duration(r.Int("timer")) * time.Second
}

func (gs *gameScreen) togglePause() {
	if gs.session.Paused {
		gs.session.Resume()
	} else {
		gs.session.Stop()
		gs.refresh()
	}
}
