package referee

import (
	"encoding/json"
	"go/parser"
	"go/token"
	"path/filepath"
	"reflect"
	"strconv"
	"strings"
	"testing"

	"github.com/tabulagames/tabula/games"
	"github.com/tabulagames/tabula/online/protocol"
)

func snap(t *testing.T, r *Referee) []byte {
	t.Helper()
	b, err := r.Snapshot()
	if err != nil {
		t.Fatal(err)
	}
	return b
}

// TestRefusals sends bad messages: each is refused in words to its
// sender only, and nothing changes.
func TestRefusals(t *testing.T) {
	tb := newTable(t, Config{Game: "classic", Seed: 1, Seats: []protocol.SeatRequest{person("Ana"), person("Ben")}})
	tb.drain()
	tb.send("user0", protocol.OpMove, protocol.Move{V: 1, Token: "b2", Ply: 0})
	tb.drain()
	move := func(tok string, ply int) []byte {
		b, _ := json.Marshal(protocol.Move{V: 1, Token: tok, Ply: ply})
		return b
	}
	cases := []struct {
		name, user string
		op         int64
		data       []byte
		want       string
	}{
		{"out of turn", "user0", protocol.OpMove, move("a1", 1), "It is Ben's turn."},
		{"illegal", "user1", protocol.OpMove, move("b2", 1), "b2"},
		{"not a square", "user1", protocol.OpMove, move("z9", 1), "z9"},
		{"stale ply", "user1", protocol.OpMove, move("a1", 0), "The game has moved on since you chose a1 (1 move was played since)"},
		{"future ply", "user1", protocol.OpMove, move("a1", 5), "You chose a1 for a position the game has not reached"},
		{"negative ply", "user1", protocol.OpMove, move("a1", -1), "You chose a1 for a position the game has not reached"},
		{"old version", "user1", protocol.OpMove, []byte(`{"v":0,"token":"a1","ply":1}`), "too old"},
		{"new version", "user1", protocol.OpMove, []byte(`{"v":2,"token":"a1","ply":1}`), "newer version"},
		{"no version", "user1", protocol.OpMove, []byte(`{"token":"a1","ply":1}`), "no protocol version"},
		{"garbage", "user1", protocol.OpMove, []byte(`{{`), "not readable"},
		{"too long", "user1", protocol.OpMove, []byte(strings.Repeat(" ", protocol.MaxClientMessage+1)), "too long"},
		{"unknown op", "user1", 99, []byte(`{"v":1}`), "does not know message 99"},
		{"no seat", "stranger", protocol.OpMove, move("a1", 1), "no seat"},
		{"resign old version", "user1", protocol.OpResign, []byte(`{"v":0}`), "too old"},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			before := snap(t, tb.r)
			tb.clients["stranger"] = &client{user: "stranger"}
			tb.r.Handle(tc.user, tc.op, tc.data)
			out := tb.r.Outbox()
			if len(out) != 1 || out[0].Op != protocol.OpRefused || !reflect.DeepEqual(out[0].UserIDs, []string{tc.user}) {
				t.Fatalf("want one Refused to %s, got %+v", tc.user, out)
			}
			var rf protocol.Refused
			if err := json.Unmarshal(out[0].Data, &rf); err != nil || !strings.Contains(rf.Error, tc.want) {
				t.Fatalf("refused %q (%v), want it to say %q", rf.Error, err, tc.want)
			}
			if tb.r.Changed() {
				t.Fatal("a refusal marked the match changed")
			}
			if after := snap(t, tb.r); string(after) != string(before) {
				t.Fatalf("a refusal changed the match:\n%s\n%s", before, after)
			}
		})
	}
}

// TestWaitForSeats: nothing is played before every person seat is taken.
func TestWaitForSeats(t *testing.T) {
	r, err := New(Config{Game: "classic", Seed: 1, TickRate: 10, Seats: []protocol.SeatRequest{person("Ana"), person("")}})
	if err != nil {
		t.Fatal(err)
	}
	if err := r.Claim("u0", "Ana A.", -1); err != nil {
		t.Fatal(err)
	}
	r.Join("u0", "Ana A.")
	b, _ := json.Marshal(protocol.Move{V: 1, Token: "b2"})
	r.Handle("u0", protocol.OpMove, b)
	out := r.Outbox()
	var u protocol.Update
	var rf protocol.Refused
	for _, o := range out {
		switch o.Op {
		case protocol.OpUpdate:
			json.Unmarshal(o.Data, &u)
		case protocol.OpRefused:
			json.Unmarshal(o.Data, &rf)
		}
	}
	if rf.Error != "The game starts when every seat is taken: waiting for 1 more player." {
		t.Fatalf("refused %q", rf.Error)
	}
	if len(u.Legal) != 0 || u.Seats[0].Name != "Ana" || u.Seats[1].Joined {
		t.Fatalf("before the start: %+v", u)
	}
	r.Join("u1", "")
	r.Outbox()
	if got := r.Seats()[1].Name; got != "Player 2" {
		t.Fatalf("an unnamed person is %q", got)
	}
}

// TestJoin: versions refused in words, seats given back, a full game.
func TestJoin(t *testing.T) {
	r, err := New(Config{Game: "classic", Seed: 1, TickRate: 10, Seats: []protocol.SeatRequest{person(""), bot("easy")}})
	if err != nil {
		t.Fatal(err)
	}
	defer r.Close()
	v := func(s string) map[string]string { return map[string]string{protocol.JoinVersionKey: s} }
	for _, tc := range []struct {
		meta map[string]string
		want string
	}{
		{nil, "does not say which protocol"},
		{v("x"), "not a number"},
		{v("0"), "too old"},
		{v("7"), "newer version"},
	} {
		if _, err := r.CanJoin("u0", tc.meta); err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("CanJoin(%v): %v, want %q", tc.meta, err, tc.want)
		}
	}
	seat, err := r.CanJoin("u0", v("1"))
	if err != nil || seat != 0 {
		t.Fatalf("CanJoin: %d %v", seat, err)
	}
	if _, err := r.CanJoin("u1", v("1")); err == nil || !strings.Contains(err.Error(), "full") {
		t.Fatalf("a second user while the seat is kept: %v", err)
	}
	r.Join("u0", "Ana")
	if inv := r.Invitation("u0"); inv.Seat != 0 || inv.Code != "" || inv.Game != "classic" || len(inv.Seats) != 2 || inv.Seats[0].Name != "Ana" {
		t.Fatalf("invitation %+v", inv)
	}
	if inv := r.Invitation("nobody"); inv.Seat != -1 {
		t.Fatalf("a stranger's invitation holds seat %d", inv.Seat)
	}
	r.Leave("u0")
	if r.Seats()[0].Connected || !r.Seats()[0].Joined {
		t.Fatalf("after a drop: %+v", r.Seats()[0])
	}
	if seat, err := r.CanJoin("u0", v("1")); err != nil || seat != 0 {
		t.Fatalf("rejoin: %d %v", seat, err)
	}
	r.Join("u1", "Ben") // joined without asking: no seat for it
	out := r.Outbox()
	found := false
	for _, o := range out {
		if o.Op == protocol.OpRefused && o.UserIDs[0] == "u1" && strings.Contains(string(o.Data), "full") {
			found = true
		}
	}
	if !found {
		t.Fatal("a user with no seat was not told the game is full")
	}
	if r.Code() != "" || r.Game() != "classic" || r.TickRate() != 10 {
		t.Fatal("accessors")
	}
}

// TestClaimAndNew: the words for bad seats, rules and claims.
func TestClaimAndNew(t *testing.T) {
	for _, tc := range []struct {
		cfg  Config
		want string
	}{
		{Config{Game: "chess", TickRate: 1}, `no game "chess"`},
		{Config{Game: "classic", TickRate: 1, Seats: []protocol.SeatRequest{person("a")}}, "played by 2, not 1"},
		{Config{Game: "classic", TickRate: 1, Rules: map[string]any{"size": 3.0}, Seats: []protocol.SeatRequest{person("a"), person("b")}}, "not a house rule"},
		{Config{Game: "classic", TickRate: 0, Seats: []protocol.SeatRequest{person("a"), person("b")}}, "tick rate"},
		{Config{Game: "classic", TickRate: 1, Seats: []protocol.SeatRequest{person("a"), bot("genius")}}, `no bot "genius"`},
		{Config{Game: "classic", TickRate: 1, Seats: []protocol.SeatRequest{person("a"), {Kind: "cat"}}}, "person or a bot"},
		{Config{Game: "classic", TickRate: 1, Seats: []protocol.SeatRequest{person("a"), {Kind: "person", Bot: "easy"}}}, "names a bot"},
		{Config{Game: "arena", TickRate: 1, Rules: map[string]any{"p1": "freezer"}, Seats: []protocol.SeatRequest{{Kind: "person", Character: "bomber"}, person("b")}}, "in the house rules"},
	} {
		if _, err := New(tc.cfg); err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("New(%+v): %v, want %q", tc.cfg, err, tc.want)
		}
	}
	r, err := New(Config{Game: "revenge", TickRate: 1, Seats: []protocol.SeatRequest{person("a"), bot("easy"), person("")}})
	if err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		user string
		seat int
		want string
	}{
		{"", 0, "needs a user"},
		{"u", 5, "no seat 6"},
		{"u", 1, "played by the computer"},
		{"u", 0, ""},
		{"u", 0, ""},
		{"u", 2, "already hold seat 1"},
		{"v", 0, "seat 1 is taken"},
		{"v", -1, ""},
		{"w", -1, "every seat"},
	} {
		err := r.Claim(tc.user, "N", tc.seat)
		if (err == nil) != (tc.want == "") || err != nil && !strings.Contains(err.Error(), tc.want) {
			t.Errorf("Claim(%q, %d): %v, want %q", tc.user, tc.seat, err, tc.want)
		}
	}
	if s := r.Seats(); s[0].Name != "a" || s[2].Name != "N" || s[1].Bot != "easy" || !s[1].Connected {
		t.Fatalf("seats %+v", s)
	}
	r.Close()
	a, err := New(Config{Game: "arena", TickRate: 1, Seats: []protocol.SeatRequest{{Kind: "person", Character: "freezer"}, person("b")}})
	if err != nil {
		t.Fatal(err)
	}
	if s := a.Seats(); s[0].Character != "freezer" || s[1].Character != "freezer" {
		t.Fatalf("arena characters %+v", s)
	}
}

// TestResignTwo: the other seat wins, the record says so.
func TestResignTwo(t *testing.T) {
	tb := newTable(t, Config{Game: "checkerboard", Seed: 3, Seats: []protocol.SeatRequest{person("Ana"), bot("easy")}})
	for i := 0; i < 4; i++ {
		tb.step()
	}
	tb.send("user0", protocol.OpResign, protocol.Resign{V: 1})
	tb.drain()
	c := tb.clients["user0"]
	if !tb.r.Over() || c.final == nil || c.final.Ending == nil || c.final.Ending.By != games.EndResigned || c.final.Ending.Seat != 0 {
		t.Fatalf("after a resignation: over %v, final %+v", tb.r.Over(), c.final)
	}
	if c.last.Status != "win" || !reflect.DeepEqual(c.last.Winners, []int{1}) || c.last.Reason != "Ana resigned" || !c.last.Seats[0].Resigned {
		t.Fatalf("last update %+v", c.last)
	}
	tb.send("user0", protocol.OpResign, protocol.Resign{V: 1})
	tb.send("user0", protocol.OpMove, protocol.Move{V: 1, Token: "a1", Ply: len(tb.r.tokens)})
	tb.drain()
	if n := len(c.refused); n != 2 || !strings.Contains(c.refused[0].Error, "over") {
		t.Fatalf("after the end: %+v", c.refused)
	}
	// The restored match is over too, with the same ending.
	r2, err := Restore(snap(t, tb.r))
	if err != nil || !r2.Over() || r2.outcome().Reason != "Ana resigned" {
		t.Fatalf("restored: %v", err)
	}
	r2.Join("user0", "Ana")
	out := r2.Outbox()
	if len(out) != 2 || out[1].Op != protocol.OpFinal {
		t.Fatalf("a rejoin after the end gets %d messages", len(out))
	}
}

// TestResignMany: with three seats a bot plays the resigned seat on.
func TestResignMany(t *testing.T) {
	tb := newTable(t, Config{Game: "revenge", Seed: 4, Seats: []protocol.SeatRequest{person("Ana"), person("Ben"), person("Cy")}})
	tb.step()
	tb.send("user1", protocol.OpResign, protocol.Resign{V: 1})
	tb.drain()
	if tb.r.Over() {
		t.Fatal("one resignation of three ended the game")
	}
	s := tb.r.Seats()[1]
	if !s.Resigned || s.Bot != "medium" {
		t.Fatalf("resigned seat %+v", s)
	}
	if l := tb.clients["user1"].last; len(l.Legal) != 0 {
		t.Fatalf("a resigned person is offered %v", l.Legal)
	}
	tb.send("user1", protocol.OpResign, protocol.Resign{V: 1})
	tb.send("user1", protocol.OpMove, protocol.Move{V: 1, Token: "a1", Ply: len(tb.r.tokens)})
	tb.drain()
	if rf := tb.clients["user1"].refused; len(rf) != 2 || !strings.Contains(rf[0].Error, "already resigned") || !strings.Contains(rf[1].Error, "computer plays your seat") {
		t.Fatalf("refusals %+v", rf)
	}
	tb.clients["user1"].refused = nil
	tb.playOut()
}

// TestResignSolo: the lone knight's player stops the game.
func TestResignSolo(t *testing.T) {
	tb := newTable(t, Config{Game: "knights", Seed: 5, Rules: map[string]any{"players": 1.0}, Seats: []protocol.SeatRequest{person("Ana")}})
	tb.step()
	tb.send("user0", protocol.OpResign, protocol.Resign{V: 1})
	tb.drain()
	if !tb.r.Over() || tb.clients["user0"].final == nil || tb.clients["user0"].last.Reason != "Ana resigned" {
		t.Fatal("a solo resignation did not end the game")
	}
}

// TestPieSwap: after the swap the people have exchanged seats.
func TestPieSwap(t *testing.T) {
	tb := newTable(t, Config{Game: "infiltration", Seed: 6, Rules: map[string]any{"pie": true}, Seats: []protocol.SeatRequest{person("Ana"), person("Ben")}})
	swapped := false
	tb.pick = func(c *client, u *protocol.Update) string {
		for _, l := range u.Legal {
			if l == "swap" {
				swapped = true
				return l
			}
		}
		return u.Legal[0]
	}
	for !swapped {
		tb.step()
	}
	tb.drain()
	if tb.r.seatOf("user0") != 1 || tb.r.seatOf("user1") != 0 || tb.r.Seats()[0].Name != "Ben" {
		t.Fatalf("after the swap: %+v", tb.r.Seats())
	}
	if tb.clients["user0"].last.Seat != 1 || tb.r.start[0].Name != "Ana" {
		t.Fatal("the update or the record's seat table is wrong after the swap")
	}
	tb.pick = nil
	tb.playOut()
}

// TestKnightsTimer: a person who does not pick gets the first legal move
// when the timer's ticks run out; the bots have no timer.
func TestKnightsTimer(t *testing.T) {
	tb := newTable(t, Config{Game: "knights", Seed: 7, TickRate: 2, Rules: map[string]any{"timer": 10.0, "fog": true},
		Seats: []protocol.SeatRequest{person("Ana"), bot("mobility")}})
	tb.drain()
	u := tb.clients["user0"].last
	if u.Deadline != 20 || u.TickRate != 2 {
		t.Fatalf("deadline %d ticks at %d a second, want 20 at 2", u.Deadline, u.TickRate)
	}
	first := games.ViewOf(tb.r.st, 0)
	want := first.MoveString(0, first.Legal(0)[0])
	for i := 0; i < 19; i++ {
		tb.r.WaitBots()
		tb.r.Tick()
	}
	if len(tb.r.tokens) != 0 {
		t.Fatal("the turn was played before the time was up")
	}
	if !tb.r.Seats()[1].Picked {
		t.Fatal("the bot has not picked")
	}
	tb.r.Tick()
	if len(tb.r.tokens) != 1 || strings.Split(tb.r.tokens[0], ",")[0] != want {
		t.Fatalf("after the time: %v, want Ana's entry %s", tb.r.tokens, want)
	}
	tb.drain()
	if d := tb.clients["user0"].last.Deadline; d != 20 && !tb.r.Over() {
		t.Fatalf("the next turn's deadline is %d", d)
	}
}

// TestKnightsPicks: a pick waits for the others; a second pick is
// refused; the others see only that it is in.
func TestKnightsPicks(t *testing.T) {
	tb := newTable(t, Config{Game: "knights", Seed: 8, Rules: map[string]any{"fog": true, "players": 3.0},
		Seats: []protocol.SeatRequest{person("Ana"), person("Ben"), person("Cy")}})
	tb.drain()
	a := tb.clients["user0"]
	tok := a.last.Legal[0]
	tb.send("user0", protocol.OpMove, protocol.Move{V: 1, Token: tok, Ply: 0})
	tb.drain()
	if a.last.Picked != tok || len(a.last.Legal) != 0 || len(tb.r.tokens) != 0 {
		t.Fatalf("after Ana's pick: %+v", a.last)
	}
	if b := tb.clients["user1"].last; b.Picked != "" || !b.Seats[0].Picked || len(b.Legal) == 0 {
		t.Fatalf("Ben's view of Ana's pick: %+v", b)
	}
	tb.send("user0", protocol.OpMove, protocol.Move{V: 1, Token: tok, Ply: 0})
	tb.drain()
	if rf := a.refused; len(rf) != 1 || rf[0].Error != "You have already picked "+tok+" this turn: waiting for Ben and Cy." {
		t.Fatalf("second pick: %+v", rf)
	}
	// A restart keeps the secret pick.
	r2, err := Restore(snap(t, tb.r))
	if err != nil {
		t.Fatal(err)
	}
	defer r2.Close()
	if p, ok := r2.picks[0]; !ok || r2.st.MoveString(0, p) != tok {
		t.Fatal("the restored match lost Ana's pick")
	}
}

// TestKnightsOut: a knight that is out cannot move and says so.
func TestKnightsOut(t *testing.T) {
	tb := newTable(t, Config{Game: "knights", Seed: 9, Rules: map[string]any{"players": 3.0, "size": 5.0},
		Seats: []protocol.SeatRequest{person("Ana"), bot("mobility"), bot("aggressor")}})
	for i := 0; i < 500 && !tb.r.Over(); i++ {
		if alive := tb.r.st.ToMove(); !contains(alive, 0) {
			tb.send("user0", protocol.OpMove, protocol.Move{V: 1, Token: "a1", Ply: len(tb.r.tokens)})
			tb.drain()
			if rf := tb.clients["user0"].refused; len(rf) != 1 || !strings.Contains(rf[0].Error, "out of this game") {
				t.Fatalf("refusals %+v", rf)
			}
			return
		}
		tb.step()
	}
	t.Skip("Ana's knight was never out in this game")
}

// TestPureGo: the referee imports the rules, the bots, the words and the
// protocol, nothing from outside the module (no Nakama, no Fyne).
func TestPureGo(t *testing.T) {
	files, _ := filepath.Glob("*.go")
	for _, f := range files {
		parsed, err := parser.ParseFile(token.NewFileSet(), f, nil, parser.ImportsOnly)
		if err != nil {
			t.Fatal(err)
		}
		for _, imp := range parsed.Imports {
			p, _ := strconv.Unquote(imp.Path.Value)
			if strings.Contains(strings.Split(p, "/")[0], ".") && !strings.HasPrefix(p, "github.com/tabulagames/tabula/") ||
				strings.HasPrefix(p, "github.com/tabulagames/tabula/ui") || strings.HasPrefix(p, "github.com/tabulagames/tabula/settings") {
				t.Errorf("%s imports %s", f, p)
			}
		}
	}
}
