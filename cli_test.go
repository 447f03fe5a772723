package main

import (
	"bytes"
	"encoding/json"
	"errors"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/tabulagames/tabula/ai"
	"github.com/tabulagames/tabula/games"
)

func run(t *testing.T, stdin string, args ...string) (code int, stdout, stderr string) {
	t.Helper()
	return runReading(t, strings.NewReader(stdin), args...)
}

func runReading(t *testing.T, stdin io.Reader, args ...string) (code int, stdout, stderr string) {
	t.Helper()
	var out, errb bytes.Buffer
	code = runCLI(args, stdin, &out, &errb)
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
	bad := writeFile(t, `{"seed":1,"game":"classic","moves":["b2","b2"]}`)
	code, out, _ := run(t, "", "replay", bad)
	if code != 1 || !strings.Contains(out, `"ply":1`) || !strings.Contains(out, `"error"`) {
		t.Fatalf("exit %d: %s", code, out)
	}
	code, out, _ = run(t, `{"seed":1,"game":"classic","rules":{"size":3},"moves":[]}`, "replay", "-")
	if code != 1 || !strings.Contains(out, `"ply":null`) {
		t.Fatalf("exit %d: %s", code, out)
	}
	code, out, _ = run(t, "", "replay", filepath.Join(t.TempDir(), "missing.json"))
	if code != 1 || !strings.Contains(out, "no such file") {
		t.Fatalf("a missing file: exit %d: %s", code, out)
	}
}

// A save's rules have their JSON types and its version is 1 or more: the
// command line refuses the rest as bad game data.
func TestReplayRefusesWhatSavesMustNotHold(t *testing.T) {
	for in, want := range map[string]string{
		`{"seed":1,"game":"infiltration","rules":{"pieces":"8"},"moves":[]}`:   "Pieces per side must be a number, not the text",
		`{"seed":1,"game":"infiltration","rules":{"kings":"true"},"moves":[]}`: "Kings must be true or false, not the text",
		`{"seed":1,"game":"classic","version":-1,"moves":[]}`:                  "the save version must be 1 or more, not -1",
	} {
		code, out, _ := run(t, in, "replay", "-")
		if code != 1 || !strings.Contains(out, want) {
			t.Errorf("%s: exit %d, %s", in, code, out)
		}
	}
}

// padded is a valid save of exactly size bytes.
func padded(size int) string {
	save := `{"seed":1,"game":"classic","moves":["b2"]}`
	return save + strings.Repeat(" ", size-len(save))
}

// errReader fails every read: input the command line must never reach.
type errReader struct{}

func (errReader) Read([]byte) (int, error) { return 0, errors.New("read past the cap") }

// Input over games.MaxRecordSize is bad game data, refused in words, from a
// file or from stdin, for replay and ai alike, without reading on: stdin
// fails if read past the cap.
func TestTooLargeInputIsRefused(t *testing.T) {
	const want = "the file is too large (over 16 MiB)"
	big := padded(games.MaxRecordSize + 1)
	file := writeFile(t, big)
	for _, cmd := range []string{"replay", "ai"} {
		for _, name := range []string{file, "-"} {
			stdin := io.MultiReader(strings.NewReader(big), errReader{})
			code, out, errs := runReading(t, stdin, cmd, name)
			if code != exitData || strings.Count(out+errs, want) != 1 {
				t.Errorf("%s %s: exit %d, %.200s %.200s", cmd, name, code, out, errs)
			}
		}
	}
	// The cap itself is allowed.
	if code, out, _ := run(t, padded(games.MaxRecordSize), "replay", "-"); code != exitOK {
		t.Errorf("a file of exactly the cap: exit %d, %.200s", code, out)
	}
}

// A wrong command line exits 2 with one message saying what is wrong, then
// at most a one-line hint: no usage dump, nothing on stdout.
func TestUsageErrors(t *testing.T) {
	save := writeFile(t, `{"seed":1,"game":"classic","moves":["b2"]}`)
	match := func(extra ...string) []string {
		return append([]string{"match", "--game", "classic", "--bots", "hard,easy", "--games", "2", "--quiet"}, extra...)
	}
	cases := []struct {
		args []string
		want string
	}{
		{match("--max-turns", "-1"), "must be a whole number from 1 to 10000"},
		{match("--max-turns", "0"), "must be a whole number from 1 to 10000"},
		{match("--max-turns", "10001"), "must be a whole number from 1 to 10000"},
		{[]string{"ai", save, "--time", "-1s"}, "must be a time from 1ms to 1h0m0s"},
		{[]string{"ai", save, "--time", "0s"}, "must be a time from 1ms to 1h0m0s"},
		{[]string{"ai", save, "--time", "soon"}, "must be a time from 1ms to 1h0m0s"},
		{[]string{"ai", save, "--time", "1000h"}, "must be a time from 1ms to 1h0m0s"},
		{[]string{"ai", save, "--time", "999999999999h"}, "must be a time from 1ms to 1h0m0s"},
		{[]string{"ai", save, "--time", "1us"}, "must be a time from 1ms to 1h0m0s"},
		{[]string{"ai", save, "--seed", "-1"}, "must be a whole number from 0 to 18446744073709551615"},
		{[]string{"ai", save, "--seed", "18446744073709551616"}, "must be a whole number from 0 to 18446744073709551615"},
		{match("--seed", "two"), "must be a whole number from 0 to 18446744073709551615"},
		{match("--bots", "hard,easy,easy"), "--bots must name 2 bots, one per seat of classic with these rules (it names 3)"},
		{match("--bots", "hard"), "--bots must name 2 bots, one per seat of classic with these rules (it names 1)"},
		{match("--games", "0"), "must be a whole number from 1 to 100000"},
		{match("--games", "100001"), "must be a whole number from 1 to 100000"},
		{match("--games", "99999999999999999999"), "must be a whole number from 1 to 100000"},
		{match("--games", "ten"), "must be a whole number from 1 to 100000"},
		{[]string{"match", "--game", "checkerboard", "--bots", "hard,easy", "--games", "2", "--rules", "size=8,size=10"}, "the house rule `size` is given twice"},
		{[]string{"match", "--bots", "hard,easy", "--games", "2"}, "--game is missing"},
		{[]string{"match", "--game", "classic", "--games", "2"}, "--bots is missing"},
		{[]string{"match", "--game", "classic", "--bots", "hard,easy"}, "--games is missing"},
		{[]string{"match", "--game", "chess", "--bots", "a,b", "--games", "2"}, `unknown game "chess"`},
		{match("extra"), `unexpected argument "extra"`},
		{match("--bots", "hard,grandmaster"), `no bot "grandmaster"`},
		{[]string{"replay"}, "name at least one save file"},
		{[]string{"replay", "--nope", save}, "flag provided but not defined: -nope"},
		{[]string{"ai", save, save}, "name exactly one save file"},
		{[]string{"ai", save, "--bot", "grandmaster"}, `no bot "grandmaster"`},
	}
	for _, c := range cases {
		code, out, errs := run(t, "", c.args...)
		lines := strings.Split(strings.TrimSuffix(errs, "\n"), "\n")
		if code != exitUsage || strings.Count(errs, c.want) != 1 || len(lines) > 2 || strings.Contains(errs, "usage:") || out != "" {
			t.Errorf("%q: exit %d, stderr %q, stdout %q; want exit 2 and %q once", c.args, code, errs, out, c.want)
		}
	}
}

func TestTimeFlag(t *testing.T) {
	limit := durationRange{min: minThinkTime, max: maxThinkTime}
	if err := limit.Set("1m30s"); err != nil || limit.d != 90*time.Second {
		t.Fatalf("1m30s: %v, %v", limit.d, err)
	}
	for _, edge := range []string{"1ms", "1h"} {
		if err := limit.Set(edge); err != nil {
			t.Errorf("%s: %v", edge, err)
		}
	}
}

// --help is no error: the usage and the flags go to stdout, exit 0.
func TestHelp(t *testing.T) {
	for _, cmd := range []string{"replay", "ai", "match"} {
		code, out, errs := run(t, "", cmd, "--help")
		if code != exitOK || strings.Count(out, "usage: tabula "+cmd) != 1 || errs != "" {
			t.Errorf("%s --help: exit %d, %q, %q", cmd, code, out, errs)
		}
	}
	if _, out, _ := run(t, "", "match", "--help"); !strings.Contains(out, "-max-turns T") || !strings.Contains(out, "(default 200)") {
		t.Errorf("match --help: %s", out)
	}
}

func TestAI(t *testing.T) {
	f := writeFile(t, `{"seed":1,"game":"classic","setup":{"board":["XXO","X.O","..."],"toMove":1},"moves":[]}`)
	code, out, errs := run(t, "", "ai", f, "--bot", "hard", "--seed", "4")
	if code != 0 || strings.TrimSpace(out) != "c1" {
		t.Fatalf("exit %d, %q %q", code, out, errs)
	}
	over := writeFile(t, `{"seed":1,"game":"classic","moves":["a1","b1","a2","b2","a3"]}`)
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
	// --max-turns reaches the games: after one turn every game is a draw.
	code, out, _ = run(t, "", "match", "--game", "classic", "--bots", "hard,easy", "--games", "2", "--max-turns", "1", "--quiet")
	if code != 0 || !strings.Contains(out, `"draws":2`) {
		t.Fatalf("--max-turns 1: exit %d, %s", code, out)
	}
	if code, _, _ := run(t, "", "match", "--game", "classic", "--bots", "hard,easy", "--games", "2", "--rules", "size=3"); code != 1 {
		t.Fatalf("bad rule: exit %d", code)
	}
}

// `tabula games` lists every game offered, in the picker's order, with
// its name: the smoke run opens each of them.
func TestGamesListsTheOfferedGames(t *testing.T) {
	code, out, errs := run(t, "", "games")
	lines := strings.Split(strings.TrimSpace(out), "\n")
	if code != 0 || errs != "" || len(lines) != 7 || lines[0] != "classic\tTic-tac-toe" || !strings.HasPrefix(lines[6], "arena\t") {
		t.Fatalf("exit %d, stderr %q, stdout:\n%s", code, errs, out)
	}
	if code, _, errs := run(t, "", "games", "extra"); code != exitUsage || !strings.Contains(errs, "no arguments") {
		t.Fatalf("an extra argument: exit %d, %q", code, errs)
	}
}
