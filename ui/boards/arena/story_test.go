package arena

import (
	"image/color"
	"reflect"
	"testing"

	game "github.com/tabulagames/tabula/games/arena"
	"github.com/tabulagames/tabula/ui/session"
)

// told is the story of the last token played on s.
func told(s *session.Session) Story {
	prev, _, events := s.LastTurn()
	return Tell(prev.(*game.State), events)
}

func TestBlastSpreadsByDistanceAndHolds(t *testing.T) {
	st := told(newSession(t, nil, &blast, "end"))
	// Both bombs go off at the end of turn, which starts at once; each
	// cell lights when the nearer bomb's blast gets there.
	for sq, want := range map[string]int{
		"d4": 0, "c4": FireStepMs, "b4": 2 * FireStepMs, "f4": 2 * FireStepMs,
		"d2": 0, "d3": FireStepMs, "b2": 2 * FireStepMs, "d6": 2 * FireStepMs,
		"b6": -1, "c3": -1, "f6": -1,
	} {
		if got := st.Fire[cell(sq)]; got != want {
			t.Errorf("fire on %s at %d, want %d", sq, got, want)
		}
	}
	if st.FireDone != 2*FireStepMs+FireHoldMs || st.Total != st.FireDone+FireFadeMs {
		t.Fatalf("done %d total %d", st.FireDone, st.Total)
	}
	// Ana is drawn on b4 until the blast reaches her; the bombs go as
	// their own cells light.
	ghosts := map[string]Ghost{}
	for _, g := range st.Ghosts {
		ghosts[game.Square(g.Cell)] = g
	}
	if g := ghosts["b4"]; g.Thing != game.Player1 || g.Until != 2*FireStepMs || g.Value != 5 || g.Facing != game.N {
		t.Fatalf("Ana's ghost %+v", g)
	}
	if g := ghosts["d2"]; g.Thing != game.Bomb || g.Until != 0 || g.Value != 2 {
		t.Fatalf("the chained bomb's ghost %+v", g)
	}
	if st.Slide != nil || st.Enter != -1 || len(st.Hits) != 0 {
		t.Fatalf("an end of turn moved something: %+v", st)
	}
}

func TestFireTurnsRedThenClears(t *testing.T) {
	st := told(newSession(t, nil, &blast, "end"))
	b4 := cell("b4")
	if _, _, ok := st.FireAt(b4, 2*FireStepMs-1); ok {
		t.Fatal("b4 burns before the blast gets there")
	}
	young, a1, ok1 := st.FireAt(b4, 2*FireStepMs)
	old, a2, ok2 := st.FireAt(b4, float32(st.FireDone))
	fading, a3, ok3 := st.FireAt(b4, float32(st.FireDone+FireFadeMs/2))
	if !ok1 || !ok2 || !ok3 || young != 0 || old != FireHoldMs || a1 != 1 || a2 != 1 || a3 != 0.5 || fading <= old {
		t.Fatalf("ages %v %v %v, opacities %v %v %v", young, old, fading, a1, a2, a3)
	}
	if _, _, ok := st.FireAt(b4, float32(st.Total)); ok || st.Burning(float32(st.Total)) || !st.Burning(float32(st.FireDone)) {
		t.Fatal("the blast does not clear at the end")
	}
	rgb := func(age float32) color.NRGBA { c := fireColor(age, 1); c.A = 0xFF; return c }
	if rgb(0) != fireHot || rgb(FireStepMs) != fireMid || rgb(FireHoldMs) != fireOld || fireColor(0, 0.5).A != fireColor(0, 1).A/2 {
		t.Fatal("the fire goes yellow, orange, red")
	}
}

func TestStepsKicksAndHits(t *testing.T) {
	// A step slides the player one cell; a turn on the spot tells nothing.
	st := told(newSession(t, nil, nil, "move E"))
	if st.Slide == nil || *st.Slide != (Slide{Thing: game.Player1, From: cell("b6"), To: cell("c6"), Dur: StepMs}) || st.Total != StepMs {
		t.Fatalf("step: %+v total %d", st.Slide, st.Total)
	}
	if st := told(newSession(t, nil, nil, "face S")); st.Total != 0 {
		t.Fatalf("a turn on the spot takes %d ms", st.Total)
	}
	// A place fades the object in.
	if st := told(newSession(t, nil, nil, "place")); st.Enter != cell("c6") || st.Total != EnterMs {
		t.Fatalf("place: enter %d total %d", st.Enter, st.Total)
	}
	// Kicked ice slides d4 -> e4 and hits Ben on f4, who is knocked out:
	// he shows until the hit has flashed.
	ko := pic{rows: []string{"#######", "#.....#", "#.#.#.#", "#.1I.2#", "#.#.#.#", "#.....#", "#######"},
		values: map[string]int{"d4": 3}, hp: [2]int{5, 1}, chars: [2]string{"freezer", "freezer"}, actions: 5}
	st = told(newSession(t, nil, &ko, "kick"))
	slide := Slide{Thing: game.Ice, From: cell("d4"), To: cell("e4"), Dur: MinSlideMs}
	if st.Slide == nil || *st.Slide != slide || !reflect.DeepEqual(st.Hits, []int{cell("f4"), cell("e4")}) || st.HitAt != MinSlideMs {
		t.Fatalf("kick: slide %+v hits %v at %d", st.Slide, st.Hits, st.HitAt)
	}
	if len(st.Ghosts) != 1 || st.Ghosts[0].Thing != game.Player2 || st.Ghosts[0].Until != MinSlideMs+HitMs || st.Ghosts[0].Value != 0 {
		t.Fatalf("ghosts %+v", st.Ghosts)
	}
	if st.HitFlash(MinSlideMs) != 1 || st.HitFlash(MinSlideMs-1) != 0 || st.HitFlash(MinSlideMs+HitMs) != 0 || st.Total != MinSlideMs+HitMs {
		t.Fatalf("the hit flashes from %d for %d ms (total %d)", st.HitAt, HitMs, st.Total)
	}
	if st.SlideAt(0) != 0 || st.SlideAt(MinSlideMs/2) != 0.5 || st.SlideAt(MinSlideMs) != 1 {
		t.Fatal("the slide's progress")
	}
}

func TestKickThatEndsTheTurnBlastsAfterTheSlide(t *testing.T) {
	// Ana kicks the bomb on c6 with her last action: it slides to d6 (ice
	// on e6 stops it). Then her turn ends and the bomb on d4 (timer 1)
	// goes off; its cross reaches the kicked bomb, which goes off at once
	// and catches Ana on b6.
	p := pic{rows: []string{"#######", "#1B.I.#", "#.#.#.#", "#..B..#", "#.#.#.#", "#....2#", "#######"},
		values: map[string]int{"c6": 4, "d4": 1, "e6": 3}, actions: 1}
	st := told(newSession(t, nil, &p, "kick"))
	if st.Slide == nil || st.Slide.From != cell("c6") || st.Slide.To != cell("d6") || st.Slide.Dur != MinSlideMs {
		t.Fatalf("slide %+v", st.Slide)
	}
	for sq, want := range map[string]int{"d4": MinSlideMs, "d6": MinSlideMs, "b6": MinSlideMs + 2*FireStepMs, "f4": MinSlideMs + 2*FireStepMs} {
		if got := st.Fire[cell(sq)]; got != want {
			t.Errorf("fire on %s at %d, want %d", sq, got, want)
		}
	}
}

func TestMeltedIceFades(t *testing.T) {
	p := pic{rows: []string{"#######", "#1....#", "#.#.#.#", "#..I..#", "#.#.#.#", "#....2#", "#######"},
		values: map[string]int{"d4": 1}, actions: 5}
	// It fades with the health it had: an ice block never shows 0
	// (issue 19 item 12).
	st := told(newSession(t, nil, &p, "end"))
	if len(st.Ghosts) != 1 || st.Ghosts[0].Thing != game.Ice || st.Ghosts[0].Until != MeltMs || st.Ghosts[0].Value != 1 || st.Total != MeltMs {
		t.Fatalf("ghosts %+v total %d", st.Ghosts, st.Total)
	}
	// Kicked ice of health 1 breaks on Ben: it shows 1 until the hit has
	// flashed.
	p = pic{rows: []string{"#######", "#.....#", "#.#.#.#", "#.1I.2#", "#.#.#.#", "#.....#", "#######"},
		values: map[string]int{"d4": 1}, chars: [2]string{"freezer", "freezer"}, actions: 5}
	st = told(newSession(t, nil, &p, "kick"))
	if len(st.Ghosts) != 1 || st.Ghosts[0].Thing != game.Ice || st.Ghosts[0].Cell != cell("e4") || st.Ghosts[0].Value != 1 {
		t.Fatalf("the broken block's ghost %+v", st.Ghosts)
	}
}
