package ai

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"sync"
	"testing"

	"github.com/tabulagames/tabula/games"
	"github.com/tabulagames/tabula/games/gametest"
	"github.com/tabulagames/tabula/games/toy"
)

// Issue 17: every bot obeys its node budget and its context on every path,
// the first iteration included, and answers a legal move when it is cut
// off at once. TestEveryBotObeysItsBudget asks every named bot of every
// game, on the largest boards, the most seats and long games mid-way,
//
//   - with a context already cancelled: it answers a legal move (or plan)
//     at once, with no error or ctx.Err(), having searched nothing;
//   - with a budget of one node: it answers a legal move with no error,
//     having searched at most a handful of nodes.
//
// Work is counted two ways, neither a clock: the nodes the searches
// report to the work meter (meter.go), and the polls of ctx, which cost
// nothing to count and need no help from the bot. The context of the
// budget case is a watchdog that cancels after budgetWatchdog polls, so a
// bot that ignores its budget but polls ends (and fails) instead of
// hanging.

// botWork says how each named bot's work is bounded. A search takes a
// node budget (Options.Nodes) and reports its nodes to the work meter; a
// scripted bot does a small fixed amount of work per position (a
// one- or two-ply look at most) and takes no budget. Every registered bot
// must be listed, so a new one is classified when it is added.
var botWork = map[string]string{
	"classic/easy": scripted, "classic/medium": search, "classic/hard": search,
	"checkerboard/easy": scripted, "checkerboard/medium": search, "checkerboard/hard": search,
	"infiltration/easy": scripted, "infiltration/medium": search, "infiltration/hard": search,
	"alcazar/easy": scripted, "alcazar/medium": search, "alcazar/hard": search, "alcazar/expert": search,
	"revenge/easy": scripted, "revenge/medium": scripted, "revenge/hard": search,
	"knights/mobility": scripted, "knights/aggressor": scripted, "knights/balanced": scripted, "knights/expert": search,
	"arena/easy": scripted, "arena/medium": scripted, "arena/hard": scripted, "arena/expert": searchUnmetered,
}

const (
	search   = "search"
	scripted = "scripted"
	// searchUnmetered: a search that does not report to the work meter;
	// only its polls bound it here.
	searchUnmetered = "search, unmetered"
)

// The bounds of the two cases. A budget of one node lets a search visit
// that node and, at most, finish the step it is in (a lone knight's
// solver gives each first jump its share, at least one node).
const (
	cancelledNodes = 0
	cancelledPolls = 4
	budgetNodes    = 8
	budgetPolls    = 64
	budgetWatchdog = 20_000
)

// budgetPosition is one position every bot of its game is asked on.
type budgetPosition struct {
	game, name string
	st         games.State
}

var budgetPos struct {
	once sync.Once
	list []budgetPosition
}

// budgetPositions are the positions: each game at its largest boards,
// most seats and longest rule values, at the start and well into a game
// played at random (gametest.LongGame, which never ends the game).
func budgetPositions(t *testing.T) []budgetPosition {
	budgetPos.once.Do(func() {
		add := func(game, name string, rules map[string]any, plies int) {
			g, ok := games.Lookup(game)
			if !ok {
				t.Fatalf("no game %s", game)
			}
			rec, st := gametest.LongGame(t, g, rules, plies, 3)
			if plies > 0 {
				name = fmt.Sprintf("%s-ply%d", name, len(rec.Moves))
			}
			budgetPos.list = append(budgetPos.list, budgetPosition{game, name, st})
		}
		add("classic", "start", nil, 0)
		add("classic", "mid", nil, 3)
		add("checkerboard", "12x12-line6", map[string]any{"size": 12, "line": 6}, 0)
		add("checkerboard", "12x12-line6-exact", map[string]any{"size": 12, "line": 6, "overlines": false}, 60)
		add("checkerboard", "12x12-line3-fifo32", map[string]any{"size": 12, "line": 3, "fifo": 32}, 3000)
		add("infiltration", "16-pie", map[string]any{"pieces": 16, "pie": true}, 1)
		add("infiltration", "16-free-forced-multi", map[string]any{"pieces": 16, "movement": "free", "forcedCapture": true, "multiJump": true}, 5000)
		budgetPos.list = append(budgetPos.list, budgetPosition{"infiltration", "free-forced-multi-ply60000", infLongGame(t)})
		add("alcazar", "start", nil, 0)
		add("alcazar", "limit1000", map[string]any{"turnLimit": 1000}, 1500) // turn 750 of 1000
		add("revenge", "6x6-4", map[string]any{"size": 6, "players": 4}, 0)
		add("revenge", "6x6-4", map[string]any{"size": 6, "players": 4}, 3000)
		add("revenge", "3x3-2", map[string]any{"size": 3, "players": 2, "antiRevenge": false}, 0)
		add("knights", "16x16-4", map[string]any{"size": 16, "players": 4}, 0)
		add("knights", "16x16-4-all", map[string]any{"size": 16, "players": 4, "obstacles": 64, "shrink": 32, "fog": true, "starts": "random"}, 20)
		add("knights", "16x16-1", map[string]any{"size": 16, "players": 1}, 10)
		add("knights", "5x5-2", map[string]any{"size": 5, "players": 2}, 2)
		arenaMax := map[string]any{"hp": 20, "bombTimer": 10, "iceHP": 20, "actions": 10, "firstActions": 10}
		add("arena", "max", arenaMax, 0)
		add("arena", "max", arenaMax, 400)
	})
	if len(budgetPos.list) == 0 {
		t.Fatal("no positions")
	}
	return budgetPos.list
}

// budgetCase is one way of cutting a bot off.
type budgetCase struct {
	name  string
	nodes int64 // Options.Nodes
	left  int   // polls answered before the context reads as cancelled
	// the bounds, and whether ctx.Err() is an acceptable error
	maxNodes, maxPolls int64
	errOK              bool
}

var budgetCases = []budgetCase{
	{name: "cancelled", left: 0, maxNodes: cancelledNodes, maxPolls: cancelledPolls, errOK: true},
	{name: "budget", nodes: 1, left: budgetWatchdog, maxNodes: budgetNodes, maxPolls: budgetPolls},
}

func TestEveryBotObeysItsBudget(t *testing.T) {
	for _, g := range games.All() {
		if g.ID() == toy.ID {
			continue // a test game, its bots fixtures (ask_test.go)
		}
		for _, spec := range ForGame(g.ID()) {
			if _, ok := botWork[g.ID()+"/"+spec.Name]; !ok {
				t.Errorf("%s/%s is not in botWork: say how its work is bounded", g.ID(), spec.Name)
			}
		}
	}
	for _, p := range budgetPositions(t) {
		for _, spec := range ForGame(p.game) {
			for _, c := range budgetCases {
				key := p.game + "/" + p.name + "/" + spec.Name + "/" + c.name
				t.Run(key, func(t *testing.T) {
					for _, pr := range askCutOff(p, spec, c) {
						t.Error(pr)
					}
				})
			}
		}
	}
}

// askCutOff asks every seat to act at p with spec's bot, cut off as c
// says, and lists what went wrong.
func askCutOff(p budgetPosition, spec Spec, c budgetCase) []string {
	var problems []string
	kind := botWork[p.game+"/"+spec.Name]
	for _, seat := range p.st.ToMove() {
		st := p.st.Clone()
		bot := spec.New(Options{Seed: 5, Nodes: c.nodes})
		watch := &countdownCtx{Context: context.Background(), left: c.left}
		ctx, meter := withWorkMeter(watch)
		d := ProgressOf(st, 11, 0)
		if gs, ok := st.(games.Streamer); ok {
			stream := gs.GameStream()
			d.Stream = &stream
		}
		a, err := Ask(ctx, bot, st, seat, d)
		polls := int64(c.left - watch.left)
		nodes := meter.nodes.Load()
		say := func(format string, args ...any) {
			problems = append(problems, fmt.Sprintf("seat %d: ", seat)+fmt.Sprintf(format, args...)+
				fmt.Sprintf(" (%d nodes, %d polls)", nodes, polls))
		}
		switch {
		case err != nil && !(c.errOK && errors.Is(err, context.Canceled)):
			say("error %v", err)
		case err != nil && errors.Is(err, context.Canceled) && !c.errOK:
			say("the watchdog stopped it: its budget did not")
		}
		if why := illegalAnswer(p.st, seat, a); why != "" {
			say("%s", why)
		}
		if kind == search && nodes > c.maxNodes {
			say("searched %d nodes, more than %d", nodes, c.maxNodes)
		}
		if kind != search && nodes != 0 {
			say("reported %d nodes to the meter but is listed as %s", nodes, kind)
		}
		if polls > c.maxPolls {
			say("polled ctx %d times, more than %d", polls, c.maxPolls)
		}
	}
	return problems
}

// illegalAnswer says what is wrong with an answer for seat at st ("" if
// nothing): a move must be legal, a plan's tokens must play in turn.
func illegalAnswer(st games.State, seat int, a Answer) string {
	if a.Plan != nil {
		if len(a.Plan) == 0 {
			return "an empty plan"
		}
		c := st.Clone()
		for i, tok := range a.Plan {
			if err := games.PlayToken(c, tok); err != nil {
				return fmt.Sprintf("plan %q: token %d refused: %v", a.Plan, i+1, err)
			}
		}
		return ""
	}
	if a.Move == games.NoMove {
		return "no move"
	}
	if !slices.Contains(st.Legal(seat), a.Move) {
		return fmt.Sprintf("illegal move %v", a.Move)
	}
	return ""
}

// The generic searchers themselves, on every position of every game, with
// a plain evaluation (every game's bots reach them through hooks):
// alpha-beta and max-n, where one seat moves. Cut off at once, each
// answers a legal move; cancelled, it searches nothing; with a budget of
// one node, it searches one.
func TestGenericSearchersObeyTheirBudget(t *testing.T) {
	type searcher struct {
		name string
		new  func(nodes int64) Bot
	}
	searchers := []searcher{
		{"alpha-beta", func(n int64) Bot {
			return &AlphaBeta{Eval: func(games.State, int) int { return 0 }, Nodes: n, TTBits: 10}
		}},
		{"max-n", func(n int64) Bot {
			return &MaxN{Eval: func(games.State, []int) {}, Nodes: n, TTBits: 10}
		}},
	}
	for _, p := range budgetPositions(t) {
		for _, s := range searchers {
			to := p.st.ToMove()
			if len(to) != 1 { // neither searches simultaneous turns
				continue
			}
			for _, c := range budgetCases {
				t.Run(p.game+"/"+p.name+"/"+s.name+"/"+c.name, func(t *testing.T) {
					for _, seat := range to {
						watch := &countdownCtx{Context: context.Background(), left: c.left}
						ctx, meter := withWorkMeter(watch)
						m, err := s.new(max(c.nodes, 1)).Choose(ctx, p.st.Clone(), seat)
						nodes, polls := meter.nodes.Load(), int64(c.left-watch.left)
						if err != nil && !(c.errOK && errors.Is(err, context.Canceled)) {
							t.Errorf("seat %d: error %v", seat, err)
						}
						if why := illegalAnswer(p.st, seat, Answer{Move: m}); why != "" {
							t.Errorf("seat %d: %s", seat, why)
						}
						// Exactly the budget: nothing when cancelled, one node else.
						if nodes > c.nodes || polls > c.maxPolls {
							t.Errorf("seat %d: %d nodes and %d polls, more than %d and %d", seat, nodes, polls, c.nodes, c.maxPolls)
						}
					}
				})
			}
		}
	}
}
