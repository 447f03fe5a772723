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
	"math"
	"os"
	"strconv"
	"strings"
	"text/tabwriter"
	"time"

	"github.com/tabulagames/tabula/ai"
	"github.com/tabulagames/tabula/games"
	"github.com/tabulagames/tabula/games/rng"
	"github.com/tabulagames/tabula/ui/boards/all"
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
	"games":  cmdGames,
}

// cmdGames lists the games the app offers, one a line in the picker's
// order: the id, a tab, the name (the smoke test opens each one).
func cmdGames(args []string, _ io.Reader, stdout, stderr io.Writer) int {
	c := newCommand("games", "tabula games", stdout, stderr)
	pos, code, done := c.parse(args)
	if done {
		return code
	}
	if len(pos) > 0 {
		return c.fail("it takes no arguments, not %q", pos[0])
	}
	for _, e := range all.Entries() {
		fmt.Fprintf(stdout, "%s\t%s\n", e.ID(), e.Game.Name())
	}
	return 0
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

// durationRange is a flag for a time span within bounds ("2s", "500ms").
type durationRange struct{ d, min, max time.Duration }

func (f *durationRange) String() string { return f.d.String() }

func (f *durationRange) Set(s string) error {
	d, err := time.ParseDuration(s)
	if err != nil || d < f.min || d > f.max {
		return fmt.Errorf("must be a time from %v to %v, such as 2s or 500ms", f.min, f.max)
	}
	f.d = d
	return nil
}

// seedFlag is a seed, a whole number refused in words when it is not one
// (the flag package says only "parse error").
type seedFlag struct{ n uint64 }

func (f *seedFlag) String() string { return strconv.FormatUint(f.n, 10) }

func (f *seedFlag) Set(s string) error {
	n, err := strconv.ParseUint(s, 10, 64)
	if err != nil {
		return fmt.Errorf("must be a whole number from 0 to %d", uint64(math.MaxUint64))
	}
	f.n = n
	return nil
}

// The bounds of `tabula ai --time`: the bot's own node budget bounds its
// think anyway; the time only cuts it shorter.
const (
	minThinkTime = time.Millisecond
	maxThinkTime = time.Hour
)

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
	// Ending is the save's resignation or agreed draw, when it has one.
	Ending *games.Ending `json:"ending,omitempty"`
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
	out := rec.Result(st) // a resignation or an agreed draw ends it too
	line := &replayLine{File: name, Game: rec.Game, Plies: len(rec.Moves), Status: out.Status.String(),
		Winners: nonNil(out.Winners), ToMove: nonNil(st.ToMove()), Position: st.Position(), Ending: rec.Ending}
	if rec.Ending != nil {
		line.ToMove = []int{} // nobody moves in a game given up or agreed drawn
	}
	if withLegal && rec.Ending == nil {
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

// aiRun is a `tabula ai` command line, read and checked: the position
// and what to ask of which bot.
type aiRun struct {
	rec      *games.Record
	st       games.State
	bot      string // --bot, "" for each seat's own or the strongest
	options  ai.Options
	progress ai.Decision
}

func cmdAI(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	r, code, done := parseAI(args, stdin, stdout, stderr)
	if done {
		return code
	}
	return r.run(context.Background(), stdout, stderr)
}

// parseAI reads the command line and the save; done is true, with the
// exit code, when the command stops there.
func parseAI(args []string, stdin io.Reader, stdout, stderr io.Writer) (r *aiRun, code int, done bool) {
	c := newCommand("ai", "tabula ai FILE [--bot NAME] [--time D] [--seed S]", stdout, stderr)
	botName := c.fs.String("bot", "", "bot `name` (default: the game's strongest)")
	limit := durationRange{min: minThinkTime, max: maxThinkTime}
	c.fs.Var(&limit, "time", fmt.Sprintf("the longest the bot may think, a `duration` from %v to %v such as 2s (default: the bot's own budget)", minThinkTime, maxThinkTime))
	var seed seedFlag
	c.fs.Var(&seed, "seed", "the bot's random seed, a whole number `S`")
	files, code, done := c.parse(args)
	if done {
		return nil, code, true
	}
	if len(files) != 1 {
		return nil, c.fail("name exactly one save file (- reads standard input); got %d", len(files)), true
	}
	dataError := func(err error) (*aiRun, int, bool) {
		fmt.Fprintf(stderr, "tabula ai: %s: %v\n", files[0], err)
		return nil, exitData, true
	}
	rec, err := readRecord(files[0], stdin)
	if err != nil {
		return dataError(err)
	}
	st, err := rec.Final()
	if err != nil {
		return dataError(err)
	}
	if out := rec.Result(st); out.Over() {
		if rec.Ending != nil {
			return dataError(fmt.Errorf("the game is over (%s)", out.Reason))
		}
		return dataError(errors.New("the game is over"))
	}
	if *botName != "" {
		if _, err := ai.Find(rec.Game, *botName); err != nil {
			return nil, c.fail("%v", err), true
		}
	}
	progress := ai.ProgressOf(st, rec.Seed, len(rec.Moves))
	if progress.Stream, err = gameStream(rec); err != nil {
		return dataError(err)
	}
	return &aiRun{rec: rec, st: st, bot: *botName, options: ai.Options{Seed: seed.n, Time: limit.d}, progress: progress}, exitOK, false
}

// run asks the bots and prints their moves.
func (r *aiRun) run(ctx context.Context, stdout, stderr io.Writer) int {
	rec, st, progress := r.rec, r.st, r.progress
	// Every seat to move decides in seat order (the order a game's own
	// stream is drawn in); a bot is asked through ai.Ask, on its seat's view.
	to := st.ToMove()
	tokens := make([]string, len(to))
	for i, seat := range to {
		name := aiBotFor(rec, seat, len(to) > 1, r.bot)
		bot, _ := ai.New(rec.Game, name, r.options)
		a, err := ai.Ask(ctx, bot, st, seat, progress)
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
// bots that cycle must still end a game in a bounded time. No game needs
// more turns: the longest end by their own rules within about a thousand
// (alcazar's turn limit, arena's 200 turns without a hit).
const (
	maxMatchGames = 100_000
	maxMatchTurns = 10_000
)

// gameIDs lists the ids of the games, in picker order.
func gameIDs() []string {
	var ids []string
	for _, g := range games.All() {
		ids = append(ids, g.ID())
	}
	return ids
}

// matchRun is a `tabula match` command line, read and checked.
type matchRun struct {
	cfg   ai.MatchConfig
	quiet bool
}

func cmdMatch(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	m, code, done := parseMatch(args, stdout, stderr)
	if done {
		return code
	}
	return m.run(context.Background(), stdout, stderr)
}

// parseMatch reads the command line; done is true, with the exit code,
// when the command stops there.
func parseMatch(args []string, stdout, stderr io.Writer) (m *matchRun, code int, done bool) {
	c := newCommand("match", "tabula match --game ID [--rules k=v,...] --bots A,B[,C,D] --games N [--seed S] [--max-turns T]", stdout, stderr)
	game := c.fs.String("game", "", "game `id`")
	rules := c.fs.String("rules", "", "house rules as `k=v,...`, e.g. size=10,line=5")
	bots := c.fs.String("bots", "", "one bot `name` per seat, comma separated")
	n := intRange{min: 1, max: maxMatchGames}
	c.fs.Var(&n, "games", fmt.Sprintf("how many games to play, `N` from 1 to %d", maxMatchGames))
	var seed seedFlag
	c.fs.Var(&seed, "seed", "seed of the games and the bots, a whole number `S`")
	maxTurns := intRange{n: 200, min: 1, max: maxMatchTurns}
	c.fs.Var(&maxTurns, "max-turns", fmt.Sprintf("a game still going after `T` turns is a draw, T from 1 to %d", maxMatchTurns))
	quiet := c.fs.Bool("quiet", false, "no progress on stderr")
	rest, code, done := c.parse(args)
	usage := func(format string, args ...any) (*matchRun, int, bool) {
		return nil, c.fail(format, args...), true
	}
	dataError := func(err error) (*matchRun, int, bool) {
		fmt.Fprintf(stderr, "tabula match: %v\n", err)
		return nil, exitData, true
	}
	switch {
	case done:
		return nil, code, true
	case len(rest) > 0:
		return usage("unexpected argument %q", rest[0])
	case *game == "":
		return usage("--game is missing: name the game to play")
	case *bots == "":
		return usage("--bots is missing: name one bot per seat, e.g. --bots hard,easy")
	case n.n == 0:
		return usage("--games is missing: say how many games to play")
	}
	g, ok := games.Lookup(*game)
	if !ok {
		return usage("unknown game %q (choose one of %s)", *game, strings.Join(gameIDs(), ", "))
	}
	raw, err := games.ParseRuleList(*rules)
	if err != nil {
		return usage("--rules: %v", err)
	}
	valid, err := games.ValidateRules(g.RuleSpecs(), raw)
	if err != nil {
		return dataError(err)
	}
	st, err := g.New(games.Config{Rules: valid}) // how many seats these rules make
	if err != nil {
		return dataError(err)
	}
	names := strings.Split(*bots, ",")
	if len(names) != st.Seats() {
		return usage("--bots must name %d bots, one per seat of %s with these rules (it names %d)", st.Seats(), *game, len(names))
	}
	for _, b := range names {
		if _, err := ai.Find(*game, b); err != nil {
			return usage("%v", err)
		}
	}
	cfg := ai.MatchConfig{Game: *game, Rules: raw, Bots: names, Games: n.n, Seed: seed.n, MaxTurns: maxTurns.n}
	return &matchRun{cfg: cfg, quiet: *quiet}, exitOK, false
}

// run plays the match and prints the results.
func (m *matchRun) run(ctx context.Context, stdout, stderr io.Writer) int {
	start := time.Now()
	cfg, names := m.cfg, m.cfg.Bots
	if !m.quiet {
		cfg.Progress = func(done int, r ai.GameResult) {
			fmt.Fprintf(stderr, "\rgame %d/%d", done, cfg.Games)
		}
	}
	res, err := ai.Match(ctx, cfg)
	if !m.quiet {
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
	fmt.Fprintf(stdout, "%d games of %s in %s\n", res.Games, cfg.Game, time.Since(start).Round(time.Millisecond))
	b, _ := json.Marshal(res)
	fmt.Fprintln(stdout, string(b))
	return exitOK
}
