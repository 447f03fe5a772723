#!/usr/bin/env bash
# Tabula's game server on one machine: Nakama with the Tabula plugin, on a
# PostgreSQL cluster of its own.
#
#   scripts/server.sh build     build server/bin/nakama and server/bin/tabula.so
#   scripts/server.sh check     the two were built from one module graph and
#                               toolchain, and Nakama loads the plugin
#   scripts/server.sh start     start PostgreSQL and Nakama in the background
#   scripts/server.sh stop      stop what start started (by its process ids)
#   scripts/server.sh status    say what runs
#   scripts/server.sh run       start both, stay in the foreground, stop both
#                               on Ctrl-C or SIGTERM (for systemd)
#   scripts/server.sh backup [FILE]   pg_dump of the database (server/backups/)
#   scripts/server.sh restore FILE    put a backup back (Nakama stopped)
#
# Settings (environment):
#   TABULA_SERVER_DATA  cluster, logs, pid files (default server/.data)
#   TABULA_PG_PORT      PostgreSQL's port on 127.0.0.1 (default 5439)
#   TABULA_PG_USER      the system user PostgreSQL runs as when this script
#                       runs as root (default postgres; PostgreSQL refuses root)
#   GO                  the go command (default go)
#
# Nakama's own settings are in server/tabula.yml (documented there) and in
# server/secrets.yml, generated on the first start and kept out of git.
set -euo pipefail
export LC_ALL=C # sort and join must agree on the order

ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
SERVER=$ROOT/server
BIN=$SERVER/bin
DATA=${TABULA_SERVER_DATA:-$SERVER/.data}
CONFIG=$SERVER/tabula.yml
SECRETS=$SERVER/secrets.yml
PG_PORT=${TABULA_PG_PORT:-5439}
PG_OS_USER=${TABULA_PG_USER:-postgres}
GO=${GO:-go}
DB_USER=tabula
DB_NAME=nakama

PGDATA_DIR=$DATA/pg
PG_PID=$DATA/postgres.pid
PG_LOG=$DATA/pglog/postgres.log
NAKAMA_PID=$DATA/nakama.pid
NAKAMA_LOG=$DATA/nakama.log

say() { printf '%s\n' "$*"; }
die() { printf 'server.sh: %s\n' "$*" >&2; exit 1; }

SUDO=""
[ "$(id -u)" = 0 ] || SUDO=sudo

# --- building -------------------------------------------------------------

build() {
	cd "$SERVER"
	mkdir -p "$BIN"
	say "Building Nakama (the first build takes several minutes)..."
	"$GO" build -trimpath -o "$BIN/nakama" github.com/heroiclabs/nakama/v3
	say "Building the Tabula plugin..."
	"$GO" build -trimpath -buildmode=plugin -o "$BIN/tabula.so" ./plugin
	check
}

# modules FILE: "module version sum" for each module built into FILE.
modules() {
	"$GO" version -m "$1" | awk '$1 == "dep" || $1 == "=>" { print $2, $3, $4 }' | sort
}

check() {
	[ -x "$BIN/nakama" ] && [ -f "$BIN/tabula.so" ] || die "server/bin/nakama or server/bin/tabula.so is missing: run scripts/server.sh build"
	local a b bad=0
	a=$("$GO" version "$BIN/nakama" | awk '{ print $NF }')
	b=$("$GO" version "$BIN/tabula.so" | awk '{ print $NF }')
	if [ "$a" != "$b" ]; then
		say "Nakama was built with $a and the plugin with $b: rebuild both (scripts/server.sh build)."
		bad=1
	fi
	for f in "$BIN/nakama" "$BIN/tabula.so"; do
		"$GO" version -m "$f" | grep -q -- '-trimpath=true' || { say "$f was built without -trimpath: rebuild both."; bad=1; }
	done
	# Every module that is in both binaries must be the same version: a
	# plugin built against another nakama-common makes Nakama exit at start.
	local mismatch
	mismatch=$(join <(modules "$BIN/nakama" | awk '{ print $1, $2 }') <(modules "$BIN/tabula.so" | awk '{ print $1, $2 }') | awk '$2 != $3')
	if [ -n "$mismatch" ]; then
		say "These modules differ between Nakama and the plugin (module, Nakama's, plugin's):"
		say "$mismatch"
		bad=1
	fi
	[ "$bad" = 0 ] || exit 1
	local shared
	shared=$(join <(modules "$BIN/nakama" | awk '{ print $1 }') <(modules "$BIN/tabula.so" | awk '{ print $1 }') | wc -l)
	say "Nakama and the plugin: one toolchain ($a), -trimpath, $shared shared modules at the same versions."
	# Nakama's own check loads the plugin as the server would.
	local log
	log=$(mktemp)
	if ! (cd "$(dirname "$log")" && "$BIN/nakama" check --runtime.path "$BIN") >"$log" 2>&1; then
		cat "$log" >&2
		rm -f "$log"
		die "Nakama could not load the plugin (above)."
	fi
	rm -f "$log"
	say "Nakama loads the plugin."
}

ensure_built() {
	[ -x "$BIN/nakama" ] && [ -f "$BIN/tabula.so" ] || build
}

# --- PostgreSQL -------------------------------------------------------------

pg_bindir() {
	local d
	d=$(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -n 1)
	[ -n "$d" ] && [ -x "$d/initdb" ] && { echo "$d"; return; }
	command -v initdb >/dev/null 2>&1 && { dirname "$(command -v initdb)"; return; }
	return 1
}

ensure_postgres_installed() {
	pg_bindir >/dev/null && return
	say "Installing PostgreSQL from Debian..."
	$SUDO apt-get update
	$SUDO env DEBIAN_FRONTEND=noninteractive apt-get install -y postgresql
	pg_bindir >/dev/null || die "PostgreSQL's initdb is still missing after apt-get install postgresql"
}

# as_pg CMD...: run a PostgreSQL tool as the user that owns the cluster.
# PostgreSQL refuses to run as root, so root hands it to $PG_OS_USER.
as_pg() {
	if [ "$(id -u)" = 0 ]; then
		id "$PG_OS_USER" >/dev/null 2>&1 || die "PostgreSQL refuses to run as root and there is no user $PG_OS_USER: create one or set TABULA_PG_USER"
		runuser -u "$PG_OS_USER" -- "$@"
	else
		"$@"
	fi
}

pg_password() { cut -d: -f5 "$DATA/pgpass"; }

init_cluster() {
	[ -f "$PGDATA_DIR/PG_VERSION" ] && return
	local bindir
	bindir=$(pg_bindir)
	say "Creating a PostgreSQL cluster in $PGDATA_DIR (port $PG_PORT, 127.0.0.1 only)..."
	mkdir -p "$DATA" "$PGDATA_DIR" "$(dirname "$PG_LOG")"
	chmod 700 "$PGDATA_DIR"
	# The cluster's password: in a pgpass file for this script's psql and
	# pg_dump, and in server/.data/database.yml for Nakama.
	( umask 077; printf '127.0.0.1:*:*:%s:%s\n' "$DB_USER" "$(random_key)" >"$DATA/pgpass" )
	local pwfile=$PGDATA_DIR.pw
	( umask 077; pg_password >"$pwfile" )
	if [ "$(id -u)" = 0 ]; then
		chown "$PG_OS_USER" "$PGDATA_DIR" "$(dirname "$PG_LOG")" "$pwfile"
		# PostgreSQL's user must be able to reach the folder.
		chmod o+x "$DATA"
		if ! runuser -u "$PG_OS_USER" -- test -x "$PGDATA_DIR"; then
			rm -rf "$PGDATA_DIR" "$pwfile" "$DATA/pgpass"
			die "PostgreSQL runs as $PG_OS_USER, who cannot reach $DATA (a folder above it is closed to other users): set TABULA_SERVER_DATA to a folder it can reach, such as /var/lib/tabula, or run this script as a user of its own"
		fi
	fi
	as_pg "$bindir/initdb" -D "$PGDATA_DIR" -U "$DB_USER" --pwfile="$pwfile" \
		--auth-local=scram-sha-256 --auth-host=scram-sha-256 -E UTF8 --locale=C >"$DATA/initdb.log" 2>&1 \
		|| { rm -f "$pwfile"; cat "$DATA/initdb.log" >&2; die "initdb failed (above)"; }
	rm -f "$pwfile"
	# Only TCP on 127.0.0.1: no socket in /var/run/postgresql to share.
	as_pg sh -c "printf '%s\n' \"listen_addresses = '127.0.0.1'\" \"unix_socket_directories = ''\" >> '$PGDATA_DIR/postgresql.conf'"
}

# Nakama's database, created once (Nakama itself would look for a database
# named after the user to create it from).
ensure_database() {
	local bindir have
	bindir=$(pg_bindir)
	have=$(PGPASSFILE=$DATA/pgpass "$bindir/psql" -h 127.0.0.1 -p "$PG_PORT" -U "$DB_USER" -d postgres -tAc \
		"SELECT 1 FROM pg_database WHERE datname = '$DB_NAME'")
	[ "$have" = 1 ] || PGPASSFILE=$DATA/pgpass "$bindir/createdb" -h 127.0.0.1 -p "$PG_PORT" -U "$DB_USER" "$DB_NAME"
}

# alive PIDFILE WORD: the process in PIDFILE runs and its command line
# holds WORD (so a pid reused by another program is never ours).
alive() {
	local pid
	[ -f "$1" ] || return 1
	pid=$(cat "$1")
	[ -n "$pid" ] && [ -r "/proc/$pid/cmdline" ] || return 1
	tr '\0' ' ' <"/proc/$pid/cmdline" | grep -q -- "$2"
}

pg_running() { alive "$PG_PID" "$PGDATA_DIR"; }

start_pg() {
	ensure_postgres_installed
	init_cluster
	if pg_running; then
		say "PostgreSQL already runs (pid $(cat "$PG_PID"))."
		return
	fi
	if [ -f "$PGDATA_DIR/postmaster.pid" ]; then
		local other
		other=$(head -n 1 "$PGDATA_DIR/postmaster.pid")
		if [ -d "/proc/$other" ]; then
			die "a PostgreSQL (pid $other) this script did not start runs on $PGDATA_DIR: stop it first"
		fi
	fi
	local bindir
	bindir=$(pg_bindir)
	as_pg "$bindir/pg_ctl" -D "$PGDATA_DIR" -l "$PG_LOG" -o "-p $PG_PORT" -w -t 60 start >/dev/null \
		|| { tail -n 20 "$PG_LOG" >&2; die "PostgreSQL did not start (its log above, all of it in $PG_LOG)"; }
	head -n 1 "$PGDATA_DIR/postmaster.pid" >"$PG_PID"
	ensure_database
	say "PostgreSQL runs (pid $(cat "$PG_PID"), 127.0.0.1:$PG_PORT, log $PG_LOG)."
}

# stop_pid PIDFILE WORD NAME SIGNAL: stop the process of PIDFILE, only if
# it is ours, and wait for it to end.
stop_pid() {
	local file=$1 word=$2 name=$3 sig=$4 pid i
	if ! alive "$file" "$word"; then
		rm -f "$file"
		say "$name is not running."
		return
	fi
	pid=$(cat "$file")
	kill "-$sig" "$pid"
	for i in $(seq 1 300); do
		[ -d "/proc/$pid" ] || break
		sleep 0.1
	done
	if [ -d "/proc/$pid" ]; then
		say "$name (pid $pid) did not stop in 30 s: killing it."
		kill -KILL "$pid" 2>/dev/null || true
	fi
	rm -f "$file"
	say "$name stopped (pid $pid)."
}

# --- Nakama -------------------------------------------------------------

random_key() { head -c 32 /dev/urandom | base64 | tr -d '/+=\n' | cut -c 1-32; }

ensure_secrets() {
	[ -f "$SECRETS" ] && return
	say "Generating the server's keys into server/secrets.yml (not in git; keep it)..."
	( umask 077; cat >"$SECRETS" <<EOF
# Generated by scripts/server.sh on $(date -u +%Y-%m-%d). Keep this file
# and back it up: new session keys sign every player out. Not in git.
session:
  # Sign the session and refresh tokens clients get at sign-in.
  encryption_key: "$(random_key)"
  refresh_encryption_key: "$(random_key)"
console:
  # Nakama's web console (127.0.0.1:7351), user tabula (server/tabula.yml).
  password: "$(random_key)"
  signing_key: "$(random_key)"
runtime:
  # Key of Nakama's server-to-server HTTP RPC calls (Tabula does not use them).
  http_key: "$(random_key)"
EOF
	)
}

write_database_config() {
	( umask 077; cat >"$DATA/database.yml" <<EOF
# Written by scripts/server.sh on every start: the cluster in $PGDATA_DIR.
database:
  address:
    - "$DB_USER:$(pg_password)@127.0.0.1:$PG_PORT/$DB_NAME"
EOF
	)
}

nakama_args() {
	printf '%s\n' --config "$CONFIG" --config "$SECRETS" --config "$DATA/database.yml" \
		--data_dir "$DATA/nakama" --runtime.path "$BIN"
}

prepare() {
	ensure_built
	ensure_secrets
	start_pg
	write_database_config
	mkdir -p "$DATA/nakama"
	local args
	mapfile -t args < <(nakama_args)
	say "Bringing the database up to date (nakama migrate up)..."
	"$BIN/nakama" migrate up "${args[@]}" >"$DATA/migrate.log" 2>&1 \
		|| { tail -n 20 "$DATA/migrate.log" >&2; die "nakama migrate up failed (above)"; }
}

nakama_running() { alive "$NAKAMA_PID" "$BIN/nakama"; }

# wait_nakama PID: until Nakama says it is ready, or it has exited.
wait_nakama() {
	local pid=$1 i
	for i in $(seq 1 600); do
		grep -q '"Startup done"' "$NAKAMA_LOG" 2>/dev/null && return 0
		[ -d "/proc/$pid" ] || return 1
		sleep 0.1
	done
	return 1
}

listen_line() {
	local addr port
	addr=$(awk '/^socket:/ { s = 1; next } /^[a-z]/ { s = 0 } s && $1 == "address:" { print $2 }' "$CONFIG")
	port=$(awk '/^socket:/ { s = 1; next } /^[a-z]/ { s = 0 } s && $1 == "port:" { print $2 }' "$CONFIG")
	echo "${addr:-all addresses}:${port:-7350}"
}

start() {
	if nakama_running; then
		say "Nakama already runs (pid $(cat "$NAKAMA_PID"))."
		return
	fi
	prepare
	local args
	mapfile -t args < <(nakama_args)
	: >"$NAKAMA_LOG"
	nohup "$BIN/nakama" "${args[@]}" >>"$NAKAMA_LOG" 2>&1 </dev/null &
	local pid=$!
	echo "$pid" >"$NAKAMA_PID"
	if ! wait_nakama "$pid"; then
		tail -n 20 "$NAKAMA_LOG" >&2
		die "Nakama did not start (its log above, all of it in $NAKAMA_LOG); PostgreSQL still runs: scripts/server.sh stop"
	fi
	say "Nakama runs (pid $pid) on $(listen_line), log $NAKAMA_LOG."
}

stop() {
	stop_pid "$NAKAMA_PID" "$BIN/nakama" Nakama TERM
	# SIGINT is PostgreSQL's fast shutdown: sessions end, data is safe.
	stop_pid "$PG_PID" "$PGDATA_DIR" PostgreSQL INT
}

status() {
	local rc=0
	if nakama_running; then
		say "Nakama runs (pid $(cat "$NAKAMA_PID")) on $(listen_line)."
	else
		say "Nakama is not running."
		rc=3
	fi
	if pg_running; then
		say "PostgreSQL runs (pid $(cat "$PG_PID")) on 127.0.0.1:$PG_PORT, data in $PGDATA_DIR."
	else
		say "PostgreSQL is not running."
		rc=3
	fi
	return $rc
}

run() {
	if nakama_running; then
		die "Nakama already runs (pid $(cat "$NAKAMA_PID")): scripts/server.sh stop first"
	fi
	prepare
	local args
	mapfile -t args < <(nakama_args)
	: >"$NAKAMA_LOG"
	"$BIN/nakama" "${args[@]}" > >(tee -a "$NAKAMA_LOG") 2>&1 </dev/null &
	local pid=$!
	echo "$pid" >"$NAKAMA_PID"
	trap 'stop; exit 0' INT TERM
	local rc=0
	wait "$pid" || rc=$?
	trap - INT TERM
	say "Nakama exited ($rc)."
	stop
	return $rc
}

backup() {
	local file=${1:-$SERVER/backups/tabula-$(date -u +%Y%m%d-%H%M%S).dump}
	pg_running || die "PostgreSQL is not running: scripts/server.sh start first"
	mkdir -p "$(dirname "$file")"
	PGPASSFILE=$DATA/pgpass "$(pg_bindir)/pg_dump" -h 127.0.0.1 -p "$PG_PORT" -U "$DB_USER" -Fc -f "$file" "$DB_NAME"
	say "Backed up to $file ($(du -h "$file" | cut -f 1))."
}

restore() {
	local file=${1:-}
	[ -n "$file" ] || die "restore needs the backup file: scripts/server.sh restore FILE"
	[ -f "$file" ] || die "there is no backup file $file"
	nakama_running && die "Nakama runs: stop it first (scripts/server.sh stop), restore, then start"
	start_pg
	PGPASSFILE=$DATA/pgpass "$(pg_bindir)/pg_restore" -h 127.0.0.1 -p "$PG_PORT" -U "$DB_USER" \
		--clean --if-exists --create -d postgres "$file"
	say "Restored $file. Start the server with scripts/server.sh start."
}

case "${1:-}" in
build) build ;;
check) check ;;
start) start ;;
stop) stop ;;
status) status ;;
run) run ;;
backup) backup "${2:-}" ;;
restore) restore "${2:-}" ;;
*) die "usage: scripts/server.sh build|check|start|stop|status|run|backup [FILE]|restore FILE" ;;
esac
