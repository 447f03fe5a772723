package ui

import (
	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"

	"github.com/tabulagames/tabula/ui/boards/kit"
)

// newMoveRow is the move list's row: the move in words and, when the
// player asked for it in Settings, the move's notation after them, dim
// and small ("12. Ana drops a man on d3   @d3").
func newMoveRow() *fyne.Container {
	words := widget.NewLabel("000. X  move")
	words.Wrapping = fyne.TextWrapWord // a long row takes a second line, never cut
	notation := widget.NewLabel("")
	notation.Importance = widget.LowImportance
	notation.SizeName = theme.SizeNameCaptionText
	return container.New(notationAfter{}, words, notation)
}

// showMove fills a move-list row with move i, and makes the row as tall
// as its words need at the list's width: a long row ("Ben places Ψ on c3,
// taking a mark of Ana's...") wraps to a second line rather than being
// cut.
func (gs *gameScreen) showMove(i int, row *fyne.Container) {
	text := gs.moveText(i)
	row.Objects[0].(*widget.Label).SetText(text)
	row.Objects[1].(*widget.Label).SetText(gs.moveNotation(i))
	row.Refresh() // longer or shorter words move the notation
	gs.fitRow(i, text)
}

// fitRow sets row i's height for its text at the list's width, once per
// text and width.
func (gs *gameScreen) fitRow(i int, text string) {
	width := gs.moves.Size().Width - theme.ScrollBarSize()
	if width <= 0 {
		return // not laid out yet: the next refresh fits it
	}
	if gs.rowWidth != width {
		gs.rowWidth, gs.rowHeights = width, map[int]float32{}
	}
	h := wrappedHeight(text, width)
	if old, ok := gs.rowHeights[i]; ok && old == h {
		return
	}
	gs.rowHeights[i] = h
	gs.moves.SetItemHeight(i, h)
	if i == gs.rows()-1 && !gs.session.Viewing() {
		gs.moves.ScrollToBottom() // the list had scrolled to the row's old height
	}
}

// wrappedHeight is how tall a row's words are when wrapped at width.
func wrappedHeight(text string, width float32) float32 {
	l := widget.NewLabel(text)
	l.Wrapping = fyne.TextWrapWord
	l.Resize(fyne.NewSize(width, l.MinSize().Height))
	return l.MinSize().Height
}

// moveNotation is move i's notation for the move list: "" unless the
// player turned it on in Settings, and for a board that has no words of
// its own (its rows are notation already). Under fog it hides what the
// words hide: the other seats' picks read "?".
func (gs *gameScreen) moveNotation(i int) string {
	s := gs.session
	if !gs.u.cfg.ShowNotation() || i >= s.Plies() {
		return ""
	}
	_, joint := gs.board.(kit.JointTeller)
	_, teller := gs.board.(kit.Teller)
	if !joint && !teller {
		return ""
	}
	return gs.maskedToken(s.Tokens()[i])
}

// notationAfter lays out a move-list row: the words over the whole row,
// the notation just after their text, and only where it fits whole: a
// narrow row drops it rather than run off the panel. The row asks for no
// more room than its words.
type notationAfter struct{}

func (notationAfter) MinSize(objects []fyne.CanvasObject) fyne.Size { return objects[0].MinSize() }

func (notationAfter) Layout(objects []fyne.CanvasObject, size fyne.Size) {
	words, notation := objects[0], objects[1]
	// The words wrap at the width fitRow measured their height at (the
	// row's less the scroll bar's, which lies over the row's end): else a
	// row just short of the list's width is two lines tall and drawn on
	// one, over an empty line.
	words.Move(fyne.NewPos(0, 0))
	words.Resize(fyne.NewSize(size.Width-theme.ScrollBarSize(), size.Height))
	// Both labels pad their text; the two paddings between them are the
	// gap. The notation goes after words on one line only.
	label := words.(*widget.Label)
	at := fyne.MeasureText(label.Text, theme.TextSize(), label.TextStyle).Width + 2*theme.InnerPadding()
	need := notation.MinSize()
	if notation.(*widget.Label).Text == "" || at+need.Width > size.Width {
		notation.Hide()
		return
	}
	notation.Move(fyne.NewPos(at, size.Height-need.Height)) // on the words' line
	notation.Resize(need)
	notation.Show()
}
