package referee

import (
	"hash/fnv"
	"reflect"
	"strings"
	"testing"

	"github.com/tabulagames/tabula/online/protocol"
)

// pickByPosition is a person who chooses by the game so far only, so a
// game played twice from the same point is played the same.
func pickByPosition(r **Referee) func(c *client, u *protocol.Update) string {
	return func(c *client, u *protocol.Update) string {
		h := fnv.New64a()
		h.Write([]byte(c.user + strings.Join((*r).tokens, " ")))
		return u.Legal[h.Sum64()%uint64(len(u.Legal))]
	}
}

// TestRestoreContinues: a match stored mid-game and restored (as after a
// server restart) goes on exactly as the original did.
func TestRestoreContinues(t *testing.T) {
	for k, tc := range everyGame {
		t.Run(tc.name, func(t *testing.T) {
			cfg := tc.cfg
			cfg.Seed = int64(200 + k)
			tb := newTable(t, cfg)
			tb.pick = pickByPosition(&tb.r)
			var stored []byte
			for i := 0; i < 10000 && !tb.r.Over(); i++ {
				tb.step()
				if len(tb.r.tokens) >= 3 && stored == nil {
					if !tb.r.Changed() {
						t.Fatal("a match that moved is not marked changed")
					}
					stored = snap(t, tb.r)
					if tb.r.Changed() {
						t.Fatal("still changed after a snapshot")
					}
				}
			}
			if stored == nil || !tb.r.Over() {
				t.Fatalf("the game was too short or too long (%d tokens)", len(tb.r.tokens))
			}
			r2, err := Restore(stored)
			if err != nil {
				t.Fatal(err)
			}
			t.Cleanup(r2.Close)
			if r2.Seats()[0].Connected && cfg.Seats[0].Kind == "person" {
				t.Fatal("a restored match has people connected")
			}
			tb2 := &table{t: t, r: r2, clients: map[string]*client{}}
			tb2.pick = pickByPosition(&tb2.r)
			for _, user := range tb.order {
				tb2.clients[user] = &client{user: user}
				tb2.order = append(tb2.order, user)
				if seat, err := r2.CanJoin(user, map[string]string{protocol.JoinVersionKey: "1"}); err != nil || seat != tb.r.seatOf(user) {
					t.Fatalf("%s rejoins seat %d (%v), had seat %d", user, seat, err, tb.r.seatOf(user))
				}
				r2.Join(user, "")
			}
			tb2.playOut()
			if !reflect.DeepEqual(r2.tokens, tb.r.tokens) {
				t.Fatalf("the restored game went\n%v\nthe original\n%v", r2.tokens, tb.r.tokens)
			}
		})
	}
}

// TestRestoreRefuses: a stored match that cannot be read is refused in
// words.
func TestRestoreRefuses(t *testing.T) {
	r, err := New(Config{Game: "knights", Seed: 1, TickRate: 5, Rules: map[string]any{"timer": 10.0}, Seats: []protocol.SeatRequest{person("a"), person("b")}})
	if err != nil {
		t.Fatal(err)
	}
	good := string(snap(t, r))
	for _, tc := range []struct{ old, new, want string }{
		{`"v":1`, `"v":9`, "version 9"},
		{`"game":"knights"`, `"game":"chess"`, "does not know"},
		{`"tickRate":5`, `"tickRate":0`, "tick rate"},
		{`"moves":[]`, `"moves":["a1,a2"]`, "cannot be replayed"},
		{`"timer":10`, `"timer":11`, "timer"},
		{`{"v"`, `[{"v"`, "not readable"},
	} {
		bad := strings.Replace(good, tc.old, tc.new, 1)
		if bad == good {
			t.Fatalf("%q is not in %s", tc.old, good)
		}
		if _, err := Restore([]byte(bad)); err == nil || !strings.Contains(strings.ToLower(err.Error()), tc.want) {
			t.Errorf("Restore with %s: %v, want %q", tc.new, err, tc.want)
		}
	}
}
