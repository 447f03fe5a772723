package referee

import (
	"encoding/json"
	"testing"

	"github.com/tabulagames/tabula/online/protocol"
)

// TestHintsSetting: the room's hints setting (off unless the create
// request asks for it) is kept by the referee, sent to every seat in its
// Updates and in the Invitation, and survives a restore.
func TestHintsSetting(t *testing.T) {
	for _, allow := range []bool{false, true} {
		tb := newTable(t, Config{Game: "classic", Seats: []protocol.SeatRequest{person("Ana"), person("Ben")}, Hints: allow})
		updates := 0
		for _, o := range tb.r.Outbox() {
			if o.Op != protocol.OpUpdate {
				continue
			}
			var u protocol.Update
			if err := json.Unmarshal(o.Data, &u); err != nil {
				t.Fatal(err)
			}
			updates++
			if u.Hints != allow {
				t.Errorf("hints %v: an Update to %v says %v", allow, o.UserIDs, u.Hints)
			}
			var raw map[string]any
			_ = json.Unmarshal(o.Data, &raw)
			if _, has := raw["hints"]; has != allow {
				t.Errorf("hints %v: the field is there: %v (it is left out when off, as an older server sends it)", allow, has)
			}
		}
		if updates != 2 {
			t.Fatalf("%d Updates after two joins, want 2", updates)
		}
		if inv := tb.r.Invitation("user0"); inv.Hints != allow {
			t.Errorf("hints %v: the invitation says %v", allow, inv.Hints)
		}
		data, err := tb.r.Snapshot()
		if err != nil {
			t.Fatal(err)
		}
		r2, err := Restore(data)
		if err != nil {
			t.Fatal(err)
		}
		if r2.Invitation("user1").Hints != allow {
			t.Errorf("hints %v: lost in a restore", allow)
		}
		r2.Close()
	}
	// A match stored before there was a hints setting has none.
	tb := newTable(t, Config{Game: "classic", Seats: []protocol.SeatRequest{person("Ana"), person("Ben")}, Hints: true})
	data, _ := tb.r.Snapshot()
	var m map[string]any
	_ = json.Unmarshal(data, &m)
	delete(m, "hints")
	old, _ := json.Marshal(m)
	r3, err := Restore(old)
	if err != nil {
		t.Fatal(err)
	}
	defer r3.Close()
	if r3.Invitation("user0").Hints {
		t.Error("a match stored without the setting allows hints")
	}
}

// TestRecordNamesJoiners: a person seat the create request left unnamed
// takes the joiner's name, in the seats and in the record (a resignation
// read "resigned. Ana wins." with no name when the record kept "").
func TestRecordNamesJoiners(t *testing.T) {
	r, err := New(Config{Code: "K7M3QX", TickRate: 10, Game: "classic", Seats: []protocol.SeatRequest{person("Ana"), {Kind: "person"}}})
	if err != nil {
		t.Fatal(err)
	}
	defer r.Close()
	if err := r.Claim("ana", "ana-account", 0); err != nil {
		t.Fatal(err)
	}
	if _, err := r.CanJoin("ben", map[string]string{protocol.JoinVersionKey: "1"}); err != nil {
		t.Fatal(err)
	}
	r.Join("ben", "Ben")
	if got := r.Seats()[1].Name; got != "Ben" {
		t.Errorf("the joined seat is named %q", got)
	}
	rec := r.record()
	if rec.Seats[0].Name != "Ana" || rec.Seats[1].Name != "Ben" {
		t.Errorf("the record's seats: %+v", rec.Seats)
	}
}
