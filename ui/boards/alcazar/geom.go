package alcazar

import (
	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/theme"

	"github.com/tabulagames/tabula/ui/boards/kit"
)

// geom places the 5x5 frame and the two trays in a widget of a size.
// The trays go above and below the frame, or, where that gives bigger
// squares (a wide area: a desktop window, the top of a phone in
// portrait), to its left and right, standing upright.
type geom struct {
	grid   kit.Grid
	c      float32
	side   bool             // trays left and right of the frame
	tray   [2]fyne.Position // top-left corner of each seat's tray
	trayH  float32          // the tray's thickness (its length is 5 cells)
	bottom int              // the seat whose tray is below (or left of) the frame
}

// The frame and the trays, in cells: a tray's thickness, the gap between
// a tray and the frame, and the length of the frame with a tray on each
// side.
const (
	thick, gap = 0.92, 0.15
	long       = 5 + 2*thick + 2*gap
)

// labelRoom is the room of the rank labels (left) and file labels (below).
func labelRoom() float32 { return theme.TextSize() * 1.4 }

// HeightFor is the board's height at a phone's full width, the hands above
// and below the frame (kit.Portrait).
func (b *Board) HeightFor(width float32) float32 {
	room := labelRoom()
	return kit.BoardTop + long*(width-2*room)/5 + room
}

func layout(size fyne.Size, bottom int, side bool) geom {
	room := labelRoom()
	h := size.Height - kit.BoardTop
	cTall := min((size.Width-2*room)/5, (h-room)/long)
	cWide := min((size.Width-2*room)/long, (h-room)/5)
	// Hysteresis: the arrangement changes only for clearly bigger squares,
	// so a text line growing under the board does not flip it back and forth.
	g := geom{bottom: bottom, side: cWide > cTall*1.12}
	if side {
		g.side = cTall <= cWide*1.12
	}
	c := max(1, cTall)
	if g.side {
		c = max(1, cWide)
	}
	g.c, g.trayH = c, thick*c
	if g.side {
		top := kit.BoardTop
		left := (size.Width - long*c) / 2
		g.grid = kit.Grid{Files: 5, Ranks: 5, Cell: c, Origin: fyne.NewPos(left+(thick+gap)*c, top)}
		// The labels' room on both sides keeps the frame centred.
		g.tray[bottom] = fyne.NewPos(left-room, top)
		g.tray[1-bottom] = fyne.NewPos(g.grid.Origin.X+(5+gap)*c+room, top)
		return g
	}
	top := kit.BoardTop
	g.grid = kit.Grid{Files: 5, Ranks: 5, Cell: c, Origin: fyne.NewPos((size.Width-5*c)/2, top+(thick+gap)*c)}
	g.tray[1-bottom] = fyne.NewPos(g.grid.Origin.X, top)
	g.tray[bottom] = fyne.NewPos(g.grid.Origin.X, g.grid.Origin.Y+(5+gap)*c+room)
	return g
}

// traySize is the size of a tray.
func (g *geom) traySize() fyne.Size {
	if g.side {
		return fyne.NewSize(g.trayH, 5*g.c)
	}
	return fyne.NewSize(5*g.c, g.trayH)
}

// alongTray is the point at distance d (in cells) along a seat's tray,
// on its middle line.
func (g *geom) alongTray(seat int, d float32) fyne.Position {
	t := g.tray[seat]
	if g.side {
		return fyne.NewPos(t.X+g.trayH/2, t.Y+d*g.c)
	}
	return fyne.NewPos(t.X+d*g.c, t.Y+g.trayH/2)
}

// traySlot is the centre of piece n's slot in a seat's tray.
func (g *geom) traySlot(seat, n int) fyne.Position {
	return g.alongTray(seat, 0.1+0.86*float32(n-1)+0.43)
}

// crownPos is the centre of the crown by a seat's tray.
func (g *geom) crownPos(seat int) fyne.Position { return g.alongTray(seat, 4.68) }

// trayAt finds the tray slot under a point.
func (g *geom) trayAt(p fyne.Position) (seat, n int, ok bool) {
	ts := g.traySize()
	for seat := 0; seat < 2; seat++ {
		t := g.tray[seat]
		if p.X < t.X || p.X > t.X+ts.Width || p.Y < t.Y || p.Y > t.Y+ts.Height {
			continue
		}
		d := (p.X - t.X) / g.c
		if g.side {
			d = (p.Y - t.Y) / g.c
		}
		d -= 0.1
		if d < 0 || d >= 0.86*5 {
			return 0, 0, false
		}
		return seat, int(d/0.86) + 1, true
	}
	return 0, 0, false
}

// center is the centre of a location.
func (g *geom) center(l Loc, seat, n int) fyne.Position {
	if l.Hand {
		return g.traySlot(seat, n)
	}
	return fyne.NewPos(g.grid.Origin.X+(float32(l.F)+0.5)*g.c, g.grid.Origin.Y+(4.5-float32(l.R))*g.c)
}

// cellPos is the top-left corner of grid square sq.
func (g *geom) cellPos(sq int) fyne.Position { return g.grid.CellPos(sq%5, sq/5) }

// pieceSide is the drawn size of piece n (1 is small: it is light).
func (g *geom) pieceSide(n int) float32 {
	if n == 1 {
		return 0.58 * g.c
	}
	return 0.74 * g.c
}
