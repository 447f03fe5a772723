#!/usr/bin/env bash
# The load test of the game server (server/e2e/load_test.go, TestLoad):
# for each N in LOAD_MATCHES, N matches of random checkerboard at once
# with two online/client clients each, on a PostgreSQL + Nakama of its
# own on 127.0.0.1; prints the table (moves/s, latency, memory, CPU).
#
#   LOAD_MATCHES=10,100,1000 LOAD_SECONDS=20 scripts/load.sh
#
# Needs server/bin (scripts/server.sh build) and PostgreSQL's server.
set -euo pipefail
cd "$(dirname "$0")/../server"
GO=${GO:-go}
: "${LOAD_MATCHES:=10,100}"
: "${LOAD_SECONDS:=20}"
# Every client holds a socket in this process and Nakama holds the other
# end (and PostgreSQL connections): 1000 matches are 2000 sockets each
# side. Raise the soft limit of open files as far as the hard one allows.
want=16384
hard=$(ulimit -Hn)
if [ "$hard" != unlimited ] && [ "$hard" -lt "$want" ]; then want=$hard; fi
ulimit -Sn "$want"
echo "open files: $(ulimit -Sn); matches: $LOAD_MATCHES; $LOAD_SECONDS s each"
LOAD_MATCHES=$LOAD_MATCHES LOAD_SECONDS=$LOAD_SECONDS \
	"$GO" test -count=1 -run '^TestLoad$' -v -timeout 60m ./e2e/ 2>&1 |
	grep -E '^\s+(load_test.go|\|)|^---|^(ok|FAIL|PASS)' | sed -e 's/^ *load_test.go:[0-9]*: //' -e 's/^ *|/|/'
