//go:build !js

package ui

import (
	"slices"
	"strings"
	"testing"

	"github.com/tabulagames/tabula/games"
	game "github.com/tabulagames/tabula/games/knights"
	"github.com/tabulagames/tabula/internal/servertest"
	"github.com/tabulagames/tabula/ui/boards/knights"
)

// shot is what one device showed at one moment: its seat, the plies it
// had, what its board drew, its online line, and the picks of the turn
// it may know.
type shot struct {
	who   string
	seat  int
	ply   int
	drawn knights.Model
	bar   string
}

func snap(who string, u *App) shot {
	return shot{who: who, seat: u.online.seat, ply: u.online.s.Plies(), drawn: u.game.board.(*knights.Board).Drawn(), bar: u.online.bar.Text}
}

// playKnightsOnline plays an online knights game to its end, Ana picking
// first each turn: her pick shows at once as sent, then as the server's;
// Ben's device never learns it before the turn is played; once, a second
// pick of Ana's is refused by the server in words. It returns what both
// devices showed along the way and the game's record from the server.
func playKnightsOnline(t *testing.T, ana, ben *App, la, lb uiLoop) ([]shot, *games.Record) {
	t.Helper()
	var shots []shot
	look := func() { shots = append(shots, snap("Ana", ana), snap("Ben", ben)) }
	look()
	refused := false
	for turn := 0; !ana.online.s.Outcome().Over() && turn < 60; turn++ {
		n := ana.online.s.Plies()
		pump(t, "both asked to pick", func() bool {
			return len(ana.online.last.Legal) > 0 && len(ben.online.last.Legal) > 0 && ana.online.last.Ply == n && ben.online.last.Ply == n
		}, la, lb)
		a, b := ana.online.seat, ben.online.seat
		pick := ana.online.last.Legal[0]
		if err := ana.game.Submit(pick); err != nil {
			t.Fatalf("turn %d: Ana's pick %s: %v", turn+1, pick, err)
		}
		// At once: sent, and the board waits (no dots, nothing to pick).
		if !strings.Contains(ana.online.bar.Text, "Your pick "+pick+" is sent; waiting for the server.") {
			t.Fatalf("Ana's line right after her pick: %q", ana.online.bar.Text)
		}
		if d := ana.game.board.(*knights.Board).Drawn(); d.Input || len(d.Legal) > 0 || ana.online.s.Plies() != n {
			t.Fatalf("Ana's board after her pick: input %v, dots %v, plies %d", d.Input, d.Legal, ana.online.s.Plies())
		}
		look()
		if n == 0 {
			// An Update of the first turn that crosses Ana's pick on its
			// way (Ben connecting again, say) starts at 0 like a rejoin's
			// whole game; it does not make her pick a lost one.
			crossing := *ana.online.last
			crossing.Seats = slices.Clone(crossing.Seats)
			ana.online.update(&crossing)
			if ana.online.pending != pick || strings.Contains(ana.game.lastRefusal, "did not reach") {
				t.Fatalf("an Update of the first turn dropped Ana's pick on its way: %q", ana.game.lastRefusal)
			}
		}
		pump(t, "Ana's pick at the server", func() bool {
			return strings.Contains(ana.online.bar.Text, "The server has your pick "+pick+"; waiting for Ben.") &&
				ben.online.last.Seats[a].Picked
		}, la, lb)
		look()
		if b := ana.game.resignBtn; b != nil && b.Disabled() {
			t.Errorf("after her pick Ana cannot resign: %q", ana.game.endWhy.Text)
		}
		if _, known := ben.online.s.OwnPick(a); known {
			t.Fatal("Ben's device holds Ana's pick")
		}
		if got := ben.game.session.Pending(); !slices.Equal(got, []int{b}) {
			t.Fatalf("Ben's device waits for seats %v, want only his own", got)
		}
		if !refused {
			// Ana picks again: the server refuses it in words; her first
			// pick stays hers.
			other := ana.online.last.Ply
			if err := ana.online.c.Move(ben.online.last.Legal[0], other); err != nil {
				t.Fatal(err)
			}
			pump(t, "the refusal", func() bool { return strings.Contains(ana.game.lastRefusal, "The server refused the move") }, la, lb)
			if !strings.Contains(ana.game.lastRefusal, "already picked "+pick) {
				t.Errorf("the refusal reads %q", ana.game.lastRefusal)
			}
			if !strings.Contains(ana.online.bar.Text, "The server has your pick "+pick) {
				t.Errorf("after the refusal Ana's line reads %q", ana.online.bar.Text)
			}
			refused = true
		}
		bp := ben.online.last.Legal[len(ben.online.last.Legal)-1]
		if err := ben.game.Submit(bp); err != nil {
			t.Fatalf("turn %d: Ben's pick %s: %v", turn+1, bp, err)
		}
		pump(t, "the turn on both boards", func() bool {
			return ana.online.s.Plies() == n+1 && ben.online.s.Plies() == n+1
		}, la, lb)
		look()
		// The move list tells the turn from what the seat saw of it (the
		// Update's events), as at one device: the own knight's jump or
		// bounce, never as a turn the device was away for.
		for _, u := range []*App{ana, ben} {
			said := u.game.moveText(n) // the move list's own line
			name := u.online.s.Seats[u.online.seat].Name
			if !strings.Contains(said, name+" jumps to ") && !strings.Contains(said, " tried ") ||
				strings.Contains(said, "pick") || strings.Contains(said, "move is out of sight") || strings.Contains(said, "  ") {
				t.Fatalf("turn %d in %s's move list: %q", n+1, u.online.s.Seats[u.online.seat].Name, said)
			}
		}
	}
	endedAndSaved(t, ana, ben, la, lb)
	ana.disk.Wait()
	entries, err := ana.store.List()
	if err != nil || len(entries) != 1 {
		t.Fatalf("saved games after the online game: %v %v", entries, err)
	}
	rec, err := ana.store.Load(entries[0].Path)
	if err != nil {
		t.Fatal(err)
	}
	if !refused {
		t.Fatal("no pick was refused")
	}
	return shots, rec
}

// checkShots holds every shot to the truth (the record replayed): each
// board drew exactly its seat's view of the position at its ply, square
// by square, fog and knights; no line named the other seat's pick of the
// turn then running.
func checkShots(t *testing.T, shots []shot, rec *games.Record) {
	t.Helper()
	_, st, err := rec.Start()
	if err != nil {
		t.Fatal(err)
	}
	truth := []games.State{st.Clone()}
	for _, tok := range rec.Moves {
		if err := games.PlayToken(st, tok); err != nil {
			t.Fatal(err)
		}
		truth = append(truth, st.Clone())
	}
	fogSeen := false
	for k, s := range shots {
		view := games.ViewOf(truth[s.ply], s.seat).(*game.State)
		d := s.drawn
		if d.N != view.Size() || len(d.Cells) != d.N*d.N {
			t.Fatalf("shot %d (%s): a board of %d", k, s.who, d.N)
		}
		for sq, c := range d.Cells {
			mv := view.SquareAt(sq%d.N, sq/d.N)
			if c.Fog != view.Unseen(mv) {
				t.Fatalf("shot %d (%s at ply %d): %s drawn fogged %v, the seat's view says %v", k, s.who, s.ply, d.Name(sq), c.Fog, view.Unseen(mv))
			}
			fogSeen = fogSeen || c.Fog
			if kind, seat := view.Square(mv); !c.Fog && (c.Kind != kind || c.Seat != seat) {
				t.Fatalf("shot %d (%s at ply %d): %s drawn as %v of %d, the seat's view holds %v of %d", k, s.who, s.ply, d.Name(sq), c.Kind, c.Seat, kind, seat)
			}
		}
		for o, sq := range d.Knights {
			want := -1
			if mv := view.KnightAt(o); mv != games.NoMove && !view.Unseen(mv) {
				f, r := view.Coords(mv)
				want = r*d.N + f
			}
			if sq != want {
				t.Fatalf("shot %d (%s at ply %d): knight %d drawn on %d, in the seat's view on %d", k, s.who, s.ply, o, sq, want)
			}
		}
		if s.ply < len(rec.Moves) {
			entries := strings.Split(rec.Moves[s.ply], ",")
			for o, e := range entries {
				if o == s.seat || e == "-" || e == entries[s.seat] {
					continue
				}
				for _, line := range []string{d.Note, s.bar} {
					if strings.Contains(line, e) {
						t.Fatalf("shot %d (%s at ply %d): %q names seat %d's pick %s before the turn is played", k, s.who, s.ply, line, o+1, e)
					}
				}
			}
		}
	}
	if view := truth[0].(*game.State); view.Fog() && !fogSeen {
		t.Fatal("no shot showed any fog")
	}
}

// TestOnlineKnightsFog plays knights with fog between two apps over a
// real server, to the end: each board draws exactly its seat's view at
// every moment (never the other knight out of sight), no line tells the
// other's pick before the turn is played, a pick shows as sent then as
// the server's, a second pick is refused in words, and the devices hold
// only the seat's views (no seed, masked tokens).
func TestOnlineKnightsFog(t *testing.T) {
	srv := servertest.Start(t)
	ana, ben, la, lb := onlinePair(t, srv, "knights", map[string]any{"fog": true, "size": 6, "obstacles": 3}, roomSettings{})
	for _, u := range []*App{ana, ben} {
		if !u.online.s.Follows() {
			t.Fatal("a fogged knights game is not followed by the seat's views")
		}
		if f := u.game.session.Frame(); !f.NoSeed || strings.Contains(u.game.board.(*knights.Board).Drawn().Note, "seed") {
			t.Fatal("a fogged online game shows a seed")
		}
	}
	// Save cannot write the seat's views as a game: it says so.
	ana.game.save()
	if !strings.Contains(ana.game.lastRefusal, "saved by itself when it ends") {
		t.Errorf("Save in a fogged online game: %q", ana.game.lastRefusal)
	}
	shots, rec := playKnightsOnline(t, ana, ben, la, lb)
	checkShots(t, shots, rec)
	// The move list's tokens are the masked history: Ana's own entries
	// whole, Ben's hidden while she was in the fog.
	masked := 0
	for i, tok := range ana.online.s.Tokens() {
		if strings.Contains(tok, "?") {
			masked++
		}
		if whole := rec.Moves[i]; strings.Split(tok, ",")[ana.online.seat] != strings.Split(whole, ",")[ana.online.seat] {
			t.Fatalf("token %d reads %q on Ana's device; the game's is %q", i, tok, whole)
		}
	}
	if masked == 0 {
		t.Error("no turn of a fogged game was masked on Ana's device")
	}
}

// TestOnlineKnights plays knights without fog and with the pick timer:
// the device replays the whole tokens from the server's seed (its history
// is the server's), shows the server's countdown, and shows no other
// knight's pick before the turn is played.
func TestOnlineKnights(t *testing.T) {
	srv := servertest.Start(t)
	ana, ben, la, lb := onlinePair(t, srv, "knights", map[string]any{"size": 5, "timer": 30, "obstacles": 2, "starts": "random"}, roomSettings{})
	if ana.online.s.Follows() {
		t.Fatal("knights without fog is followed by views, not replayed")
	}
	if f := ana.game.session.Frame(); !f.PickRunning || f.PickLeft <= 0 || f.PickTime != 30*1e9 {
		t.Fatalf("the server's countdown: running %v, left %v of %v", f.PickRunning, f.PickLeft, f.PickTime)
	}
	shots, rec := playKnightsOnline(t, ana, ben, la, lb)
	checkShots(t, shots, rec)
	if !slices.Equal(ana.online.s.Tokens(), rec.Moves) || !slices.Equal(ben.online.s.Tokens(), rec.Moves) {
		t.Fatalf("the devices' histories %q and %q; the server's %q", ana.online.s.Tokens(), ben.online.s.Tokens(), rec.Moves)
	}
	if ana.online.s.Seed != rec.Seed {
		t.Fatalf("the device started from seed %d, the server from %d", ana.online.s.Seed, rec.Seed)
	}
}

// TestOnlineKnightsFogThree plays a fogged knights game of three, the
// third knight the server's bot, to the end: each board draws exactly its
// seat's view at every turn, also once its own knight is out (then it
// sees the whole board while the others play on), and the bot's pick
// shows only as made.
func TestOnlineKnightsFogThree(t *testing.T) {
	srv := servertest.Start(t)
	ana, la := onlineApp(t, srv)
	g, _ := games.Lookup("knights")
	rules, err := games.ValidateRules(g.RuleSpecs(), map[string]any{"fog": true, "size": 7, "players": 3})
	if err != nil {
		t.Fatal(err)
	}
	ana.createOnline(g, rules, []games.SeatInfo{{Name: "Ana", Controller: "human"}, {Name: "Ben", Controller: "human"},
		{Name: "Mobility", Controller: "ai", Bot: "mobility"}})
	pump(t, "the invitation code", func() bool { return ana.online.inv.Code != "" }, la)
	ben, lb := onlineApp(t, srv)
	ben.joinOnline(ana.online.inv.Code, "Ben")
	pump(t, "both game screens", func() bool {
		return ana.game != nil && ben.game != nil && ana.game.online != nil && ben.game.online != nil
	}, la, lb)
	var shots []shot
	for turn := 0; !ana.online.s.Outcome().Over() && turn < 80; turn++ {
		n := ana.online.s.Plies()
		acting := func(u *App) bool { return slices.Contains(u.online.last.ToMove, u.online.seat) }
		pump(t, "the turn's Updates", func() bool {
			for _, u := range []*App{ana, ben} {
				if u.online.last.Ply != n || acting(u) && len(u.online.last.Legal) == 0 && u.online.last.Picked == "" {
					return false
				}
			}
			return true
		}, la, lb)
		shots = append(shots, snap("Ana", ana), snap("Ben", ben))
		for _, u := range []*App{ana, ben} {
			if acting(u) {
				// Ana runs into corners, Ben keeps room: Ana is out early
				// and watches the others play on.
				if err := u.game.Submit(steer(u, u == ana)); err != nil {
					t.Fatalf("turn %d: %v", turn+1, err)
				}
			}
		}
		pump(t, "the turn on both boards", func() bool {
			return ana.online.s.Plies() == n+1 && ben.online.s.Plies() == n+1
		}, la, lb)
	}
	if !ana.online.s.Outcome().Over() || !ben.online.s.Outcome().Over() {
		t.Fatal("the game did not end on both boards")
	}
	shots = append(shots, snap("Ana", ana), snap("Ben", ben))
	pump(t, "the record saved", func() bool { return strings.Contains(ana.online.bar.Text, "is saved") }, la, lb)
	ana.disk.Wait()
	entries, err := ana.store.List()
	if err != nil || len(entries) != 1 {
		t.Fatalf("saved games: %v %v", entries, err)
	}
	rec, err := ana.store.Load(entries[0].Path)
	if err != nil {
		t.Fatal(err)
	}
	checkShots(t, shots, rec)
	outEarly := 0
	for _, s := range shots {
		if s.seat >= 0 && s.drawn.Out[s.seat] && s.drawn.Over == nil {
			outEarly++
		}
	}
	t.Logf("%d turns; %d boards drawn for a seat out while the others played on", len(rec.Moves), outEarly)
}

// steer is the jump of u's seat with the fewest (or most) jumps onward,
// as its view shows them.
func steer(u *App, fewest bool) string {
	view := u.online.s.Live().(*game.State)
	seat, best, pick := u.online.seat, -1, ""
	for _, tok := range u.online.last.Legal {
		mv, err := view.ParseMove(seat, tok)
		if err != nil {
			continue
		}
		room := 0
		for _, j := range view.JumpsFrom(mv) {
			if k, _ := view.Square(j); k == game.Empty {
				room++
			}
		}
		if best < 0 || fewest && room < best || !fewest && room > best {
			best, pick = room, tok
		}
	}
	return pick
}
