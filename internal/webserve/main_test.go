package main

import (
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"testing"
)

func TestServesPrecompressed(t *testing.T) {
	dir := t.TempDir()
	for name, body := range map[string]string{
		"index.html": "<p>page</p>", "app.wasm": "RAW", "app.wasm.gz": "GZ", "app.wasm.br": "BR", "only.js.gz": "JSGZ", "only.js": "JS",
	} {
		if err := os.WriteFile(filepath.Join(dir, name), []byte(body), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	h := handler(dir)
	cases := []struct {
		path, accept, body, enc, ctype string
		code                           int
	}{
		{"/app.wasm", "gzip, deflate, br", "BR", "br", "application/wasm", 200},
		{"/app.wasm", "gzip", "GZ", "gzip", "application/wasm", 200},
		{"/app.wasm", "br;q=0, gzip", "GZ", "gzip", "application/wasm", 200},
		{"/app.wasm", "", "RAW", "", "application/wasm", 200},
		{"/only.js", "br, gzip", "JSGZ", "gzip", "text/javascript; charset=utf-8", 200},
		{"/", "br", "<p>page</p>", "", "text/html; charset=utf-8", 200},
		{"/../../etc/passwd", "", "", "", "", 404},
		{"/missing.wasm", "br", "", "", "", 404},
	}
	for _, c := range cases {
		r := httptest.NewRequest(http.MethodGet, c.path, nil)
		if c.accept != "" {
			r.Header.Set("Accept-Encoding", c.accept)
		}
		w := httptest.NewRecorder()
		h.ServeHTTP(w, r)
		if w.Code != c.code {
			t.Errorf("%s (%q): status %d, want %d", c.path, c.accept, w.Code, c.code)
			continue
		}
		if c.code != 200 {
			continue
		}
		if got := w.Body.String(); got != c.body {
			t.Errorf("%s (%q): body %q, want %q", c.path, c.accept, got, c.body)
		}
		if got := w.Header().Get("Content-Encoding"); got != c.enc {
			t.Errorf("%s (%q): Content-Encoding %q, want %q", c.path, c.accept, got, c.enc)
		}
		if got := w.Header().Get("Content-Type"); got != c.ctype {
			t.Errorf("%s (%q): Content-Type %q, want %q", c.path, c.accept, got, c.ctype)
		}
		if got := w.Header().Get("Vary"); got != "Accept-Encoding" {
			t.Errorf("%s: Vary %q", c.path, got)
		}
	}
}
