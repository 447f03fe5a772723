// Command webserve serves the web build of Tabula (make web: web/dist) on
// 127.0.0.1 only, for `make serve-web` and the browser test (web/test).
//
// A file asked for is sent precompressed when the browser accepts it and
// the build made one beside it: name.br (brotli) before name.gz (gzip),
// with Content-Encoding, Vary: Accept-Encoding and the Content-Type of the
// file itself (application/wasm for the wasm, which
// WebAssembly.instantiateStreaming requires). Nothing is cached by the
// browser across builds: every answer says no-cache, so a rebuilt page is
// never half old.
//
//	go run ./internal/webserve -dir web/dist -port 8080
//
// The port also comes from $PORT; -port 0 takes a free one. The address
// it listens on is printed as its first line ("serving DIR at URL"), and
// -pidfile writes its pid so a script stops it by pid.
package main

import (
	"errors"
	"flag"
	"fmt"
	"mime"
	"net"
	"net/http"
	"os"
	"os/signal"
	"path"
	"path/filepath"
	"strconv"
	"strings"
	"syscall"
)

func main() {
	port := 8080
	if p, err := strconv.Atoi(os.Getenv("PORT")); err == nil {
		port = p
	}
	dir := flag.String("dir", "web/dist", "the folder to serve")
	flag.IntVar(&port, "port", port, "the port on 127.0.0.1 (0: a free one)")
	pidfile := flag.String("pidfile", "", "write the server's pid to this file")
	flag.Parse()
	if st, err := os.Stat(filepath.Join(*dir, "index.html")); err != nil || st.IsDir() {
		fmt.Fprintf(os.Stderr, "webserve: %s has no index.html; build it first with make web\n", *dir)
		os.Exit(1)
	}
	ln, err := net.Listen("tcp", net.JoinHostPort("127.0.0.1", strconv.Itoa(port)))
	if err != nil {
		fmt.Fprintf(os.Stderr, "webserve: cannot listen on 127.0.0.1:%d: %v\n", port, err)
		os.Exit(1)
	}
	if *pidfile != "" {
		if err := os.WriteFile(*pidfile, []byte(strconv.Itoa(os.Getpid())+"\n"), 0o644); err != nil {
			fmt.Fprintf(os.Stderr, "webserve: %v\n", err)
			os.Exit(1)
		}
		// Stopped (kill, Ctrl-C): the pid file goes with the server.
		stop := make(chan os.Signal, 1)
		signal.Notify(stop, os.Interrupt, syscall.SIGTERM)
		go func() {
			<-stop
			os.Remove(*pidfile)
			os.Exit(0)
		}()
	}
	fmt.Printf("serving %s at http://%s/\n", *dir, ln.Addr())
	if err := http.Serve(ln, handler(*dir)); err != nil {
		fmt.Fprintf(os.Stderr, "webserve: %v\n", err)
		os.Exit(1)
	}
}

// encodings are the precompressed forms tried, the smallest first.
var encodings = []struct{ name, ext string }{{"br", ".br"}, {"gzip", ".gz"}}

// handler serves dir's files, precompressed when it can.
func handler(dir string) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.Method != http.MethodGet && r.Method != http.MethodHead {
			http.Error(w, "only GET and HEAD", http.StatusMethodNotAllowed)
			return
		}
		name := path.Clean("/" + r.URL.Path)
		if strings.HasSuffix(name, "/") {
			name += "index.html"
		}
		file := filepath.Join(dir, filepath.FromSlash(name))
		st, err := os.Stat(file)
		if err != nil || st.IsDir() {
			http.NotFound(w, r)
			return
		}
		h := w.Header()
		h.Set("Cache-Control", "no-cache")
		h.Set("Content-Type", contentType(name))
		h.Add("Vary", "Accept-Encoding")
		for _, e := range encodings {
			if !accepts(r.Header.Get("Accept-Encoding"), e.name) {
				continue
			}
			if f, err := os.Open(file + e.ext); err == nil {
				defer f.Close()
				h.Set("Content-Encoding", e.name)
				http.ServeContent(w, r, name, st.ModTime(), f)
				return
			} else if !errors.Is(err, os.ErrNotExist) {
				http.Error(w, err.Error(), http.StatusInternalServerError)
				return
			}
		}
		f, err := os.Open(file)
		if err != nil {
			http.Error(w, err.Error(), http.StatusInternalServerError)
			return
		}
		defer f.Close()
		http.ServeContent(w, r, name, st.ModTime(), f)
	})
}

// contentType is the type of a file by its name; a wasm file is always
// application/wasm, whatever the system's MIME table says.
func contentType(name string) string {
	switch path.Ext(name) {
	case ".wasm":
		return "application/wasm"
	case ".html":
		return "text/html; charset=utf-8"
	case ".js":
		return "text/javascript; charset=utf-8"
	}
	if t := mime.TypeByExtension(path.Ext(name)); t != "" {
		return t
	}
	return "application/octet-stream"
}

// accepts reports whether an Accept-Encoding header takes enc (with a
// q-value above zero).
func accepts(header, enc string) bool {
	for _, part := range strings.Split(header, ",") {
		fields := strings.Split(strings.TrimSpace(part), ";")
		if !strings.EqualFold(strings.TrimSpace(fields[0]), enc) {
			continue
		}
		for _, p := range fields[1:] {
			if q, ok := strings.CutPrefix(strings.TrimSpace(p), "q="); ok {
				if v, err := strconv.ParseFloat(q, 64); err == nil && v == 0 {
					return false
				}
			}
		}
		return true
	}
	return false
}
