package ai

import (
	"context"
	"errors"
	"slices"

	"github.com/tabulagames/tabula/games"
	"github.com/tabulagames/tabula/games/knights"
	"github.com/tabulagames/tabula/games/rng"
)

// The knights bots (shared/rules/knights.md section 9): the original's
// three faithful procedures, which draw their tie-breaks from the game's
// own stream, and our expert (knights_expert.go), which never does.

func init() {
	for i, f := range []struct {
		name, about string
		strategy    kStrategy
	}{
		{"mobility", "Jumps where it will have the most moves afterwards.", kMobility},
		{"aggressor", "Takes squares away from the other knights.", kAggressor},
		{"balanced", "Weighs its moves against the others', more so as the board fills.", kBalanced},
	} {
		Register(Spec{Game: knights.ID, Name: f.name, About: f.about, Level: i, GameStream: true,
			New: func(o Options) Bot { return kFaithful{strategy: f.strategy} }})
	}
}

type kStrategy int

const (
	kMobility kStrategy = iota
	kAggressor
	kBalanced
)

// errNoStream: a faithful bot asked without the game's stream.
var errNoStream = errors.New("the knights bots mobility, aggressor and balanced draw from the game's stream: ask them through ai.Ask with Decision.Stream set (ai.StreamAt)")

// kFaithful is one of the original's bots. It decides on its seat's view
// (through Ask) and draws exactly as section 9 says from d.Stream.
type kFaithful struct{ strategy kStrategy }

// Choose cannot place the game's stream: it refuses (Ask uses Decide).
func (b kFaithful) Choose(ctx context.Context, st games.State, seat int) (games.Move, error) {
	return games.NoMove, errNoStream
}

func (b kFaithful) Decide(ctx context.Context, d Decision) (games.Move, error) {
	st, ok := d.View.(*knights.State)
	if !ok {
		return games.NoMove, errors.New("not a knights position")
	}
	if d.Stream == nil {
		return games.NoMove, errNoStream
	}
	return kFaithfulChoice(st, d.Seat, b.strategy, d.Stream)
}

// kFaithfulChoice runs the procedure of section 9 for seat on st (its
// view), drawing from stream.
func kFaithfulChoice(st *knights.State, seat int, strategy kStrategy, stream *rng.Stream) (games.Move, error) {
	legal := st.Legal(seat)
	switch len(legal) {
	case 0:
		return games.NoMove, errors.New("this knight has no legal move")
	case 1:
		return legal[0], nil // no draw (9.1)
	}
	b := kSeen(st, seat)
	opps := b.opponents(st, seat)
	if strategy == kAggressor && len(opps) == 0 {
		strategy = kMobility // 9.3: no opponent, exactly like mobility
	}
	switch strategy {
	case kBalanced:
		return b.balanced(legal, opps, stream), nil
	case kAggressor:
		return b.runningBest(legal, stream, func(c int) int {
			sum := 0
			for _, o := range opps {
				sum += 8 - b.movesFrom(o, c)
			}
			return 2*sum + b.movesFrom(c, -1)
		}), nil
	default:
		return b.runningBest(legal, stream, func(c int) int { return b.movesFrom(c, -1) }), nil
	}
}

// kBoard is what a faithful bot sees: which squares are blocked (outside
// a fogged seat's sight everything reads as empty) and how many.
type kBoard struct {
	jumps   [][]int16
	blocked []bool
	filled  int // blocked squares it sees
	squares int // squares it sees: the board, or under fog its sight
}

// kSeen builds the board seat sees on st. The view Ask hands a bot already
// hides what the seat cannot see; the sight mask is applied again so the
// bot sees the same on the truth.
func kSeen(st *knights.State, seat int) *kBoard {
	n := st.Size()
	b := &kBoard{jumps: knights.JumpTable(n), blocked: make([]bool, n*n), squares: n * n}
	visible := func(sq int) bool { return true }
	if st.Fogged(seat) {
		sight := st.Sight(seat)
		in := make([]bool, n*n)
		for _, sq := range sight {
			in[sq] = true
		}
		visible = func(sq int) bool { return in[sq] }
		b.squares = len(sight)
	}
	for sq := range b.blocked {
		if kind, _ := st.Square(games.Move(sq)); kind != knights.Empty && visible(sq) {
			b.blocked[sq] = true
			b.filled++
		}
	}
	return b
}

// opponents are the squares of the other alive knights the seat sees, in
// seat order (9.1, 9.6).
func (b *kBoard) opponents(st *knights.State, seat int) []int {
	var out []int
	for o := 0; o < st.Seats(); o++ {
		at := st.KnightAt(o)
		if o == seat || !st.Alive(o) || at == games.NoMove {
			continue
		}
		if st.Fogged(seat) && !slices.Contains(st.Sight(seat), at) {
			continue
		}
		out = append(out, int(at))
	}
	return out
}

// movesFrom counts the legal moves of a knight on sq with the square
// also treated as blocked (-1 for none): the measures own(c) and opp_o(c).
func (b *kBoard) movesFrom(sq, also int) int {
	m := 0
	for _, j := range b.jumps[sq] {
		if !b.blocked[j] && int(j) != also {
			m++
		}
	}
	return m
}

// runningBest keeps the first candidate with the best score, replacing it
// by a strictly better one without a draw and by an equal one when a draw
// exceeds 0.5 (9.2, 9.3).
func (b *kBoard) runningBest(legal []games.Move, stream *rng.Stream, score func(c int) int) games.Move {
	best, bestScore := legal[0], score(int(legal[0]))
	for _, c := range legal[1:] {
		switch sc := score(int(c)); {
		case sc > bestScore:
			best, bestScore = c, sc
		case sc == bestScore:
			if stream.Draw() > 0.5 {
				best = c
			}
		}
	}
	return best
}

// balanced is section 9.4: one draw per candidate, in double precision in
// the spec's order. The explicit float64 conversions round every product
// on its own, so no platform fuses a multiply and an add (Go may, on
// arm64) and the score stays the original's to the last bit.
func (b *kBoard) balanced(legal []games.Move, opps []int, stream *rng.Stream) games.Move {
	d := float64(b.filled) / float64(b.squares)
	best, bestScore := games.NoMove, 0.0
	for _, c := range legal {
		r := stream.Draw()
		a := 0.0
		for _, o := range opps {
			a = a + float64(float64(8-b.movesFrom(o, int(c)))*float64(d*2))
		}
		sc := float64(float64(b.movesFrom(int(c), -1))*float64(1-float64(d*0.5))) + a + float64(r*0.2)
		if best == games.NoMove || sc > bestScore {
			best, bestScore = c, sc
		}
	}
	return best
}
