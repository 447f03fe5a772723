// Package e2e plays Tabula over a real server: its own PostgreSQL cluster
// and Nakama with the Tabula plugin, in a temporary folder, on free ports
// of 127.0.0.1, driven by two clients over REST and the websocket.
//
// It needs the binaries of scripts/server.sh build (server/bin/nakama and
// server/bin/tabula.so) and PostgreSQL's server programs; without them it
// is skipped with a message saying so. Everything it starts it stops by
// process id.
package e2e

import (
	"encoding/json"
	"strings"
	"testing"

	"github.com/tabulagames/tabula/internal/servertest"
	"github.com/tabulagames/tabula/online/protocol"
)

// serverKey is the key the harness's server takes.
const serverKey = servertest.ServerKey

// server is one running PostgreSQL + Nakama, started by the harness the
// app's own online tests use (internal/servertest).
type server struct{ *servertest.Server }

func startServer(t *testing.T) *server { return &server{servertest.Start(t)} }

func (s *server) addr() string { return s.Addr }

// TestClassicGame: two people play tic-tac-toe to the end over the real
// server; a move out of turn and an illegal move are refused in words and
// change nothing.
func TestClassicGame(t *testing.T) {
	s := startServer(t)
	ana := s.signIn(t, "ana", "e2e-device-ana-0001")
	ben := s.signIn(t, "ben", "e2e-device-ben-0001")

	var inv protocol.Invitation
	err := ana.rpc(protocol.RPCCreate, protocol.CreateRequest{V: protocol.Version, Game: "classic",
		Seats: []protocol.SeatRequest{{Kind: "person"}, {Kind: "person"}}}, &inv)
	if err != nil {
		t.Fatalf("create: %v", err)
	}
	if inv.Seat != 0 || len(inv.Code) != protocol.CodeLength || inv.MatchID == "" || inv.Game != "classic" {
		t.Fatalf("create answered %+v: want seat 0, a code and a match id", inv)
	}
	t.Logf("match %s, code %s", inv.MatchID, inv.Code)

	// A bad request and an unknown code are refused in words.
	var none protocol.Invitation
	if err := ana.rpc(protocol.RPCCreate, protocol.CreateRequest{V: protocol.Version, Game: "chess"}, &none); err == nil {
		t.Error("creating a game of chess was accepted")
	} else {
		t.Logf("create chess: %v", err)
	}
	if err := ben.rpc(protocol.RPCFind, protocol.FindRequest{V: protocol.Version, Code: "KKKKKK"}, &none); err == nil || !strings.Contains(err.Error(), "KKKKKK") {
		t.Errorf("finding an unknown code: %v, want an error naming the code", err)
	}

	// Ben finds the match by its code as a person would type it.
	var found protocol.Invitation
	typed := strings.ToLower(inv.Code[:3] + " " + inv.Code[3:])
	if err := ben.rpc(protocol.RPCFind, protocol.FindRequest{V: protocol.Version, Code: typed}, &found); err != nil {
		t.Fatalf("find %q: %v", typed, err)
	}
	if found.MatchID != inv.MatchID || found.Seat != -1 {
		t.Fatalf("find answered %+v: want match %s and no seat yet", found, inv.MatchID)
	}

	ana.dial()
	defer ana.close()
	ben.dial()
	defer ben.close()
	if err := ana.join(inv.MatchID, protocol.Version); err != nil {
		t.Fatalf("ana joins: %v", err)
	}
	// A client of an old protocol is told in words to update.
	if err := ben.join(inv.MatchID, protocol.Version-1); err == nil || !strings.Contains(err.Error(), "update") {
		t.Errorf("a join with protocol %d: %v, want a refusal telling to update", protocol.Version-1, err)
	}
	if err := ben.join(inv.MatchID, protocol.Version); err != nil {
		t.Fatalf("ben joins: %v", err)
	}

	u := ana.update(0)
	if u.Seat != 0 || u.Game != "classic" || u.Code != inv.Code {
		t.Fatalf("ana's first update: %+v", u)
	}
	u = ben.update(0)
	if u.Seat != 1 {
		t.Fatalf("ben's first update is for seat %d, want 1", u.Seat)
	}
	if len(u.ToMove) != 1 || u.ToMove[0] != 0 {
		t.Fatalf("to move at the start: %v, want seat 0 (ana)", u.ToMove)
	}
	if len(u.Legal) != 0 {
		t.Errorf("ben has legal moves while it is ana's turn: %v", u.Legal)
	}

	// Rank 1 for ana: a1, b1, c1; ben plays a3 and b3.
	moves := []struct {
		who  *client
		tok  string
		seat int
	}{{ana, "a1", 0}, {ben, "a3", 1}, {ana, "b1", 0}, {ben, "b3", 1}, {ana, "c1", 0}}
	for ply, m := range moves {
		if ply == 1 {
			// Out of turn: ana moves again; refused naming ben.
			ana.move("c3", ply)
			r := ana.await("a refusal", func(m any) bool { _, ok := m.(*protocol.Refused); return ok }).(*protocol.Refused)
			if !strings.Contains(strings.ToLower(r.Error), "ben") || !strings.Contains(r.Error, " ") {
				t.Errorf("out of turn refused with %q: want words naming ben", r.Error)
			}
			t.Logf("out of turn: %s", r.Error)
			// Illegal: ben plays the square ana took.
			ben.move("a1", ply)
			r = ben.await("a refusal", func(m any) bool { _, ok := m.(*protocol.Refused); return ok }).(*protocol.Refused)
			if r.Error == "" || !strings.Contains(r.Error, " ") {
				t.Errorf("an illegal move refused with %q: want words", r.Error)
			}
			t.Logf("illegal: %s", r.Error)
		}
		m.who.move(m.tok, ply)
		for _, c := range []*client{ana, ben} {
			u := c.update(ply + 1)
			if got := u.History[len(u.History)-1]; got != m.tok {
				t.Fatalf("%s sees %q as move %d, want %q", c.name, got, ply+1, m.tok)
			}
		}
	}
	for _, c := range []*client{ana, ben} {
		f := c.await("the final record", func(m any) bool { _, ok := m.(*protocol.Final); return ok }).(*protocol.Final)
		if !json.Valid(f.Record) || len(f.Record) < 10 {
			t.Errorf("%s's final record: %s", c.name, f.Record)
		}
	}
	// The last update tells each side who won.
	for _, c := range []*client{ana, ben} {
		if c.last.Status != "win" || len(c.last.Winners) != 1 || c.last.Winners[0] != 0 {
			t.Errorf("%s's last update: status %q, winners %v, want a win of seat 0", c.name, c.last.Status, c.last.Winners)
		}
	}
}

// TestGameGoesOnAfterARestart: Nakama is stopped mid-game and started
// again on the same database; the code finds the stored game, which
// starts again with every move and both seats.
func TestGameGoesOnAfterARestart(t *testing.T) {
	s := startServer(t)
	ana := s.signIn(t, "ana", "e2e-device-ana-0002")
	ben := s.signIn(t, "ben", "e2e-device-ben-0002")
	var inv protocol.Invitation
	if err := ana.rpc(protocol.RPCCreate, protocol.CreateRequest{V: protocol.Version, Game: "classic",
		Seats: []protocol.SeatRequest{{Kind: "person"}, {Kind: "person"}}}, &inv); err != nil {
		t.Fatalf("create: %v", err)
	}
	ana.dial()
	ben.dial()
	if err := ana.join(inv.MatchID, protocol.Version); err != nil {
		t.Fatal(err)
	}
	if err := ben.join(inv.MatchID, protocol.Version); err != nil {
		t.Fatal(err)
	}
	ana.move("b2", 0)
	ben.update(1)
	ben.move("a1", 1)
	ana.update(2)

	s.Restart(t)
	ana.close()
	ben.close()

	for _, c := range []*client{ben, ana} {
		var again protocol.Invitation
		if err := c.rpc(protocol.RPCFind, protocol.FindRequest{V: protocol.Version, Code: inv.Code}, &again); err != nil {
			t.Fatalf("%s finds %s after the restart: %v", c.name, inv.Code, err)
		}
		if again.MatchID == inv.MatchID {
			t.Fatalf("find after the restart answered the old match %s", inv.MatchID)
		}
		c.dial()
		defer c.close()
		if err := c.join(again.MatchID, protocol.Version); err != nil {
			t.Fatalf("%s joins again: %v", c.name, err)
		}
		u := c.update(2)
		if u.From != 0 || strings.Join(u.History, " ") != "b2 a1" {
			t.Errorf("%s's first update after the restart: from %d, history %v: want the whole game, b2 a1", c.name, u.From, u.History)
		}
	}
	if ana.last.Seat != 0 || ben.last.Seat != 1 {
		t.Errorf("seats after the restart: ana %d, ben %d; want 0 and 1", ana.last.Seat, ben.last.Seat)
	}
	ana.move("c3", 2)
	for _, c := range []*client{ana, ben} {
		if u := c.update(3); u.History[len(u.History)-1] != "c3" {
			t.Errorf("%s sees %v after the restart's first move", c.name, u.History)
		}
	}
}

// TestAgainstABot: the server plays a bot seat (off the match loop, its
// move collected on a tick) until the game ends.
func TestAgainstABot(t *testing.T) {
	s := startServer(t)
	ana := s.signIn(t, "ana", "e2e-device-ana-0003")
	var inv protocol.Invitation
	if err := ana.rpc(protocol.RPCCreate, protocol.CreateRequest{V: protocol.Version, Game: "classic",
		Seats: []protocol.SeatRequest{{Kind: "person"}, {Kind: "bot", Bot: "easy"}}}, &inv); err != nil {
		t.Fatalf("create: %v", err)
	}
	ana.dial()
	defer ana.close()
	if err := ana.join(inv.MatchID, protocol.Version); err != nil {
		t.Fatal(err)
	}
	u := ana.update(0)
	for moves := 0; u.Status == "ongoing"; {
		if len(u.ToMove) == 1 && u.ToMove[0] == 0 {
			if len(u.Legal) == 0 {
				t.Fatalf("ana's turn with no legal moves: %+v", u)
			}
			ana.move(u.Legal[0], u.Ply)
			moves++
			if moves > 5 {
				t.Fatal("ana has moved more than five times in tic-tac-toe")
			}
		}
		// Ana's move and the bot's answer may come in one update (the
		// bot can answer within the tick that played Ana's move).
		ply := u.Ply
		u = ana.await("the next update", func(m any) bool { v, ok := m.(*protocol.Update); return ok && v.Ply > ply }).(*protocol.Update)
	}
	if u.Ply < 5 || u.Ply > 9 {
		t.Errorf("the game ended at ply %d", u.Ply)
	}
	ana.await("the final record", func(m any) bool { _, ok := m.(*protocol.Final); return ok })
	t.Logf("ana vs easy: %s after %d moves (%s)", u.Status, u.Ply, u.Reason)
}
