package settings

import (
	"crypto/rand"
	"encoding/hex"
	"fmt"
	"strings"
	"unicode"

	"github.com/tabulagames/tabula/games"
)

// Online play: the server this device plays through, its server key, and
// the id this device's account is known by. In config.toml:
//
//	server_address = "127.0.0.1:7350"  # host:port, or http://... / https://...
//	server_key = "tabula"              # the server's socket.server_key (server/tabula.yml's)
//	device_id = "tabula-0f3c..."       # made once, the first time it is asked for
//	online_name = "Ana"                # the name last played under online, offered again
//
// TABULA_SERVER_ADDRESS and TABULA_SERVER_KEY override the first two, as
// for every setting (EnvName).
const (
	keyServerAddress = "server_address"
	keyServerKey     = "server_key"
	keyDeviceID      = "device_id"
	keyOnlineName    = "online_name"

	DefaultServerAddress = "127.0.0.1:7350"
	// DefaultServerKey is the key of the server as shipped
	// (server/tabula.yml), so the app reaches a server started with
	// scripts/server.sh as it is; Nakama's own default is "defaultkey".
	DefaultServerKey = "tabula"
)

func init() {
	defaults[keyServerAddress] = DefaultServerAddress
	defaults[keyServerKey] = DefaultServerKey
}

// ServerAddress is the game server for online play.
func (c *Config) ServerAddress() string {
	s, _ := lookup(c, keyServerAddress, serverTextOf(keyServerAddress))
	return s
}

// SetServerAddress sets the game server: "host:port" or a URL; spaces
// around it are dropped, an empty or spaced address is refused.
func (c *Config) SetServerAddress(addr string) error {
	addr = strings.TrimSpace(addr)
	if _, err := serverTextOf(keyServerAddress)(addr); err != nil {
		return err
	}
	return c.set(map[string]any{keyServerAddress: addr})
}

// ServerKey is the server's key (DefaultServerKey unless the server's
// owner changed it).
func (c *Config) ServerKey() string {
	s, _ := lookup(c, keyServerKey, serverTextOf(keyServerKey))
	return s
}

// SetServerKey sets the server key.
func (c *Config) SetServerKey(key string) error {
	key = strings.TrimSpace(key)
	if _, err := serverTextOf(keyServerKey)(key); err != nil {
		return err
	}
	return c.set(map[string]any{keyServerKey: key})
}

// DeviceID is this device's id on game servers: made at random the first
// time and kept in the file, so the device gets its own account (and its
// seats) back every time.
func (c *Config) DeviceID() (string, error) {
	if s, ok := lookup(c, keyDeviceID, deviceIDOf); ok {
		return s, nil
	}
	var b [16]byte
	_, _ = rand.Read(b[:])
	id := "tabula-" + hex.EncodeToString(b[:])
	if err := c.set(map[string]any{keyDeviceID: id}); err != nil {
		return "", err
	}
	return id, nil
}

// OnlineName is the name this device last played under online ("" before
// the first online game): Play online and Join online offer it again.
func (c *Config) OnlineName() string {
	s, _ := lookup(c, keyOnlineName, onlineNameOf)
	return s
}

// SetOnlineName keeps the name played under online: 1 to 40 printable
// characters, as a seat's name.
func (c *Config) SetOnlineName(name string) error {
	name = strings.TrimSpace(name)
	if _, err := onlineNameOf(name); err != nil {
		return err
	}
	if name == c.OnlineName() {
		return nil
	}
	return c.set(map[string]any{keyOnlineName: name})
}

func onlineNameOf(v any) (string, error) {
	s, ok := v.(string)
	if !ok {
		return "", fmt.Errorf("online_name %v is not a name", v)
	}
	if err := checkSeat(games.SeatInfo{Name: s, Controller: "human"}); err != nil {
		return "", err
	}
	return strings.TrimSpace(s), nil
}

func serverTextOf(key string) func(any) (string, error) {
	return func(v any) (string, error) {
		s, ok := v.(string)
		if !ok || s == "" || strings.IndexFunc(s, unicode.IsSpace) >= 0 {
			what := "the server address"
			if key == keyServerKey {
				what = "the server key"
			}
			return "", fmt.Errorf("%s %v must be one word without spaces", what, v)
		}
		return s, nil
	}
}

// deviceIDOf accepts what the online client accepts: 10 to 128
// characters, no spaces.
func deviceIDOf(v any) (string, error) {
	s, ok := v.(string)
	if !ok || len(s) < 10 || len(s) > 128 || strings.IndexFunc(s, unicode.IsSpace) >= 0 {
		return "", fmt.Errorf("device_id %v must be 10 to 128 characters without spaces", v)
	}
	return s, nil
}
