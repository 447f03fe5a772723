package adapter

import (
	"encoding/json"
	"errors"
	"strconv"
	"strings"
	"testing"

	"github.com/heroiclabs/nakama-common/runtime"
	"github.com/tabulagames/tabula/online/protocol"
)

var (
	ana = &presence{user: "u-ana", session: "s-ana", name: "Ana"}
	ben = &presence{user: "u-ben", session: "s-ben", name: "Ben"}
)

func classicRequest() string {
	b, _ := json.Marshal(protocol.CreateRequest{V: protocol.Version, Game: "classic",
		Seats: []protocol.SeatRequest{{Kind: "person"}, {Kind: "person"}}})
	return string(b)
}

func findRequest(code string) string {
	b, _ := json.Marshal(protocol.FindRequest{V: protocol.Version, Code: code})
	return string(b)
}

func readInvitation(t *testing.T, answer string, err error) protocol.Invitation {
	t.Helper()
	if err != nil {
		t.Fatalf("RPC failed: %v", err)
	}
	var inv protocol.Invitation
	if err := json.Unmarshal([]byte(answer), &inv); err != nil {
		t.Fatalf("RPC answer %q: %v", answer, err)
	}
	return inv
}

func (nk *fakeNK) stored(t *testing.T, code string) (*stored, *object) {
	t.Helper()
	o := nk.objects[Collection+"/"+code]
	if o == nil {
		t.Fatalf("no stored match %s", code)
	}
	var s stored
	if err := json.Unmarshal([]byte(o.value), &s); err != nil {
		t.Fatal(err)
	}
	return &s, o
}

// create makes a classic match by ana; it returns the invitation.
func create(t *testing.T, nk *fakeNK) protocol.Invitation {
	t.Helper()
	answer, err := Create(nk.ctx(ana.user, ana.name), testLogger{t}, nil, nk, classicRequest())
	return readInvitation(t, answer, err)
}

func TestCreateSeatsTheCreatorAndStoresTheMatchPrivately(t *testing.T) {
	nk := newFakeNK(t)
	inv := create(t, nk)
	if inv.Seat != 0 || inv.Game != "classic" || inv.MatchID == "" || len(inv.Seats) != 2 {
		t.Fatalf("invitation %+v: want ana in seat 0 of a classic match", inv)
	}
	if _, err := protocol.NormalizeCode(inv.Code); err != nil {
		t.Fatalf("code %q: %v", inv.Code, err)
	}
	s, o := nk.stored(t, inv.Code)
	if s.MatchID != inv.MatchID {
		t.Errorf("the stored match points at %q, want the running %q", s.MatchID, inv.MatchID)
	}
	if o.permRead != 0 || o.permWrite != 0 || !o.systemUser {
		t.Errorf("stored with read %d, write %d, system user %v: want no client access, system user", o.permRead, o.permWrite, o.systemUser)
	}
	if !json.Valid(s.Snapshot) {
		t.Error("the stored snapshot is not JSON")
	}
	fm := nk.match(inv.MatchID)
	if fm.rate != DefaultTickRate || !strings.Contains(fm.label, inv.Code) {
		t.Errorf("tick rate %d, label %q", fm.rate, fm.label)
	}
}

func TestCreateRefusesInWordsAndStoresNothing(t *testing.T) {
	for name, payload := range map[string]string{
		"not JSON":     "{",
		"old version":  `{"v":0,"game":"classic","seats":[{"kind":"person"},{"kind":"person"}]}`,
		"no version":   `{"game":"classic","seats":[{"kind":"person"},{"kind":"person"}]}`,
		"unknown game": `{"v":1,"game":"chess","seats":[{"kind":"person"},{"kind":"person"}]}`,
		"no seats":     `{"v":1,"game":"classic","seats":[]}`,
		"too long":     `{"v":1,"game":"classic","x":"` + strings.Repeat("x", protocol.MaxClientMessage) + `"}`,
	} {
		t.Run(name, func(t *testing.T) {
			nk := newFakeNK(t)
			_, err := Create(nk.ctx(ana.user, ana.name), testLogger{t}, nil, nk, payload)
			var rerr *runtime.Error
			if !errors.As(err, &rerr) || rerr.Code != codeInvalid {
				t.Fatalf("error %v: want an invalid-argument runtime error", err)
			}
			if !strings.Contains(rerr.Message, " ") {
				t.Errorf("error %q is not in words", rerr.Message)
			}
			if nk.writes != 0 || nk.created != 0 {
				t.Errorf("%d writes and %d matches after a refused create", nk.writes, nk.created)
			}
		})
	}
	nk := newFakeNK(t)
	if _, err := Create(nk.ctx("", ""), testLogger{t}, nil, nk, classicRequest()); err == nil {
		t.Error("a create without a signed-in user was accepted")
	}
}

func TestCreateDrawsAnotherCodeOnCollision(t *testing.T) {
	nk := newFakeNK(t)
	first := create(t, nk)
	before := nk.objects[Collection+"/"+first.Code].value
	codes := []string{first.Code, first.Code, "KKKKKK"}
	defer func(f func() (string, error)) { newCode = f }(newCode)
	newCode = func() (string, error) {
		c := codes[0]
		codes = codes[1:]
		return c, nil
	}
	second := create(t, nk)
	if second.Code != "KKKKKK" {
		t.Errorf("second match got code %s, want the third drawn, KKKKKK", second.Code)
	}
	if nk.objects[Collection+"/"+first.Code].value != before {
		t.Error("the first match's stored object was overwritten by a collision")
	}
}

func TestFindAnswersTheRunningMatch(t *testing.T) {
	nk := newFakeNK(t)
	inv := create(t, nk)
	typed := strings.ToLower(inv.Code[:3]) + " - " + inv.Code[3:]
	answer, err := Find(nk.ctx(ben.user, ben.name), testLogger{t}, nil, nk, findRequest(typed))
	found := readInvitation(t, answer, err)
	if found.MatchID != inv.MatchID || found.Seat != -1 || found.Code != inv.Code {
		t.Fatalf("find answered %+v: want match %s, no seat for ben yet", found, inv.MatchID)
	}
	if nk.created != 1 {
		t.Errorf("%d matches created, want the running one only", nk.created)
	}
	for _, code := range []string{"KKKKKK", "K7M3Q", "K7M3QB"} {
		_, err := Find(nk.ctx(ben.user, ben.name), testLogger{t}, nil, nk, findRequest(code))
		var rerr *runtime.Error
		if !errors.As(err, &rerr) || !strings.Contains(rerr.Message, " ") {
			t.Errorf("find %q: %v, want a refusal in words", code, err)
		}
	}
}

func TestFindRestartsAStoredMatchOnce(t *testing.T) {
	nk := newFakeNK(t)
	inv := create(t, nk)
	fm := nk.match(inv.MatchID)
	fm.join(nk, ana, ben)
	fm.loop(nk, move(ana, "b2", 0))
	nk.stop(inv.MatchID) // the server restarted

	answer, err := Find(nk.ctx(ana.user, ana.name), testLogger{t}, nil, nk, findRequest(inv.Code))
	again := readInvitation(t, answer, err)
	if again.MatchID == inv.MatchID || again.Seat != 0 {
		t.Fatalf("find after a restart answered %+v: want a new match with ana in seat 0", again)
	}
	s, _ := nk.stored(t, inv.Code)
	if s.MatchID != again.MatchID {
		t.Errorf("the store points at %s, want the restarted %s", s.MatchID, again.MatchID)
	}
	// The restarted match has the move: ana's full update says ply 1.
	re := nk.match(again.MatchID)
	re.join(nk, ana)
	var u protocol.Update
	for _, m := range re.disp.take() {
		if m.op == protocol.OpUpdate {
			json.Unmarshal(m.data, &u)
		}
	}
	if u.Ply != 1 || len(u.History) != 1 || u.History[0] != "b2" {
		t.Errorf("after the restart ana sees ply %d, history %v: want b2 played", u.Ply, u.History)
	}
	// A second find answers the same restarted match.
	answer, err = Find(nk.ctx(ben.user, ben.name), testLogger{t}, nil, nk, findRequest(inv.Code))
	if readInvitation(t, answer, err).MatchID != again.MatchID {
		t.Error("a second find started yet another match")
	}
}

func TestTwoStartsOfOneStoredMatchOnlyOneRuns(t *testing.T) {
	nk := newFakeNK(t)
	inv := create(t, nk)
	nk.stop(inv.MatchID)
	_, o := nk.stored(t, inv.Code)
	version := strconv.Itoa(o.version)
	params := map[string]interface{}{ParamCode: inv.Code, ParamVersion: version}
	if _, err := nk.MatchCreate(nk.ctx("", ""), protocol.MatchModule, params); err != nil {
		t.Fatalf("the first start: %v", err)
	}
	if _, err := nk.MatchCreate(nk.ctx("", ""), protocol.MatchModule, params); err == nil {
		t.Error("a second start from the same stored version ran too")
	}
}

func move(p *presence, token string, ply int) runtime.MatchData {
	b, _ := json.Marshal(protocol.Move{V: protocol.Version, Token: token, Ply: ply})
	return &message{presence: p, op: protocol.OpMove, data: b}
}

func TestMatchRelaysMovesRefusesToTheSenderAndStores(t *testing.T) {
	nk := newFakeNK(t)
	inv := create(t, nk)
	fm := nk.match(inv.MatchID)

	if ok, reason := fm.attempt(nk, ben, map[string]string{protocol.JoinVersionKey: "0"}); ok || !strings.Contains(reason, "update") {
		t.Errorf("a join of protocol 0: %v %q, want refused, telling to update", ok, reason)
	}
	for _, p := range []*presence{ana, ben} {
		if ok, reason := fm.attempt(nk, p, map[string]string{protocol.JoinVersionKey: "1"}); !ok {
			t.Fatalf("%s's join refused: %s", p.name, reason)
		}
	}
	carl := &presence{user: "u-carl", session: "s-carl", name: "Carl"}
	fm.join(nk, ana, ben)
	if ok, reason := fm.attempt(nk, carl, map[string]string{protocol.JoinVersionKey: "1"}); ok || reason == "" {
		t.Errorf("a third person joined a full two-seat match (%q)", reason)
	}
	fm.disp.take()
	_, o := nk.stored(t, inv.Code)
	version := o.version

	fm.loop(nk, move(ana, "b2", 0))
	got := fm.disp.take()
	to := map[string]bool{}
	for _, m := range got {
		if m.op != protocol.OpUpdate {
			t.Errorf("op %d sent after a legal move", m.op)
		}
		if len(m.to) != 1 {
			t.Errorf("one update sent to %v: each seat gets its own", m.to)
		}
		to[m.to[0]] = true
		if !strings.Contains(m.stored, "b2") {
			t.Errorf("an update of b2 was sent before b2 was stored: a restart could lose what a player saw")
		}
	}
	if !to[ana.user] || !to[ben.user] {
		t.Errorf("updates went to %v, want both", to)
	}
	if _, o := nk.stored(t, inv.Code); o.version == version {
		t.Error("the match was not stored after the move")
	}

	// Out of turn: only ana hears why, nothing is stored.
	_, o = nk.stored(t, inv.Code)
	version = o.version
	fm.loop(nk, move(ana, "a1", 1))
	got = fm.disp.take()
	if len(got) != 1 || got[0].op != protocol.OpRefused || len(got[0].to) != 1 || got[0].to[0] != ana.user {
		t.Fatalf("after a move out of turn sent %+v: want one refusal to ana", got)
	}
	var r protocol.Refused
	json.Unmarshal(got[0].data, &r)
	if !strings.Contains(r.Error, "Ben") {
		t.Errorf("out of turn refused with %q: want it to name Ben", r.Error)
	}
	if _, o := nk.stored(t, inv.Code); o.version != version {
		t.Error("a refused move was stored")
	}
}

func TestLeaveOfAnOldSessionKeepsTheUserConnected(t *testing.T) {
	nk := newFakeNK(t)
	inv := create(t, nk)
	fm := nk.match(inv.MatchID)
	fm.join(nk, ana)
	again := &presence{user: ana.user, session: "s-ana-2", name: ana.name}
	fm.join(nk, again) // reconnected before the old session's leave
	fm.leave(nk, ana)
	fm.disp.take()
	fm.loop(nk, move(again, "b2", 0))
	sentToAna := false
	for _, m := range fm.disp.take() {
		for _, u := range m.to {
			sentToAna = sentToAna || u == ana.user
		}
	}
	if !sentToAna {
		t.Error("ana's new session got nothing after her old session left")
	}
}

func TestMatchEndsWhenIdleOrOverAndLeft(t *testing.T) {
	nk := newFakeNK(t)
	nk.env[EnvIdleSeconds] = "2"
	inv := create(t, nk)
	fm := nk.match(inv.MatchID)
	fm.join(nk, ana)
	// Connected: never idle.
	for i := 0; i < 5*fm.rate; i++ {
		if !fm.loop(nk) {
			t.Fatal("a match with ana connected ended")
		}
	}
	fm.leave(nk, ana)
	ticks := 0
	for fm.loop(nk) {
		ticks++
		if ticks > 10*fm.rate {
			t.Fatal("an idle match did not end")
		}
	}
	if want := 2*fm.rate - 1; ticks != want {
		t.Errorf("ended after %d idle ticks, want %d (2 s at %d ticks/s)", ticks+1, want+1, fm.rate)
	}

	// Over and everyone gone: ends at once.
	nk.env[EnvIdleSeconds] = "600"
	inv = create(t, nk)
	fm = nk.match(inv.MatchID)
	fm.join(nk, ana, ben)
	for _, m := range []runtime.MatchData{move(ana, "a1", 0), move(ben, "a3", 1), move(ana, "b1", 2), move(ben, "b3", 3), move(ana, "c1", 4)} {
		fm.loop(nk, m)
	}
	finals := map[string]int{}
	for _, m := range fm.disp.take() {
		if m.op == protocol.OpFinal {
			for _, u := range m.to {
				finals[u]++
			}
		}
	}
	if len(finals) != 2 || finals[ana.user] != 1 || finals[ben.user] != 1 {
		t.Errorf("final records went to %v, want one to each seat", finals)
	}
	if !fm.loop(nk) {
		t.Fatal("the match ended while both were still connected")
	}
	fm.leave(nk, ana, ben)
	if fm.loop(nk) {
		t.Error("a finished match everyone left did not end")
	}

	// Found again once finished, it waits for its players to join.
	answer, err := Find(nk.ctx(ana.user, ana.name), testLogger{t}, nil, nk, findRequest(inv.Code))
	again := readInvitation(t, answer, err)
	fm = nk.match(again.MatchID)
	for i := 0; i < 10*fm.rate; i++ {
		if !fm.loop(nk) {
			t.Fatalf("a finished match found again ended after %d ticks, before anyone joined", i)
		}
	}
	fm.join(nk, ana)
	var u protocol.Update
	for _, m := range fm.disp.take() {
		if m.op == protocol.OpUpdate {
			json.Unmarshal(m.data, &u)
		}
	}
	if u.Status != "win" || u.Ply != 5 {
		t.Errorf("the finished game found again shows %q at ply %d, want the win at ply 5", u.Status, u.Ply)
	}
}

func TestAMoveDuringShutdownIsStored(t *testing.T) {
	nk := newFakeNK(t)
	inv := create(t, nk)
	fm := nk.match(inv.MatchID)
	fm.join(nk, ana, ben)
	fm.shutdown(nk, move(ana, "b2", 0))
	s, _ := nk.stored(t, inv.Code)
	if !strings.Contains(string(s.Snapshot), "b2") {
		t.Fatal("the move played as the server shut down was not stored")
	}
	answer, err := Find(nk.ctx(ben.user, ben.name), testLogger{t}, nil, nk, findRequest(inv.Code))
	if again := readInvitation(t, answer, err); again.Seat != 1 {
		t.Errorf("after the restart ben holds seat %d, want 1", again.Seat)
	}
}

func TestTwoFindsAtOnceAnswerOneMatch(t *testing.T) {
	nk := newFakeNK(t)
	inv := create(t, nk)
	nk.stop(inv.MatchID)
	var other string
	nk.beforeInit = func(params map[string]interface{}) {
		// Another find, having read the same stored version, starts first.
		id, err := nk.MatchCreate(nk.ctx("", ""), protocol.MatchModule, params)
		if err != nil {
			t.Fatalf("the other start: %v", err)
		}
		other = id
	}
	answer, err := Find(nk.ctx(ben.user, ben.name), testLogger{t}, nil, nk, findRequest(inv.Code))
	got := readInvitation(t, answer, err)
	if got.MatchID != other {
		t.Errorf("find answered %s, want the match the other find started, %s", got.MatchID, other)
	}
	if len(nk.matches) != 1 {
		t.Errorf("%d matches run for one code", len(nk.matches))
	}
}
