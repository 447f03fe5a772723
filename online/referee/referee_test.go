package referee

import (
	"bytes"
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"reflect"
	"strings"
	"testing"

	"github.com/tabulagames/tabula/games"
	"github.com/tabulagames/tabula/games/knights"
	"github.com/tabulagames/tabula/online/protocol"
)

// client is a fake user: what it was sent, checked as it arrives.
type client struct {
	user    string
	name    string
	last    *protocol.Update
	history []string
	refused []protocol.Refused
	final   *games.Record
	updates int
}

// table drives a referee with fake users and checks every message.
type table struct {
	t       *testing.T
	r       *Referee
	clients map[string]*client
	order   []string
	rng     *rand.Rand
	// pick chooses a person's move from its legal tokens; nil: random.
	pick func(c *client, u *protocol.Update) string
}

func person(name string) protocol.SeatRequest {
	return protocol.SeatRequest{Kind: "person", Name: name}
}
func bot(name string) protocol.SeatRequest { return protocol.SeatRequest{Kind: "bot", Bot: name} }

func newTable(t *testing.T, cfg Config) *table {
	t.Helper()
	if cfg.TickRate == 0 {
		cfg.TickRate = 10
	}
	if cfg.Code == "" {
		cfg.Code = "K7M3QX"
	}
	r, err := New(cfg)
	if err != nil {
		t.Fatalf("New: %v", err)
	}
	t.Cleanup(r.Close)
	tb := &table{t: t, r: r, clients: map[string]*client{}, rng: rand.New(rand.NewPCG(uint64(cfg.Seed), 1))}
	for i, s := range cfg.Seats {
		if s.Kind == "person" {
			tb.add(fmt.Sprintf("user%d", i), s.Name)
		}
	}
	return tb
}

// add makes a client that joins as a person would: CanJoin, then Join.
func (tb *table) add(user, name string) *client {
	tb.t.Helper()
	c := &client{user: user, name: name}
	tb.clients[user] = c
	tb.order = append(tb.order, user)
	if _, err := tb.r.CanJoin(user, map[string]string{protocol.JoinVersionKey: "1"}); err != nil {
		tb.t.Fatalf("CanJoin %s: %v", user, err)
	}
	tb.r.Join(user, name)
	return c
}

// drain reads the Outbox and checks every message against the truth.
func (tb *table) drain() {
	tb.t.Helper()
	for _, o := range tb.r.Outbox() {
		for _, u := range o.UserIDs {
			c := tb.clients[u]
			if c == nil {
				tb.t.Fatalf("a message for %s, who is no client", u)
			}
			switch o.Op {
			case protocol.OpUpdate:
				var up protocol.Update
				if err := json.Unmarshal(o.Data, &up); err != nil {
					tb.t.Fatal(err)
				}
				tb.check(c, &up, o.Data)
			case protocol.OpRefused:
				var rf protocol.Refused
				if err := json.Unmarshal(o.Data, &rf); err != nil {
					tb.t.Fatal(err)
				}
				c.refused = append(c.refused, rf)
			case protocol.OpFinal:
				if !tb.r.Over() {
					tb.t.Fatalf("a Final while the game runs")
				}
				var f protocol.Final
				if err := json.Unmarshal(o.Data, &f); err != nil {
					tb.t.Fatal(err)
				}
				rec, err := games.DecodeRecord(f.Record)
				if err != nil {
					tb.t.Fatalf("Final record: %v", err)
				}
				c.final = rec
			default:
				tb.t.Fatalf("op %d", o.Op)
			}
		}
	}
}

// check holds an Update to what its seat may see: the seat's view, its
// history masked turn by turn, its own pick only, its legal moves.
func (tb *table) check(c *client, u *protocol.Update, raw []byte) {
	tb.t.Helper()
	r := tb.r
	seat := r.seatOf(c.user)
	if u.Seat != seat || u.V != protocol.Version || u.Game != r.game.ID() || u.Code != r.code {
		tb.t.Fatalf("%s: update for seat %d, code %q, game %q; holds seat %d", c.user, u.Seat, u.Code, u.Game, seat)
	}
	want, _ := json.Marshal(games.ViewOf(r.st, seat).Position())
	if !bytes.Equal(want, u.Position) {
		tb.t.Fatalf("%s: position\n%s\nis not the seat's view\n%s", c.user, u.Position, want)
	}
	if u.From == 0 {
		c.history = nil
	} else if u.From != len(c.history) {
		tb.t.Fatalf("%s: update from %d after %d tokens", c.user, u.From, len(c.history))
	}
	c.history = append(c.history, u.History...)
	if len(c.history) != len(r.tokens) || u.Ply != len(r.tokens) {
		tb.t.Fatalf("%s: %d tokens, ply %d; the game has %d", c.user, len(c.history), u.Ply, len(r.tokens))
	}
	for k, tok := range c.history {
		full := r.tokens[k]
		if !r.keep {
			if tok != full {
				tb.t.Fatalf("%s: token %d reads %q, not %q", c.user, k, tok, full)
			}
			continue
		}
		before := r.states[k]
		parts, fullParts := strings.Split(tok, ","), strings.Split(full, ",")
		fogged := seat < 0 || before.(*knights.State).Fogged(seat)
		for j := range fullParts {
			switch {
			case j == seat || fullParts[j] == "-" || !fogged:
				if parts[j] != fullParts[j] {
					tb.t.Fatalf("%s: token %d entry %d reads %q, not %q", c.user, k, j, parts[j], fullParts[j])
				}
			case parts[j] != "?":
				tb.t.Fatalf("%s: token %d shows seat %d's pick %q under fog", c.user, k, j+1, parts[j])
			}
		}
	}
	// The seed comes with the whole game only, and never when it placed
	// something a seat may not see (knights' obstacles under fog).
	switch {
	case u.Seed != nil && u.From != 0:
		tb.t.Fatalf("%s: the seed in an update from %d", c.user, u.From)
	case u.Seed != nil && games.MasksHistory(r.states0()):
		tb.t.Fatalf("%s: the seed %d of a game whose views hide squares", c.user, *u.Seed)
	case u.Seed != nil && *u.Seed != r.seed:
		tb.t.Fatalf("%s: seed %d, the game's is %d", c.user, *u.Seed, r.seed)
	case u.Seed == nil && u.From == 0 && !games.MasksHistory(r.states0()):
		tb.t.Fatalf("%s: no seed in the whole game of a game that hides nothing", c.user)
	}
	if u.Picked != "" {
		p, ok := r.picks[seat]
		if !ok || r.st.MoveString(seat, p) != u.Picked {
			tb.t.Fatalf("%s: picked %q is not its own pick", c.user, u.Picked)
		}
	}
	if bytes.Contains(raw, []byte(`"picks"`)) {
		tb.t.Fatalf("%s: an update holds the picks", c.user)
	}
	for j, s := range u.Seats {
		if _, ok := r.picks[j]; ok != s.Picked {
			tb.t.Fatalf("%s: seat %d picked %v", c.user, j+1, s.Picked)
		}
	}
	if len(u.Legal) > 0 {
		view := games.ViewOf(r.st, seat)
		legal := map[string]bool{}
		for _, m := range view.Legal(seat) {
			legal[view.MoveString(seat, m)] = true
		}
		if len(legal) != len(u.Legal) {
			tb.t.Fatalf("%s: %d legal tokens sent, %d legal", c.user, len(u.Legal), len(legal))
		}
		for _, l := range u.Legal {
			if !legal[l] {
				tb.t.Fatalf("%s: %q sent as legal", c.user, l)
			}
		}
	}
	if u.Status != r.outcome().Status.String() {
		tb.t.Fatalf("%s: status %q", c.user, u.Status)
	}
	// An Update after the first carries only what is new: a few KB at most.
	if u.From > 0 && len(raw) > 4096 {
		tb.t.Fatalf("%s: an update of %d bytes", c.user, len(raw))
	}
	c.last, c.updates = u, c.updates+1
}

// states0 is the start of the game, made again from its rules and seed.
func (r *Referee) states0() games.State {
	st, err := r.game.New(games.Config{Rules: r.rules, Seed: r.seed})
	if err != nil {
		panic(err)
	}
	return st
}

// step lets every person who may act play, then the bots, then one tick.
func (tb *table) step() {
	tb.t.Helper()
	tb.drain()
	for _, user := range tb.order {
		c := tb.clients[user]
		if c.last == nil || len(c.last.Legal) == 0 || tb.r.Over() {
			continue
		}
		var tok string
		if tb.pick != nil {
			tok = tb.pick(c, c.last)
		} else {
			tok = c.last.Legal[tb.rng.IntN(len(c.last.Legal))]
		}
		tb.send(user, protocol.OpMove, protocol.Move{V: protocol.Version, Token: tok, Ply: c.last.Ply})
		tb.drain()
		if n := len(c.refused); n > 0 {
			tb.t.Fatalf("%s: %q refused: %s", user, tok, c.refused[n-1].Error)
		}
	}
	tb.r.WaitBots()
	tb.r.Tick()
	tb.drain()
}

func (tb *table) send(user string, op int64, msg any) {
	data, err := json.Marshal(msg)
	if err != nil {
		tb.t.Fatal(err)
	}
	tb.r.Handle(user, op, data)
}

// playOut steps until the game is over and every client has its Final.
func (tb *table) playOut() {
	tb.t.Helper()
	for i := 0; i < 20000; i++ {
		tb.step()
		if tb.r.Over() {
			tb.drain()
			for _, c := range tb.clients {
				if c.final == nil {
					tb.t.Fatalf("%s has no Final", c.user)
				}
			}
			return
		}
	}
	tb.t.Fatalf("%s: not over after 20000 steps (%d tokens)", tb.r.game.ID(), len(tb.r.tokens))
}

var everyGame = []struct {
	name string
	cfg  Config
}{
	{"classic person-bot", Config{Game: "classic", Seats: []protocol.SeatRequest{person("Ana"), bot("easy")}}},
	{"classic two people", Config{Game: "classic", Seats: []protocol.SeatRequest{person("Ana"), person("")}}},
	{"checkerboard", Config{Game: "checkerboard", Rules: map[string]any{"size": 6.0}, Seats: []protocol.SeatRequest{person("Ana"), person("Ben")}}},
	{"infiltration pie", Config{Game: "infiltration", Rules: map[string]any{"pie": true}, Seats: []protocol.SeatRequest{person("Ana"), person("Ben")}}},
	{"infiltration bot", Config{Game: "infiltration", Seats: []protocol.SeatRequest{bot("easy"), person("Ben")}}},
	{"alcazar", Config{Game: "alcazar", Seats: []protocol.SeatRequest{person("Ana"), bot("easy")}}},
	{"revenge three", Config{Game: "revenge", Seats: []protocol.SeatRequest{person("Ana"), person("Ben"), bot("easy")}}},
	{"knights fog", Config{Game: "knights", Rules: map[string]any{"players": 3.0, "fog": true}, Seats: []protocol.SeatRequest{person("Ana"), person("Ben"), bot("mobility")}}},
	{"knights fog four", Config{Game: "knights", Rules: map[string]any{"players": 4.0, "fog": true, "size": 6.0}, Seats: []protocol.SeatRequest{person("Ana"), bot("balanced"), person("Cy"), bot("expert")}}},
	{"knights open", Config{Game: "knights", Rules: map[string]any{"obstacles": 6.0, "starts": "random"}, Seats: []protocol.SeatRequest{person("Ana"), person("Ben")}}},
	{"knights solo", Config{Game: "knights", Rules: map[string]any{"players": 1.0, "fog": true}, Seats: []protocol.SeatRequest{person("Ana")}}},
	{"arena person-bot", Config{Game: "arena", Seats: []protocol.SeatRequest{person("Ana"), bot("easy")}}},
	{"arena two people", Config{Game: "arena", Seats: []protocol.SeatRequest{person("Ana"), {Kind: "person", Name: "Ben", Character: "bomber"}}}},
}

// TestPlayEveryGame plays every game to its end through the referee,
// checking every message every client gets.
func TestPlayEveryGame(t *testing.T) {
	for k, tc := range everyGame {
		t.Run(tc.name, func(t *testing.T) {
			cfg := tc.cfg
			cfg.Seed = int64(100 + k)
			tb := newTable(t, cfg)
			tb.playOut()
			t.Logf("%d tokens, %s %v %s", len(tb.r.tokens), tb.r.outcome().Status, tb.r.outcome().Winners, tb.r.outcome().Reason)
			for _, c := range tb.clients {
				if !reflect.DeepEqual(c.final.Moves, tb.r.tokens) {
					t.Fatalf("%s: the Final's moves are not the game's", c.user)
				}
				st, err := c.final.Final()
				if err != nil || !st.Outcome().Over() {
					t.Fatalf("%s: the Final does not replay to the end: %v", c.user, err)
				}
				if c.last.Status == "ongoing" || len(c.last.Legal) != 0 {
					t.Fatalf("%s: last update %q with legal %v", c.user, c.last.Status, c.last.Legal)
				}
			}
		})
	}
}
