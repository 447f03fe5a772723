package ui

import (
	"fmt"
	"math"
	"strings"
	"time"

	"fyne.io/fyne/v2"

	"github.com/tabulagames/tabula/games/alcazar"
)

// The movement phase as an animation: the engine's report of the last
// play (State.LastSteps) becomes a list of beats, one piece at a time in
// slot order: the acting piece is outlined and named, then it steps, pushes
// a 1, shoves a 4's run (all the run at once, so the push is visible),
// shakes when blocked, or flies back to its tray. The crown slides to the
// other seat at the end. One fyne.Animation drives the whole timeline, so
// stopping it (undo, a jump, Skip) is one call.

// alzMove is one piece travelling along waypoints during a beat.
type alzMove struct {
	p     int
	path  []alzLoc
	delay float32 // fraction of the beat before it starts (a run's wave)
}

type alzBeat struct {
	ms      int // nominal duration
	moves   []alzMove
	shake   int // piece shaking in place, -1 none
	act     int // piece outlined, -1 none
	setDir  int // for a drop: the piece's new facing, NoDir else
	crown   bool
	caption string
}

type alzAnim struct {
	beats   []alzBeat
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
func (b *alcazarBoard) play(prev *alcazar.State, steps []alcazar.Step, reduced, replay, landed bool) {
	if reduced && !replay {
		return
	}
	beats := b.buildBeats(steps)
	var drop *alzBeat
	if landed && len(beats) > 0 && beats[0].setDir != alcazar.NoDir {
		drop, beats = &beats[0], beats[1:]
	}
	if len(beats) == 0 {
		return
	}
	a := &alzAnim{beats: beats, snap: reduced}
	for _, bt := range beats {
		d := float32(b.host.Motion().Scale(bt.ms))
		if reduced {
			d = float32(bt.ms) * 2
		}
		d = max(d, 1)
		a.start = append(a.start, a.total)
		a.dur = append(a.dur, d)
		a.total += d
	}
	b.stopAnim()
	b.syncFrom(prev)
	if drop != nil {
		m := drop.moves[0]
		b.pieces[m.p].path = m.path[len(m.path)-1:]
		b.pieces[m.p].dir = drop.setDir
	}
	b.anim = a
	b.beginBeat(0)
	b.updateControls()
	b.Refresh()
	b.run()
}

// run (re)starts the timeline from where it stands.
func (b *alcazarBoard) run() {
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
	b.startAnim(a.fa)
}

// step pauses the phase and plays one piece's slot at once: the piece
// announced moves, and the next one is announced.
func (b *alcazarBoard) step() {
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
	for a.cur < len(a.beats) && a.beats[a.cur].caption == "" {
		b.beginBeat(a.cur)
		b.finishBeat(a.cur)
		a.cur++
	}
	if a.cur >= len(a.beats) {
		b.endAnim()
		return
	}
	b.beginBeat(a.cur)
	a.offset = a.start[a.cur]
	b.updateControls()
	b.Refresh()
}

// resume plays on after stepping.
func (b *alcazarBoard) resume() {
	a := b.anim
	if a == nil || !a.paused {
		return
	}
	a.paused = false
	b.updateControls()
	b.run()
}

// tick moves the timeline to t ms from the start of the phase.
func (b *alcazarBoard) tick(t float32) {
	a := b.anim
	for a.cur < len(a.beats) && t >= a.start[a.cur]+a.dur[a.cur] {
		b.finishBeat(a.cur)
		a.cur++
		if a.cur < len(a.beats) {
			b.beginBeat(a.cur)
		}
	}
	if a.cur >= len(a.beats) {
		b.endAnim()
		return
	}
	p := (t - a.start[a.cur]) / a.dur[a.cur]
	if a.snap {
		p = 1
	}
	b.progress(a.cur, max(0, min(1, p)))
	b.Refresh()
}

func (b *alcazarBoard) beginBeat(i int) {
	a := b.anim
	bt := &a.beats[i]
	for _, m := range bt.moves {
		pc := &b.pieces[m.p]
		pc.path, pc.prog = m.path, 0
	}
	if bt.setDir != alcazar.NoDir && len(bt.moves) > 0 {
		b.pieces[bt.moves[0].p].dir = bt.setDir
	}
	b.acting = bt.act
	if bt.crown {
		b.crownTo, b.crownProg = 1-b.crownSeat, 0
	}
	if bt.caption != "" && bt.caption != a.caption {
		a.caption = bt.caption
		b.noteLabel.SetText(a.caption)
	}
	if a.snap {
		b.progress(i, 1)
	}
}

func (b *alcazarBoard) progress(i int, p float32) {
	bt := &b.anim.beats[i]
	for _, m := range bt.moves {
		b.pieces[m.p].prog = max(0, (p-m.delay)/(1-m.delay))
	}
	if bt.shake >= 0 {
		b.pieces[bt.shake].shake = p
	}
	if bt.crown {
		b.crownProg = p
	}
}

func (b *alcazarBoard) finishBeat(i int) {
	bt := &b.anim.beats[i]
	for _, m := range bt.moves {
		pc := &b.pieces[m.p]
		last := pc.path[len(pc.path)-1]
		pc.path, pc.prog = []alzLoc{last}, 0
		if last.hand {
			pc.dir = alcazar.NoDir
		}
	}
	if bt.shake >= 0 {
		b.pieces[bt.shake].shake = 0
	}
	if bt.crown {
		b.crownSeat, b.crownProg = b.crownTo, 0
	}
}

// endAnim shows the final position; a ply that arrived meanwhile is drawn
// (and its drop animated) now.
func (b *alcazarBoard) endAnim() {
	b.stopAnim()
	b.sync()
	b.updateControls()
	b.Refresh()
	if b.pending && b.sess != nil {
		s := b.sess
		b.pending = false
		b.drawNow(s, !s.Viewing() && s.ViewIndex() == b.viewIdx+1)
	}
	if b.anim == nil {
		b.host.Settled() // the screen may now show the result
	}
}

// stopAnim stops the timeline where it is; the caller draws what it wants.
func (b *alcazarBoard) stopAnim() {
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
func (b *alcazarBoard) skip() {
	if b.anim != nil {
		b.endAnim()
	}
}

// replay plays the last movement phase up to the viewed position again:
// the one the viewed position ended with, or the one before the drop
// that is waiting on the edge now (followed by that drop).
func (b *alcazarBoard) replay() {
	if b.busy() {
		return
	}
	start, steps := b.lastPhase()
	if start == nil {
		return
	}
	b.play(start, steps, b.host.Motion().Reduced, true, false)
	b.updateControls()
	b.Refresh()
}

// lastPhase finds the position before the last second placement up to the
// viewed one, and the steps from there to the viewed position.
func (b *alcazarBoard) lastPhase() (*alcazar.State, []alcazar.Step) {
	s := b.sess
	if s == nil || b.st == nil {
		return nil, nil
	}
	v := s.ViewIndex()
	at := func(i int) *alcazar.State {
		st, _ := s.State(i).(*alcazar.State)
		return st
	}
	ended := func(st *alcazar.State) bool {
		steps := st.LastSteps()
		return len(steps) > 0 && steps[len(steps)-1].Kind == "crown"
	}
	if ended(b.st) {
		return at(v - 1), b.st.LastSteps()
	}
	if phase := at(v - 1); phase != nil && ended(phase) && at(v-2) != nil {
		return at(v - 2), append(phase.LastSteps(), b.st.LastSteps()...)
	}
	return nil, nil
}

// buildBeats turns the engine's steps into beats.
func (b *alcazarBoard) buildBeats(steps []alcazar.Step) []alzBeat {
	var out []alzBeat
	hand := alzLoc{hand: true}
	act := -1
	beat := func(ms int) alzBeat {
		return alzBeat{ms: ms, shake: -1, act: act, setDir: alcazar.NoDir}
	}
	for i := 0; i < len(steps); i++ {
		s := steps[i]
		p := alzIndex(s.Seat, s.N)
		switch s.Kind {
		case "drop":
			bt := beat(280)
			bt.moves = []alzMove{{p: p, path: []alzLoc{hand, squareLoc(s.To)}}}
			sq, _ := alcazar.Square(s.To)
			bt.setDir = alcazar.Inward(sq)
			bt.caption = fmt.Sprintf("%s places %d on %s.", b.who(s.Seat), s.N, s.To)
			out = append(out, bt)
		case "act":
			act = p
			bt := beat(300)
			bt.caption = b.actCaption(steps, i)
			out = append(out, bt)
		case "step":
			bt := beat(300)
			bt.moves = []alzMove{{p: p, path: []alzLoc{squareLoc(s.From), squareLoc(s.To)}}}
			out = append(out, bt)
		case "left":
			bt := beat(520)
			bt.moves = []alzMove{{p: p, path: []alzLoc{squareLoc(s.From), squareLoc(s.To), hand}}}
			out = append(out, bt)
		case "push1":
			bt := beat(340)
			path := []alzLoc{squareLoc(s.From), squareLoc(s.To)}
			if s.ToHand {
				path = append(path, hand)
				bt.ms = 520
			}
			bt.moves = []alzMove{{p: p, path: path}}
			if i+1 < len(steps) && steps[i+1].Kind == "step" && steps[i+1].Slot == s.Slot {
				i++
				n := steps[i]
				bt.moves = append(bt.moves, alzMove{p: alzIndex(n.Seat, n.N), path: []alzLoc{squareLoc(n.From), squareLoc(n.To)}})
			}
			out = append(out, bt)
		case "run":
			j := i
			for j < len(steps) && steps[j].Kind == "run" && steps[j].Slot == s.Slot {
				j++
			}
			run := steps[i:j]
			i = j - 1
			df, dr := 0, 0
			for _, r := range run {
				if r.To != "" {
					a, c := squareLoc(r.From), squareLoc(r.To)
					df, dr = c.f-a.f, c.r-a.r
					break
				}
			}
			// Farthest first, as the rules shift them: each piece starts a
			// little after the one in front of it.
			bt := beat(400)
			for k, r := range run {
				from := squareLoc(r.From)
				var path []alzLoc
				switch {
				case r.To == "": // pushed off the play area
					path = []alzLoc{from, {f: from.f + df, r: from.r + dr}, hand}
					bt.ms = 560
				case r.ToHand:
					path = []alzLoc{from, squareLoc(r.To), hand}
					bt.ms = 560
				default:
					path = []alzLoc{from, squareLoc(r.To)}
				}
				bt.moves = append(bt.moves, alzMove{p: alzIndex(r.Seat, r.N), path: path, delay: min(0.3, 0.08*float32(k))})
			}
			out = append(out, bt)
		case "blocked":
			bt := beat(360)
			bt.shake = p
			out = append(out, bt)
		case "bounced":
			bt := beat(320)
			bt.shake = p
			out = append(out, bt)
			bt = beat(340)
			bt.moves = []alzMove{{p: p, path: []alzLoc{squareLoc(s.From), hand}}}
			out = append(out, bt)
		case "crown":
			act = -1
			bt := beat(420)
			bt.crown = true
			bt.caption = fmt.Sprintf("The crown passes to %s.", b.who(s.Seat))
			out = append(out, bt)
		}
	}
	return out
}

// actCaption names the acting piece and what it is about to do.
func (b *alcazarBoard) actCaption(steps []alcazar.Step, i int) string {
	s := steps[i]
	who := fmt.Sprintf("%s %d", seatWord(s.Seat), s.N)
	if i+1 >= len(steps) {
		return who + "."
	}
	n := steps[i+1]
	switch n.Kind {
	case "step":
		return fmt.Sprintf("%s moves to %s.", who, n.To)
	case "left":
		return who + " leaves the board and goes back to the hand."
	case "push1":
		if n.ToHand {
			return fmt.Sprintf("%s pushes %s 1 off the board.", who, seatWord(n.Seat))
		}
		return fmt.Sprintf("%s pushes %s 1 to %s.", who, seatWord(n.Seat), n.To)
	case "run":
		k, self := 0, false
		var back []string
		reason := ""
		for j := i + 1; j < len(steps) && steps[j].Kind == "run" && steps[j].Slot == s.Slot; j++ {
			r := steps[j]
			k++
			switch {
			case r.Seat == s.Seat && r.N == s.N:
				self = r.ToHand
			case r.ToHand:
				back = append(back, fmt.Sprintf("%s %d", seatWord(r.Seat), r.N))
				reason = r.Note
			}
		}
		msg := fmt.Sprintf("%s pushes %d %s", who, k-1, plural(k-1, "piece", "pieces"))
		switch len(back) {
		case 0:
		case 1:
			msg += fmt.Sprintf("; %s goes back to the hand (%s)", back[0], reason)
		default:
			msg += fmt.Sprintf("; %s go back to the hand", strings.Join(back, " and "))
		}
		if self {
			msg += "; the 4 leaves the board itself"
		}
		return msg + "."
	case "blocked":
		return who + " is blocked and stays."
	case "bounced":
		return who + " cannot enter and goes back to the hand."
	}
	return who + "."
}

func plural(n int, one, many string) string {
	if n == 1 {
		return one
	}
	return many
}

// pathPos is where a piece is drawn now: along its waypoints, eased.
func pathPos(g *alzGeom, pc *alzPiece, seat, n int) fyne.Position {
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
