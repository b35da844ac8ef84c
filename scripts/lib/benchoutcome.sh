# SPDX-License-Identifier: GPL-3.0-or-later
# shellcheck shell=bash
# Benchmark data for "what became of an action", on the app_outbox that
# bench_make_outbox built, in the current PG* database.
#
# Usage (sourced):  bench_make_action MESSAGES HISTORY_ROWS   prints the new action's id
#
# Installs the admin kit's action functions (kit/action_functions.sql), which add
# app_outbox_audit.action_id and its partial index; writes HISTORY_ROWS audit rows of older
# actions (2,000 messages each, over 30 days) so that the action is found among many; then one
# retry of MESSAGES failed messages with one action id (audit rows as the kit's function writes
# them) and "workers" that move them: 90% SENT within 3 minutes, 8% FAILED again with HTTP_503,
# 1.5% still PENDING, 0.5% deleted.

_bo_top=$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)

bench_make_action() {
  local messages=${1:?usage: bench_make_action MESSAGES HISTORY_ROWS} history=${2:?}
  local psql=(psql -X -q -v ON_ERROR_STOP=1)
  PGOPTIONS="${PGOPTIONS:-} -c client_min_messages=warning" "${psql[@]}" -f "$_bo_top/resources/sql/kit/action_functions.sql" >/dev/null || return 1
  "${psql[@]}" -At -v messages="$messages" -v history="$history" <<'SQL' || return 1
SET client_min_messages = warning;
SET work_mem = '256MB';
-- Older actions: 2,000 messages each, spread over 30 days.
INSERT INTO app_outbox_audit (outbox_id, action_name, reason, changed_by, changed_at, old_status, new_status, ticket,
                              os_user, client_host, app_version, action_id)
SELECT 1 + (g * 7919) % (SELECT max(outbox_id) FROM app_outbox), 'RETRY_FAILED', 'bench history', 'ops_bench',
       now() - interval '30 days' + (g / 2000) * interval '1 minute', 'FAILED', 'PENDING', 'INC-' || (g / 2000),
       'ops', 'bench-host', 'bench', md5('action-' || (g / 2000))::uuid
  FROM generate_series(1::bigint, :history) g;
-- The measured retry: MESSAGES failed messages, one action id.
CREATE TEMP TABLE bench_action AS SELECT gen_random_uuid() AS id;
CREATE TEMP TABLE bench_ids AS
  SELECT outbox_id, row_number() OVER (ORDER BY outbox_id) AS n FROM app_outbox WHERE status = 'FAILED' ORDER BY outbox_id LIMIT :messages;
UPDATE app_outbox o SET status = 'PENDING', next_run_at = now(), updated_at = now() FROM bench_ids i WHERE o.outbox_id = i.outbox_id;
INSERT INTO app_outbox_audit (outbox_id, action_name, reason, changed_by, changed_at, old_status, new_status, ticket,
                              os_user, client_host, app_version, action_id)
SELECT outbox_id, 'RETRY_FAILED', 'Downstream fixed, replaying', 'ops_suzuki', now(), 'FAILED', 'PENDING', 'INC-2043',
       'suzuki', 'ops-pc-3', 'bench', (SELECT id FROM bench_action) FROM bench_ids;
-- The workers.
UPDATE app_outbox o SET status = 'SENT', sent_at = now() + random() * interval '3 minutes', updated_at = now()
  FROM bench_ids i WHERE o.outbox_id = i.outbox_id AND i.n % 1000 < 900;
UPDATE app_outbox o SET status = 'FAILED', last_error_code = 'HTTP_503', updated_at = now()
  FROM bench_ids i WHERE o.outbox_id = i.outbox_id AND i.n % 1000 BETWEEN 900 AND 979;
DELETE FROM app_outbox o USING bench_ids i WHERE o.outbox_id = i.outbox_id AND i.n % 1000 >= 995;
VACUUM ANALYZE app_outbox_audit;
SELECT id FROM bench_action;
SQL
}
