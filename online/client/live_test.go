package client

import (
	"os"
	"testing"

	"github.com/tabulagames/tabula/online/protocol"
)

// TestLive plays the first moves of a tic-tac-toe game between two
// clients on a real server: TABULA_LIVE_SERVER=host:port (and
// TABULA_LIVE_KEY, "defaultkey" when unset): create, find by code, join,
// a move seen by the other, a socket cut and rejoined, a move out of turn
// refused, a resignation ending the game.
func TestLive(t *testing.T) {
	addr := os.Getenv("TABULA_LIVE_SERVER")
	if addr == "" {
		t.Skip("TABULA_LIVE_SERVER=host:port is not set")
	}
	key := os.Getenv("TABULA_LIVE_KEY")
	if key == "" {
		key = "defaultkey"
	}
	cfg := func(name string) Config {
		return Config{Addr: addr, ServerKey: key, DeviceID: NewDeviceID(), Name: name}
	}
	a := dial(t, cfg("LiveAna"))
	b := dial(t, cfg("LiveBen"))
	inv, err := a.Create(ctx(t), protocol.CreateRequest{Game: "classic", Seats: []protocol.SeatRequest{
		{Kind: "person", Name: "Ana"}, {Kind: "person", Name: "Ben"}}})
	if err != nil {
		t.Fatalf("Create: %v", err)
	}
	if err := a.Join(ctx(t), inv.MatchID); err != nil {
		t.Fatalf("Ana joins: %v", err)
	}
	found, err := b.Find(ctx(t), inv.Code)
	if err != nil || found.MatchID != inv.MatchID {
		t.Fatalf("Find %s: %+v %v", inv.Code, found, err)
	}
	if err := b.Join(ctx(t), found.MatchID); err != nil {
		t.Fatalf("Ben joins: %v", err)
	}
	seat := map[*Client]*protocol.Update{}
	for _, c := range []*Client{a, b} {
		m, _ := waitFor(t, c, "the whole game", func(m any) bool {
			u, ok := m.(*protocol.Update)
			return ok && u.From == 0 && len(u.Seats) == 2 && u.Seats[0].Joined && u.Seats[1].Joined
		})
		seat[c] = m.(*protocol.Update)
	}
	// Whoever is to move plays their first legal move; the other sees it.
	mover, other := a, b
	if len(seat[a].Legal) == 0 {
		mover, other = b, a
	}
	u := seat[mover]
	if len(u.Legal) == 0 {
		t.Fatalf("nobody may move: %+v", u)
	}
	if err := mover.Move(u.Legal[0], u.Ply); err != nil {
		t.Fatal(err)
	}
	waitFor(t, other, "the move", func(m any) bool {
		v, ok := m.(*protocol.Update)
		return ok && v.Ply == u.Ply+1
	})
	// A socket cut under the mover: it reconnects, rejoins and gets the
	// whole game again.
	mover.mu.Lock()
	_ = mover.sock.conn.Close()
	mover.mu.Unlock()
	waitFor(t, mover, "Dropped", func(m any) bool { _, ok := m.(Dropped); return ok })
	waitFor(t, mover, "Reconnected", func(m any) bool { _, ok := m.(Reconnected); return ok })
	waitFor(t, mover, "the whole game again", func(m any) bool {
		v, ok := m.(*protocol.Update)
		return ok && v.From == 0 && v.Ply == u.Ply+1
	})
	// A move out of turn is refused in words.
	if err := mover.Move(u.Legal[0], u.Ply+1); err != nil {
		t.Fatal(err)
	}
	m, _ := waitFor(t, mover, "a refusal", func(m any) bool { _, ok := m.(*protocol.Refused); return ok })
	if r := m.(*protocol.Refused); r.Error == "" {
		t.Fatalf("refused without words: %+v", r)
	}
	if err := other.Resign(); err != nil {
		t.Fatal(err)
	}
	waitFor(t, mover, "the final record", func(m any) bool { _, ok := m.(*protocol.Final); return ok })
}
