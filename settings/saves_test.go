package settings

import (
	"bytes"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/tabulagames/tabula/games"
	_ "github.com/tabulagames/tabula/games/all" // every game, to replay saves
	"github.com/tabulagames/tabula/games/gametest"
)

var (
	xWins = []string{"a1", "a2", "b1", "b2", "c1"}
	draw  = []string{"a3", "b2", "c3", "b3", "b1", "a1", "a2", "c2", "c1"}
)

func classicRecord(moves ...string) *games.Record {
	return &games.Record{
		Game: "classic",
		Seats: []games.SeatInfo{
			{Name: "Ana", Controller: "human"},
			{Name: "Computer", Controller: "ai", Bot: "hard"},
		},
		Moves:   moves,
		Created: time.Date(2026, 11, 21, 10, 0, 0, 0, time.UTC),
	}
}

func fixedClock(s *Store, t time.Time) { s.now = func() time.Time { return t } }

func TestSaveListLoadRoundTrip(t *testing.T) {
	p := home(t)
	s := NewStore(p)
	fixedClock(s, time.Date(2026, 11, 21, 10, 7, 12, 0, time.UTC))
	rec := classicRecord("b2", "a1")
	path, err := s.Save(rec, "Ana vs Computer")
	if err != nil {
		t.Fatal(err)
	}
	if filepath.Dir(path) != p.Saves || filepath.Base(path) != "classic-20261121-100712-ana-vs-computer.json" {
		t.Fatalf("saved to %s", path)
	}
	noTemps(t, p.Saves)
	got, err := s.Load(path)
	if err != nil {
		t.Fatal(err)
	}
	if got.Game != "classic" || strings.Join(got.Moves, " ") != "b2 a1" || len(got.Seats) != 2 || got.Seats[1].Bot != "hard" ||
		!got.Created.Equal(rec.Created) || !got.Updated.Equal(time.Date(2026, 11, 21, 10, 7, 12, 0, time.UTC)) {
		t.Fatalf("loaded %+v", got)
	}
	if rec.Updated != (time.Time{}) {
		t.Fatal("Save changed the caller's record")
	}
	list, err := s.List()
	if err != nil || len(list) != 1 {
		t.Fatalf("List = %+v, %v", list, err)
	}
	e := list[0]
	if e.Err != nil || e.Name != "Ana vs Computer" || e.Game != "classic" || e.GameName != "Tic-tac-toe" ||
		e.Plies != 2 || e.Result != "in progress" || e.Over || e.Path != path || len(e.Seats) != 2 {
		t.Fatalf("entry %+v", e)
	}
	// A second save in the same second gets its own file.
	path2, err := s.Save(rec, "Ana vs Computer")
	if err != nil || path2 == path || !strings.HasSuffix(path2, "-ana-vs-computer-2.json") {
		t.Fatalf("second save: %s, %v", path2, err)
	}
}

func TestSaveResults(t *testing.T) {
	p := home(t)
	s := NewStore(p)
	base := time.Date(2026, 11, 21, 9, 0, 0, 0, time.UTC)
	cases := []struct {
		rec            *games.Record
		result, reason string
		over           bool
	}{
		{classicRecord(), "in progress", "", false},
		{classicRecord(xWins...), "Ana wins", "three in a row on the 1st rank", true},
		{classicRecord(draw...), "Draw", "the board is full", true},
		{&games.Record{Game: "classic", Moves: []string{"a2", "a1", "b2", "b1", "a3", "c1"}}, "Player 2 wins", "three in a row on the 1st rank", true},
	}
	for i, tc := range cases {
		fixedClock(s, base.Add(time.Duration(i)*time.Minute))
		if _, err := s.Save(tc.rec, fmt.Sprint("game ", i)); err != nil {
			t.Fatal(err)
		}
	}
	list, err := s.List()
	if err != nil || len(list) != len(cases) {
		t.Fatalf("List: %d entries, %v", len(list), err)
	}
	for i, tc := range cases {
		e := list[len(list)-1-i] // newest first
		if e.Name != fmt.Sprint("game ", i) || e.Result != tc.result || e.Reason != tc.reason || e.Over != tc.over || e.Err != nil {
			t.Errorf("case %d: %q %q %q %v %v", i, e.Name, e.Result, e.Reason, e.Over, e.Err)
		}
	}
}

func TestSaveNamesAreSanitized(t *testing.T) {
	p := home(t)
	s := NewStore(p)
	for _, name := range []string{"../../../etc/passwd", `C:\Windows\system32`, "\x00\n\t", "ünïcødé ☃", ".hidden", strings.Repeat("long", 100), ""} {
		path, err := s.Save(classicRecord(), name)
		if err != nil {
			t.Fatalf("%q: %v", name, err)
		}
		base := filepath.Base(path)
		if filepath.Dir(path) != p.Saves || strings.ContainsAny(base, `/\ :`) || strings.HasPrefix(base, ".") || len(base) > 80 {
			t.Errorf("name %q saved as %q", name, path)
		}
		for _, r := range strings.TrimSuffix(base, ".json") {
			if !(r >= 'a' && r <= 'z' || r >= '0' && r <= '9' || r == '-') {
				t.Errorf("name %q gave file name %q", name, base)
				break
			}
		}
	}
	list, _ := s.List()
	names := map[string]bool{}
	for _, e := range list {
		if e.Err != nil {
			t.Fatal(e.Err)
		}
		names[e.Name] = true
	}
	for _, want := range []string{"../../../etc/passwd", `C:\Windows\system32`, "ünïcødé ☃", ".hidden", strings.Repeat("long", 20)} {
		if !names[want] {
			t.Errorf("display name %q lost; have %v", want, names)
		}
	}
	if _, err := s.Save(&games.Record{Game: "../x"}, "x"); err == nil {
		t.Fatal("a game id with a path in it was saved")
	}
}

func TestSaveRefusesUnplayableRecord(t *testing.T) {
	p := home(t)
	s := NewStore(p)
	for _, rec := range []*games.Record{
		nil,
		{Game: "classic", Moves: []string{"a1", "a1"}},
		{Game: "nosuchgame"},
		{Game: "classic", Seats: []games.SeatInfo{{Name: "solo"}}},
	} {
		if _, err := s.Save(rec, "x"); err == nil {
			t.Errorf("saved %+v", rec)
		}
	}
	if _, err := disk.Stat(p.Saves); !errors.Is(err, fs.ErrNotExist) {
		t.Fatal("a refused save created the folder")
	}
}

// brokenFiles are save files that must be listed as unreadable, with the
// reason, and never changed.
var brokenFiles = []struct {
	file, data, reason string
	ply                int
}{
	{"broken-json.json", `{"seed": 1, "game": "classic", "moves": ["a1" "b2"]}`, "not a valid JSON file", -1},
	{"truncated.json", `{"format": "tabula-save", "version": 1, "game": "classic", "moves": ["a1", "b`, "truncated", -1},
	{"newer.json", `{"format": "tabula-save", "version": 99, "game": "classic", "moves": []}`, "newer Tabula", -1},
	{"illegal.json", `{"seed": 1, "game": "classic", "moves": ["a1", "b2", "a1"]}`, "illegal move at index 2", 2},
	{"bad-token.json", `{"seed": 1, "game": "classic", "moves": ["zz9"]}`, "illegal move at index 0", 0},
	{"unknown-game.json", `{"seed": 1, "game": "chess", "moves": []}`, "unknown game", -1},
	{"no-game.json", `{"moves": []}`, "names no game", -1},
	{"foreign.json", `{"format": "something-else", "game": "classic"}`, "not a Tabula save", -1},
	{"empty.json", ``, "truncated", -1},
	{"wrong-types.json", `{"seed": 1, "game": "classic", "moves": "a1"}`, "not a Tabula save", -1},
	{"binary.json", "\x00\xff\xfe garbage", "not a valid JSON file", -1},
	{"no-seed.json", `{"game": "classic", "moves": ["b2"]}`, "missing its seed", -1},
	{"no-moves.json", `{"game": "classic", "seed": 1}`, "missing its list of moves", -1},
	{"too-deep.json", `{"game": "classic", "seed": 1, "moves": [], "x": ` + strings.Repeat("[", 20000) + strings.Repeat("]", 20000) + `}`, "nested too deeply to be a save", -1},
}

func TestBrokenSavesListedUntouched(t *testing.T) {
	p := home(t)
	s := NewStore(p)
	good, err := s.Save(classicRecord(xWins...), "good one")
	if err != nil {
		t.Fatal(err)
	}
	var snaps []snapshot
	for _, b := range brokenFiles {
		path := filepath.Join(p.Saves, b.file)
		writeFile(t, path, []byte(b.data))
		snaps = append(snaps, snap(t, path))
	}
	// Files that are not saves are not listed.
	writeFile(t, filepath.Join(p.Saves, "notes.txt"), []byte("hello"))
	os.Mkdir(filepath.Join(p.Saves, "folder.json"), 0o755)

	for round := 0; round < 2; round++ {
		list, err := s.List()
		if err != nil {
			t.Fatal(err)
		}
		if len(list) != len(brokenFiles)+1 {
			t.Fatalf("List has %d entries, want %d", len(list), len(brokenFiles)+1)
		}
		byFile := map[string]Entry{}
		for _, e := range list {
			byFile[filepath.Base(e.Path)] = e
		}
		if e := byFile[filepath.Base(good)]; e.Err != nil || e.Result != "Ana wins" {
			t.Fatalf("good entry %+v", e)
		}
		for _, b := range brokenFiles {
			e, ok := byFile[b.file]
			if !ok {
				t.Fatalf("%s not listed", b.file)
			}
			var fe *FileError
			if !errors.As(e.Err, &fe) || e.Result != "unreadable" || !strings.Contains(e.Err.Error(), b.reason) || fe.Ply != b.ply {
				t.Errorf("%s: result %q err %v, want %q at ply %d", b.file, e.Result, e.Err, b.reason, b.ply)
			}
		}
	}
	for _, b := range brokenFiles {
		_, err := s.Load(filepath.Join(p.Saves, b.file))
		if err == nil || !strings.Contains(err.Error(), b.reason) || !strings.Contains(err.Error(), b.file) {
			t.Errorf("Load(%s) = %v", b.file, err)
		}
	}
	for _, sn := range snaps {
		sn.untouched(t)
	}
}

func TestLoadAcceptsMinimalAndBOMFiles(t *testing.T) {
	p := home(t)
	s := NewStore(p)
	path := filepath.Join(t.TempDir(), "min.json")
	writeFile(t, path, []byte("\xef\xbb\xbf{\"seed\":1,\"game\":\"classic\",\"moves\":[\"b2\"],\"extra\":{\"future\":1}}"))
	rec, err := s.Load(path)
	if err != nil || len(rec.Moves) != 1 {
		t.Fatalf("Load = %+v, %v", rec, err)
	}
}

func TestOverwriteFailureKeepsOldFile(t *testing.T) {
	p := home(t)
	s := NewStore(p)
	path, err := s.Save(classicRecord("b2"), "keep me")
	if err != nil {
		t.Fatal(err)
	}
	before := snap(t, path)

	failDisk(t)
	if err := s.Overwrite(path, classicRecord("b2", "a1"), "keep me"); !isDiskFull(err) {
		t.Fatalf("Overwrite on a full disk: %v", err)
	}
	before.untouched(t)
	noTemps(t, p.Saves)
	if _, err := s.Save(classicRecord("b2", "a1"), "new"); !isDiskFull(err) {
		t.Fatalf("Save on a full disk: %v", err)
	}
	if list, _ := s.List(); len(list) != 1 {
		t.Fatalf("a failed save left %d files", len(list))
	}
	noTemps(t, p.Saves)
}

func TestRenameFailureKeepsOldFile(t *testing.T) {
	p := home(t)
	s := NewStore(p)
	path, err := s.Save(classicRecord("b2"), "keep me")
	if err != nil {
		t.Fatal(err)
	}
	before := snap(t, path)
	failRename(t)
	if err := s.Overwrite(path, classicRecord("b2", "a1"), ""); err == nil {
		t.Fatal("Overwrite succeeded with a failing rename")
	}
	if _, err := s.WriteAutosave("", classicRecord("b2")); err == nil {
		t.Fatal("WriteAutosave succeeded with a failing rename")
	}
	before.untouched(t)
	noTemps(t, p.Saves)
	noTemps(t, p.State)
}

func TestOverwriteUpdatesInPlace(t *testing.T) {
	p := home(t)
	s := NewStore(p)
	path, _ := s.Save(classicRecord("b2"), "mine")
	if err := s.Overwrite(path, classicRecord("b2", "a1", "c3"), "mine"); err != nil {
		t.Fatal(err)
	}
	rec, err := s.Load(path)
	if err != nil || len(rec.Moves) != 3 {
		t.Fatalf("after overwrite: %+v %v", rec, err)
	}
	if err := s.Overwrite(filepath.Join(t.TempDir(), "elsewhere.json"), classicRecord(), ""); err == nil {
		t.Fatal("Overwrite wrote outside the saves folder")
	}
	if err := s.Overwrite(path, &games.Record{Game: "classic", Moves: []string{"a1", "a1"}}, ""); err == nil {
		t.Fatal("Overwrite wrote an unplayable game")
	}
}

func TestUnwritableSavesFolder(t *testing.T) {
	skipOnWeb(t, "a folder that is a file cannot happen there (folders are only where the keys start)")
	p := home(t)
	// Something that is not a folder where the saves folder should be.
	writeFile(t, p.Saves, []byte("in the way"))
	s := NewStore(p)
	if _, err := s.Save(classicRecord(), "x"); err == nil {
		t.Fatal("saved into a file")
	}
	if got := readFile(t, p.Saves); string(got) != "in the way" {
		t.Fatal("the obstacle was changed")
	}
}

func TestReadOnlySavesFolder(t *testing.T) {
	if os.Geteuid() == 0 {
		t.Skip("root ignores folder permissions; the failing-writer tests cover this")
	}
	p := home(t)
	s := NewStore(p)
	path, err := s.Save(classicRecord("b2"), "x")
	if err != nil {
		t.Fatal(err)
	}
	before := snap(t, path)
	os.Chmod(p.Saves, 0o555)
	defer os.Chmod(p.Saves, 0o755)
	if err := s.Overwrite(path, classicRecord("b2", "a1"), "x"); !errors.Is(err, fs.ErrPermission) {
		t.Fatalf("Overwrite in a read-only folder: %v", err)
	}
	before.untouched(t)
}

func TestDelete(t *testing.T) {
	p := home(t)
	s := NewStore(p)
	path, _ := s.Save(classicRecord(), "x")
	outside := filepath.Join(t.TempDir(), "x.json")
	writeFile(t, outside, []byte("{}"))
	for _, bad := range []string{outside, filepath.Join(p.Saves, "..", "stats.json"), p.Saves} {
		if err := s.Delete(bad); err == nil {
			t.Errorf("Delete(%s) succeeded", bad)
		}
	}
	if err := s.Delete(path); err != nil {
		t.Fatal(err)
	}
	if list, _ := s.List(); len(list) != 0 {
		t.Fatal("not deleted")
	}
	if err := s.Delete(path); err == nil {
		t.Fatal("deleting twice is not reported")
	}
	readFile(t, outside)
}

// TestImportNamesAreReadable: a save imported without a name of its own
// is listed by the file it came from, else by its players; never by the
// temporary copy earlier builds imported from ("tabula-import-857571960"),
// which is listed by its players too.
func TestImportNamesAreReadable(t *testing.T) {
	s := NewStore(home(t))
	unnamed := []byte(`{"seed": 1, "game": "classic", "seats": [{"name": "Ana", "controller": "human"}, {"name": "Ben", "controller": "human"}], "moves": ["b2"]}`)
	for _, c := range []struct{ source, want string }{
		{"Club night.json", "Club night"},
		{"", "Ana vs Ben"},
	} {
		path, err := s.ImportData(unnamed, c.source)
		if err != nil {
			t.Fatal(err)
		}
		got := listedName(t, s, path)
		if got != c.want {
			t.Errorf("imported from %q: listed as %q, want %q", c.source, got, c.want)
		}
	}
	old := append([]byte(`{"name": "tabula-import-857571960", `), unnamed[1:]...)
	path := filepath.Join(s.Dir(), "classic-20261121-100712-tabula-import-857571960.json")
	writeFile(t, path, old)
	if got := listedName(t, s, path); got != "Ana vs Ben" {
		t.Errorf("an earlier build's import is listed as %q", got)
	}
	if !bytes.Equal(readFile(t, path), old) {
		t.Error("listing changed the file")
	}
	if _, err := s.ImportData(make([]byte, maxSaveSize+1), "big.json"); err == nil {
		t.Error("a file over the size limit was imported")
	}
}

// listedName is the name the saves list gives the file at path.
func listedName(t *testing.T, s *Store, path string) string {
	t.Helper()
	list, err := s.List()
	if err != nil {
		t.Fatal(err)
	}
	for _, e := range list {
		if e.Path == path {
			return e.Name
		}
	}
	t.Fatalf("%s is not listed", path)
	return ""
}

func TestImportExport(t *testing.T) {
	p := home(t)
	s := NewStore(p)
	outDir := t.TempDir()

	// Import copies a good file byte for byte, unknown fields and all.
	named := []byte("{\"name\": \"Club final\", \"seed\": 1, \"game\": \"classic\", \"moves\": [\"b2\"]}")
	namedSrc := filepath.Join(outDir, "whatever.json")
	writeFile(t, namedSrc, named)
	path, err := s.Import(namedSrc)
	if err != nil || !bytes.Equal(readFile(t, path), named) || !strings.HasSuffix(path, "-club-final.json") {
		t.Fatalf("Import(named) = %s, %v", path, err)
	}
	if err := s.Delete(path); err != nil {
		t.Fatal(err)
	}
	// A file without a name gets the source file's name as its display
	// name; every other byte is kept.
	src := filepath.Join(outDir, "From a Friend.json")
	orig := []byte("{\"seed\": 1, \"game\": \"classic\", \"moves\": [\"b2\", \"a1\"], \"comment\": \"keep me\"}\n")
	writeFile(t, src, orig)
	path, err = s.Import(src)
	if err != nil {
		t.Fatal(err)
	}
	good := append([]byte(`{"name": "From a Friend", `), orig[1:]...)
	if filepath.Dir(path) != p.Saves || !strings.HasSuffix(path, "-from-a-friend.json") || !bytes.Equal(readFile(t, path), good) {
		t.Fatalf("imported as %s: %s", path, readFile(t, path))
	}
	list, _ := s.List()
	if len(list) != 1 || list[0].Name != "From a Friend" || list[0].Plies != 2 {
		t.Fatalf("after import: %+v", list)
	}

	// Export writes the same bytes, to a file or into a folder.
	dest, err := s.Export(path, outDir)
	if err != nil || filepath.Dir(dest) != outDir || !bytes.Equal(readFile(t, dest), good) {
		t.Fatalf("Export into folder: %s, %v", dest, err)
	}
	copyPath := filepath.Join(outDir, "sub", "copy.json")
	if dest, err := s.Export(path, copyPath); err != nil || dest != copyPath || !bytes.Equal(readFile(t, copyPath), good) {
		t.Fatalf("Export to file: %s, %v", dest, err)
	}

	// Bad files are refused and nothing is written.
	for _, b := range brokenFiles {
		bad := filepath.Join(outDir, b.file)
		writeFile(t, bad, []byte(b.data))
		if _, err := s.Import(bad); err == nil || !strings.Contains(err.Error(), b.reason) {
			t.Errorf("Import(%s) = %v, want %q", b.file, err, b.reason)
		}
		badInSaves := filepath.Join(p.Saves, "x-"+b.file)
		writeFile(t, badInSaves, []byte(b.data))
		if _, err := s.Export(badInSaves, filepath.Join(outDir, "exported-"+b.file)); err == nil {
			t.Errorf("Export(%s) succeeded", b.file)
		}
		disk.Remove(badInSaves)
	}
	if _, err := s.Import(filepath.Join(outDir, "missing.json")); !errors.Is(err, fs.ErrNotExist) {
		t.Errorf("Import(missing) = %v", err)
	}
	ents, _ := disk.ReadDir(p.Saves)
	if len(ents) != 1 {
		t.Fatalf("saves folder holds %d files after refused imports", len(ents))
	}
	if _, err := disk.Stat(filepath.Join(outDir, "exported-"+brokenFiles[0].file)); !errors.Is(err, fs.ErrNotExist) {
		t.Fatal("a refused export wrote a file")
	}

	// A refused import into a fresh home creates nothing at all.
	p2 := PathsUnder(filepath.Join(t.TempDir(), "fresh"))
	if _, err := NewStore(p2).Import(filepath.Join(outDir, brokenFiles[0].file)); err == nil {
		t.Fatal("bad import accepted")
	}
	if _, err := disk.Stat(p2.Saves); !errors.Is(err, fs.ErrNotExist) {
		t.Fatal("a refused import created the saves folder")
	}
}

// newerAutosave is an autosave written by a newer Tabula.
const newerAutosave = `{"format": "tabula-save", "version": 99, "game": "classic", "moves": ["b2"]}`

func TestAutosave(t *testing.T) {
	p := home(t)
	s := NewStore(p)
	created := time.Date(2026, 11, 21, 12, 0, 0, 0, time.UTC)
	fixedClock(s, created.Add(time.Minute))
	if s.HasAutosave("classic") {
		t.Fatal("autosave before any")
	}
	if list, err := s.ListAutosaves("classic"); err != nil || len(list) != 0 {
		t.Fatalf("ListAutosaves(none) = %v, %v", list, err)
	}
	own := filepath.Join(p.State, "autosave-classic-20261121-120000.json")
	if _, err := s.LoadAutosave(own); !errors.Is(err, ErrNoAutosave) || !errors.Is(err, fs.ErrNotExist) {
		t.Fatalf("LoadAutosave(none) = %v", err)
	}
	if err := s.ClearAutosave(own); err != nil {
		t.Fatalf("clearing no autosave: %v", err)
	}
	path := ""
	for i := 1; i <= 3; i++ {
		rec := classicRecord(xWins[:i]...)
		rec.Created = created
		got, err := s.WriteAutosave(path, rec)
		if err != nil {
			t.Fatal(err)
		}
		if path != "" && got != path {
			t.Fatalf("the game moved from %s to %s", path, got)
		}
		path = got
	}
	if path != own {
		t.Fatalf("autosave at %s, want %s", path, own)
	}
	noTemps(t, p.State)
	if !s.HasAutosave("classic") {
		t.Fatal("no autosave after writing")
	}
	rec, err := s.LoadAutosave(path)
	if err != nil || strings.Join(rec.Moves, " ") != "a1 a2 b1" {
		t.Fatalf("LoadAutosave = %+v, %v", rec, err)
	}
	list, err := s.ListAutosaves("classic")
	if err != nil || len(list) != 1 || list[0].Path != path || list[0].Plies != 3 || list[0].Seats[0].Name != "Ana" || list[0].Err != nil {
		t.Fatalf("ListAutosaves = %+v, %v", list, err)
	}
	// A failed autosave keeps the previous one.
	before := snap(t, path)
	failDisk(t)
	full := classicRecord(xWins...)
	full.Created = created
	if _, err := s.WriteAutosave(path, full); !isDiskFull(err) {
		t.Fatalf("WriteAutosave on a full disk: %v", err)
	}
	healDisk()
	before.untouched(t)
	noTemps(t, p.State)

	if err := s.ClearAutosave(path); err != nil {
		t.Fatal(err)
	}
	if s.HasAutosave("classic") {
		t.Fatal("autosave survived Clear")
	}
	// A broken autosave is reported, kept by Clear, removed by Delete.
	writeFile(t, path, []byte(`{"seed": 1, "game": "classic", "moves": ["a1", "a1"]}`))
	broken := snap(t, path)
	if _, err := s.LoadAutosave(path); err == nil || !strings.Contains(err.Error(), "illegal move at index 1") {
		t.Fatalf("broken autosave: %v", err)
	}
	if err := s.ClearAutosave(path); !errors.Is(err, ErrUnreadableAutosave) {
		t.Fatalf("ClearAutosave of a broken file: %v", err)
	}
	broken.untouched(t)
	if err := s.DeleteAutosave(path); err != nil || s.HasAutosave("classic") {
		t.Fatalf("DeleteAutosave: %v; still there: %v", err, s.HasAutosave("classic"))
	}
	// An autosave of another game under this id is refused.
	writeFile(t, path, []byte(`{"seed": 1, "game": "alcazar", "moves": []}`))
	if _, err := s.LoadAutosave(path); err == nil {
		t.Fatal("loaded another game's autosave")
	}
	if list, _ := s.ListAutosaves("classic"); len(list) != 1 || list[0].Err == nil {
		t.Fatalf("another game's autosave listed as readable: %+v", list)
	}
	if _, err := s.WriteAutosave("", &games.Record{Game: "../../evil"}); err == nil {
		t.Fatal("autosave with a path in the game id")
	}
}

// TestAutosaveNow: the write a page that goes away makes at once names
// the game's first file as WriteAutosave would, replaces it afterwards,
// never replaces a file it would have to claim, leaves the store able to
// go on with WriteAutosave, and on a full storage keeps the old file.
func TestAutosaveNow(t *testing.T) {
	p := home(t)
	s := NewStore(p)
	created := time.Date(2026, 11, 21, 12, 0, 0, 0, time.UTC)
	fixedClock(s, created.Add(time.Minute))
	rec := func(moves ...string) *games.Record {
		r := classicRecord(moves...)
		r.Created = created
		return r
	}
	own := filepath.Join(p.State, "autosave-classic-20261121-120000.json")
	path, err := s.WriteAutosaveNow("", rec("a1"))()
	if err != nil || path != own {
		t.Fatalf("first WriteAutosaveNow = %q, %v; want %q", path, err, own)
	}
	if _, err := s.WriteAutosaveNow(path, rec("a1", "a2"))(); err != nil {
		t.Fatal(err)
	}
	if got, err := s.LoadAutosave(path); err != nil || strings.Join(got.Moves, " ") != "a1 a2" {
		t.Fatalf("after WriteAutosaveNow: %+v, %v", got, err)
	}
	// A first write never replaces a file of that name (another tab's game
	// started in the same second): it fails and leaves it.
	kept := snap(t, own)
	if _, err := s.WriteAutosaveNow("", rec("b2"))(); !errors.Is(err, fs.ErrExist) {
		t.Fatalf("a first write over a taken name: %v", err)
	}
	kept.untouched(t)
	// The queue's writes go on in the same file.
	if got, err := s.WriteAutosave(path, rec("a1", "a2", "b1")); err != nil || got != path {
		t.Fatalf("WriteAutosave after WriteAutosaveNow = %q, %v", got, err)
	}
	before := snap(t, path)
	failDisk(t)
	if _, err := s.WriteAutosaveNow(path, rec(xWins...))(); !isDiskFull(err) {
		t.Fatalf("WriteAutosaveNow on a full disk: %v", err)
	}
	healDisk()
	before.untouched(t)
	noTemps(t, p.State)
	if _, err := s.WriteAutosaveNow(filepath.Join(p.Saves, "x.json"), rec("a1"))(); err == nil {
		t.Fatal("WriteAutosaveNow wrote outside the folder of games in progress")
	}
	if _, err := s.WriteAutosaveNow("", &games.Record{Game: "../../evil"})(); err == nil {
		t.Fatal("WriteAutosaveNow with a path in the game id")
	}
}

// TestAutosaveOnlyInTheStateFolder: the autosave functions refuse any
// file that is not an autosave of the state folder, and touch nothing.
func TestAutosaveOnlyInTheStateFolder(t *testing.T) {
	p := home(t)
	s := NewStore(p)
	save, err := s.Save(classicRecord("b2"), "mine")
	if err != nil {
		t.Fatal(err)
	}
	before := snap(t, save)
	other := filepath.Join(p.State, "notes.json")
	writeFile(t, other, []byte(`{"seed": 1, "game": "classic", "moves": []}`))
	kept := snap(t, other)
	for _, path := range []string{save, other, filepath.Join(p.Saves, "autosave-classic.json"), filepath.Join(p.State, "sub", "autosave-classic.json")} {
		if _, err := s.LoadAutosave(path); err == nil {
			t.Errorf("LoadAutosave(%s) accepted", path)
		}
		if _, err := s.WriteAutosave(path, classicRecord("b2")); err == nil {
			t.Errorf("WriteAutosave(%s) accepted", path)
		}
		if err := s.ClearAutosave(path); err == nil {
			t.Errorf("ClearAutosave(%s) accepted", path)
		}
		if err := s.DeleteAutosave(path); err == nil {
			t.Errorf("DeleteAutosave(%s) accepted", path)
		}
	}
	// A game's autosave is written as that game's only.
	if _, err := s.WriteAutosave(filepath.Join(p.State, "autosave-alcazar.json"), classicRecord("b2")); err == nil {
		t.Error("a classic game was written over alcazar's autosave")
	}
	before.untouched(t)
	kept.untouched(t)
}

func TestAutosaveNames(t *testing.T) {
	for name, game := range map[string]string{
		"autosave-classic.json":                   "classic",
		"autosave-classic-20261121-120000.json":   "classic",
		"autosave-classic-20261121-120000-2.json": "classic",
		"autosave-foo-bar-20261121-120000.json":   "foo-bar",
		"autosave-classicx.json":                  "classicx",
		"autosave-.json":                          "",
		"autosave-Classic.json":                   "",
		"autosave-classic.json.broken-20261121":   "",
		".tmp-autosave-classic.json-123":          "",
		"classic-20261121-120000.json":            "",
	} {
		if got := autosaveGame(name); got != game {
			t.Errorf("autosaveGame(%q) = %q, want %q", name, got, game)
		}
	}
}

// TestUnreadableAutosaveIsKept: an autosave this build cannot read (here
// a newer version's, under the one-file name of earlier builds) is never
// written over or cleared; a new game gets a file beside it, and both are
// listed, the unreadable one with the reason.
func TestUnreadableAutosaveIsKept(t *testing.T) {
	p := home(t)
	s := NewStore(p)
	fixedClock(s, time.Date(2026, 11, 21, 12, 0, 0, 0, time.UTC))
	legacy := filepath.Join(p.State, "autosave-classic.json")
	writeFile(t, legacy, []byte(newerAutosave))
	old := time.Date(2025, 1, 2, 3, 4, 5, 0, time.UTC)
	setModTime(t, legacy, old)
	kept := snap(t, legacy)
	if _, err := s.WriteAutosave(legacy, classicRecord("a1")); !errors.Is(err, ErrUnreadableAutosave) || !strings.Contains(err.Error(), "newer Tabula") {
		t.Fatalf("WriteAutosave over a newer file: %v", err)
	}
	if err := s.ClearAutosave(legacy); !errors.Is(err, ErrUnreadableAutosave) {
		t.Fatalf("ClearAutosave of a newer file: %v", err)
	}
	path, err := s.WriteAutosave("", classicRecord("a1"))
	if err != nil || path == legacy {
		t.Fatalf("a new game's autosave: %s, %v", path, err)
	}
	kept.untouched(t)
	list, err := s.ListAutosaves("classic")
	if err != nil || len(list) != 2 {
		t.Fatalf("ListAutosaves = %+v, %v", list, err)
	}
	if list[0].Path != path || list[0].Err != nil || list[1].Path != legacy || list[1].Err == nil || !strings.Contains(list[1].Err.Error(), "newer Tabula") {
		t.Fatalf("listed %+v", list)
	}
}

// TestAutosaveChangedBehindOurBack: a game's file that another program
// changed is read before it is replaced: the same game (another window
// went on with it) is replaced, an unreadable file is kept.
func TestAutosaveChangedBehindOurBack(t *testing.T) {
	p := home(t)
	s := NewStore(p)
	path, err := s.WriteAutosave("", classicRecord("a1"))
	if err != nil {
		t.Fatal(err)
	}
	writeFile(t, path, []byte(`{"game": "classic", "seed": 0, "created": "2026-11-21T10:00:00Z", "moves": ["a1", "b2"], "note": "another window"}`))
	if _, err := s.WriteAutosave(path, classicRecord("a1", "b2")); err != nil {
		t.Fatalf("a readable file of the same game: %v", err)
	}
	writeFile(t, path, []byte(newerAutosave+"\n")) // a size of its own: a new file to the store
	kept := snap(t, path)
	if _, err := s.WriteAutosave(path, classicRecord("a1", "b2", "c3")); !errors.Is(err, ErrUnreadableAutosave) {
		t.Fatalf("a file replaced by a newer version's: %v", err)
	}
	if err := s.ClearAutosave(path); !errors.Is(err, ErrUnreadableAutosave) {
		t.Fatalf("clearing a file replaced by a newer version's: %v", err)
	}
	kept.untouched(t)
}

// TestAutosaveOnABadFolder: a folder in place of a game's file, another
// game's record under its name, or a state folder that is a file give an
// error and change nothing; no search for a free name goes on for ever.
func TestAutosaveOnABadFolder(t *testing.T) {
	skipOnWeb(t, "a folder that is a file cannot happen there (folders are only where the keys start)")
	p := home(t)
	s := NewStore(p)
	dir := filepath.Join(p.State, "autosave-classic.json")
	if err := os.MkdirAll(dir, 0o755); err != nil {
		t.Fatal(err)
	}
	if _, err := s.WriteAutosave(dir, classicRecord("a1")); !errors.Is(err, ErrUnreadableAutosave) {
		t.Fatalf("WriteAutosave over a folder: %v", err)
	}
	other := filepath.Join(p.State, "autosave-classic-20261121-120000.json")
	writeFile(t, other, []byte(`{"seed": 1, "game": "alcazar", "moves": []}`))
	kept := snap(t, other)
	if _, err := s.WriteAutosave(other, classicRecord("a1")); !errors.Is(err, ErrUnreadableAutosave) || !strings.Contains(err.Error(), "alcazar") {
		t.Fatalf("WriteAutosave over alcazar's game: %v", err)
	}
	kept.untouched(t)

	p2 := PathsUnder(t.TempDir())
	writeFile(t, p2.State, []byte("a file, not a folder"))
	s2 := NewStore(p2)
	if _, err := s2.WriteAutosave("", classicRecord("a1")); err == nil {
		t.Fatal("an autosave was written into a file")
	}
	if _, err := s2.ListAutosaves("classic"); err == nil {
		t.Fatal("a state folder that is a file was listed as empty")
	}
	if _, err := s2.WriteAutosave(filepath.Join(p2.State, "autosave-classic.json"), classicRecord("a1")); err == nil {
		t.Fatal("an autosave was written into a file")
	}
}

// TestTwoGamesInProgress: two games of the same game created in the same
// second get a file each; writing or clearing one leaves the other.
func TestTwoGamesInProgress(t *testing.T) {
	p := home(t)
	s := NewStore(p)
	created := time.Date(2026, 11, 21, 12, 0, 0, 0, time.UTC)
	one, two := classicRecord("a1"), classicRecord("c3")
	one.Created, two.Created = created, created
	p1, err1 := s.WriteAutosave("", one)
	p2, err2 := s.WriteAutosave("", two)
	if err := errors.Join(err1, err2); err != nil || p1 == p2 {
		t.Fatalf("paths %s and %s, %v", p1, p2, err)
	}
	if filepath.Base(p2) != "autosave-classic-20261121-120000-2.json" {
		t.Fatalf("the second game's file: %s", p2)
	}
	first := snap(t, p1)
	two.Moves = append(two.Moves, "b2")
	if _, err := s.WriteAutosave(p2, two); err != nil {
		t.Fatal(err)
	}
	if err := s.ClearAutosave(p2); err != nil {
		t.Fatal(err)
	}
	first.untouched(t)
	if paths, _ := s.AutosavePaths("classic"); len(paths) != 1 || paths[0] != p1 {
		t.Fatalf("left: %v", paths)
	}
}

func TestStoreConcurrentSaves(t *testing.T) {
	p := home(t)
	s := NewStore(p)
	fixedClock(s, time.Date(2026, 11, 21, 12, 0, 0, 0, time.UTC))
	var wg sync.WaitGroup
	paths := make([]string, 8)
	errs := make([]error, 8)
	for i := range paths {
		wg.Add(1)
		go func() {
			defer wg.Done()
			paths[i], errs[i] = s.Save(classicRecord("b2"), "same name")
			if errs[i] == nil {
				_, errs[i] = s.WriteAutosave("", classicRecord("b2"))
			}
		}()
	}
	wg.Add(1)
	go func() { defer wg.Done(); s.List() }()
	wg.Wait()
	seen := map[string]bool{}
	for i, path := range paths {
		if errs[i] != nil {
			t.Fatal(errs[i])
		}
		if seen[path] {
			t.Fatalf("two saves wrote %s", path)
		}
		seen[path] = true
	}
	if list, _ := s.List(); len(list) != 8 {
		t.Fatalf("%d saves listed", len(list))
	}
	if list, _ := s.ListAutosaves("classic"); len(list) != 8 {
		t.Fatalf("%d games in progress listed, want 8 (one file each)", len(list))
	}
}

func FuzzLoadSave(f *testing.F) {
	rec := classicRecord(xWins...)
	good, _ := encodeSave(rec, "fuzz")
	f.Add(good)
	f.Add(good[:len(good)/2])
	// A save of every game (from the vectors), so fuzzing reaches every
	// game's rules, not only the first two.
	seeded := map[string]bool{}
	for _, rec := range gametest.SampleRecords(f) {
		data, err := encodeSave(rec, rec.Game+" from the vectors")
		if err != nil {
			f.Fatal(err)
		}
		if l, _, err := loadBytes(data); err != nil || l.rec.Game != rec.Game {
			f.Fatalf("the seed of %s does not load: %v", rec.Game, err)
		}
		seeded[rec.Game] = true
		f.Add(data)
	}
	if len(seeded) != len(games.All()) {
		f.Fatalf("seeds of %d games, want all %d", len(seeded), len(games.All()))
	}
	for _, b := range brokenFiles {
		f.Add([]byte(b.data))
	}
	f.Add([]byte(`{"seed":1,"game":"classic","moves":[],"setup":{"board":["X..","...","..."],"toMove":1}}`))
	f.Add([]byte(`{"seed":1,"game":"alcazar","rules":{"turnLimit":3},"moves":["1@c1"]}`))
	f.Fuzz(func(t *testing.T, data []byte) {
		l, ply, err := loadBytes(data)
		if err != nil {
			if l != nil {
				t.Fatal("a failed load returned a game")
			}
			if ply >= 0 && !strings.Contains(err.Error(), "index") {
				t.Fatalf("ply %d but the error does not name it: %v", ply, err)
			}
			return
		}
		if l.result == "" || l.final == nil {
			t.Fatalf("loaded without a result: %+v", l)
		}
		// A loadable record saves and loads again to the same moves.
		b, err := encodeSave(l.rec, l.name)
		if err != nil {
			t.Fatal(err)
		}
		l2, _, err := loadBytes(b)
		if err != nil {
			t.Fatalf("re-encoded save does not load: %v\n%s", err, b)
		}
		if strings.Join(l2.rec.Moves, "\x00") != strings.Join(l.rec.Moves, "\x00") || l2.result != l.result {
			t.Fatal("re-encoded save differs")
		}
	})
}

// Two windows (two stores) start games of the same game in the same
// second, and save them under the same name in the same second: every
// game gets a file of its own, holding that game.
func TestTwoWindowsStartGamesTogether(t *testing.T) {
	p := home(t)
	created := time.Date(2026, 11, 21, 12, 0, 0, 0, time.UTC)
	for round := 0; round < 20; round++ {
		stores := []*Store{NewStore(p), NewStore(p)}
		autosaves, saves := make([]string, 2), make([]string, 2)
		errs := make([]error, 4)
		start := make(chan struct{})
		var wg sync.WaitGroup
		for i, s := range stores {
			fixedClock(s, created)
			rec := classicRecord("b2")
			rec.Created, rec.Seed = created, int64(round*2+i+1)
			wg.Add(2)
			go func() {
				defer wg.Done()
				<-start
				autosaves[i], errs[i] = s.WriteAutosave("", rec)
			}()
			go func() {
				defer wg.Done()
				<-start
				saves[i], errs[2+i] = s.Save(rec, "same name")
			}()
		}
		close(start)
		wg.Wait()
		if err := errors.Join(errs...); err != nil {
			t.Fatal(err)
		}
		for _, paths := range [][]string{autosaves, saves} {
			if paths[0] == paths[1] {
				t.Fatalf("round %d: two games started together share %s", round, filepath.Base(paths[0]))
			}
			for i, path := range paths {
				rec, err := stores[i].Load(path)
				if err != nil || rec.Seed != int64(round*2+i+1) {
					t.Fatalf("round %d: %s holds %+v, %v: not its own game", round, filepath.Base(path), rec, err)
				}
			}
		}
	}
	for _, dir := range []string{p.State, p.Saves} {
		ents, _ := disk.ReadDir(dir)
		if len(ents) != 40 {
			t.Fatalf("%s holds %d files after 20 rounds of two games, want 40", dir, len(ents))
		}
	}
}

// A game writes and clears only its own autosave file: one that now holds
// another game of the same id (another seed or start) is kept as it is,
// and the game goes on in a file of its own; one that holds the same game
// (another window went on with it) is this game's.
func TestAutosaveOnlyReplacesItsOwnGame(t *testing.T) {
	p := home(t)
	s := NewStore(p)
	mine := classicRecord("a1")
	mine.Seed = 7
	path, err := s.WriteAutosave("", mine)
	if err != nil {
		t.Fatal(err)
	}
	// Another window resumes the same game and plays on: still this game.
	other := NewStore(p)
	same, err := other.LoadAutosave(path)
	if err != nil {
		t.Fatal(err)
	}
	same.Moves = append(same.Moves, "b2")
	if _, err := other.WriteAutosave(path, same); err != nil {
		t.Fatal(err)
	}
	mine.Moves = []string{"a1", "b2", "c3"}
	if _, err := s.WriteAutosave(path, mine); err != nil {
		t.Fatalf("the same game written by another window: %v", err)
	}
	// Another game of the same id lands in the file: it is not ours.
	for _, stranger := range []*games.Record{
		{Game: "classic", Seed: 8, Moves: []string{"b2"}, Created: mine.Created},
		{Game: "classic", Seed: 7, Moves: []string{"b2"}, Created: mine.Created.Add(time.Second)},
	} {
		data, err := games.EncodeRecord(stranger)
		if err != nil {
			t.Fatal(err)
		}
		writeFile(t, path, data)
		kept := snap(t, path)
		if _, err := s.WriteAutosave(path, mine); !errors.Is(err, ErrUnreadableAutosave) || !strings.Contains(err.Error(), "another game") {
			t.Fatalf("written over another game: %v", err)
		}
		if err := s.ClearAutosave(path); !errors.Is(err, ErrUnreadableAutosave) {
			t.Fatalf("cleared another game: %v", err)
		}
		kept.untouched(t)
	}
	// A store never writes a file it did not claim or load, even a missing one.
	stray := filepath.Join(p.State, "autosave-classic-20261121-100000-9.json")
	if _, err := NewStore(p).WriteAutosave(stray, mine); err == nil {
		t.Fatal("a file no game of this store claimed was written")
	}
	if _, err := disk.Stat(stray); !errors.Is(err, fs.ErrNotExist) {
		t.Fatal("a stray file was made")
	}
}
