package e2e

// The harness of the games tests: real online/client clients (the app's
// own), one per person seat, driven through whole games with random legal
// moves, and the checks of everything they received against the finished
// game's record replayed with the game's own rules.

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"math/rand"
	"reflect"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/tabulagames/tabula/ai"
	"github.com/tabulagames/tabula/games"
	_ "github.com/tabulagames/tabula/games/all"
	online "github.com/tabulagames/tabula/online/client"
	"github.com/tabulagames/tabula/online/protocol"
)

// quiet is how long a table waits for the next message before it gives
// up: far more than any move takes (bots think under a second here).
const quiet = 30 * time.Second

// player is one person's device: a real client and what it was sent.
type player struct {
	name   string
	device string
	addr   string
	c      *online.Client
	rng    *rand.Rand
	// bot, when set, chooses this person's moves instead of the random
	// pick: the app's bot on the position rebuilt from the history the
	// client was shown (for a game of full information whose start does
	// not depend on the seed), so a long game ends sooner.
	bot ai.Bot

	seat    int
	last    *protocol.Update
	history []string // every turn token as this seat was shown it
	final   *protocol.Final
	sent    int // the ply of the last move sent (-1: none since the last full update)
	refused []*protocol.Refused
	dropped int
	back    int // Reconnected seen
	fulls   int // updates with the whole game (From 0)
	problem []string

	mu     sync.Mutex
	frames [][]byte // every raw socket frame, in order (client.Config.OnFrame)
}

// event is a message of one player's client.
type event struct {
	p   *player
	msg any
}

// table is one match and the players at it.
type table struct {
	t       *testing.T
	addr    string // host:port of the server (or of a proxy in front of it)
	game    string
	code    string
	matchID string
	players []*player
	events  chan event
	done    chan struct{}
	// auto: the table plays random legal moves for every player.
	auto bool
	// problems: a client's Problem is expected (a restart) rather than an error.
	problems bool
}

func newTable(t *testing.T, addr string) *table {
	tb := &table{t: t, addr: addr, events: make(chan event, 1024), done: make(chan struct{}), auto: true}
	t.Cleanup(func() {
		close(tb.done)
		for _, p := range tb.players {
			p.c.Close()
		}
	})
	return tb
}

// dial signs a device in and starts forwarding its messages to the table.
func (tb *table) dial(name, device string, seed int64) *player {
	tb.t.Helper()
	return tb.dialVia(tb.addr, name, device, seed)
}

// dialVia is dial through another address (a proxy).
func (tb *table) dialVia(addr, name, device string, seed int64) *player {
	tb.t.Helper()
	p := &player{name: name, device: device, addr: addr, seat: -1, sent: -1, rng: rand.New(rand.NewSource(seed))}
	if err := tb.connect(p); err != nil {
		tb.t.Fatalf("%s signs in: %v", name, err)
	}
	tb.players = append(tb.players, p)
	return p
}

// connect dials p's device (again) and forwards its messages.
func (tb *table) connect(p *player) error {
	ctx, cancel := context.WithTimeout(context.Background(), quiet)
	defer cancel()
	c, err := online.Dial(ctx, online.Config{Addr: p.addr, ServerKey: serverKey, DeviceID: p.device, Name: p.name,
		ReconnectMin: 20 * time.Millisecond, ReconnectMax: 500 * time.Millisecond,
		OnFrame: func(raw []byte) {
			p.mu.Lock()
			p.frames = append(p.frames, bytes.Clone(raw))
			p.mu.Unlock()
		}})
	if err != nil {
		return err
	}
	p.c = c
	go func() {
		for m := range c.Messages() {
			select {
			case tb.events <- event{p, m}:
			case <-tb.done:
				return
			}
		}
	}()
	return nil
}

// open makes the match: the first player creates it and takes the first
// person seat, the others find it by its code (typed in lower case with a
// space, as a person would) and join in order, each taking the next free
// person seat.
func (tb *table) open(game string, rules map[string]any, seats []protocol.SeatRequest, people ...*player) {
	tb.t.Helper()
	tb.game = game
	ctx, cancel := context.WithTimeout(context.Background(), quiet)
	defer cancel()
	inv, err := people[0].c.Create(ctx, protocol.CreateRequest{V: protocol.Version, Game: game, Rules: rules, Seats: seats})
	if err != nil {
		tb.t.Fatalf("%s creates a game of %s: %v", people[0].name, game, err)
	}
	tb.code, tb.matchID = inv.Code, inv.MatchID
	for i, p := range people {
		id := inv.MatchID
		if i > 0 {
			typed := strings.ToLower(inv.Code[:3] + " " + inv.Code[3:])
			found, err := p.c.Find(ctx, typed)
			if err != nil {
				tb.t.Fatalf("%s finds %q: %v", p.name, typed, err)
			}
			if found.MatchID != inv.MatchID || found.Game != game {
				tb.t.Fatalf("%s found %+v for code %s, want match %s", p.name, found, inv.Code, inv.MatchID)
			}
			id = found.MatchID
		}
		if err := p.c.Join(ctx, id); err != nil {
			tb.t.Fatalf("%s joins: %v", p.name, err)
		}
		// Wait for the join's full update so the seats are taken in order.
		tb.until(fmt.Sprintf("%s's first update", p.name), func() bool { return p.last != nil })
		if p.last.From != 0 {
			tb.t.Errorf("%s's first update starts at %d, want the whole game (0)", p.name, p.last.From)
		}
	}
	tb.t.Logf("%s: code %s, match %s", game, tb.code, tb.matchID)
}

// next handles one message, or fails the test after quiet.
func (tb *table) next(what string) {
	tb.t.Helper()
	select {
	case ev := <-tb.events:
		tb.handle(ev)
	case <-time.After(quiet):
		tb.t.Fatalf("waiting for %s: nothing came for %v\n%s", what, quiet, tb.state())
	}
}

// until handles messages until cond holds.
func (tb *table) until(what string, cond func() bool) {
	tb.t.Helper()
	for !cond() {
		tb.next(what)
	}
}

// drain handles whatever comes for d.
func (tb *table) drain(d time.Duration) {
	end := time.After(d)
	for {
		select {
		case ev := <-tb.events:
			tb.handle(ev)
		case <-end:
			return
		}
	}
}

// sees reports whether every player but p sees p's seat connected (or not).
func (tb *table) sees(p *player, connected bool) bool {
	for _, q := range tb.players {
		if q != p && (q.last == nil || q.last.Seats[p.seat].Connected != connected) {
			return false
		}
	}
	return true
}

// play plays the match to its end: every player has the final record.
func (tb *table) play() {
	tb.t.Helper()
	tb.until("the end of the game", tb.over)
}

func (tb *table) over() bool {
	for _, p := range tb.players {
		if p.final == nil || p.last == nil || p.last.Status == "ongoing" {
			return false
		}
	}
	return true
}

// ply is the most plies any player has seen.
func (tb *table) ply() int {
	n := 0
	for _, p := range tb.players {
		if p.last != nil && p.last.Ply > n {
			n = p.last.Ply
		}
	}
	return n
}

func (tb *table) handle(ev event) {
	t, p := tb.t, ev.p
	switch m := ev.msg.(type) {
	case *protocol.Update:
		if m.V != protocol.Version || m.Game != tb.game || (tb.code != "" && m.Code != tb.code) {
			t.Errorf("%s got an update of version %d, game %q, code %q", p.name, m.V, m.Game, m.Code)
		}
		if m.From > len(p.history) {
			t.Errorf("%s's update starts at %d but it has seen %d turns: a hole in the history", p.name, m.From, len(p.history))
			return
		}
		p.history = append(p.history[:m.From:m.From], m.History...)
		if len(p.history) != m.Ply {
			t.Errorf("%s has %d turns after an update of ply %d", p.name, len(p.history), m.Ply)
		}
		p.last, p.seat = m, m.Seat
		if m.From == 0 {
			p.fulls++
		}
		if tb.auto && m.Status == "ongoing" && len(m.Legal) > 0 && m.Ply != p.sent {
			tok := p.choose(m)
			p.sent = m.Ply
			if err := p.c.Move(tok, m.Ply); err != nil {
				// Lost with the socket: the rejoin's full update asks again.
				t.Logf("%s's move %s not sent: %v", p.name, tok, err)
				p.sent = -1
			}
		}
	case *protocol.Refused:
		p.refused = append(p.refused, m)
		if tb.auto && p.back > 0 && (strings.Contains(m.Error, "moved on") || strings.Contains(m.Error, "already picked")) {
			// Around a reconnection the driver may answer an update from
			// before it as well as the whole game after it: the second
			// answer is refused, as it should be.
			t.Logf("%s's %q after a reconnection: %s", p.name, m.Token, m.Error)
		} else if tb.auto {
			t.Errorf("%s's random legal move %q was refused: %s", p.name, m.Token, m.Error)
		}
	case *protocol.Final:
		if p.final != nil {
			t.Errorf("%s got the final record twice", p.name)
		}
		p.final = m
	case online.Dropped:
		p.dropped++
		t.Logf("%s: %v", p.name, m)
	case online.Reconnected:
		p.back++
		p.sent = -1
		t.Logf("%s: %v", p.name, m)
	case online.Problem:
		p.problem = append(p.problem, m.Err.Error())
		if tb.problems {
			t.Logf("%s: %v", p.name, m)
		} else {
			t.Errorf("%s: %v", p.name, m)
		}
	default:
		t.Errorf("%s got %T %v", p.name, m, m)
	}
}

// choose is p's move: a random legal one, or its bot's.
func (p *player) choose(u *protocol.Update) string {
	random := u.Legal[p.rng.Intn(len(u.Legal))]
	if p.bot == nil {
		return random
	}
	g, _ := games.Lookup(u.Game)
	rules, err := games.ValidateSavedRules(g.RuleSpecs(), u.Rules)
	if err != nil {
		return random
	}
	st, err := g.New(games.Config{Rules: rules})
	if err != nil {
		return random
	}
	for _, tok := range p.history {
		if games.PlayToken(st, tok) != nil {
			return random
		}
	}
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
	defer cancel()
	m, err := p.bot.Choose(ctx, st, u.Seat)
	if err != nil {
		return random
	}
	if tok := st.MoveString(u.Seat, m); slices.Contains(u.Legal, tok) {
		return tok
	}
	return random
}

// state says where every player is, for a failure.
func (tb *table) state() string {
	var b strings.Builder
	for _, p := range tb.players {
		fmt.Fprintf(&b, "  %s (seat %d): ", p.name, p.seat)
		if p.last == nil {
			b.WriteString("no update yet\n")
			continue
		}
		u := p.last
		fmt.Fprintf(&b, "ply %d, %s, to move %v, legal %d, picked %q, final %v, seats %+v\n", u.Ply, u.Status, u.ToMove, len(u.Legal), u.Picked, p.final != nil, u.Seats)
	}
	return b.String()
}

// refusal sends a move and waits for its refusal: the words.
func (tb *table) refusal(p *player, token string, ply int) *protocol.Refused {
	tb.t.Helper()
	n := len(p.refused)
	if err := p.c.Move(token, ply); err != nil {
		tb.t.Fatalf("%s sends %q: %v", p.name, token, err)
	}
	tb.until(fmt.Sprintf("the refusal of %s's %q", p.name, token), func() bool { return len(p.refused) > n })
	r := p.refused[n]
	tb.t.Logf("%s's %q at ply %d refused: %s", p.name, token, ply, r.Error)
	checkWords(tb.t, r.Error)
	return r
}

// checkWords: a refusal is a sentence for a person, not a Go error.
func checkWords(t *testing.T, s string) {
	t.Helper()
	low := strings.ToLower(s)
	if len(strings.Fields(s)) < 3 || !strings.ContainsAny(s[len(s)-1:], ".!?") && !strings.Contains(s, ":") {
		t.Errorf("refusal %q is not a sentence", s)
	}
	for _, bad := range []string{"%!", "<nil>", "json", "strconv", "runtime", "panic", "unexpected", "nil pointer", "0x"} {
		if strings.Contains(low, bad) {
			t.Errorf("refusal %q holds %q: not words for a person", s, bad)
		}
	}
}

// truth is the finished game as the server recorded it, replayed.
type truth struct {
	rec    *games.Record
	states []games.State // before each token, and the end
	raw    []byte
}

// finish checks the end: every player holds the same final record, which
// replays with the game's own rules to the outcome every player was told,
// and each player's history and position are exactly its seat's view of
// that record.
func (tb *table) finish() *truth {
	t := tb.t
	t.Helper()
	var tr truth
	for i, p := range tb.players {
		if p.final == nil {
			t.Fatalf("%s has no final record", p.name)
		}
		if i == 0 {
			tr.raw = p.final.Record
		} else if !bytes.Equal(p.final.Record, tr.raw) {
			t.Errorf("%s's final record differs from %s's", p.name, tb.players[0].name)
		}
	}
	rec, err := games.DecodeRecord(tr.raw)
	if err != nil {
		t.Fatalf("the final record does not read: %v\n%s", err, tr.raw)
	}
	states, err := rec.Replay()
	if err != nil {
		t.Fatalf("the final record does not replay: %v", err)
	}
	tr.rec, tr.states = rec, states
	end := states[len(states)-1]
	o := rec.Result(end) // the rules' outcome, or the ending's
	if !o.Over() {
		t.Fatalf("the final record's game is not over: %+v", o)
	}
	for _, p := range tb.players {
		u := p.last
		// An ending's reason names the seat ("seat 2 resigned"); the
		// server's names the person.
		if u.Status != o.Status.String() || !slices.Equal(u.Winners, o.Winners) || (rec.Ending == nil && u.Reason != o.Reason) {
			t.Errorf("%s was told %s %v (%q); the record ends %s %v (%q)", p.name, u.Status, u.Winners, u.Reason, o.Status, o.Winners, o.Reason)
		}
		if want := tr.masked(p.seat); !slices.Equal(p.history, want) {
			t.Errorf("%s (seat %d) was shown the history\n  %v\nwant its view of the record\n  %v", p.name, p.seat, p.history, want)
		}
		if want := canon(t, games.ViewOf(end, p.seat).Position()); !jsonEqual(t, u.Position, want) {
			t.Errorf("%s's last position is not its view of the end:\n  got  %s\n  want %s", p.name, u.Position, want)
		}
	}
	t.Logf("%s: %d turns, %s %v: %s", rec.Game, len(rec.Moves), o.Status, o.Winners, o.Reason)
	return &tr
}

// masked is the history as seat may see it.
func (tr *truth) masked(seat int) []string {
	out := make([]string, len(tr.rec.Moves))
	for k, tok := range tr.rec.Moves {
		out[k] = games.MaskTurn(tr.states[k], seat, tok)
	}
	return out
}

// updateKeys are the JSON fields of protocol.Update: a frame with any
// other field carries something the protocol does not (and must not).
var updateKeys = func() map[string]bool {
	keys := map[string]bool{}
	ty := reflect.TypeOf(protocol.Update{})
	for i := 0; i < ty.NumField(); i++ {
		keys[strings.Split(ty.Field(i).Tag.Get("json"), ",")[0]] = true
	}
	return keys
}()

// checkFrames reads every raw frame p's socket received and holds each
// match message to the truth: an Update is exactly the seat's view of the
// position at its ply (games.ViewOf on the replayed record), its history
// the record's turns masked for the seat (games.MaskTurn), its legal moves
// the view's own; no frame before the final record holds a turn token as
// the truth wrote it where the seat's mask hides part of it (another
// seat's secret pick); the final record comes once, after the game ended.
func (tr *truth) checkFrames(t *testing.T, p *player) (updates int) {
	t.Helper()
	p.mu.Lock()
	frames := slices.Clone(p.frames)
	p.mu.Unlock()
	// The truth tokens each seat must never see whole before the end.
	secret := map[int][]string{}
	for seat := 0; seat < tr.states[0].Seats(); seat++ {
		for k, tok := range tr.rec.Moves {
			if games.MaskTurn(tr.states[k], seat, tok) != tok {
				secret[seat] = append(secret[seat], tok)
			}
		}
	}
	finalSeen, overSeen := false, false
	for i, raw := range frames {
		op, data, ok := online.MatchData(raw)
		if !ok {
			continue
		}
		switch op {
		case protocol.OpUpdate:
			updates++
			var keys map[string]json.RawMessage
			if err := json.Unmarshal(data, &keys); err != nil {
				t.Fatalf("%s: frame %d: %v", p.name, i, err)
			}
			for k := range keys {
				if !updateKeys[k] {
					t.Errorf("%s: frame %d has a field %q the protocol does not know", p.name, i, k)
				}
			}
			var u protocol.Update
			if err := json.Unmarshal(data, &u); err != nil {
				t.Fatalf("%s: frame %d: %v", p.name, i, err)
			}
			tr.checkUpdate(t, p.name, i, &u)
			for _, tok := range secret[u.Seat] {
				if bytes.Contains(data, []byte(`"`+tok+`"`)) {
					t.Errorf("%s (seat %d): frame %d holds the hidden turn %q: %s", p.name, u.Seat, i, tok, data)
				}
			}
			if u.Status != "ongoing" {
				overSeen = true
			}
		case protocol.OpRefused:
			var r protocol.Refused
			if err := json.Unmarshal(data, &r); err != nil {
				t.Fatalf("%s: frame %d: %v", p.name, i, err)
			}
			for _, tok := range secret[p.seat] {
				if strings.Contains(string(data), tok) {
					t.Errorf("%s: refusal %s holds the hidden turn %q", p.name, data, tok)
				}
			}
		case protocol.OpFinal:
			if !overSeen {
				t.Errorf("%s: the final record (frame %d) came before an update saying the game is over", p.name, i)
			}
			if finalSeen {
				t.Errorf("%s: the final record came twice (frame %d)", p.name, i)
			}
			finalSeen = true
		default:
			t.Errorf("%s: frame %d has op %d", p.name, i, op)
		}
	}
	if !finalSeen {
		t.Errorf("%s: no frame held the final record", p.name)
	}
	return updates
}

// checkUpdate holds one update to the truth at its ply: position, history,
// legal moves, events and pick are exactly the seat's view.
func (tr *truth) checkUpdate(t *testing.T, who string, i int, u *protocol.Update) {
	t.Helper()
	if u.Ply < 0 || u.Ply >= len(tr.states) {
		t.Errorf("%s: frame %d is at ply %d; the game has %d turns", who, i, u.Ply, len(tr.rec.Moves))
		return
	}
	st := tr.states[u.Ply]
	view := games.ViewOf(st, u.Seat)
	if want := canon(t, view.Position()); !jsonEqual(t, u.Position, want) {
		t.Errorf("%s (seat %d): frame %d's position at ply %d is not the seat's view:\n  got  %s\n  want %s", who, u.Seat, i, u.Ply, u.Position, want)
	}
	if u.From+len(u.History) != u.Ply {
		t.Errorf("%s: frame %d: history from %d with %d turns at ply %d", who, i, u.From, len(u.History), u.Ply)
	}
	// The seed only with the whole game, and never for a game whose views
	// hide squares (it placed what the fog hides).
	if u.Seed != nil && (u.From != 0 || *u.Seed != tr.rec.Seed || games.MasksHistory(tr.states[0])) {
		t.Errorf("%s (seat %d): frame %d carries the seed %d (from %d; the game's %d, its views hide squares: %v)",
			who, u.Seat, i, *u.Seed, u.From, tr.rec.Seed, games.MasksHistory(tr.states[0]))
	}
	for k, tok := range u.History {
		j := u.From + k
		if j >= len(tr.rec.Moves) {
			break
		}
		if want := games.MaskTurn(tr.states[j], u.Seat, tr.rec.Moves[j]); tok != want {
			t.Errorf("%s (seat %d): frame %d shows turn %d as %q, want %q", who, u.Seat, i, j+1, tok, want)
		}
	}
	if len(u.Legal) > 0 {
		var want []string
		for _, m := range view.Legal(u.Seat) {
			want = append(want, view.MoveString(u.Seat, m))
		}
		slices.Sort(want)
		if !slices.Equal(u.Legal, want) {
			t.Errorf("%s (seat %d): frame %d's legal moves %v, want the view's %v", who, u.Seat, i, u.Legal, want)
		}
	}
	if len(u.Events) > 0 {
		// What the last turn did, as the seat's view tells it.
		var want []protocol.Event
		if ev, ok := view.(games.Evented); ok {
			for _, e := range ev.LastEvents() {
				want = append(want, protocol.Event{Kind: string(e.Kind), Seat: e.Seat, Piece: e.Piece,
					From: e.From, To: e.To, Delay: e.Delay, Value: e.Value, Note: e.Note})
			}
		}
		if !reflect.DeepEqual(u.Events, want) {
			t.Errorf("%s (seat %d): frame %d's events at ply %d are not the view's:\n  got  %+v\n  want %+v", who, u.Seat, i, u.Ply, u.Events, want)
		}
	}
	if u.Picked != "" && u.Ply < len(tr.rec.Moves) {
		// Its own pick, as the turn played it.
		if parts := strings.Split(tr.rec.Moves[u.Ply], ","); u.Seat >= len(parts) || parts[u.Seat] != u.Picked {
			t.Errorf("%s (seat %d): frame %d says it picked %q; the turn played %q", who, u.Seat, i, u.Picked, tr.rec.Moves[u.Ply])
		}
	}
	if !slices.Equal(u.ToMove, nonNil(st.ToMove())) {
		t.Errorf("%s: frame %d: to move %v, the truth %v", who, i, u.ToMove, st.ToMove())
	}
}

func nonNil(s []int) []int {
	if s == nil {
		return []int{}
	}
	return s
}

func canon(t *testing.T, v any) json.RawMessage {
	t.Helper()
	b, err := json.Marshal(v)
	if err != nil {
		t.Fatal(err)
	}
	return b
}

func jsonEqual(t *testing.T, a, b json.RawMessage) bool {
	t.Helper()
	var x, y any
	if err := json.Unmarshal(a, &x); err != nil {
		t.Errorf("not JSON: %s", a)
		return false
	}
	if err := json.Unmarshal(b, &y); err != nil {
		t.Errorf("not JSON: %s", b)
		return false
	}
	return reflect.DeepEqual(x, y)
}
