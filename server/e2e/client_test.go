package e2e

import (
	"bytes"
	"encoding/base64"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/http"
	"net/url"
	"strconv"
	"sync"
	"testing"
	"time"

	"github.com/gorilla/websocket"
	"github.com/tabulagames/tabula/online/protocol"
)

// client is a minimal Nakama client for the test: device sign-in and RPC
// over REST, match join and match data over the JSON websocket.
type client struct {
	t      *testing.T
	s      *server
	name   string
	token  string
	userID string

	conn    *websocket.Conn
	writeMu sync.Mutex
	frames  chan map[string]json.RawMessage // every envelope read, in order
	cid     int
	matchID string
	pending []map[string]json.RawMessage // envelopes read while waiting for a reply
	last    *protocol.Update             // the latest update awaited
}

// signIn authenticates a device (creating its account) over REST.
func (s *server) signIn(t *testing.T, name, device string) *client {
	t.Helper()
	c := &client{t: t, s: s, name: name}
	body, _ := json.Marshal(map[string]string{"id": device})
	req, _ := http.NewRequest("POST", s.API()+"/v2/account/authenticate/device?create=true&username="+url.QueryEscape(name), bytes.NewReader(body))
	req.SetBasicAuth(serverKey, "")
	var session struct {
		Token string `json:"token"`
	}
	if err := do(req, &session); err != nil {
		t.Fatalf("sign-in of %s: %v", name, err)
	}
	c.token = session.Token
	req, _ = http.NewRequest("GET", s.API()+"/v2/account", nil)
	req.Header.Set("Authorization", "Bearer "+c.token)
	var account struct {
		User struct {
			ID string `json:"id"`
		} `json:"user"`
	}
	if err := do(req, &account); err != nil {
		t.Fatalf("account of %s: %v", name, err)
	}
	c.userID = account.User.ID
	return c
}

// do sends a request and reads the JSON answer, or Nakama's error message.
func do(req *http.Request, into any) error {
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		return err
	}
	defer resp.Body.Close()
	b, err := io.ReadAll(resp.Body)
	if err != nil {
		return err
	}
	if resp.StatusCode != http.StatusOK {
		var e struct {
			Message string `json:"message"`
		}
		if json.Unmarshal(b, &e) == nil && e.Message != "" {
			return fmt.Errorf("%s (HTTP %d)", e.Message, resp.StatusCode)
		}
		return fmt.Errorf("HTTP %d: %s", resp.StatusCode, b)
	}
	return json.Unmarshal(b, into)
}

// rpc calls an RPC with a JSON payload and decodes its JSON answer.
func (c *client) rpc(id string, payload, into any) error {
	p, err := json.Marshal(payload)
	if err != nil {
		return err
	}
	body, _ := json.Marshal(string(p)) // Nakama's REST RPC takes the payload as a JSON string
	req, _ := http.NewRequest("POST", c.s.API()+"/v2/rpc/"+id, bytes.NewReader(body))
	req.Header.Set("Authorization", "Bearer "+c.token)
	var answer struct {
		Payload string `json:"payload"`
	}
	if err := do(req, &answer); err != nil {
		return err
	}
	return json.Unmarshal([]byte(answer.Payload), into)
}

// dial opens the realtime websocket and reads it on a goroutine.
func (c *client) dial() {
	c.t.Helper()
	u := c.s.WS() + "?lang=en&status=false&format=json&token=" + url.QueryEscape(c.token)
	conn, _, err := websocket.DefaultDialer.Dial(u, nil)
	if err != nil {
		c.t.Fatalf("%s: websocket: %v", c.name, err)
	}
	c.conn = conn
	c.frames = make(chan map[string]json.RawMessage, 256)
	go func() {
		defer close(c.frames)
		for {
			_, b, err := conn.ReadMessage()
			if err != nil {
				return
			}
			var env map[string]json.RawMessage
			if json.Unmarshal(b, &env) == nil {
				c.frames <- env
			}
		}
	}()
}

func (c *client) write(env map[string]any) {
	c.t.Helper()
	c.writeMu.Lock()
	defer c.writeMu.Unlock()
	if err := c.conn.WriteJSON(env); err != nil {
		c.t.Fatalf("%s: write: %v", c.name, err)
	}
}

// join joins a match with the protocol version v; the error is the
// server's refusal. Match data that arrives before the join's reply (it
// may) is kept for later reads.
func (c *client) join(matchID string, v int) error {
	c.t.Helper()
	c.cid++
	cid := strconv.Itoa(c.cid)
	c.write(map[string]any{"cid": cid, "match_join": map[string]any{
		"match_id": matchID,
		"metadata": map[string]string{protocol.JoinVersionKey: strconv.Itoa(v)},
	}})
	timeout := time.After(15 * time.Second)
	for {
		select {
		case env, ok := <-c.frames:
			if !ok {
				c.t.Fatalf("%s: the websocket closed while joining", c.name)
			}
			var got string
			json.Unmarshal(env["cid"], &got)
			if got != cid {
				c.pending = append(c.pending, env)
				continue
			}
			if e, ok := env["error"]; ok {
				var em struct {
					Message string `json:"message"`
				}
				json.Unmarshal(e, &em)
				return errors.New(em.Message)
			}
			c.matchID = matchID
			return nil
		case <-timeout:
			c.t.Fatalf("%s: no answer to the match join in 15 s", c.name)
		}
	}
}

// send sends one match message.
func (c *client) send(op int64, msg any) {
	c.t.Helper()
	b, _ := json.Marshal(msg)
	c.write(map[string]any{"match_data_send": map[string]any{
		"match_id": c.matchID,
		"op_code":  strconv.FormatInt(op, 10),
		"data":     base64.StdEncoding.EncodeToString(b),
	}})
}

func (c *client) move(token string, ply int) {
	c.send(protocol.OpMove, protocol.Move{V: protocol.Version, Token: token, Ply: ply})
}

// next returns the next match message (op and data), in order.
func (c *client) next() (int64, []byte) {
	c.t.Helper()
	timeout := time.After(15 * time.Second)
	for {
		var env map[string]json.RawMessage
		if len(c.pending) > 0 {
			env, c.pending = c.pending[0], c.pending[1:]
		} else {
			select {
			case e, ok := <-c.frames:
				if !ok {
					c.t.Fatalf("%s: the websocket closed", c.name)
				}
				env = e
			case <-timeout:
				c.t.Fatalf("%s: no message from the match in 15 s", c.name)
			}
		}
		raw, ok := env["match_data"]
		if !ok {
			continue
		}
		var md struct {
			OpCode json.Number `json:"op_code"`
			Data   string      `json:"data"`
		}
		if err := json.Unmarshal(raw, &md); err != nil {
			c.t.Fatalf("%s: unreadable match data: %v", c.name, err)
		}
		op, _ := md.OpCode.Int64()
		data, err := base64.StdEncoding.DecodeString(md.Data)
		if err != nil {
			c.t.Fatalf("%s: match data not in base64: %v", c.name, err)
		}
		return op, data
	}
}

// await reads match messages until one satisfies want, which gets each
// decoded message (*protocol.Update, *protocol.Refused, *protocol.Final).
func (c *client) await(what string, want func(any) bool) any {
	c.t.Helper()
	for i := 0; i < 100; i++ {
		op, data := c.next()
		var m any
		switch op {
		case protocol.OpUpdate:
			m = new(protocol.Update)
		case protocol.OpRefused:
			m = new(protocol.Refused)
		case protocol.OpFinal:
			m = new(protocol.Final)
		default:
			c.t.Fatalf("%s: unknown op code %d", c.name, op)
		}
		if err := json.Unmarshal(data, m); err != nil {
			c.t.Fatalf("%s: op %d unreadable: %v", c.name, op, err)
		}
		if want(m) {
			return m
		}
	}
	c.t.Fatalf("%s: 100 messages and still not %s", c.name, what)
	return nil
}

// update waits for an Update at the given ply.
func (c *client) update(ply int) *protocol.Update {
	c.t.Helper()
	c.last = c.await(fmt.Sprintf("an update at ply %d", ply), func(m any) bool {
		u, ok := m.(*protocol.Update)
		return ok && u.Ply == ply
	}).(*protocol.Update)
	return c.last
}

func (c *client) close() {
	if c.conn != nil {
		c.conn.Close()
	}
}
