package main

import (
	"bytes"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/tabulagames/tabula/ai"
)

func run(t *testing.T, stdin string, args ...string) (code int, stdout, stderr string) {
	t.Helper()
	var out, errb bytes.Buffer
	code = runCLI(args, strings.NewReader(stdin), &out, &errb)
	return code, out.String(), errb.String()
}

func writeFile(t *testing.T, content string) string {
	t.Helper()
	p := filepath.Join(t.TempDir(), "game.json")
	if err := os.WriteFile(p, []byte(content), 0o644); err != nil {
		t.Fatal(err)
	}
	return p
}

func TestReplay(t *testing.T) {
	f := writeFile(t, `{"format":"tabula-save","version":1,"game":"classic","rules":{},"seed":0,"moves":["b2","a1","b3","a2","b1"]}`)
	code, out, _ := run(t, "", "replay", "--legal", f)
	if code != 0 {
		t.Fatalf("exit %d", code)
	}
	var line map[string]any
	if err := json.Unmarshal([]byte(out), &line); err != nil {
		t.Fatalf("%v: %s", err, out)
	}
	if line["status"] != "win" || line["plies"].(float64) != 5 || len(line["legal"].([]any)) != 0 {
		t.Fatalf("line %s", out)
	}
	// Keys in the documented order.
	if !strings.HasPrefix(out, `{"file":`) || !strings.Contains(out, `"game":"classic","plies":5,"status":"win","winners":[0],"toMove":[]`) {
		t.Fatalf("line %s", out)
	}
}

func TestReplayBadFiles(t *testing.T) {
	bad := writeFile(t, `{"game":"classic","moves":["b2","b2"]}`)
	code, out, _ := run(t, "", "replay", bad)
	if code != 1 || !strings.Contains(out, `"ply":1`) || !strings.Contains(out, `"error"`) {
		t.Fatalf("exit %d: %s", code, out)
	}
	code, out, _ = run(t, `{"game":"classic","rules":{"size":3},"moves":[]}`, "replay", "-")
	if code != 1 || !strings.Contains(out, `"ply":null`) {
		t.Fatalf("exit %d: %s", code, out)
	}
	if code, _, _ := run(t, "", "replay"); code != 2 {
		t.Fatalf("no file: exit %d", code)
	}
	if code, _, _ := run(t, "", "replay", "--nope", bad); code != 2 {
		t.Fatalf("bad flag: exit %d", code)
	}
}

func TestAI(t *testing.T) {
	f := writeFile(t, `{"game":"classic","setup":{"board":["XXO","X.O","..."],"toMove":1},"moves":[]}`)
	code, out, errs := run(t, "", "ai", f, "--bot", "hard", "--seed", "4")
	if code != 0 || strings.TrimSpace(out) != "c1" {
		t.Fatalf("exit %d, %q %q", code, out, errs)
	}
	if code, _, _ := run(t, "", "ai", f, "--bot", "grandmaster"); code != 2 {
		t.Fatalf("unknown bot: exit %d", code)
	}
	over := writeFile(t, `{"game":"classic","moves":["a1","b1","a2","b2","a3"]}`)
	if code, _, _ := run(t, "", "ai", over); code != 1 {
		t.Fatalf("finished game: exit %d", code)
	}
}

func TestMatch(t *testing.T) {
	code, out, _ := run(t, "", "match", "--game", "classic", "--bots", "hard,easy", "--games", "10", "--seed", "2", "--quiet")
	if code != 0 {
		t.Fatalf("exit %d", code)
	}
	lines := strings.Split(strings.TrimSpace(out), "\n")
	var sum ai.MatchResult
	if err := json.Unmarshal([]byte(lines[len(lines)-1]), &sum); err != nil {
		t.Fatalf("last line %q: %v", lines[len(lines)-1], err)
	}
	if sum.Games != 10 || sum.Wins[1] != 0 || sum.Points[0]+sum.Points[1] != 10 {
		t.Fatalf("summary %+v", sum)
	}
	if code, _, _ := run(t, "", "match", "--game", "classic", "--bots", "hard,easy", "--games", "2", "--rules", "size=3"); code != 1 {
		t.Fatalf("bad rule: exit %d", code)
	}
	if code, _, _ := run(t, "", "match", "--game", "chess", "--bots", "a,b", "--games", "2"); code != 2 {
		t.Fatalf("unknown game: exit %d", code)
	}
}
