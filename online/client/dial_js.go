//go:build js

package client

import (
	"context"
	"errors"
	"net/http"

	"github.com/gorilla/websocket"
)

// errNoSocket is the words for a platform without a socket: gorilla's
// dialer opens a TCP connection, which a browser does not allow.
var errNoSocket = errors.New("Online play is not available in the web version of Tabula yet")

func dialSocket(ctx context.Context, c *Client, u string) (*websocket.Conn, *http.Response, error) {
	return nil, nil, errNoSocket
}
