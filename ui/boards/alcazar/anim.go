package alcazar

import (
	"math"
	"time"

	"fyne.io/fyne/v2"

	"github.com/tabulagames/tabula/games"
	game "github.com/tabulagames/tabula/games/alcazar"
)

// The movement phase as an animation: the model's beats (Model.Beats,
// from the game's events) play on a timeline. One fyne.Animation drives
// the whole timeline, so stopping it (undo, a jump, Skip) is one call.

// piece is where a piece is drawn: at rest on one location, or moving
// along waypoints.
type piece struct {
	dir   int     // facing, game.NoDir in hand
	path  []Loc   // at rest one loc; while moving the waypoints
	prog  float32 // 0..1 along path
	shake float32 // 0..1 progress of a shake in place, 0 none
}

func (p *piece) at() Loc { return p.path[len(p.path)-1] }

// timeline is the phase playing: its beats and where it stands.
type timeline struct {
	beats   []Beat
	start   []float32 // ms from the beginning
	dur     []float32
	total   float32
	cur     int
	offset  float32 // ms already played when the timeline was resumed
	paused  bool    // stepping by hand
	snap    bool    // reduced motion: pieces jump, the order still shows
	caption string
	fa      *fyne.Animation
}

// play animates the last play of st, starting from prev. Under reduced
// motion nothing moves (the final position is already drawn), except when
// the person asks for a replay: then each beat jumps, slowly enough to
// follow the order.
//
// landed says the placement was dragged onto its square: it does not fly
// in from the hand again.
func (b *Board) play(prev *game.State, events []games.Event, reduced, replay, landed bool) {
	if reduced && !replay {
		return
	}
	beats := b.m.Beats(events)
	var drop *Beat
	if landed && len(beats) > 0 && beats[0].SetDir != game.NoDir {
		drop, beats = &beats[0], beats[1:]
	}
	if len(beats) == 0 {
		return
	}
	a := &timeline{beats: beats, snap: reduced}
	for _, bt := range beats {
		d := float32(b.host.Motion().Scale(bt.Ms))
		if reduced {
			d = float32(bt.Ms) * 2
		}
		d = max(d, 1)
		a.start = append(a.start, a.total)
		a.dur = append(a.dur, d)
		a.total += d
	}
	b.stopAnim()
	b.syncFrom(prev)
	if drop != nil {
		m := drop.Moves[0]
		b.pieces[m.P].path = m.Path[len(m.Path)-1:]
		b.pieces[m.P].dir = drop.SetDir
	}
	b.anim = a
	b.beginBeat(0)
	b.updateControls()
	b.Refresh()
	b.run()
}

// run (re)starts the timeline from where it stands.
func (b *Board) run() {
	a := b.anim
	b.animGen++
	gen := b.animGen
	left := a.total - a.offset
	a.fa = fyne.NewAnimation(time.Duration(max(1, left))*time.Millisecond, func(f float32) {
		if b.animGen != gen || b.anim != a || a.paused {
			return
		}
		t := a.offset + f*left
		if f >= 1 {
			t = a.total
		}
		b.tick(t)
	})
	a.fa.Curve = fyne.AnimationLinear
	b.StartAnim(a.fa)
}

// step pauses the phase and plays one piece's slot at once: the piece
// announced moves, and the next one is announced.
func (b *Board) step() {
	a := b.anim
	if a == nil {
		return
	}
	if !a.paused {
		a.paused = true
		a.fa.Stop()
	}
	b.finishBeat(a.cur)
	a.cur++
	for a.cur < len(a.beats) && a.beats[a.cur].Caption == "" {
		b.beginBeat(a.cur)
		b.finishBeat(a.cur)
		a.cur++
	}
	if a.cur >= len(a.beats) {
		b.story.End()
		return
	}
	b.beginBeat(a.cur)
	a.offset = a.start[a.cur]
	b.updateControls()
	b.Refresh()
}

// resume plays on after stepping.
func (b *Board) resume() {
	a := b.anim
	if a == nil || !a.paused {
		return
	}
	a.paused = false
	b.updateControls()
	b.run()
}

// tick moves the timeline to t ms from the start of the phase.
func (b *Board) tick(t float32) {
	a := b.anim
	for a.cur < len(a.beats) && t >= a.start[a.cur]+a.dur[a.cur] {
		b.finishBeat(a.cur)
		a.cur++
		if a.cur < len(a.beats) {
			b.beginBeat(a.cur)
		}
	}
	if a.cur >= len(a.beats) {
		b.story.End()
		return
	}
	p := (t - a.start[a.cur]) / a.dur[a.cur]
	if a.snap {
		p = 1
	}
	b.progress(a.cur, max(0, min(1, p)))
	b.Refresh()
}

func (b *Board) beginBeat(i int) {
	a := b.anim
	bt := &a.beats[i]
	for _, m := range bt.Moves {
		pc := &b.pieces[m.P]
		pc.path, pc.prog = m.Path, 0
	}
	if bt.SetDir != game.NoDir && len(bt.Moves) > 0 {
		b.pieces[bt.Moves[0].P].dir = bt.SetDir
	}
	b.acting = bt.Act
	if bt.Crown {
		b.crownTo, b.crownProg = 1-b.crownSeat, 0
	}
	if bt.Caption != "" && bt.Caption != a.caption {
		a.caption = bt.Caption
		b.noteLabel.SetText(a.caption)
	}
	if a.snap {
		b.progress(i, 1)
	}
}

func (b *Board) progress(i int, p float32) {
	bt := &b.anim.beats[i]
	for _, m := range bt.Moves {
		b.pieces[m.P].prog = max(0, (p-m.Delay)/(1-m.Delay))
	}
	if bt.Shake >= 0 {
		b.pieces[bt.Shake].shake = p
	}
	if bt.Crown {
		b.crownProg = p
	}
}

func (b *Board) finishBeat(i int) {
	bt := &b.anim.beats[i]
	for _, m := range bt.Moves {
		pc := &b.pieces[m.P]
		last := pc.path[len(pc.path)-1]
		pc.path, pc.prog = []Loc{last}, 0
		if last.Hand {
			pc.dir = game.NoDir
		}
	}
	if bt.Shake >= 0 {
		b.pieces[bt.Shake].shake = 0
	}
	if bt.Crown {
		b.crownSeat, b.crownProg = b.crownTo, 0
	}
}

// finish stops the phase and shows the final position (kit.Scenes);
// the story then draws a ply that arrived meanwhile (its drop animated),
// and tells the screen it may show the result.
func (b *Board) finish() {
	b.stopAnim()
	b.sync()
	b.updateControls()
	b.Refresh()
}

// stopAnim stops the timeline where it is; the caller draws what it wants.
func (b *Board) stopAnim() {
	if b.anim == nil {
		return
	}
	if b.anim.fa != nil {
		b.anim.fa.Stop()
	}
	b.anim = nil
	b.animGen++
	b.acting = -1
}

// skip jumps to the end of the phase.
func (b *Board) skip() { b.story.End() }

// replay plays the last movement phase up to the viewed position again:
// the one the viewed position ended with, or the one before the drop
// that is waiting on the edge now (followed by that drop).
func (b *Board) replay() {
	if b.busy() || b.story.Last() == nil {
		return
	}
	start, events := LastPhase(b.story.Last())
	if start == nil {
		return
	}
	b.play(start, events, b.host.Motion().Reduced, true, false)
	b.updateControls()
	b.Refresh()
}

// sync puts every piece and the crown where the viewed state has them.
func (b *Board) sync() { b.syncFrom(b.m.St) }

func (b *Board) syncFrom(st *game.State) {
	for i := range b.pieces {
		b.pieces[i] = piece{dir: game.NoDir, path: []Loc{{Hand: true}}}
	}
	for _, pc := range st.Pieces() {
		d, _ := game.ParseDir(pc.Dir)
		b.pieces[index(pc.Seat, pc.N)] = piece{dir: d, path: []Loc{squareLoc(pc.Square)}}
	}
	b.crownSeat, b.crownTo, b.crownProg = st.Crown(), st.Crown(), 0
	b.acting = -1
}

// flash marks a refused square for a moment.
func (b *Board) flash(sq int) { b.refused.Flash(sq, b.host.Motion(), b.StartAnim, b.Refresh) }

// pathPos is where a piece is drawn now: along its waypoints, eased.
func pathPos(g *geom, pc *piece, seat, n int) fyne.Position {
	if len(pc.path) == 1 || pc.prog <= 0 {
		return g.center(pc.path[0], seat, n)
	}
	if pc.prog >= 1 {
		return g.center(pc.path[len(pc.path)-1], seat, n)
	}
	segs := len(pc.path) - 1
	p := smooth(pc.prog) * float32(segs)
	k := min(int(p), segs-1)
	return lerpPos(g.center(pc.path[k], seat, n), g.center(pc.path[k+1], seat, n), p-float32(k))
}

func smooth(t float32) float32 {
	t = max(0, min(1, t))
	return t * t * (3 - 2*t)
}

// shakeOffset is a blocked piece's sideways jolt, in cells.
func shakeOffset(p float32) float64 {
	return math.Sin(float64(p)*6*math.Pi) * 0.07 * float64(1-p)
}

func lerpPos(a, b fyne.Position, t float32) fyne.Position {
	return fyne.NewPos(a.X+(b.X-a.X)*t, a.Y+(b.Y-a.Y)*t)
}
