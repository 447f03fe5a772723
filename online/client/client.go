// Package client is a headless Go client of a Tabula game server: Nakama
// (v3.40) running the Tabula match handler, spoken to in the messages of
// online/protocol. The app and the tests share it; it imports no Fyne.
//
// It talks to Nakama in two ways:
//
//   - REST for the account and the two RPCs: device authentication
//     (POST /v2/account/authenticate/device?create=true&username=..., the
//     server key as HTTP basic auth), session refresh
//     (/v2/account/session/refresh) when the token is near its expiry, and
//     RPCs through POST /v2/rpc/{id}?unwrap with the session token as a
//     Bearer: with ?unwrap Nakama passes the JSON body to the function as
//     it is and answers the function's JSON as it is (without it, the body
//     would have to be a JSON string holding the JSON).
//   - The realtime websocket (/ws?token=...&format=json) for the match:
//     envelopes as Nakama's protojson writes them (proto field names,
//     int64 as a string, bytes as standard base64), a "cid" on the
//     requests that want a reply (match_join, match_leave). A reply is
//     waited for under its cid registered BEFORE the request is written, so
//     a fast reply is never lost; incoming frames are handled in order on
//     one goroutine, and match data is taken even when it arrives before
//     the reply to match_join (Nakama may send it first).
//
// Use: Dial authenticates and opens the socket; Create or Find gives an
// invitation; Join(ctx, inv.MatchID) takes the seat; Move and Resign send
// match data; Messages delivers, in order, *protocol.Update,
// *protocol.Refused, *protocol.Final and the client's own events Dropped,
// Reconnected and Problem. An Update with From 0 carries the whole game
// and replaces everything before it.
//
// After the socket drops the client reconnects by itself, with a backoff
// that doubles from Config.ReconnectMin up to Config.ReconnectMax (it
// keeps trying until Close, or gives up after Config.ReconnectTries
// failed attempts when that is set, saying so with a Problem). It
// authenticates again when the session has expired, rejoins the match it
// was in (finding it again by its invitation code when the server no
// longer runs it, e.g. after a restart: tabula_find restarts a stored
// match), and the server then sends the whole game again. It says so
// through Messages: Dropped, then Reconnected.
//
// Messages is a bounded channel (Config.Buffer). The reader never waits
// on a slow consumer for longer than Config.SlowReader: when a message
// cannot be delivered in that time it is discarded, the socket is closed
// on purpose (Dropped says why), and the client reconnects once the
// consumer has read half the channel, so the rejoin brings the whole game
// back rather than a game with a hole in it. While the reader waits for
// room it reads nothing else, so a Join or Leave waiting for its reply
// waits too (up to its own timeout).
//
// Every error is in words a player can read ("The server at
// 127.0.0.1:7350 does not answer", "The server refused the server key").
//
// js/wasm: gorilla/websocket cannot dial from a browser, so there Dial
// fails with an error in words (dial_js.go).
package client

import (
	"context"
	"crypto/rand"
	"encoding/hex"
	"errors"
	"fmt"
	"net/http"
	"strings"
	"sync"
	"time"
	"unicode"
)

// Config is how to reach a server and who this device is.
type Config struct {
	// Addr is the server: "host:port" (plain HTTP and ws), or a URL
	// "http://host:port" or "https://host" (TLS: wss).
	Addr string
	// ServerKey is Nakama's socket.server_key ("defaultkey" by default).
	ServerKey string
	// DeviceID identifies this device's account (10 to 128 characters,
	// no spaces): keep the one NewDeviceID gave in the settings.
	DeviceID string
	// Name is the account's username when it is created. Nakama usernames
	// are unique and hold no spaces: spaces become "_", and a name taken
	// by another device gets a short suffix of this device's id.
	Name string
	// HTTPClient makes the REST calls (nil: a client with
	// RequestTimeout); its *http.Transport's TLS settings are used for the
	// socket too.
	HTTPClient *http.Client
	// OnFrame, when set, sees every raw incoming socket frame before it
	// is read, on the reader goroutine (for tests that check bytes).
	OnFrame func(raw []byte)

	// Buffer is the capacity of Messages (default 256).
	Buffer int
	// RequestTimeout bounds each REST call, socket handshake and
	// join/leave reply when the caller's context has no deadline
	// (default 10 s).
	RequestTimeout time.Duration
	// PingInterval: a ping is sent this often; PongWait: the socket is
	// taken as dead when nothing has come for PingInterval+PongWait
	// (defaults 10 s and 10 s).
	PingInterval, PongWait time.Duration
	// ReconnectMin and ReconnectMax bound the wait between reconnection
	// attempts (defaults 250 ms and 10 s); ReconnectTries > 0 gives up
	// after that many failed attempts in a row (0: until Close).
	ReconnectMin, ReconnectMax time.Duration
	ReconnectTries             int
	// RefreshBefore: the session is refreshed when it expires within this
	// (default 5 min, at most a third of the token's lifetime).
	RefreshBefore time.Duration
	// SlowReader is how long the reader waits for room in Messages before
	// it drops the connection to get the whole game again (default 10 s).
	SlowReader time.Duration
}

// Dropped: the connection to the server was lost; the client is
// reconnecting. Err says why, in words.
type Dropped struct{ Err error }

// Reconnected: the connection is back. When the client was in a match it
// is rejoining it: an Update with the whole game follows (or a Problem
// saying why the rejoin failed).
type Reconnected struct{}

// Problem: something went wrong that the client could not act on (a frame
// it could not read, a message of another protocol version, an error from
// the server, giving up reconnecting). Err says what, in words.
type Problem struct{ Err error }

func (d Dropped) String() string   { return "dropped: " + errText(d.Err) }
func (p Problem) String() string   { return "problem: " + errText(p.Err) }
func (Reconnected) String() string { return "reconnected" }

func errText(err error) string {
	if err == nil {
		return ""
	}
	return err.Error()
}

// Client is one device's connection to a server. Its methods are safe for
// concurrent use.
type Client struct {
	cfg  Config
	base string // "http://host:port"
	ws   string // "ws://host:port/ws"
	http *http.Client
	now  func() time.Time // the clock; tests replace it

	msgs   chan any
	ctx    context.Context
	cancel context.CancelFunc
	wg     sync.WaitGroup

	authMu sync.Mutex // one authentication or refresh at a time
	mu     sync.Mutex // guards everything below
	sess   session
	sock   *sock  // the current socket; nil while reconnecting
	match  string // the match this client is in (or joining): data for it is delivered
	code   string // that match's invitation code, to find it again
	closed bool
	// rejoining: a new socket is open but not yet back in the match; a
	// move sent now would go to a match id the socket has not joined (or
	// one the server no longer runs) and be lost without a word.
	rejoining bool
	cid       uint64
}

// NewDeviceID makes a new random device id for Config.DeviceID.
func NewDeviceID() string {
	var b [16]byte
	_, _ = rand.Read(b[:]) // crypto/rand.Read never fails (Go 1.24+)
	return "tabula-" + hex.EncodeToString(b[:])
}

// Dial authenticates this device with the server and opens the socket.
func Dial(ctx context.Context, cfg Config) (*Client, error) {
	c, err := newClient(cfg)
	if err != nil {
		return nil, err
	}
	if err := c.authenticate(ctx); err != nil {
		c.cancel()
		return nil, err
	}
	s, err := c.connect(ctx)
	if err != nil {
		c.cancel()
		return nil, err
	}
	c.mu.Lock()
	c.sock = s
	c.mu.Unlock()
	c.wg.Add(1)
	go c.supervise(s)
	return c, nil
}

func newClient(cfg Config) (*Client, error) {
	if cfg.Buffer <= 0 {
		cfg.Buffer = 256
	}
	def := func(d *time.Duration, v time.Duration) {
		if *d <= 0 {
			*d = v
		}
	}
	def(&cfg.RequestTimeout, 10*time.Second)
	def(&cfg.PingInterval, 10*time.Second)
	def(&cfg.PongWait, 10*time.Second)
	def(&cfg.ReconnectMin, 250*time.Millisecond)
	def(&cfg.ReconnectMax, 10*time.Second)
	def(&cfg.RefreshBefore, 5*time.Minute)
	def(&cfg.SlowReader, 10*time.Second)
	if cfg.ReconnectMax < cfg.ReconnectMin {
		cfg.ReconnectMax = cfg.ReconnectMin
	}
	base, ws, err := parseAddr(cfg.Addr)
	if err != nil {
		return nil, err
	}
	if err := checkDeviceID(cfg.DeviceID); err != nil {
		return nil, err
	}
	if cfg.ServerKey == "" {
		return nil, errors.New("The server key is missing: ask whoever runs the server for it")
	}
	hc := cfg.HTTPClient
	if hc == nil {
		hc = &http.Client{Timeout: cfg.RequestTimeout}
	}
	c := &Client{cfg: cfg, base: base, ws: ws, http: hc, now: time.Now, msgs: make(chan any, cfg.Buffer)}
	c.ctx, c.cancel = context.WithCancel(context.Background())
	return c, nil
}

// parseAddr reads Config.Addr into the REST base and the socket URL.
func parseAddr(addr string) (base, ws string, err error) {
	a := strings.TrimSpace(addr)
	switch {
	case a == "":
		return "", "", errors.New("No server address: give one like 127.0.0.1:7350")
	case strings.HasPrefix(a, "https://"):
		host := strings.TrimRight(strings.TrimPrefix(a, "https://"), "/")
		return "https://" + host, "wss://" + host + "/ws", checkHost(addr, host)
	case strings.HasPrefix(a, "http://"):
		host := strings.TrimRight(strings.TrimPrefix(a, "http://"), "/")
		return "http://" + host, "ws://" + host + "/ws", checkHost(addr, host)
	case strings.Contains(a, "://"):
		return "", "", fmt.Errorf("%q is not a server address Tabula can use: give host:port, http://host:port or https://host", addr)
	}
	a = strings.TrimRight(a, "/")
	return "http://" + a, "ws://" + a + "/ws", checkHost(addr, a)
}

func checkHost(addr, host string) error {
	if host == "" || strings.ContainsAny(host, " /?#@") {
		return fmt.Errorf("%q is not a server address Tabula can use: give host:port, http://host:port or https://host", addr)
	}
	return nil
}

// checkDeviceID applies Nakama's rule before asking it: 10 to 128 bytes,
// no spaces or control characters.
func checkDeviceID(id string) error {
	if len(id) < 10 || len(id) > 128 {
		return errors.New("This device's id must be 10 to 128 characters long (make one with NewDeviceID)")
	}
	for _, r := range id {
		if r <= ' ' || r == 0x7f {
			return errors.New("This device's id may not hold spaces or control characters (make one with NewDeviceID)")
		}
	}
	return nil
}

// Messages delivers what the server sends for the match, in order, and
// the client's own events: *protocol.Update, *protocol.Refused,
// *protocol.Final, Dropped, Reconnected, Problem. It is closed by Close.
func (c *Client) Messages() <-chan any { return c.msgs }

// UserID is the account's user id on the server.
func (c *Client) UserID() string {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.sess.userID
}

// Username is the account's username on the server (the Name given when
// the account was made, perhaps with a suffix; see Config.Name).
func (c *Client) Username() string {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.sess.username
}

// Close closes the socket, stops reconnecting and closes Messages. The
// seat stays the player's on the server: they can come back.
func (c *Client) Close() {
	c.mu.Lock()
	if c.closed {
		c.mu.Unlock()
		return
	}
	c.closed = true
	s := c.sock
	c.mu.Unlock()
	c.cancel()
	if s != nil {
		s.close(errClosed)
	}
	c.wg.Wait()
	close(c.msgs)
}

var errClosed = errors.New("The connection was closed")

// timeout gives ctx the client's RequestTimeout when it has no deadline.
func (c *Client) timeout(ctx context.Context) (context.Context, context.CancelFunc) {
	if _, ok := ctx.Deadline(); ok {
		return context.WithCancel(ctx)
	}
	return context.WithTimeout(ctx, c.cfg.RequestTimeout)
}

// emit delivers v on Messages, waiting at most SlowReader for room. It
// reports whether v was delivered.
func (c *Client) emit(v any) bool {
	select {
	case c.msgs <- v:
		return true
	default:
	}
	t := time.NewTimer(c.cfg.SlowReader)
	defer t.Stop()
	select {
	case c.msgs <- v:
		return true
	case <-t.C:
		return false
	case <-c.ctx.Done():
		return false
	}
}

// lowerFirst is an error's words to follow a colon.
func lowerFirst(err error) string {
	s := errText(err)
	if s == "" || strings.HasPrefix(s, "Tabula") {
		return s
	}
	r := []rune(s)
	if len(r) > 1 && unicode.IsUpper(r[1]) {
		return s // an initialism
	}
	r[0] = unicode.ToLower(r[0])
	return string(r)
}
