package e2e

import (
	"fmt"
	"strings"
	"testing"

	"github.com/tabulagames/tabula/ai"
	"github.com/tabulagames/tabula/online/protocol"
)

// addr is the server's host:port for online/client.
func (s *server) addr() string { return strings.TrimPrefix(s.api, "http://") }

// seating is one game of TestEveryGame: who sits where.
type seating struct {
	game  string
	rules map[string]any
	seats []protocol.SeatRequest // person seats are taken by the clients in order
	// local: the app's bots that choose the clients' moves, in person
	// seat order ("" or missing: random legal moves).
	local []string
}

var (
	person = protocol.SeatRequest{Kind: "person"}
	bot    = func(name string) protocol.SeatRequest { return protocol.SeatRequest{Kind: "bot", Bot: name} }
)

// everyGame: all seven games, two to four clients, a bot seat in every
// game of three or more seats and in two of the two-seat games. Rules
// that shorten a random game (infiltration's pieces) keep the test
// quick; infiltration's pie rule is on so a swap of seats may happen.
var everyGame = []seating{
	{"classic", nil, []protocol.SeatRequest{person, person}, nil},
	{"checkerboard", nil, []protocol.SeatRequest{person, bot("easy")}, nil},
	// Random infiltration runs to hundreds of turns (a turn a tick):
	// the clients play it with the app's own bots.
	{"infiltration", map[string]any{"pieces": 4, "pie": true}, []protocol.SeatRequest{person, person}, []string{"medium", "easy"}},
	{"alcazar", nil, []protocol.SeatRequest{bot("easy"), person}, nil},
	{"revenge", map[string]any{"players": 4}, []protocol.SeatRequest{person, person, bot("easy"), person}, nil},
	{"knights", map[string]any{"players": 4, "fog": true}, []protocol.SeatRequest{person, bot("mobility"), person, person}, nil},
	{"arena", nil, []protocol.SeatRequest{person, person}, nil},
}

var names = []string{"Ana", "Ben", "Cleo", "Dev"}

// TestEveryGame plays a whole game of each of the seven games over the
// real server, all at once (one match each), with the app's own client
// playing random legal moves from each Update's Legal (seeded) and the
// server's bots in the bot seats. At the end every client holds the same
// final record, which replays with the game's own rules to the outcome
// each was told; every frame each client's socket received is held to
// the seat's view of that record (TestKnightsFog's checks, for every
// game).
func TestEveryGame(t *testing.T) {
	s := startServer(t)
	for gi, g := range everyGame {
		t.Run(g.game, func(t *testing.T) {
			t.Parallel()
			tb := newTable(t, s.addr())
			var people []*player
			for _, r := range g.seats {
				if r.Kind == "person" {
					n := len(people)
					p := tb.dial(fmt.Sprintf("%s-%s", names[n], g.game), fmt.Sprintf("e2e-%s-%d", g.game, n), int64(100*gi+n))
					if n < len(g.local) && g.local[n] != "" {
						b, err := ai.New(g.game, g.local[n], ai.Options{Seed: uint64(n + 1)})
						if err != nil {
							t.Fatal(err)
						}
						p.bot = b
					}
					people = append(people, p)
				}
			}
			tb.open(g.game, g.rules, g.seats, people...)
			tb.play()
			tr := tb.finish()
			for _, p := range people {
				tr.checkFrames(t, p)
			}
			// The bot seat was the server's bot.
			for i, r := range g.seats {
				if r.Kind == "bot" && (tr.rec.Seats[i].Controller != "ai" || tr.rec.Seats[i].Bot != r.Bot) {
					t.Errorf("seat %d of the record: %+v, want the bot %s", i+1, tr.rec.Seats[i], r.Bot)
				}
			}
		})
	}
}
