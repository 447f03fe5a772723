#!/usr/bin/env bash
# Compares two sets of screenshots taken by scripts/shots.sh, picture by
# picture, with ImageMagick's `compare -metric AE` (pixels that differ at
# all): prints the count for each, and for those that differ writes an
# image of where into DIFFDIR (default: AFTER-diff). Exits 1 when any
# picture differs or is missing from either set.
# Usage: scripts/shotdiff.sh BEFORE AFTER [DIFFDIR]
set -euo pipefail
shopt -s nullglob
if [ $# -lt 2 ] || [ $# -gt 3 ]; then
  echo "usage: $0 BEFORE AFTER [DIFFDIR]" >&2
  exit 2
fi
before=${1%/} after=${2%/}
diffdir=${3:-$after-diff}
status=0 same=0 differ=0
for a in "$before"/*.png; do
  name=$(basename "$a")
  b=$after/$name
  if [ ! -e "$b" ]; then
    printf '%-40s missing from %s\n' "$name" "$after"
    status=1
    continue
  fi
  sa=$(identify -format '%wx%h' "$a") sb=$(identify -format '%wx%h' "$b")
  if [ "$sa" != "$sb" ]; then
    printf '%-40s size %s, was %s\n' "$name" "$sb" "$sa"
    status=1 differ=$((differ + 1))
    continue
  fi
  mkdir -p "$diffdir"
  # compare prints the count on stderr; it exits 0 when the pictures are
  # the same, 1 when they differ, 2 when it could not compare them.
  rc=0
  pixels=$(compare -metric AE "$a" "$b" "$diffdir/$name" 2>&1 >/dev/null) || rc=$?
  case $rc in
  0)
    rm -f "$diffdir/$name"
    printf '%-40s same\n' "$name"
    same=$((same + 1))
    ;;
  1)
    printf '%-40s %s pixels differ (%s)\n' "$name" "$pixels" "$diffdir/$name"
    status=1 differ=$((differ + 1))
    ;;
  *)
    printf '%-40s not compared: %s\n' "$name" "$pixels"
    status=1
    ;;
  esac
done
for b in "$after"/*.png; do
  [ -e "$before/$(basename "$b")" ] || { printf '%-40s new in %s\n' "$(basename "$b")" "$after"; status=1; }
done
rmdir "$diffdir" 2>/dev/null || true
echo "$same same, $differ differ"
exit $status
