package settings

import (
	"strings"
	"testing"
)

func TestServerSettings(t *testing.T) {
	p := Paths{Config: t.TempDir()}
	c, err := LoadConfig(p)
	if err != nil {
		t.Fatal(err)
	}
	if c.ServerAddress() != DefaultServerAddress || c.ServerKey() != DefaultServerKey {
		t.Fatalf("defaults: %q %q", c.ServerAddress(), c.ServerKey())
	}
	if err := c.SetServerAddress(" play.example.org:7350 "); err != nil {
		t.Fatal(err)
	}
	if err := c.SetServerAddress("two words"); err == nil {
		t.Fatal("an address with a space was taken")
	}
	if err := c.SetServerKey(""); err == nil {
		t.Fatal("an empty key was taken")
	}
	id, err := c.DeviceID()
	if err != nil || len(id) < 10 {
		t.Fatalf("device id %q, %v", id, err)
	}
	again, err := LoadConfig(p)
	if err != nil {
		t.Fatal(err)
	}
	if again.ServerAddress() != "play.example.org:7350" {
		t.Errorf("address after reload: %q", again.ServerAddress())
	}
	if id2, _ := again.DeviceID(); id2 != id {
		t.Errorf("device id changed: %q then %q", id, id2)
	}
	t.Setenv(EnvName(keyServerAddress), "10.0.0.1:7350")
	env, _ := LoadConfig(p)
	if env.ServerAddress() != "10.0.0.1:7350" {
		t.Errorf("TABULA_SERVER_ADDRESS not read: %q", env.ServerAddress())
	}
}

func TestOnlineName(t *testing.T) {
	p := Paths{Config: t.TempDir()}
	c, err := LoadConfig(p)
	if err != nil {
		t.Fatal(err)
	}
	if c.OnlineName() != "" {
		t.Fatalf("a new device has the online name %q", c.OnlineName())
	}
	if err := c.SetOnlineName(" Ana "); err != nil {
		t.Fatal(err)
	}
	for _, bad := range []string{"", "   ", strings.Repeat("a", 41), "a\x00b"} {
		if err := c.SetOnlineName(bad); err == nil {
			t.Errorf("the online name %q was taken", bad)
		}
	}
	again, _ := LoadConfig(p)
	if again.OnlineName() != "Ana" {
		t.Errorf("the online name after reload: %q", again.OnlineName())
	}
}
