package servertest

import (
	"os"
	"testing"
	"time"
)

func TestHold(t *testing.T) {
	f := os.Getenv("TABULA_HOLD")
	if f == "" {
		t.Skip("TABULA_HOLD not set")
	}
	s := Start(t)
	if err := os.WriteFile(f, []byte(s.Addr), 0o644); err != nil {
		t.Fatal(err)
	}
	for {
		if _, err := os.Stat(f); err != nil {
			return
		}
		time.Sleep(time.Second)
	}
}
