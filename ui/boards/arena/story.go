package arena

import (
	"github.com/tabulagames/tabula/games"
	game "github.com/tabulagames/tabula/games/arena"
)

// The story of one action, told from the game's events (without Fyne):
// what moves from where, what is hit, which cells the blast reaches and
// when, and what the action removed, drawn until the blast or the hit
// that removed it shows. Times are nominal milliseconds from the start of
// the action; the board scales them by the animation speed.

// Nominal durations (UX.md: moves 150-250 ms; spec 9: the blast spreads
// about 150 ms a cell and holds about 300 ms before clearing).
const (
	StepMs      = 180 // a step or a push of one cell
	SlideCellMs = 70  // a kicked object, per cell
	MinSlideMs  = 150 // the shortest slide
	EnterMs     = 160 // a placed object appears
	HitMs       = 260 // the flash of a hit
	FireStepMs  = 150 // the blast spreads one cell
	FireHoldMs  = 300 // the blast holds once it has spread
	FireFadeMs  = 250 // and clears
	MeltMs      = 250 // melted ice fades
)

// Slide is a thing moving from one cell to another.
type Slide struct {
	Thing      game.Thing // game.Player1/2, Bomb or Ice
	From, To   int
	Start, Dur int
}

// Ghost is a thing the action removed, drawn where it was until Until.
type Ghost struct {
	Thing  game.Thing
	Cell   int
	Value  int // a bomb's timer, an ice block's or a player's health
	Facing int // a player's
	Until  int
	tick   bool // removed at the end of turn, not by the action itself
}

// Story is the animation of one action.
type Story struct {
	Slide    *Slide           // what moved, nil if nothing did
	Enter    int              // the cell an object was placed on, -1 none
	Hits     []int            // the cells a kicked ice block hits, and the block's own
	HitAt    int              // when the hits flash
	Fire     [game.Cells]int  // when the blast reaches each cell, -1 never
	FireDone int              // when the blast has spread and held; it clears after
	Ghosts   []Ghost          // what was removed
	Total    int              // when everything is over
	burning  [game.Cells]bool // cells the blast reaches
}

// Tell makes the story of the action that led from prev, which reported
// events. A story with Total 0 has nothing to show (a turn on the spot).
func Tell(prev *game.State, events []games.Event) Story {
	st := Story{Enter: -1, HitAt: -1}
	for i := range st.Fire {
		st.Fire[i] = -1
	}
	if prev == nil {
		return st
	}
	t := newTracker(prev)
	tick := -1 // when the end of turn starts; -1 before it
	moved := 0 // when the action's own motion is over
	for _, e := range events {
		switch e.Kind {
		case games.EventMove, games.EventPush:
			st.Slide = &Slide{Thing: game.Player1 + game.Thing(e.Seat), From: cellOf(e.From), To: cellOf(e.To), Dur: StepMs}
			moved = StepMs
		case games.EventSlide:
			from, to := cellOf(e.From), cellOf(e.To)
			st.Slide = &Slide{Thing: t.thing[from], From: from, To: to, Dur: max(MinSlideMs, SlideCellMs*game.Manhattan(from, to))}
			moved = st.Slide.Dur
		case games.EventEnter:
			st.Enter = cellOf(e.To)
			moved = EnterMs
		case game.EventEndTurn:
			tick = moved
			if len(st.Hits) > 0 {
				tick += HitMs
			}
		case games.EventHealth:
			if e.Note == "hit" && tick < 0 {
				st.Hits = append(st.Hits, cellOf(e.To))
				st.HitAt = moved
			}
		case games.EventBlast:
			c := cellOf(e.To)
			at := tick + FireStepMs*e.Delay
			if st.Fire[c] < 0 || at < st.Fire[c] {
				st.Fire[c] = at
			}
			st.burning[c] = true
		case games.EventRemove, games.EventEliminate:
			st.Ghosts = append(st.Ghosts, t.ghost(e, tick, moved))
		}
		t.follow(e)
	}
	for _, at := range st.Fire {
		if at >= 0 {
			st.FireDone = max(st.FireDone, at+FireHoldMs)
		}
	}
	st.settleGhosts()
	st.Total = moved
	if len(st.Hits) > 0 {
		st.Total = max(st.Total, st.HitAt+HitMs)
	}
	if st.FireDone > 0 {
		st.Total = max(st.Total, st.FireDone+FireFadeMs)
	}
	for _, g := range st.Ghosts {
		st.Total = max(st.Total, g.Until)
	}
	if st.Slide == nil && st.Enter < 0 && len(st.Ghosts) == 0 && st.FireDone == 0 {
		st.Total = 0 // a turn, or an end of turn where nothing happens
	}
	return st
}

// settleGhosts makes what the end of turn removed on a cell the blast
// reaches stay until the blast gets there.
func (st *Story) settleGhosts() {
	for i := range st.Ghosts {
		if g := &st.Ghosts[i]; g.tick && st.burning[g.Cell] {
			g.Until = st.Fire[g.Cell]
		}
	}
}

// FireAt says how the blast shows on cell c at time t: age is how long it
// has burnt there (ms), alpha its opacity from 0 to 1; ok is false while
// the cell does not burn.
func (st *Story) FireAt(c int, t float32) (age, alpha float32, ok bool) {
	if st.Fire[c] < 0 || t < float32(st.Fire[c]) {
		return 0, 0, false
	}
	end := float32(st.FireDone + FireFadeMs)
	if t >= end {
		return 0, 0, false
	}
	alpha = 1
	if t > float32(st.FireDone) {
		alpha = (end - t) / FireFadeMs
	}
	return t - float32(st.Fire[c]), alpha, true
}

// Burning reports whether the blast still shows at time t.
func (st *Story) Burning(t float32) bool {
	return st.FireDone > 0 && t < float32(st.FireDone+FireFadeMs)
}

// SlideAt is how far the moving thing has come at time t, from 0 to 1.
func (st *Story) SlideAt(t float32) float32 {
	s := st.Slide
	if s == nil || t >= float32(s.Start+s.Dur) {
		return 1
	}
	return max(0, (t-float32(s.Start))/float32(s.Dur))
}

// HitFlash is how strongly the hit cells flash at time t, from 0 to 1.
func (st *Story) HitFlash(t float32) float32 {
	if len(st.Hits) == 0 || t < float32(st.HitAt) || t >= float32(st.HitAt+HitMs) {
		return 0
	}
	return 1 - (t-float32(st.HitAt))/HitMs
}

// tracker follows what stands where and its value through the events, so
// a removed thing is drawn as it was when it went.
type tracker struct {
	thing  [game.Cells]game.Thing
	value  [game.Cells]int
	hp     [2]int
	facing [2]int
}

func newTracker(prev *game.State) *tracker {
	t := &tracker{thing: prev.Map()}
	for c := range t.value {
		t.value[c] = prev.Timer(c) + prev.IceHP(c)
	}
	for seat := 0; seat < 2; seat++ {
		t.hp[seat], t.facing[seat] = prev.HP(seat), prev.Facing(seat)
	}
	return t
}

// ghost is what a remove or eliminate event takes away, shown until the
// hit (during the action) or the melting (at the end of turn) has shown;
// the blast's ghosts are held longer by settleGhosts.
func (t *tracker) ghost(e games.Event, tick, moved int) Ghost {
	c := cellOf(e.From)
	g := Ghost{Thing: t.thing[c], Cell: c, Value: t.value[c]}
	if e.Kind == games.EventEliminate {
		g.Thing, g.Value, g.Facing = game.Player1+game.Thing(e.Seat), t.hp[e.Seat], t.facing[e.Seat]
	}
	if tick < 0 {
		g.Until = moved + HitMs
	} else {
		g.Until, g.tick = tick+MeltMs, true
	}
	return g
}

// follow updates the tracker with an event.
func (t *tracker) follow(e games.Event) {
	switch e.Kind {
	case games.EventMove, games.EventPush, games.EventSlide:
		from, to := cellOf(e.From), cellOf(e.To)
		t.thing[to], t.value[to] = t.thing[from], t.value[from]
		t.thing[from], t.value[from] = game.Floor, 0
	case games.EventEnter:
		c := cellOf(e.To)
		t.thing[c], t.value[c] = game.Bomb, e.Value
		if e.Piece == game.PieceIce {
			t.thing[c] = game.Ice
		}
	case game.EventFace:
		if d := dirOf(e.Note); d >= 0 {
			t.facing[e.Seat] = d
		}
	case game.EventFuse:
		t.value[cellOf(e.To)] = e.Value
	case games.EventHealth:
		switch {
		case e.Piece == game.PiecePlayer:
			t.hp[e.Seat] = e.Value
		case e.Value > 0:
			t.value[cellOf(e.To)] = e.Value
		}
		// An ice block brought to 0 is removed next: it fades out with
		// the health it had, never showing 0.
	case games.EventRemove, games.EventEliminate:
		c := cellOf(e.From)
		t.thing[c], t.value[c] = game.Floor, 0
	}
}

// dirOf is the direction a notation letter names, -1 if none.
func dirOf(s string) int {
	for d, n := range game.DirNames {
		if n == s {
			return d
		}
	}
	return -1
}
