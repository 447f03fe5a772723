#!/usr/bin/env bash
# Smoke test of the real window: start Tabula under a virtual X server,
# check that its window appears and it stays up, save a screenshot, stop.
set -euo pipefail
bin=${1:-./tabula}
out=${SMOKE_OUT:-shots}
mkdir -p "$out"
home=$(mktemp -d)
display=:$((90 + RANDOM % 9))

Xvfb "$display" -screen 0 1280x800x24 >/dev/null 2>&1 &
xvfb=$!
app=
cleanup() {
  [ -n "$app" ] && kill "$app" 2>/dev/null || true
  kill "$xvfb" 2>/dev/null || true
  rm -rf "$home"
}
trap cleanup EXIT
sleep 1

for game in "" classic checkerboard infiltration alcazar revenge knights arena; do
  args=()
  [ -n "$game" ] && args=(--game "$game")
  DISPLAY=$display LANG=en_US.UTF-8 TABULA_HOME=$home "$bin" "${args[@]}" >"$out/smoke.log" 2>&1 &
  app=$!
  found=
  for _ in $(seq 1 40); do
    if DISPLAY=$display xdotool search --name '^Tabula' >/dev/null 2>&1; then found=1; break; fi
    kill -0 "$app" 2>/dev/null || { echo "smoke: tabula exited early"; cat "$out/smoke.log"; exit 1; }
    sleep 0.25
  done
  [ -n "$found" ] || { echo "smoke: no Tabula window appeared"; cat "$out/smoke.log"; exit 1; }
  sleep 2
  kill -0 "$app" 2>/dev/null || { echo "smoke: tabula died"; cat "$out/smoke.log"; exit 1; }
  name=${game:-picker}
  if command -v import >/dev/null; then DISPLAY=$display import -window root "$out/smoke-$name.png"; fi
  kill "$app"; wait "$app" 2>/dev/null || true
  app=
  echo "smoke: the window opened (${name}) and stayed up"
done
