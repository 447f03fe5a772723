package ui

import (
	"fmt"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/dialog"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"

	"github.com/tabulagames/tabula/games"
	"github.com/tabulagames/tabula/ui/frame"
	"github.com/tabulagames/tabula/ui/session"
)

// Resign and Offer draw (issue 19 item 4): on a desktop two buttons in the
// side panel, with the reason under them while they cannot be used; on a
// phone two items of the toolbar's menu. Ctrl+D offers a draw, Ctrl+R
// resigns. The session does both (Session.Resign, OfferDraw); the screen
// asks before a resignation, and asks a person at this device whether
// they accept a draw the other offers.

// endings are the screen's Resign and Offer draw.
type endings struct {
	offerBtn, resignBtn *widget.Button
	endWhy              *widget.Label   // why they cannot be used now, under them
	endRow              *fyne.Container // the buttons and the reason (desktop)
	offerItem           *fyne.MenuItem  // the phone's menu items
	resignItem          *fyne.MenuItem
	asking              bool // the screen asks a person here about a draw
	botAsked            int  // 1 + the seat of the bot asked about a draw, 0 when none is
}

// offersEndings reports whether the game offers Resign and Offer draw: a
// game of two players (with three or four, revenge's and knights', one who
// gave up would leave the others a game to finish, and a draw "agreed" by
// two of them would bind the rest), with a person at this device, and not
// a game too short for either (tic-tac-toe, kit.Entry.NoEndings).
func (gs *gameScreen) offersEndings() bool {
	entry, _ := gs.u.box.entry(gs.session.Game.ID())
	return !entry.NoEndings && gs.session.Live().Seats() == 2 && gs.session.HasHuman()
}

// buildEndings makes the buttons (desktop) or the menu items (phone).
func (gs *gameScreen) buildEndings() {
	gs.offerBtn = widget.NewButtonWithIcon("Offer draw", theme.ContentRemoveIcon(), gs.offerDraw)
	gs.resignBtn = widget.NewButtonWithIcon("Resign", theme.CancelIcon(), gs.resign)
	gs.endWhy = widget.NewLabel("")
	gs.endWhy.Wrapping = fyne.TextWrapWord
	gs.endWhy.Importance = widget.LowImportance
	buttons := container.NewGridWithColumns(2, gs.offerBtn, gs.resignBtn)
	if gs.online != nil { // the server has no draw offers yet: Resign alone
		buttons = container.NewGridWithColumns(1, gs.resignBtn)
	}
	gs.endRow = container.NewVBox(buttons, gs.endWhy)
	gs.offerItem = fyne.NewMenuItem("Offer draw", gs.offerDraw)
	gs.resignItem = fyne.NewMenuItem("Resign", gs.resign)
	if !gs.offersEndings() || gs.u.mobile {
		gs.endRow.Hide()
	}
}

// endingActions are the phone menu's items for the toolbar, when the game
// offers them.
func (gs *gameScreen) endingActions() []toolAction {
	if !gs.offersEndings() {
		return nil
	}
	resign := toolAction{label: "Resign", icon: theme.CancelIcon(), do: gs.resign, item: &gs.resignItem}
	if gs.online != nil { // no draw offers online yet
		return []toolAction{resign}
	}
	return []toolAction{
		{label: "Offer draw", icon: theme.ContentRemoveIcon(), do: gs.offerDraw, item: &gs.offerItem},
		resign,
	}
}

// refreshEndings enables what the session allows now, and says why not.
func (gs *gameScreen) refreshEndings() {
	if !gs.offersEndings() {
		return
	}
	s := gs.session
	whyEnd, whyOffer := s.WhyNoEnding(), s.WhyNoOffer()
	if gs.online != nil {
		whyOffer = nil // no Offer draw online: nothing to say about it
	}
	setEnabled(gs.resignBtn, whyEnd == nil)
	setEnabled(gs.offerBtn, whyOffer == nil)
	gs.resignItem.Disabled = whyEnd != nil
	gs.offerItem.Disabled = whyOffer != nil
	why := ""
	switch {
	case s.Outcome().Over():
		// The headline says how it ended.
	case whyEnd != nil && gs.online != nil && endingWhyNot(s, whyEnd) != whyEnd.Error():
		why = "Resign on your turn." // endingWhyNot's "not your turn", without the draw offer
	case whyEnd != nil:
		why = endingWhyNot(s, whyEnd)
	case whyOffer != nil:
		why = whyOffer.Error()
	}
	gs.endWhy.SetText(why)
	showIf(gs.endWhy, why != "")
	// Once the game is over the buttons go (they stayed, disabled, looking
	// close to enabled); the panel beside or under the board reflows, the
	// board stays. Undo brings them back.
	if !gs.u.mobile {
		showIf(gs.endRow, !s.Outcome().Over())
	}
}

// endingWhyNot says why nobody here can resign or offer a draw now.
func endingWhyNot(s *session.Session, err error) string {
	if s.DrawOffer() >= 0 || s.Viewing() || s.ShowingTurn() {
		return err.Error()
	}
	return "Resign or offer a draw on your turn."
}

// resign asks, then resigns for the person whose turn it is.
func (gs *gameScreen) resign() {
	s := gs.session
	if gs.online != nil {
		gs.online.resign()
		return
	}
	if !gs.offersEndings() {
		return
	}
	if err := s.WhyNoEnding(); err != nil {
		gs.Refuse(endingWhyNot(s, err))
		return
	}
	seat := s.HumanToMove()
	p := gs.people()
	question := "Do you resign? " + winsText(p, 1-seat)
	if !p.You(seat) {
		question = p.Names[seat] + ", do you resign? " + winsText(p, 1-seat)
	}
	gs.u.show(dialog.NewCustomConfirm("Resign", "Resign", "Play on", widget.NewLabel(question), func(ok bool) {
		if !ok || s != gs.session {
			return
		}
		if err := s.Resign(seat); err != nil {
			gs.Refuse(err.Error())
		}
	}, gs.u.win), nil)
}

// offerDraw offers a draw for the person whose turn it is: a bot answers
// in its own time; a person here is asked at once.
func (gs *gameScreen) offerDraw() {
	s := gs.session
	if !gs.offersEndings() || gs.online != nil { // no draw offers online yet
		return
	}
	if err := s.WhyNoOffer(); err != nil {
		gs.Refuse(endingWhyNot(s, err))
		return
	}
	seat := s.HumanToMove()
	if err := s.OfferDraw(seat); err != nil {
		gs.Refuse(err.Error())
		return
	}
	p := gs.people()
	if s.DriverOf(1-seat) == session.Bot {
		gs.botAsked = 2 - seat
		gs.Say(fmt.Sprintf("%s. %s is thinking it over...", p.Does(frame.Deed{Seat: seat, Verb: "offer", Rest: "a draw"}), p.Names[1-seat]))
		return
	}
	gs.askDraw(seat)
}

// askDraw asks the person here who did not offer whether they accept.
// Closing the dialog (Escape) declines.
func (gs *gameScreen) askDraw(from int) {
	s := gs.session
	p := gs.people()
	question := p.Does(frame.Deed{Seat: from, Verb: "offer", Rest: "a draw"}) + ". Accept?"
	answered := false
	gs.asking = true
	gs.u.show(dialog.NewCustomConfirm("Draw offered", "Accept", "Decline", widget.NewLabel(question), func(ok bool) {
		answered = true
		if s == gs.session && s.DrawOffer() == from {
			s.AnswerDraw(ok)
		}
	}, gs.u.win), func() {
		gs.asking = false
		if !answered && s == gs.session && s.DrawOffer() == from {
			s.AnswerDraw(false)
		}
	})
}

// endingChanged says what the session's change did to an offer.
func (gs *gameScreen) endingChanged(c session.Change) {
	// A bot asked about a draw that accepted: its yes replaces "is
	// thinking it over", which would otherwise linger under "Draw agreed.".
	if bot := gs.botAsked - 1; bot >= 0 && c.Ended {
		if e := gs.session.Ending(); e != nil && e.By == games.EndAgreed {
			gs.Say(gs.people().Does(frame.Deed{Seat: bot, Verb: "accept", Rest: "the draw"}) + ".")
		}
	}
	if c.Ended || c.DrawDeclined || c.Moved || c.Rewound {
		gs.botAsked = 0 // answered, or withdrawn by a move or an undo
	}
	if c.DrawDeclined {
		p := gs.people()
		gs.Say(p.Does(frame.Deed{Seat: c.BotSeat, Verb: "decline", Rest: "the draw"}) + ". Play on.")
	}
}

// endingText is how a game ended outside its rules, in words: "Ana
// resigned. Ben wins." (or "You win."), or "Draw agreed." (People.Ended).
func endingText(e *games.Ending, p frame.People) string { return p.Ended(e) }

// winsText says who wins: "Ben wins.", "You win.".
func winsText(p frame.People, seat int) string { return p.Wins(seat) + "." }
