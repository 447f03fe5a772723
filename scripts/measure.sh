#!/usr/bin/env bash
# Measures the built binary: size, cold start to the picker window, and the
# resident memory once idle, under Xvfb. Usage: scripts/measure.sh ./tabula
set -euo pipefail
bin=${1:-./tabula}
display=:$((80 + RANDOM % 9))
home=$(mktemp -d)
Xvfb "$display" -screen 0 1280x800x24 >/dev/null 2>&1 &
xvfb=$!
trap 'kill $xvfb 2>/dev/null; rm -rf "$home"' EXIT
sleep 1
echo "binary size: $(du -h "$bin" | cut -f1) ($(stat -c %s "$bin") bytes)"
for run in 1 2 3; do
  start=$(date +%s%N)
  DISPLAY=$display LANG=en_US.UTF-8 TABULA_HOME=$home "$bin" >/dev/null 2>&1 &
  app=$!
  until DISPLAY=$display xdotool search --onlyvisible --name '^Tabula$' >/dev/null 2>&1; do sleep 0.01; done
  end=$(date +%s%N)
  echo "run $run: window with the picker after $(( (end - start) / 1000000 )) ms"
  sleep 5
  echo "run $run: idle resident memory $(( $(awk '/VmRSS/ {print $2}' /proc/$app/status) / 1024 )) MiB"
  kill $app; wait $app 2>/dev/null || true
done
