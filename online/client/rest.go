package client

import (
	"bytes"
	"context"
	"crypto/sha256"
	"encoding/base64"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/http"
	"net/url"
	"strings"
	"time"

	"github.com/tabulagames/tabula/online/protocol"
)

// session is a Nakama session: the token and what it says.
type session struct {
	token, refresh   string
	userID, username string
	issued, expires  time.Time
	refreshExpires   time.Time
}

// readToken reads the claims of a Nakama session token (a JWT) without
// checking its signature: the server checks it; the client only needs the
// user and the expiry.
func readToken(token string) (session, error) {
	bad := errors.New("The server's session token is not readable")
	parts := strings.Split(token, ".")
	if len(parts) != 3 {
		return session{}, bad
	}
	raw, err := base64.RawURLEncoding.DecodeString(strings.TrimRight(parts[1], "="))
	if err != nil {
		return session{}, bad
	}
	var claims struct {
		UID string `json:"uid"`
		USN string `json:"usn"`
		Exp int64  `json:"exp"`
		Iat int64  `json:"iat"`
	}
	if json.Unmarshal(raw, &claims) != nil || claims.UID == "" || claims.Exp == 0 {
		return session{}, bad
	}
	s := session{token: token, userID: claims.UID, username: claims.USN, expires: time.Unix(claims.Exp, 0)}
	if claims.Iat > 0 {
		s.issued = time.Unix(claims.Iat, 0)
	}
	return s, nil
}

// httpError is a REST call answered with an error status.
type httpError struct {
	status  int
	code    int // the gRPC code Nakama gives
	message string
}

func (e *httpError) Error() string {
	return fmt.Sprintf("HTTP %d: %s", e.status, e.message)
}

// post sends a JSON body and reads a JSON answer into out (raw bytes
// when out is *[]byte). auth is the Authorization header.
func (c *Client) post(ctx context.Context, path string, query url.Values, auth string, body []byte, out any) error {
	ctx, cancel := c.timeout(ctx)
	defer cancel()
	u := c.base + path
	if len(query) > 0 {
		u += "?" + query.Encode()
	}
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, u, bytes.NewReader(body))
	if err != nil {
		return c.unreachable(err)
	}
	req.Header.Set("Content-Type", "application/json")
	req.Header.Set("Accept", "application/json")
	req.Header.Set("Authorization", auth)
	resp, err := c.http.Do(req)
	if err != nil {
		return c.unreachable(err)
	}
	defer resp.Body.Close()
	data, err := io.ReadAll(io.LimitReader(resp.Body, 1<<20))
	if err != nil {
		return c.unreachable(err)
	}
	if resp.StatusCode/100 != 2 {
		var e struct {
			Code    int    `json:"code"`
			Message string `json:"message"`
		}
		if json.Unmarshal(data, &e) != nil {
			return fmt.Errorf("The server at %s does not speak Tabula's online protocol (it answered HTTP %d)", c.cfg.Addr, resp.StatusCode)
		}
		return &httpError{status: resp.StatusCode, code: e.Code, message: e.Message}
	}
	if raw, ok := out.(*[]byte); ok {
		*raw = data
		return nil
	}
	if json.Unmarshal(data, out) != nil {
		return fmt.Errorf("The server at %s does not speak Tabula's online protocol (its answer is not readable)", c.cfg.Addr)
	}
	return nil
}

// unreachable is the words for a REST call that got no answer.
func (c *Client) unreachable(err error) error {
	if c.ctx.Err() != nil {
		return errors.New("The client was closed")
	}
	if errors.Is(err, context.Canceled) {
		return errors.New("Stopped before the server answered")
	}
	return &unreachableError{addr: c.cfg.Addr}
}

// ErrUnreachable is what every "the server does not answer" error is
// (errors.Is): nothing answered at the address, so trying again later may
// work, unlike a refusal.
var ErrUnreachable = errors.New("the server does not answer")

type unreachableError struct{ addr string }

func (e *unreachableError) Error() string {
	return fmt.Sprintf("The server at %s does not answer", e.addr)
}
func (e *unreachableError) Is(target error) bool { return target == ErrUnreachable }

func (c *Client) basic() string {
	return "Basic " + base64.StdEncoding.EncodeToString([]byte(c.cfg.ServerKey+":"))
}

// usernames are the usernames tried in turn when the account is created:
// the name (spaces made "_"), then with a suffix of this device's id, then
// none (the server makes one up).
func (c *Client) usernames() []string {
	name := strings.Join(strings.Fields(c.cfg.Name), "_")
	name = strings.Map(func(r rune) rune {
		if r < ' ' || r == 0x7f {
			return -1
		}
		return r
	}, name)
	if len(name) > 100 {
		name = name[:100]
	}
	if name == "" {
		return []string{""}
	}
	sum := sha256.Sum256([]byte(c.cfg.DeviceID))
	return []string{name, name + "-" + hex.EncodeToString(sum[:2]), ""}
}

// authenticate logs this device in (creating its account the first
// time), replacing the session.
func (c *Client) authenticate(ctx context.Context) error {
	c.authMu.Lock()
	defer c.authMu.Unlock()
	return c.authenticateLocked(ctx)
}

func (c *Client) authenticateLocked(ctx context.Context) error {
	body, _ := json.Marshal(map[string]string{"id": c.cfg.DeviceID})
	var err error
	for _, name := range c.usernames() {
		q := url.Values{"create": {"true"}}
		if name != "" {
			q.Set("username", name)
		}
		var out struct {
			Token        string `json:"token"`
			RefreshToken string `json:"refresh_token"`
		}
		err = c.post(ctx, "/v2/account/authenticate/device", q, c.basic(), body, &out)
		var he *httpError
		if errors.As(err, &he) && he.status == http.StatusConflict {
			continue // the username is taken: try the next
		}
		if err != nil {
			return c.authWords(err)
		}
		return c.setSession(out.Token, out.RefreshToken)
	}
	return c.authWords(err)
}

func (c *Client) setSession(token, refresh string) error {
	s, err := readToken(token)
	if err != nil {
		return err
	}
	s.refresh = refresh
	if r, err := readToken(refresh); err == nil {
		s.refreshExpires = r.expires
	}
	c.mu.Lock()
	c.sess = s
	c.mu.Unlock()
	return nil
}

// authWords says why authentication failed.
func (c *Client) authWords(err error) error {
	var he *httpError
	if !errors.As(err, &he) {
		return err
	}
	switch {
	case he.status == http.StatusUnauthorized:
		return errors.New("The server refused the server key")
	case he.status == http.StatusForbidden:
		return errors.New("The server has banned this device's account")
	case he.status == http.StatusConflict:
		return errors.New("The server has no free username for this name: choose another name")
	case he.status == http.StatusBadRequest:
		return fmt.Errorf("The server refused this device's account: %s", strings.TrimSuffix(he.message, "."))
	case he.status == http.StatusNotFound && he.message != "":
		return fmt.Errorf("The server refused this device's account: %s", strings.TrimSuffix(he.message, "."))
	}
	return fmt.Errorf("The server at %s has a problem (HTTP %d)", c.cfg.Addr, he.status)
}

// token gives a session token valid for a while yet, refreshing the
// session (or logging in again) when it is near its expiry.
func (c *Client) token(ctx context.Context) (string, error) {
	c.authMu.Lock()
	defer c.authMu.Unlock()
	c.mu.Lock()
	s := c.sess
	c.mu.Unlock()
	now := c.now()
	margin := c.cfg.RefreshBefore
	if !s.issued.IsZero() {
		if third := s.expires.Sub(s.issued) / 3; third < margin {
			margin = third
		}
	}
	if s.token != "" && now.Add(margin).Before(s.expires) {
		return s.token, nil
	}
	if s.refresh != "" && (s.refreshExpires.IsZero() || now.Before(s.refreshExpires)) {
		body, _ := json.Marshal(map[string]string{"token": s.refresh})
		var out struct {
			Token        string `json:"token"`
			RefreshToken string `json:"refresh_token"`
		}
		err := c.post(ctx, "/v2/account/session/refresh", nil, c.basic(), body, &out)
		if err == nil {
			if out.RefreshToken == "" {
				out.RefreshToken = s.refresh
			}
			if err := c.setSession(out.Token, out.RefreshToken); err != nil {
				return "", err
			}
			return out.Token, nil
		}
		var he *httpError
		if !errors.As(err, &he) {
			return "", err // no answer: logging in again would not help
		}
	}
	if err := c.authenticateLocked(ctx); err != nil {
		return "", err
	}
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.sess.token, nil
}

// rpc calls a registered function with a JSON payload and reads its JSON
// answer. A session the server no longer takes is renewed once.
func (c *Client) rpc(ctx context.Context, id string, in, out any) error {
	body, err := json.Marshal(in)
	if err != nil {
		return err
	}
	var raw []byte
	for attempt := 0; ; attempt++ {
		tok, err := c.token(ctx)
		if err != nil {
			return err
		}
		err = c.post(ctx, "/v2/rpc/"+id, url.Values{"unwrap": {""}}, "Bearer "+tok, body, &raw)
		var he *httpError
		if errors.As(err, &he) && he.status == http.StatusUnauthorized && attempt == 0 {
			if err := c.authenticate(ctx); err != nil {
				return err
			}
			continue
		}
		if errors.As(err, &he) {
			if he.status == http.StatusNotFound && strings.Contains(strings.ToLower(he.message), "rpc function not found") {
				return fmt.Errorf("The server at %s does not run Tabula's games", c.cfg.Addr)
			}
			if he.message != "" {
				return errors.New(he.message) // the Tabula plugin's own words
			}
			return fmt.Errorf("The server at %s has a problem (HTTP %d)", c.cfg.Addr, he.status)
		}
		if err != nil {
			return err
		}
		break
	}
	if err := decodeServer(raw, out); err != nil {
		return err
	}
	return nil
}

// Create asks the server for a new match; the answer is the invitation to
// share (its Code) and to join (its MatchID). req.V is set for the caller.
func (c *Client) Create(ctx context.Context, req protocol.CreateRequest) (protocol.Invitation, error) {
	req.V = protocol.Version
	var inv protocol.Invitation
	if err := c.rpc(ctx, protocol.RPCCreate, req, &inv); err != nil {
		return protocol.Invitation{}, err
	}
	c.remember(inv.Code)
	return inv, nil
}

// Find looks a match up by its invitation code as a person typed it (the
// server restarts a stored match that is no longer running).
func (c *Client) Find(ctx context.Context, code string) (protocol.Invitation, error) {
	norm, err := protocol.NormalizeCode(code)
	if err != nil {
		return protocol.Invitation{}, err
	}
	var inv protocol.Invitation
	if err := c.rpc(ctx, protocol.RPCFind, protocol.FindRequest{V: protocol.Version, Code: norm}, &inv); err != nil {
		return protocol.Invitation{}, err
	}
	c.remember(inv.Code)
	return inv, nil
}

// remember keeps the code of the match last created or found, to find it
// again after a server restart.
func (c *Client) remember(code string) {
	if code == "" {
		return
	}
	c.mu.Lock()
	c.code = code
	c.mu.Unlock()
}

// decodeServer reads a message from the server into v, checking its
// protocol version first.
func decodeServer(data []byte, v any) error {
	var head struct {
		V *int `json:"v"`
	}
	if err := json.Unmarshal(data, &head); err != nil {
		return errors.New("The server sent a message Tabula cannot read")
	}
	if head.V == nil {
		return errors.New("The server sent a message without a protocol version: it runs another version of Tabula")
	}
	if *head.V > protocol.Version {
		return fmt.Errorf("The server speaks a newer version of Tabula (protocol %d, this app speaks %d): update Tabula to play online", *head.V, protocol.Version)
	}
	if *head.V < protocol.Version {
		return fmt.Errorf("The server speaks an older version of Tabula (protocol %d, this app speaks %d): the server must be updated", *head.V, protocol.Version)
	}
	if err := json.Unmarshal(data, v); err != nil {
		return errors.New("The server sent a message Tabula cannot read")
	}
	return nil
}
