package ui

import (
	"encoding/json"
	"slices"
	"strings"
	"testing"

	"github.com/tabulagames/tabula/games"
	"github.com/tabulagames/tabula/games/gametest"
	"github.com/tabulagames/tabula/online/protocol"
	"github.com/tabulagames/tabula/ui/boards/knights"
	"github.com/tabulagames/tabula/ui/session"
)

// longUpdate is the first Update a device gets on joining an arena game
// that is plies tokens in: the whole history, from the server's seed.
func longUpdate(tb testing.TB, plies int) (*protocol.Update, *games.Record) {
	g, _ := games.Lookup("arena")
	rec, st := gametest.LongGame(tb, g, map[string]any{}, plies, 1)
	rec.Seed = 7
	seed := rec.Seed
	rules, err := games.ValidateRules(g.RuleSpecs(), rec.Rules)
	if err != nil {
		tb.Fatal(err)
	}
	seats := []protocol.SeatState{{Name: "Ana", Joined: true, Connected: true}, {Name: "Ben", Joined: true, Connected: true}}
	return &protocol.Update{V: protocol.Version, Code: "K7QX2M", Game: "arena", Seat: 0, Ply: len(rec.Moves), Turns: len(rec.Moves),
		Rules: map[string]any(rules), Seats: seats, From: 0, History: rec.Moves, Seed: &seed, ToMove: st.ToMove(),
		Legal: []string{}, Status: "ongoing"}, rec
}

// TestOnlineLongHistoryOffUI: joining a game 5,000 arena plies in, the
// session is made and the history replayed on a worker goroutine, not on
// the UI goroutine that got the Update (which would freeze the window):
// the Update's handling returns with no session yet; an Update that
// comes meanwhile waits; the session then comes in through the UI loop,
// the whole game in it, from the server's seed, and the waiting Update
// is followed.
func TestOnlineLongHistoryOffUI(t *testing.T) {
	u := newTestApp(t)
	loop := appLoop(u)
	up, rec := longUpdate(t, 5000)
	og := u.showRoom("Join online", "Joining...")
	og.update(up)
	if og.s != nil || og.gs != nil || !og.starting {
		t.Fatal("the history was replayed on the UI goroutine")
	}
	// Ben drops meanwhile: that Update waits for the game screen.
	later := *up
	later.From, later.History = up.Ply, []string{}
	later.Seats = slices.Clone(up.Seats)
	later.Seats[1].Connected = false
	og.update(&later)
	loop.Until(t, "the game screen", func() bool { return og.gs != nil })
	if og.s.Plies() != len(rec.Moves) || !slices.Equal(og.s.Tokens(), rec.Moves) || og.s.Seed != rec.Seed {
		t.Fatalf("the device holds %d plies from seed %d; the server %d from seed %d", og.s.Plies(), og.s.Seed, len(rec.Moves), rec.Seed)
	}
	if og.starting || len(og.queued) != 0 || og.last != &later {
		t.Fatal("the Update that came meanwhile was not followed")
	}
	if og.s.DriverOf(1) != session.Remote || og.s.DriverOf(0) != session.PersonHere {
		t.Fatal("the seats are not Ana's here and Ben's elsewhere")
	}
}

// TestOnlineStartWithoutSeed: a server that does not say how the game
// starts (no seed, a game that hides nothing) is told in words, and the
// room says it.
func TestOnlineStartWithoutSeed(t *testing.T) {
	u := newTestApp(t)
	loop := appLoop(u)
	up, _ := longUpdate(t, 10)
	up.Seed = nil
	og := u.showRoom("Join online", "Joining...")
	og.update(up)
	loop.Until(t, "the room's problem", func() bool { return !og.starting })
	if og.gs != nil || !showsText(og.content, "did not say how the game starts") {
		t.Fatalf("the room reads %q", og.status.Text)
	}
}

// BenchmarkOnlineJoinLong is the work of joining an arena game 5,000
// plies in (the session made and the history replayed), which a worker
// does off the UI goroutine.
func BenchmarkOnlineJoinLong(b *testing.B) {
	up, _ := longUpdate(b, 5000)
	g, _ := games.Lookup("arena")
	rules, _ := games.ValidateRules(g.RuleSpecs(), up.Rules)
	seats := []games.SeatInfo{{Name: "Ana", Controller: "human"}, {Name: "Ben", Controller: "human"}}
	o := session.Options{Post: func(func()) {}, Remote: []int{1}}
	b.ReportAllocs()
	for b.Loop() {
		if _, err := followingSession(g, rules, seats, o, up); err != nil {
			b.Fatal(err)
		}
	}
}

// TestOnlineKnightsJoinMidGame: joining a fogged knights game some turns
// in, the device gets the masked history and the seat's view of now
// only: it shows that view, holds no seed, and its move list tells the
// turns it was away for by its own picks alone, never another's.
func TestOnlineKnightsJoinMidGame(t *testing.T) {
	u := newTestApp(t)
	loop := appLoop(u)
	g, _ := games.Lookup("knights")
	rules, err := games.ValidateRules(g.RuleSpecs(), map[string]any{"fog": true, "size": 8})
	if err != nil {
		t.Fatal(err)
	}
	st, err := g.New(games.Config{Rules: rules, Seed: 5})
	if err != nil {
		t.Fatal(err)
	}
	var masked, whole []string
	for turn := 0; turn < 3; turn++ {
		tok := games.FormatTurn(st, []games.Move{st.Legal(0)[0], st.Legal(1)[0]})
		masked = append(masked, games.MaskTurn(st, 0, tok))
		whole = append(whole, tok)
		if err := games.PlayToken(st, tok); err != nil {
			t.Fatal(err)
		}
	}
	view := games.ViewOf(st, 0)
	pos, _ := json.Marshal(view.Position())
	seats := []protocol.SeatState{{Name: "Ana", Joined: true, Connected: true}, {Name: "Ben", Joined: true, Connected: true}}
	up := &protocol.Update{V: protocol.Version, Code: "K7QX2M", Game: "knights", Seat: 0, Ply: 3, Turns: 3, Rules: map[string]any(rules),
		Seats: seats, From: 0, History: masked, Position: pos, Masked: true, ToMove: []int{0, 1}, Legal: []string{"x"}, Status: "ongoing"}
	og := u.showRoom("Join online", "Joining...")
	og.update(up)
	loop.Until(t, "the game screen", func() bool { return og.gs != nil })
	s := og.s
	if !s.Follows() || s.Plies() != 3 || !slices.Equal(s.Tokens(), masked) {
		t.Fatalf("the device follows by views %v with tokens %q; the server sent %q", s.Follows(), s.Tokens(), masked)
	}
	for i := 0; i <= 3; i++ {
		got, _ := json.Marshal(s.State(i).Position())
		if string(got) != string(pos) {
			t.Fatalf("position %d on the device is %s, not the view it came back to", i, got)
		}
	}
	for i := range masked {
		said := og.gs.board.(*knights.Board).JointMoveText(s.Frame(), i, 0)
		mine := strings.Split(whole[i], ",")[0]
		theirs := strings.Split(whole[i], ",")[1]
		if said != "Ana picks "+mine+"; Ben's move is out of sight" && !strings.Contains(masked[i], theirs) {
			t.Errorf("turn %d the device was away for reads %q", i+1, said)
		}
		if !strings.Contains(masked[i], theirs) && strings.Contains(said, theirs) {
			t.Fatalf("turn %d names Ben's hidden pick %s: %q", i+1, theirs, said)
		}
	}
	if f := s.Frame(); !f.NoSeed {
		t.Error("a fogged game joined mid-way shows a seed")
	}
}

// TestOnlineStartAfterPieSwap: joining an infiltration game after its pie
// swap, the server's seats are as they sit now; the device's game starts
// with them as they sat at the start, so the person here plays their own
// seat after the swap too.
func TestOnlineStartAfterPieSwap(t *testing.T) {
	g, _ := games.Lookup("infiltration")
	rules, err := games.ValidateRules(g.RuleSpecs(), map[string]any{"pie": true})
	if err != nil {
		t.Fatal(err)
	}
	st, err := g.New(games.Config{Rules: rules, Seed: 3})
	if err != nil {
		t.Fatal(err)
	}
	var tokens []string
	for swapped := false; !swapped; {
		seat := st.ToMove()[0]
		tok := st.MoveString(seat, st.Legal(seat)[0])
		for _, m := range st.Legal(seat) {
			if st.MoveString(seat, m) == "swap" {
				tok, swapped = "swap", true
			}
		}
		if err := games.PlayToken(st, tok); err != nil {
			t.Fatal(err)
		}
		tokens = append(tokens, tok)
	}
	seed := int64(3)
	// Ana started in seat 0; after Ben's swap she sits in seat 1 and
	// Ben in seat 0.
	up := &protocol.Update{V: protocol.Version, Game: "infiltration", Seat: 1, Ply: len(tokens), Rules: map[string]any(rules),
		Seats: []protocol.SeatState{{Name: "Ben", Joined: true}, {Name: "Ana", Joined: true}}, History: tokens, Seed: &seed, Status: "ongoing"}
	seats := []games.SeatInfo{{Name: "Ben", Controller: "human"}, {Name: "Ana", Controller: "human"}}
	s, err := followingSession(g, rules, seats, session.Options{Post: func(func()) {}, Remote: []int{0}}, up)
	if err != nil {
		t.Fatal(err)
	}
	if start := s.StartSeats(); start[0].Name != "Ana" || start[1].Name != "Ben" {
		t.Fatalf("the game started with %v", start)
	}
	if s.Seats[0].Name != "Ben" || s.DriverOf(1) != session.PersonHere || s.DriverOf(0) != session.Remote {
		t.Fatalf("after the swap: seats %v, drivers %v %v", s.Seats, s.DriverOf(0), s.DriverOf(1))
	}
}
