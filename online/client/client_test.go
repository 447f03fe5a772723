package client

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"net"
	"net/http"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/tabulagames/tabula/online/protocol"
)

// patience bounds every wait in these tests so a broken client fails
// rather than hangs; no test asserts how long anything takes.
const patience = 10 * time.Second

func dial(t *testing.T, cfg Config) *Client {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), patience)
	defer cancel()
	c, err := Dial(ctx, cfg)
	if err != nil {
		t.Fatalf("Dial: %v", err)
	}
	t.Cleanup(c.Close)
	return c
}

// waitFor reads Messages until ok says yes, and gives what came before.
func waitFor(t *testing.T, c *Client, what string, ok func(any) bool) (got any, before []any) {
	t.Helper()
	timer := time.NewTimer(patience)
	defer timer.Stop()
	for {
		select {
		case m, open := <-c.Messages():
			if !open {
				t.Fatalf("Messages closed while waiting for %s (before: %v)", what, before)
			}
			if ok(m) {
				return m, before
			}
			before = append(before, m)
		case <-timer.C:
			t.Fatalf("no %s came (got %v)", what, before)
		}
	}
}

func isUpdate(ply, from int) func(any) bool {
	return func(m any) bool {
		u, ok := m.(*protocol.Update)
		return ok && u.Ply == ply && u.From == from
	}
}

func is[T any](m any) bool { _, ok := m.(T); return ok }

func ctx(t *testing.T) context.Context {
	c, cancel := context.WithTimeout(context.Background(), patience)
	t.Cleanup(cancel)
	return c
}

func TestAuthAndRPC(t *testing.T) {
	f := newFake(t)
	c := dial(t, f.config("device-000001", "Ana Maria"))
	if c.UserID() != "user-1" || c.Username() != "Ana_Maria" {
		t.Fatalf("user %q %q, want user-1 Ana_Maria", c.UserID(), c.Username())
	}
	inv, err := c.Create(ctx(t), protocol.CreateRequest{Game: "classic", Seats: []protocol.SeatRequest{{Kind: "person"}, {Kind: "bot", Bot: "easy"}}})
	if err != nil || inv.Code != "K7M3QX" || inv.MatchID == "" || inv.Game != "classic" {
		t.Fatalf("Create = %+v, %v", inv, err)
	}
	found, err := c.Find(ctx(t), " k7m-3qx ")
	if err != nil || found.MatchID != inv.MatchID {
		t.Fatalf("Find = %+v, %v; want match %s", found, err, inv.MatchID)
	}
	if _, err := c.Find(ctx(t), "K7M3Q0"); err == nil || !strings.Contains(err.Error(), "0 is not one of them") {
		t.Fatalf("Find of a code with 0: %v", err)
	}
	if _, err := c.Find(ctx(t), "AAAAAA"); err == nil || err.Error() != "No game has the code AAAAAA" {
		t.Fatalf("Find of an unknown code: %v", err)
	}
	if _, err := c.Create(ctx(t), protocol.CreateRequest{Game: "nogame"}); err == nil || err.Error() != "There is no game called nogame" {
		t.Fatalf("Create of no game: %v", err)
	}
	if _, err := c.Create(ctx(t), protocol.CreateRequest{Game: "newer"}); err == nil || !strings.Contains(err.Error(), "newer version of Tabula") {
		t.Fatalf("an answer of protocol 2: %v", err)
	}
	var out protocol.Invitation
	if err := c.rpc(ctx(t), "nothing", protocol.FindRequest{}, &out); err == nil || err.Error() != "The server at "+f.addr()+" does not run Tabula's games" {
		t.Fatalf("an RPC the server lacks: %v", err)
	}
	// The same device comes back to the same account.
	d := dial(t, f.config("device-000001", "Other"))
	if d.UserID() != "user-1" || d.Username() != "Ana_Maria" {
		t.Fatalf("the same device: %q %q", d.UserID(), d.Username())
	}
}

func TestUsernameTaken(t *testing.T) {
	f := newFake(t)
	a := dial(t, f.config("device-aaaaaa", "Ana"))
	b := dial(t, f.config("device-bbbbbb", "Ana"))
	if a.Username() != "Ana" || !strings.HasPrefix(b.Username(), "Ana-") || len(b.Username()) != len("Ana-0000") {
		t.Fatalf("usernames %q %q", a.Username(), b.Username())
	}
	third, err := newClient(f.config("device-cccccc", "Ana"))
	if err != nil {
		t.Fatal(err)
	}
	f.mu.Lock()
	f.names[third.usernames()[1]] = true
	f.mu.Unlock()
	c := dial(t, f.config("device-cccccc", "Ana"))
	if !strings.HasPrefix(c.Username(), "gen") {
		t.Fatalf("a third Ana: %q, want a name the server made up", c.Username())
	}
	if a.UserID() == b.UserID() || b.UserID() == c.UserID() {
		t.Fatal("three devices share an account")
	}
}

func TestServerKeyRefused(t *testing.T) {
	f := newFake(t)
	cfg := f.config("device-000001", "Ana")
	cfg.ServerKey = "wrong"
	_, err := Dial(ctx(t), cfg)
	if err == nil || err.Error() != "The server refused the server key" {
		t.Fatalf("Dial with a wrong key: %v", err)
	}
}

func TestUnreachable(t *testing.T) {
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	addr := l.Addr().String()
	l.Close()
	_, err = Dial(ctx(t), Config{Addr: addr, ServerKey: "k", DeviceID: NewDeviceID(), Name: "Ana"})
	if err == nil || err.Error() != "The server at "+addr+" does not answer" {
		t.Fatalf("Dial of nothing: %v", err)
	}
	if !errors.Is(err, ErrUnreachable) {
		t.Errorf("Dial of nothing is not ErrUnreachable: %v", err)
	}
}

func TestNotNakama(t *testing.T) {
	srv := http.Server{Handler: http.NotFoundHandler()}
	l, _ := net.Listen("tcp", "127.0.0.1:0")
	go srv.Serve(l)
	defer srv.Close()
	_, err := Dial(ctx(t), Config{Addr: l.Addr().String(), ServerKey: "k", DeviceID: NewDeviceID()})
	want := "The server at " + l.Addr().String() + " does not speak Tabula's online protocol (it answered HTTP 404)"
	if err == nil || err.Error() != want {
		t.Fatalf("Dial of a plain web server: %v", err)
	}
}

func TestConfigWords(t *testing.T) {
	for _, tc := range []struct {
		cfg  Config
		want string
	}{
		{Config{Addr: "", ServerKey: "k", DeviceID: "device-0001"}, "No server address"},
		{Config{Addr: "ftp://x", ServerKey: "k", DeviceID: "device-0001"}, "is not a server address"},
		{Config{Addr: "http://", ServerKey: "k", DeviceID: "device-0001"}, "is not a server address"},
		{Config{Addr: "a b:1", ServerKey: "k", DeviceID: "device-0001"}, "is not a server address"},
		{Config{Addr: "h:1", ServerKey: "k", DeviceID: "short"}, "10 to 128 characters"},
		{Config{Addr: "h:1", ServerKey: "k", DeviceID: "device 0001"}, "spaces or control"},
		{Config{Addr: "h:1", ServerKey: "", DeviceID: "device-0001"}, "server key is missing"},
	} {
		_, err := Dial(context.Background(), tc.cfg)
		if err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("Dial(%+v) = %v, want %q", tc.cfg, err, tc.want)
		}
	}
	for addr, want := range map[string][2]string{
		"h:1":              {"http://h:1", "ws://h:1/ws"},
		"http://h:1/":      {"http://h:1", "ws://h:1/ws"},
		"https://play.org": {"https://play.org", "wss://play.org/ws"},
	} {
		b, w, err := parseAddr(addr)
		if err != nil || b != want[0] || w != want[1] {
			t.Errorf("parseAddr(%q) = %q %q %v", addr, b, w, err)
		}
	}
	if id := NewDeviceID(); checkDeviceID(id) != nil || id == NewDeviceID() {
		t.Errorf("NewDeviceID gave %q", id)
	}
}

func TestJoinAndDataBothWays(t *testing.T) {
	f := newFake(t)
	var mu sync.Mutex
	var frames [][]byte
	cfgA := f.config("device-aaaaaa", "Ana")
	cfgA.OnFrame = func(raw []byte) {
		mu.Lock()
		frames = append(frames, raw)
		mu.Unlock()
	}
	a := dial(t, cfgA)
	b := dial(t, f.config("device-bbbbbb", "Ben"))
	inv, err := a.Create(ctx(t), protocol.CreateRequest{Game: "classic", Seats: []protocol.SeatRequest{{Kind: "person"}, {Kind: "person"}}})
	if err != nil {
		t.Fatal(err)
	}
	if err := a.Move("a1", 0); err == nil || err.Error() != "Not in a game: join one first" {
		t.Fatalf("a move before joining: %v", err)
	}
	if err := a.Join(ctx(t), inv.MatchID); err != nil {
		t.Fatalf("Join: %v", err)
	}
	binv, err := b.Find(ctx(t), inv.Code)
	if err != nil {
		t.Fatal(err)
	}
	if err := b.Join(ctx(t), binv.MatchID); err != nil {
		t.Fatalf("Join: %v", err)
	}
	waitFor(t, a, "the first update", isUpdate(0, 0))
	waitFor(t, b, "the first update", isUpdate(0, 0))

	if err := a.Move("a1", 0); err != nil {
		t.Fatal(err)
	}
	for _, c := range []*Client{a, b} {
		m, _ := waitFor(t, c, "the update after a1", isUpdate(1, 0))
		if u := m.(*protocol.Update); len(u.History) != 1 || u.History[0] != "m0" || u.Code != "K7M3QX" {
			t.Fatalf("update %+v", u)
		}
	}
	f.mu.Lock()
	sent := f.sent[len(f.sent)-1]
	f.mu.Unlock()
	var mv protocol.Move
	if sent.op != protocol.OpMove || sent.match != inv.MatchID || json.Unmarshal(sent.data, &mv) != nil || mv != (protocol.Move{V: 1, Token: "a1", Ply: 0}) {
		t.Fatalf("the server got op %d %s in %s", sent.op, sent.data, sent.match)
	}
	// A refused move, and a resignation.
	if err := b.Move("bad", 1); err != nil {
		t.Fatal(err)
	}
	m, _ := waitFor(t, b, "a refusal", is[*protocol.Refused])
	if r := m.(*protocol.Refused); r.Token != "bad" || r.Error != "That is not a legal move" {
		t.Fatalf("refused %+v", r)
	}
	if err := b.Resign(); err != nil {
		t.Fatal(err)
	}
	m, _ = waitFor(t, a, "the final record", is[*protocol.Final])
	if string(m.(*protocol.Final).Record) != `{"game":"classic"}` {
		t.Fatalf("final %s", m.(*protocol.Final).Record)
	}
	if err := a.Move(strings.Repeat("x", protocol.MaxClientMessage), 1); err == nil || !strings.Contains(err.Error(), "too long") {
		t.Fatalf("a long move: %v", err)
	}
	// The raw frames: the helper reads exactly what the seat got.
	mu.Lock()
	seen := frames
	mu.Unlock()
	var updates int
	for _, raw := range seen {
		if op, data, ok := MatchData(raw); ok && op == protocol.OpUpdate {
			var u protocol.Update
			if json.Unmarshal(data, &u) != nil || u.V != protocol.Version {
				t.Fatalf("frame %s", raw)
			}
			updates++
		}
	}
	if updates < 2 {
		t.Fatalf("%d update frames seen by OnFrame", updates)
	}
	if err := a.Leave(ctx(t)); err != nil {
		t.Fatal(err)
	}
	if err := a.Leave(ctx(t)); err != nil {
		t.Fatalf("a second Leave: %v", err)
	}
	if err := a.Move("b2", 1); err == nil {
		t.Fatal("a move after leaving was sent")
	}
}

func TestDataBeforeJoinReply(t *testing.T) {
	f := newFake(t)
	f.dataFirst = true
	a := dial(t, f.config("device-aaaaaa", "Ana"))
	inv, err := a.Create(ctx(t), protocol.CreateRequest{Game: "classic"})
	if err != nil {
		t.Fatal(err)
	}
	if err := a.Join(ctx(t), inv.MatchID); err != nil {
		t.Fatal(err)
	}
	waitFor(t, a, "the update sent before the join reply", isUpdate(0, 0))
}

func TestJoinRefused(t *testing.T) {
	f := newFake(t)
	a := dial(t, f.config("device-aaaaaa", "Ana"))
	inv, _ := a.Create(ctx(t), protocol.CreateRequest{Game: "classic"})
	f.mu.Lock()
	f.reject = "Every seat of this game is taken"
	f.mu.Unlock()
	if err := a.Join(ctx(t), inv.MatchID); err == nil || err.Error() != "Every seat of this game is taken" {
		t.Fatalf("a refused join: %v", err)
	}
	if err := a.Move("a1", 0); err == nil {
		t.Fatal("a move after a refused join was sent")
	}
	if err := a.Join(ctx(t), "00000009-0000-4000-8000-000000000000.nakama1"); err == nil || err.Error() != "That game is no longer running on the server" {
		t.Fatalf("joining a match that is not running: %v", err)
	}
	if err := a.Join(ctx(t), ""); err == nil {
		t.Fatal("joining no match")
	}
}

func TestJoinAnotherLeavesTheFirst(t *testing.T) {
	f := newFake(t)
	a := dial(t, f.config("device-aaaaaa", "Ana"))
	one, _ := a.Create(ctx(t), protocol.CreateRequest{Game: "classic"})
	if err := a.Join(ctx(t), one.MatchID); err != nil {
		t.Fatal(err)
	}
	f.mu.Lock()
	two := f.start("QQQQQQ")
	f.mu.Unlock()
	if err := a.Join(ctx(t), two); err != nil {
		t.Fatal(err)
	}
	f.mu.Lock()
	defer f.mu.Unlock()
	for c := range f.conns {
		c.mu.Lock()
		in := c.match
		c.mu.Unlock()
		if in != two {
			t.Fatalf("the socket is in %q, want %q", in, two)
		}
	}
}

func TestDropReconnectRejoin(t *testing.T) {
	f := newFake(t)
	a := dial(t, f.config("device-aaaaaa", "Ana"))
	inv, _ := a.Create(ctx(t), protocol.CreateRequest{Game: "classic"})
	if err := a.Join(ctx(t), inv.MatchID); err != nil {
		t.Fatal(err)
	}
	if err := a.Move("a1", 0); err != nil {
		t.Fatal(err)
	}
	waitFor(t, a, "the update", isUpdate(1, 0))
	f.dropAll()
	m, _ := waitFor(t, a, "Dropped", is[Dropped])
	if err := m.(Dropped).Err; err == nil || !strings.Contains(err.Error(), "The connection to the server at "+f.addr()) {
		t.Fatalf("dropped: %v", err)
	}
	if fmt.Sprint(m) == "" {
		t.Fatal("Dropped has no words")
	}
	waitFor(t, a, "Reconnected", is[Reconnected])
	waitFor(t, a, "the whole game again", isUpdate(1, 0))
	f.mu.Lock()
	joins := len(f.joins)
	f.mu.Unlock()
	if joins != 2 {
		t.Fatalf("%d joins, want 2 (the join and the rejoin)", joins)
	}
	if err := a.Move("b2", 1); err != nil {
		t.Fatalf("a move after the rejoin: %v", err)
	}
	waitFor(t, a, "the update after the rejoin", isUpdate(2, 1))
}

// TestNoMoveWhileRejoining: between the new socket and the rejoin's reply
// a move would go to a match the socket is not in and be lost; it is
// refused in words instead, and works again once the game is back.
func TestNoMoveWhileRejoining(t *testing.T) {
	f := newFake(t)
	a := dial(t, f.config("device-aaaaaa", "Ana"))
	inv, _ := a.Create(ctx(t), protocol.CreateRequest{Game: "classic"})
	if err := a.Join(ctx(t), inv.MatchID); err != nil {
		t.Fatal(err)
	}
	waitFor(t, a, "the update", isUpdate(0, 0))
	hold := make(chan struct{})
	f.mu.Lock()
	f.holdJoin = hold
	f.mu.Unlock()
	f.dropAll()
	waitFor(t, a, "Dropped", is[Dropped])
	waitFor(t, a, "Reconnected", is[Reconnected])
	if err := a.Move("a1", 0); !errors.Is(err, ErrRejoining) {
		t.Fatalf("a move while rejoining: %v, want ErrRejoining", err)
	}
	if err := a.Resign(); !errors.Is(err, ErrRejoining) {
		t.Fatalf("a resignation while rejoining: %v, want ErrRejoining", err)
	}
	f.mu.Lock()
	sent := len(f.sent)
	f.holdJoin = nil
	f.mu.Unlock()
	if sent != 0 {
		t.Fatalf("%d messages reached the server while rejoining", sent)
	}
	close(hold)
	waitFor(t, a, "the whole game again", isUpdate(0, 0))
	if err := a.Move("a1", 0); err != nil {
		t.Fatalf("a move after the rejoin: %v", err)
	}
	waitFor(t, a, "the update after the rejoin", isUpdate(1, 0))
}

func TestRejoinAfterRestart(t *testing.T) {
	f := newFake(t)
	a := dial(t, f.config("device-aaaaaa", "Ana"))
	inv, _ := a.Create(ctx(t), protocol.CreateRequest{Game: "classic"})
	if err := a.Join(ctx(t), inv.MatchID); err != nil {
		t.Fatal(err)
	}
	waitFor(t, a, "the update", isUpdate(0, 0))
	f.restart()
	waitFor(t, a, "Dropped", is[Dropped])
	_, before := waitFor(t, a, "Reconnected", is[Reconnected])
	for _, m := range before {
		if p, ok := m.(Problem); ok {
			t.Fatalf("a problem while rejoining: %v", p.Err)
		}
	}
	waitFor(t, a, "the whole game again", isUpdate(0, 0))
	f.mu.Lock()
	now := f.codes["K7M3QX"]
	f.mu.Unlock()
	a.mu.Lock()
	in := a.match
	a.mu.Unlock()
	if now == inv.MatchID || in != now {
		t.Fatalf("after the restart the client is in %s; the code's match is %s (was %s)", in, now, inv.MatchID)
	}
}

func TestRejoinRefused(t *testing.T) {
	f := newFake(t)
	a := dial(t, f.config("device-aaaaaa", "Ana"))
	inv, _ := a.Create(ctx(t), protocol.CreateRequest{Game: "classic"})
	if err := a.Join(ctx(t), inv.MatchID); err != nil {
		t.Fatal(err)
	}
	f.mu.Lock()
	f.reject = "The game is over"
	f.mu.Unlock()
	f.dropAll()
	waitFor(t, a, "Reconnected", is[Reconnected])
	m, _ := waitFor(t, a, "a problem", is[Problem])
	if err := m.(Problem).Err; err.Error() != "Tabula could not rejoin the game: the game is over" {
		t.Fatalf("problem %v", err)
	}
	if err := a.Move("a1", 0); err == nil {
		t.Fatal("a move into a game not rejoined was sent")
	}
}

func TestReconnectReauthenticates(t *testing.T) {
	f := newFake(t)
	a := dial(t, f.config("device-aaaaaa", "Ana"))
	inv, _ := a.Create(ctx(t), protocol.CreateRequest{Game: "classic"})
	if err := a.Join(ctx(t), inv.MatchID); err != nil {
		t.Fatal(err)
	}
	before := f.count(&f.auths)
	f.revoke() // the socket handshake answers 401: log in again
	f.dropAll()
	waitFor(t, a, "Reconnected", is[Reconnected])
	if f.count(&f.auths) != before+1 {
		t.Fatalf("%d authentications, want %d", f.count(&f.auths), before+1)
	}
	f.revoke() // an RPC answers 401: log in again and call again
	if _, err := a.Find(ctx(t), inv.Code); err != nil {
		t.Fatal(err)
	}
	if f.count(&f.auths) != before+2 {
		t.Fatalf("%d authentications, want %d", f.count(&f.auths), before+2)
	}
}

func TestSessionRefresh(t *testing.T) {
	f := newFake(t)
	a := dial(t, f.config("device-aaaaaa", "Ana"))
	if _, err := a.Create(ctx(t), protocol.CreateRequest{Game: "classic"}); err != nil {
		t.Fatal(err)
	}
	if f.count(&f.refreshes) != 0 {
		t.Fatal("a fresh session was refreshed")
	}
	// Near its expiry (the client's clock moved on), the session is
	// refreshed before the call.
	a.mu.Lock()
	a.now = func() time.Time { return time.Now().Add(59 * time.Minute) }
	a.mu.Unlock()
	old := a.sess.token
	if _, err := a.Find(ctx(t), "K7M3QX"); err != nil {
		t.Fatal(err)
	}
	if f.count(&f.refreshes) != 1 || a.sess.token == old {
		t.Fatalf("%d refreshes", f.count(&f.refreshes))
	}
	// With the refresh token gone too, the client logs in again.
	auths := f.count(&f.auths)
	f.revoke()
	a.now = func() time.Time { return time.Now().Add(2 * time.Hour) }
	if _, err := a.Find(ctx(t), "K7M3QX"); err != nil {
		t.Fatal(err)
	}
	if f.count(&f.auths) != auths+1 {
		t.Fatalf("%d authentications, want %d", f.count(&f.auths), auths+1)
	}
}

func TestMalformedFrames(t *testing.T) {
	f := newFake(t)
	a := dial(t, f.config("device-aaaaaa", "Ana"))
	inv, _ := a.Create(ctx(t), protocol.CreateRequest{Game: "classic"})
	if err := a.Join(ctx(t), inv.MatchID); err != nil {
		t.Fatal(err)
	}
	waitFor(t, a, "the update", isUpdate(0, 0))
	m := inv.MatchID
	for _, tc := range []struct {
		frame string
		want  string
	}{
		{`not json`, "cannot read"},
		{`{"match_data":{"match_id":"` + m + `","op_code":"10","data":"!!!"}}`, "cannot read"},
		{`{"match_data":{"match_id":"` + m + `","op_code":"x"}}`, "cannot read"},
		{`{"match_data":{"match_id":"` + m + `","op_code":"10","data":"bm90IGpzb24="}}`, "cannot read"},
		{string(dataFrame(m, 10, []byte(`{"v":2}`))), "newer version"},
		{string(dataFrame(m, 10, []byte(`{"v":0}`))), "older version"},
		{string(dataFrame(m, 11, []byte(`{"error":"x"}`))), "without a protocol version"},
		{string(dataFrame(m, 12, []byte(`{"v":1,"record":5`))), "cannot read"},
		{string(dataFrame(m, 10, []byte(`{"v":1,"ply":"two"}`))), "cannot read"},
		{string(dataFrame(m, 99, []byte(`{"v":1}`))), "does not know (op 99)"},
		{`{"error":{"code":3,"message":"Invalid match ID"}}`, "The server said: Invalid match ID"},
		{`{"error":{"code":7}}`, "could not do what was asked"},
		{`{"error":{"code":5}}`, "did not let this device in"},
	} {
		f.toAll([]byte(tc.frame))
		got, _ := waitFor(t, a, "a problem", is[Problem])
		if err := got.(Problem).Err; err == nil || !strings.Contains(err.Error(), tc.want) || fmt.Sprint(got) == "" {
			t.Errorf("frame %s: %v, want %q", tc.frame, err, tc.want)
		}
	}
	// Frames the client has no use for are passed over: another match's
	// data, presence events, a reply nobody waits for, a number op code.
	f.toAll(dataFrame("other.match", 10, []byte(`{"v":1}`)))
	f.toAll([]byte(`{"cid":"999","match":{"match_id":"x"}}`))
	f.toAll([]byte(`{"match_presence_event":{"match_id":"` + m + `"}}`))
	f.toAll([]byte(`{"match_data":{"match_id":"` + m + `","op_code":11,"data":"eyJ2IjoxLCJlcnJvciI6Im9rIn0="}}`))
	got, before := waitFor(t, a, "a refusal", is[*protocol.Refused])
	if got.(*protocol.Refused).Error != "ok" || len(before) != 0 {
		t.Fatalf("got %v after %v", got, before)
	}
}

func TestSlowConsumer(t *testing.T) {
	f := newFake(t)
	cfg := f.config("device-aaaaaa", "Ana")
	cfg.Buffer = 2
	cfg.SlowReader = time.Millisecond
	a := dial(t, cfg)
	inv, _ := a.Create(ctx(t), protocol.CreateRequest{Game: "classic"})
	if err := a.Join(ctx(t), inv.MatchID); err != nil {
		t.Fatal(err)
	}
	// Nobody reads while the game moves on: the client drops the socket
	// rather than wait, and once read it rejoins for the whole game.
	f.mu.Lock()
	joins := len(f.joins)
	f.mu.Unlock()
	for i := 0; i < 6; i++ {
		f.mu.Lock()
		f.ply[inv.MatchID]++
		upd := f.update(inv.MatchID, f.ply[inv.MatchID]-1)
		f.mu.Unlock()
		f.toAll(dataFrame(inv.MatchID, protocol.OpUpdate, upd))
	}
	for {
		f.mu.Lock()
		n := len(f.conns)
		f.mu.Unlock()
		if n == 0 {
			break // the client hung up
		}
		time.Sleep(time.Millisecond)
	}
	waitFor(t, a, "the whole game again", isUpdate(6, 0))
	f.mu.Lock()
	defer f.mu.Unlock()
	if len(f.joins) != joins+1 {
		t.Fatalf("%d joins, want %d", len(f.joins), joins+1)
	}
}

func TestGiveUp(t *testing.T) {
	f := newFake(t)
	cfg := f.config("device-aaaaaa", "Ana")
	cfg.ReconnectTries = 2
	a := dial(t, cfg)
	f.waitConns(1)
	f.mu.Lock()
	f.wsStatus = http.StatusServiceUnavailable
	f.mu.Unlock()
	f.dropAll()
	waitFor(t, a, "Dropped", is[Dropped])
	m, _ := waitFor(t, a, "a problem", is[Problem])
	want := "Tabula gave up reconnecting after 2 tries: the server at " + f.addr() + " does not speak Tabula's online protocol (its socket answered HTTP 503)"
	if err := m.(Problem).Err; err.Error() != want {
		t.Fatalf("gave up: %v\nwant %s", err, want)
	}
	if err := a.Resign(); err == nil || err.Error() != "Not in a game: join one first" {
		t.Fatalf("resign while not in a game: %v", err)
	}
	a.mu.Lock()
	a.match = "x"
	a.mu.Unlock()
	if err := a.Resign(); err == nil || !strings.Contains(err.Error(), "reconnecting") {
		t.Fatalf("resign while not connected: %v", err)
	}
	a.Close()
	if _, open := <-a.Messages(); open {
		t.Fatal("Messages open after Close")
	}
	a.Close() // twice is fine
	if err := a.Join(ctx(t), "x"); err == nil || !strings.Contains(err.Error(), "closed") {
		t.Fatalf("join after Close: %v", err)
	}
}

func TestPings(t *testing.T) {
	f := newFake(t)
	cfg := f.config("device-aaaaaa", "Ana")
	cfg.PingInterval = time.Millisecond
	dial(t, cfg)
	for f.count(&f.pings) < 2 {
		time.Sleep(time.Millisecond)
	}
	f.waitConns(1)
	// Nakama pings with control frames: the client answers.
	f.mu.Lock()
	var cs []*fakeConn
	for c := range f.conns {
		cs = append(cs, c)
	}
	f.mu.Unlock()
	for _, c := range cs {
		c.mu.Lock()
		_ = c.ws.WriteControl(9, []byte("p"), time.Now().Add(patience))
		c.mu.Unlock()
	}
	for f.count(&f.pongs) < 1 {
		time.Sleep(time.Millisecond)
	}
}

func TestLowerFirst(t *testing.T) {
	for in, want := range map[string]string{"The x": "the x", "HTTP 5": "HTTP 5", "Tabula y": "Tabula y", "": ""} {
		var err error
		if in != "" {
			err = errors.New(in)
		}
		if got := lowerFirst(err); got != want {
			t.Errorf("lowerFirst(%q) = %q", in, got)
		}
	}
	if fmt.Sprint(Reconnected{}) != "reconnected" {
		t.Error("Reconnected words")
	}
}

func TestWords(t *testing.T) {
	c, err := newClient(Config{Addr: "h:1", ServerKey: "k", DeviceID: "device-0001"})
	if err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		err  error
		want string
	}{
		{&httpError{status: 401, message: "Server key invalid"}, "The server refused the server key"},
		{&httpError{status: 403, message: "User account banned."}, "The server has banned this device's account"},
		{&httpError{status: 409}, "The server has no free username for this name: choose another name"},
		{&httpError{status: 400, message: "Device ID invalid, must be 10-128 bytes."}, "The server refused this device's account: Device ID invalid, must be 10-128 bytes"},
		{&httpError{status: 404, message: "User account not found."}, "The server refused this device's account: User account not found"},
		{&httpError{status: 500, message: "boom"}, "The server at h:1 has a problem (HTTP 500)"},
		{errors.New("as it is"), "as it is"},
	} {
		if got := c.authWords(tc.err); got.Error() != tc.want {
			t.Errorf("authWords(%v) = %q, want %q", tc.err, got, tc.want)
		}
	}
	if (&httpError{status: 500, message: "x"}).Error() != "HTTP 500: x" {
		t.Error("httpError words")
	}
	for _, tok := range []string{"", "a.b", "a.!!!.c", "a." + "bnVsbA" + ".c", "a.e30.c"} {
		if _, err := readToken(tok); err == nil {
			t.Errorf("readToken(%q) read a token", tok)
		}
	}
	if err := c.socketWords(errNoSocket, nil); err != errNoSocket {
		t.Errorf("socketWords(errNoSocket) = %v", err)
	}
	if err := c.socketWords(errors.New("x"), &http.Response{StatusCode: 401}); err.Error() != "The server did not take this device's session" {
		t.Errorf("socketWords(401) = %v", err)
	}
	if err := c.dropWords(&net.OpError{Op: "read", Err: timeoutErr{}}); err.Error() != "The server at h:1 stopped answering" {
		t.Errorf("dropWords(timeout) = %v", err)
	}
	c.Close()
	if err := c.unreachable(errors.New("x")); err.Error() != "The client was closed" {
		t.Errorf("unreachable after Close = %v", err)
	}
	if err := c.dropWords(errors.New("x")); err != errClosed {
		t.Errorf("dropWords after Close = %v", err)
	}
}

type timeoutErr struct{}

func (timeoutErr) Error() string   { return "i/o timeout" }
func (timeoutErr) Timeout() bool   { return true }
func (timeoutErr) Temporary() bool { return true }

func TestUnansweredJoin(t *testing.T) {
	f := newFake(t)
	f.silent = true
	a := dial(t, f.config("device-aaaaaa", "Ana"))
	inv, _ := a.Create(ctx(t), protocol.CreateRequest{Game: "classic"})
	short, cancel := context.WithTimeout(context.Background(), 20*time.Millisecond)
	defer cancel()
	if err := a.Join(short, inv.MatchID); err == nil || err.Error() != "The server at "+f.addr()+" did not answer in time" {
		t.Fatalf("an unanswered join: %v", err)
	}
	stopped, stop := context.WithCancel(context.Background())
	stop()
	if err := a.Join(stopped, inv.MatchID); err == nil || err.Error() != "Stopped before the server answered" {
		t.Fatalf("a cancelled join: %v", err)
	}
	if _, err := a.Find(stopped, inv.Code); err == nil || err.Error() != "Stopped before the server answered" {
		t.Fatalf("a cancelled find: %v", err)
	}
	// Close while a join waits: the join ends, in words.
	done := make(chan error, 1)
	go func() { done <- a.Join(context.Background(), inv.MatchID) }()
	for {
		a.mu.Lock()
		n := a.cid
		a.mu.Unlock()
		if n >= 3 {
			break
		}
		time.Sleep(time.Millisecond)
	}
	a.Close()
	if err := <-done; err == nil || !strings.Contains(err.Error(), "closed") {
		t.Fatalf("a join cut by Close: %v", err)
	}
}
