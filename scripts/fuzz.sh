#!/usr/bin/env bash
# Runs every Go fuzz target of the repository, one after the other, for
# FUZZTIME each (default 60s). Targets are found, not listed: any
# `func FuzzXxx` at the start of a line in a *_test.go file is run in its
# package, so a new target joins `make fuzz` by being written.
# Usage: scripts/fuzz.sh [FILTER]   (FILTER: a grep pattern on "pkg FuzzName")
set -euo pipefail
cd "$(dirname "$0")/.."
go=${GO:-go}
fuzztime=${FUZZTIME:-60s}
# Minimising a new interesting input may take a worker the whole minute
# (seen with FuzzConfigFile, whose inputs are TOML files): bound it, so the
# time goes to fuzzing. A crasher is still minimised, for this long.
minimize=${FUZZMINIMIZETIME:-5s}
filter=${1:-.}

targets=$(grep -rHo --include='*_test.go' --exclude-dir=.git '^func Fuzz[A-Za-z0-9_]*' . |
  sed -E 's|^(.*)/[^/]*_test\.go:func (Fuzz[A-Za-z0-9_]*)$|\1 \2|' | sort -u | grep -- "$filter" || true)
if [ -z "$targets" ]; then
  echo "no fuzz targets found" >&2
  exit 1
fi

failed=()
while read -r pkg name; do
  echo "== $name ($pkg, $fuzztime)"
  if ! "$go" test -run '^$' -fuzz "^$name\$" -fuzztime "$fuzztime" -fuzzminimizetime "$minimize" "$pkg" </dev/null; then
    failed+=("$name ($pkg)")
  fi
done <<<"$targets"

n=$(wc -l <<<"$targets")
if [ ${#failed[@]} -gt 0 ]; then
  echo "${#failed[@]} of $n fuzz targets failed:" >&2
  printf '  %s\n' "${failed[@]}" >&2
  exit 1
fi
echo "all $n fuzz targets passed ($fuzztime each)"
