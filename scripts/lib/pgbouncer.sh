# SPDX-License-Identifier: GPL-3.0-or-later
# shellcheck shell=bash
# Real PgBouncers (Debian's package) in front of the throwaway cluster, one per pooling mode, each
# with a pool smaller than a window's connections (three lanes and a listener), as DBAs put them
# in front of production databases. Every database name and role of the cluster passes through.
#
# Usage (sourced, after pg_cluster_start):
#   pg_bouncers_start  -> exports OM_PGB_SESSION_PORT, OM_PGB_TRANSACTION_PORT, OM_PGB_STATEMENT_PORT
#   pg_bouncers_stop   (pg_cluster_stop calls it too)
# PgBouncer refuses to run as root: as root it runs as the `postgres` user, like the server.

PGBOUNCER=${PGBOUNCER:-/usr/sbin/pgbouncer}

_pgb_start_one() {   # MODE POOL_SIZE -> prints the port
  local mode=$1 pool=$2 dir=$OM_PG_DIR/pgbouncer-$1 port
  mkdir -p "$dir"
  port=$(_pg_free_port) || { echo "pgbouncer: no free port" >&2; return 1; }
  # trust: the test server trusts every local role too. auth_user + auth_query let any role of
  # the cluster log in without listing it in the auth file (which must still name auth_user).
  printf '"postgres" ""\n' >"$dir/users.txt"
  cat >"$dir/pgbouncer.ini" <<INI
[databases]
* = host=127.0.0.1 port=$PGPORT
[pgbouncer]
listen_addr = 127.0.0.1
listen_port = $port
unix_socket_dir =
pidfile = $dir/pgbouncer.pid
logfile = $dir/pgbouncer.log
auth_type = trust
auth_file = $dir/users.txt
auth_user = postgres
pool_mode = $mode
default_pool_size = $pool
min_pool_size = 0
reserve_pool_size = 0
max_client_conn = 400
max_db_connections = 0
; what production set-ups carry: JDBC and others send it at startup
ignore_startup_parameters = extra_float_digits
; a waiting client is told within seconds, not after PgBouncer's default two minutes
query_wait_timeout = 30
server_idle_timeout = 60
INI
  if [ "$(id -u)" = 0 ]; then chown -R postgres:postgres "$dir"; fi
  _pg_as_owner "$PGBOUNCER" -d "$dir/pgbouncer.ini" >"$dir/start.log" 2>&1 \
      || { cat "$dir/start.log" "$dir/pgbouncer.log" >&2 2>/dev/null; return 1; }
  # Ready when it accepts a connection (it daemonises before it listens).
  for _ in $(seq 1 50); do
    if (exec 3<>/dev/tcp/127.0.0.1/$port) 2>/dev/null; then echo "$port"; return 0; fi
    sleep 0.1
  done
  echo "pgbouncer ($mode) did not start listening on $port" >&2
  cat "$dir/pgbouncer.log" >&2 2>/dev/null
  return 1
}

pg_bouncers_start() {
  [ -n "${OM_PG_DIR:-}" ] || { echo "pgbouncer: pg_bouncers_start needs a running cluster" >&2; return 1; }
  [ -x "$PGBOUNCER" ] || { echo "pgbouncer: $PGBOUNCER missing (scripts/bootstrap installs it)" >&2; return 1; }
  # Session pooling ties a server connection to each client: its pool must hold a window's four.
  OM_PGB_SESSION_PORT=$(_pgb_start_one session 8) || return 1
  OM_PGB_TRANSACTION_PORT=$(_pgb_start_one transaction 2) || return 1
  OM_PGB_STATEMENT_PORT=$(_pgb_start_one statement 2) || return 1
  export OM_PGB_SESSION_PORT OM_PGB_TRANSACTION_PORT OM_PGB_STATEMENT_PORT
}

pg_bouncers_stop() {
  local pidfile
  for pidfile in "${OM_PG_DIR:-/nonexistent}"/pgbouncer-*/pgbouncer.pid; do
    [ -f "$pidfile" ] && kill "$(cat "$pidfile")" 2>/dev/null || true
  done
  unset OM_PGB_SESSION_PORT OM_PGB_TRANSACTION_PORT OM_PGB_STATEMENT_PORT
}
