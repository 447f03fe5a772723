package ui

import (
	"fmt"
	"slices"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/canvas"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/layout"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"

	"github.com/tabulagames/tabula/games"
	"github.com/tabulagames/tabula/ui/boards/kit"
	"github.com/tabulagames/tabula/ui/session"
)

// seatRow is one seat in the side panel: its symbol in its colour, who
// plays it, the board's note on it, and whether it is to move, thinking
// or the winner.
type seatRow struct {
	name     *widget.Label
	note     *widget.Label // the board's words on the seat ("12 squares"), if any
	turn     *canvas.Text
	symbol   *canvas.Text
	activity *widget.Activity
	dot      *canvas.Circle // online, a person's seat: green while connected
}

// buildSeats makes a row per seat.
func (gs *gameScreen) buildSeats() fyne.CanvasObject {
	seats := container.NewVBox()
	for i, seat := range gs.session.Seats {
		row, object := gs.newSeatRow(i, seat)
		gs.seatRows = append(gs.seatRows, row)
		seats.Add(object)
	}
	return seats
}

// newSeatRow is seat i's row, and the row laid out: the symbol, then the
// name and the note, then the turn and the activity at the end.
func (gs *gameScreen) newSeatRow(i int, seat games.SeatInfo) (*seatRow, fyne.CanvasObject) {
	row := &seatRow{name: widget.NewLabel(gs.seatName(i)), note: widget.NewLabel(""), turn: canvas.NewText("", kit.SeatInk(i)), activity: widget.NewActivity()}
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
	row.note.SizeName = theme.SizeNameCaptionText
	// The name takes the room the note leaves. The note, in small type
	// with little padding, leaves "Computer (balanced)" whole beside
	// "12 squares" and "to move" in the desktop panel.
	var who fyne.CanvasObject
	if gs.u.mobile { // nothing scrolls sideways: the board's note goes under the name
		who = container.NewVBox(row.name, row.note)
	} else {
		note := container.NewCenter(container.New(notePadding, row.note))
		who = container.NewBorder(nil, nil, nil, note, row.name)
	}
	row.dot = canvas.NewCircle(theme.Color(theme.ColorNameDisabled))
	dot := container.NewGridWrap(fyne.NewSquareSize(theme.TextSize()*0.6), row.dot)
	if og := gs.online; og == nil || og.last == nil || i >= len(og.last.Seats) || og.last.Seats[i].Bot != "" {
		row.dot.Hide() // the server's bot is always there (the place stays: names line up)
	}
	var left fyne.CanvasObject = container.NewCenter(sym)
	if gs.online != nil { // the dot only online: it must not take room from names at one device
		left = container.NewHBox(container.NewCenter(dot), left)
	}
	return row, container.NewBorder(nil, nil, left, container.NewHBox(container.NewCenter(row.turn), row.activity), who)
}

// refreshDots colours each person's dot online: green while connected.
func (gs *gameScreen) refreshDots() {
	if gs.online == nil {
		return
	}
	for i, row := range gs.seatRows {
		c := theme.Color(theme.ColorNameDisabled)
		if gs.online.connected(i) {
			c = theme.Color(theme.ColorNameSuccess)
		}
		if row.dot.FillColor != c {
			row.dot.FillColor = c
			row.dot.Refresh()
		}
	}
}

// notePadding takes 6 of the seat note's 8 inner padding away on each
// side in the desktop panel (a negative padding), without a theme
// override: Fyne keeps what lay under one for as long as the app runs.
var notePadding = layout.NewCustomPaddedLayout(0, 0, -6, -6)

// refreshSeats shows who plays each seat, the board's note on it and
// where the turn is; out is the result shown (none while the board still
// tells how the game ended).
func (gs *gameScreen) refreshSeats(out games.Outcome) {
	s := gs.session
	thinking := s.Thinking()
	panel, _ := gs.board.(kit.SeatPanel)
	for i, row := range gs.seatRows {
		row.name.SetText(gs.seatName(i)) // a pie-rule swap moves people
		if panel != nil {
			row.note.SetText(panel.SeatNote(i))
		}
		showIf(row.note, row.note.Text != "") // on a phone it would leave a blank line under the name
		// Inks are read at each refresh: a theme that changes (a phone's
		// arrives after start) must not leave them in the old one's shade.
		row.turn.Color, row.symbol.Color = kit.SeatInk(i), kit.SeatInk(i)
		row.symbol.Refresh()
		row.turn.Text = gs.turnWord(i, out)
		row.turn.Refresh()
		if slices.Contains(thinking, i) {
			row.activity.Show()
			row.activity.Start()
		} else {
			row.activity.Stop()
			row.activity.Hide()
		}
	}
}

// turnWord is what the panel says beside a seat: "to move", "picked" in
// a simultaneous turn (never what: that stays secret), "winner", or
// nothing (while its computer thinks, the activity shows instead). A
// bot's pick, made at once, is not told while the one person here still
// picks: it would only hurry them.
func (gs *gameScreen) turnWord(seat int, out games.Outcome) string {
	s := gs.session
	word := ""
	if s.Ending() != nil { // given up or agreed: nobody is to move
		if slices.Contains(out.Winners, seat) {
			word = "winner"
		}
		return word
	}
	picked := slices.Contains(s.Live().ToMove(), seat) && s.Simultaneous() && !slices.Contains(s.Pending(), seat)
	switch {
	case slices.Contains(s.Thinking(), seat):
	case picked && s.DriverOf(seat) == session.Bot && s.HumanToMove() >= 0 && s.HumansAtOnce() == 1:
		word = "to move"
	case picked:
		word = "picked"
	case slices.Contains(s.Live().ToMove(), seat):
		word = "to move"
	}
	if out.Over() && slices.Contains(out.Winners, seat) {
		word = "winner"
	}
	return word
}

// seatLabel is who plays a seat: a person's name, a computer's name with
// its strength ("Deep Blue (hard)"), or, when its name is its strength
// already ("Hard", "Medium 2"), with what it is.
func seatLabel(s games.SeatInfo) string {
	switch {
	case s.Human():
		return s.Name
	case strengthOf(s.Name, s.Bot):
		return s.Name + " (computer)"
	}
	return fmt.Sprintf("%s (%s)", s.Name, s.Bot)
}

// seatName is seatLabel of seat i. Online, every seat but this device's
// is a person's in the session (Remote takes only those), so a seat the
// server plays with its bot is named from the server's Update: "Hard
// (computer)", as at one device.
func (gs *gameScreen) seatName(i int) string {
	seat := gs.session.Seats[i]
	if og := gs.online; og != nil && og.last != nil && i < len(og.last.Seats) && og.last.Seats[i].Bot != "" {
		seat.Controller, seat.Bot = "ai", og.last.Seats[i].Bot
	}
	return seatLabel(seat)
}

// showIf shows o when on, else hides it.
func showIf(o fyne.CanvasObject, on bool) {
	if on {
		o.Show()
	} else {
		o.Hide()
	}
}
