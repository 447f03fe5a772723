package ui

import (
	"fmt"
	"math"
	"strings"
	"time"

	"fyne.io/fyne/v2"

	"github.com/tabulagames/tabula/games"
	"github.com/tabulagames/tabula/games/alcazar"
)

// The movement phase as an animation: the engine's report of the last
// play (its events, State.LastEvents) becomes a list of beats, one piece at a time in
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
func (b *alcazarBoard) play(prev *alcazar.State, events []games.Event, reduced, replay, landed bool) {
	if reduced && !replay {
		return
	}
	beats := b.buildBeats(events)
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
// viewed one, and the events from there to the viewed position.
func (b *alcazarBoard) lastPhase() (*alcazar.State, []games.Event) {
	s := b.sess
	if s == nil || b.st == nil {
		return nil, nil
	}
	v := s.ViewIndex()
	at := func(i int) *alcazar.State {
		st, _ := s.State(i).(*alcazar.State)
		return st
	}
	// ended reports whether token i ran a movement phase.
	ended := func(i int) bool {
		ev := s.Events(i)
		return len(ev) > 0 && ev[len(ev)-1].Kind == alcazar.EventCrown
	}
	if ended(v - 1) {
		return at(v - 1), s.Events(v - 1)
	}
	if ended(v-2) && at(v-2) != nil {
		return at(v - 2), append(append([]games.Event{}, s.Events(v-2)...), s.Events(v-1)...)
	}
	return nil, nil
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

// An action is what a piece's turn in the movement phase did, read from
// the events of its group (the events after its "act" event, up to the
// next act or the crown). Several events mean it pushed (section 6.2): a
// 4 shoves its whole run, any other piece a lone 1.
type action int

const (
	actNone    action = iota
	actStep           // it stepped one square
	actLeft           // it stepped onto the edge and went back to the hand
	actBounced        // it waited on the edge, could not enter, went back
	actBlocked        // it could not move and stayed
	actPush1          // it pushed a lone 1 one square (or onto the edge) and stepped
	actRun            // a 4 shoved the run in front of it
)

func actionOf(act games.Event, group []games.Event) action {
	switch {
	case len(group) == 0:
		return actNone
	case group[0].Kind == alcazar.EventBlocked:
		return actBlocked
	case len(group) == 1 && group[0].Kind == games.EventMove:
		return actStep
	case len(group) == 1 && group[0].To != "":
		return actLeft
	case len(group) == 1:
		return actBounced
	case act.Piece == 4:
		return actRun
	}
	return actPush1
}

// groupEnd is the index after the group of the act event at i.
func groupEnd(events []games.Event, i int) int {
	j := i + 1
	for j < len(events) && events[j].Kind != alcazar.EventAct && events[j].Kind != alcazar.EventCrown {
		j++
	}
	return j
}

// buildBeats turns the events of a play into beats.
func (b *alcazarBoard) buildBeats(events []games.Event) []alzBeat {
	var out []alzBeat
	hand := alzLoc{hand: true}
	act := -1
	beat := func(ms int) alzBeat {
		return alzBeat{ms: ms, shake: -1, act: act, setDir: alcazar.NoDir}
	}
	for i := 0; i < len(events); i++ {
		e := events[i]
		p := alzIndex(e.Seat, e.Piece)
		switch e.Kind {
		case games.EventEnter:
			bt := beat(280)
			bt.moves = []alzMove{{p: p, path: []alzLoc{hand, squareLoc(e.To)}}}
			sq, _ := alcazar.Square(e.To)
			bt.setDir = alcazar.Inward(sq)
			bt.caption = fmt.Sprintf("%s places %d on %s.", b.who(e.Seat), e.Piece, e.To)
			out = append(out, bt)
		case alcazar.EventAct:
			act = p
			j := groupEnd(events, i)
			group := events[i+1 : j]
			i = j - 1
			bt := beat(300)
			bt.caption = actCaption(e, group)
			out = append(out, bt)
			switch actionOf(e, group) {
			case actStep:
				bt := beat(300)
				bt.moves = []alzMove{{p: p, path: []alzLoc{squareLoc(group[0].From), squareLoc(group[0].To)}}}
				out = append(out, bt)
			case actLeft:
				bt := beat(520)
				bt.moves = []alzMove{{p: p, path: []alzLoc{squareLoc(group[0].From), squareLoc(group[0].To), hand}}}
				out = append(out, bt)
			case actPush1:
				q := group[0]
				bt := beat(340)
				path := []alzLoc{squareLoc(q.From), squareLoc(q.To)}
				if q.Kind == games.EventReturn {
					path = append(path, hand)
					bt.ms = 520
				}
				bt.moves = []alzMove{{p: alzIndex(q.Seat, q.Piece), path: path}}
				if len(group) > 1 {
					n := group[1]
					bt.moves = append(bt.moves, alzMove{p: alzIndex(n.Seat, n.Piece), path: []alzLoc{squareLoc(n.From), squareLoc(n.To)}})
				}
				out = append(out, bt)
			case actRun:
				out = append(out, b.runBeat(beat(400), group))
			case actBlocked:
				bt := beat(360)
				bt.shake = p
				out = append(out, bt)
			case actBounced:
				bt := beat(320)
				bt.shake = p
				out = append(out, bt)
				bt = beat(340)
				bt.moves = []alzMove{{p: p, path: []alzLoc{squareLoc(group[0].From), hand}}}
				out = append(out, bt)
			}
		case alcazar.EventCrown:
			act = -1
			bt := beat(420)
			bt.crown = true
			bt.caption = fmt.Sprintf("The crown passes to %s.", b.who(e.Seat))
			out = append(out, bt)
		}
	}
	return out
}

// runBeat moves a 4's run, farthest first, as the rules shift them: each
// piece starts a little after the one in front of it.
func (b *alcazarBoard) runBeat(bt alzBeat, run []games.Event) alzBeat {
	hand := alzLoc{hand: true}
	df, dr := 0, 0
	for _, r := range run {
		if r.To != "" {
			a, c := squareLoc(r.From), squareLoc(r.To)
			df, dr = c.f-a.f, c.r-a.r
			break
		}
	}
	for k, r := range run {
		from := squareLoc(r.From)
		var path []alzLoc
		switch {
		case r.To == "": // pushed off the play area
			path = []alzLoc{from, {f: from.f + df, r: from.r + dr}, hand}
			bt.ms = 560
		case r.Kind == games.EventReturn:
			path = []alzLoc{from, squareLoc(r.To), hand}
			bt.ms = 560
		default:
			path = []alzLoc{from, squareLoc(r.To)}
		}
		bt.moves = append(bt.moves, alzMove{p: alzIndex(r.Seat, r.Piece), path: path, delay: min(0.3, 0.08*float32(k))})
	}
	return bt
}

// actCaption names the acting piece and what it is about to do.
func actCaption(act games.Event, group []games.Event) string {
	who := fmt.Sprintf("%s %d", seatWord(act.Seat), act.Piece)
	switch actionOf(act, group) {
	case actStep:
		return fmt.Sprintf("%s moves to %s.", who, group[0].To)
	case actLeft:
		return who + " leaves the board and goes back to the hand."
	case actPush1:
		if n := group[0]; n.Kind == games.EventReturn {
			return fmt.Sprintf("%s pushes %s 1 off the board.", who, seatWord(n.Seat))
		} else {
			return fmt.Sprintf("%s pushes %s 1 to %s.", who, seatWord(n.Seat), n.To)
		}
	case actRun:
		self := false
		var back []string
		reason := ""
		for _, r := range group {
			switch {
			case r.Seat == act.Seat && r.Piece == act.Piece:
				self = r.Kind == games.EventReturn
			case r.Kind == games.EventReturn:
				back = append(back, fmt.Sprintf("%s %d", seatWord(r.Seat), r.Piece))
				reason = r.Note
			}
		}
		k := len(group)
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
	case actBlocked:
		return who + " is blocked and stays."
	case actBounced:
		return who + " cannot enter and goes back to the hand."
	}
	return who + "."
}
