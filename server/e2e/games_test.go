package e2e

import (
	"context"
	"fmt"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/tabulagames/tabula/ai"
	online "github.com/tabulagames/tabula/online/client"
	"github.com/tabulagames/tabula/online/protocol"
)

// addr is the server's host:port for online/client.

// seating is one game of TestEveryGame: who sits where.
type seating struct {
	game  string
	rules map[string]any
	seats []protocol.SeatRequest // person seats are taken by the clients in order
	// local: the app's bots that choose the clients' moves, in person
	// seat order ("" or missing: random legal moves).
	local []string
}

var (
	person = protocol.SeatRequest{Kind: "person"}
	bot    = func(name string) protocol.SeatRequest { return protocol.SeatRequest{Kind: "bot", Bot: name} }
)

// everyGame: all seven games, two to four clients, a bot seat in every
// game of three or more seats and in two of the two-seat games. Rules
// that shorten a random game (infiltration's pieces) keep the test
// quick; infiltration's pie rule is on so a swap of seats may happen.
var everyGame = []seating{
	{"classic", nil, []protocol.SeatRequest{person, person}, nil},
	{"checkerboard", nil, []protocol.SeatRequest{person, bot("easy")}, nil},
	// Random infiltration runs to hundreds of turns (a turn a tick):
	// the clients play it with the app's own bots.
	{"infiltration", map[string]any{"pieces": 4, "pie": true}, []protocol.SeatRequest{person, person}, []string{"medium", "easy"}},
	{"alcazar", nil, []protocol.SeatRequest{bot("easy"), person}, nil},
	{"revenge", map[string]any{"players": 4}, []protocol.SeatRequest{person, person, bot("easy"), person}, nil},
	{"knights", map[string]any{"players": 4, "fog": true}, []protocol.SeatRequest{person, bot("mobility"), person, person}, nil},
	{"arena", nil, []protocol.SeatRequest{person, person}, nil},
}

var names = []string{"Ana", "Ben", "Cleo", "Dev"}

// TestEveryGame plays a whole game of each of the seven games over the
// real server, all at once (one match each), with the app's own client
// playing random legal moves from each Update's Legal (seeded) and the
// server's bots in the bot seats. At the end every client holds the same
// final record, which replays with the game's own rules to the outcome
// each was told; every frame each client's socket received is held to
// the seat's view of that record (truth.checkFrames): for the knights
// game under fog, that no frame holds what the fog hides from the seat.
func TestEveryGame(t *testing.T) {
	s := startServer(t)
	for gi, g := range everyGame {
		t.Run(g.game, func(t *testing.T) {
			t.Parallel()
			tb := newTable(t, s.addr())
			var people []*player
			for _, r := range g.seats {
				if r.Kind == "person" {
					n := len(people)
					p := tb.dial(fmt.Sprintf("%s-%s", names[n], g.game), fmt.Sprintf("e2e-%s-%d", g.game, n), int64(100*gi+n))
					if n < len(g.local) && g.local[n] != "" {
						b, err := ai.New(g.game, g.local[n], ai.Options{Seed: uint64(n + 1)})
						if err != nil {
							t.Fatal(err)
						}
						p.bot = b
					}
					people = append(people, p)
				}
			}
			tb.open(g.game, g.rules, g.seats, people...)
			tb.play()
			tr := tb.finish()
			for _, p := range people {
				tr.checkFrames(t, p)
			}
			if g.rules["fog"] == true {
				// The fog hid something from every client, or the frame
				// checks above proved nothing about it.
				for _, p := range people {
					hidden, masked := 0, false
					for k, tok := range tr.masked(p.seat) {
						if tok != tr.rec.Moves[k] {
							hidden++
						}
					}
					p.mu.Lock()
					frames := slices.Clone(p.frames)
					p.mu.Unlock()
					for _, raw := range frames {
						if op, data, ok := online.MatchData(raw); ok && op == protocol.OpUpdate && strings.Contains(string(data), `"masked":true`) {
							masked = true
						}
					}
					if hidden == 0 || !masked {
						t.Errorf("%s: fog hid %d turns and masked=%v: nothing was hidden", p.name, hidden, masked)
					}
					t.Logf("%s: %d of %d turns partly hidden", p.name, hidden, len(tr.rec.Moves))
				}
			}
			// The bot seat was the server's bot.
			for i, r := range g.seats {
				if r.Kind == "bot" && (tr.rec.Seats[i].Controller != "ai" || tr.rec.Seats[i].Bot != r.Bot) {
					t.Errorf("seat %d of the record: %+v, want the bot %s", i+1, tr.rec.Seats[i], r.Bot)
				}
			}
		})
	}
}

// people dials n clients named Ana, Ben, ... (devices unique to the test).
func (tb *table) people(tag string, n int) []*player {
	var out []*player
	for i := 0; i < n; i++ {
		out = append(out, tb.dial(names[i], fmt.Sprintf("e2e-%s-%s", tag, names[i]), int64(i+1)))
	}
	return out
}

// played sends p's move and waits until every player has seen the ply
// after it.
func (tb *table) played(p *player, token string) {
	tb.t.Helper()
	ply := p.last.Ply
	if err := p.c.Move(token, ply); err != nil {
		tb.t.Fatalf("%s plays %s: %v", p.name, token, err)
	}
	tb.until(fmt.Sprintf("%s's %s", p.name, token), func() bool {
		for _, q := range tb.players {
			if q.last.Ply <= ply {
				return false
			}
		}
		return true
	})
}

// wantWords fails unless the refusal holds every one of the words.
func wantWords(t *testing.T, r *protocol.Refused, words ...string) {
	t.Helper()
	for _, w := range words {
		if !strings.Contains(r.Error, w) {
			t.Errorf("refusal %q does not say %q", r.Error, w)
		}
	}
}

// TestRefusedInWords: every move the rules or the match do not allow is
// refused to its sender alone, in a sentence that says why, and changes
// nothing: a move before every seat is taken, out of turn (naming whose
// turn it is), not a move of the game, on a taken square, against an old
// position, a second knights pick in one turn, a move after the end.
func TestRefusedInWords(t *testing.T) {
	s := startServer(t)

	t.Run("classic", func(t *testing.T) {
		tb := newTable(t, s.addr())
		tb.auto = false
		pp := tb.people("refused", 2)
		ana, ben := pp[0], pp[1]
		ctx := context.Background()
		inv, err := ana.c.Create(ctx, protocol.CreateRequest{V: protocol.Version, Game: "classic", Seats: []protocol.SeatRequest{person, person}})
		if err != nil {
			t.Fatal(err)
		}
		tb.game, tb.code = "classic", inv.Code
		if err := ana.c.Join(ctx, inv.MatchID); err != nil {
			t.Fatal(err)
		}
		tb.until("Ana's first update", func() bool { return ana.last != nil })
		if len(ana.last.Legal) != 0 {
			t.Errorf("Ana may move before Ben has come: %v", ana.last.Legal)
		}
		r := tb.refusal(ana, "b2", 0)
		wantWords(t, r, "every seat", "1 more player")

		if err := ben.c.Join(ctx, inv.MatchID); err != nil {
			t.Fatal(err)
		}
		tb.until("both seated", func() bool { return ben.last != nil && len(ana.last.Legal) > 0 })
		r = tb.refusal(ben, ana.last.Legal[0], 0)
		wantWords(t, r, "Ana's turn")
		r = tb.refusal(ana, "zz9", 0)
		wantWords(t, r, "zz9")
		if r.Token != "zz9" {
			t.Errorf("the refusal names the token %q, want zz9", r.Token)
		}
		r = tb.refusal(ana, "b2 c3", 0)
		wantWords(t, r, "b2 c3")
		tb.played(ana, "b2")
		r = tb.refusal(ben, "b2", 1)
		wantWords(t, r, "b2", "taken")
		r = tb.refusal(ben, "a1", 0)
		wantWords(t, r, "moved on", "a1", "1 move was played")
		r = tb.refusal(ben, "a1", 5)
		if strings.Contains(r.Error, "-") || strings.Contains(r.Error, "moved on") {
			t.Errorf("a move for a position that has not happened (ply 5 of 1) is refused with %q", r.Error)
		}
		// Nothing changed: both still see one move, b2, and Ben to move.
		for _, p := range pp {
			if p.last.Ply != 1 || strings.Join(p.history, " ") != "b2" || p.last.ToMove[0] != 1 {
				t.Errorf("%s after the refusals: ply %d, %v, to move %v", p.name, p.last.Ply, p.history, p.last.ToMove)
			}
		}
		// Ben resigns; a move after the end is refused too.
		if err := ben.c.Resign(); err != nil {
			t.Fatal(err)
		}
		tb.until("the end", tb.over)
		r = tb.refusal(ana, "a1", 1)
		wantWords(t, r, "over")
		tr := tb.finish()
		if tr.rec.Ending == nil || len(tr.rec.Moves) != 1 {
			t.Errorf("the record after Ben resigned: %d moves, ending %+v", len(tr.rec.Moves), tr.rec.Ending)
		}
		if ana.last.Status != "win" || len(ana.last.Winners) != 1 || ana.last.Winners[0] != 0 || !strings.Contains(ana.last.Reason, "Ben") {
			t.Errorf("after Ben resigned Ana is told %s %v %q", ana.last.Status, ana.last.Winners, ana.last.Reason)
		}
		// Every refusal went to its sender alone.
		if len(ana.refused) != 4 || len(ben.refused) != 4 {
			t.Errorf("refusals: Ana %d, Ben %d; want 4 and 4", len(ana.refused), len(ben.refused))
		}
	})

	t.Run("knights", func(t *testing.T) {
		tb := newTable(t, s.addr())
		tb.auto = false
		pp := tb.people("picks", 2)
		tb.open("knights", map[string]any{"players": 3, "fog": true}, []protocol.SeatRequest{person, person, bot("mobility")}, pp...)
		tb.until("both may pick", func() bool { return len(pp[0].last.Legal) > 0 && len(pp[1].last.Legal) > 0 })
		ana := pp[0]
		pick := ana.last.Legal[0]
		if err := ana.c.Move(pick, 0); err != nil {
			t.Fatal(err)
		}
		tb.until("Ana's pick is in", func() bool { return ana.last.Picked == pick })
		r := tb.refusal(ana, pick, 0)
		wantWords(t, r, "already picked", pick, "Ben")
		// What Ben sees of Ana's pick: that it is in, not where.
		tb.until("Ben sees Ana picked", func() bool { return pp[1].last.Seats[0].Picked })
		if pp[1].last.Ply != 0 || pp[1].last.Picked != "" {
			t.Errorf("Ben's update after Ana's pick: ply %d, picked %q", pp[1].last.Ply, pp[1].last.Picked)
		}
	})
}

// TestDropAndReturn: a player whose network goes (its socket cut, and no
// way back for a while) is shown to the others as gone, keeps its seat,
// and when the network is back its client reconnects by itself and gets
// the whole game; a player who closes the app and opens it again (a new
// client, the same device) finds the game by its code and gets the same
// seat and the whole game. The game then goes on to its end, and every
// player's history is the whole record.
func TestDropAndReturn(t *testing.T) {
	s := startServer(t)
	tb := newTable(t, s.addr())
	px := startProxy(t, s.addr())
	ana := tb.dial("Ana", "e2e-drop-Ana", 1)
	ben := tb.dialVia(px.addr(), "Ben", "e2e-drop-Ben", 2)
	cleo := tb.dial("Cleo", "e2e-drop-Cleo", 3)
	tb.open("revenge", map[string]any{"players": 4}, []protocol.SeatRequest{person, person, person, bot("easy")}, ana, ben, cleo)
	tb.until("ply 2", func() bool { return tb.ply() >= 2 })

	// Ben's network goes.
	px.setDown(true)
	tb.until("Ben's client to see the drop", func() bool { return ben.dropped > 0 })
	tb.until("the others to see Ben gone", func() bool { return tb.sees(ben, false) })
	tb.drain(300 * time.Millisecond) // the others play on as far as they can
	at := tb.ply()
	if ben.last.Ply > at {
		t.Fatalf("Ben saw ply %d while away; the game is at %d", ben.last.Ply, at)
	}
	fulls := ben.fulls
	px.setDown(false)
	tb.until("Ben back with the whole game", func() bool { return ben.back > 0 && ben.fulls > fulls })
	if ben.seat != 1 || len(ben.history) < at {
		t.Errorf("Ben came back to seat %d with %d turns; want seat 2 and at least %d turns", ben.seat+1, len(ben.history), at)
	}
	tb.until("the others to see Ben back", func() bool { return tb.sees(ben, true) })
	tb.until("ply 8", func() bool { return tb.ply() >= 8 })

	// Cleo closes the app and opens it again.
	seat := cleo.seat
	cleo.c.Close()
	tb.until("the others to see Cleo gone", func() bool { return tb.sees(cleo, false) })
	cleo.history, cleo.last, cleo.sent = nil, nil, -1
	if err := tb.connect(cleo); err != nil {
		t.Fatalf("Cleo signs in again: %v", err)
	}
	ctx := context.Background()
	inv, err := cleo.c.Find(ctx, tb.code)
	if err != nil {
		t.Fatalf("Cleo finds %s again: %v", tb.code, err)
	}
	if inv.Seat != seat {
		t.Errorf("Cleo's invitation after coming back holds seat %d, want her seat %d", inv.Seat+1, seat+1)
	}
	if err := cleo.c.Join(ctx, inv.MatchID); err != nil {
		t.Fatalf("Cleo joins again: %v", err)
	}
	tb.until("Cleo's whole game", func() bool { return cleo.last != nil })
	if cleo.last.From != 0 || cleo.last.Seat != seat || len(cleo.history) < 8 {
		t.Errorf("Cleo's first update on coming back: from %d, seat %d, %d turns; want the whole game in seat %d", cleo.last.From, cleo.last.Seat+1, len(cleo.history), seat+1)
	}
	tb.play()
	tr := tb.finish()
	for _, p := range tb.players {
		tr.checkFrames(t, p)
	}
	if ana.dropped != 0 || cleo.dropped != 0 {
		t.Errorf("drops: Ana %d, Cleo %d; want none", ana.dropped, cleo.dropped)
	}
}

// TestKilledMidGame: Nakama is killed by its pid (SIGKILL: nothing
// flushed) in the middle of two games, a knights game with fog and a bot
// and a revenge game with a bot, and started again on the same database.
// The clients notice by themselves, reconnect, find their games by code
// (which restarts them from storage) and get the whole game back; both
// games go on to their end, and no turn any player had seen is lost.
func TestKilledMidGame(t *testing.T) {
	s := startServer(t)
	tables := []*table{newTable(t, s.addr()), newTable(t, s.addr())}
	k, r := tables[0], tables[1]
	kp := []*player{k.dial("Ana", "e2e-kill-Ana", 1), k.dial("Ben", "e2e-kill-Ben", 2)}
	rp := []*player{r.dial("Cleo", "e2e-kill-Cleo", 3), r.dial("Dev", "e2e-kill-Dev", 4)}
	k.open("knights", map[string]any{"players": 3, "fog": true, "size": 10}, []protocol.SeatRequest{person, bot("balanced"), person}, kp...)
	r.open("revenge", map[string]any{"players": 3}, []protocol.SeatRequest{bot("easy"), person, person}, rp...)
	k.until("knights turn 2", func() bool { return k.ply() >= 2 })
	r.until("revenge ply 4", func() bool { return r.ply() >= 4 })

	s.Kill(t)
	seen := map[*player][]string{}
	for _, tb := range tables {
		tb.problems = true // a rejoin may first meet the old match gone
		for _, p := range tb.players {
			seen[p] = slices.Clone(p.history)
		}
	}
	s.StartNakama(t)
	for _, tb := range tables {
		tb.until("every client back with the whole game", func() bool {
			for _, p := range tb.players {
				if p.back == 0 || p.fulls < 2 {
					return false
				}
			}
			return true
		})
	}
	for _, tb := range tables {
		tb.play()
		tr := tb.finish()
		for _, p := range tb.players {
			tr.checkFrames(t, p)
			if p.dropped == 0 {
				t.Errorf("%s's client never saw the server go", p.name)
			}
			if n := len(seen[p]); !slices.Equal(tr.masked(p.seat)[:n], seen[p]) {
				t.Errorf("%s had seen %v before the kill; the game went on from %v", p.name, seen[p], tr.masked(p.seat)[:n])
			}
		}
	}
}

// TestOldProtocol: a client that speaks another protocol version is told
// in words to update Tabula, at every door: the RPCs, the join (which
// leaves the seat free), and each message it sends once seated; nothing
// it sends changes the game.
func TestOldProtocol(t *testing.T) {
	s := startServer(t)
	tb := newTable(t, s.addr())
	tb.auto = false
	ana := tb.dial("Ana", "e2e-old-Ana", 1)
	ctx := context.Background()
	inv, err := ana.c.Create(ctx, protocol.CreateRequest{V: protocol.Version, Game: "classic", Seats: []protocol.SeatRequest{person, person}})
	if err != nil {
		t.Fatal(err)
	}
	tb.game, tb.code = "classic", inv.Code
	if err := ana.c.Join(ctx, inv.MatchID); err != nil {
		t.Fatal(err)
	}
	tb.until("Ana's first update", func() bool { return ana.last != nil })

	// A raw client (client_test.go) that can say any version.
	old := s.signIn(t, "Old", "e2e-old-device-0001")
	wantUpdate := func(what string, err error) {
		t.Helper()
		if err == nil {
			t.Errorf("%s with protocol %d was accepted", what, protocol.Version-1)
			return
		}
		t.Logf("%s: %v", what, err)
		if !strings.Contains(err.Error(), "update Tabula") {
			t.Errorf("%s refused with %q: want words telling to update Tabula", what, err)
		}
	}
	var none protocol.Invitation
	wantUpdate("create", old.rpc(protocol.RPCCreate, protocol.CreateRequest{V: protocol.Version - 1, Game: "classic", Seats: []protocol.SeatRequest{person, person}}, &none))
	wantUpdate("find", old.rpc(protocol.RPCFind, protocol.FindRequest{V: protocol.Version - 1, Code: inv.Code}, &none))
	var noV map[string]any
	wantUpdate("find without a version", old.rpc(protocol.RPCFind, map[string]string{"code": inv.Code}, &noV))

	old.dial()
	defer old.close()
	err = old.join(inv.MatchID, protocol.Version-1)
	wantUpdate("join", err)
	if err != nil {
		checkWords(t, err.Error())
		if !strings.Contains(err.Error(), "too old") {
			t.Errorf("an old client's join refused with %q: want it told it is too old", err)
		}
	}
	if err := old.join(inv.MatchID, protocol.Version+1); err == nil || !strings.Contains(err.Error(), "newer") {
		t.Errorf("a newer client's join: %v, want words saying the other side is newer", err)
	}
	// The refused joins took no seat: a client of this version gets seat 2.
	if err := old.join(inv.MatchID, protocol.Version); err != nil {
		t.Fatalf("a join with protocol %d: %v", protocol.Version, err)
	}
	if u := old.update(0); u.Seat != 1 {
		t.Fatalf("the first join of this version took seat %d, want 2", u.Seat+1)
	}
	tb.until("Ana to move", func() bool { return len(ana.last.Legal) > 0 })
	if err := ana.c.Move("b2", 0); err != nil {
		t.Fatal(err)
	}
	old.update(1)

	// Seated, every message of another version is refused in words.
	for _, m := range []struct {
		op   int64
		msg  any
		want string
	}{
		{protocol.OpMove, map[string]any{"v": protocol.Version - 1, "token": "a1", "ply": 1}, "too old"},
		{protocol.OpMove, map[string]any{"token": "a1", "ply": 1}, "no protocol version"},
		{protocol.OpResign, map[string]any{"v": protocol.Version - 1}, "too old"},
		{protocol.OpMove, map[string]any{"v": protocol.Version + 1, "token": "a1", "ply": 1}, "newer"},
		{7, map[string]any{"v": protocol.Version}, "does not know message 7"},
	} {
		old.send(m.op, m.msg)
		r := old.await("a refusal", func(x any) bool { _, ok := x.(*protocol.Refused); return ok }).(*protocol.Refused)
		t.Logf("op %d %v: %s", m.op, m.msg, r.Error)
		checkWords(t, r.Error)
		if !strings.Contains(r.Error, m.want) || !strings.Contains(r.Error, "update Tabula") {
			t.Errorf("op %d %v refused with %q: want %q and to update Tabula", m.op, m.msg, r.Error, m.want)
		}
	}
	// Nothing changed: a move of this version still plays at ply 1.
	old.move("a1", 1)
	if u := old.update(2); strings.Join(u.History, " ") != "a1" || u.From != 1 {
		t.Errorf("after the refusals the old client's move a1 gives history from %d %v", u.From, u.History)
	}
	tb.until("Ana sees a1", func() bool { return ana.last.Ply == 2 })
	if strings.Join(ana.history, " ") != "b2 a1" || len(ana.refused) != 0 {
		t.Errorf("Ana sees %v and %d refusals; want b2 a1 and none", ana.history, len(ana.refused))
	}
}
