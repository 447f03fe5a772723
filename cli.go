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
	"github.com/tabulagames/tabula/games/rng"
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

// command is one subcommand's command line: its flags, and the one place
// that reports a usage error.
type command struct {
	name   string // "match"
	usage  string // the synopsis, after "usage: "
	fs     *flag.FlagSet
	stdout io.Writer
	stderr io.Writer
}

// newCommand makes a subcommand's flag set. The flag package prints
// nothing itself: a usage error gets one message from fail, and --help
// prints the usage on stdout.
func newCommand(name, usage string, stdout, stderr io.Writer) *command {
	fs := flag.NewFlagSet(name, flag.ContinueOnError)
	fs.SetOutput(io.Discard)
	fs.Usage = func() {}
	return &command{name: name, usage: usage, fs: fs, stdout: stdout, stderr: stderr}
}

// fail reports a usage error: what is wrong, then a one-line hint.
func (c *command) fail(format string, args ...any) int {
	fmt.Fprintf(c.stderr, "tabula %s: %s\nRun 'tabula %s --help' for the usage.\n", c.name, fmt.Sprintf(format, args...), c.name)
	return exitUsage
}

// parse reads the flags, letting them come before or after the file
// arguments (`tabula ai FILE --bot hard`) as the flag package alone does
// not. It returns the other arguments, or done with the exit code when the
// command stops here (--help, or a usage error already reported).
func (c *command) parse(args []string) (pos []string, code int, done bool) {
	for {
		err := c.fs.Parse(args)
		if errors.Is(err, flag.ErrHelp) {
			fmt.Fprintf(c.stdout, "usage: %s\n", c.usage)
			c.fs.SetOutput(c.stdout)
			c.fs.PrintDefaults()
			return nil, exitOK, true
		}
		if err != nil {
			return nil, c.fail("%v", err), true
		}
		args = c.fs.Args()
		if len(args) == 0 {
			return pos, exitOK, false
		}
		pos = append(pos, args[0])
		args = args[1:]
	}
}

// intRange is a whole-number flag checked as it is read, so a value out of
// range is refused in words, once, like a value that is no number.
type intRange struct{ n, min, max int }

func (f *intRange) String() string { return strconv.Itoa(f.n) }

func (f *intRange) Set(s string) error {
	n, err := strconv.Atoi(s)
	if err != nil || n < f.min || n > f.max {
		return fmt.Errorf("must be a whole number from %d to %d", f.min, f.max)
	}
	f.n = n
	return nil
}

// positiveDuration is a flag for a time span above zero ("2s", "500ms").
type positiveDuration struct{ d time.Duration }

func (f *positiveDuration) String() string { return f.d.String() }

func (f *positiveDuration) Set(s string) error {
	d, err := time.ParseDuration(s)
	if err != nil || d <= 0 {
		return errors.New("must be a time above zero, such as 2s or 500ms")
	}
	f.d = d
	return nil
}

// readRecord reads a save file, or stdin for "-", refusing input over
// games.MaxRecordSize without reading the rest of it.
func readRecord(name string, stdin io.Reader) (*games.Record, error) {
	r := stdin
	if name != "-" {
		f, err := os.Open(name)
		if err != nil {
			return nil, err
		}
		defer f.Close()
		r = f
	}
	data, err := games.ReadRecordData(r)
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
	c := newCommand("replay", "tabula replay [--legal] FILE...", stdout, stderr)
	legal := c.fs.Bool("legal", false, "also print the legal moves of the seat(s) to move")
	files, code, done := c.parse(args)
	if done {
		return code
	}
	if len(files) == 0 {
		return c.fail("name at least one save file (- reads standard input)")
	}
	enc := json.NewEncoder(stdout)
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
	st, err := rec.Final()
	if err != nil {
		fail := &failLine{File: name, Error: err.Error()}
		var re *games.ReplayError
		if errors.As(err, &re) && re.Ply >= 0 {
			fail.Ply = &re.Ply
		}
		return nil, fail
	}
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
	c := newCommand("ai", "tabula ai FILE [--bot NAME] [--time D] [--seed S]", stdout, stderr)
	botName := c.fs.String("bot", "", "bot `name` (default: the game's strongest)")
	var limit positiveDuration
	c.fs.Var(&limit, "time", "the longest the bot may think, a `duration` such as 2s (default: the bot's own budget)")
	seed := c.fs.Uint64("seed", 0, "the bot's random seed")
	files, code, done := c.parse(args)
	if done {
		return code
	}
	if len(files) != 1 {
		return c.fail("name exactly one save file (- reads standard input); got %d", len(files))
	}
	rec, err := readRecord(files[0], stdin)
	if err != nil {
		fmt.Fprintf(stderr, "tabula ai: %s: %v\n", files[0], err)
		return exitData
	}
	st, err := rec.Final()
	if err != nil {
		fmt.Fprintf(stderr, "tabula ai: %s: %v\n", files[0], err)
		return exitData
	}
	if st.Outcome().Over() {
		fmt.Fprintf(stderr, "tabula ai: %s: the game is over\n", files[0])
		return exitData
	}
	if *botName != "" {
		if _, err := ai.Find(rec.Game, *botName); err != nil {
			return c.fail("%v", err)
		}
	}
	progress := ai.ProgressOf(st, rec.Seed, len(rec.Moves))
	if progress.Stream, err = gameStream(rec); err != nil {
		fmt.Fprintf(stderr, "tabula ai: %s: %v\n", files[0], err)
		return exitData
	}
	// Every seat to move decides in seat order (the order a game's own
	// stream is drawn in); a bot is asked through ai.Ask, on its seat's view.
	to := st.ToMove()
	tokens := make([]string, len(to))
	for i, seat := range to {
		name := aiBotFor(rec, seat, len(to) > 1, *botName)
		bot, _ := ai.New(rec.Game, name, ai.Options{Seed: *seed, Time: limit.d})
		a, err := ai.Ask(context.Background(), bot, st, seat, progress)
		if err != nil {
			fmt.Fprintf(stderr, "tabula ai: %v\n", err)
			return exitData
		}
		tokens[i] = st.MoveString(seat, a.Move)
		if a.Plan != nil {
			tokens[i] = a.Plan[0] // a multi-action turn: its first action
		}
	}
	if len(to) == 1 {
		fmt.Fprintln(stdout, tokens[0])
		return exitOK
	}
	for i, seat := range to {
		fmt.Fprintf(stdout, "%d: %s\n", seat, tokens[i])
	}
	return exitOK
}

// aiBotFor is the bot `tabula ai` asks for a seat: the one named with
// --bot; in a simultaneous turn the seat's own bot when the save names
// one (its faithful bot draws from the game's stream in its turn); else
// the game's strongest.
func aiBotFor(rec *games.Record, seat int, simultaneous bool, named string) string {
	if named != "" {
		return named
	}
	if simultaneous && seat < len(rec.Seats) && !rec.Seats[seat].Human() {
		if _, err := ai.Find(rec.Game, rec.Seats[seat].Bot); err == nil {
			return rec.Seats[seat].Bot
		}
	}
	return ai.Strongest(rec.Game)
}

// gameStream is where the game's own stream stands after the save's
// moves (knights 4.2), or nil for games without one.
func gameStream(rec *games.Record) (*rng.Stream, error) {
	_, st, err := rec.Start()
	if err != nil {
		return nil, err
	}
	if _, ok := st.(games.Streamer); !ok {
		return nil, nil
	}
	states, err := rec.Replay()
	if err != nil {
		return nil, err
	}
	return ai.StreamAt(rec.Game, states, rec.Seats, rec.Seed)
}

// The bounds of match's numbers: a ladder needs a few thousand games, and
// bots that cycle must still end a game in a bounded time.
const (
	maxMatchGames = 100_000
	maxMatchTurns = 1_000_000
)

// gameIDs lists the ids of the games, in picker order.
func gameIDs() []string {
	var ids []string
	for _, g := range games.All() {
		ids = append(ids, g.ID())
	}
	return ids
}

func cmdMatch(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	c := newCommand("match", "tabula match --game ID [--rules k=v,...] --bots A,B[,C,D] --games N [--seed S] [--max-turns T]", stdout, stderr)
	game := c.fs.String("game", "", "game `id`")
	rules := c.fs.String("rules", "", "house rules as `k=v,...`, e.g. size=10,line=5")
	bots := c.fs.String("bots", "", "one bot `name` per seat, comma separated")
	n := intRange{min: 1, max: maxMatchGames}
	c.fs.Var(&n, "games", fmt.Sprintf("how many games to play, `N` from 1 to %d", maxMatchGames))
	seed := c.fs.Uint64("seed", 0, "seed of the games and the bots")
	maxTurns := intRange{n: 200, min: 1, max: maxMatchTurns}
	c.fs.Var(&maxTurns, "max-turns", fmt.Sprintf("a game still going after `T` turns is a draw, T from 1 to %d", maxMatchTurns))
	quiet := c.fs.Bool("quiet", false, "no progress on stderr")
	rest, code, done := c.parse(args)
	switch {
	case done:
		return code
	case len(rest) > 0:
		return c.fail("unexpected argument %q", rest[0])
	case *game == "":
		return c.fail("--game is missing: name the game to play")
	case *bots == "":
		return c.fail("--bots is missing: name one bot per seat, e.g. --bots hard,easy")
	case n.n == 0:
		return c.fail("--games is missing: say how many games to play")
	}
	g, ok := games.Lookup(*game)
	if !ok {
		return c.fail("unknown game %q (choose one of %s)", *game, strings.Join(gameIDs(), ", "))
	}
	raw, err := games.ParseRuleList(*rules)
	if err != nil {
		return c.fail("--rules: %v", err)
	}
	valid, err := games.ValidateRules(g.RuleSpecs(), raw)
	if err != nil {
		fmt.Fprintf(stderr, "tabula match: %v\n", err)
		return exitData
	}
	st, err := g.New(games.Config{Rules: valid}) // how many seats these rules make
	if err != nil {
		fmt.Fprintf(stderr, "tabula match: %v\n", err)
		return exitData
	}
	names := strings.Split(*bots, ",")
	if len(names) != st.Seats() {
		return c.fail("--bots must name %d bots, one per seat of %s with these rules (it names %d)", st.Seats(), *game, len(names))
	}
	for _, b := range names {
		if _, err := ai.Find(*game, b); err != nil {
			return c.fail("%v", err)
		}
	}
	start := time.Now()
	cfg := ai.MatchConfig{Game: *game, Rules: raw, Bots: names, Games: n.n, Seed: *seed, MaxTurns: maxTurns.n}
	if !*quiet {
		cfg.Progress = func(done int, r ai.GameResult) {
			fmt.Fprintf(stderr, "\rgame %d/%d", done, n.n)
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
	fmt.Fprintf(tw, "bot\twins\tdraws\tlosses\tpoints\tscore\tshare\tms/move\t\n")
	for i, b := range names {
		losses := res.Games - res.Wins[i] - res.Draws
		perMove := 0.0
		if res.Decisions[i] > 0 {
			perMove = float64(res.Think[i].Microseconds()) / 1000 / float64(res.Decisions[i])
		}
		fmt.Fprintf(tw, "%s\t%d\t%d\t%d\t%s\t%.1f%%\t%.1f%%\t%.1f\t\n", b, res.Wins[i], res.Draws, losses,
			strconv.FormatFloat(res.Points[i], 'f', -1, 64), 100*res.Points[i]/float64(res.Games), 100*res.Share[i], perMove)
	}
	tw.Flush()
	fmt.Fprintf(stdout, "score: points per game; share: part of all points (a fair share is %.1f%%)\n", 100/float64(len(names)))
	fmt.Fprintf(stdout, "%d games of %s in %s\n", res.Games, *game, time.Since(start).Round(time.Millisecond))
	b, _ := json.Marshal(res)
	fmt.Fprintln(stdout, string(b))
	return exitOK
}
