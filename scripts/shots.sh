#!/usr/bin/env bash
# Takes a screenshot of every board, mid-game and finished, on the desktop
# (1280 x 800) and on a phone (412 x 790), into OUTDIR: the same pictures,
# byte for byte, every time on the same code (ui/shots_test.go says how).
# Compare two sets with scripts/shotdiff.sh BEFORE AFTER.
# Usage: scripts/shots.sh OUTDIR   (OUTDIR: a new or empty folder)
set -euo pipefail
if [ $# -ne 1 ]; then
  echo "usage: $0 OUTDIR" >&2
  exit 2
fi
mkdir -p "$1"
out=$(cd "$1" && pwd) # go test runs in ui/: the folder must not be relative
if compgen -G "$out/*.png" >/dev/null; then
  echo "$out already holds pictures: pick an empty folder" >&2
  exit 2
fi
cd "$(dirname "$0")/.."
go=${GO:-go}
# One language for Fyne's own words, whatever the machine's locale.
# -count=1: a cached pass would write no pictures.
export LANG=en_US.UTF-8 TABULA_SHOTS=$out
"$go" test -count=1 -tags shots -run '^TestShots$' ./ui/
# On Fyne's test driver the device is a phone under the mobile tag.
"$go" test -count=1 -tags 'shots mobile' -run '^TestShots$' ./ui/
echo "$(ls "$out"/*.png | wc -l) pictures in $out"
