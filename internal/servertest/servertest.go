// Package servertest starts a real Tabula game server for a test: a
// PostgreSQL cluster and Nakama with the Tabula plugin, on free ports of
// 127.0.0.1 in a temporary folder, stopped by process id when the test
// ends. It is the server module's end-to-end harness (server/e2e), for
// the app's own tests (the UI's online play). A test is skipped, saying
// why, when server/bin is not built (scripts/server.sh build; or point
// TABULA_SERVER_BIN at a folder holding nakama and tabula.so) or
// PostgreSQL's server is not installed.
package servertest

import (
	"fmt"
	"net"
	"net/http"
	"os"
	"os/exec"
	"os/user"
	"path/filepath"
	"runtime"
	"sort"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"
)

// ServerKey is the key the test server takes.
const ServerKey = "tabula"

const serverKey = ServerKey

// Server is a running test server: Addr is "127.0.0.1:port" of its API.
type Server struct {
	Addr    string
	dir     string
	api     string
	ws      string
	pg      *proc
	nakama  *proc
	nakaLog string
	pgLog   string
	bin     string
	args    []string
}

// repoBin is server/bin of the repository this file is in.
func repoBin() string {
	_, file, _, _ := runtime.Caller(0)
	return filepath.Join(filepath.Dir(file), "..", "..", "server", "bin")
}

// Restart stops Nakama by its pid and starts it again on the same database.
func (s *Server) Restart(t *testing.T) { s.restartNakama(t) }

// API is the base address of Nakama's REST API ("http://127.0.0.1:port");
// WS its realtime socket ("ws://127.0.0.1:port/ws").
func (s *Server) API() string { return s.api }
func (s *Server) WS() string  { return s.ws }

// Kill stops Nakama by its pid with SIGKILL, as a crash or a pulled plug
// would: nothing is flushed, only what was stored survives. StartNakama
// starts it again on the same database.
func (s *Server) Kill(t *testing.T) {
	t.Helper()
	pid := s.nakama.cmd.Process.Pid
	s.nakama.stop(t, syscall.SIGKILL)
	t.Logf("Nakama killed (pid %d)", pid)
}

// StartNakama starts Nakama again after Kill.
func (s *Server) StartNakama(t *testing.T) { s.startNakama(t) }

// SetLogLevel starts Nakama again at another log level (the harness starts
// it at debug, which a load test should not pay for).
func (s *Server) SetLogLevel(t *testing.T, level string) {
	t.Helper()
	s.nakama.stop(t, syscall.SIGTERM)
	for i, a := range s.args {
		if a == "--logger.level" && i+1 < len(s.args) {
			s.args[i+1] = level
		}
	}
	s.startNakama(t)
}

// PIDs are the process ids of Nakama and of PostgreSQL's postmaster, for
// a load test that reads their CPU and memory from /proc.
func (s *Server) PIDs() (nakama, postgres int) {
	return s.nakama.cmd.Process.Pid, s.pg.cmd.Process.Pid
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
func (s *Server) startNakama(t *testing.T) {
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
func (s *Server) restartNakama(t *testing.T) {
	t.Helper()
	s.nakama.stop(t, syscall.SIGTERM)
	s.startNakama(t)
}

func (s *Server) stop(t *testing.T) {
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
	bin = os.Getenv("TABULA_SERVER_BIN")
	if bin == "" {
		bin = repoBin()
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
func Start(t *testing.T) *Server {
	t.Helper()
	bin, pgbin := binaries(t)
	dir, err := os.MkdirTemp("", "tabula-uitest-")
	if err != nil {
		t.Fatal(err)
	}
	// PostgreSQL's user must reach its data folder inside.
	if err := os.Chmod(dir, 0o755); err != nil {
		t.Fatal(err)
	}
	s := &Server{dir: dir, pgLog: filepath.Join(dir, "postgres.log"), nakaLog: filepath.Join(dir, "nakama.log")}
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
	s.Addr = fmt.Sprintf("127.0.0.1:%d", apiPort)
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
		"--config", filepath.Join(filepath.Dir(bin), "tabula.yml"),
		"--name", "tabula-uitest",
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
	// A port that listens is not yet a database that takes connections:
	// while PostgreSQL starts up it refuses them (SQLSTATE 57P03), so the
	// migration is tried again for a few seconds.
	for try := 0; ; try++ {
		migrate := exec.Command(filepath.Join(bin, "nakama"), append([]string{"migrate", "up"}, args...)...)
		out, err := migrate.CombinedOutput()
		if err == nil {
			break
		}
		if try < 50 && strings.Contains(string(out), "57P03") {
			time.Sleep(100 * time.Millisecond)
			continue
		}
		t.Fatalf("nakama migrate up: %v\n%s", err, tail(string(out), 20))
	}
	s.bin, s.args = bin, args
	s.startNakama(t)
	return s
}
