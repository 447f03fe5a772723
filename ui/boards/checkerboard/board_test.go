package checkerboard

import (
	"strings"
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/canvas"
	"fyne.io/fyne/v2/test"

	"github.com/tabulagames/tabula/games"
	"github.com/tabulagames/tabula/ui/boardtest"
)

// start opens a game between two people with house rules, on a board of
// a known size.
func start(t *testing.T, rules map[string]any) (*boardtest.Host, *Board) {
	t.Helper()
	h := boardtest.Start(t, "checkerboard", New, boardtest.Options{Rules: rules, Size: fyne.NewSize(480, 520)})
	return h, h.Board.(*Board)
}

// at is the centre of a square.
func at(b *Board, name string) fyne.Position {
	f, r, err := games.ParseSquare(name, b.m.N, b.m.N)
	if err != nil {
		panic(err)
	}
	return b.territory().Center(f, r)
}

func TestTapPlaces(t *testing.T) {
	h, b := start(t, nil)
	test.TapAt(b, at(b, "e6"))
	if h.Tokens() != "e6" {
		t.Fatalf("tap played %q", h.Tokens())
	}
	if b.m.Owners[5*8+4] != 0 || b.m.Last != 5*8+4 {
		t.Fatalf("e6 not drawn as X's last move: owner %d last %d", b.m.Owners[5*8+4], b.m.Last)
	}
	// The last-move ring is on e6.
	if r := b.r; len(r.t.Last) != 1 || r.t.Last[0] != 5*8+4 {
		t.Fatalf("last ring on %v", r.t.Last)
	}
	test.TapAt(b, at(b, "e6")) // taken
	if h.Tokens() != "e6" || !strings.Contains(h.Refusal, "taken") {
		t.Fatalf("a tap on a taken square: %q, refusal %q", h.Tokens(), h.Refusal)
	}
}

func TestKeyboard(t *testing.T) {
	h, b := start(t, nil)
	b.Key(fyne.KeyUp) // the cursor appears near the middle: d5
	b.Key(fyne.KeyRight)
	b.Key(fyne.KeyUp)
	b.Key(fyne.KeyReturn)
	if h.Tokens() != "e6" {
		t.Fatalf("keys played %q", h.Tokens())
	}
	b.Key(fyne.KeyLeft)
	b.Key(fyne.KeySpace)
	if h.Tokens() != "e6 d6" {
		t.Fatalf("keys played %q", h.Tokens())
	}
	if b.Key(fyne.KeyEscape) || b.m.Cursor != -1 {
		t.Fatal("Escape must hide the cursor and be left to the screen")
	}
	if b.Key(fyne.KeyReturn) {
		t.Fatal("Enter without a cursor must be left to the screen")
	}
}

func TestFifoMarker(t *testing.T) {
	h, b := start(t, map[string]any{"fifo": 3})
	for _, tok := range []string{"a1", "h8", "b1", "g8", "c1"} {
		if err := h.Submit(tok); err != nil {
			t.Fatal(err)
		}
	}
	// O has only two marks: nothing goes at O's next placement.
	if b.m.Next != -1 || b.r.clock.Visible() {
		t.Fatalf("a removal marked too early: %d", b.m.Next)
	}
	h.Submit("f8")
	// X (to move) holds a1 b1 c1: a1 goes at X's next placement.
	if b.m.Next != 0 {
		t.Fatalf("next removal on %d, want a1", b.m.Next)
	}
	clock := b.r.clock
	p := b.r.t.Pos(0)
	if !clock.Visible() || clock.Position().X < p.X || clock.Position().X > p.X+b.r.t.Cell ||
		clock.Position().Y < p.Y || clock.Position().Y > p.Y+b.r.t.Cell {
		t.Fatalf("the clock is not on a1: %v, a1 at %v", clock.Position(), p)
	}
	if !strings.Contains(b.note.Text, "X 3/3") || !strings.Contains(b.note.Text, "a1") || !b.note.Visible() {
		t.Fatalf("FIFO note %q", b.note.Text)
	}
	b.TappedSecondary(&fyne.PointEvent{Position: at(b, "a1")})
	if h.Said != "a1, X, O's target half; it goes at X's next placement (FIFO)." {
		t.Fatalf("right-click on a1 said %q", h.Said)
	}
	h.Submit("d1")
	// a1 went; now O's oldest, h8, is marked.
	if b.m.Owners[0] != -1 || b.m.Removed != 0 || b.m.Next != 7*8+7 {
		t.Fatalf("after d1: a1 %d removed %d next %d", b.m.Owners[0], b.m.Removed, b.m.Next)
	}
}

func TestSizes(t *testing.T) {
	for _, n := range []int{6, 12} {
		h, b := start(t, map[string]any{"size": n})
		test.WidgetRenderer(b).Layout(b.Size())
		if b.r.t.N != n || len(b.r.marks) != n*n {
			t.Fatalf("size %d: drawn with %d squares", n, len(b.r.marks))
		}
		corner := games.SquareName(n-1, n-1)
		test.TapAt(b, at(b, corner))
		test.TapAt(b, at(b, "a1"))
		if h.Tokens() != corner+" a1" {
			t.Fatalf("size %d: taps played %q", n, h.Tokens())
		}
		// The board fits its widget: the top-right square is inside it.
		p := b.r.t.Pos(n*n - 1)
		if p.X+b.r.t.Cell > b.Size().Width+0.5 || p.Y < 0 {
			t.Fatalf("size %d: the board overflows: %v cell %v in %v", n, p, b.r.t.Cell, b.Size())
		}
	}
}

func TestSpokenSquaresLieOnTheSquares(t *testing.T) {
	h, b := start(t, nil)
	e6 := 5*8 + 4
	sp := b.SpokenSquares()
	if sp[e6].Label != "e6, empty, X's target half" || sp[2*8+2].Label != "c3, empty, O's target half" {
		t.Fatalf("e6 %q, c3 %q", sp[e6].Label, sp[2*8+2].Label)
	}
	if sp[e6].Pos != b.territory().Pos(e6) || sp[e6].Size.Width != b.territory().Cell {
		t.Fatalf("e6's name at %v %v, the square at %v", sp[e6].Pos, sp[e6].Size, b.territory().Pos(e6))
	}
	h.Submit("e6")
	if got := b.SpokenSquares()[e6].Label; got != "e6, X, X's target half" {
		t.Fatalf("after the move e6 is read as %q", got)
	}
}

// TestHalvesAreNamedAsThePeopleAre: the captions beside the halves name
// the seats as the rest of the screen does ("Your home · Medium's
// target"), not by the letters X and O.
func TestHalvesAreNamedAsThePeopleAre(t *testing.T) {
	seats := []games.SeatInfo{{Name: "You", Controller: "human"}, {Name: "Medium", Controller: "ai", Bot: "medium"}}
	h := boardtest.Start(t, "checkerboard", New, boardtest.Options{Seats: seats, Size: fyne.NewSize(480, 520)})
	var captions []string
	for _, o := range test.WidgetRenderer(h.Board.(*Board)).Objects() {
		if txt, ok := o.(*canvas.Text); ok && (strings.HasSuffix(txt.Text, " home") || strings.HasSuffix(txt.Text, " target")) {
			captions = append(captions, txt.Text)
		}
	}
	got := strings.Join(captions, " · ")
	for _, want := range []string{"Your home", "Medium's target", "Medium's home", "Your target"} {
		if !strings.Contains(got, want) {
			t.Errorf("the captions read %q, want %q among them", got, want)
		}
	}
}
