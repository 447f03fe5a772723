package ai

import (
	"context"
	"errors"
	"math"
	"sort"
	"time"

	"github.com/tabulagames/tabula/games"
	"github.com/tabulagames/tabula/games/arena"
	"github.com/tabulagames/tabula/games/rng"
)

// The expert (ours, section 8.7): a search of whole turns and the
// opponent's answers; arena_eval.go scores the positions it reaches.

// arenaExpert searches whole turns: every distinct way its turn can end
// (turns are mostly reorderings of the same steps, and facing costs
// nothing, so the ways that reach the same position up to facing are
// merged), each answered by every distinct turn of the opponent, and
// scores the position after both ticks with arenaValue. Its own turns are
// searched best-first by their score before the answer, and an answer that
// already scores below the best turn found so far refutes a turn at once
// (alpha-beta on two plies of whole turns). Draws come only from its own
// stream (8.1), to break ties among equally scored turns.
//
// Every step of every enumeration counts against the node budget and
// polls the context. Listing its own turns may take half of the budget:
// with 10 actions a turn there can be some 100,000 of them, so they are
// listed shortest first (every turn of at most 0, 1, 2, ... actions), and
// a cut list still holds every turn up to some length, "end" at least.
type arenaExpert struct {
	nodes int64         // actions played in the search before it settles for what it has
	time  time.Duration // a cap on the thinking time on top (0: none)
	seed  int64         // for Choose
}

// arenaExpertNodes is the default budget of actions played per turn.
const arenaExpertNodes = 150_000

func newArenaExpert(o Options) arenaExpert {
	n := o.Nodes
	if n <= 0 {
		n = arenaExpertNodes
	}
	return arenaExpert{nodes: n, time: o.Time, seed: int64(o.Seed)}
}

func (b arenaExpert) Plan(ctx context.Context, d Decision) ([]string, error) {
	st, ok := d.View.(*arena.State)
	if !ok {
		return nil, errors.New("not an arena position")
	}
	if st.Status() != games.Ongoing {
		return nil, errors.New("the game is over")
	}
	if b.time > 0 {
		var cancel context.CancelFunc
		ctx, cancel = context.WithTimeout(ctx, b.time)
		defer cancel()
	}
	stream := rng.Own(d.Seed, d.Seat, d.Tokens)
	x := &expertSearch{ctx: ctx, budget: b.nodes, me: st.Mover(), p: st.Params(), rng: &stream}
	return x.plan(st), nil
}

// Choose is the first action of the plan (see arenaBot.Choose).
func (b arenaExpert) Choose(ctx context.Context, st games.State, seat int) (games.Move, error) {
	return firstOfPlan(ctx, b, st, seat, b.seed)
}

// Macros are the steps of the search: move D, place or kick facing D (a
// face first when needed), end. They are tried end first, then kicks and
// places (where a turn's threats come from), then moves.
const (
	macroPlace = 4 // + D
	macroKick  = 8 // + D
	macroEnd   = 12
)

var macroOrder = [...]int8{macroEnd, 8, 9, 10, 11, 4, 5, 6, 7, 0, 1, 2, 3}

// expertSearch is one decision of the expert.
type expertSearch struct {
	ctx    context.Context
	budget int64
	nodes  int64
	me     int
	p      arena.Params
	rng    *rng.Stream
	// Reused by every enumeration of a turn: the mid-turn and end keys seen.
	seen, ends map[uint64]struct{}
	// The enumeration under way stops once nodes reaches limit; it leaves
	// out turns of more than depth actions (noting so in short).
	limit int64
	depth int
	short bool
}

// candidate is one way the expert's turn can end (the position after it
// is replayed from the path when needed: most are never searched further).
type candidate struct {
	path   []int8
	key    uint64 // the end's TurnKey
	static int    // arenaValue of the end for the expert
	tie    uint32
}

// plan searches and returns the tokens of the best turn found. Cancelled
// or out of budget, it keeps the best turn searched so far (at least the
// first, searched as far as it got), and before any turn was searched the
// best of those listed by their score alone.
func (x *expertSearch) plan(st *arena.State) []string {
	cands := x.ownTurns(st)
	x.limit, x.depth = x.budget, math.MaxInt
	for i := range cands {
		cands[i].tie = uint32(x.rng.Draw() * (1 << 32))
	}
	sort.Slice(cands, func(i, j int) bool {
		if cands[i].static != cands[j].static {
			return cands[i].static > cands[j].static
		}
		return cands[i].tie < cands[j].tie
	})
	best, alpha := -1, 0
	for i, c := range cands {
		if best >= 0 && x.stopped() {
			break
		}
		v := c.static
		if end := replay(st, c.path); end.Status() == games.Ongoing {
			var complete bool
			v, complete = x.answer(&end, alpha, best >= 0)
			if !complete && best >= 0 {
				break
			}
		}
		if best < 0 || v > alpha {
			best, alpha = i, v
		}
	}
	return x.tokens(st, cands[best].path)
}

// ownTurns lists the ways the expert's turn can end from st, with their
// scores, within half of the node budget: every turn of at most 0
// actions (end), then of at most 1, 2, ... (each pass lists them all
// again, in the order of the full enumeration), until a pass has left
// nothing out. A pass that the budget or the context cuts adds the turns
// it found to those of the pass before. The list is never empty: "end" is
// always legal while the game runs.
func (x *expertSearch) ownTurns(st *arena.State) []candidate {
	x.limit = x.budget / 2
	var cands []candidate
	for depth := 0; ; depth++ {
		x.depth, x.short = depth, false
		var found []candidate
		complete := x.eachTurnEnd(st, func(end *arena.State, path []int8) bool {
			found = append(found, candidate{path: append([]int8(nil), path...), key: end.TurnKey(), static: x.value(end)})
			return true
		})
		if !complete {
			cands = addNew(cands, found)
			break
		}
		cands = found
		if !x.short {
			break
		}
	}
	if len(cands) == 0 { // stopped before the first step
		end := replay(st, []int8{macroEnd})
		cands = []candidate{{path: []int8{macroEnd}, key: end.TurnKey(), static: x.value(&end)}}
	}
	return cands
}

// addNew appends to cands the candidates of more whose ends it lacks.
func addNew(cands, more []candidate) []candidate {
	have := make(map[uint64]bool, len(cands))
	for _, c := range cands {
		have[c.key] = true
	}
	for _, c := range more {
		if !have[c.key] {
			have[c.key] = true
			cands = append(cands, c)
		}
	}
	return cands
}

// stopped: the node budget of the enumeration under way is spent or the
// context is done.
func (x *expertSearch) stopped() bool {
	return x.nodes >= x.limit || poll(x.ctx) != nil
}

// answer is the value for the expert of its turn ending in st, the
// opponent's best answer taken: the lowest value over the opponent's turns.
// With cut set, it stops as soon as an answer scores alpha or less (the
// turn cannot beat the best one). complete is false when the budget or ctx
// stopped it first.
func (x *expertSearch) answer(st *arena.State, alpha int, cut bool) (v int, complete bool) {
	v = arenaWin + 1
	complete = x.eachTurnEnd(st, func(end *arena.State, _ []int8) bool {
		if val := x.value(end); val < v {
			v = val
		}
		return !cut || v > alpha
	}) || (cut && v <= alpha)
	return v, complete
}

// eachTurnEnd calls fn with every distinct position in which the turn of
// st's mover can end (the tick done) and the macros leading there, until
// fn returns false or the search is stopped (node limit, context); it
// reports whether it went through them all. Turns of more than x.depth
// actions are left out (x.short then says some were).
func (x *expertSearch) eachTurnEnd(st *arena.State, fn func(end *arena.State, path []int8) bool) bool {
	if x.seen == nil {
		x.seen, x.ends = map[uint64]struct{}{}, map[uint64]struct{}{}
	}
	clear(x.seen)
	clear(x.ends)
	return x.expand(st, st.Mover(), st.ActionsLeft(), nil, fn)
}

// expand goes on with a turn that had start actions at its start. Every
// macro but end spends an action, so a mid-turn key (which holds the
// actions left) is always reached after the same number of actions, and
// merging keys never hides a turn that a depth limit let through.
func (x *expertSearch) expand(st *arena.State, mover, start int, path []int8, fn func(*arena.State, []int8) bool) bool {
	for _, m := range macroOrder {
		if !macroLegal(st, mover, m) {
			continue
		}
		if m != macroEnd && start-st.ActionsLeft() >= x.depth {
			x.short = true
			continue
		}
		if x.stopped() {
			return false
		}
		next := *st
		playMacro(&next, mover, m)
		x.nodes++
		path := append(path, m)
		key := next.TurnKey()
		if next.Status() != games.Ongoing || next.Mover() != mover {
			if _, dup := x.ends[key]; dup {
				continue
			}
			x.ends[key] = struct{}{}
			if !fn(&next, path) {
				return false
			}
			continue
		}
		if _, dup := x.seen[key]; dup {
			continue
		}
		x.seen[key] = struct{}{}
		if !x.expand(&next, mover, start, path, fn) {
			return false
		}
	}
	return true
}

// macroLegal checks a macro without playing it.
func macroLegal(st *arena.State, mover int, m int8) bool {
	if m == macroEnd {
		return true
	}
	if st.ActionsLeft() == 0 {
		return false
	}
	at := st.PlayerCell(mover)
	d := int(m & 3)
	f := arena.Step(at, d)
	switch {
	case m < macroPlace:
		return st.At(f) == arena.Floor
	case m < macroKick:
		return st.At(f) == arena.Floor
	}
	switch st.At(f) {
	case arena.Player1, arena.Player2:
		return st.At(arena.Step(f, d)) == arena.Floor
	case arena.Bomb, arena.Ice:
		for isObject(st.At(f)) {
			f = arena.Step(f, d)
		}
		return st.At(f) == arena.Floor
	}
	return false
}

// playMacro plays a legal macro.
func playMacro(st *arena.State, mover int, m int8) {
	d := int(m & 3)
	switch {
	case m == macroEnd:
		_ = st.Play(arena.End)
	case m < macroPlace:
		_ = st.Play(arena.MoveTo(d))
	default:
		if st.Facing(mover) != d {
			_ = st.Play(arena.FaceTo(d))
		}
		if m < macroKick {
			_ = st.Play(arena.Place)
		} else {
			_ = st.Play(arena.Kick)
		}
	}
}

// replay plays a path of macros on a copy of st.
func replay(st *arena.State, path []int8) arena.State {
	end := *st
	mover := st.Mover()
	for _, m := range path {
		playMacro(&end, mover, m)
	}
	return end
}

// tokens writes a path of macros from st as action tokens.
func (x *expertSearch) tokens(st *arena.State, path []int8) []string {
	facing := st.Facing(x.me)
	var out []string
	for _, m := range path {
		d := int(m & 3)
		switch {
		case m == macroEnd:
			out = append(out, "end")
		case m < macroPlace:
			out = append(out, "move "+arena.DirNames[d])
		default:
			if facing != d {
				out = append(out, "face "+arena.DirNames[d])
				facing = d
			}
			if m < macroKick {
				out = append(out, "place")
			} else {
				out = append(out, "kick")
			}
		}
	}
	return out
}
