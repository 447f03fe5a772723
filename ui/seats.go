package ui

import (
	"fmt"

	"fyne.io/fyne/v2/canvas"
	"fyne.io/fyne/v2/widget"

	"github.com/tabulagames/tabula/games"
)

type seatRow struct {
	name     *widget.Label
	note     *widget.Label // the board's words on the seat ("12 squares"), if any
	turn     *canvas.Text
	symbol   *canvas.Text
	activity *widget.Activity
}

func seatLabel(s games.SeatInfo) string {
	if s.Human() {
		return s.Name
	}
	return fmt.Sprintf("%s (%s)", s.Name, s.Bot)
}
