package adapter

import (
	"context"
	"errors"
	"fmt"
	"strconv"
	"sync"
	"testing"

	"github.com/heroiclabs/nakama-common/api"
	"github.com/heroiclabs/nakama-common/runtime"
)

// Fakes of the parts of Nakama's runtime the adapter uses: storage with
// versions, match create and signal (running the match in-process, one
// call at a time like Nakama's match loop), the dispatcher, presences,
// messages and the logger.

type object struct {
	value      string
	version    int
	permRead   int
	permWrite  int
	systemUser bool
}

type fakeNK struct {
	runtime.NakamaModule // everything else: nil, so a call the adapter should not make panics

	t       *testing.T
	mu      sync.Mutex
	objects map[string]*object // key: collection/key
	writes  int
	matches map[string]*fakeMatch // running matches by id
	created int
	env     map[string]string
	// beforeInit, when set, runs (once) before a MatchCreate's MatchInit:
	// a concurrent start of the same stored match.
	beforeInit func(params map[string]interface{})
}

type fakeMatch struct {
	id    string
	m     *Match
	state interface{}
	tick  int64
	disp  *fakeDispatcher
	rate  int
	label string
}

func newFakeNK(t *testing.T) *fakeNK {
	return &fakeNK{t: t, objects: map[string]*object{}, matches: map[string]*fakeMatch{}, env: map[string]string{}}
}

// ctx is the context of an RPC call by a user ("" for none).
func (nk *fakeNK) ctx(userID, username string) context.Context {
	ctx := context.WithValue(context.Background(), runtime.RUNTIME_CTX_ENV, nk.env) //nolint:staticcheck
	if userID != "" {
		ctx = context.WithValue(ctx, runtime.RUNTIME_CTX_USER_ID, userID)    //nolint:staticcheck
		ctx = context.WithValue(ctx, runtime.RUNTIME_CTX_USERNAME, username) //nolint:staticcheck
	}
	return ctx
}

func (nk *fakeNK) StorageRead(ctx context.Context, reads []*runtime.StorageRead) ([]*api.StorageObject, error) {
	nk.mu.Lock()
	defer nk.mu.Unlock()
	var out []*api.StorageObject
	for _, r := range reads {
		if r.UserID != "" {
			nk.t.Errorf("storage read for user %q: the adapter stores as the system user", r.UserID)
		}
		if o, ok := nk.objects[r.Collection+"/"+r.Key]; ok {
			out = append(out, &api.StorageObject{Collection: r.Collection, Key: r.Key, Value: o.value, Version: strconv.Itoa(o.version)})
		}
	}
	return out, nil
}

func (nk *fakeNK) StorageWrite(ctx context.Context, writes []*runtime.StorageWrite) ([]*api.StorageObjectAck, error) {
	if err := ctx.Err(); err != nil {
		return nil, err // as Nakama's database calls do
	}
	nk.mu.Lock()
	defer nk.mu.Unlock()
	var acks []*api.StorageObjectAck
	for _, w := range writes {
		k := w.Collection + "/" + w.Key
		o, ok := nk.objects[k]
		switch {
		case w.Version == "*" && ok:
			return nil, errors.New("Storage write rejected - version check failed.")
		case w.Version != "" && w.Version != "*" && (!ok || strconv.Itoa(o.version) != w.Version):
			return nil, errors.New("Storage write rejected - version check failed.")
		}
		if !ok {
			o = &object{}
			nk.objects[k] = o
		}
		o.value, o.version, o.permRead, o.permWrite, o.systemUser = w.Value, o.version+1, w.PermissionRead, w.PermissionWrite, w.UserID == ""
		nk.writes++
		acks = append(acks, &api.StorageObjectAck{Collection: w.Collection, Key: w.Key, Version: strconv.Itoa(o.version)})
	}
	return acks, nil
}

func (nk *fakeNK) MatchCreate(ctx context.Context, module string, params map[string]interface{}) (string, error) {
	nk.mu.Lock()
	nk.created++
	id := fmt.Sprintf("00000000-0000-0000-0000-%012d.node", nk.created)
	nk.mu.Unlock()
	if f := nk.beforeInit; f != nil {
		nk.beforeInit = nil
		f(params)
	}
	m, _ := NewMatch(ctx, testLogger{nk.t}, nil, nk)
	mctx := context.WithValue(context.WithValue(context.Background(), runtime.RUNTIME_CTX_MATCH_ID, id), runtime.RUNTIME_CTX_ENV, nk.env) //nolint:staticcheck
	state, rate, label := m.MatchInit(mctx, testLogger{nk.t}, nil, nk, params)
	if state == nil {
		return "", errors.New("Match did not start")
	}
	code, _ := params[ParamCode].(string)
	disp := &fakeDispatcher{stored: func() string {
		nk.mu.Lock()
		defer nk.mu.Unlock()
		if o := nk.objects[Collection+"/"+code]; o != nil {
			return o.value
		}
		return ""
	}}
	fm := &fakeMatch{id: id, m: m.(*Match), state: state, disp: disp, rate: rate, label: label}
	nk.mu.Lock()
	nk.matches[id] = fm
	nk.mu.Unlock()
	return id, nil
}

func (nk *fakeNK) MatchSignal(ctx context.Context, id string, data string) (string, error) {
	nk.mu.Lock()
	fm, ok := nk.matches[id]
	nk.mu.Unlock()
	if !ok {
		return "", runtime.ErrMatchNotFound
	}
	var answer string
	fm.state, answer = fm.m.MatchSignal(context.Background(), testLogger{nk.t}, nil, nk, fm.disp, fm.tick, fm.state, data)
	return answer, nil
}

// stop forgets a running match, as a server restart would.
func (nk *fakeNK) stop(id string) {
	nk.mu.Lock()
	defer nk.mu.Unlock()
	delete(nk.matches, id)
}

func (nk *fakeNK) match(id string) *fakeMatch {
	nk.mu.Lock()
	defer nk.mu.Unlock()
	fm := nk.matches[id]
	if fm == nil {
		nk.t.Fatalf("no running match %s", id)
	}
	return fm
}

func (fm *fakeMatch) ctx(nk *fakeNK) context.Context {
	return context.WithValue(context.WithValue(context.Background(), runtime.RUNTIME_CTX_MATCH_ID, fm.id), runtime.RUNTIME_CTX_ENV, nk.env) //nolint:staticcheck
}

func (fm *fakeMatch) attempt(nk *fakeNK, p *presence, meta map[string]string) (bool, string) {
	var ok bool
	var reason string
	fm.state, ok, reason = fm.m.MatchJoinAttempt(fm.ctx(nk), testLogger{nk.t}, nil, nk, fm.disp, fm.tick, fm.state, p, meta)
	return ok, reason
}

func (fm *fakeMatch) join(nk *fakeNK, ps ...*presence) {
	list := make([]runtime.Presence, len(ps))
	for i, p := range ps {
		list[i] = p
	}
	fm.state = fm.m.MatchJoin(fm.ctx(nk), testLogger{nk.t}, nil, nk, fm.disp, fm.tick, fm.state, list)
}

func (fm *fakeMatch) leave(nk *fakeNK, ps ...*presence) {
	list := make([]runtime.Presence, len(ps))
	for i, p := range ps {
		list[i] = p
	}
	fm.state = fm.m.MatchLeave(fm.ctx(nk), testLogger{nk.t}, nil, nk, fm.disp, fm.tick, fm.state, list)
}

// shutdown runs one tick with the match's context cancelled, as when
// Nakama stops, then MatchTerminate.
func (fm *fakeMatch) shutdown(nk *fakeNK, msgs ...runtime.MatchData) {
	ctx, cancel := context.WithCancel(fm.ctx(nk))
	cancel()
	fm.tick++
	fm.state = fm.m.MatchLoop(ctx, testLogger{nk.t}, nil, nk, fm.disp, fm.tick, fm.state, msgs)
	fm.state = fm.m.MatchTerminate(ctx, testLogger{nk.t}, nil, nk, fm.disp, fm.tick, fm.state, 0)
	nk.stop(fm.id)
}

// loop runs one tick with the messages; false when the match ended.
func (fm *fakeMatch) loop(nk *fakeNK, msgs ...runtime.MatchData) bool {
	fm.tick++
	fm.state = fm.m.MatchLoop(fm.ctx(nk), testLogger{nk.t}, nil, nk, fm.disp, fm.tick, fm.state, msgs)
	if fm.state == nil {
		nk.stop(fm.id) // Nakama forgets a match whose loop returned nil
		return false
	}
	return true
}

type sent struct {
	op     int64
	data   []byte
	to     []string // user ids
	stored string   // what storage held for the match when it was sent
}

type fakeDispatcher struct {
	sent   []sent
	stored func() string
}

func (d *fakeDispatcher) BroadcastMessage(op int64, data []byte, presences []runtime.Presence, sender runtime.Presence, reliable bool) error {
	s := sent{op: op, data: append([]byte(nil), data...)}
	if d.stored != nil {
		s.stored = d.stored()
	}
	for _, p := range presences {
		s.to = append(s.to, p.GetUserId())
	}
	d.sent = append(d.sent, s)
	return nil
}
func (d *fakeDispatcher) BroadcastMessageDeferred(op int64, data []byte, presences []runtime.Presence, sender runtime.Presence, reliable bool) error {
	return d.BroadcastMessage(op, data, presences, sender, reliable)
}
func (d *fakeDispatcher) MatchKick([]runtime.Presence) error { return nil }
func (d *fakeDispatcher) MatchLabelUpdate(string) error      { return nil }

// take returns and forgets what was sent so far.
func (d *fakeDispatcher) take() []sent {
	s := d.sent
	d.sent = nil
	return s
}

type presence struct {
	user, session, name string
}

func (p *presence) GetHidden() bool                   { return false }
func (p *presence) GetPersistence() bool              { return false }
func (p *presence) GetUsername() string               { return p.name }
func (p *presence) GetStatus() string                 { return "" }
func (p *presence) GetReason() runtime.PresenceReason { return runtime.PresenceReasonUnknown }
func (p *presence) GetUserId() string                 { return p.user }
func (p *presence) GetSessionId() string              { return p.session }
func (p *presence) GetNodeId() string                 { return "node" }

type message struct {
	*presence
	op   int64
	data []byte
}

func (m *message) GetOpCode() int64      { return m.op }
func (m *message) GetData() []byte       { return m.data }
func (m *message) GetReliable() bool     { return true }
func (m *message) GetReceiveTime() int64 { return 0 }

type testLogger struct{ t *testing.T }

func (l testLogger) Debug(f string, v ...interface{})                 { l.t.Logf("debug: "+f, v...) }
func (l testLogger) Info(f string, v ...interface{})                  { l.t.Logf("info: "+f, v...) }
func (l testLogger) Warn(f string, v ...interface{})                  { l.t.Logf("warn: "+f, v...) }
func (l testLogger) Error(f string, v ...interface{})                 { l.t.Logf("error: "+f, v...) }
func (l testLogger) WithField(string, interface{}) runtime.Logger     { return l }
func (l testLogger) WithFields(map[string]interface{}) runtime.Logger { return l }
func (l testLogger) Fields() map[string]interface{}                   { return nil }
