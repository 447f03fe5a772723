package main

import (
	"encoding/json"
	"strings"
	"testing"
)

// tabula replay honours a save's ending: a resignation is a win for the
// other seat and an agreed draw a draw, with nobody to move; a bad ending
// is refused in words; tabula ai will not move in a game given up.
func TestReplayHonoursTheEnding(t *testing.T) {
	for _, c := range []struct {
		ending, status, winners string
	}{
		{`{"by":"resigned","seat":0}`, "win", "[1]"},
		{`{"by":"resigned","seat":1}`, "win", "[0]"},
		{`{"by":"agreed"}`, "draw", "[]"},
	} {
		f := writeFile(t, `{"game":"checkerboard","seed":3,"moves":["a1","f6"],"ending":`+c.ending+`}`)
		code, out, _ := run(t, "", "replay", "--legal", f)
		if code != 0 {
			t.Fatalf("%s: exit %d: %s", c.ending, code, out)
		}
		var line map[string]any
		if err := json.Unmarshal([]byte(out), &line); err != nil {
			t.Fatal(err)
		}
		if !strings.Contains(out, `"status":"`+c.status+`","winners":`+c.winners+`,"toMove":[]`) || line["legal"] != nil || line["ending"] == nil {
			t.Errorf("%s: %s", c.ending, out)
		}
		code, _, errOut := run(t, "", "ai", f)
		if code == 0 || !strings.Contains(errOut, "the game is over") {
			t.Errorf("tabula ai on a game ended %s: exit %d, %s", c.ending, code, errOut)
		}
	}
	bad := writeFile(t, `{"game":"classic","seed":1,"moves":["a1","a2","b1","b2","c1"],"ending":{"by":"agreed"}}`)
	code, out, _ := run(t, "", "replay", bad)
	if code != 1 || !strings.Contains(out, "already ended by its rules") {
		t.Errorf("a draw agreed after a win: exit %d: %s", code, out)
	}
	bad = writeFile(t, `{"game":"classic","seed":1,"moves":[],"ending":{"by":"forfeit"}}`)
	code, out, _ = run(t, "", "replay", bad)
	if code != 1 || !strings.Contains(out, "forfeit") {
		t.Errorf("an unknown ending: exit %d: %s", code, out)
	}
}
