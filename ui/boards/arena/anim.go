package arena

import (
	"time"

	"fyne.io/fyne/v2"

	"github.com/tabulagames/tabula/games"
	game "github.com/tabulagames/tabula/games/arena"
	"github.com/tabulagames/tabula/ui/boards/kit"
)

// Pacing is how the app plays a bot's turn (spec 8.2): about a second
// before the turn starts, then 500 ms before each action, 250 ms before
// a turn on the spot.
var Pacing = kit.Pacing{Turn: time.Second, Token: func(token string) time.Duration {
	if mv, err := game.ParseToken(token); err == nil && mv >= game.FaceTo(game.N) && mv <= game.FaceTo(game.E) {
		return 250 * time.Millisecond
	}
	return 500 * time.Millisecond
}}

// running is a story playing on the clock.
type running struct {
	story Story
	t     float32 // nominal ms reached
	anim  *fyne.Animation
}

// tell plays the story of the action that led from prev. A blast still
// burning from an earlier action goes on burning (input is not blocked
// by it, spec 9); everything else of the earlier story ends now. Under
// reduced motion nothing plays: the position is already drawn.
func (b *Board) tell(prev *game.State, events []games.Event) {
	kept := b.plays[:0]
	for _, p := range b.plays {
		if p.story.Burning(p.t) {
			kept = append(kept, p)
		} else {
			p.anim.Stop()
		}
	}
	b.plays, b.cur = kept, nil
	st := Tell(prev, events)
	d := b.host.Motion().Scale(st.Total)
	if st.Total == 0 || d == 0 {
		return
	}
	p := &running{story: st}
	p.anim = fyne.NewAnimation(time.Duration(d)*time.Millisecond, func(f float32) {
		p.t = f * float32(st.Total)
		if f >= 1 {
			b.finish(p) // the screen redraws the board, and its line, when all have ended
		}
		b.Refresh()
	})
	p.anim.Curve = fyne.AnimationLinear
	b.plays, b.cur = append(b.plays, p), p
	b.StartAnim(p.anim)
}

// finish drops a story that has played to its end; when none is left
// the story tells the screen it may show what it held back.
func (b *Board) finish(p *running) {
	for i, q := range b.plays {
		if q == p {
			b.plays = append(b.plays[:i], b.plays[i+1:]...)
			break
		}
	}
	if b.cur == p {
		b.cur = nil
	}
	b.story.Ended()
}

// stopAll ends every story at once.
func (b *Board) stopAll() {
	for _, p := range b.plays {
		p.anim.Stop()
	}
	b.plays, b.cur = nil, nil
}

// burning reports whether a blast shows now (the last blast's scorch
// waits for it to clear).
func (b *Board) burning() bool {
	for _, p := range b.plays {
		if p.story.Burning(p.t) {
			return true
		}
	}
	return false
}

// beatBombs starts or stops the beat of the bombs about to blow (timer 2
// or less) as such bombs come and go. Under reduced motion their ring is
// steady, and once the game is paused (left: the beat would run, and keep
// the board, for as long as the app runs) it stops.
func (b *Board) beatBombs(paused bool) {
	want := false
	if b.m.St != nil && !b.host.Motion().Reduced && !paused {
		for _, c := range game.FloorCells() {
			if b.m.St.At(c) == game.Bomb && b.m.St.Timer(c) <= 2 {
				want = true
			}
		}
	}
	switch {
	case want && b.beat == nil:
		b.beat = fyne.NewAnimation(700*time.Millisecond, func(f float32) {
			b.pulse = f
			b.Refresh()
		})
		b.beat.AutoReverse = true
		b.beat.RepeatCount = fyne.AnimationRepeatForever
		b.StartAnim(b.beat)
	case !want && b.beat != nil:
		b.beat.Stop()
		b.beat, b.pulse = nil, 0
	}
}

// flashCell marks a refused cell for a moment.
func (b *Board) flashCell(c int) { b.refused.Flash(c, b.host.Motion(), b.StartAnim, b.Refresh) }
