package ui

import (
	"strings"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"

	"github.com/tabulagames/tabula/games"
	"github.com/tabulagames/tabula/ui/boards/kit"
	"github.com/tabulagames/tabula/ui/frame"
)

// resultBanner is a finished game's headline, in the winner's colour, and
// what to play next.
type resultBanner struct {
	// result is the headline: a label's one line of text, in a colour of
	// the app's theme named for the winner (kit.SeatInkColorName). Not
	// a theme override: Fyne keeps what lay under one, and a copy of the
	// fonts for each, for as long as the app runs (megabytes a game).
	result  *widget.RichText
	again   *widget.Button
	newGame *widget.Button
	over    *fyne.Container // Play again and New game, once the game is over
}

// newResultBanner makes the banner, hidden until the game is over.
func (gs *gameScreen) newResultBanner() resultBanner {
	b := resultBanner{result: widget.NewRichText(&widget.TextSegment{Style: widget.RichTextStyle{
		Alignment: fyne.TextAlignCenter,
		ColorName: theme.ColorNamePrimary,
		Inline:    true,
		SizeName:  theme.SizeNameSubHeadingText,
		TextStyle: fyne.TextStyle{Bold: true},
	}})}
	b.result.Wrapping = fyne.TextWrapWord
	b.again = widget.NewButtonWithIcon("Play again", theme.MediaReplayIcon(), gs.playAgain)
	b.again.Importance = widget.HighImportance
	b.newGame = widget.NewButtonWithIcon("New game", theme.DocumentCreateIcon(), func() { gs.u.NewGameDialog(gs.session.Game.ID()) })
	b.over = container.NewGridWithColumns(2, b.again, b.newGame)
	return b
}

// refreshResult shows the result once the game is over, else hides the
// banner; out is the result shown (none while the board still tells how
// the game ended).
func (gs *gameScreen) refreshResult(out games.Outcome) {
	if !out.Over() {
		gs.result.Hide()
		gs.over.Hide()
		return
	}
	// One winner's headline is in that seat's colour (UX.md); a draw's,
	// or several winners', in the theme's primary colour.
	headline := gs.result.Segments[0].(*widget.TextSegment)
	headline.Style.ColorName = theme.ColorNamePrimary
	if len(out.Winners) == 1 {
		headline.Style.ColorName = kit.SeatInkColorName(out.Winners[0])
	}
	headline.Text = gs.winnerText(out)
	gs.result.Refresh()
	gs.result.Show()
	gs.over.Show()
}

// ---- the words ----

// people names the seats as they sit now, as the boards' words do: two
// of the same name are told apart by the panel's symbols.
func (gs *gameScreen) people() frame.People {
	return frame.PeopleOf(gs.session.Seats, gs.seatSymbol)
}

// resultLine is the status line under a finished game whose board has no
// words of its own, with the game's reason: "Ben wins: Ana was caught in
// a blast." The games call the loser of a two-seat game "the other
// player" (they know no names); the screen puts the name in.
func resultLine(p frame.People, out games.Outcome) string {
	why := out.Reason
	if out.Status == games.Win && len(out.Winners) == 1 && len(p.Names) == 2 {
		why = strings.ReplaceAll(why, "the other player", p.Names[1-out.Winners[0]])
	}
	return p.Result(out, why) + "."
}

// winnerText is the banner's headline: the board's own words when it has
// them, else who won ("Ana wins!") or "Draw", the status line under it
// saying why.
func (gs *gameScreen) winnerText(out games.Outcome) string {
	if e := gs.session.Ending(); e != nil {
		return endingText(e, gs.people())
	}
	if t, ok := gs.board.(kit.Teller); ok {
		return t.ResultText(gs.frame(), out)
	}
	if out.Status == games.Draw {
		return "Draw"
	}
	return gs.people().Result(out, "") + "!"
}
