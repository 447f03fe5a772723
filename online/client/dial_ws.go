//go:build !js

package client

import (
	"context"
	"errors"
	"net/http"

	"github.com/gorilla/websocket"
)

// errNoSocket is the words for a platform without a socket (js/wasm).
var errNoSocket = errors.New("Online play is not available in this version of Tabula")

// dialSocket opens the websocket with gorilla's dialer, using the TLS
// settings of the REST client's transport when it has them.
func dialSocket(ctx context.Context, c *Client, u string) (*websocket.Conn, *http.Response, error) {
	d := websocket.Dialer{Proxy: http.ProxyFromEnvironment, HandshakeTimeout: c.cfg.RequestTimeout}
	if t, ok := c.http.Transport.(*http.Transport); ok && t != nil {
		d.TLSClientConfig = t.TLSClientConfig
		if t.Proxy != nil {
			d.Proxy = t.Proxy
		}
	}
	return d.DialContext(ctx, u, nil)
}
