//go:build trialharness

package servertest

import (
	"os"
	"testing"
	"time"
)

// TestTrialHarness runs a server for a trial by hand (docs/shots/issue21/
// TRIAL.md): its address goes to $TRIAL_DIR/addr, and it runs until the
// file $TRIAL_DIR/stop appears; $TRIAL_DIR/restart restarts Nakama,
// $TRIAL_DIR/kill kills it, $TRIAL_DIR/start starts it again.
//
//	TRIAL_DIR=/tmp/trial go test -tags trialharness -run TestTrialHarness -timeout 3h ./internal/servertest/
func TestTrialHarness(t *testing.T) {
	dir := os.Getenv("TRIAL_DIR")
	if dir == "" {
		t.Skip("TRIAL_DIR is not set")
	}
	s := Start(t)
	if err := os.WriteFile(dir+"/addr", []byte(s.Addr), 0o644); err != nil {
		t.Fatal(err)
	}
	took := func(name string) bool {
		if _, err := os.Stat(dir + "/" + name); err != nil {
			return false
		}
		os.Remove(dir + "/" + name)
		return true
	}
	for {
		time.Sleep(200 * time.Millisecond)
		switch {
		case took("stop"):
			return
		case took("restart"):
			s.Restart(t)
		case took("kill"):
			s.Kill(t)
		case took("start"):
			s.StartNakama(t)
		}
	}
}
