package settings

import (
	"github.com/tabulagames/tabula/internal/words"

	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"path/filepath"
	"regexp"
	"sort"
	"strings"
	"sync"
	"syscall"
	"time"
	"unicode"
	"unicode/utf8"

	"github.com/tabulagames/tabula/games"
	"github.com/tabulagames/tabula/internal/pause"
)

// maxSaveSize bounds what is read of one save file: the same cap as the
// command line's (games.MaxRecordSize).
const maxSaveSize = games.MaxRecordSize

// ErrNoAutosave is returned by LoadAutosave when the autosave is gone.
var ErrNoAutosave = fmt.Errorf("no autosave: %w", fs.ErrNotExist)

// FileError says why a save file cannot be used. Ply is the index of the
// first illegal move, or -1 when the problem is not a move.
type FileError struct {
	Path string
	Ply  int
	Err  error
}

func (e *FileError) Error() string {
	return fmt.Sprintf("%s: %v", filepath.Base(e.Path), e.Err)
}

func (e *FileError) Unwrap() error { return e.Err }

// Entry is one file of the saves folder as the load dialog lists it. A file
// that cannot be loaded is listed too, with Err saying why; it is never
// changed or deleted by listing.
type Entry struct {
	Path     string
	Name     string // the name given when saving, or the file name
	Game     string // game id ("" if unreadable)
	GameName string // the game's display name, if this build has the game
	Seats    []games.SeatInfo
	Plies    int       // moves played
	Created  time.Time // zero if the file does not say
	Updated  time.Time // when the game was saved (the file's time if it does not say)
	Result   string    // "in progress", "Ana wins", "draw"; "unreadable" when Err != nil
	Reason   string    // the game's phrase for how it ended ("three in a row on the 2nd rank")
	Over     bool
	Err      error // why the file cannot be loaded (a *FileError), nil if it can
}

// Store reads and writes the saves folder and the autosaves. Its methods
// are safe for concurrent use. Every new file's name is claimed with an
// exclusive create, so two windows (two stores) never write the same new
// file.
type Store struct {
	mu    sync.Mutex
	paths Paths
	now   func() time.Time
	// own holds the autosave files this store claimed, wrote or loaded:
	// the game each holds, and the file as it was then (such a file is
	// replaced without being read again).
	own map[string]ownFile
}

// NewStore makes a store over the given paths. Nothing is created on disk
// until the first save.
func NewStore(p Paths) *Store { return &Store{paths: p, now: time.Now} }

// Dir is the saves folder.
func (s *Store) Dir() string { return s.paths.Saves }

// ---- reading ----

// loaded is a decoded, replayed save.
type loaded struct {
	rec    *games.Record
	name   string
	final  games.State
	result string
	reason string
	over   bool
}

// loadBytes decodes a save and replays it through the rules. The error is
// in words (broken JSON, truncated, newer version, illegal move at index N)
// with the move index, or -1.
func loadBytes(data []byte) (*loaded, int, error) {
	rec, err := games.DecodeRecord(data)
	if err != nil {
		return nil, -1, err
	}
	// Decoding, replaying and reading the name are each a long step for a
	// long save in the browser: the page draws between them, and during
	// the replay (internal/pause).
	pause.Check()
	final, err := rec.FinalEach(pause.Maybe)
	if err != nil {
		var re *games.ReplayError
		if errors.As(err, &re) && re.Ply >= 0 {
			return nil, re.Ply, fmt.Errorf("illegal move at index %d (%q): %v", re.Ply, re.Token, re.Err)
		}
		return nil, -1, err
	}
	var meta struct {
		Name string `json:"name"`
	}
	pause.Check()
	json.Unmarshal(bytes.TrimPrefix(data, []byte("\xef\xbb\xbf")), &meta) // DecodeRecord accepted it
	l := &loaded{rec: rec, name: cleanName(meta.Name), final: final}
	l.result, l.reason, l.over = resultText(rec, l.final)
	return l, -1, nil
}

// resultText says where a game stands, naming the winners by seat name.
func resultText(rec *games.Record, st games.State) (result, reason string, over bool) {
	o := rec.Result(st) // a resignation or an agreed draw ends it too
	if e := rec.Ending; e != nil && o.Status == games.Win {
		o.Reason = seatName(rec, e.Seat) + " resigned"
	}
	switch o.Status {
	case games.Draw:
		return words.Winners(nil), o.Reason, true
	case games.Win:
		names := make([]string, len(o.Winners))
		for i, seat := range o.Winners {
			names[i] = seatName(rec, seat)
		}
		return words.Winners(names), o.Reason, true
	default:
		return "in progress", "", false
	}
}

func seatName(rec *games.Record, seat int) string {
	if seat >= 0 && seat < len(rec.Seats) {
		if n := strings.TrimSpace(rec.Seats[seat].Name); n != "" {
			return n
		}
	}
	return fmt.Sprintf("Player %d", seat+1)
}

// readSave reads and checks one file.
func readSave(path string) (*loaded, error) {
	data, err := readLimited(path, maxSaveSize)
	if err != nil {
		return nil, &FileError{Path: path, Ply: -1, Err: err}
	}
	l, ply, err := loadBytes(data)
	if err != nil {
		return nil, &FileError{Path: path, Ply: ply, Err: err}
	}
	return l, nil
}

// Load reads a save file, checks it and replays it; the record is returned
// only if every move is legal. The error is a *FileError. Load never
// changes the file.
func (s *Store) Load(path string) (*games.Record, error) {
	l, err := readSave(path)
	if err != nil {
		return nil, err
	}
	return l.rec, nil
}

// List describes every save file (*.json) in the saves folder, the most
// recently updated first. Unreadable files are listed with Err set. A
// missing folder is an empty list.
func (s *Store) List() ([]Entry, error) {
	dirents, err := disk.ReadDir(s.paths.Saves)
	if errors.Is(err, fs.ErrNotExist) {
		return nil, nil
	}
	if err != nil {
		return nil, fmt.Errorf("cannot read the saves folder: %w", err)
	}
	var out []Entry
	for _, d := range dirents {
		name := d.Name()
		if isTemp(name) || !strings.EqualFold(filepath.Ext(name), ".json") {
			continue
		}
		path := filepath.Join(s.paths.Saves, name)
		info, err := disk.Stat(path)
		if err != nil || !info.Mode().IsRegular() {
			continue
		}
		out = append(out, describe(path, info))
	}
	sortNewestFirst(out)
	return out, nil
}

// describe reads one file for a listing. A file that cannot be loaded is
// described with Err saying why, and never changed.
func describe(path string, info fs.FileInfo) Entry {
	name := info.Name()
	e := Entry{Path: path, Name: strings.TrimSuffix(name, filepath.Ext(name)), Updated: info.ModTime()}
	l, err := readSave(path)
	if err != nil {
		e.Err, e.Result = err, "unreadable"
		// Say which game it was, if the file gets that far.
		if rec, derr := games.DecodeRecord(mustRead(path)); derr == nil {
			e.Game, e.Seats = rec.Game, rec.Seats
		}
	} else {
		e.Game, e.Seats, e.Plies = l.rec.Game, l.rec.Seats, len(l.rec.Moves)
		e.Created = l.rec.Created
		if !l.rec.Updated.IsZero() {
			e.Updated = l.rec.Updated
		}
		switch {
		case tempImportName.MatchString(l.name):
			e.Name = playersName(l.rec)
		case l.name != "":
			e.Name = l.name
		}
		e.Result, e.Reason, e.Over = l.result, l.reason, l.over
	}
	if g, ok := games.Lookup(e.Game); ok {
		e.GameName = g.Name()
	}
	return e
}

// tempImportName is the name earlier builds gave an imported save without
// one: the name of their temporary copy. Listings show the players instead.
var tempImportName = regexp.MustCompile(`^tabula-import-[0-9]+$`)

// sortNewestFirst orders a listing by the time the games were last saved.
func sortNewestFirst(out []Entry) {
	sort.SliceStable(out, func(i, j int) bool {
		if !out[i].Updated.Equal(out[j].Updated) {
			return out[i].Updated.After(out[j].Updated)
		}
		return out[i].Path < out[j].Path
	})
}

func mustRead(path string) []byte {
	b, _ := readLimited(path, maxSaveSize)
	return b
}

// ---- writing ----

// encodeSave encodes a record with games.EncodeRecord and adds the save's
// display name as a "name" field (readers ignore unknown fields).
func encodeSave(rec *games.Record, name string) ([]byte, error) {
	b, err := games.EncodeRecord(rec)
	if err != nil {
		return nil, err
	}
	name = cleanName(name)
	if name == "" {
		return b, nil
	}
	if !bytes.HasPrefix(b, []byte("{\n")) {
		return nil, errors.New("unexpected record encoding")
	}
	q, err := json.Marshal(name)
	if err != nil {
		return nil, err
	}
	var out bytes.Buffer
	out.WriteString("{\n  \"name\": ")
	out.Write(q)
	out.WriteString(",\n")
	out.Write(b[2:])
	return out.Bytes(), nil
}

// withName adds a "name" field to a save that has none, leaving every other
// byte as it was. If that cannot be done safely the data is returned as is.
func withName(data []byte, name string) []byte {
	if name == "" {
		return data
	}
	i := bytes.IndexByte(data, '{')
	if i < 0 || len(bytes.TrimLeft(bytes.TrimPrefix(data[:i], []byte("\xef\xbb\xbf")), " \t\r\n")) != 0 {
		return data
	}
	q, err := json.Marshal(name)
	if err != nil {
		return data
	}
	var out bytes.Buffer
	out.Write(data[:i+1])
	out.WriteString("\"name\": ")
	out.Write(q)
	out.WriteString(", ")
	out.Write(data[i+1:])
	if l, _, err := loadBytes(out.Bytes()); err != nil || l.name != name {
		return data
	}
	return out.Bytes()
}

// cleanName trims a display name, drops control characters and keeps at
// most 80 characters.
func cleanName(name string) string {
	name = strings.ToValidUTF8(name, "")
	name = strings.Map(func(r rune) rune {
		if unicode.IsControl(r) {
			return ' '
		}
		return r
	}, name)
	name = strings.Join(strings.Fields(name), " ")
	if utf8.RuneCountInString(name) > 80 {
		name = string([]rune(name)[:80])
	}
	return strings.TrimSpace(name)
}

// slug turns a display name into a safe piece of a file name: lower-case
// ASCII letters and digits joined by single dashes, at most 32 bytes.
func slug(name string) string {
	var b strings.Builder
	dash := false
	for _, r := range strings.ToLower(name) {
		if (r >= 'a' && r <= 'z') || (r >= '0' && r <= '9') {
			if dash && b.Len() > 0 {
				b.WriteByte('-')
			}
			b.WriteRune(r)
			dash = false
			if b.Len() >= 32 {
				break
			}
		} else {
			dash = true
		}
	}
	return strings.Trim(b.String(), "-")
}

// newPath claims a file name in the saves folder from the game id, the
// time and the slug of the name: "classic-20261121-100712-ana-vs-bo.json",
// then "...-2.json" and on. The file is empty until writeClaimed fills it.
func (s *Store) newPath(game, name string, t time.Time) (string, error) {
	if err := checkGameID(game); err != nil {
		return "", err
	}
	base := game + "-" + t.UTC().Format("20060102-150405")
	if sl := slug(name); sl != "" {
		base += "-" + sl
	}
	path, err := claim(filepath.Join(s.paths.Saves, base))
	if err != nil {
		return "", claimErr(err, "the saves folder"+inFolder(s.paths.Saves))
	}
	return path, nil
}

// stamp copies a record and sets its times: Created if missing, Updated now.
func (s *Store) stamp(rec *games.Record) *games.Record {
	c := *rec
	now := s.now().UTC().Truncate(time.Second)
	if c.Created.IsZero() {
		c.Created = now
	}
	c.Updated = now
	return &c
}

// checkRecord replays a record, so that only loadable games are written.
func checkRecord(rec *games.Record) error {
	if rec == nil {
		return errors.New("no game to save")
	}
	if err := checkGameID(rec.Game); err != nil {
		return err
	}
	if _, err := rec.FinalEach(pause.Maybe); err != nil {
		return fmt.Errorf("this game cannot be saved: %w", err)
	}
	return nil
}

// Save writes a new save file for the game, named from its id, the time and
// the given display name, and returns its path. The record is replayed
// first, so a game that would not load is not written. The write is atomic:
// on a full disk or a permission error the error is returned and nothing is
// left behind. The record's Created is kept (set if missing); Updated is
// set to now.
func (s *Store) Save(rec *games.Record, name string) (string, error) {
	if err := checkRecord(rec); err != nil {
		return "", err
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	c := s.stamp(rec)
	pause.Check() // the replay and the encoding of a long save: two tasks in the browser
	data, err := encodeSave(c, name)
	if err != nil {
		return "", err
	}
	path, err := s.newPath(c.Game, name, c.Updated)
	if err != nil {
		return "", err
	}
	if err := writeClaimed(path, data); err != nil {
		return "", err
	}
	return path, nil
}

// Overwrite replaces an existing save in the saves folder with a newer
// state of the game (the player saves again). The old file stays whole if
// the write fails.
func (s *Store) Overwrite(path string, rec *games.Record, name string) error {
	if err := s.inSaves(path); err != nil {
		return err
	}
	if err := checkRecord(rec); err != nil {
		return err
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	data, err := encodeSave(s.stamp(rec), name)
	if err != nil {
		return err
	}
	return writeFileAtomic(path, data)
}

// inSaves refuses a path that is not a file directly inside the saves folder.
func (s *Store) inSaves(path string) error {
	dir, err := filepath.Abs(s.paths.Saves)
	if err != nil {
		return err
	}
	p, err := filepath.Abs(path)
	if err != nil {
		return err
	}
	if filepath.Dir(p) != dir || isTemp(filepath.Base(p)) {
		return fmt.Errorf("%s is not a file of the saves folder%s", shownFile(path), inFolder(s.paths.Saves))
	}
	return nil
}

// Delete removes a save file of the saves folder (and nothing else).
func (s *Store) Delete(path string) error {
	if err := s.inSaves(path); err != nil {
		return err
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	if err := disk.Remove(path); err != nil {
		return fmt.Errorf("cannot delete %s: %w", filepath.Base(path), err)
	}
	return nil
}

// ReadBytes reads a save file as it is, readable or not (a player may
// export a broken save to mend it elsewhere). The error is a *FileError.
func (s *Store) ReadBytes(path string) ([]byte, error) {
	data, err := readLimited(path, maxSaveSize)
	if err != nil {
		return nil, &FileError{Path: path, Ply: -1, Err: err}
	}
	return data, nil
}

// ExportData reads a save to be copied elsewhere (a browser's download),
// byte for byte, after checking that it loads. The error is a *FileError.
func (s *Store) ExportData(path string) ([]byte, error) {
	data, err := readLimited(path, maxSaveSize)
	if err != nil {
		return nil, &FileError{Path: path, Ply: -1, Err: err}
	}
	if _, ply, err := loadBytes(data); err != nil {
		return nil, &FileError{Path: path, Ply: ply, Err: err}
	}
	return data, nil
}

// Export copies a save to dest (a file, or a folder to copy into), byte
// for byte, after checking that it loads. It returns the written path.
func (s *Store) Export(path, dest string) (string, error) {
	data, err := s.ExportData(path)
	if err != nil {
		return "", err
	}
	if info, err := disk.Stat(dest); err == nil && info.IsDir() {
		dest = filepath.Join(dest, filepath.Base(path))
	}
	if err := writeFileAtomic(dest, data); err != nil {
		return "", err
	}
	return dest, nil
}

// Import copies a save file from elsewhere into the saves folder after
// checking it: a file that does not decode or replay is refused and
// nothing is written. The bytes are copied as they are; the new file is
// named from the game id, the time and the save's name (or the source file
// name). It returns the new path.
func (s *Store) Import(src string) (string, error) {
	data, err := readLimited(src, maxSaveSize)
	if err != nil {
		return "", &FileError{Path: src, Ply: -1, Err: err}
	}
	return s.ImportData(data, filepath.Base(src))
}

// ImportData is Import for bytes read elsewhere (a phone hands the app a
// stream, not a path); source is the name of the file they came from, or
// "". A save without a name of its own is named after that file, else
// after its players ("Ana vs Ben"), so the list never shows a made-up
// name.
func (s *Store) ImportData(data []byte, source string) (string, error) {
	if int64(len(data)) > maxSaveSize {
		return "", &FileError{Path: source, Ply: -1, Err: fmt.Errorf("the file is too large (over %d MiB)", maxSaveSize>>20)}
	}
	l, ply, err := loadBytes(data)
	if err != nil {
		return "", &FileError{Path: source, Ply: ply, Err: err}
	}
	name := l.name
	if name == "" {
		name = cleanName(strings.TrimSuffix(source, filepath.Ext(source)))
		if name == "" {
			name = playersName(l.rec)
		}
		data = withName(data, name)
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	path, err := s.newPath(l.rec.Game, name, s.now())
	if err != nil {
		return "", err
	}
	if err := writeClaimed(path, data); err != nil {
		return "", err
	}
	return path, nil
}

// playersName names a game by its players: "Ana vs Ben".
func playersName(rec *games.Record) string {
	names := make([]string, len(rec.Seats))
	for i := range rec.Seats {
		names[i] = seatName(rec, i)
	}
	return cleanName(strings.Join(names, " vs "))
}

// ---- autosave ----

// Every game in progress has its own autosave file in the state folder,
// named when its first move is autosaved and kept for that game:
// "autosave-<game>-<created, UTC yyyymmdd-hhmmss>[-n].json", the name
// claimed with an exclusive create, so two games started in the same
// second (in two windows) get two files. Builds before that kept one file
// per game, "autosave-<game>.json"; it is still read, listed and written
// by the game resumed from it. A game replaces or removes only a file that
// holds that game (the same game id, seed and creation time, see gameID);
// a file that holds another game, or that this build cannot read, is
// never replaced or removed, except by the player's say.

// ErrUnreadableAutosave is returned when an autosave file is to be written
// or cleared but holds something this game may not replace: a game this
// build cannot read (a newer version's, another program's change) or
// another game. The file is kept as it is; the error says which.
var ErrUnreadableAutosave = errors.New("the autosave file holds something this game may not replace; it is kept as it is")

// gameID tells one game from another of the same game id: two games
// started in the same second have different seeds. A file written without
// its creation time (by hand) is told by its game id and seed alone.
type gameID struct {
	game    string
	seed    int64
	created time.Time
}

func idOf(rec *games.Record) gameID { return gameID{rec.Game, rec.Seed, rec.Created} }

func (a gameID) same(b gameID) bool {
	return a.game == b.game && a.seed == b.seed && (a.created.Equal(b.created) || a.created.IsZero() || b.created.IsZero())
}

// ownFile is an autosave file of this store: the game it holds, and the
// file as this store last wrote or loaded it.
type ownFile struct {
	id    gameID
	stamp fileStamp
}

// autosaveName matches an autosave file name: the game id, and the time
// the game was created (missing in the name of earlier builds).
var autosaveName = regexp.MustCompile(`^autosave-([a-z0-9][a-z0-9_-]*?)(-[0-9]{8}-[0-9]{6}(-[0-9]+)?)?\.json$`)

// autosaveGame is the game id an autosave file's name gives, or "" if the
// name is not an autosave's.
func autosaveGame(name string) string {
	m := autosaveName.FindStringSubmatch(name)
	if m == nil || checkGameID(m[1]) != nil {
		return ""
	}
	return m[1]
}

// fileStamp tells a file apart from a later version of it.
type fileStamp struct {
	size int64
	mod  time.Time
}

func stampOf(info fs.FileInfo) fileStamp { return fileStamp{info.Size(), info.ModTime()} }

// autosaveGameOf checks that path is an autosave file of the state folder
// and returns the game its name gives.
func (s *Store) autosaveGameOf(path string) (string, error) {
	dir, err := filepath.Abs(s.paths.State)
	if err != nil {
		return "", err
	}
	p, err := filepath.Abs(path)
	if err != nil {
		return "", err
	}
	game := autosaveGame(filepath.Base(p))
	if filepath.Dir(p) != dir || game == "" {
		return "", fmt.Errorf("%s is not an autosave file of the folder of games in progress%s", shownFile(path), inFolder(s.paths.State))
	}
	return game, nil
}

// AutosavePaths lists the autosave files of a game (readable or not),
// without reading them. A missing state folder is an empty list.
func (s *Store) AutosavePaths(game string) ([]string, error) {
	if err := checkGameID(game); err != nil {
		return nil, err
	}
	dirents, err := disk.ReadDir(s.paths.State)
	if errors.Is(err, fs.ErrNotExist) {
		return nil, nil
	}
	if err != nil {
		return nil, fmt.Errorf("cannot read the folder of the games in progress: %w", err)
	}
	var out []string
	for _, d := range dirents {
		if autosaveGame(d.Name()) == game && d.Type().IsRegular() {
			out = append(out, filepath.Join(s.paths.State, d.Name()))
		}
	}
	return out, nil
}

// HasAutosave reports whether a game has an autosave file (readable or not).
func (s *Store) HasAutosave(game string) bool {
	paths, _ := s.AutosavePaths(game)
	return len(paths) > 0
}

// ListAutosaves describes every game of a game id in progress, the most
// recently played first. A file that cannot be loaded is listed with Err
// saying why, and never changed. Each file is replayed: call it off the
// UI goroutine.
func (s *Store) ListAutosaves(game string) ([]Entry, error) {
	paths, err := s.AutosavePaths(game)
	if err != nil {
		return nil, err
	}
	var out []Entry
	for _, path := range paths {
		info, err := disk.Stat(path)
		if err != nil || !info.Mode().IsRegular() {
			continue
		}
		e := describe(path, info)
		if e.Err == nil && e.Game != game {
			e.Err = &FileError{Path: path, Ply: -1, Err: fmt.Errorf("the autosave is a game of %q, not %q", e.Game, game)}
			e.Result = "unreadable"
		}
		out = append(out, e)
	}
	sortNewestFirst(out)
	return out, nil
}

// LoadAutosave reads and replays an autosave file. It returns
// ErrNoAutosave (which is fs.ErrNotExist) when the file is gone, and a
// *FileError when it is broken; a broken autosave is left as it is. The
// game loaded goes on in this file: WriteAutosave(path, ...) replaces it.
func (s *Store) LoadAutosave(path string) (*games.Record, error) {
	game, err := s.autosaveGameOf(path)
	if err != nil {
		return nil, err
	}
	info, err := disk.Stat(path) // before reading: a later change is not vouched for
	if errors.Is(err, fs.ErrNotExist) {
		return nil, ErrNoAutosave
	}
	if err != nil {
		return nil, &FileError{Path: path, Ply: -1, Err: err}
	}
	l, err := readSave(path)
	if err != nil {
		return nil, err
	}
	if l.rec.Game != game {
		return nil, &FileError{Path: path, Ply: -1, Err: fmt.Errorf("the autosave is a game of %q, not %q", l.rec.Game, game)}
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	s.vouch(path, idOf(l.rec), info)
	return l.rec, nil
}

// WriteAutosave writes a game in progress to its autosave file and
// returns the file's path. With path "" the game gets a new file of its
// own, named from its game id and creation time and claimed with an
// exclusive create. An existing path is replaced atomically if it holds
// this game (see checkOwn); otherwise ErrUnreadableAutosave says why, and
// the file is kept as it is. It runs after every move, so it does not
// replay the record; a file this store wrote or loaded itself and that
// has not changed since is not read again either.
func (s *Store) WriteAutosave(path string, rec *games.Record) (string, error) {
	if rec == nil {
		return "", errors.New("no game to autosave")
	}
	if err := checkGameID(rec.Game); err != nil {
		return "", err
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	c := s.stamp(rec)
	data, err := games.EncodeRecord(c)
	if err != nil {
		return "", err
	}
	if path == "" {
		base := filepath.Join(s.paths.State, "autosave-"+c.Game+"-"+c.Created.UTC().Format("20060102-150405"))
		// One step: a page closed during a game's first autosave keeps
		// the file whole or none, never an empty one.
		path, err = claimWith(base, data)
		if err != nil && !errors.Is(err, syscall.ENOSPC) {
			return "", claimErr(err, "the folder of games in progress"+inFolder(s.paths.State))
		}
	} else if err = s.checkOwn(path, &gameID{c.Game, c.Seed, c.Created}); err == nil {
		err = writeFileAtomic(path, data)
	}
	if err != nil {
		return "", err
	}
	if info, err := disk.Stat(path); err == nil {
		s.vouch(path, idOf(c), info)
	}
	return path, nil
}

// WriteAutosaveNow begins writing a game in progress to its autosave
// file at once, for a page that is going away (the ui package calls it
// from the browser's pagehide): it takes no lock and waits for nothing,
// so it may run in a browser's event handler, and the write completes
// even if the page unloads right after (fileSystem.WriteNow). path is
// the game's file, or "" before its first autosave: then the file is the
// first name WriteAutosave would claim, made only if no file has it. It
// does not read the file to check that it still holds this game, as
// WriteAutosave does: the game wrote or loaded it itself moments before.
// wait gives the path written or the error, and vouches for the file as
// WriteAutosave does; call it where waiting is allowed.
func (s *Store) WriteAutosaveNow(path string, rec *games.Record) (wait func() (string, error)) {
	fail := func(err error) func() (string, error) { return func() (string, error) { return "", err } }
	if rec == nil {
		return fail(errors.New("no game to autosave"))
	}
	if err := checkGameID(rec.Game); err != nil {
		return fail(err)
	}
	c := s.stamp(rec)
	data, err := games.EncodeRecord(c)
	if err != nil {
		return fail(err)
	}
	create := path == ""
	if create {
		path = filepath.Join(s.paths.State, "autosave-"+c.Game+"-"+c.Created.UTC().Format("20060102-150405")+".json")
	} else if game, err := s.autosaveGameOf(path); err != nil {
		return fail(err)
	} else if game != c.Game {
		return fail(fmt.Errorf("%s is the autosave of another game", filepath.Base(path)))
	}
	written := disk.WriteNow(path, data, create)
	return func() (string, error) {
		if err := written(); err != nil {
			return "", err
		}
		if info, err := disk.Stat(path); err == nil {
			s.mu.Lock()
			s.vouch(path, idOf(c), info)
			s.mu.Unlock()
		}
		return path, nil
	}
}

// ClearAutosave removes a game's own autosave file (one this store
// claimed, wrote or loaded) when the game is over or taken back to its
// start; a file already gone is not an error. A file that holds another
// game, or that this build cannot read, is kept (ErrUnreadableAutosave):
// only the player removes it, with DeleteAutosave.
func (s *Store) ClearAutosave(path string) error {
	if _, err := s.autosaveGameOf(path); err != nil {
		return err
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	var id *gameID
	if own, ok := s.own[path]; ok {
		id = &own.id
	} else if _, err := disk.Lstat(path); errors.Is(err, fs.ErrNotExist) {
		return nil
	}
	if err := s.checkOwn(path, id); err != nil {
		return err
	}
	return s.removeAutosave(path)
}

// DeleteAutosave removes an autosave file, readable or not: the player
// asked for it.
func (s *Store) DeleteAutosave(path string) error {
	if _, err := s.autosaveGameOf(path); err != nil {
		return err
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.removeAutosave(path)
}

// removeAutosave removes a file and forgets it. The caller holds s.mu.
func (s *Store) removeAutosave(path string) error {
	delete(s.own, path)
	if err := disk.Remove(path); err != nil && !errors.Is(err, fs.ErrNotExist) {
		return fmt.Errorf("cannot remove the autosave: %w", err)
	}
	return nil
}

// checkOwn lets the game id replace or remove an autosave file: the file
// holds that game, as this store last wrote or loaded it or as read now
// (another window may have gone on with the same game); or it is missing
// and this store claimed, wrote or loaded it. A file that holds another
// game, or that cannot be read, is refused with ErrUnreadableAutosave;
// with id nil (no game of this store is in the file) so is every file.
// The caller holds s.mu.
func (s *Store) checkOwn(path string, id *gameID) error {
	game, err := s.autosaveGameOf(path)
	if err != nil {
		return err
	}
	if id != nil && id.game != game {
		return fmt.Errorf("%s is the autosave of another game", filepath.Base(path))
	}
	own, isOwn := s.own[path]
	info, err := disk.Lstat(path)
	switch {
	case errors.Is(err, fs.ErrNotExist) && isOwn:
		return nil // removed by another window: the game goes on in its file
	case errors.Is(err, fs.ErrNotExist):
		return fmt.Errorf("%s is not a file this game was saved in", filepath.Base(path))
	case err != nil:
		return fmt.Errorf("cannot check the autosave: %w", err)
	case !info.Mode().IsRegular():
		return fmt.Errorf("%w (it is not a file)", ErrUnreadableAutosave)
	case isOwn && id != nil && own.stamp == stampOf(info) && own.id.same(*id):
		return nil
	}
	l, err := readSave(path)
	if err != nil {
		return fmt.Errorf("%w (%v)", ErrUnreadableAutosave, errors.Unwrap(err))
	}
	held := idOf(l.rec)
	switch {
	case held.game != game:
		return fmt.Errorf("%w (it is a game of %q)", ErrUnreadableAutosave, l.rec.Game)
	case id == nil:
		return fmt.Errorf("%w (it holds a game this window did not start or open)", ErrUnreadableAutosave)
	case !held.same(*id):
		return fmt.Errorf("%w (it now holds another game, started %s)", ErrUnreadableAutosave, l.rec.Created.Format("2006-01-02 15:04:05"))
	}
	s.vouch(path, held, info)
	return nil
}

// vouch remembers a file as this store last saw it whole and readable,
// holding the game id. The caller holds s.mu.
func (s *Store) vouch(path string, id gameID, info fs.FileInfo) {
	if s.own == nil {
		s.own = map[string]ownFile{}
	}
	s.own[path] = ownFile{id, stampOf(info)}
}
