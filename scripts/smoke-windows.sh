#!/usr/bin/env bash
# Smoke test of the Windows package under Wine: start Tabula.exe (built by
# `make package-windows`) under a virtual X server, check that the picker's
# window appears, stays up and is drawn, then that `--game classic` opens a
# game ("Tabula - <game>" in the title, a screen unlike the picker's), and
# save both screenshots as $SMOKE_OUT/smoke-windows-*.png.
#
# Everything runs in a Wine prefix of its own under a temporary folder,
# removed at the end, with HOME pointed there too so Wine leaves nothing in
# the user's home. Debian bookworm's Wine 8.0 lacks bcryptprimitives.dll,
# which Go's runtime needs since Go 1.22; the prefix gets a test-only one
# built here from scripts/wine/bcryptprimitives.c (never shipped).
set -euo pipefail
exe=${1:-./Tabula.exe}
out=${SMOKE_OUT:-shots}
scripts=$(cd "$(dirname "$0")" && pwd)
# shellcheck source=scripts/smoke-lib.sh
. "$scripts/smoke-lib.sh"

fail() {
  echo "smoke-windows: $*"
  exit 1
}

# Debian's /usr/bin/wine wrapper prints a hint about the missing 32-bit Wine
# on every start; its 64-bit loader is all a 64-bit program needs.
wine=/usr/lib/wine/wine64
[ -x "$wine" ] || wine=$(command -v wine64 || command -v wine) || fail "Wine is not installed (Debian: apt-get install wine wine64)"
command -v wineserver >/dev/null || fail "wineserver is not installed"
command -v x86_64-w64-mingw32-gcc >/dev/null || fail "x86_64-w64-mingw32-gcc is not installed (Debian: gcc-mingw-w64-x86-64)"
[ -f "$exe" ] || fail "$exe not found: run 'make package-windows' first"
exe=$(cd "$(dirname "$exe")" && pwd)/$(basename "$exe")

mkdir -p "$out"
tmp=$(mktemp -d)
# What wineboot says, and then what each run of Tabula.exe and Wine say.
log=$out/smoke-windows-boot.log
: >"$log"
export WINEPREFIX=$tmp/prefix WINELOADER=$wine HOME=$tmp
# No Mono or Gecko installers (Tabula needs neither) and no menu entries.
export WINEDLLOVERRIDES="mscoree,mshtml,winemenubuilder.exe="
export WINEDEBUG=${WINEDEBUG:-fixme-all}
# Tabula's own folder, as a Windows path through Wine's Z: drive.
mkdir "$tmp/home"
tabula_home="Z:${tmp//\//\\}\\home"

xvfb=
app=
cleanup() {
  [ -n "$app" ] && kill "$app" 2>/dev/null || true
  if [ -d "$WINEPREFIX" ]; then
    # Stops every process of this prefix (and only of this prefix).
    wineserver -k 2>/dev/null || true
    wineserver -w 2>/dev/null || true
  fi
  [ -n "$app" ] && wait "$app" 2>/dev/null || true
  [ -n "$xvfb" ] && kill "$xvfb" 2>/dev/null || true
  rm -rf "$tmp"
}
trap cleanup EXIT

x86_64-w64-mingw32-gcc -shared -O2 -s -Wall -o "$tmp/bcryptprimitives.dll" \
  "$scripts/wine/bcryptprimitives.c" -ladvapi32 >>"$log" 2>&1 ||
  fail "could not build the test-only bcryptprimitives.dll (see $log)"

start_xvfb || exit 1
export DISPLAY=$display

started=$(date +%s)
"$wine" wineboot --init >>"$log" 2>&1 || fail "wineboot could not make a Wine prefix (see $log)"
wineserver -w
cp "$tmp/bcryptprimitives.dll" "$WINEPREFIX/drive_c/windows/system32/"
echo "smoke-windows: Wine prefix ready in $(($(date +%s) - started))s"

# run starts Tabula.exe with arguments $3..., waits for a window titled
# like $1, checks it, saves $out/smoke-windows-$2.png, and stops it.
run() {
  local title=$1 name=$2 id shot=$out/smoke-windows-$2.png
  log=$out/smoke-windows-$2.log
  shift 2
  started=$(date +%s)
  LANG=en_US.UTF-8 TABULA_HOME=$tabula_home "$wine" "$exe" "$@" >"$log" 2>&1 &
  app=$!
  status=0
  id=$(wait_for_window "$app" "$title" 60) || status=$?
  if [ "$status" != 0 ]; then
    echo "smoke-windows: the last words of Tabula.exe and Wine ($log):"
    tail -n 40 "$log"
    if grep -q 'bcryptprimitives.dll not found' "$log"; then
      echo "smoke-windows: Go's runtime found no bcryptprimitives.dll in the prefix's system32"
    fi
    [ "$status" = 1 ] && fail "Tabula.exe ended under Wine before a window titled like '$title' came up ($name)"
    fail "no window titled like '$title' came up within 60s ($name)"
  fi
  sleep 2
  kill -0 "$app" 2>/dev/null || { tail -n 40 "$log"; fail "Tabula.exe died after its window came up ($name)"; }
  shoot_drawn "$shot" 20 || { tail -n 40 "$log"; exit 1; }
  echo "smoke-windows: '$(window_title "$id")' opened in $(($(date +%s) - started))s and stayed up ($shot)"
  wineserver -k
  wait "$app" 2>/dev/null || true
  app=
  wineserver -w
}

run '^Tabula$' picker
run '^Tabula - ' classic --game classic
check_differ "$out/smoke-windows-picker.png" "$out/smoke-windows-classic.png"
