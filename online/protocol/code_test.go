package protocol

import (
	"strings"
	"testing"
)

func TestCodesAreSixCharactersOfTheAlphabet(t *testing.T) {
	seen := map[string]bool{}
	for i := 0; i < 200; i++ {
		c, err := NewCode()
		if err != nil {
			t.Fatal(err)
		}
		if len(c) != CodeLength || strings.Trim(c, CodeAlphabet) != "" {
			t.Fatalf("code %q", c)
		}
		seen[c] = true
	}
	if len(seen) < 190 {
		t.Fatalf("only %d different codes in 200", len(seen))
	}
}

func TestNormalizeCode(t *testing.T) {
	for in, want := range map[string]string{"k7m3qx": "K7M3QX", " K7M-3QX ": "K7M3QX", "k7 m3 qx": "K7M3QX"} {
		got, err := NormalizeCode(in)
		if err != nil || got != want {
			t.Errorf("NormalizeCode(%q) = %q, %v; want %q", in, got, err, want)
		}
	}
	for _, bad := range []string{"", "K7M3Q", "K7M3QXX", "K7M3Q0", "KOM3QX"} {
		if _, err := NormalizeCode(bad); err == nil {
			t.Errorf("NormalizeCode(%q) accepted", bad)
		}
	}
	if _, err := NormalizeCode("K7M3Q0"); err == nil || !strings.Contains(err.Error(), "0 is not") {
		t.Errorf("the error does not name the character: %v", err)
	}
}

func TestDecodeChecksVersionAndSize(t *testing.T) {
	var m Move
	if err := Decode([]byte(`{"v":1,"token":"c3","ply":4}`), &m); err != nil || m.Token != "c3" || m.Ply != 4 {
		t.Fatalf("%+v %v", m, err)
	}
	if err := Decode([]byte(`{"token":"c3"}`), &m); err == nil || !strings.Contains(err.Error(), "update Tabula") {
		t.Fatalf("no version: %v", err)
	}
	if err := Decode([]byte(`{"v":0,"token":"c3"}`), &m); err == nil || !strings.Contains(err.Error(), "too old") {
		t.Fatalf("old version: %v", err)
	}
	if err := Decode([]byte(`{"v":2,"token":"c3"}`), &m); err == nil || !strings.Contains(err.Error(), "newer") {
		t.Fatalf("new version: %v", err)
	}
	if err := Decode([]byte(`{"v":1,"token":`), &m); err == nil {
		t.Fatal("broken JSON accepted")
	}
	big := []byte(`{"v":1,"token":"` + strings.Repeat("a", MaxClientMessage) + `"}`)
	if err := Decode(big, &m); err == nil || !strings.Contains(err.Error(), "too long") {
		t.Fatalf("long: %v", err)
	}
}
