# SPDX-License-Identifier: GPL-3.0-or-later
# shellcheck shell=bash
# The demo's live workload: pgbench running the scripts of resources/workload/ over the ported seed
# procedures, against the current PG* environment (PGHOST, PGPORT, PGUSER, PGDATABASE).
#
# Usage (sourced):
#   workload_start [--producer-rate N] [--workers N] [--failure-pct P] [--crash-pct P]
#                  [--duration S] [--send-ms MS] [--sick-pct P]
#   workload_status          # one line per pgbench process and its latest progress line
#   workload_stop            # stops exactly the processes workload_start started
#
# What runs (one pgbench process each, under a supervisor that starts it again after a failure, e.g.
# when the server restarted; the supervisor's pid is the one recorded):
#   app_outbox_producer  -R N       events/s into app_outbox (20 event types, 8 destinations)
#   app_outbox_worker    -c W       workers: claim one, "send" (~MS ms), then sent / transient
#                                   failure (mark_retry) / permanent failure (mark_failed) / crash
#   batch_producer       -R N/4     work items/s for today's business date
#   batch_worker         -c W/2     claim up to 5 items, process, success / error / crash
#   outbox_producer      -R N/2     events/s into outbox (seed 004)
#   outbox_relay         -c 1       relay: claim 50 unpublished, publish, mark, commit / crash
# Defaults: --producer-rate 20 --workers 3 --failure-pct 10 (80% of failures transient, 20%
# permanent) --crash-pct 0.5 (of claims) --duration 0 (until workload_stop) --send-ms 20
# --sick-pct 60 (extra transient failures on the sick destination SHIPPING_API).
# Logs and pids live in $OM_WORKLOAD_DIR (a fresh /tmp/omwl.* unless set).
# Needs the demo database: scripts/lib/loaddemo.sh (demo_load) installs what the scripts call.

_wl_top=$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)

# one supervised pgbench in the background, the supervisor's pid recorded: name, pgbench args...
_wl_spawn() {
  local name=$1; shift
  : >"$OM_WORKLOAD_DIR/$name.log"
  _wl_supervise "$name" "$@" </dev/null >/dev/null 2>&1 &
  echo "$! $name" >>"$OM_WORKLOAD_DIR/pids"
}

# Runs one pgbench until it ends by itself (its -T) or the supervisor gets TERM. pgbench gives up
# when its server goes away (a restart, a crash: "client aborted", exit 2), and the demo's queue
# must move again once the server is back: so a failed run is started again, after 1 s, then 2, 4 …
# up to 30 s while it keeps failing at once (back to 1 s after a run that lasted).
_wl_supervise() {
  local name=$1; shift
  local log=$OM_WORKLOAD_DIR/$name.log child='' delay=1 started rc
  trap 'if [ -n "$child" ]; then kill -TERM "$child" 2>/dev/null; wait "$child" 2>/dev/null; fi; exit 0' TERM
  while true; do
    started=$SECONDS
    pgbench "$@" >>"$log" 2>&1 &
    child=$!
    rc=0; wait "$child" || rc=$?
    child=''
    [ "$rc" = 0 ] && exit 0
    [ $(( SECONDS - started )) -lt 30 ] || delay=1
    echo "workload: $name: pgbench ended (status $rc); starting again in $delay s" >>"$log"
    sleep "$delay" &
    child=$!
    wait "$child" || true
    child=''
    delay=$(( delay * 2 > 30 ? 30 : delay * 2 ))
  done
}

# is this pid still one of our supervisors (and not a recycled pid)? A supervisor is a bash subshell.
_wl_alive() { [ "$(cat "/proc/$1/comm" 2>/dev/null)" = bash ]; }

# percent (may be fractional) -> basis points (integer)
_wl_bp() { awk -v p="$1" 'BEGIN { printf "%d", p * 100 + 0.5 }'; }

workload_start() {
  local rate=20 workers=3 failure=10 crash=0.5 duration=0 send_ms=20 sick=60
  while [ $# -gt 0 ]; do
    case "$1" in
      --producer-rate) rate=$2; shift ;;
      --workers) workers=$2; shift ;;
      --failure-pct) failure=$2; shift ;;
      --crash-pct) crash=$2; shift ;;
      --duration) duration=$2; shift ;;
      --send-ms) send_ms=$2; shift ;;
      --sick-pct) sick=$2; shift ;;
      *) echo "workload_start: unknown option $1" >&2; return 2 ;;
    esac
    shift
  done
  if [ -n "${OM_WORKLOAD_PIDS:-}" ]; then
    echo "workload_start: already running (workload_stop first)" >&2; return 1
  fi
  command -v pgbench >/dev/null || { echo "workload_start: pgbench not found" >&2; return 1; }

  local fail_bp crash_bp trans_bp perm_bp sick_bp
  fail_bp=$(_wl_bp "$failure"); crash_bp=$(_wl_bp "$crash"); sick_bp=$(_wl_bp "$sick")
  perm_bp=$(( fail_bp / 5 )); trans_bp=$(( fail_bp - perm_bp ))
  local send_min=$(( send_ms / 2 )) send_max=$(( send_ms * 3 / 2 + 1 ))
  local batch_workers=$(( workers / 2 )); [ "$batch_workers" -ge 1 ] || batch_workers=1
  local t=$duration; [ "$t" -gt 0 ] || t=31536000          # "until stopped": a year
  # pgbench -R takes transactions/s (fractions allowed); keep every producer above zero
  local rate_batch rate_outbox
  rate_batch=$(awk -v r="$rate" 'BEGIN { x = r / 4; if (x < 0.1) x = 0.1; printf "%g", x }')
  rate_outbox=$(awk -v r="$rate" 'BEGIN { x = r / 2; if (x < 0.1) x = 0.1; printf "%g", x }')

  export OM_WORKLOAD_DIR=${OM_WORKLOAD_DIR:-$(mktemp -d /tmp/omwl.XXXXXX)}
  mkdir -p "$OM_WORKLOAD_DIR"
  : >"$OM_WORKLOAD_DIR/pids"
  local w=$_wl_top/resources/workload
  local common=(-n -j 1 -T "$t" -P 10)

  if [ "$rate" != 0 ]; then
    _wl_spawn app_outbox_producer "${common[@]}" -c 2 -R "$rate" \
        -D dup_pct=2 -f "$w/app_outbox_producer.sql"
    _wl_spawn batch_producer "${common[@]}" -c 1 -R "$rate_batch" \
        -f "$w/batch_producer.sql"
    _wl_spawn outbox_producer "${common[@]}" -c 1 -R "$rate_outbox" \
        -f "$w/outbox_producer.sql"
  fi
  if [ "$workers" -gt 0 ]; then
    _wl_spawn app_outbox_worker "${common[@]}" -c "$workers" \
        -D crash_bp="$crash_bp" -D perm_bp="$perm_bp" -D trans_bp="$trans_bp" \
        -D sick_bp="$sick_bp" -D send_ms_min="$send_min" -D send_ms_max="$send_max" \
        -D idle_ms=200 -f "$w/app_outbox_worker.sql"
    _wl_spawn batch_worker "${common[@]}" -c "$batch_workers" \
        -D batch_size=5 -D item_ms="$send_ms" -D err_bp="$fail_bp" -D crash_bp="$crash_bp" \
        -D idle_ms=500 -D gen="$(date +%s)" -f "$w/batch_worker.sql"
    _wl_spawn outbox_relay "${common[@]}" -c 1 \
        -D relay_batch=50 -D publish_ms="$send_ms" -D crash_bp="$crash_bp" -D idle_ms=200 \
        -f "$w/outbox_relay.sql"
  fi

  OM_WORKLOAD_PIDS=$(awk '{print $1}' "$OM_WORKLOAD_DIR/pids" | tr '\n' ' ')
  export OM_WORKLOAD_PIDS
  sleep 1
  local pid name dead=0
  while read -r pid name; do
    # a pgbench that fails at once (bad script, no server) would be restarted for ever: give up
    if ! _wl_alive "$pid" || grep -q '^workload: .* pgbench ended' "$OM_WORKLOAD_DIR/$name.log"; then
      echo "workload_start: $name exited at once:" >&2; tail -5 "$OM_WORKLOAD_DIR/$name.log" >&2
      dead=1
    fi
  done <"$OM_WORKLOAD_DIR/pids"
  if [ "$dead" = 1 ]; then workload_stop; return 1; fi
  echo "workload: producers ${rate}/s, $workers workers, failures ${failure}%, crashes ${crash}%," \
       "logs in $OM_WORKLOAD_DIR"
}

workload_status() {
  if [ -z "${OM_WORKLOAD_DIR:-}" ] || [ ! -f "$OM_WORKLOAD_DIR/pids" ]; then
    echo "workload: not started"; return 1
  fi
  local pid name state
  while read -r pid name; do
    if _wl_alive "$pid"; then state=running; else state=stopped; fi
    printf '%-20s %-8s %s\n' "$name" "$state" "$(grep -a 'progress:' "$OM_WORKLOAD_DIR/$name.log" | tail -1)"
  done <"$OM_WORKLOAD_DIR/pids"
}

workload_stop() {
  [ -n "${OM_WORKLOAD_DIR:-}" ] && [ -f "$OM_WORKLOAD_DIR/pids" ] || return 0
  local pid name
  while read -r pid name; do
    if _wl_alive "$pid"; then kill -TERM "$pid" 2>/dev/null || true; fi
  done <"$OM_WORKLOAD_DIR/pids"
  for _ in $(seq 1 50); do
    local alive=0
    while read -r pid name; do if _wl_alive "$pid"; then alive=1; fi; done <"$OM_WORKLOAD_DIR/pids"
    [ "$alive" = 0 ] && break
    sleep 0.1
  done
  while read -r pid name; do
    if _wl_alive "$pid"; then
      # its pgbench first, or it would be left running without anyone to stop it
      for child in $(cat "/proc/$pid/task/$pid/children" 2>/dev/null); do kill -KILL "$child" 2>/dev/null || true; done
      kill -KILL "$pid" 2>/dev/null || true
    fi
  done <"$OM_WORKLOAD_DIR/pids"
  # reap them when they are children of this shell (quietly: wait reports their signal)
  while read -r pid name; do wait "$pid" 2>/dev/null || true; done <"$OM_WORKLOAD_DIR/pids"
  : >"$OM_WORKLOAD_DIR/pids"
  unset OM_WORKLOAD_PIDS
}
