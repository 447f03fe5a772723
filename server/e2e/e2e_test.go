// Package e2e plays Tabula over a real server: its own PostgreSQL cluster
// and Nakama with the Tabula plugin, in a temporary folder, on free ports
// of 127.0.0.1, driven by two clients over REST and the websocket.
//
// It needs the binaries of scripts/server.sh build (server/bin/nakama and
// server/bin/tabula.so) and PostgreSQL's server programs; without them it
// is skipped with a message saying so. Everything it starts it stops by
// process id.
package e2e

import (
	"encoding/json"
	"fmt"
	"net"
	"net/http"
	"os"
	"os/exec"
	"os/user"
	"path/filepath"
	"sort"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/tabulagames/tabula/online/protocol"
)

const serverKey = "e2e-key"

// server is one running PostgreSQL + Nakama.
type server struct {
	dir     string
	api     string // http://127.0.0.1:port
	ws      string // ws://127.0.0.1:port/ws
	pg      *proc
	nakama  *proc
	nakaLog string
	pgLog   string
	bin     string
	args    []string // Nakama's command line
}

// proc is a started child process and the end of its Wait.
type proc struct {
	name string
	cmd  *exec.Cmd
	done chan struct{}
}

func startProc(name string, cmd *exec.Cmd) (*proc, error) {
	if err := cmd.Start(); err != nil {
		return nil, err
	}
	p := &proc{name: name, cmd: cmd, done: make(chan struct{})}
	go func() { cmd.Wait(); close(p.done) }()
	return p, nil
}

// stop signals the process by its pid and waits for it, killing it after
// 30 s.
func (p *proc) stop(t *testing.T, sig syscall.Signal) {
	if p == nil {
		return
	}
	select {
	case <-p.done:
		return
	default:
	}
	pid := p.cmd.Process.Pid
	if err := syscall.Kill(pid, sig); err != nil {
		t.Logf("%s (pid %d): %v", p.name, pid, err)
	}
	select {
	case <-p.done:
		t.Logf("%s stopped (pid %d)", p.name, pid)
	case <-time.After(30 * time.Second):
		t.Errorf("%s (pid %d) did not stop in 30 s: killed", p.name, pid)
		syscall.Kill(pid, syscall.SIGKILL)
		<-p.done
	}
}

// startNakama starts Nakama (again) and waits until it answers.
func (s *server) startNakama(t *testing.T) {
	t.Helper()
	naLog, err := os.OpenFile(s.nakaLog, os.O_CREATE|os.O_WRONLY|os.O_APPEND, 0o644)
	if err != nil {
		t.Fatal(err)
	}
	defer naLog.Close()
	na := exec.Command(filepath.Join(s.bin, "nakama"), s.args...)
	na.Stdout, na.Stderr = naLog, naLog
	start := time.Now()
	if s.nakama, err = startProc("Nakama", na); err != nil {
		t.Fatal(err)
	}
	deadline := time.Now().Add(60 * time.Second)
	for {
		resp, err := http.Get(s.api + "/healthcheck")
		if err == nil {
			resp.Body.Close()
			if resp.StatusCode == http.StatusOK {
				break
			}
		}
		select {
		case <-s.nakama.done:
			t.Fatal("Nakama exited at start (its log is below)")
		default:
		}
		if time.Now().After(deadline) {
			t.Fatal("Nakama did not answer in 60 s")
		}
		time.Sleep(50 * time.Millisecond)
	}
	t.Logf("Nakama ready in %v (pid %d)", time.Since(start).Round(time.Millisecond), na.Process.Pid)
}

// restartNakama stops Nakama by its pid and starts it again on the same
// database, as a host's reboot or an upgrade would.
func (s *server) restartNakama(t *testing.T) {
	t.Helper()
	s.nakama.stop(t, syscall.SIGTERM)
	s.startNakama(t)
}

func (s *server) stop(t *testing.T) {
	s.nakama.stop(t, syscall.SIGTERM)
	s.nakama = nil
	// SIGINT: PostgreSQL's fast shutdown.
	s.pg.stop(t, syscall.SIGINT)
	s.pg = nil
}

func tail(s string, n int) string {
	lines := strings.Split(strings.TrimRight(s, "\n"), "\n")
	if len(lines) > n {
		lines = lines[len(lines)-n:]
	}
	return strings.Join(lines, "\n")
}

func waitPort(t *testing.T, port int, limit time.Duration, what string) {
	t.Helper()
	deadline := time.Now().Add(limit)
	for {
		c, err := net.Dial("tcp", fmt.Sprintf("127.0.0.1:%d", port))
		if err == nil {
			c.Close()
			return
		}
		if time.Now().After(deadline) {
			t.Fatalf("%s does not listen on port %d after %v", what, port, limit)
		}
		time.Sleep(50 * time.Millisecond)
	}
}

// binaries finds server/bin and PostgreSQL's programs, or skips the test.
func binaries(t *testing.T) (bin, pgbin string) {
	t.Helper()
	bin, err := filepath.Abs("../bin")
	if err != nil {
		t.Fatal(err)
	}
	for _, f := range []string{"nakama", "tabula.so"} {
		if _, err := os.Stat(filepath.Join(bin, f)); err != nil {
			t.Skipf("the server is not built (no server/bin/%s): run scripts/server.sh build, or make test-server", f)
		}
	}
	dirs, _ := filepath.Glob("/usr/lib/postgresql/*/bin")
	sort.Strings(dirs)
	for i := len(dirs) - 1; i >= 0; i-- {
		if _, err := os.Stat(filepath.Join(dirs[i], "postgres")); err == nil {
			return bin, dirs[i]
		}
	}
	t.Skip("PostgreSQL's server is not installed (no /usr/lib/postgresql/*/bin/postgres): scripts/server.sh start installs it")
	return "", ""
}

// freeBase finds n consecutive free ports on 127.0.0.1.
func freeBase(t *testing.T, n int) int {
	t.Helper()
	for try := 0; try < 50; try++ {
		l, err := net.Listen("tcp", "127.0.0.1:0")
		if err != nil {
			t.Fatal(err)
		}
		base := l.Addr().(*net.TCPAddr).Port
		l.Close()
		if base+n > 65535 {
			continue
		}
		ok := true
		for p := base; p < base+n && ok; p++ {
			l, err := net.Listen("tcp", fmt.Sprintf("127.0.0.1:%d", p))
			if err != nil {
				ok = false
				break
			}
			l.Close()
		}
		if ok {
			return base
		}
	}
	t.Fatal("no free ports on 127.0.0.1")
	return 0
}

// asPostgresUser runs cmd as the postgres user when the test runs as root:
// PostgreSQL refuses to run as root.
func asPostgresUser(t *testing.T, cmd *exec.Cmd, owned ...string) {
	t.Helper()
	if os.Geteuid() != 0 {
		return
	}
	u, err := user.Lookup("postgres")
	if err != nil {
		t.Skip("running as root and there is no postgres user to run PostgreSQL as")
	}
	uid, _ := strconv.Atoi(u.Uid)
	gid, _ := strconv.Atoi(u.Gid)
	for _, p := range owned {
		if err := os.Chown(p, uid, gid); err != nil {
			t.Fatal(err)
		}
	}
	cmd.SysProcAttr = &syscall.SysProcAttr{Credential: &syscall.Credential{Uid: uint32(uid), Gid: uint32(gid)}}
}

// startServer starts PostgreSQL and Nakama; t.Cleanup stops both.
func startServer(t *testing.T) *server {
	t.Helper()
	bin, pgbin := binaries(t)
	dir, err := os.MkdirTemp("", "tabula-e2e-")
	if err != nil {
		t.Fatal(err)
	}
	// PostgreSQL's user must reach its data folder inside.
	if err := os.Chmod(dir, 0o755); err != nil {
		t.Fatal(err)
	}
	s := &server{dir: dir, pgLog: filepath.Join(dir, "postgres.log"), nakaLog: filepath.Join(dir, "nakama.log")}
	t.Cleanup(func() {
		s.stop(t)
		if t.Failed() {
			for _, f := range []string{s.pgLog, s.nakaLog} {
				if b, err := os.ReadFile(f); err == nil {
					t.Logf("%s (last lines):\n%s", f, tail(string(b), 80))
				}
			}
		}
		os.RemoveAll(dir)
	})

	// Ports: base = Nakama gRPC, base+1 = Nakama API, base+2 = console
	// gRPC (console - 3), base+5 = console, base+6 = PostgreSQL.
	base := freeBase(t, 7)
	apiPort, consolePort, pgPort := base+1, base+5, base+6
	s.api = fmt.Sprintf("http://127.0.0.1:%d", apiPort)
	s.ws = fmt.Sprintf("ws://127.0.0.1:%d/ws", apiPort)

	pgdata := filepath.Join(dir, "pg")
	if err := os.Mkdir(pgdata, 0o700); err != nil {
		t.Fatal(err)
	}
	initdb := exec.Command(filepath.Join(pgbin, "initdb"), "-D", pgdata, "-U", "tabula", "--auth=trust", "-E", "UTF8", "--locale=C")
	asPostgresUser(t, initdb, pgdata)
	if out, err := initdb.CombinedOutput(); err != nil {
		t.Fatalf("initdb: %v\n%s", err, out)
	}
	pgLog, err := os.Create(s.pgLog)
	if err != nil {
		t.Fatal(err)
	}
	defer pgLog.Close()
	pg := exec.Command(filepath.Join(pgbin, "postgres"), "-D", pgdata, "-p", strconv.Itoa(pgPort),
		"-c", "listen_addresses=127.0.0.1", "-c", "unix_socket_directories=", "-c", "fsync=off")
	pg.Stdout, pg.Stderr = pgLog, pgLog
	asPostgresUser(t, pg)
	start := time.Now()
	if s.pg, err = startProc("PostgreSQL", pg); err != nil {
		t.Fatal(err)
	}
	waitPort(t, pgPort, 30*time.Second, "PostgreSQL")
	t.Logf("PostgreSQL ready in %v (pid %d, port %d)", time.Since(start).Round(time.Millisecond), pg.Process.Pid, pgPort)

	// Nakama's database is PostgreSQL's own "postgres" database: the
	// cluster is this test's alone.
	args := []string{
		"--config", "../tabula.yml",
		"--name", "tabula-e2e",
		"--data_dir", filepath.Join(dir, "nakama"),
		"--runtime.path", bin,
		"--database.address", fmt.Sprintf("tabula@127.0.0.1:%d/postgres", pgPort),
		"--socket.address", "127.0.0.1",
		"--socket.port", strconv.Itoa(apiPort),
		"--socket.server_key", serverKey,
		"--console.address", "127.0.0.1",
		"--console.port", strconv.Itoa(consolePort),
		"--logger.level", "debug",
	}
	migrate := exec.Command(filepath.Join(bin, "nakama"), append([]string{"migrate", "up"}, args...)...)
	if out, err := migrate.CombinedOutput(); err != nil {
		t.Fatalf("nakama migrate up: %v\n%s", err, tail(string(out), 20))
	}
	s.bin, s.args = bin, args
	s.startNakama(t)
	return s
}

// TestClassicGame: two people play tic-tac-toe to the end over the real
// server; a move out of turn and an illegal move are refused in words and
// change nothing.
func TestClassicGame(t *testing.T) {
	s := startServer(t)
	ana := s.signIn(t, "ana", "e2e-device-ana-0001")
	ben := s.signIn(t, "ben", "e2e-device-ben-0001")

	var inv protocol.Invitation
	err := ana.rpc(protocol.RPCCreate, protocol.CreateRequest{V: protocol.Version, Game: "classic",
		Seats: []protocol.SeatRequest{{Kind: "person"}, {Kind: "person"}}}, &inv)
	if err != nil {
		t.Fatalf("create: %v", err)
	}
	if inv.Seat != 0 || len(inv.Code) != protocol.CodeLength || inv.MatchID == "" || inv.Game != "classic" {
		t.Fatalf("create answered %+v: want seat 0, a code and a match id", inv)
	}
	t.Logf("match %s, code %s", inv.MatchID, inv.Code)

	// A bad request and an unknown code are refused in words.
	var none protocol.Invitation
	if err := ana.rpc(protocol.RPCCreate, protocol.CreateRequest{V: protocol.Version, Game: "chess"}, &none); err == nil {
		t.Error("creating a game of chess was accepted")
	} else {
		t.Logf("create chess: %v", err)
	}
	if err := ben.rpc(protocol.RPCFind, protocol.FindRequest{V: protocol.Version, Code: "KKKKKK"}, &none); err == nil || !strings.Contains(err.Error(), "KKKKKK") {
		t.Errorf("finding an unknown code: %v, want an error naming the code", err)
	}

	// Ben finds the match by its code as a person would type it.
	var found protocol.Invitation
	typed := strings.ToLower(inv.Code[:3] + " " + inv.Code[3:])
	if err := ben.rpc(protocol.RPCFind, protocol.FindRequest{V: protocol.Version, Code: typed}, &found); err != nil {
		t.Fatalf("find %q: %v", typed, err)
	}
	if found.MatchID != inv.MatchID || found.Seat != -1 {
		t.Fatalf("find answered %+v: want match %s and no seat yet", found, inv.MatchID)
	}

	ana.dial()
	defer ana.close()
	ben.dial()
	defer ben.close()
	if err := ana.join(inv.MatchID, protocol.Version); err != nil {
		t.Fatalf("ana joins: %v", err)
	}
	// A client of an old protocol is told in words to update.
	if err := ben.join(inv.MatchID, protocol.Version-1); err == nil || !strings.Contains(err.Error(), "update") {
		t.Errorf("a join with protocol %d: %v, want a refusal telling to update", protocol.Version-1, err)
	}
	if err := ben.join(inv.MatchID, protocol.Version); err != nil {
		t.Fatalf("ben joins: %v", err)
	}

	u := ana.update(0)
	if u.Seat != 0 || u.Game != "classic" || u.Code != inv.Code {
		t.Fatalf("ana's first update: %+v", u)
	}
	u = ben.update(0)
	if u.Seat != 1 {
		t.Fatalf("ben's first update is for seat %d, want 1", u.Seat)
	}
	if len(u.ToMove) != 1 || u.ToMove[0] != 0 {
		t.Fatalf("to move at the start: %v, want seat 0 (ana)", u.ToMove)
	}
	if len(u.Legal) != 0 {
		t.Errorf("ben has legal moves while it is ana's turn: %v", u.Legal)
	}

	// Rank 1 for ana: a1, b1, c1; ben plays a3 and b3.
	moves := []struct {
		who  *client
		tok  string
		seat int
	}{{ana, "a1", 0}, {ben, "a3", 1}, {ana, "b1", 0}, {ben, "b3", 1}, {ana, "c1", 0}}
	for ply, m := range moves {
		if ply == 1 {
			// Out of turn: ana moves again; refused naming ben.
			ana.move("c3", ply)
			r := ana.await("a refusal", func(m any) bool { _, ok := m.(*protocol.Refused); return ok }).(*protocol.Refused)
			if !strings.Contains(strings.ToLower(r.Error), "ben") || !strings.Contains(r.Error, " ") {
				t.Errorf("out of turn refused with %q: want words naming ben", r.Error)
			}
			t.Logf("out of turn: %s", r.Error)
			// Illegal: ben plays the square ana took.
			ben.move("a1", ply)
			r = ben.await("a refusal", func(m any) bool { _, ok := m.(*protocol.Refused); return ok }).(*protocol.Refused)
			if r.Error == "" || !strings.Contains(r.Error, " ") {
				t.Errorf("an illegal move refused with %q: want words", r.Error)
			}
			t.Logf("illegal: %s", r.Error)
		}
		m.who.move(m.tok, ply)
		for _, c := range []*client{ana, ben} {
			u := c.update(ply + 1)
			if got := u.History[len(u.History)-1]; got != m.tok {
				t.Fatalf("%s sees %q as move %d, want %q", c.name, got, ply+1, m.tok)
			}
		}
	}
	for _, c := range []*client{ana, ben} {
		f := c.await("the final record", func(m any) bool { _, ok := m.(*protocol.Final); return ok }).(*protocol.Final)
		if !json.Valid(f.Record) || len(f.Record) < 10 {
			t.Errorf("%s's final record: %s", c.name, f.Record)
		}
	}
	// The last update tells each side who won.
	for _, c := range []*client{ana, ben} {
		if c.last.Status != "win" || len(c.last.Winners) != 1 || c.last.Winners[0] != 0 {
			t.Errorf("%s's last update: status %q, winners %v, want a win of seat 0", c.name, c.last.Status, c.last.Winners)
		}
	}
}

// TestGameGoesOnAfterARestart: Nakama is stopped mid-game and started
// again on the same database; the code finds the stored game, which
// starts again with every move and both seats.
func TestGameGoesOnAfterARestart(t *testing.T) {
	s := startServer(t)
	ana := s.signIn(t, "ana", "e2e-device-ana-0002")
	ben := s.signIn(t, "ben", "e2e-device-ben-0002")
	var inv protocol.Invitation
	if err := ana.rpc(protocol.RPCCreate, protocol.CreateRequest{V: protocol.Version, Game: "classic",
		Seats: []protocol.SeatRequest{{Kind: "person"}, {Kind: "person"}}}, &inv); err != nil {
		t.Fatalf("create: %v", err)
	}
	ana.dial()
	ben.dial()
	if err := ana.join(inv.MatchID, protocol.Version); err != nil {
		t.Fatal(err)
	}
	if err := ben.join(inv.MatchID, protocol.Version); err != nil {
		t.Fatal(err)
	}
	ana.move("b2", 0)
	ben.update(1)
	ben.move("a1", 1)
	ana.update(2)

	s.restartNakama(t)
	ana.close()
	ben.close()

	for _, c := range []*client{ben, ana} {
		var again protocol.Invitation
		if err := c.rpc(protocol.RPCFind, protocol.FindRequest{V: protocol.Version, Code: inv.Code}, &again); err != nil {
			t.Fatalf("%s finds %s after the restart: %v", c.name, inv.Code, err)
		}
		if again.MatchID == inv.MatchID {
			t.Fatalf("find after the restart answered the old match %s", inv.MatchID)
		}
		c.dial()
		defer c.close()
		if err := c.join(again.MatchID, protocol.Version); err != nil {
			t.Fatalf("%s joins again: %v", c.name, err)
		}
		u := c.update(2)
		if u.From != 0 || strings.Join(u.History, " ") != "b2 a1" {
			t.Errorf("%s's first update after the restart: from %d, history %v: want the whole game, b2 a1", c.name, u.From, u.History)
		}
	}
	if ana.last.Seat != 0 || ben.last.Seat != 1 {
		t.Errorf("seats after the restart: ana %d, ben %d; want 0 and 1", ana.last.Seat, ben.last.Seat)
	}
	ana.move("c3", 2)
	for _, c := range []*client{ana, ben} {
		if u := c.update(3); u.History[len(u.History)-1] != "c3" {
			t.Errorf("%s sees %v after the restart's first move", c.name, u.History)
		}
	}
}

// TestAgainstABot: the server plays a bot seat (off the match loop, its
// move collected on a tick) until the game ends.
func TestAgainstABot(t *testing.T) {
	s := startServer(t)
	ana := s.signIn(t, "ana", "e2e-device-ana-0003")
	var inv protocol.Invitation
	if err := ana.rpc(protocol.RPCCreate, protocol.CreateRequest{V: protocol.Version, Game: "classic",
		Seats: []protocol.SeatRequest{{Kind: "person"}, {Kind: "bot", Bot: "easy"}}}, &inv); err != nil {
		t.Fatalf("create: %v", err)
	}
	ana.dial()
	defer ana.close()
	if err := ana.join(inv.MatchID, protocol.Version); err != nil {
		t.Fatal(err)
	}
	u := ana.update(0)
	for moves := 0; u.Status == "ongoing"; {
		if len(u.ToMove) == 1 && u.ToMove[0] == 0 {
			if len(u.Legal) == 0 {
				t.Fatalf("ana's turn with no legal moves: %+v", u)
			}
			ana.move(u.Legal[0], u.Ply)
			moves++
			if moves > 5 {
				t.Fatal("ana has moved more than five times in tic-tac-toe")
			}
		}
		// Ana's move and the bot's answer may come in one update (the
		// bot can answer within the tick that played Ana's move).
		ply := u.Ply
		u = ana.await("the next update", func(m any) bool { v, ok := m.(*protocol.Update); return ok && v.Ply > ply }).(*protocol.Update)
	}
	if u.Ply < 5 || u.Ply > 9 {
		t.Errorf("the game ended at ply %d", u.Ply)
	}
	ana.await("the final record", func(m any) bool { _, ok := m.(*protocol.Final); return ok })
	t.Logf("ana vs easy: %s after %d moves (%s)", u.Status, u.Ply, u.Reason)
}
