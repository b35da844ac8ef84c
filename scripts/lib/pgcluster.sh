# SPDX-License-Identifier: GPL-3.0-or-later
# shellcheck shell=bash
# A private, throwaway PostgreSQL 15 cluster: its own data directory, its own Unix socket
# directory and a free TCP port on 127.0.0.1. Never touches the system cluster.
#
# Usage (sourced):  pg_cluster_start [DIR]   -> exports PGHOST PGPORT PGUSER PGDATABASE, OM_PG_DIR
#                   pg_standby_start        -> a streaming standby of it: OM_PG_STANDBY_PORT
#                   (pgtls.sh: pg_tls_start -> a TLS server beside it, for the TLS tests)
#                   pg_failover_start       -> a second, small primary and its standby, for the one test
#                                              that stops a primary and promotes a standby
#                   pg_cluster_stop         -> stops the cluster of OM_PG_DIR and its standby
#                   pg_failover_stop        -> stops the failover pair
# initdb and postgres refuse to run as root, so as root the server runs as the `postgres` user.
# Works from any checkout: the server's tools run from / (the caller's directory, e.g. a clone under
# /root, may be closed to `postgres`, and they would first print "could not change directory").

PG_BIN=${PG_BIN:-/usr/lib/postgresql/15/bin}

_pg_as_owner() {
  if [ "$(id -u)" = 0 ]; then (cd / && runuser -u postgres -- "$@"); else (cd / && "$@"); fi
}

_pg_free_port() {
  local port
  for _ in $(seq 1 50); do
    port=$(( 20000 + RANDOM % 20000 ))
    if ! (exec 3<>/dev/tcp/127.0.0.1/$port) 2>/dev/null; then echo "$port"; return 0; fi
  done
  return 1
}

_pg_server_start() {   # DIR PORT TIMEOUT [SETTINGS]: SETTINGS (-c name=value ...) override the defaults
  local dir=$1 port=$2
  _pg_as_owner "$PG_BIN/pg_ctl" -D "$dir/data" -l "$dir/server.log" -w -t "$3" \
      -o "-k $dir -p $port -c listen_addresses=127.0.0.1 -c fsync=off -c synchronous_commit=off -c full_page_writes=off -c max_connections=200 -c shared_buffers=256MB -c shared_preload_libraries=pg_stat_statements -c wal_level=logical ${4:-}" \
      start >/dev/null || { cat "$dir/server.log" >&2; return 1; }
}

_pg_owned_dir() {   # DIR: created, owned by the server's user, closed to others
  mkdir -p "$1"
  if [ "$(id -u)" = 0 ]; then chown postgres:postgres "$1"; fi
  chmod 700 "$1"
}

pg_cluster_start() {
  local dir=${1:-}
  if [ -z "$dir" ]; then dir=$(mktemp -d /tmp/ompg.XXXXXX); fi   # short path: socket length limit
  mkdir -p "$dir"
  dir=$(cd "$dir" && pwd)   # absolute: the tools run from /
  if [ "$(id -u)" = 0 ]; then chown postgres:postgres "$dir"; fi
  chmod 700 "$dir"
  local port; port=$(_pg_free_port) || { echo "pgcluster: no free port" >&2; return 1; }
  _pg_as_owner "$PG_BIN/initdb" -D "$dir/data" -U postgres -A trust -E UTF8 --locale=C.UTF-8 \
      --no-sync >"$dir/initdb.log" 2>&1 || { cat "$dir/initdb.log" >&2; return 1; }
  _pg_server_start "$dir" "$port" 60 || return 1
  export OM_PG_DIR=$dir PGHOST=$dir PGPORT=$port PGUSER=postgres PGDATABASE=postgres
}

# pg_cluster_keep DIR: like pg_cluster_start DIR, but a cluster already in DIR (a benchmark's
# data, built once) is started again, not initialised; pg_cluster_release leaves it on disk, stopped.
pg_cluster_keep() {
  local dir=${1:?usage: pg_cluster_keep DIR}
  if [ ! -f "$dir/data/PG_VERSION" ]; then pg_cluster_start "$dir"; return; fi
  dir=$(cd "$dir" && pwd)
  local port; port=$(_pg_free_port) || { echo "pgcluster: no free port" >&2; return 1; }
  _pg_as_owner "$PG_BIN/pg_ctl" -D "$dir/data" -m fast -w stop >/dev/null 2>&1 || true
  _pg_server_start "$dir" "$port" 120 || return 1
  export OM_PG_DIR=$dir PGHOST=$dir PGPORT=$port PGUSER=postgres PGDATABASE=postgres
}

# pg_standby_start: a streaming hot standby of the running cluster (pg_basebackup -R, WAL
# streamed during the copy), in $OM_PG_DIR/standby with its own socket directory and free port;
# exports OM_PG_STANDBY_PORT. Databases created on the primary later appear on it by replay.
# pg_cluster_stop stops and removes it with the primary.
pg_standby_start() {
  [ -n "${OM_PG_DIR:-}" ] || { echo "pgcluster: pg_standby_start needs a running cluster" >&2; return 1; }
  local dir=$OM_PG_DIR/standby port
  mkdir -p "$dir"
  if [ "$(id -u)" = 0 ]; then chown postgres:postgres "$dir"; fi
  chmod 700 "$dir"
  port=$(_pg_free_port) || { echo "pgcluster: no free port" >&2; return 1; }
  _pg_as_owner "$PG_BIN/pg_basebackup" -h "$OM_PG_DIR" -p "$PGPORT" -U postgres -D "$dir/data" -R -X stream \
      -c fast --no-sync >"$dir/basebackup.log" 2>&1 || { cat "$dir/basebackup.log" >&2; return 1; }
  _pg_server_start "$dir" "$port" 60 || return 1
  export OM_PG_STANDBY_PORT=$port
}

_pg_standby_stop() {
  [ -d "${OM_PG_DIR:-}/standby/data" ] || return 0
  _pg_as_owner "$PG_BIN/pg_ctl" -D "$OM_PG_DIR/standby/data" -m fast -w stop >/dev/null 2>&1 || true
  unset OM_PG_STANDBY_PORT
}

# pg_failover_start: a primary and its streaming standby of their own, apart from the suite's
# cluster and its standby (which other tests read while this pair's primary is stopped). Small
# (32MB shared buffers, few connections): one test uses it. Exports OM_FAILOVER_PRIMARY_PORT,
# OM_FAILOVER_STANDBY_PORT, OM_FAILOVER_PRIMARY_DATA and OM_FAILOVER_STANDBY_DATA (data
# directories, for pg_ctl) and OM_FAILOVER_DIR; pg_failover_stop stops and removes both, whatever
# the test left them as (a primary stopped, a standby promoted). pg_cluster_stop leaves them: a test
# that stops a cluster of its own inherits OM_FAILOVER_DIR from the harness, and stopped the pair
# under the failover test when both ran in one suite.
pg_failover_start() {
  local dir primary standby small
  dir=$(mktemp -d /tmp/omfo.XXXXXX)   # short path: socket length limit
  _pg_owned_dir "$dir"
  export OM_FAILOVER_DIR=$dir
  _pg_owned_dir "$dir/p"
  _pg_owned_dir "$dir/s"
  small="-c shared_buffers=32MB -c max_connections=50 -c shared_preload_libraries= -c wal_level=replica"
  primary=$(_pg_free_port) || { echo "pgcluster: no free port" >&2; return 1; }
  _pg_as_owner "$PG_BIN/initdb" -D "$dir/p/data" -U postgres -A trust -E UTF8 --locale=C.UTF-8 \
      --no-sync >"$dir/p/initdb.log" 2>&1 || { cat "$dir/p/initdb.log" >&2; return 1; }
  _pg_server_start "$dir/p" "$primary" 60 "$small" || return 1
  standby=$(_pg_free_port) || { echo "pgcluster: no free port" >&2; return 1; }
  _pg_as_owner "$PG_BIN/pg_basebackup" -h "$dir/p" -p "$primary" -U postgres -D "$dir/s/data" -R -X stream \
      -c fast --no-sync >"$dir/s/basebackup.log" 2>&1 || { cat "$dir/s/basebackup.log" >&2; return 1; }
  _pg_server_start "$dir/s" "$standby" 60 "$small" || return 1
  export OM_FAILOVER_PRIMARY_PORT=$primary OM_FAILOVER_STANDBY_PORT=$standby \
         OM_FAILOVER_PRIMARY_DATA=$dir/p/data OM_FAILOVER_STANDBY_DATA=$dir/s/data
}

pg_failover_stop() {
  [ -n "${OM_FAILOVER_DIR:-}" ] && [ -d "$OM_FAILOVER_DIR" ] || return 0
  local d
  for d in "$OM_FAILOVER_DIR/s/data" "$OM_FAILOVER_DIR/p/data"; do
    [ -d "$d" ] && { _pg_as_owner "$PG_BIN/pg_ctl" -D "$d" -m immediate -w stop >/dev/null 2>&1 || true; }
  done
  rm -rf "$OM_FAILOVER_DIR"
  unset OM_FAILOVER_DIR OM_FAILOVER_PRIMARY_PORT OM_FAILOVER_STANDBY_PORT OM_FAILOVER_PRIMARY_DATA OM_FAILOVER_STANDBY_DATA
}

pg_cluster_release() {
  [ -n "${OM_PG_DIR:-}" ] && [ -d "$OM_PG_DIR/data" ] || return 0
  _pg_as_owner "$PG_BIN/pg_ctl" -D "$OM_PG_DIR/data" -m fast -w stop >/dev/null 2>&1 || true
  unset OM_PG_DIR
}

pg_cluster_stop() {
  [ -n "${OM_PG_DIR:-}" ] && [ -d "$OM_PG_DIR/data" ] || return 0
  if declare -F pg_bouncers_stop >/dev/null; then pg_bouncers_stop; fi
  _pg_standby_stop
  # Any other server kept in the cluster's directory (pgtls.sh's TLS server): stopped before its
  # files are removed, or it would run on without them.
  local other
  for other in "$OM_PG_DIR"/*/data; do
    [ -f "$other/postmaster.pid" ] || continue
    _pg_as_owner "$PG_BIN/pg_ctl" -D "$other" -m fast -w stop >/dev/null 2>&1 || true
  done
  _pg_as_owner "$PG_BIN/pg_ctl" -D "$OM_PG_DIR/data" -m fast -w stop >/dev/null 2>&1 || true
  rm -rf "$OM_PG_DIR"
  unset OM_PG_DIR
}
