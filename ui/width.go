package ui

// The phone layout by width. A phone (the mobile build, or a browser
// whose user agent is a phone's) always has it. On the web the page can
// be any width, so there the layout also follows the page's width
// (byWidth, set by the web start, web_js.go): below phoneWidth the
// phone's, from it up the desktop's, and the screen is built again when a
// resize crosses the line. A native desktop window does not switch: its
// least size is its layout's, so it is never narrower than the desktop
// layout needs, and people who make it small keep the screen they know.

// phoneWidth is the narrowest window, in Fyne's units, that gets the
// desktop layout: the desktop game screens need up to 795 (the toolbar in
// words, the 330-wide panel beside a board; TestDesktopLayoutFitsAbove-
// ThePhoneWidth), so below that a desktop layout would be cut.
const phoneWidth float32 = 800

// fitWidth chooses the layout for a window width w and builds the screen
// again when the choice changed. It does nothing unless the layout
// follows the width (byWidth).
func (u *App) fitWidth(w float32) {
	if !u.byWidth || w <= 0 {
		return
	}
	phone := u.deviceMobile || w < phoneWidth
	if phone == u.mobile {
		return
	}
	u.mobile = phone
	u.relayout()
}

// relayout builds the screen shown again in the layout chosen now: the
// picker anew, a game's parts and its board (made for the layout: revenge's
// badges, arena's line, alcazar's and knights' buttons differ on a phone)
// around the same session; a selection half made on the board is let go. The
// online room and the notice of a game being opened look the same in
// both layouts; a dialog already open keeps its layout until it closes.
func (u *App) relayout() {
	switch {
	case u.game != nil:
		gs := u.game
		gs.seatRows = nil // build makes them again
		gs.makeBoard()
		gs.build()
		if gs.online != nil {
			gs.online.wrap() // sets the window's content
		} else {
			u.win.SetContent(gs.content)
		}
		gs.refresh()
		gs.focusBoard()
	case u.picker != nil:
		u.picker = newPicker(u)
		u.win.SetContent(u.picker.content)
	}
}
