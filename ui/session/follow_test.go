package session

import (
	"encoding/json"
	"math/rand/v2"
	"strings"
	"testing"
	"time"

	"github.com/tabulagames/tabula/games"
	"github.com/tabulagames/tabula/games/knights"
)

// A knights session followed by a seat's views (online under fog): every
// view is kept however long the game (none could be computed again from
// the masked tokens), the board is shown the seat's view only, picks are
// the server's to say, and no countdown of its own picks for the person.
func TestFollowViews(t *testing.T) {
	h := newHarness(t)
	g, _ := games.Lookup(knights.ID)
	rules, err := games.ValidateRules(g.RuleSpecs(), map[string]any{"fog": true, "players": 1, "size": 16, "timer": 10})
	if err != nil {
		t.Fatal(err)
	}
	truth, err := g.New(games.Config{Rules: rules, Seed: 3})
	if err != nil {
		t.Fatal(err)
	}
	viewOf := func(st games.State) *knights.State {
		v := st.(*knights.State).View(0).(*knights.State)
		pos, _ := json.Marshal(v.Position())
		got, err := knights.FromView(knights.ViewInfo{Rules: rules, Seat: 0, Position: pos, Masked: v.Masked(), Events: v.LastEvents()})
		if err != nil {
			t.Fatal(err)
		}
		return got
	}
	s, err := NewFollowing(g, rules, viewOf(truth), []games.SeatInfo{human("Ana")}, h.options(nil))
	if err != nil {
		t.Fatal(err)
	}
	s.PickTime = 10 * time.Second
	if err := s.Follow("c3"); err == nil {
		t.Fatal("a game followed by views replayed a token")
	}
	// A lone knight on 16 x 16 lives more than keepEvery turns on a good path.
	rng := rand.New(rand.NewPCG(1, 2))
	var views []string
	for !truth.Outcome().Over() {
		// The person picks: the server says so; the board waits.
		legal := truth.Legal(0)
		mv := legal[rng.IntN(len(legal))]
		tok := truth.MoveString(0, mv)
		s.FollowPicks(map[int]string{0: tok})
		if got, ok := s.OwnPick(0); !ok || got != tok || s.HumanToMove() != -1 {
			t.Fatalf("after the pick %s: own pick %q %v, acting %d", tok, got, ok, s.HumanToMove())
		}
		s.FollowPicks(nil) // refused: the person picks again
		if s.HumanToMove() != 0 {
			t.Fatal("a refused pick still shows as made")
		}
		if err := truth.Play(mv); err != nil {
			t.Fatal(err)
		}
		v := viewOf(truth)
		pos, _ := json.Marshal(v.Position())
		views = append(views, string(pos))
		if err := s.FollowView(tok, v, v.LastEvents()); err != nil {
			t.Fatal(err)
		}
	}
	if s.Plies() <= keepEvery {
		t.Fatalf("a game of %d turns does not test more than %d", s.Plies(), keepEvery)
	}
	for i, want := range views {
		got, _ := json.Marshal(s.State(i + 1).Position())
		if string(got) != want {
			t.Fatalf("view %d is not kept: %s", i+1, got)
		}
		if _, events := s.turnAt(i); events == nil {
			t.Fatalf("turn %d lost its events", i+1)
		}
	}
	if f := s.Frame(); !f.NoSeed || !s.Follows() {
		t.Fatal("a game followed by views shows a seed")
	}
}

// A followed session runs no countdown that picks for the person (the
// server's timer does, and says so); it shows the server's.
func TestFollowCountdown(t *testing.T) {
	h := newHarness(t)
	g, _ := games.Lookup(knights.ID)
	rules, _ := games.ValidateRules(g.RuleSpecs(), map[string]any{"timer": 10})
	o := h.options(nil)
	o.Remote = []int{1}
	s, err := New(g, rules, 1, []games.SeatInfo{human("Ana"), human("Ben")}, nil, o)
	if err != nil {
		t.Fatal(err)
	}
	s.FollowServer()
	s.PickTime = 10 * time.Second
	s.Start()
	if _, ok := s.PickLeft(0); ok {
		t.Fatal("a followed session started its own countdown")
	}
	s.FollowCountdown(0, 7*time.Second)
	if left, ok := s.PickLeft(0); !ok || left != 7*time.Second {
		t.Fatalf("the server's countdown shows %v %v", left, ok)
	}
	h.clock.Advance(8 * time.Second)
	for len(h.posted) > 0 {
		(<-h.posted)()
	}
	if s.HumanToMove() != 0 || s.Plies() != 0 {
		t.Fatal("the device picked for its person when the countdown ran out")
	}
	// The server plays the joint turn: the device replays it whole.
	if err := s.Follow("c7,f2"); err == nil || !strings.Contains(err.Error(), "not a knight jump") {
		t.Fatalf("an illegal joint token: %v", err)
	}
	legal0, legal1 := s.Live().Legal(0), s.Live().Legal(1)
	tok := s.Live().MoveString(0, legal0[0]) + "," + s.Live().MoveString(1, legal1[0])
	s.FollowPicks(map[int]string{0: s.Live().MoveString(0, legal0[0]), 1: ""})
	if err := s.WhyNoEnding(); err != nil {
		t.Fatalf("after her pick, Ana may not resign: %v", err)
	}
	if err := s.WhyNoOffer(); err == nil || !strings.Contains(err.Error(), "Ben on another device") {
		t.Fatalf("a draw offer after her pick: %v", err)
	}
	if err := s.Follow(tok); err != nil || s.Plies() != 1 || len(s.Pending()) != 2 {
		t.Fatalf("the joint turn %s: %v, %d plies, pending %v", tok, err, s.Plies(), s.Pending())
	}
}
