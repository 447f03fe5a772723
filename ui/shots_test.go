//go:build shots

package ui

// Screenshots of every board, for comparing the window by eye before and
// after a change to how boards are drawn (scripts/shots.sh takes a set,
// scripts/shotdiff.sh compares two). Each game is replayed from a fixed
// list of moves, mid-game and finished, and the whole window is drawn on
// Fyne's test driver: at 1280 x 800 on the desktop, or at 412 x 790 with
// `-tags "shots mobile"`, where the test driver is a phone. Everything is
// fixed (seeds, moves, a fresh TABULA_HOME, reduced motion, bots that
// never answer), so two runs on the same code give the same bytes.
//
// It uses only what the app had before the boards got their frame
// (commit 83d0380): NewApp through newTestApp, u.newBot, u.sessionOptions,
// u.openSession and session.FromRecord, so the same file takes the set
// before and after.

import (
	"context"
	"fmt"
	"image"
	"image/png"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/driver/desktop"
	"fyne.io/fyne/v2/test"
	"fyne.io/fyne/v2/theme"

	"github.com/tabulagames/tabula/ai"
	"github.com/tabulagames/tabula/games"
	"github.com/tabulagames/tabula/settings"
	"github.com/tabulagames/tabula/ui/boards/kit"
	"github.com/tabulagames/tabula/ui/session"
)

// shotGame is one game to photograph: a save record in all but name.
type shotGame struct {
	name  string         // the files' prefix: "knights-fog" gives knights-fog-mid-desktop.png
	game  string         // game id
	rules map[string]any // house rules other than the defaults
	seed  int64
	seats []games.SeatInfo
	// movers are the bots that played each seat to make moves ("random"
	// plays random moves), with seed as theirs too (TestShotsScripts).
	movers []string
	// moves are the tokens of the whole game, to its end, as
	// TestShotsScripts wrote them; the first mid of them is the mid-game
	// shot, taken at the start of a turn of Ana's.
	moves []string
	mid   int
	// shown adds a mid-game shot with the board of the person to pick
	// shown, as after they tap "show my board" on the hand-over cover
	// that hides it between two people's secret picks.
	shown bool
	// midOnly takes the mid-game shot alone: another case of the same
	// game shows its end.
	midOnly bool
	// told, when not 0, adds a shot after that many moves, the last of
	// them picked by the people at the device: the turn they played
	// shown to everyone until one presses Continue.
	told int
	// byHand: the moves were written by hand (a collision to show), not
	// by the movers; TestShotsScripts leaves them as they are.
	byHand bool
}

var (
	shotAna    = games.SeatInfo{Name: "Ana", Controller: "human"}
	shotBen    = games.SeatInfo{Name: "Ben", Controller: "human"}
	shotBot    = games.SeatInfo{Name: "Computer", Controller: "ai", Bot: "medium"}
	shotBot2   = games.SeatInfo{Name: "Computer 2", Controller: "ai", Bot: "medium"}
	shotExpert = games.SeatInfo{Name: "Computer", Controller: "ai", Bot: "expert"}
	shotYou    = games.SeatInfo{Name: "You", Controller: "human"}
)

var shotGames = []shotGame{
	{name: "classic", game: "classic", seed: 2, seats: []games.SeatInfo{shotAna, shotBot}, movers: []string{"medium", "medium"},
		moves: []string{"a3", "c2", "a1", "a2", "c1", "b1", "b2"}, mid: 4},
	{name: "checkerboard", game: "checkerboard", seed: 3, seats: []games.SeatInfo{shotAna, shotBot}, movers: []string{"hard", "hard"},
		moves: []string{"e8", "d8", "e5", "e6", "h8", "f6", "h5", "f5", "b5", "d5", "b8", "d7", "d6", "c7", "f8", "g8", "b6", "b7", "h7", "h6", "f7", "g6", "e7", "h1", "c5"}, mid: 12},
	{name: "infiltration", game: "infiltration", seed: 2, seats: []games.SeatInfo{shotAna, shotBot}, movers: []string{"easy", "easy"},
		moves: []string{"@e3", "@d6", "@e2", "@e6", "@d2", "@c6", "@c2", "@e7", "@d3", "@f7", "@c3", "@d7", "@f2", "@c7", "@b3", "@e5", "c6-d5", "b3-a4", "e6-f5", "e3-d4", "e5-f4", "d2-e3", "f5-e4", "e2-f3", "d6-e5", "c2-b3", "f4xd2", "@e3", "c7-b6", "d3xf5", "@c5", "f5-g6", "d2-c1", "b3-c4", "f7-e6", "g6-h7", "e6-f5", "h7-g8", "f5-e4", "f3-g4", "d5xb3", "@h4", "d7-e6", "h4-g5", "c5-b4", "e3-f4", "e4-d3", "f4xd6", "@f6", "c3xa5", "@d8", "g4-f5", "b6-c5", "f2-e3", "f6-e5", "a5-b6", "e6xg4", "@a3", "c5-b4", "g5-f6", "b3-c2", "a3xc5", "@a5", "b6-c7", "e5xc3", "@b4", "d8xb6", "@f3", "d3-e2", "a4-b5", "c3-d2", "f3xh5", "c1-b2"}, mid: 37},
	{name: "revenge", game: "revenge", seed: 3, seats: []games.SeatInfo{shotAna, shotBot, shotBot2}, movers: []string{"easy", "easy", "easy"},
		moves: []string{"a2", "d4", "b4", "d3", "d3", "b2", "c4", "b4", "c3", "c3", "d3", "b2", "c4", "c4", "b1", "c3", "a3", "d4", "a1", "b3", "c1", "b2", "c3"}, mid: 12},
	{name: "alcazar", game: "alcazar", seed: 1, seats: []games.SeatInfo{shotAna, shotBot}, movers: []string{"medium", "medium"},
		moves: []string{"3@c5", "3@a3", "2@e3", "2@c1", "4@c5", "5@a3", "1@e4", "2@e2", "1@a2", "4@e2", "3@a3", "1@c1"}, mid: 7},
	{name: "knights", game: "knights", seed: 4, seats: []games.SeatInfo{shotAna, shotExpert}, movers: []string{"expert", "random"},
		moves: []string{"d8,h4", "e6,f3", "c7,e5", "b5,g4", "c3,f2", "d5,h3", "f4,f4", "f4,f4", "f6,g1", "e4,e2", "d6,g3", "c8,f5", "b6,e7", "a4,g8", "b2,h6", "d3,f7", "c5,g5", "d7,h7", "b8,f8", "a6,g6", "b4,h8"}, mid: 10},
	{name: "knights-people", game: "knights", seed: 2, seats: []games.SeatInfo{shotAna, shotBen}, movers: []string{"random", "expert"}, shown: true,
		told: 14, moves: []string{"d6,e1", "b5,f3", "c3,h4", "a4,g6", "c5,e7", "d7,f5", "f6,e3", "g4,c2", "h2,d4", "f1,c6", "g3,e5", "e2,d3", "g1,f4", "h3,h3", "h3,h3", "h3,e6", "f2,g7", "e4,e8", "g5,c7", "f7,a8", "h8,b6"}, mid: 10},
	// knights-people's moves under fog: what the shared screen shows.
	{name: "knights-people-fog", game: "knights", rules: map[string]any{"fog": true}, seed: 2, seats: []games.SeatInfo{shotAna, shotBen}, byHand: true, told: 14,
		moves: []string{"d6,e1", "b5,f3", "c3,h4", "a4,g6", "c5,e7", "d7,f5", "f6,e3", "g4,c2", "h2,d4", "f1,c6", "g3,e5", "e2,d3", "g1,f4", "h3,h3", "h3,h3", "h3,e6", "f2,g7", "e4,e8", "g5,c7", "f7,a8", "h8,b6"}, mid: 10},
	// Both knights aim at f4 three turns running: the stall rule ends it.
	{name: "knights-stall", game: "knights", seed: 4, seats: []games.SeatInfo{shotYou, shotExpert}, byHand: true,
		moves: []string{"d8,h4", "e6,f3", "c7,e5", "b5,g4", "c3,f2", "d5,h3", "f4,f4", "f4,f4", "f4,f4"}, mid: 8},
	// Sixteen by sixteen, four knights, alone against three computers:
	// a phone's smallest squares, and four names on the scoreboard.
	{name: "knights-16", game: "knights", rules: map[string]any{"size": 16, "players": 4}, seed: 5,
		seats:  []games.SeatInfo{shotYou, {Name: "Computer", Controller: "ai", Bot: "balanced"}, {Name: "Computer 2", Controller: "ai", Bot: "aggressor"}, {Name: "Computer 3", Controller: "ai", Bot: "mobility"}},
		movers: []string{"random", "random", "random", "random"},
		moves:  []string{"e11,k5,k14,b5", "d9,i4,i13,c3", "f10,g3,k12,d1", "e8,i2,j10,b2", "d6,k3,h9,d3", "c8,j1,j8,b4", "b6,l2,h7,c6", "d7,n1,j6,d8", "f6,p2,h5,b7", "g8,o4,i7,a5", "e9,m5,k8,c4", "f11,k4,m9,e5", "d12,i3,n11,g4", "e14,j5,p10,f2", "f16,h4,o12,h3", "h15,f5,n14,g1", "f14,g7,m12,e2", "g16,e6,o11,c1", "i15,c7,n9,b3", "j13,d5,p8,c5", "l12,e3,o6,a6", "m14,g2,p4,b8", "o13,e1,n3,c10", "p15,f3,m1,b12", "n16,g5,k2,d11", "l15,f7,i1,e13", "k13,h6,j3,g12", "i12,j7,h2,h10", "k11,h8,f1,j11", "l13,f9,d2,k9", "n12,e7,e4,i8", "o14,g6,-,g9", "p16,i5,-,e10", "n15,k6,-,g11", "l16,m7,-,e12", "j15,o8,-,d10", "h14,n10,-,c12", "i16,m8,-,b10", "g15,k7,-,a8", "i14,l5,-,c9", "g13,m3,-,b11", "h11,l1,-,a13", "f12,j2,-,b15", "g10,h1,-,d16", "i11,-,-,f15", "k10,-,-,d14", "i9,-,-,c16"}, mid: 23},
	{name: "knights-fog", game: "knights", rules: map[string]any{"fog": true}, seed: 3, seats: []games.SeatInfo{shotAna, shotExpert}, movers: []string{"expert", "random"},
		moves: []string{"d8,f4", "f7,d5", "h8,c7", "g6,e8", "h4,g7", "f5,e6", "d6,g5", "c4,e4", "e5,c5", "g4,a6", "f2,b8", "h3,d7", "g1,f8", "e2,h7", "c1,f6", "a2,h5", "c3,g3", "a4,f1", "b2,h2", "d1,f3", "e3,e1", "c2,d3", "a3,b4", "b1,c6", "d2,d4", "b3,b3", "b3,b5", "a5,a7"}, mid: 14},
	{name: "arena", game: "arena", seed: 3, seats: []games.SeatInfo{shotAna, shotExpert}, movers: []string{"expert", "expert"},
		moves: []string{"place", "kick", "move E", "end", "move N", "move N", "move W", "move W", "face N", "place", "move W", "move S", "move S", "place", "move S", "end", "face W", "kick", "face E", "place", "move S", "move S", "face W", "place", "face N", "kick", "move N", "move E", "move E", "face E", "kick", "move E", "move W", "kick", "move N", "end", "face S", "kick", "place", "face N", "kick", "end", "move W", "move E", "place", "kick", "move E", "end", "face S", "kick", "place", "move E", "move E", "move S", "end", "move E", "face N", "kick", "move N", "kick", "move N", "end", "kick", "move S", "move W", "move W", "face E", "place", "move N", "move S", "place", "kick", "end", "kick", "face N", "place", "move S", "move S", "place", "kick", "face S", "place", "move N", "move W", "move W", "end", "move W", "move W", "move N", "end", "kick", "move W", "move W", "kick", "move E", "end"}, mid: 48},
	// The computer's end of turn at 62 set off two bombs; Ana is to move
	// with the blast still marked (reduced motion), her reach around it.
	{name: "arena-blast", game: "arena", seed: 3, seats: []games.SeatInfo{shotAna, shotExpert}, movers: []string{"expert", "expert"},
		moves: []string{"place", "kick", "move E", "end", "move N", "move N", "move W", "move W", "face N", "place", "move W", "move S", "move S", "place", "move S", "end", "face W", "kick", "face E", "place", "move S", "move S", "face W", "place", "face N", "kick", "move N", "move E", "move E", "face E", "kick", "move E", "move W", "kick", "move N", "end", "face S", "kick", "place", "face N", "kick", "end", "move W", "move E", "place", "kick", "move E", "end", "face S", "kick", "place", "move E", "move E", "move S", "end", "move E", "face N", "kick", "move N", "kick", "move N", "end", "kick", "move S", "move W", "move W", "face E", "place", "move N", "move S", "place", "kick", "end", "kick", "face N", "place", "move S", "move S", "place", "kick", "face S", "place", "move N", "move W", "move W", "end", "move W", "move W", "move N", "end", "kick", "move W", "move W", "kick", "move E", "end"}, mid: 62, midOnly: true},
}

// shotMoment is when a shot is taken: after how many of the moves.
type shotMoment struct {
	name  string // "mid", "end" or "shown"
	plies int
}

// shotLayout is the window the test driver stands for: the desktop, or
// with the mobile build tag a phone.
func shotLayout() (name string, size fyne.Size) {
	if fyne.CurrentDevice().IsMobile() {
		return "phone", fyne.NewSize(412, 790)
	}
	return "desktop", fyne.NewSize(1280, 800)
}

// waitingBot never answers: a bot to move is shown thinking, the same in
// every run, and nothing changes the screen while it is photographed.
type waitingBot struct{}

func (waitingBot) Choose(ctx context.Context, _ games.State, _ int) (games.Move, error) {
	<-ctx.Done()
	return games.NoMove, ctx.Err()
}

// TestShots writes a PNG of the window for every game, mid-game and
// finished, into the folder TABULA_SHOTS names.
func TestShots(t *testing.T) {
	dir := os.Getenv("TABULA_SHOTS")
	if dir == "" {
		t.Skip("TABULA_SHOTS names no folder for the pictures")
	}
	if err := os.MkdirAll(dir, 0o755); err != nil {
		t.Fatal(err)
	}
	layout, size := shotLayout()
	for _, sg := range shotGames {
		moves := sg.moves
		moments := []shotMoment{{"mid", sg.mid}}
		if !sg.midOnly {
			moments = append(moments, shotMoment{"end", len(moves)})
		}
		if sg.shown {
			moments = append(moments, shotMoment{"shown", sg.mid})
		}
		if sg.told > 0 {
			moments = append(moments, shotMoment{"told", sg.told})
		}
		for _, at := range moments {
			file := fmt.Sprintf("%s-%s-%s.png", sg.name, at.name, layout)
			t.Run(file, func(t *testing.T) {
				u := newTestApp(t)
				u.newBot = func(string, string, ai.Options) (ai.Bot, error) { return waitingBot{}, nil }
				u.win.Resize(size)
				played := moves[:at.plies]
				if at.name == "told" {
					played = moves[:at.plies-1] // the last turn is picked below
				}
				rec := &games.Record{Game: sg.game, Rules: sg.rules, Seed: sg.seed, Seats: sg.seats, Moves: played}
				s, err := session.FromRecord(rec, u.sessionOptions())
				if err != nil {
					t.Fatal(err)
				}
				if over := s.Live().Outcome().Over(); over != (at.name == "end") {
					t.Fatalf("after %d moves the game is over: %v", at.plies, over)
				}
				s.BotDelay, s.AutoDelay = 0, 0
				u.openSession(s)
				if at.name == "told" { // the people pick the last turn as at the table
					for _, pick := range strings.Split(moves[at.plies-1], ",") {
						if seat, ok := s.HandOver(); ok {
							s.Reveal(seat)
						}
						if err := u.game.Submit(pick); err != nil {
							t.Fatal(err)
						}
					}
				}
				if at.name == "shown" {
					if _, ok := s.HandOver(); !ok {
						t.Fatal("no hand-over cover to lift")
					}
					test.Tap(u.game.handOverBtn)
					if _, ok := s.HandOver(); ok {
						t.Fatal("the hand-over cover stays")
					}
				}
				settle(u.win.Content())
				img := u.win.Canvas().Capture()
				if got := img.Bounds().Size(); got.X != int(size.Width) || got.Y != int(size.Height) {
					t.Fatalf("the window draws %v, want %v", got, size)
				}
				if oneColour(img) {
					t.Fatal("the window is blank")
				}
				writePNG(t, filepath.Join(dir, file), img)
			})
		}
	}
	shotPanels(t, dir, layout)
	shotPicker(t, dir, layout, size)
	shootScenes(t, dir, layout, size)
}

// settle lays the window out again, as a real window does before it
// draws a frame: Fyne's desktop and phone drivers lay out again every
// container whose content asks for another size (Canvas.EnsureMinSize),
// the test driver never does. Without it a screen shows the sizes its
// widgets had when it was built, empty, before the game filled them in
// ("to move" at the panel's edge, a hand-over note a word wide). Twice,
// as wrapped text asks for a height that depends on its width.
func settle(root fyne.CanvasObject) {
	for range 2 {
		layOut(root)
	}
}

func layOut(o fyne.CanvasObject) {
	switch o := o.(type) {
	case *fyne.Container:
		if o.Layout != nil {
			o.Layout.Layout(o.Objects, o.Size())
		}
		for _, child := range o.Objects {
			layOut(child)
		}
	case fyne.Widget:
		r := test.WidgetRenderer(o)
		r.Layout(o.Size())
		for _, child := range r.Objects() {
			layOut(child)
		}
	}
}

// oneColour reports whether every pixel of img is the same: nothing drawn.
func oneColour(img image.Image) bool {
	b := img.Bounds()
	first := img.At(b.Min.X, b.Min.Y)
	for y := b.Min.Y; y < b.Max.Y; y++ {
		for x := b.Min.X; x < b.Max.X; x++ {
			if img.At(x, y) != first {
				return false
			}
		}
	}
	return true
}

func writePNG(t *testing.T, path string, img image.Image) {
	t.Helper()
	f, err := os.Create(path)
	if err != nil {
		t.Fatal(err)
	}
	if err := png.Encode(f, img); err != nil {
		f.Close()
		t.Fatal(err)
	}
	if err := f.Close(); err != nil {
		t.Fatal(err)
	}
}

// shotBots are the bots that played a game of shotGames, seat by seat,
// each with a node budget so that it is a pure function of the position.
func shotBots(t *testing.T, sg shotGame) []ai.Bot {
	t.Helper()
	bots := make([]ai.Bot, len(sg.movers))
	for seat, name := range sg.movers {
		if name == "random" {
			bots[seat] = ai.Random{Seed: uint64(sg.seed)}
			continue
		}
		b, err := ai.New(sg.game, name, ai.Options{Seed: uint64(sg.seed), Nodes: 3000})
		if err != nil {
			t.Fatal(err)
		}
		bots[seat] = b
	}
	return bots
}

// TestShotsScripts plays the games of shotGames again with the bots that
// made them and prints their moves in the form shotGames holds them: run
// it (TABULA_SHOTS_SCRIPTS=1 go test -tags shots -run ShotsScripts -v
// ./ui/) to write the lists again after the rules change.
func TestShotsScripts(t *testing.T) {
	if os.Getenv("TABULA_SHOTS_SCRIPTS") == "" {
		t.Skip("TABULA_SHOTS_SCRIPTS is not set")
	}
	for _, sg := range shotGames {
		if sg.byHand {
			continue
		}
		g, _ := games.Lookup(sg.game)
		rules, err := games.ValidateRules(g.RuleSpecs(), sg.rules)
		if err != nil {
			t.Fatal(err)
		}
		st, err := g.New(games.Config{Rules: rules, Seed: sg.seed})
		if err != nil {
			t.Fatal(err)
		}
		bots := shotBots(t, sg)
		var tokens []string
		var anaStarts []int // the plies at which a turn of Ana's starts
		for len(tokens) < 2000 && !st.Outcome().Over() {
			to := st.ToMove()
			if to[0] == 0 && !games.MidTurn(st) {
				anaStarts = append(anaStarts, len(tokens))
			}
			moves := make([]games.Move, len(to))
			for i, seat := range to {
				m, err := bots[seat].Choose(context.Background(), games.ViewOf(st, seat), seat)
				if err != nil {
					t.Fatal(err)
				}
				moves[i] = m
			}
			tok := games.FormatTurn(st, moves)
			if err := st.Play(moves...); err != nil {
				t.Fatal(err)
			}
			tokens = append(tokens, tok)
		}
		mid := 0 // the first start of a turn of Ana's from half-way on
		for i := len(anaStarts) - 1; i >= 0 && anaStarts[i] >= len(tokens)/2; i-- {
			mid = anaStarts[i]
		}
		same := "the bots play these moves today"
		if !slices.Equal(tokens, sg.moves) || mid != sg.mid && !sg.midOnly {
			same = "NOT the moves of shotGames"
		}
		out := st.Outcome()
		fmt.Printf("%s (%d plies, %s %v: %s; %s)\n\t\tmoves: %#v, mid: %d},\n", sg.name, len(tokens), out.Status, out.Winners, out.Reason, same, tokens, mid)
	}
}

// ---- the side panel and the picker ----

// panelShot is a finished game's side panel at a window size (issue 19:
// the panel of a game just over, with its score line, at the default
// size and at 800 x 600).
type panelShot struct {
	file string
	size fyne.Size
	rec  *games.Record
	view int // the move looked at; 0: the game as it is
}

// shotPanels writes the desktop's side panel of a finished game, counted
// in this run's score, at the window's default size (app.go) and at
// 800 x 600, live and while looking at an earlier move; and a game of
// four at 800 x 600, the tallest panel.
func shotPanels(t *testing.T, dir, layout string) {
	if layout != "desktop" {
		return // a phone's panel scrolls under the board: the games' shots show it
	}
	classic := shotGames[0]
	won := &games.Record{Game: classic.game, Seed: classic.seed, Seats: classic.seats, Moves: classic.moves}
	four := map[string]any{"players": 4}
	knights := &games.Record{Game: "knights", Rules: four, Seed: 1,
		Seats: []games.SeatInfo{shotAna, shotBot, shotBot2, {Name: "Computer 3", Controller: "ai", Bot: "medium"}},
		Moves: firstLegalGame(t, "knights", four, 1)}
	small, usual := fyne.NewSize(800, 600), fyne.NewSize(1180, 760)
	for _, ps := range []panelShot{
		{"panel-classic-end-1180x760-desktop.png", usual, won, 0},
		{"panel-classic-review-1180x760-desktop.png", usual, won, 3},
		{"panel-classic-end-800x600-desktop.png", small, won, 0},
		{"panel-classic-review-800x600-desktop.png", small, won, 3},
		{"panel-knights4-end-800x600-desktop.png", small, knights, 0},
	} {
		t.Run(ps.file, func(t *testing.T) {
			u := newTestApp(t)
			u.newBot = func(string, string, ai.Options) (ai.Bot, error) { return waitingBot{}, nil }
			u.win.Resize(ps.size)
			s, err := session.FromRecord(ps.rec, u.sessionOptions())
			if err != nil {
				t.Fatal(err)
			}
			out := s.Live().Outcome()
			if !out.Over() {
				t.Fatal("the game is not over")
			}
			s.BotDelay, s.AutoDelay = 0, 0
			u.countResult(s, out) // as the game screen counts a game it saw end
			u.openSession(s)
			if ps.view > 0 {
				s.SetView(ps.view)
			}
			shoot(t, u, ps.size, filepath.Join(dir, ps.file))
		})
	}
}

// firstLegalGame plays a game to its end, every seat playing its first
// legal move, and returns its tokens.
func firstLegalGame(t *testing.T, id string, rules map[string]any, seed int64) []string {
	t.Helper()
	g, _ := games.Lookup(id)
	valid, err := games.ValidateRules(g.RuleSpecs(), rules)
	if err != nil {
		t.Fatal(err)
	}
	st, err := g.New(games.Config{Rules: valid, Seed: seed})
	if err != nil {
		t.Fatal(err)
	}
	var tokens []string
	for len(tokens) < 1000 && !st.Outcome().Over() {
		var moves []games.Move
		for _, seat := range st.ToMove() {
			moves = append(moves, st.Legal(seat)[0])
		}
		tokens = append(tokens, games.FormatTurn(st, moves))
		if err := st.Play(moves...); err != nil {
			t.Fatal(err)
		}
	}
	if !st.Outcome().Over() {
		t.Fatalf("%s did not end in %d turns", id, len(tokens))
	}
	return tokens
}

// shotPicker writes the picker with a game in progress (its note, and
// Resume on its card) and a record against the computer; on a phone also
// at 294 x 564, the size of a window of 412 x 790 pixels on Fyne's phone
// simulation (which scales by 1.4).
func shotPicker(t *testing.T, dir, layout string, size fyne.Size) {
	shots := map[string]fyne.Size{fmt.Sprintf("picker-%s.png", layout): size}
	if layout == "phone" {
		shots["picker-294x564-phone.png"] = fyne.NewSize(294, 564)
	}
	for file, size := range shots {
		t.Run(file, func(t *testing.T) {
			u := newTestApp(t)
			u.win.Resize(size)
			putAutosave(t, u, "autosave-classic-20261121-120000.json", twoPeople, time.Date(2026, 11, 21, 12, 0, 0, 0, time.UTC), "b2")
			if err := u.stats.Record("classic", "medium", settings.Win); err != nil {
				t.Fatal(err)
			}
			showPicker(t, u)
			shoot(t, u, size, filepath.Join(dir, file))
		})
	}
}

// shoot lays the window out as a real one would and writes it to path.
func shoot(t *testing.T, u *App, size fyne.Size, path string) {
	t.Helper()
	settle(u.win.Content())
	img := u.win.Canvas().Capture()
	if got := img.Bounds().Size(); got.X != int(size.Width) || got.Y != int(size.Height) {
		t.Fatalf("the window draws %v, want %v", got, size)
	}
	if oneColour(img) {
		t.Fatal("the window is blank")
	}
	writePNG(t, path, img)
}

// shotScene is a moment that is not a position: a game screen after a
// tap (a refusal, a question) or a dialog, photographed as file-LAYOUT.png.
type shotScene struct {
	file string
	show func(t *testing.T, u *App)
}

var shotScenes = []shotScene{
	// Revenge: a tap on a locked square is refused, and a tap on one's own
	// square asks before reinforcing (issue 19 item 7): the board must not
	// move, and the refusal is said once, naming the seat by its player.
	{"revenge-refused", func(t *testing.T, u *App) { revengeShotTap(t, u, "d3") }},
	{"revenge-ask", func(t *testing.T, u *App) { revengeShotTap(t, u, "a2") }},
	// Four seats, one with a long name, on badges a quarter as wide: every
	// badge names its player, cut short with an ellipsis if need be (item 9).
	{"revenge-four", func(t *testing.T, u *App) {
		long := games.SeatInfo{Name: "Bartholomew the Second", Controller: "human"}
		rec := &games.Record{Game: "revenge", Rules: map[string]any{"players": 4}, Seed: 3, Seats: []games.SeatInfo{shotAna, shotBot, shotBot2, long},
			Moves: []string{"a2", "d4", "b4", "c1", "d4", "b2"}}
		s, err := session.FromRecord(rec, u.sessionOptions())
		if err != nil {
			t.Fatal(err)
		}
		s.BotDelay, s.AutoDelay = 0, 0
		u.openSession(s)
	}},
	// The New game dialog of every game, as it first opens (item 11).
	{"newgame-classic", func(t *testing.T, u *App) { u.NewGameDialog("classic") }},
	{"newgame-revenge", func(t *testing.T, u *App) { u.NewGameDialog("revenge") }},
	{"newgame-alcazar", func(t *testing.T, u *App) { u.NewGameDialog("alcazar") }},
	{"newgame-knights", func(t *testing.T, u *App) { u.NewGameDialog("knights") }},
	{"newgame-arena", func(t *testing.T, u *App) { u.NewGameDialog("arena") }},
	// Two seats given one symbol, Start pressed, then the symbol changed:
	// the problem must go with it.
	{"newgame-revenge-fixed", func(t *testing.T, u *App) {
		nd := u.newGameDialog("revenge")
		nd.seats[2].symbol.SetSelected("X")
		if _, ok := nd.session(); ok {
			t.Fatal("two seats with X started a game")
		}
		nd.seats[2].symbol.SetSelected("Δ")
	}},
}

// revengeShotTap opens revenge with Ana to move, Computer having just
// taken d3 from her (so Computer's squares are locked to her), points at
// square and taps it.
func revengeShotTap(t *testing.T, u *App, square string) {
	t.Helper()
	rec := &games.Record{Game: "revenge", Seed: 3, Seats: []games.SeatInfo{shotAna, shotBot, shotBot2},
		Moves: []string{"a2", "d4", "b4", "d3", "d3", "b2"}}
	s, err := session.FromRecord(rec, u.sessionOptions())
	if err != nil {
		t.Fatal(err)
	}
	s.BotDelay, s.AutoDelay = 0, 0
	u.openSession(s)
	settle(u.win.Content())
	sb := u.game.board.(kit.SpokenBoard)
	for _, sq := range sb.SpokenSquares() {
		if !strings.HasPrefix(sq.Label, square+",") {
			continue
		}
		at := fyne.PointEvent{Position: sq.Pos.Add(fyne.NewPos(sq.Size.Width/2, sq.Size.Height/2))}
		if h, ok := u.game.board.(desktop.Hoverable); ok && !fyne.CurrentDevice().IsMobile() {
			h.MouseIn(&desktop.MouseEvent{PointEvent: at})
		}
		u.game.board.(fyne.Tappable).Tapped(&at)
		// The test driver runs an animation to its end at once, which
		// fades the message line out: show it as it first appears.
		if msg := u.game.lastRefusal; msg != "" {
			u.game.toast.text, u.game.toast.color = msg, theme.Color(theme.ColorNameError)
			u.game.toast.Refresh()
		}
		return
	}
	t.Fatalf("no square %s on the board", square)
}

// shootScenes photographs every scene of shotScenes.
func shootScenes(t *testing.T, dir, layout string, size fyne.Size) {
	for _, sc := range shotScenes {
		file := fmt.Sprintf("%s-%s.png", sc.file, layout)
		t.Run(file, func(t *testing.T) {
			u := newTestApp(t)
			u.newBot = func(string, string, ai.Options) (ai.Bot, error) { return waitingBot{}, nil }
			u.win.Resize(size)
			sc.show(t, u)
			settle(u.win.Content())
			for _, o := range u.win.Canvas().Overlays().List() {
				settle(o)
			}
			img := u.win.Canvas().Capture()
			if oneColour(img) {
				t.Fatal("the window is blank")
			}
			writePNG(t, filepath.Join(dir, file), img)
		})
	}
}
