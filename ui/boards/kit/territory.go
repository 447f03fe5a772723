package kit

import (
	"image/color"
	"time"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/canvas"
	"fyne.io/fyne/v2/theme"
)

// CaptureColor marks the square revenge would steal: a red-tinted ring.
var CaptureColor = color.NRGBA{0xE0, 0x48, 0x48, 0xE0}

// Territory draws a square board of N x N cells split into two home
// halves (checkerboard, infiltration): checkered squares, each half tinted
// faintly with the colour of the seat whose home it is, a line between
// the halves, a caption naming each half, rank and file labels, and the
// highlights of UX.md (last-move rings, winning glow, legal-destination
// dots and rings, the selection, the keyboard cursor, the hint pulse
// and the refusal flash).
//
// A board builds one Territory per size and puts Under() below its pieces
// and Over() above them. It sets the model fields and calls Refresh; its
// renderer's Layout calls Layout. Squares are numbered rank*N+file (a1 =
// 0, rank 0 is the bottom rank as drawn); -1 means none.
type Territory struct {
	Grid
	N int
	// Homes is the seat whose home is the bottom half and the top half.
	Homes [2]int
	// Names are the seats' possessives for the captions ("X's", "O's";
	// a board that knows the people sets "Your", "Medium's").
	Names [2]string

	Last     []int // the last move's squares: a soft ring each
	Line     []int // the winning line: a gold glow
	Dots     []int // legal destinations: an amber dot
	Captures []int // capture destinations: a ring in a destination's amber
	Selected int   // the selected piece or square: a solid outline
	Cursor   int   // the keyboard cursor: a thin ink outline
	Hint     []int // the hint's squares: a pulsing outline
	HintSeat int   // whose colour the hint pulses in

	cells, glow []*canvas.Rectangle
	dots, caps  []*canvas.Circle
	rings       [4]*canvas.Circle
	mid         *canvas.Line
	captions    [2][2]*canvas.Text // [bottom, top half][home, target line]
	side        bool               // captions to the right of the board
	sel, cursor *canvas.Rectangle
	flash       *canvas.Rectangle
	flashSq     int
	hints       [2]*canvas.Rectangle
	pulses      [2]*fyne.Animation
	pulseKey    [3]int
	under, over []fyne.CanvasObject
}

// NewTerritory builds the objects of an n x n board with X's home at the
// bottom and O's at the top.
func NewTerritory(n int) *Territory {
	t := &Territory{Grid: Grid{Files: n, Ranks: n}, N: n, Homes: [2]int{0, 1}, Names: [2]string{"X's", "O's"},
		Selected: -1, Cursor: -1, flashSq: -1, pulseKey: [3]int{-1, -1, -1}}
	for i := 0; i < n*n; i++ {
		c := canvas.NewRectangle(color.Transparent)
		g := NewGlow()
		t.cells = append(t.cells, c)
		t.glow = append(t.glow, g)
		t.under = append(t.under, c)
	}
	t.mid = canvas.NewLine(Faint())
	t.under = append(t.under, t.mid)
	for i := range t.glow {
		t.under = append(t.under, t.glow[i])
	}
	for i := range t.rings {
		t.rings[i] = NewLastRing()
		t.under = append(t.under, t.rings[i])
	}
	for i := 0; i < n*n; i++ {
		d := NewDot()
		c := canvas.NewCircle(color.Transparent)
		c.Hide()
		t.dots = append(t.dots, d)
		t.caps = append(t.caps, c)
		t.over = append(t.over, d, c)
	}
	t.sel, t.cursor, t.flash = NewOutline(), NewOutline(), NewOutline()
	for i := range t.hints {
		t.hints[i] = NewOutline()
		t.over = append(t.over, t.hints[i])
	}
	t.over = append(t.over, t.sel, t.cursor, t.flash)
	for i := range t.captions {
		for j := range t.captions[i] {
			t.captions[i][j] = canvas.NewText("", Faint())
			t.over = append(t.over, t.captions[i][j])
		}
	}
	t.over = append(t.over, t.Labels()...)
	return t
}

// Under are the objects drawn below the pieces; Over those drawn above.
func (t *Territory) Under() []fyne.CanvasObject { return t.under }
func (t *Territory) Over() []fyne.CanvasObject  { return t.over }

// captionRoom is the height of a caption line naming a half.
func captionRoom() float32 { return theme.CaptionTextSize() * 1.6 }

// captionTexts writes the captions: "X's home", "O's target".
func (t *Territory) captionTexts() {
	for i := range t.captions {
		home := t.Homes[i]
		t.captions[i][0].Text = t.Names[home%2] + " home"
		t.captions[i][1].Text = t.Names[(home+1)%2] + " target"
		for _, c := range t.captions[i] {
			c.TextSize = theme.CaptionTextSize()
		}
	}
}

// captionWidth is the width of the widest caption line.
func (t *Territory) captionWidth() float32 {
	t.captionTexts()
	w := float32(0)
	for i := range t.captions {
		for _, c := range t.captions[i] {
			w = max(w, c.MinSize().Width)
		}
	}
	return w
}

// Fit sizes the cells from the widget's size and centres the board with
// its labels and captions across, at the top (BoardTop). The captions go above and below the board
// ("O's home · X's target") or, when the height is what limits the board
// (a phone in portrait, a wide window), to its right in two lines each,
// whichever leaves the larger squares.
func (t *Territory) Fit(size fyne.Size) {
	room, capH, n := labelRoom(), captionRoom(), float32(t.N)
	const gap = 8
	capW := t.captionWidth()
	h := size.Height - BoardTop
	cellA := min((size.Width-2*room)/n, (h-room-2*capH)/n)
	cellB := min((size.Width-room-gap-capW-4)/n, (h-room-4)/n)
	t.side = cellB > cellA+0.5
	if t.side {
		t.Cell = max(1, cellB)
		w := t.Cell * n
		t.Origin = fyne.NewPos((size.Width-(room+w+gap+capW))/2+room, BoardTop)
		return
	}
	t.Cell = max(1, cellA)
	w := t.Cell * n
	t.Origin = fyne.NewPos((size.Width-w)/2, BoardTop+capH)
}

// TerritoryHeight is the height a territory board needs to fill a
// width, with its captions above and below (for kit.Portrait).
func TerritoryHeight(width float32) float32 {
	return BoardTop + width - labelRoom() + 2*captionRoom()
}

// MinSize is the smallest useful size: cells of minCell.
func (t *Territory) MinSize(minCell float32) fyne.Size {
	room, w := labelRoom(), minCell*float32(t.N)
	return fyne.NewSize(w+2*room, w+room+2*captionRoom())
}

// Square is the square under a point, or -1.
func (t *Territory) Square(p fyne.Position) int {
	f, r, ok := t.At(p)
	if !ok {
		return -1
	}
	return r*t.N + f
}

// Pos is the top-left corner of a square.
func (t *Territory) Pos(sq int) fyne.Position { return t.CellPos(sq%t.N, sq/t.N) }

// Mid is the centre of a square.
func (t *Territory) Mid(sq int) fyne.Position { return t.Center(sq%t.N, sq/t.N) }

// HomeOf is the seat whose home holds the square.
func (t *Territory) HomeOf(sq int) int {
	if sq/t.N < t.N/2 {
		return t.Homes[0]
	}
	return t.Homes[1]
}

// Layout moves and resizes everything for a widget of the given size.
func (t *Territory) Layout(size fyne.Size) {
	t.Fit(size)
	t.LayoutLabels()
	t.captionTexts()
	c := t.Cell
	for i := range t.cells {
		p := t.Pos(i)
		// A hair larger than the square, so no seam of background shows
		// between rows at fractional positions.
		t.cells[i].Move(p)
		t.cells[i].Resize(fyne.NewSize(c+0.75, c+0.75))
		PlaceInset(t.glow[i], p, c, 3)
		PlaceDot(t.dots[i], p, c)
		PlaceInset(t.caps[i], p, c, c*0.1)
	}
	w := t.Cell * float32(t.N)
	y := t.Origin.Y + w/2
	t.mid.Position1 = fyne.NewPos(t.Origin.X-2, y)
	t.mid.Position2 = fyne.NewPos(t.Origin.X+w+2, y)
	t.layoutCaptions()
	if t.flashSq >= 0 && t.flashSq < len(t.cells) {
		PlaceInset(t.flash, t.Pos(t.flashSq), c, 2)
	}
}

// Refresh copies the model into the objects and reads the theme colours;
// reduced (motion) makes the hint a steady outline.
func (t *Territory) Refresh(reduced bool) {
	light, darkTone := SquareTones()
	in := func(list []int) map[int]bool {
		m := make(map[int]bool, len(list))
		for _, sq := range list {
			m[sq] = true
		}
		return m
	}
	line, dots, caps := in(t.Line), in(t.Dots), in(t.Captures)
	c := t.Cell
	for i, cell := range t.cells {
		tone := light
		if (i%t.N+i/t.N)%2 == 0 {
			tone = darkTone
		}
		cell.FillColor = Tint(tone, t.HomeOf(i))
		cell.Refresh()
		t.glow[i].StrokeColor = GoldInk()
		ShowIf(t.glow[i], line[i])
		t.dots[i].FillColor = DotColor()
		ShowIf(t.dots[i], dots[i])
		cp := t.caps[i]
		cp.FillColor = color.Transparent
		cp.StrokeColor = DotColor() // a legal destination, ringed: a piece stands there
		cp.StrokeWidth = max(2, c*0.07)
		ShowIf(cp, caps[i])
	}
	t.mid.StrokeColor = Faint()
	t.mid.StrokeWidth = 2
	t.mid.Refresh()
	t.captionTexts()
	for i := range t.captions {
		for j, cap := range t.captions[i] {
			cap.Color = Faint()
			if j == 0 {
				cap.Color = WithAlpha(Ink(), 0xC0)
			}
			cap.Refresh()
		}
	}
	t.layoutCaptions()
	for i, r := range t.rings {
		if i < len(t.Last) && t.Last[i] >= 0 && t.Last[i] < len(t.cells) {
			r.StrokeColor = LastRingColor()
			r.StrokeWidth = max(2, c*0.05)
			PlaceInset(r, t.Pos(t.Last[i]), c, c*0.06)
			r.Show()
		} else {
			r.Hide()
		}
		r.Refresh()
	}
	// The selection is a solid square ink line; the cursor a thinner,
	// rounder, paler one; the hint pulses in the mover's colour: three
	// outlines that cannot be mistaken.
	t.sel.CornerRadius = 0
	t.outline(t.sel, t.Selected, Ink(), 3, 2)
	t.cursor.CornerRadius = c * 0.15
	t.outline(t.cursor, t.Cursor, WithAlpha(Ink(), 0xB0), 2, c*0.1)
	t.refreshHint(reduced)
}

// layoutCaptions places the captions naming the halves: above and below
// the board in one line, or to its right in two lines per half.
func (t *Territory) layoutCaptions() {
	w := t.Cell * float32(t.N)
	cs := theme.CaptionTextSize()
	for i := range t.captions {
		home, target := t.captions[i][0], t.captions[i][1]
		if !t.side && target.Text != "" {
			home.Text += " · " + target.Text
			target.Text = ""
		}
		hs, ts := home.MinSize(), target.MinSize()
		home.Resize(hs)
		target.Resize(ts)
		home.Refresh()
		target.Refresh()
		if t.side {
			x := t.Origin.X + w + 8
			mid := t.Origin.Y + w*3/4 // the bottom half's middle
			if i == 1 {
				mid = t.Origin.Y + w/4
			}
			home.Move(fyne.NewPos(x, mid-hs.Height))
			target.Move(fyne.NewPos(x, mid))
			continue
		}
		y := t.Origin.Y - hs.Height - 2 // above the board, for the top half
		if i == 0 {                     // below the file labels, for the bottom half
			y = t.Origin.Y + w + cs*1.5 + 2
		}
		home.Move(fyne.NewPos(t.Origin.X, y))
	}
}

func (t *Territory) outline(o *canvas.Rectangle, sq int, col color.Color, width, inset float32) {
	if sq < 0 || sq >= len(t.cells) {
		o.Hide()
		return
	}
	PlaceInset(o, t.Pos(sq), t.Cell, inset)
	ShowOutline(o, col, width)
}

// refreshHint restarts the pulse when the hinted squares change, and keeps
// the outlines on their squares after a resize.
func (t *Territory) refreshHint(reduced bool) {
	key := [3]int{-1, -1, t.HintSeat}
	for i := 0; i < len(t.Hint) && i < 2; i++ {
		key[i] = t.Hint[i]
	}
	if key != t.pulseKey {
		t.StopPulse()
		t.pulseKey = key
		for i, h := range t.hints {
			if key[i] >= 0 && key[i] < len(t.cells) {
				PlaceInset(h, t.Pos(key[i]), t.Cell, 4)
				t.pulses[i] = Pulse(h, SeatInk(max(0, t.HintSeat)), reduced)
			}
		}
	}
	for i, h := range t.hints {
		if key[i] >= 0 && key[i] < len(t.cells) {
			PlaceInset(h, t.Pos(key[i]), t.Cell, 4)
		}
	}
}

// StopPulse stops the hint's animation and hides it (Destroy calls it).
func (t *Territory) StopPulse() {
	for i, a := range t.pulses {
		if a != nil {
			a.Stop()
		}
		t.pulses[i] = nil
		t.hints[i].Hide()
	}
	t.pulseKey = [3]int{-1, -1, -1}
}

// Flash shows a refused square briefly (d 0: a moment).
func (t *Territory) Flash(sq int, d time.Duration) {
	if sq < 0 || sq >= len(t.cells) {
		return
	}
	t.flashSq = sq
	PlaceInset(t.flash, t.Pos(sq), t.Cell, 2)
	t.flash.StrokeWidth = 0
	Flash(t.flash, d)
}
