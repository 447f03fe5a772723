package knights_test

import (
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"reflect"
	"sort"
	"strings"
	"testing"

	"github.com/tabulagames/tabula/games"
	"github.com/tabulagames/tabula/games/gametest"
	"github.com/tabulagames/tabula/games/knights"
	"github.com/tabulagames/tabula/games/rng"
)

// Extra holds the fields of knights.json that gametest.Vector does not
// read (the file's "fields" say what they mean). The bot fields are
// checked in ai/knights_test.go, which can run the bots.
type Extra struct {
	ID  string `json:"id"`
	Rng *struct {
		U32   []uint32  `json:"u32"`
		Float []float64 `json:"float"`
	} `json:"rng"`
	OwnStream *struct {
		Seat  int      `json:"seat"`
		Turn  int      `json:"turn"`
		Start uint32   `json:"start"`
		U32   []uint32 `json:"u32"`
	} `json:"ownStream"`
	Bots   []string `json:"bots"`
	Expect struct {
		RngDraws *int     `json:"rngDraws"`
		Legal    []string `json:"legal"`
	} `json:"expect"`
}

func loadExtras(t *testing.T) []Extra {
	data, err := os.ReadFile(filepath.Join(gametest.TestdataDir(), "knights.json"))
	if err != nil {
		t.Fatal(err)
	}
	var f struct {
		Vectors []Extra `json:"vectors"`
	}
	if err := json.Unmarshal(data, &f); err != nil {
		t.Fatal(err)
	}
	return f.Vectors
}

// legalLines writes the legal moves as `tabula legal` does (section 6):
// "s: m1 m2 ..." for each alive seat, squares in byte order.
func legalLines(st games.State) []string {
	lines := []string{}
	for _, seat := range st.ToMove() {
		var names []string
		for _, m := range st.Legal(seat) {
			names = append(names, st.MoveString(seat, m))
		}
		sort.Strings(names)
		lines = append(lines, fmt.Sprintf("%d: %s", seat, strings.Join(names, " ")))
	}
	return lines
}

func replay(t *testing.T, v gametest.Vector) *knights.State {
	t.Helper()
	rec := &games.Record{Game: knights.ID, Rules: v.Rules, Seed: v.Seed, Moves: v.Moves}
	states, err := rec.Replay()
	if err != nil {
		t.Fatalf("%s: %v", v.About, err)
	}
	return states[len(states)-1].(*knights.State)
}

// TestVectors runs every vector of knights.json: the kit's checks
// (status, winners, toMove, position, rejections), the legal lines, the
// game stream and own stream check values, and for the vectors without
// bots the draws the setup took.
func TestVectors(t *testing.T) {
	vf := gametest.LoadVectors(t, knights.ID)
	ex := loadExtras(t)
	if len(ex) != len(vf.Vectors) {
		t.Fatalf("%d extras for %d vectors", len(ex), len(vf.Vectors))
	}
	counts := map[string]int{}
	for i, v := range vf.Vectors {
		x := ex[i]
		if x.ID != v.ID {
			t.Fatalf("vector %d: id %q vs %q", i, x.ID, v.ID)
		}
		t.Run(v.ID, func(t *testing.T) {
			legal := v.Expect.Legal
			v.Expect.Legal = nil // the lines of `tabula legal`, not the kit's object
			gametest.CheckVector(t, knights.ID, v)
			st := replay(t, v)
			if legal != nil {
				counts["legal"]++
				if got := legalLines(st); !reflect.DeepEqual(got, x.Expect.Legal) {
					t.Errorf("legal = %q, want %q", got, x.Expect.Legal)
				}
			}
			if x.Rng != nil {
				counts["rng"]++
				checkGameStream(t, st, x.Rng.U32, x.Rng.Float)
			}
			if o := x.OwnStream; o != nil {
				counts["own"]++
				s := rng.Own(v.Seed, o.Seat, o.Turn)
				if s.State() != o.Start {
					t.Errorf("own stream start %d, want %d", s.State(), o.Start)
				}
				for k, want := range o.U32 {
					s.Draw()
					if s.State() != want {
						t.Errorf("own stream draw %d: state %d, want %d", k+1, s.State(), want)
					}
				}
			}
			if x.Expect.RngDraws != nil && x.Bots == nil {
				counts["draws"]++
				if got := st.GameStream().Draws(); got != *x.Expect.RngDraws {
					t.Errorf("the setup took %d draws, want %d", got, *x.Expect.RngDraws)
				}
			}
		})
	}
	if counts["legal"] < 30 || counts["rng"] != 8 || counts["own"] != 1 || counts["draws"] < 10 {
		t.Fatalf("checked fewer extra fields than the file has: %v", counts)
	}
}

func checkGameStream(t *testing.T, st *knights.State, u32 []uint32, floats []float64) {
	t.Helper()
	s := st.GameStream()
	if s.Draws() != 0 {
		t.Fatalf("the default setup drew %d times", s.Draws())
	}
	for k := range u32 {
		r := s.Draw()
		if s.State() != u32[k] || r != floats[k] {
			t.Errorf("draw %d: state %d value %v, want %d %v", k+1, s.State(), r, u32[k], floats[k])
		}
	}
}
