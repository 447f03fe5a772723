package main

import (
	"bytes"
	"context"
	"encoding/json"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"
	"unicode"

	"github.com/tabulagames/tabula/ai"
	"github.com/tabulagames/tabula/games"
)

// Issue 10: any command line of `tabula match` and `tabula ai` ends with
// exit 0, 1 or 2 and, unless it succeeded, a message in words; never a
// panic, never an unbounded run. The numbers are refused outside their
// bounds when the command line is read (parseMatch, parseAI), so the
// fuzz targets check those bounds there; they then run what was accepted,
// kept short (at most two games of 30 turns, a bot's budget of 2,000
// nodes, 20 ms of thought, a context that ends after fuzzPolls polls),
// for the games' and the bots' own panics on odd rules and seeds. That
// every bot keeps its budget is ai's TestEveryBotObeysItsBudget.

// fuzzPolls is how many polls of ctx a fuzzed run may make: every search
// polls at every node, and the match at every turn.
const fuzzPolls = 20_000

// pollCtx ends after a number of polls of Err (no clock).
type pollCtx struct {
	context.Context
	left int
}

func (c *pollCtx) Err() error {
	c.left--
	if c.left < 0 {
		return context.Canceled
	}
	return nil
}

// checkRefusal checks a command that stopped while reading its command
// line args: --help on stdout with exit 0, or an exit code of 1 or 2 with
// a message in words on stderr.
func checkRefusal(t *testing.T, cmd string, args []string, code int, stdout, stderr string) {
	t.Helper()
	switch code {
	case exitOK:
		if !strings.HasPrefix(stdout, "usage: tabula "+cmd) || stderr != "" {
			t.Fatalf("exit 0 without running: stdout %q, stderr %q", stdout, stderr)
		}
	case exitData, exitUsage:
		checkWords(t, cmd, args, stderr)
		if stdout != "" {
			t.Fatalf("exit %d with output %q", code, stdout)
		}
	default:
		t.Fatalf("exit code %d", code)
	}
}

// checkWords checks an error message: one, named after the command, with
// words in it, and no trace of a crash or of a misused format (once what
// the command line said, which a message may quote, is taken out).
func checkWords(t *testing.T, cmd string, args []string, stderr string) {
	t.Helper()
	if !strings.HasPrefix(stderr, "tabula "+cmd+": ") {
		t.Fatalf("message %q does not say which command", stderr)
	}
	own := stderr
	for _, a := range args {
		if a = strings.TrimLeft(a, "-"); len(a) >= 2 {
			quoted := strconv.Quote(a) // as %q writes it, quotes aside
			own = strings.ReplaceAll(own, quoted[1:len(quoted)-1], "")
			own = strings.ReplaceAll(own, a, "")
		}
	}
	for _, crash := range []string{"panic", "goroutine", "runtime error", "%!"} {
		if strings.Contains(own, crash) {
			t.Fatalf("message %q", stderr)
		}
	}
	words := 0
	for _, f := range strings.FieldsFunc(stderr, func(r rune) bool { return !unicode.IsLetter(r) }) {
		if len(f) >= 3 {
			words++
		}
	}
	if words < 3 {
		t.Fatalf("message %q has too few words", stderr)
	}
}

func FuzzMatchCommandLine(f *testing.F) {
	f.Add("classic", "", "hard,easy", "2", "1", "20", "")
	f.Add("checkerboard", "size=12,line=6", "easy,hard", "9999999999", "0", "1000000", "")
	f.Add("checkerboard", "size=12,line=3,fifo=32", "medium,hard", "100000", "18446744073709551615", "10000", "")
	f.Add("infiltration", "pieces=16,movement=free,forcedCapture=true,multiJump=true,pie=true", "hard,easy", "1", "5", "30", "")
	f.Add("knights", "size=16,players=4,obstacles=64,shrink=32,fog=true", "expert,mobility,aggressor,balanced", "1", "3", "5", "")
	f.Add("arena", "actions=10,firstActions=10,hp=20,iceHP=20,bombTimer=10", "expert,hard", "1", "-1", "0", "")
	f.Add("revenge", "size=6,players=4", "hard,medium,easy,hard", "3", "7", "50", "--help")
	f.Add("alcazar", "turnLimit=1000", "expert,medium", "2", "x", "2", "extra")
	f.Add("classic", "size=3", "hard,hard,hard", "0", "", "-5", "--bogus 1")
	f.Fuzz(func(t *testing.T, game, rules, bots, gamesN, seed, maxTurns, extra string) {
		args := []string{"--game", game, "--rules", rules, "--bots", bots, "--games", gamesN,
			"--seed", seed, "--max-turns", maxTurns, "--quiet"}
		args = append(args, strings.Fields(extra)...)
		var out, errs bytes.Buffer
		m, code, done := parseMatch(args, &out, &errs)
		if done {
			checkRefusal(t, "match", args, code, out.String(), errs.String())
			return
		}
		cfg := m.cfg
		if cfg.Games < 1 || cfg.Games > maxMatchGames || cfg.MaxTurns < 1 || cfg.MaxTurns > maxMatchTurns {
			t.Fatalf("accepted %d games of at most %d turns", cfg.Games, cfg.MaxTurns)
		}
		m.cfg.Games, m.cfg.MaxTurns = min(cfg.Games, 2), min(cfg.MaxTurns, 30)
		ctx := &pollCtx{Context: context.Background(), left: fuzzPolls}
		out.Reset()
		code = m.run(ctx, &out, &errs)
		if ctx.left < 0 { // the fuzz's own cut
			return
		}
		if code != exitOK {
			t.Fatalf("%q: exit %d: %s", args, code, errs.String())
		}
		lines := strings.Split(strings.TrimSpace(out.String()), "\n")
		var sum ai.MatchResult
		if err := json.Unmarshal([]byte(lines[len(lines)-1]), &sum); err != nil || sum.Games != m.cfg.Games {
			t.Fatalf("%q: summary %q: %v", args, lines[len(lines)-1], err)
		}
	})
}

// fuzzSaves are the saves FuzzAICommandLine asks about: every game, the
// largest boards, the most seats, a simultaneous turn with faithful bots,
// a multi-action turn, a finished game and a broken file.
var fuzzSaves = []string{
	`{"game":"classic","moves":["b2"]}`,
	`{"game":"checkerboard","rules":{"size":12,"line":6},"moves":["f7"]}`,
	`{"game":"infiltration","rules":{"pieces":16,"pie":true},"moves":["d2"]}`,
	`{"game":"alcazar","rules":{"turnLimit":1000},"moves":[]}`,
	`{"game":"revenge","rules":{"size":6,"players":4},"moves":["a1","b2"]}`,
	`{"game":"knights","rules":{"size":16,"players":4,"fog":true},"seed":9,"seats":[` +
		`{"name":"A","controller":"ai","bot":"mobility"},{"name":"B","controller":"ai","bot":"balanced"},` +
		`{"name":"C","controller":"human"},{"name":"D","controller":"ai","bot":"expert"}],"moves":[]}`,
	`{"game":"arena","rules":{"actions":10,"firstActions":10,"hp":20},"moves":[]}`,
	`{"game":"classic","moves":["a1","b1","a2","b2","a3"]}`,
	`{"game":"classic","moves":["z9"]}`,
}

func FuzzAICommandLine(f *testing.F) {
	dir := f.TempDir()
	files := make([]string, len(fuzzSaves))
	for i, s := range fuzzSaves {
		files[i] = filepath.Join(dir, "save"+string(rune('a'+i))+".json")
		if err := os.WriteFile(files[i], []byte(s), 0o644); err != nil {
			f.Fatal(err)
		}
	}
	f.Add(uint8(0), "hard", "2s", "4", "")
	f.Add(uint8(1), "", "1000h", "0", "")
	f.Add(uint8(2), "medium", "1ns", "18446744073709551616", "")
	f.Add(uint8(3), "expert", "1ms", "-3", "")
	f.Add(uint8(4), "hard", "", "", "--time 5s")
	f.Add(uint8(5), "", "30ms", "1", "")
	f.Add(uint8(6), "expert", "1h", "2", "")
	f.Add(uint8(7), "grandmaster", "", "", "more.json")
	f.Add(uint8(8), "", "soon", "", "--help")
	f.Fuzz(func(t *testing.T, save uint8, bot, limit, seed, extra string) {
		args := []string{files[int(save)%len(files)]}
		if bot != "" {
			args = append(args, "--bot", bot)
		}
		if limit != "" {
			args = append(args, "--time", limit)
		}
		if seed != "" {
			args = append(args, "--seed", seed)
		}
		args = append(args, strings.Fields(extra)...)
		var out, errs bytes.Buffer
		r, code, done := parseAI(args, strings.NewReader(""), &out, &errs)
		if done {
			checkRefusal(t, "ai", args, code, out.String(), errs.String())
			return
		}
		if d := r.options.Time; d < minThinkTime && d != 0 || d > maxThinkTime {
			t.Fatalf("accepted a think of %v", d)
		}
		r.options.Nodes = 2_000
		if r.options.Time > 20*time.Millisecond || r.options.Time == 0 {
			r.options.Time = 20 * time.Millisecond
		}
		ctx := &pollCtx{Context: context.Background(), left: fuzzPolls}
		code = r.run(ctx, &out, &errs)
		if ctx.left < 0 { // the fuzz's own cut
			return
		}
		if code != exitOK {
			t.Fatalf("%q: exit %d: %s", args, code, errs.String())
		}
		checkAIMoves(t, r.st, out.String())
	})
}

// checkAIMoves checks `tabula ai`'s output: a legal token for the seat to
// move, or one line "seat: token" per seat of a simultaneous turn.
func checkAIMoves(t *testing.T, st games.State, out string) {
	t.Helper()
	lines := strings.Split(strings.TrimSuffix(out, "\n"), "\n")
	to := st.ToMove()
	if len(lines) != len(to) {
		t.Fatalf("%d lines for %d seats: %q", len(lines), len(to), out)
	}
	for i, seat := range to {
		token := lines[i]
		if len(to) > 1 {
			var ok bool
			if token, ok = strings.CutPrefix(token, strings.TrimSpace(string(rune('0'+seat)))+": "); !ok {
				t.Fatalf("line %q is not seat %d's", lines[i], seat)
			}
		}
		if _, err := st.ParseMove(seat, token); err != nil {
			t.Fatalf("seat %d: %q: %v", seat, token, err)
		}
	}
}
