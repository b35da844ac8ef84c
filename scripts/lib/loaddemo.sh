# SPDX-License-Identifier: GPL-3.0-or-later
# shellcheck shell=bash
# Loads the demo database: the three seed ports, the admin kit, the demo login roles and 30 days of
# history, into the current PG* environment's database (PGDATABASE).
#
# Usage (sourced):  demo_load [--rows N] [--trigram]
#   --rows N    app_outbox history rows (default 300000; batch_work_item gets N/3, outbox N/2)
#   --trigram   also build the pg_trgm indexes of kit/trigram_index.sql
# Then: workload_start (scripts/lib/workload.sh). Prints how long each step took.

_ld_top=$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)

demo_load() {
  local rows=300000 trigram=0
  while [ $# -gt 0 ]; do
    case "$1" in
      --rows) rows=$2; shift ;;
      --trigram) trigram=1 ;;
      *) echo "demo_load: unknown option $1" >&2; return 2 ;;
    esac
    shift
  done
  local sql=$_ld_top/resources/sql
  local psql=(psql -X -q -v ON_ERROR_STOP=1)
  local t0 t1
  t0=$(date +%s.%N)
  # demo/install_demo.sql: seeds 000/003/004, then install.sql (monitoring indexes, append-only
  # triggers, action functions, roles)
  local extra=()
  [ "$trigram" = 1 ] && extra=(-v with_trigram=1)
  PGOPTIONS="${PGOPTIONS:-} -c client_min_messages=warning" \
    "${psql[@]}" "${extra[@]}" -f "$sql/demo/install_demo.sql" || return 1
  PGOPTIONS="${PGOPTIONS:-} -c client_min_messages=warning" \
    "${psql[@]}" -f "$sql/demo/catalog.sql" -f "$sql/demo/logins.sql" -f "$sql/demo/history.sql" \
    || return 1
  t1=$(date +%s.%N)
  echo "demo_load: schemas, kit and roles in $(awk -v a="$t0" -v b="$t1" 'BEGIN{printf "%.1f", b-a}') s"
  "${psql[@]}" -c "SELECT * FROM demo_load_history($rows)" -P footer=off || return 1
  # VACUUM cannot run inside the loader's function: it sets the visibility map (index-only scans)
  "${psql[@]}" -c "VACUUM (ANALYZE) app_outbox, app_outbox_audit, batch_work_item, \
batch_work_status_history, outbox, outbox_audit" || return 1
  t0=$(date +%s.%N)
  echo "demo_load: $rows rows of history loaded in $(awk -v a="$t1" -v b="$t0" 'BEGIN{printf "%.1f", b-a}') s"
}
