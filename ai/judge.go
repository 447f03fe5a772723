package ai

import (
	"context"
	"errors"
	"fmt"
	"math/rand/v2"

	"github.com/tabulagames/tabula/games"
	"github.com/tabulagames/tabula/games/arena"
)

// Whether a bot accepts a draw a person offers it (issue 19 item 4).
//
// The bot judges the position from its own seat's view with its game's
// evaluation, searched a few plies where one seat moves alone (alpha-beta
// from the seat to move, the value turned to the bot's side), and read
// statically where the game has no such search (arena's multi-action
// turns, knights' secret picks). It ACCEPTS when that value is at most its
// game's Level: the game is level (within Level of even) or the bot is
// behind. Level is about half a piece in the unit of each evaluation: half
// a man in infiltration (50 of a man's 100), one open pair of stones in
// checkerboard (10: its windows count 1, 10, 100 by stones), half a
// health point in arena (50 of hpValue's 100 a point), about half a
// piece's weight on alcazar's squares (50). A game without an evaluation
// of its own here (revenge and knights with two seats, tic-tac-toe) is
// judged by seeded random playouts: the bot accepts when it scores at
// most 55% of them (a draw counts half), level within 5%.
//
// Like every bot, Assess is a pure function of (view, seed) under its node
// budget, stops promptly when ctx is cancelled (answering "decline", as a
// person who did not think it through would), and never sees more than
// its seat's view.

// AssessNodes is the node budget of an assessment when none is given: a
// few tenths of a second at most on a phone, so the answer comes at the
// pace of a bot's move.
const AssessNodes = 40_000

// Assessment is a bot's answer to a draw offer and what it rests on.
type Assessment struct {
	Accept bool
	// Value is the bot's evaluation of the position for its seat, in the
	// unit of its game's judge (for playouts: thousandths of the points
	// it scored, 500 being even); Level the most it accepts at.
	Value, Level int
}

// judge is how a game's bots weigh a position for a draw offer.
type judge struct {
	eval   Eval // for seat, in ±MaxEval; nil: random playouts
	level  int  // accept at or below this value (see above)
	search bool // search a few plies with eval where one seat moves alone
}

// judges are the two-seat games' evaluations for a draw offer, by game id.
var judges = map[string]judge{
	"checkerboard": {eval: cbEval(true), level: 10, search: true},
	"infiltration": {eval: infEval(4), level: 50, search: true},
	"alcazar":      {eval: alcazarBase.eval, level: 50, search: true},
	"arena":        {eval: arenaJudge, level: 50},
}

// arenaJudge is arena expert's evaluation of a position for seat.
func arenaJudge(st games.State, seat int) int {
	s, ok := st.(*arena.State)
	if !ok {
		return 0
	}
	return arenaValue(s, seat)
}

// playoutLevel is the share of the points (in thousandths) at or below
// which a bot judged by playouts accepts: even, give or take 5%.
const playoutLevel = 550

// Assess says whether the bot of seat accepts a draw offered on st, the
// position now (the offer is made on a person's turn). It looks only at
// games.ViewOf(st, seat). nodes bounds the work (0: AssessNodes); seed
// makes its random choices. A game that is over, or a seat not in it, is
// an error.
func Assess(ctx context.Context, game string, st games.State, seat int, seed uint64, nodes int64) (Assessment, error) {
	if st.Outcome().Over() {
		return Assessment{}, errors.New("the game is over: there is no draw to offer")
	}
	if seat < 0 || seat >= st.Seats() {
		return Assessment{}, fmt.Errorf("seat %d is not in the game", seat+1)
	}
	if nodes <= 0 {
		nodes = AssessNodes
	}
	view := games.ViewOf(st, seat)
	j, ok := judges[game]
	if !ok || j.eval == nil {
		v, err := playouts(ctx, view, seat, seed, nodes)
		return Assessment{Accept: err == nil && v <= playoutLevel, Value: v, Level: playoutLevel}, err
	}
	v, err := j.value(ctx, view, seat, seed, nodes)
	if err != nil {
		return Assessment{Value: v, Level: j.level}, err
	}
	return Assessment{Accept: v <= j.level, Value: v, Level: j.level}, nil
}

// value is the judge's value of view for seat: a short search from the
// seat to move where it moves alone, else the evaluation itself.
func (j judge) value(ctx context.Context, view games.State, seat int, seed uint64, nodes int64) (int, error) {
	to := view.ToMove()
	if !j.search || len(to) != 1 {
		if err := poll(ctx); err != nil {
			return 0, err
		}
		addWork(ctx, 1)
		return j.eval(view, seat), nil
	}
	mover := to[0]
	ab := &AlphaBeta{Eval: j.eval, MaxDepth: 3, Nodes: nodes, TTBits: 14, Seed: seed}
	r, err := ab.Search(ctx, view, mover)
	if err != nil {
		return 0, err
	}
	if mover != seat {
		return -r.Score, nil // two seats, one's gain is the other's loss
	}
	return r.Score, nil
}

// playouts plays random games from view to their end (or until the
// budget runs out, counting a move as a node) and returns the points seat
// scored, in thousandths of the games finished: a win 1, a draw 1/2. A
// playout the budget cuts short counts as a draw.
func playouts(ctx context.Context, view games.State, seat int, seed uint64, nodes int64) (int, error) {
	rng := rand.New(rand.NewPCG(seed, view.Hash()^0x5EED))
	var points, played int64
	var spent int64
	defer func() { addWork(ctx, spent) }()
	for spent < nodes {
		if err := poll(ctx); err != nil {
			return 0, err
		}
		st := view.Clone()
		for !st.Outcome().Over() && spent < nodes {
			if err := randomTurn(st, rng); err != nil {
				return 0, err
			}
			spent++
		}
		out := st.Outcome()
		played++
		switch {
		case out.Status == games.Win && contains(out.Winners, seat):
			points += 1000
		case out.Status == games.Win:
		default:
			points += 500 // a draw, or a playout cut short
		}
	}
	if played == 0 {
		return 500, nil
	}
	return int(points / played), nil
}

// randomTurn plays one random turn on st: a random legal move of the seat
// to move, or of every seat of a simultaneous turn at once.
func randomTurn(st games.State, rng *rand.Rand) error {
	to := st.ToMove()
	moves := make([]games.Move, len(to))
	for i, s := range to {
		legal := st.Legal(s)
		if len(legal) == 0 {
			return fmt.Errorf("seat %d has no legal move", s+1)
		}
		moves[i] = legal[rng.IntN(len(legal))]
	}
	return st.Play(moves...)
}

func contains(list []int, x int) bool {
	for _, v := range list {
		if v == x {
			return true
		}
	}
	return false
}
