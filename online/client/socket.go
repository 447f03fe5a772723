package client

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"net"
	"net/http"
	"net/url"
	"strconv"
	"sync"
	"time"

	"github.com/gorilla/websocket"

	"github.com/tabulagames/tabula/online/protocol"
)

// sock is one websocket connection. It ends once (done closed, err set);
// the supervisor then makes a new one.
type sock struct {
	conn    *websocket.Conn
	writeMu sync.Mutex // gorilla allows one writer at a time

	mu      sync.Mutex
	pending map[string]chan *envelope // replies waited for, by cid
	err     error
	done    chan struct{}
	once    sync.Once
}

// close ends the socket with a reason (the first reason given stays).
func (s *sock) close(err error) {
	s.once.Do(func() {
		s.mu.Lock()
		s.err = err
		s.mu.Unlock()
		close(s.done)
		_ = s.conn.Close()
	})
}

func (s *sock) reason() error {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.err
}

func (s *sock) write(env *envelope, wait time.Duration) error {
	b, err := json.Marshal(env)
	if err != nil {
		return err
	}
	s.writeMu.Lock()
	defer s.writeMu.Unlock()
	_ = s.conn.SetWriteDeadline(time.Now().Add(wait))
	if err := s.conn.WriteMessage(websocket.TextMessage, b); err != nil {
		s.close(err)
		return errLost
	}
	return nil
}

var (
	errLost = errors.New("The connection to the server was lost: Tabula is reconnecting")
	errSlow = errors.New("Tabula fell behind reading the game: it reconnects to get the whole game again")
)

// connect opens a socket with a valid session token. A token the server
// no longer takes is replaced once by logging in again.
func (c *Client) connect(ctx context.Context) (*sock, error) {
	for attempt := 0; ; attempt++ {
		tok, err := c.token(ctx)
		if err != nil {
			return nil, err
		}
		u := c.ws + "?" + url.Values{"token": {tok}, "format": {"json"}}.Encode()
		dctx, cancel := c.timeout(ctx)
		conn, resp, err := dialSocket(dctx, c, u)
		cancel()
		if err != nil {
			if resp != nil && resp.StatusCode == http.StatusUnauthorized && attempt == 0 {
				if err := c.authenticate(ctx); err != nil {
					return nil, err
				}
				continue
			}
			return nil, c.socketWords(err, resp)
		}
		s := &sock{conn: conn, pending: map[string]chan *envelope{}, done: make(chan struct{})}
		c.wg.Add(2)
		go c.read(s)
		go c.ping(s)
		return s, nil
	}
}

func (c *Client) socketWords(err error, resp *http.Response) error {
	if errors.Is(err, errNoSocket) {
		return err
	}
	if resp != nil {
		if resp.StatusCode == http.StatusUnauthorized {
			return errors.New("The server did not take this device's session")
		}
		return fmt.Errorf("The server at %s does not speak Tabula's online protocol (its socket answered HTTP %d)", c.cfg.Addr, resp.StatusCode)
	}
	return c.unreachable(err)
}

// read handles the socket's frames in order until it ends.
func (c *Client) read(s *sock) {
	defer c.wg.Done()
	conn := s.conn
	alive := c.cfg.PingInterval + c.cfg.PongWait
	_ = conn.SetReadDeadline(time.Now().Add(alive))
	conn.SetPingHandler(func(data string) error {
		_ = conn.SetReadDeadline(time.Now().Add(alive))
		err := conn.WriteControl(websocket.PongMessage, []byte(data), time.Now().Add(c.cfg.PongWait))
		if errors.Is(err, websocket.ErrCloseSent) {
			return nil
		}
		var ne net.Error
		if errors.As(err, &ne) && ne.Timeout() {
			return nil
		}
		return err
	})
	for {
		_, raw, err := conn.ReadMessage()
		if err != nil {
			s.close(c.dropWords(err))
			return
		}
		_ = conn.SetReadDeadline(time.Now().Add(alive))
		if c.cfg.OnFrame != nil {
			c.cfg.OnFrame(raw)
		}
		if err := c.handle(s, raw); err != nil {
			s.close(err)
			return
		}
	}
}

// dropWords says why a socket ended.
func (c *Client) dropWords(err error) error {
	if c.ctx.Err() != nil {
		return errClosed
	}
	var ce *websocket.CloseError
	if errors.As(err, &ce) {
		if ce.Code == websocket.CloseNormalClosure || ce.Code == websocket.CloseGoingAway {
			return fmt.Errorf("The server at %s closed the connection", c.cfg.Addr)
		}
		return fmt.Errorf("The connection to the server at %s was cut", c.cfg.Addr)
	}
	var ne net.Error
	if errors.As(err, &ne) && ne.Timeout() {
		return fmt.Errorf("The server at %s stopped answering", c.cfg.Addr)
	}
	return fmt.Errorf("The connection to the server at %s was lost", c.cfg.Addr)
}

// handle acts on one frame. An error ends the socket.
func (c *Client) handle(s *sock, raw []byte) error {
	env, err := decodeFrame(raw)
	if err != nil {
		c.emit(Problem{Err: err})
		return nil
	}
	if env.Cid != "" {
		s.mu.Lock()
		ch := s.pending[env.Cid]
		delete(s.pending, env.Cid)
		s.mu.Unlock()
		if ch != nil {
			ch <- env // buffered: never blocks
			return nil
		}
	}
	switch {
	case env.MatchData != nil:
		return c.matchData(env.MatchData)
	case env.Error != nil:
		if !c.emit(Problem{Err: serverWords(env.Error)}) {
			return errSlow
		}
	}
	// Presence events, pongs and the rest: the Updates say who is there.
	return nil
}

// matchData delivers a message of the match this client is in.
func (c *Client) matchData(md *matchData) error {
	c.mu.Lock()
	mine := md.MatchID != "" && md.MatchID == c.match
	if mine {
		// The server sends a match's data only to its members: the
		// rejoin is done, even if its reply has not come yet.
		c.rejoining = false
	}
	c.mu.Unlock()
	if !mine {
		return nil // a match left a moment ago
	}
	var msg any
	var err error
	switch int64(md.OpCode) {
	case protocol.OpUpdate:
		u := new(protocol.Update)
		if err = decodeServer(md.Data, u); err == nil {
			c.remember(u.Code)
		}
		msg = u
	case protocol.OpRefused:
		r := new(protocol.Refused)
		err = decodeServer(md.Data, r)
		msg = r
	case protocol.OpFinal:
		f := new(protocol.Final)
		err = decodeServer(md.Data, f)
		msg = f
	default:
		err = fmt.Errorf("The server sent a message this version of Tabula does not know (op %d): update Tabula", int64(md.OpCode))
	}
	if err != nil {
		msg = Problem{Err: err}
	}
	if !c.emit(msg) {
		return errSlow
	}
	return nil
}

// serverWords reads a realtime error from the server.
func serverWords(e *nakamaError) error {
	switch e.Code {
	case errMatchNotFound:
		return errors.New("That game is no longer running on the server")
	case errJoinRejected:
		if e.Message != "" && e.Message != "Match join rejected" {
			return errors.New(e.Message) // the referee's own words
		}
		return errors.New("The game did not let this device in")
	}
	if e.Message == "" {
		return errors.New("The server could not do what was asked")
	}
	return fmt.Errorf("The server said: %s", e.Message)
}

// ping sends an application ping every PingInterval so a dead connection
// is noticed (the reader's deadline) even when the game is quiet.
func (c *Client) ping(s *sock) {
	defer c.wg.Done()
	t := time.NewTicker(c.cfg.PingInterval)
	defer t.Stop()
	for {
		select {
		case <-s.done:
			return
		case <-t.C:
			if s.write(&envelope{Ping: &struct{}{}}, c.cfg.PongWait) != nil {
				return
			}
		}
	}
}

// request writes env with a new cid and waits for the reply. The reply
// is registered before the request is written, so a fast one is not lost.
func (c *Client) request(ctx context.Context, s *sock, env *envelope) (*envelope, error) {
	c.mu.Lock()
	c.cid++
	cid := strconv.FormatUint(c.cid, 10)
	c.mu.Unlock()
	ch := make(chan *envelope, 1)
	s.mu.Lock()
	s.pending[cid] = ch
	s.mu.Unlock()
	defer func() {
		s.mu.Lock()
		delete(s.pending, cid)
		s.mu.Unlock()
	}()
	env.Cid = cid
	ctx, cancel := c.timeout(ctx)
	defer cancel()
	if err := s.write(env, c.cfg.RequestTimeout); err != nil {
		return nil, c.lost(err)
	}
	select {
	case r := <-ch:
		return r, nil
	case <-s.done:
		return nil, c.lost(errLost)
	case <-ctx.Done():
		if errors.Is(ctx.Err(), context.DeadlineExceeded) {
			return nil, fmt.Errorf("The server at %s did not answer in time", c.cfg.Addr)
		}
		return nil, errors.New("Stopped before the server answered")
	}
}

// current is the open socket, or an error in words while there is none.
func (c *Client) current() (*sock, error) {
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.closed {
		return nil, errors.New("The connection to the server is closed")
	}
	if c.sock == nil {
		return nil, errors.New("Not connected to the server: Tabula is reconnecting")
	}
	return c.sock, nil
}

// Join takes this device's seat in a match (or a free one). When the
// connection drops while joining, the client rejoins by itself once it is
// back (the error says so, and Reconnected follows).
func (c *Client) Join(ctx context.Context, matchID string) error {
	if matchID == "" {
		return errors.New("No game to join")
	}
	s, err := c.current()
	if err != nil {
		return err
	}
	c.mu.Lock()
	old := c.match
	c.match = matchID // data may come before the reply: take it
	c.mu.Unlock()
	if old != "" && old != matchID {
		_, _ = c.request(ctx, s, &envelope{MatchLeave: &matchLeave{MatchID: old}})
	}
	err = c.join(ctx, s, matchID)
	if err != nil && !errors.Is(err, errLost) {
		c.mu.Lock()
		if c.match == matchID {
			c.match = ""
		}
		c.mu.Unlock()
	}
	return err
}

func (c *Client) join(ctx context.Context, s *sock, matchID string) error {
	r, err := c.request(ctx, s, &envelope{MatchJoin: &matchJoin{
		MatchID:  matchID,
		Metadata: map[string]string{protocol.JoinVersionKey: strconv.Itoa(protocol.Version)},
	}})
	if err != nil {
		return err
	}
	if r.Error != nil {
		return &joinError{code: r.Error.Code, err: serverWords(r.Error)}
	}
	if r.Match == nil {
		return errors.New("The server answered the join with something else")
	}
	return nil
}

// joinError is a join the server refused.
type joinError struct {
	code int
	err  error
}

func (e *joinError) Error() string { return e.err.Error() }
func (e *joinError) Unwrap() error { return e.err }

// Leave leaves the match; the seat stays this account's.
func (c *Client) Leave(ctx context.Context) error {
	c.mu.Lock()
	m := c.match
	c.match = ""
	c.code = ""
	c.mu.Unlock()
	if m == "" {
		return nil
	}
	s, err := c.current()
	if err != nil {
		return nil // not connected: the server has dropped us already
	}
	r, err := c.request(ctx, s, &envelope{MatchLeave: &matchLeave{MatchID: m}})
	if err != nil {
		return err
	}
	if r.Error != nil {
		return serverWords(r.Error)
	}
	return nil
}

// Move sends a move token, played against the position of Update.Ply.
func (c *Client) Move(token string, ply int) error {
	return c.send(protocol.OpMove, protocol.Move{V: protocol.Version, Token: token, Ply: ply})
}

// Resign gives up the game for this device's seat.
func (c *Client) Resign() error {
	return c.send(protocol.OpResign, protocol.Resign{V: protocol.Version})
}

func (c *Client) send(op int64, msg any) error {
	data, err := json.Marshal(msg)
	if err != nil {
		return err
	}
	if len(data) > protocol.MaxClientMessage {
		return fmt.Errorf("The move is too long to send (%d bytes, at most %d)", len(data), protocol.MaxClientMessage)
	}
	c.mu.Lock()
	m, rejoining := c.match, c.rejoining
	c.mu.Unlock()
	if m == "" {
		return errors.New("Not in a game: join one first")
	}
	if rejoining {
		return ErrRejoining
	}
	s, err := c.current()
	if err != nil {
		return err
	}
	return c.lost(s.write(&envelope{MatchDataSend: &matchData{MatchID: m, OpCode: int64s(op), Data: data, Reliable: true}}, c.cfg.RequestTimeout))
}

// ErrRejoining is Move's and Resign's answer while the client is back on
// the server but not yet back in its game: nothing was sent, and the
// rejoin's Update (the whole game) follows.
var ErrRejoining = errors.New("The connection to the server is being restored: nothing was sent; play again once the game is back")

// lost says a socket error in words: closed by Close, or lost.
func (c *Client) lost(err error) error {
	if err == nil {
		return nil
	}
	if c.ctx.Err() != nil {
		return errors.New("The connection to the server is closed")
	}
	return err
}

// supervise waits for each socket to end and makes the next one.
func (c *Client) supervise(s *sock) {
	defer c.wg.Done()
	for {
		select {
		case <-s.done:
		case <-c.ctx.Done():
			return
		}
		c.mu.Lock()
		if c.sock == s {
			c.sock = nil
		}
		c.mu.Unlock()
		if c.ctx.Err() != nil {
			return
		}
		why := s.reason()
		c.emit(Dropped{Err: why})
		if errors.Is(why, errSlow) && !c.waitForRoom() {
			return
		}
		if s = c.reconnect(); s == nil {
			return
		}
	}
}

// waitForRoom waits until the consumer has read half of Messages.
func (c *Client) waitForRoom() bool {
	t := time.NewTicker(c.cfg.ReconnectMin)
	defer t.Stop()
	for len(c.msgs) > cap(c.msgs)/2 {
		select {
		case <-c.ctx.Done():
			return false
		case <-t.C:
		}
	}
	return true
}

// reconnect tries, with a doubling wait, until a socket is open and the
// match rejoined. It gives nil when the client is closed or gives up.
func (c *Client) reconnect() *sock {
	wait := c.cfg.ReconnectMin
	var last error
	for attempt := 1; ; attempt++ {
		if c.cfg.ReconnectTries > 0 && attempt > c.cfg.ReconnectTries {
			c.emit(Problem{Err: fmt.Errorf("Tabula gave up reconnecting after %d tries: %s", c.cfg.ReconnectTries, lowerFirst(last))})
			return nil
		}
		t := time.NewTimer(wait)
		select {
		case <-c.ctx.Done():
			t.Stop()
			return nil
		case <-t.C:
		}
		if wait *= 2; wait > c.cfg.ReconnectMax {
			wait = c.cfg.ReconnectMax
		}
		s, err := c.connect(c.ctx)
		if err != nil {
			last = err
			continue
		}
		c.mu.Lock()
		closed := c.closed
		if !closed {
			c.sock = s
			c.rejoining = true
		}
		c.mu.Unlock()
		if closed {
			s.close(errClosed)
			return nil
		}
		// Reconnected goes first: the rejoin's Update may come before
		// the join's reply, and must follow it on Messages.
		c.emit(Reconnected{})
		err = c.rejoin(s)
		c.mu.Lock()
		c.rejoining = false
		c.mu.Unlock()
		if err != nil && !errors.Is(err, errLost) {
			c.emit(Problem{Err: err})
		}
		// A socket lost while rejoining ends like any other: the
		// supervisor sees it done and says Dropped again.
		return s
	}
}

// rejoin joins again the match the client was in, finding it by its code
// when the server no longer runs it.
func (c *Client) rejoin(s *sock) error {
	c.mu.Lock()
	m, code := c.match, c.code
	c.mu.Unlock()
	if m == "" {
		return nil
	}
	err := c.join(c.ctx, s, m)
	var je *joinError
	if errors.As(err, &je) && je.code == errMatchNotFound && code != "" {
		inv, ferr := c.Find(c.ctx, code)
		if ferr != nil {
			err = ferr
		} else {
			c.mu.Lock()
			if c.match == m {
				c.match = inv.MatchID
			}
			c.mu.Unlock()
			if err = c.join(c.ctx, s, inv.MatchID); err == nil {
				return nil
			}
		}
	}
	if err != nil && !errors.Is(err, errLost) {
		c.mu.Lock()
		c.match = ""
		c.mu.Unlock()
		return fmt.Errorf("Tabula could not rejoin the game: %s", lowerFirst(err))
	}
	return err
}
