package client

import (
	"encoding/base64"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/gorilla/websocket"

	"github.com/tabulagames/tabula/online/protocol"
)

// fake is a stand-in for Nakama with the Tabula plugin: the REST calls
// and the JSON socket as Nakama v3.40 answers them (status codes, error
// bodies, protojson envelopes), with a toy match that counts plies.
type fake struct {
	t   *testing.T
	key string
	srv *httptest.Server

	mu        sync.Mutex
	devices   map[string][2]string // device id -> user id, username
	names     map[string]bool
	valid     map[string]bool // tokens issued and not revoked
	life      time.Duration   // token lifetime
	n         int
	auths     int
	refreshes int
	pings     int
	pongs     int
	rpcs      []string
	running   map[string]bool   // match ids running
	codes     map[string]string // code -> match id
	ply       map[string]int    // match id -> plies
	conns     map[*fakeConn]bool
	joins     []string // "user match"
	sent      []sentData
	dataFirst bool          // send the Update before the join reply
	reject    string        // refuse joins with these words
	wsStatus  int           // answer the socket handshake with this status
	silent    bool          // leave joins unanswered
	holdJoin  chan struct{} // when set, a join is answered only once it is closed
}

type fakeConn struct {
	ws    *websocket.Conn
	user  string
	name  string
	mu    sync.Mutex
	match string
}

type sentData struct {
	user, match string
	op          int64
	data        []byte
}

func newFake(t *testing.T) *fake {
	f := &fake{t: t, key: "testkey", devices: map[string][2]string{}, names: map[string]bool{},
		valid: map[string]bool{}, life: time.Hour, running: map[string]bool{}, codes: map[string]string{},
		ply: map[string]int{}, conns: map[*fakeConn]bool{}}
	mux := http.NewServeMux()
	mux.HandleFunc("POST /v2/account/authenticate/device", f.authenticate)
	mux.HandleFunc("POST /v2/account/session/refresh", f.refresh)
	mux.HandleFunc("POST /v2/rpc/{id}", f.rpc)
	mux.HandleFunc("GET /ws", f.socket)
	f.srv = httptest.NewServer(mux)
	t.Cleanup(f.close)
	return f
}

func (f *fake) addr() string { return strings.TrimPrefix(f.srv.URL, "http://") }

func (f *fake) close() {
	f.dropAll()
	f.srv.Close()
}

func (f *fake) config(device, name string) Config {
	return Config{Addr: f.addr(), ServerKey: f.key, DeviceID: device, Name: name,
		ReconnectMin: time.Millisecond, ReconnectMax: 20 * time.Millisecond}
}

// grpcError writes an error as grpc-gateway does.
func grpcError(w http.ResponseWriter, status, code int, msg string) {
	w.Header().Set("Content-Type", "application/json")
	w.WriteHeader(status)
	fmt.Fprintf(w, `{"code":%d,"message":%q,"details":[]}`, code, msg)
}

func (f *fake) token(user, name string, life time.Duration) string {
	f.n++
	now := time.Now()
	claims, _ := json.Marshal(map[string]any{"tid": fmt.Sprint(f.n), "uid": user, "usn": name,
		"exp": now.Add(life).Unix(), "iat": now.Unix()})
	enc := base64.RawURLEncoding.EncodeToString
	tok := enc([]byte(`{"alg":"HS256","typ":"JWT"}`)) + "." + enc(claims) + "." + enc([]byte(fmt.Sprint("sig", f.n)))
	f.valid[tok] = true
	return tok
}

func (f *fake) session(w http.ResponseWriter, user, name string) {
	tok := f.token(user, name, f.life)
	ref := f.token(user, name, 24*time.Hour)
	fmt.Fprintf(w, `{"token":%q,"refresh_token":%q}`, tok, ref)
}

func (f *fake) basicOK(r *http.Request) bool {
	u, _, ok := r.BasicAuth()
	return ok && u == f.key
}

func (f *fake) authenticate(w http.ResponseWriter, r *http.Request) {
	if !f.basicOK(r) {
		grpcError(w, 401, 16, "Server key invalid")
		return
	}
	var body struct {
		ID string `json:"id"`
	}
	if json.NewDecoder(r.Body).Decode(&body) != nil || body.ID == "" {
		grpcError(w, 400, 3, "Device ID is required.")
		return
	}
	f.mu.Lock()
	defer f.mu.Unlock()
	f.auths++
	if d, ok := f.devices[body.ID]; ok {
		f.session(w, d[0], d[1])
		return
	}
	name := r.URL.Query().Get("username")
	if name == "" {
		name = fmt.Sprintf("gen%d", len(f.devices))
	}
	if f.names[name] {
		grpcError(w, 409, 6, "Username is already in use.")
		return
	}
	f.names[name] = true
	user := fmt.Sprintf("user-%d", len(f.devices)+1)
	f.devices[body.ID] = [2]string{user, name}
	f.session(w, user, name)
}

func (f *fake) refresh(w http.ResponseWriter, r *http.Request) {
	var body struct {
		Token string `json:"token"`
	}
	_ = json.NewDecoder(r.Body).Decode(&body)
	f.mu.Lock()
	defer f.mu.Unlock()
	s, err := readToken(body.Token)
	if !f.basicOK(r) || err != nil || !f.valid[body.Token] {
		grpcError(w, 401, 16, "Refresh token invalid or expired.")
		return
	}
	f.refreshes++
	f.session(w, s.userID, s.username)
}

// bearer checks the session token as Nakama does.
func (f *fake) bearer(r *http.Request) (session, bool) {
	tok := strings.TrimPrefix(r.Header.Get("Authorization"), "Bearer ")
	if q := r.URL.Query().Get("token"); q != "" {
		tok = q
	}
	f.mu.Lock()
	defer f.mu.Unlock()
	s, err := readToken(tok)
	return s, err == nil && f.valid[tok] && time.Now().Before(s.expires)
}

// revoke makes every token issued so far invalid.
func (f *fake) revoke() {
	f.mu.Lock()
	f.valid = map[string]bool{}
	f.mu.Unlock()
}

func rpcError(w http.ResponseWriter, status, code int, msg string) {
	w.Header().Set("Content-Type", "application/json")
	w.WriteHeader(status)
	fmt.Fprintf(w, `{"error":{},"message":%q,"code":%d}`, msg, code)
}

func (f *fake) rpc(w http.ResponseWriter, r *http.Request) {
	s, ok := f.bearer(r)
	if !ok {
		w.WriteHeader(401)
		io.WriteString(w, `{"error":"Auth token invalid","message":"Auth token invalid","code":16}`)
		return
	}
	if _, unwrap := r.URL.Query()["unwrap"]; !unwrap {
		rpcError(w, 400, 3, "the fake wants ?unwrap")
		return
	}
	body, _ := io.ReadAll(r.Body)
	id := r.PathValue("id")
	f.mu.Lock()
	defer f.mu.Unlock()
	f.rpcs = append(f.rpcs, id+" "+s.userID)
	switch id {
	case protocol.RPCCreate:
		var req protocol.CreateRequest
		if err := protocol.Decode(body, &req); err != nil {
			rpcError(w, 400, 3, err.Error())
			return
		}
		if req.Game == "nogame" {
			rpcError(w, 400, 3, "There is no game called nogame")
			return
		}
		if req.Game == "newer" {
			fmt.Fprint(w, `{"v":2,"code":"KKKKKK"}`)
			return
		}
		code := "K7M3QX"
		m := f.start(code)
		json.NewEncoder(w).Encode(protocol.Invitation{V: protocol.Version, Code: code, MatchID: m, Game: req.Game, Seat: 0})
	case protocol.RPCFind:
		var req protocol.FindRequest
		if err := protocol.Decode(body, &req); err != nil {
			rpcError(w, 400, 3, err.Error())
			return
		}
		m, ok := f.codes[req.Code]
		if !ok {
			rpcError(w, 404, 5, "No game has the code "+req.Code)
			return
		}
		if !f.running[m] {
			m = f.start(req.Code)
		}
		json.NewEncoder(w).Encode(protocol.Invitation{V: protocol.Version, Code: req.Code, MatchID: m, Seat: -1})
	default:
		rpcError(w, 404, 5, "RPC function not found")
	}
}

// start runs a match for code (again, after a restart: a new id).
func (f *fake) start(code string) string {
	f.n++
	m := fmt.Sprintf("%08d-0000-4000-8000-000000000000.nakama1", f.n)
	f.running[m] = true
	f.codes[code] = m
	return m
}

// restart stops every match (as a server restart does) and drops every
// socket.
func (f *fake) restart() {
	f.mu.Lock()
	f.running = map[string]bool{}
	f.mu.Unlock()
	f.dropAll()
}

// waitConns waits until n sockets are open on the fake's side (the
// client's Dial may return before the fake has noted its socket).
func (f *fake) waitConns(n int) {
	deadline := time.Now().Add(patience)
	for time.Now().Before(deadline) {
		f.mu.Lock()
		got := len(f.conns)
		f.mu.Unlock()
		if got >= n {
			return
		}
		time.Sleep(time.Millisecond)
	}
	f.t.Fatalf("%d sockets never opened", n)
}

func (f *fake) dropAll() {
	f.mu.Lock()
	cs := make([]*fakeConn, 0, len(f.conns))
	for c := range f.conns {
		cs = append(cs, c)
	}
	f.mu.Unlock()
	for _, c := range cs {
		_ = c.ws.Close()
	}
}

var upgrader = websocket.Upgrader{}

func (f *fake) socket(w http.ResponseWriter, r *http.Request) {
	f.mu.Lock()
	st := f.wsStatus
	f.mu.Unlock()
	if st != 0 {
		http.Error(w, "no", st)
		return
	}
	s, ok := f.bearer(r)
	if !ok || r.URL.Query().Get("format") != "json" {
		http.Error(w, "Missing or invalid token", http.StatusUnauthorized)
		return
	}
	ws, err := upgrader.Upgrade(w, r, nil)
	if err != nil {
		return
	}
	c := &fakeConn{ws: ws, user: s.userID, name: s.username}
	ws.SetPongHandler(func(string) error {
		f.mu.Lock()
		f.pongs++
		f.mu.Unlock()
		return nil
	})
	f.mu.Lock()
	f.conns[c] = true
	f.mu.Unlock()
	defer func() {
		f.mu.Lock()
		delete(f.conns, c)
		f.mu.Unlock()
		ws.Close()
	}()
	for {
		_, raw, err := ws.ReadMessage()
		if err != nil {
			return
		}
		// Nakama's unmarshaler refuses unknown fields: so does the fake.
		dec := json.NewDecoder(strings.NewReader(string(raw)))
		dec.DisallowUnknownFields()
		var env envelope
		if err := dec.Decode(&env); err != nil {
			f.t.Errorf("the client sent a frame Nakama would not read: %s (%v)", raw, err)
			return
		}
		f.serve(c, &env, raw)
	}
}

func (c *fakeConn) send(v any) {
	b, _ := json.Marshal(v)
	c.sendRaw(b)
}

func (c *fakeConn) sendRaw(b []byte) {
	c.mu.Lock()
	defer c.mu.Unlock()
	_ = c.ws.WriteMessage(websocket.TextMessage, b)
}

// update is the toy match's Update for a seat.
func (f *fake) update(m string, from int) []byte {
	code := ""
	for k, v := range f.codes {
		if v == m {
			code = k
		}
	}
	hist := []string{}
	for i := from; i < f.ply[m]; i++ {
		hist = append(hist, fmt.Sprint("m", i))
	}
	b, _ := json.Marshal(protocol.Update{V: protocol.Version, Code: code, Game: "classic", Ply: f.ply[m], From: from, History: hist, Status: "ongoing"})
	return b
}

func dataFrame(m string, op int64, data []byte) []byte {
	b, _ := json.Marshal(map[string]any{"match_data": map[string]any{"match_id": m, "op_code": fmt.Sprint(op), "data": data, "reliable": true}})
	return b
}

func (f *fake) serve(c *fakeConn, env *envelope, raw []byte) {
	switch {
	case env.Ping != nil:
		f.mu.Lock()
		f.pings++
		f.mu.Unlock()
		c.sendRaw([]byte(`{"cid":"` + env.Cid + `","pong":{}}`))
	case env.MatchJoin != nil:
		m := env.MatchJoin.MatchID
		f.mu.Lock()
		if f.silent {
			f.mu.Unlock()
			return
		}
		if hold := f.holdJoin; hold != nil {
			f.mu.Unlock()
			<-hold
			f.mu.Lock()
		}
		run, reject, first := f.running[m], f.reject, f.dataFirst
		v := env.MatchJoin.Metadata[protocol.JoinVersionKey]
		upd := f.update(m, 0)
		if run && reject == "" && v == "1" {
			f.joins = append(f.joins, c.user+" "+m)
		}
		f.mu.Unlock()
		switch {
		case !run:
			c.send(map[string]any{"cid": env.Cid, "error": map[string]any{"code": 4, "message": "Match not found"}})
			return
		case v != "1":
			reject = "Update Tabula: this server speaks protocol 1"
			fallthrough
		case reject != "":
			c.send(map[string]any{"cid": env.Cid, "error": map[string]any{"code": 5, "message": reject}})
			return
		}
		c.mu.Lock()
		c.match = m
		c.mu.Unlock()
		reply := map[string]any{"cid": env.Cid, "match": map[string]any{"match_id": m, "authoritative": true, "label": "", "size": 1,
			"self": map[string]any{"user_id": c.user, "session_id": "s", "username": c.name}}}
		if first {
			c.sendRaw(dataFrame(m, protocol.OpUpdate, upd))
			c.send(reply)
		} else {
			c.send(reply)
			c.sendRaw(dataFrame(m, protocol.OpUpdate, upd))
		}
		f.broadcast(m, c, []byte(`{"match_presence_event":{"match_id":"`+m+`","joins":[{"user_id":"`+c.user+`","session_id":"s","username":"`+c.name+`"}]}}`))
	case env.MatchLeave != nil:
		c.mu.Lock()
		c.match = ""
		c.mu.Unlock()
		c.send(map[string]any{"cid": env.Cid})
	case env.MatchDataSend != nil:
		d := env.MatchDataSend
		f.mu.Lock()
		f.sent = append(f.sent, sentData{user: c.user, match: d.MatchID, op: int64(d.OpCode), data: d.Data})
		f.mu.Unlock()
		var mv protocol.Move
		if d.OpCode == int64s(protocol.OpMove) && protocol.Decode(d.Data, &mv) == nil {
			f.mu.Lock()
			if mv.Token == "bad" || mv.Ply != f.ply[d.MatchID] {
				f.mu.Unlock()
				b, _ := json.Marshal(protocol.Refused{V: protocol.Version, Token: mv.Token, Error: "That is not a legal move"})
				c.sendRaw(dataFrame(d.MatchID, protocol.OpRefused, b))
				return
			}
			f.ply[d.MatchID]++
			upd := f.update(d.MatchID, f.ply[d.MatchID]-1)
			f.mu.Unlock()
			f.broadcast(d.MatchID, nil, dataFrame(d.MatchID, protocol.OpUpdate, upd))
		}
		if d.OpCode == int64s(protocol.OpResign) {
			b, _ := json.Marshal(protocol.Final{V: protocol.Version, Record: json.RawMessage(`{"game":"classic"}`)})
			f.broadcast(d.MatchID, nil, dataFrame(d.MatchID, protocol.OpFinal, b))
		}
	default:
		c.send(map[string]any{"cid": env.Cid, "error": map[string]any{"code": 1, "message": "Unrecognized message."}})
	}
}

// broadcast sends a frame to every socket in match m but skip.
func (f *fake) broadcast(m string, skip *fakeConn, b []byte) {
	f.mu.Lock()
	var cs []*fakeConn
	for c := range f.conns {
		c.mu.Lock()
		if c.match == m && c != skip {
			cs = append(cs, c)
		}
		c.mu.Unlock()
	}
	f.mu.Unlock()
	for _, c := range cs {
		c.sendRaw(b)
	}
}

// toAll sends a raw frame to every socket.
func (f *fake) toAll(b []byte) {
	f.mu.Lock()
	var cs []*fakeConn
	for c := range f.conns {
		cs = append(cs, c)
	}
	f.mu.Unlock()
	for _, c := range cs {
		c.sendRaw(b)
	}
}

func (f *fake) count(p *int) int {
	f.mu.Lock()
	defer f.mu.Unlock()
	return *p
}
