package classic

import (
	"image/color"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/canvas"
	"fyne.io/fyne/v2/widget"

	game "github.com/tabulagames/tabula/games/classic"
	"github.com/tabulagames/tabula/ui/boards/kit"
	"github.com/tabulagames/tabula/ui/frame"
)

// Board is the 3x3 board widget.
type Board struct {
	widget.BaseWidget
	host kit.Host
	m    Model

	hover   int // square under the mouse, -1 none
	fadeIn  int // square whose mark is fading in, -1 none
	fade    float32
	refused int // square flashing, -1 none
}

// Entry is tic-tac-toe as the app offers it (kit.Entry): its rules
// text and icon are help.md and icon.svg, which entry.go embeds.
//
// Tic-tac-toe offers neither Resign nor Offer draw: a game lasts nine
// moves at most, a few seconds, and ends by itself in a draw when both
// play well; a player would not expect either button there.
var Entry = kit.Entry{Game: game.Game{}, New: New, Files: files, NoEndings: true}

// New makes the board for the game screen.
func New(h kit.Host) kit.Board {
	b := &Board{host: h, m: NewModel(), hover: -1, fadeIn: -1, refused: -1, fade: 1}
	b.ExtendBaseWidget(b)
	return b
}

// Draw shows the frame's position; a new mark fades in.
func (b *Board) Draw(f *frame.Frame, animate bool) {
	prevLast := b.m.Last
	b.m.Load(f)
	b.refused = -1
	if animate && b.m.Last >= 0 && b.m.Last != prevLast {
		b.animateIn(b.m.Last)
	}
	b.Refresh()
}

// grid is the geometry for the widget's size now.
func (b *Board) grid() *kit.Grid {
	g := &kit.Grid{Files: 3, Ranks: 3}
	g.Fit(b.Size())
	return g
}

// SpokenSquares names each square for screen readers: "a1, empty", "b2, X".
func (b *Board) SpokenSquares() []kit.Spoken { return b.grid().SpokenSquares(b.m.Spoken) }

func (b *Board) CreateRenderer() fyne.WidgetRenderer {
	r := &renderer{b: b, grid: &kit.Grid{Files: 3, Ranks: 3}, pulseSq: -1}
	for i := 0; i < 9; i++ {
		r.cells[i] = canvas.NewRectangle(color.Transparent)
		r.glow[i] = kit.NewGlow()
		r.marks[i] = kit.NewMark()
		r.objects = append(r.objects, r.cells[i], r.glow[i])
	}
	r.ring = kit.NewLastRing()
	r.objects = append(r.objects, r.ring)
	for i := 0; i < 9; i++ {
		r.objects = append(r.objects, r.marks[i].Objects()...)
	}
	r.ghost = kit.NewMark()
	r.objects = append(r.objects, r.ghost.Objects()...)
	r.hint, r.cursor, r.flash = kit.NewOutline(), kit.NewOutline(), kit.NewOutline()
	r.objects = append(r.objects, r.hint, r.cursor, r.flash)
	r.objects = append(r.objects, r.grid.Labels()...)
	return r
}

type renderer struct {
	b       *Board
	grid    *kit.Grid
	cells   [9]*canvas.Rectangle
	glow    [9]*canvas.Rectangle
	marks   [9]*kit.Mark
	ring    *canvas.Circle
	ghost   *kit.Mark
	hint    *canvas.Rectangle
	cursor  *canvas.Rectangle
	flash   *canvas.Rectangle
	pulse   *fyne.Animation
	pulseSq int
	objects []fyne.CanvasObject
}

func (r *renderer) Objects() []fyne.CanvasObject { return r.objects }
func (r *renderer) Destroy() {
	if r.pulse != nil {
		r.pulse.Stop()
	}
}
func (r *renderer) MinSize() fyne.Size { return r.grid.MinSize(kit.MinTouch * 1.5) }

// Layout only moves and resizes.
func (r *renderer) Layout(size fyne.Size) {
	r.grid.Fit(size)
	r.grid.LayoutLabels()
	c := r.grid.Cell
	for i := 0; i < 9; i++ {
		p := r.grid.CellPos(i%3, i/3)
		kit.PlaceInset(r.cells[i], p, c, 2)
		kit.PlaceInset(r.glow[i], p, c, 4)
		r.marks[i].Place(p, c)
	}
	r.Refresh()
}

// Refresh copies the model into the objects and reads the theme colours.
func (r *renderer) Refresh() {
	b, m, c := r.b, &r.b.m, r.grid.Cell
	light, darkTone := kit.SquareTones()
	win := map[int]bool{}
	for _, sq := range m.Line {
		win[sq] = true
	}
	for i := 0; i < 9; i++ {
		tone := light
		if (i%3+i/3)%2 == 0 {
			tone = darkTone
		}
		r.cells[i].FillColor = tone
		r.cells[i].CornerRadius = kit.TileRadius(c)
		r.cells[i].Refresh()
		if win[i] {
			r.glow[i].Show()
		} else {
			r.glow[i].Hide()
		}
		r.glow[i].Refresh()
		alpha := uint8(0xFF)
		if i == b.fadeIn {
			alpha = uint8(255 * b.fade)
		}
		r.marks[i].Set(int(m.Owners[i]), alpha)
	}
	if m.Last >= 0 {
		p := r.grid.CellPos(m.Last%3, m.Last/3)
		r.ring.StrokeColor = kit.LastRingColor()
		kit.PlaceInset(r.ring, p, c, c*0.08)
		r.ring.Show()
	} else {
		r.ring.Hide()
	}
	r.ring.Refresh()
	// A faint ghost of the mark a click would place.
	if m.Ghost(b.hover) {
		r.ghost.Place(r.grid.CellPos(b.hover%3, b.hover/3), c)
		r.ghost.Set(m.Mover, 0x50)
	} else {
		r.ghost.Set(-1, 0)
	}
	r.layoutOutline(r.cursor, m.Cursor, kit.Ink())
	r.layoutOutline(r.flash, b.refused, kit.Refused)
	if b.refused >= 0 {
		r.flash.FillColor = kit.WithAlpha(kit.Refused, 0x60)
		r.flash.Refresh()
	}
	// The hint pulses in the mover's colour.
	reduced := b.host.Motion().Reduced
	if m.Hint != r.pulseSq || (m.Hint >= 0 && r.pulse == nil && !reduced) {
		if r.pulse != nil {
			r.pulse.Stop()
			r.pulse = nil
		}
		r.pulseSq = m.Hint
		if m.Hint >= 0 {
			kit.PlaceOutline(r.hint, r.grid.CellPos(m.Hint%3, m.Hint/3), c, 6)
			r.pulse = kit.Pulse(r.hint, kit.SeatInk(max(0, m.Mover)), reduced)
		} else {
			r.hint.Hide()
		}
	}
	if m.Hint >= 0 {
		kit.PlaceOutline(r.hint, r.grid.CellPos(m.Hint%3, m.Hint/3), c, 6)
	}
}

func (r *renderer) layoutOutline(o *canvas.Rectangle, sq int, col color.Color) {
	if sq < 0 {
		o.Hide()
		return
	}
	kit.PlaceOutline(o, r.grid.CellPos(sq%3, sq/3), r.grid.Cell, 5)
	kit.ShowOutline(o, col, 3)
}
