package main

// The headless subcommands of NOTATION.md ("The command line"). They print
// JSON on stdout and errors on stderr, and exit 0 on success, 1 when the
// game data is wrong (an illegal move, a bad rule value), 2 on usage errors.

import (
	"context"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"strconv"
	"strings"
	"text/tabwriter"
	"time"

	"github.com/tabulagames/tabula/ai"
	"github.com/tabulagames/tabula/games"
)

const (
	exitOK    = 0
	exitData  = 1
	exitUsage = 2
)

var subcommands = map[string]func(args []string, stdin io.Reader, stdout, stderr io.Writer) int{
	"replay": cmdReplay,
	"ai":     cmdAI,
	"match":  cmdMatch,
}

func isSubcommand(s string) bool { _, ok := subcommands[s]; return ok }

func runCLI(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	return subcommands[args[0]](args[1:], stdin, stdout, stderr)
}

// parseInterleaved lets flags come before or after the file arguments
// (`tabula ai FILE --bot hard`), which the flag package alone does not.
func parseInterleaved(fs *flag.FlagSet, args []string) ([]string, error) {
	var pos []string
	for {
		if err := fs.Parse(args); err != nil {
			return nil, err
		}
		args = fs.Args()
		if len(args) == 0 {
			return pos, nil
		}
		pos = append(pos, args[0])
		args = args[1:]
	}
}

func newFlagSet(name string, stderr io.Writer, usage string) *flag.FlagSet {
	fs := flag.NewFlagSet(name, flag.ContinueOnError)
	fs.SetOutput(stderr)
	fs.Usage = func() { fmt.Fprintln(stderr, "usage: "+usage) }
	return fs
}

// readRecord reads a save file, or stdin for "-".
func readRecord(name string, stdin io.Reader) (*games.Record, error) {
	var data []byte
	var err error
	if name == "-" {
		data, err = io.ReadAll(stdin)
	} else {
		data, err = os.ReadFile(name)
	}
	if err != nil {
		return nil, err
	}
	return games.DecodeRecord(data)
}

type replayLine struct {
	File     string `json:"file"`
	Game     string `json:"game"`
	Plies    int    `json:"plies"`
	Status   string `json:"status"`
	Winners  []int  `json:"winners"`
	ToMove   []int  `json:"toMove"`
	Position any    `json:"position"`
	Legal    any    `json:"legal,omitempty"`
}

type failLine struct {
	File  string `json:"file"`
	Error string `json:"error"`
	Ply   *int   `json:"ply"`
}

func cmdReplay(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	fs := newFlagSet("replay", stderr, "tabula replay [--legal] FILE...")
	legal := fs.Bool("legal", false, "also print the legal moves of the seat(s) to move")
	files, err := parseInterleaved(fs, args)
	if err != nil {
		return exitUsage
	}
	if len(files) == 0 {
		fs.Usage()
		return exitUsage
	}
	enc := json.NewEncoder(stdout)
	code := exitOK
	for _, f := range files {
		line, fail := replayFile(f, stdin, *legal)
		if fail != nil {
			enc.Encode(fail)
			code = exitData
			continue
		}
		enc.Encode(line)
	}
	return code
}

func replayFile(name string, stdin io.Reader, withLegal bool) (*replayLine, *failLine) {
	rec, err := readRecord(name, stdin)
	if err != nil {
		return nil, &failLine{File: name, Error: err.Error()}
	}
	states, err := rec.Replay()
	if err != nil {
		fail := &failLine{File: name, Error: err.Error()}
		var re *games.ReplayError
		if errors.As(err, &re) && re.Ply >= 0 {
			fail.Ply = &re.Ply
		}
		return nil, fail
	}
	st := states[len(states)-1]
	out := st.Outcome()
	line := &replayLine{File: name, Game: rec.Game, Plies: len(rec.Moves), Status: out.Status.String(),
		Winners: nonNil(out.Winners), ToMove: nonNil(st.ToMove()), Position: st.Position()}
	if withLegal {
		line.Legal = games.LegalTokens(st)
	}
	return line, nil
}

func nonNil(s []int) []int {
	if s == nil {
		return []int{}
	}
	return s
}

func cmdAI(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	fs := newFlagSet("ai", stderr, "tabula ai FILE [--bot NAME] [--time D] [--seed S]")
	botName := fs.String("bot", "", "bot name (default: the game's strongest)")
	limit := fs.Duration("time", 0, "thinking time cap, e.g. 2s (default: the bot's own budget)")
	seed := fs.Uint64("seed", 0, "the bot's random seed")
	files, err := parseInterleaved(fs, args)
	if err != nil {
		return exitUsage
	}
	if len(files) != 1 {
		fs.Usage()
		return exitUsage
	}
	rec, err := readRecord(files[0], stdin)
	if err != nil {
		fmt.Fprintf(stderr, "tabula ai: %s: %v\n", files[0], err)
		return exitData
	}
	states, err := rec.Replay()
	if err != nil {
		fmt.Fprintf(stderr, "tabula ai: %s: %v\n", files[0], err)
		return exitData
	}
	st := states[len(states)-1]
	if st.Outcome().Over() {
		fmt.Fprintf(stderr, "tabula ai: %s: the game is over\n", files[0])
		return exitData
	}
	name := *botName
	if name == "" {
		name = ai.Strongest(rec.Game)
	}
	if _, err := ai.Find(rec.Game, name); err != nil {
		fmt.Fprintf(stderr, "tabula ai: %v\n", err)
		return exitUsage
	}
	to := st.ToMove()
	moves := make([]games.Move, len(to))
	for i, seat := range to {
		bot, _ := ai.New(rec.Game, name, ai.Options{Seed: *seed, Time: *limit})
		m, err := bot.Choose(context.Background(), st.Clone(), seat)
		if err != nil {
			fmt.Fprintf(stderr, "tabula ai: %v\n", err)
			return exitData
		}
		moves[i] = m
	}
	if len(to) == 1 {
		fmt.Fprintln(stdout, st.MoveString(to[0], moves[0]))
		return exitOK
	}
	for i, seat := range to {
		fmt.Fprintf(stdout, "%d: %s\n", seat, st.MoveString(seat, moves[i]))
	}
	return exitOK
}

func cmdMatch(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	fs := newFlagSet("match", stderr, "tabula match --game ID [--rules k=v,...] --bots A,B[,C,D] --games N [--seed S] [--max-turns T]")
	game := fs.String("game", "", "game id")
	rules := fs.String("rules", "", "house rules, k=v,...")
	bots := fs.String("bots", "", "one bot name per seat, comma separated")
	n := fs.Int("games", 0, "number of games")
	seed := fs.Uint64("seed", 0, "seed of the games and the bots")
	maxTurns := fs.Int("max-turns", 0, "a game still going after this many turns is a draw (default 200)")
	quiet := fs.Bool("quiet", false, "no progress on stderr")
	if rest, err := parseInterleaved(fs, args); err != nil || len(rest) > 0 || *game == "" || *bots == "" || *n <= 0 {
		fs.Usage()
		return exitUsage
	}
	g, ok := games.Lookup(*game)
	if !ok {
		fmt.Fprintf(stderr, "tabula match: unknown game %q\n", *game)
		return exitUsage
	}
	raw, err := games.ParseRuleList(*rules)
	if err != nil {
		fmt.Fprintf(stderr, "tabula match: %v\n", err)
		return exitUsage
	}
	if _, err := games.ValidateRules(g.RuleSpecs(), raw); err != nil {
		fmt.Fprintf(stderr, "tabula match: %v\n", err)
		return exitData
	}
	names := strings.Split(*bots, ",")
	for _, b := range names {
		if _, err := ai.Find(*game, b); err != nil {
			fmt.Fprintf(stderr, "tabula match: %v\n", err)
			return exitUsage
		}
	}
	start := time.Now()
	cfg := ai.MatchConfig{Game: *game, Rules: raw, Bots: names, Games: *n, Seed: *seed, MaxTurns: *maxTurns}
	if !*quiet {
		cfg.Progress = func(done int, r ai.GameResult) {
			fmt.Fprintf(stderr, "\rgame %d/%d", done, *n)
		}
	}
	res, err := ai.Match(context.Background(), cfg)
	if !*quiet {
		fmt.Fprintln(stderr)
	}
	if err != nil {
		fmt.Fprintf(stderr, "tabula match: %v\n", err)
		return exitData
	}
	tw := tabwriter.NewWriter(stdout, 0, 0, 2, ' ', tabwriter.AlignRight)
	fmt.Fprintf(tw, "bot\twins\tdraws\tlosses\tpoints\tscore\tms/move\t\n")
	for i, b := range names {
		losses := res.Games - res.Wins[i] - res.Draws
		perMove := 0.0
		if res.Decisions[i] > 0 {
			perMove = float64(res.Think[i].Microseconds()) / 1000 / float64(res.Decisions[i])
		}
		fmt.Fprintf(tw, "%s\t%d\t%d\t%d\t%s\t%.1f%%\t%.1f\t\n", b, res.Wins[i], res.Draws, losses,
			strconv.FormatFloat(res.Points[i], 'f', -1, 64), 100*res.Points[i]/float64(res.Games), perMove)
	}
	tw.Flush()
	fmt.Fprintf(stdout, "%d games of %s in %s\n", res.Games, *game, time.Since(start).Round(time.Millisecond))
	b, _ := json.Marshal(res)
	fmt.Fprintln(stdout, string(b))
	return exitOK
}
