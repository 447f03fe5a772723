# Tabula: run, test and package. `make run` and `make test` install the
# Debian/Ubuntu libraries they need when they are missing (apt-get, as root
# or through sudo).

GO       ?= go
BIN      ?= tabula
# What Fyne needs to build (cgo, OpenGL, X11 and Wayland headers).
BUILD_DEBS = gcc pkg-config libgl1-mesa-dev xorg-dev libwayland-dev libxkbcommon-dev wayland-protocols
# What the tests add: a virtual X server for the smoke run of the window.
TEST_DEBS  = xvfb xdotool imagemagick
# What the Windows smoke run adds: mingw for the package and for a test-only
# DLL, and Debian's 64-bit Wine (without its recommends: no GStreamer).
WINDOWS_TEST_DEBS = gcc-mingw-w64-x86-64 wine wine64
SUDO := $(shell [ "$$(id -u)" = 0 ] || echo sudo)

.PHONY: run build test check test-web-ai smoke smoke-windows deps test-deps windows-test-deps vectors bench fuzz package-linux package-windows clean server server-build server-stop server-status test-server test-online bench-online test-web-store web serve-web test-web trial-web web-test-deps web-deps

run: deps
	$(GO) run .

build: deps
	$(GO) build -o $(BIN) .

# The test command of the README and of CI: formatting, vet, every test
# under the race detector, the storage and the bots in the browser's
# runtime under Node, online play end to end over a real server, the page
# in headless Chromium, then the real window under Xvfb, on Linux and (the
# Windows package) under Wine.
test: deps test-deps check test-web-ai test-online test-web smoke smoke-windows

check:
	@unformatted=$$(gofmt -l $$(git ls-files '*.go' 2>/dev/null || find . -name '*.go')); \
	if [ -n "$$unformatted" ]; then echo "gofmt would change:"; echo "$$unformatted"; exit 1; fi
	$(GO) vet ./...
	$(GO) test -race -count=1 -timeout 30m ./...
	$(GO) test -tags mobile -count=1 ./ui/
	GOOS=js GOARCH=wasm $(GO) vet ./internal/webserve/
	$(MAKE) test-web-store

# The settings package's tests against the browser's storage: built for
# GOOS=js and run under Node (18 or later) with fake-indexeddb, the npm
# package web/node holds, standing in for the browser's IndexedDB, and
# web/idbfs.js, the storage's JavaScript half the page loads too. Then
# vet of what the browser build compiles of settings and ui.
WASM_EXEC = $(shell $(GO) env GOROOT)/lib/wasm/go_js_wasm_exec
test-web-store:
	@command -v node >/dev/null && command -v npm >/dev/null || { \
		echo "Installing Node and npm for the browser storage's tests"; \
		$(SUDO) apt-get update && $(SUDO) env DEBIAN_FRONTEND=noninteractive apt-get install -y nodejs npm; }
	@[ -d web/node/node_modules/fake-indexeddb ] || (cd web/node && npm ci --no-audit --no-fund)
	NODE_OPTIONS="--require $(CURDIR)/web/node/node_modules/fake-indexeddb/auto/index.js --require $(CURDIR)/web/idbfs.js" \
		GOOS=js GOARCH=wasm $(GO) test -count=1 -exec "$(WASM_EXEC)" ./settings/
	GOOS=js GOARCH=wasm $(GO) vet ./settings/ ./ui/...

# The bots in the browser's runtime (GOOS=js) under Node: every game's
# strongest bot and draw assessment run no task over 50 ms (they pause for
# the event loop every ~10 ms of work), and a cancellation or the time cap
# during a think is seen at the next pause, and the UI's goroutine runs
# while a bot thinks (ai/yield_js_test.go, ui/session/yield_js_test.go).
# About half a minute.
test-web-ai:
	@command -v node >/dev/null 2>&1 || { \
		echo "Installing Node.js for the bots' test in the browser's runtime"; \
		$(SUDO) apt-get update && $(SUDO) env DEBIAN_FRONTEND=noninteractive apt-get install -y nodejs; }
	GOOS=js GOARCH=wasm $(GO) vet ./ai/ ./ui/session/ ./internal/pause/
	GOOS=js GOARCH=wasm $(GO) test -count=1 -exec "$(WASM_EXEC)" -run 'Browser' -v ./ai/ ./ui/session/ ./internal/pause/

smoke: build
	./scripts/smoke.sh ./$(BIN)

# Tabula.exe under Wine with a prefix of its own (scripts/smoke-windows.sh).
smoke-windows: test-deps windows-test-deps package-windows
	./scripts/smoke-windows.sh ./Tabula.exe

deps:
	@missing=$$(for p in $(BUILD_DEBS); do dpkg -s $$p >/dev/null 2>&1 || echo $$p; done); \
	if [ -n "$$missing" ]; then \
		echo "Installing the libraries Fyne needs: $$missing"; \
		$(SUDO) apt-get update && $(SUDO) env DEBIAN_FRONTEND=noninteractive apt-get install -y $$missing; \
	fi

test-deps:
	@missing=$$(for p in $(TEST_DEBS); do dpkg -s $$p >/dev/null 2>&1 || echo $$p; done); \
	if [ -n "$$missing" ]; then \
		echo "Installing what the tests need: $$missing"; \
		$(SUDO) apt-get update && $(SUDO) env DEBIAN_FRONTEND=noninteractive apt-get install -y $$missing; \
	fi

windows-test-deps:
	@missing=$$(for p in $(WINDOWS_TEST_DEBS); do dpkg -s $$p >/dev/null 2>&1 || echo $$p; done); \
	if [ -n "$$missing" ]; then \
		echo "Installing what the Windows smoke run needs: $$missing"; \
		$(SUDO) apt-get update && $(SUDO) env DEBIAN_FRONTEND=noninteractive apt-get install -y --no-install-recommends $$missing; \
	fi

# Refresh the copy of the shared test vectors (games/testdata).
vectors:
	cp ../shared/testdata/*.json games/testdata/

# Speed: random playouts per second and bot nodes per second.
bench:
	$(GO) test -run '^$$' -bench . -benchmem ./games/... ./ai/...

# Every fuzz target of the repository (found by scripts/fuzz.sh), for
# FUZZTIME each: `make fuzz FUZZTIME=10s` for a quick pass.
FUZZTIME ?= 60s
fuzz:
	GO=$(GO) FUZZTIME=$(FUZZTIME) ./scripts/fuzz.sh

FYNE ?= $(shell $(GO) env GOPATH)/bin/fyne
$(FYNE):
	$(GO) install fyne.io/fyne/v2/cmd/fyne@v2.8.0

# Build tags for packages, e.g. TAGS=accessibility for Fyne's screen-reader
# bridge (Windows, macOS, Android; Fyne 2.8 ships it switched off).
TAGS ?=
FYNE_TAGS = $(if $(TAGS),--tags $(TAGS))

# fyne package counts the build number up in FyneApp.toml on every run;
# the file is put back as it was, so packaging (make test does it every
# time) leaves the checkout clean.
KEEP_TOML = cp FyneApp.toml .FyneApp.toml.kept
PUT_TOML_BACK = status=$$?; mv .FyneApp.toml.kept FyneApp.toml; exit $$status

# Linux: tabula.tar.xz with the binary, a desktop entry and the icon.
package-linux: deps $(FYNE)
	$(KEEP_TOML) && $(FYNE) package -os linux -release $(FYNE_TAGS); $(PUT_TOML_BACK)

# Windows (cross-compiled): Tabula.exe; needs gcc-mingw-w64-x86-64.
package-windows: $(FYNE)
	@dpkg -s gcc-mingw-w64-x86-64 >/dev/null 2>&1 || ($(SUDO) apt-get update && $(SUDO) apt-get install -y gcc-mingw-w64-x86-64)
	$(KEEP_TOML) && CC=x86_64-w64-mingw32-gcc CGO_ENABLED=1 GOOS=windows GOARCH=amd64 $(FYNE) package -os windows -release $(FYNE_TAGS); $(PUT_TOML_BACK)

# The game server for online play (server/, scripts/server.sh; the README's
# "Play online: run a server"): Nakama with the Tabula plugin on a
# PostgreSQL cluster of its own, on 127.0.0.1.
server:
	GO=$(GO) ./scripts/server.sh start

server-build:
	GO=$(GO) ./scripts/server.sh build

server-stop:
	./scripts/server.sh stop

server-status:
	./scripts/server.sh status

# The server module's vet and tests: the adapter's unit tests and the
# end-to-end games over a real Nakama and PostgreSQL (server/e2e), which
# need the binaries and PostgreSQL's server, so both come first.
test-server: server-build
	@ls /usr/lib/postgresql/*/bin/postgres >/dev/null 2>&1 || { \
		echo "Installing PostgreSQL for the end-to-end test"; \
		$(SUDO) apt-get update && $(SUDO) env DEBIAN_FRONTEND=noninteractive apt-get install -y postgresql; }
	cd server && $(GO) vet ./... && $(GO) test -count=1 -timeout 20m ./...
	$(GO) test -count=1 -run 'TestOnline' ./ui/

# Online play end to end (server/e2e): PostgreSQL and Nakama started in a
# temporary folder on free ports of 127.0.0.1, the app's online/client
# playing every game through them, drops, a killed server, an old client.
# The first Nakama build takes minutes (cached after).
test-online: test-server

# The load test of the server (server/e2e/load_test.go): LOAD_MATCHES
# matches of random checkerboard at once, two clients each; moves per
# second, latency, Nakama's memory and CPU. scripts/load.sh raises the
# open-files limit for 1000 matches.
LOAD_MATCHES ?= 10,100
bench-online: server-build
	LOAD_MATCHES=$(LOAD_MATCHES) GO=$(GO) ./scripts/load.sh

# ---- the web build (web/README.md) ----
#
# make web builds the page into web/dist: our index.html, Go's
# wasm_exec.js, the icon, and tabula.wasm built with -tags no_emoji (the
# app draws no emoji: 9 MB less of font), with .gz and .br copies of the
# big files that webserve sends to browsers that take them. The fyne tool
# is not used: it would bump FyneApp.toml's build number, and the page it
# makes is replaced by ours anyway. The wasm is only replaced, and so only
# compressed again, when the build changed (Go builds are reproducible):
# brotli of 43 MB takes 11 s at quality 9 and 100 s at 11 (7.1 MB against
# 8.3 MB), so a release can ask for BROTLI_Q=11.
WEB_DIST  ?= web/dist
WEB_PORT  ?= 8080
BROTLI_Q  ?= 9
WEB_DEBS   = brotli
WEB_TEST_DEBS = chromium brotli
WEB_BIG    = $(WEB_DIST)/tabula.wasm $(WEB_DIST)/wasm_exec.js

web: $(WEB_BIG:=.gz) $(WEB_BIG:=.br) $(WEB_DIST)/index.html $(WEB_DIST)/idbfs.js $(WEB_DIST)/start.js $(WEB_DIST)/icon.png

# Always run go build (it is quick when nothing changed); keep the old file,
# and its time, when the result is the same.
$(WEB_DIST)/tabula.wasm: FORCE
	@mkdir -p $(WEB_DIST)
	GOOS=js GOARCH=wasm $(GO) build -tags no_emoji -trimpath -o $@.new .
	@if cmp -s $@.new $@; then rm $@.new; else mv $@.new $@; fi

$(WEB_DIST)/wasm_exec.js: FORCE
	@mkdir -p $(WEB_DIST)
	@src=$$($(GO) env GOROOT)/lib/wasm/wasm_exec.js; [ -f $$src ] || src=$$($(GO) env GOROOT)/misc/wasm/wasm_exec.js; \
	cmp -s $$src $@ || cp $$src $@

$(WEB_DIST)/index.html: web/index.html
	@mkdir -p $(WEB_DIST)
	cp $< $@

# The page's own scripts, files of their own so that its
# Content-Security-Policy needs neither inline scripts nor eval:
# start.js starts the app, idbfs.js is the storage's JavaScript half
# (settings/fsys_js.go; the Node tests load the same file).
$(WEB_DIST)/idbfs.js $(WEB_DIST)/start.js: $(WEB_DIST)/%.js: web/%.js
	@mkdir -p $(WEB_DIST)
	cp $< $@

$(WEB_DIST)/icon.png: Icon.png
	@mkdir -p $(WEB_DIST)
	cp $< $@

%.gz: % | web-deps
	gzip -9 -n -k -c $< > $@.tmp && mv $@.tmp $@

%.br: % | web-deps
	brotli -q $(BROTLI_Q) -f -o $@.tmp $< && mv $@.tmp $@ && touch $@

FORCE:

web-deps:
	@missing=$$(for p in $(WEB_DEBS); do dpkg -s $$p >/dev/null 2>&1 || echo $$p; done); \
	if [ -n "$$missing" ]; then \
		echo "Installing what the web build needs: $$missing"; \
		$(SUDO) apt-get update && $(SUDO) env DEBIAN_FRONTEND=noninteractive apt-get install -y $$missing; \
	fi

# The page on http://127.0.0.1:$(WEB_PORT)/ (WEB_PORT=0 takes a free
# port); Ctrl-C, or kill the pid in web/webserve.pid, stops it.
serve-web: web
	$(GO) run ./internal/webserve -dir $(WEB_DIST) -port $(WEB_PORT) -pidfile web/webserve.pid

web-test-deps:
	@missing=$$(for p in $(WEB_TEST_DEBS); do dpkg -s $$p >/dev/null 2>&1 || echo $$p; done); \
	if [ -n "$$missing" ]; then \
		echo "Installing what the browser test needs: $$missing"; \
		$(SUDO) apt-get update && $(SUDO) env DEBIAN_FRONTEND=noninteractive apt-get install -y $$missing; \
	fi
	@command -v npm >/dev/null || { echo "Installing Node.js and npm for the browser test"; \
		$(SUDO) apt-get update && $(SUDO) env DEBIAN_FRONTEND=noninteractive apt-get install -y nodejs npm; }
	@$(MAKE) --no-print-directory web/test/node_modules/.package-lock.json

# playwright-core, as web/test/package-lock.json pins it (npm ci again
# when the lock changes).
web/test/node_modules/.package-lock.json: web/test/package-lock.json
	cd web/test && npm ci --no-audit --no-fund

# The page in headless Chromium (web/test/web.test.mjs): every game at a
# desktop and a phone width, reloads, saves, the longest task while bots
# think.
test-web: web web-test-deps
	cd web/test && GO=$(GO) WEB_DIST=../../$(WEB_DIST) node web.test.mjs

# A trial as a new user would make it (web/test/trial.mjs; not part of
# make test, about half an hour): a whole game of each game against the
# computer, played by clicking the board, at 1280x800, two or three at
# 412x790 and at 360 px wide, a reload in the middle of a game and Resume;
# screenshots and a log into docs/shots/issue22 (TRIAL_SHOTS=dir).
trial-web: web web-test-deps
	cd web/test && GO=$(GO) WEB_DIST=../../$(WEB_DIST) node trial.mjs

clean:
	rm -f $(BIN) $(BIN).exe Tabula.exe *.tar.xz *.zip
	rm -rf $(WEB_DIST)
