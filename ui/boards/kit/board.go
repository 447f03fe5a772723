// Package kit is what every board widget shares: the interfaces between a
// board and the game screen, the seat palette, square-grid geometry with
// rank and file labels, seat marks, the highlights of UX.md (one meaning
// per highlight, in every game), the two-halves territory board, the
// squares' spoken names, a motion helper and the driver of a board's
// animated stories (Story).
package kit

import (
	"time"

	"fyne.io/fyne/v2"

	"github.com/tabulagames/tabula/games"
	"github.com/tabulagames/tabula/ui/frame"
)

// Board is one game's board widget. The renderer builds its canvas objects
// once; Draw copies the frame into them. A board draws and never steers:
// it holds no session, and what a person does goes to its Host as an
// intent (a token, a selection).
type Board interface {
	fyne.Widget
	// Draw draws the frame's shown position, its last move, the hint
	// and whether a person may act; animate is false for jumps (undo, a
	// click in the move list) and under reduced motion.
	Draw(f *frame.Frame, animate bool)
	// Key handles a key for keyboard play and reports whether it used it.
	Key(k fyne.KeyName) bool
}

// Host is what a board needs from the game screen.
type Host interface {
	// Submit plays a person's turn token; an error says why it was refused.
	Submit(token string) error
	// Refuse shows a refusal near the board, briefly.
	Refuse(msg string)
	// Say shows a neutral message in the same place (what a piece can do).
	Say(msg string)
	// Motion gives the animation settings.
	Motion() Motion
	// Settled tells the screen that a long animation has ended, so it can
	// show what it held back (the result of alcazar's movement phase).
	Settled()
	// Undo does what the toolbar's Undo does (in the middle of a person's
	// turn of several actions, it takes back the last one).
	Undo()
	// Select tells which token a person has selected but not confirmed
	// ("" for none): if the seat's pick clock runs out (knights `timer`),
	// the session plays it rather than the seat's first legal move.
	Select(token string)
	// Phone tells whether the screen is in the phone's layout: on a phone,
	// and on a page narrower than the desktop layout (the web). A board
	// reads it when it is made; the screen makes the board again when the
	// layout changes (a browser window resized across the line).
	Phone() bool
}

// Animator is implemented by boards whose animations tell a story worth
// following (alcazar's movement phase): while Animating, the screen holds
// the result back so it does not give the ending away.
type Animator interface {
	Animating() bool
}

// SpokenBoard is implemented by boards that name their squares for screen
// readers (UX of classic.md and checkerboard.md: "a1, empty"); the game
// screen lays the names over the board as invisible buttons.
type SpokenBoard interface {
	SpokenSquares() []Spoken
}

// Portrait is implemented by boards that need more height than their
// width to fill the width (captions above and below, hands above and
// below): a phone in portrait gives the board the width of the screen and
// asks how tall it then is. Other boards are as tall as they are wide.
type Portrait interface {
	HeightFor(width float32) float32
}

// TurnUnder is implemented by boards whose line under the board says
// whose turn it is and how the game ended (arena): on a phone in
// portrait the panel under it then keeps less room in view, so that its
// two rows of buttons still leave the board the full width.
type TurnUnder interface {
	TurnUnderBoard()
}

// BoardControls is implemented by boards that need controls of their own
// (a hand to drop from, "replay the last phase", a pie-rule prompt); the
// game screen shows them under the board, above the refusal line.
type BoardControls interface {
	Controls() fyne.CanvasObject
}

// Pacing is how a board wants the app to play a bot's turn of several
// actions so people can follow it (arena 8.2), at the player's default
// "Computer waits" setting: Turn before the turn's first action, Token
// before each later one.
type Pacing struct {
	Turn  time.Duration
	Token func(token string) time.Duration
}

// Scaled is the pacing with every pause scaled by scale (the player's
// setting over its default: 0 plays at once, 2 twice as slowly).
func (p Pacing) Scaled(scale float64) (turn time.Duration, token func(string) time.Duration) {
	return scaled(p.Turn, scale), func(tok string) time.Duration { return scaled(p.Token(tok), scale) }
}

func scaled(d time.Duration, scale float64) time.Duration {
	return time.Duration(float64(d) * max(0, scale))
}

// Teller is implemented by boards that put the move list and the result
// in words of their own (revenge names the people and what each move did:
// "Ana takes b4 from Bo"); other games show the notation and the rules'
// reason.
type Teller interface {
	// MoveText is token i (from 0) of the game in words, without its
	// number.
	MoveText(f *frame.Frame, i int) string
	// ResultText is the headline of a finished game, with why: "Ana wins:
	// a full row, rank 4", "Draw: the board is full".
	ResultText(f *frame.Frame, out games.Outcome) string
}

// WhyTeller is implemented by boards that say why a game ended in words
// of their own where the rules' reason is terse (knights' "stall: decided
// on squares"): the status line reads "Ana wins: " and then WhyText.
type WhyTeller interface {
	WhyText(f *frame.Frame, out games.Outcome) string
}

// HintTeller is implemented by boards that put a hint in words, the way
// their move list tells moves: "Ana could drop a man on d3".
type HintTeller interface {
	HintText(f *frame.Frame, h *frame.Hint) string
}

// JointTeller is implemented by boards of joint turns (knights: every
// seat picks, all moves resolve together), whose move list tells each
// seat's entry of a turn in words while fog may hide some of them: shown
// is the one seat whose entry may show (-2 every seat's, -1 nobody's, as
// between two people's secret picks).
type JointTeller interface {
	JointMoveText(f *frame.Frame, i int, shown int) string
}

// TurnNumberer is implemented by boards whose move list numbers turns
// rather than tokens (alcazar: both placements of a turn share its
// number, so the crown holder's two placements in a row, at the end of
// one turn and the start of the next, do not read as one seat moving
// twice).
type TurnNumberer interface {
	// MoveNumber is the number token i (from 0) shows in the move list.
	MoveNumber(f *frame.Frame, i int) int
}

// SeatPanel is implemented by boards whose seats need more words in the
// side panel than the session knows (knights: a knight's squares, or that
// it is out).
type SeatPanel interface {
	// SeatNote is a few words on the seat's standing: "12 squares".
	SeatNote(seat int) string
}

// Motion is the animation setting: durations are scaled by Speed (1 =
// normal, 2 = twice as slow), and Reduced makes every animation instant.
type Motion struct {
	Reduced bool
	Speed   float64
}

// Scale turns a nominal duration into the one to use (0 when reduced).
func (m Motion) Scale(ms int) (d int) {
	if m.Reduced {
		return 0
	}
	if m.Speed <= 0 {
		return ms
	}
	return int(float64(ms) * m.Speed)
}

// Animate starts an animation of nominal length ms, scaled by the motion
// setting, that calls tick with its progress from 0 to 1 along curve. It
// returns nil, and starts nothing, when the scaled length is 0 (reduced
// motion): the board then draws the end at once.
func (m Motion) Animate(ms int, curve fyne.AnimationCurve, tick func(f float32)) *fyne.Animation {
	d := m.Scale(ms)
	if d == 0 {
		return nil
	}
	a := fyne.NewAnimation(time.Duration(d)*time.Millisecond, tick)
	a.Curve = curve
	a.Start()
	return a
}

// Forward decides which draws animate, as the game screen draws: a step
// forward animates, and so does drawing that step again (the session
// refreshes more than once for one move, as when the next bot starts
// thinking), or an animation still playing would be cut short. Jumps
// (undo, a click in the move list) and past positions do not.
type Forward struct {
	drawn   int
	animate bool
}

// NewForward is a Forward before anything is drawn.
func NewForward() Forward { return Forward{drawn: -1} }

// Next reports whether drawing the frame's position now animates.
func (f *Forward) Next(fr *frame.Frame) bool {
	view := fr.View
	animate := (view == f.drawn+1 || view == f.drawn && f.animate) && !fr.Viewing
	f.drawn, f.animate = view, animate
	return animate
}

// BoardOverlay is implemented by boards that lay something over their
// squares (knights' game-over table); the game screen stacks it over the
// board and the squares' spoken names. It is built of plain containers
// and widgets, so screen readers reach its words, and it takes only the
// pointer events of its own buttons while shown.
type BoardOverlay interface {
	Overlay() fyne.CanvasObject
}

// Replayer is implemented by a host that can start the next game from the
// board (knights' game-over overlay: Rematch and New game).
type Replayer interface {
	// Rematch starts the same game again from its start: the same seed,
	// rules, seats and setup, so random starts, obstacles and the bots'
	// game stream repeat exactly.
	Rematch()
	// NewGame opens the new-game dialog for this game.
	NewGame()
}
