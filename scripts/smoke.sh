#!/usr/bin/env bash
# Smoke test of the real window: start Tabula under a virtual X server,
# check that its window appears, stays up and is drawn (the picker, then
# each game by --game, titled "Tabula - <game>" and unlike the picker), save
# a screenshot of each as $SMOKE_OUT/smoke-*.png, stop.
set -euo pipefail
bin=${1:-./tabula}
out=${SMOKE_OUT:-shots}
scripts=$(cd "$(dirname "$0")" && pwd)
# shellcheck source=scripts/smoke-lib.sh
. "$scripts/smoke-lib.sh"
mkdir -p "$out"
home=$(mktemp -d)

xvfb=
app=
cleanup() {
  [ -n "$app" ] && kill "$app" 2>/dev/null || true
  [ -n "$xvfb" ] && kill "$xvfb" 2>/dev/null || true
  rm -rf "$home"
}
trap cleanup EXIT
start_xvfb || exit 1

# The picker, then every game the binary offers (`tabula games`).
ids=$("$bin" games | cut -f1) || { echo "smoke: $bin games failed" >&2; exit 1; }
[ "$(echo "$ids" | wc -l)" -ge 7 ] || { echo "smoke: $bin offers only: $ids" >&2; exit 1; }
for game in "" $ids; do
  args=()
  title='^Tabula$'
  [ -n "$game" ] && args=(--game "$game") && title='^Tabula - '
  DISPLAY=$display LANG=en_US.UTF-8 TABULA_HOME=$home "$bin" "${args[@]}" >"$out/smoke.log" 2>&1 &
  app=$!
  status=0
  id=$(wait_for_window "$app" "$title" 10) || status=$?
  [ "$status" = 1 ] && { echo "smoke: tabula exited early"; cat "$out/smoke.log"; exit 1; }
  [ "$status" = 2 ] && { echo "smoke: no window titled like '$title' appeared"; cat "$out/smoke.log"; exit 1; }
  sleep 2
  kill -0 "$app" 2>/dev/null || { echo "smoke: tabula died"; cat "$out/smoke.log"; exit 1; }
  name=${game:-picker}
  shoot_drawn "$out/smoke-$name.png" 20 || { cat "$out/smoke.log"; exit 1; }
  [ -n "$game" ] && check_differ "$out/smoke-picker.png" "$out/smoke-$name.png"
  opened=$(window_title "$id")
  stop_app "$app" "$out/smoke.log" "$out/smoke-$name-hang.log"
  app=
  echo "smoke: the window opened ('$opened') and stayed up"
done
