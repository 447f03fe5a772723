# What the smoke runs share (sourced by smoke.sh and smoke-windows.sh).

# start_xvfb starts a virtual X server and sets display (":N") and xvfb (its
# process id). SMOKE_DISPLAY=:N asks for that display; else Xvfb takes a
# free one itself (-displayfd), so two runs on one machine never meet.
start_xvfb() {
  local fdfile
  fdfile=$(mktemp)
  if [ -n "${SMOKE_DISPLAY:-}" ]; then
    Xvfb "$SMOKE_DISPLAY" -screen 0 1280x800x24 >/dev/null 2>&1 &
    xvfb=$!
    display=$SMOKE_DISPLAY
    sleep 1
  else
    Xvfb -displayfd 3 -screen 0 1280x800x24 3>"$fdfile" >/dev/null 2>&1 &
    xvfb=$!
    for _ in $(seq 1 40); do
      [ -s "$fdfile" ] && break
      sleep 0.25
    done
    display=:$(tr -d '[:space:]' <"$fdfile")
  fi
  rm -f "$fdfile"
  if [ "$display" = ":" ] || ! kill -0 "$xvfb" 2>/dev/null; then
    echo "smoke: Xvfb did not start (display ${SMOKE_DISPLAY:-chosen by Xvfb} taken?)"
    return 1
  fi
}

# wait_for_window waits up to $3 seconds for a window whose title matches
# the regular expression $2 on $display while process $1 is alive, and
# prints its X id. Returns 1 if the process ended, 2 on timeout.
wait_for_window() {
  local pid=$1 title=$2 seconds=$3 id
  for _ in $(seq 1 $((seconds * 4))); do
    if id=$(DISPLAY=$display xdotool search --name "$title" 2>/dev/null | head -n 1) && [ -n "$id" ]; then
      echo "$id"
      return 0
    fi
    kill -0 "$pid" 2>/dev/null || return 1
    sleep 0.25
  done
  return 2
}

# window_title prints the title of X window $1.
window_title() {
  DISPLAY=$display xdotool getwindowname "$1"
}

# shoot_drawn saves the whole screen of $display as PNG $1 once it shows
# more than a flat colour, and fails if it does not within $2 seconds: a
# window whose drawing failed (no OpenGL, a blank canvas) has one or two
# colours, the picker or a board with its words hundreds. (Under load the
# first frame can come seconds after the window is mapped.)
shoot_drawn() {
  local shot=$1 seconds=$2 colours
  for _ in $(seq 1 $((seconds * 2))); do
    DISPLAY=$display import -window root "$shot"
    colours=$(identify -format '%k' "$shot")
    [ "$colours" -ge 16 ] && return 0
    sleep 0.5
  done
  echo "smoke: $shot has only $colours colours after ${seconds}s: the window is not drawn"
  return 1
}

# check_differ fails unless screenshots $1 and $2 differ in at least one
# pixel in a hundred (a game's screen is not the picker's).
check_differ() {
  local differ total
  # compare prints the count of differing pixels on stderr (maybe as
  # 1.2e+06), and exits 1 when there are any.
  differ=$(compare -metric AE "$1" "$2" null: 2>&1 >/dev/null || true)
  total=$(identify -format '%w*%h' "$1")
  if ! awk -v d="${differ%% *}" -v t="$((total))" 'BEGIN { exit !(d + 0 >= t / 100) }'; then
    echo "smoke: $2 looks like $1 ($differ of $((total)) pixels differ)"
    return 1
  fi
}

# stop_app ends process $1 with SIGTERM. If it is still there 10s later it
# is a hang worth knowing about, but not what a smoke run tests: it gets
# SIGQUIT (Go then prints every goroutine's stack), the log $2 is kept as
# $3 with that dump, and a warning is printed.
stop_app() {
  local pid=$1 log=$2 kept=$3
  kill "$pid" 2>/dev/null || true
  for _ in $(seq 1 40); do
    kill -0 "$pid" 2>/dev/null || break
    sleep 0.25
  done
  if kill -0 "$pid" 2>/dev/null; then
    kill -QUIT "$pid" 2>/dev/null || true
    sleep 2
    kill -KILL "$pid" 2>/dev/null || true
    cp "$log" "$kept"
    echo "smoke: WARNING: the app was still running 10s after SIGTERM; its goroutines are in $kept"
  fi
  wait "$pid" 2>/dev/null || true
}
