-- Admin kit: the action functions, the only way operators change messages: every change is
-- made and audited by the database in one statement, never by the program's own UPDATE.
--
-- GENERATED from the built-in profiles (resources/profiles/*.json) by om::ActionFunctionSql (app/core/actions/)
-- through om::kit::AuditedFunction (app/core/kit/); do not edit by hand: tests/unit/tst_actionkit fails when
-- this file and the generator differ, and OM_REGENERATE_KIT=1 build/tests/tst_actionkit rewrites it.
--
-- One function per table, outbox_monitor_action_<table>(action, action_id, ids, reason, ticket,
-- stuck_timeout_minutes, os_user, client_host, app_version) RETURNS SETOF bigint (the changed ids;
-- a profile whose "types" give its id another type takes and returns that type instead).
-- In one statement it locks the requested rows FOR UPDATE SKIP LOCKED, changes those still in the
-- action's `from` states (recover stuck: also past the timeout by the server clock), writes one
-- audit row per changed row with changed_by = session_user, changed_at = now() and the caller's
-- action id, and queues NOTIFY outbox_monitor (delivered only on commit). Table and column names
-- are fixed here; the caller chooses only an action of the profile, never a table.
--
-- SECURITY DEFINER with search_path = pg_catalog, pg_temp and every name schema-qualified: the
-- functions run with their owner's rights, the role that applies this file (normally the
-- tables' owner). Operators must not be able to become that role; roles.sql checks it, revokes
-- their direct UPDATE on the tables and INSERT on the audit tables, and grants EXECUTE on these
-- functions only. Apply after the tables exist and before roles.sql; tables that do not exist
-- are skipped. Idempotent. Also adds the audit tables' action_id column and its partial index.

-- profile app_outbox: "public"."app_outbox", audit "public"."app_outbox_audit", function "public"."outbox_monitor_action_app_outbox"(text,uuid,bigint[],text,text,integer,text,text,text)
DO $om_kit$
BEGIN
    IF to_regclass('"public"."app_outbox"') IS NULL OR to_regclass('"public"."app_outbox_audit"') IS NULL THEN
        RAISE NOTICE 'outbox monitor kit: % or % does not exist, skipped', '"public"."app_outbox"', '"public"."app_outbox_audit"';
        RETURN;
    END IF;
    EXECUTE 'ALTER TABLE "public"."app_outbox_audit" ADD COLUMN IF NOT EXISTS "action_id" uuid';
    EXECUTE 'CREATE INDEX IF NOT EXISTS "ix_app_outbox_audit_action_id" ON "public"."app_outbox_audit" ("action_id") WHERE "action_id" IS NOT NULL';
    EXECUTE $om_def$
CREATE OR REPLACE FUNCTION "public"."outbox_monitor_action_app_outbox"(
    p_action text,
    p_action_id uuid,
    p_ids bigint[],
    p_reason text,
    p_ticket text,
    p_stuck_timeout_minutes integer,
    p_os_user text,
    p_client_host text,
    p_app_version text)
RETURNS SETOF bigint
LANGUAGE plpgsql VOLATILE SECURITY DEFINER
SET search_path = pg_catalog, pg_temp
AS $om_fn$
DECLARE
    v_reason     text := btrim(p_reason);
    v_ticket     text := nullif(btrim(p_ticket), '');
    v_changed    bigint := 0;
    v_audit_name text;
BEGIN
    IF p_action_id IS NULL THEN
        RAISE EXCEPTION 'outbox monitor: an action id is required' USING ERRCODE = 'null_value_not_allowed';
    END IF;
    IF v_reason IS NULL OR v_reason = '' THEN
        RAISE EXCEPTION 'outbox monitor: a reason is required' USING ERRCODE = 'invalid_parameter_value';
    END IF;
    IF EXISTS (SELECT 1 FROM "public"."app_outbox_audit" WHERE "action_id" = p_action_id) THEN
        RAISE EXCEPTION 'outbox monitor: action id % has been used already', p_action_id
              USING ERRCODE = 'unique_violation';
    END IF;
    IF p_action = 'cancel' THEN
        RETURN QUERY
        WITH om_target AS (
            SELECT om_t.om_id, om_t.om_old
              FROM (SELECT DISTINCT unnest(p_ids) AS om_req) AS om_r
             CROSS JOIN LATERAL (SELECT "outbox_id" AS om_id, "status" AS om_old FROM "public"."app_outbox"
                                  WHERE "outbox_id" = om_r.om_req AND "status" IN ('PENDING', 'FAILED')
                                  FOR UPDATE SKIP LOCKED) AS om_t
        ), om_changed AS (
            UPDATE "public"."app_outbox" AS om_u SET "status" = 'CANCELLED', "locked_at" = NULL, "locked_by" = NULL, "updated_at" = now()
              FROM om_target WHERE om_u."outbox_id" = om_target.om_id
            RETURNING om_target.om_id, om_target.om_old
        ), om_audit AS (
            INSERT INTO "public"."app_outbox_audit" ("outbox_id", "action_name", "reason", "ticket", "old_status", "new_status", "changed_by", "changed_at", "os_user", "client_host", "app_version", "action_id") SELECT om_id, 'CANCEL_MESSAGE', v_reason, v_ticket, om_old, 'CANCELLED', session_user, now(), nullif(p_os_user, ''), nullif(p_client_host, ''), nullif(p_app_version, ''), p_action_id FROM om_changed
        )
        SELECT om_changed.om_id::bigint FROM om_changed ORDER BY 1;
        GET DIAGNOSTICS v_changed = ROW_COUNT;
        v_audit_name := 'CANCEL_MESSAGE';
    ELSIF p_action = 'recoverStuck' THEN
        IF p_stuck_timeout_minutes IS NULL OR p_stuck_timeout_minutes < 1 THEN
            RAISE EXCEPTION 'outbox monitor: % needs a stuck timeout of at least 1 minute', p_action
                  USING ERRCODE = 'invalid_parameter_value';
        END IF;
        RETURN QUERY
        WITH om_target AS (
            SELECT om_t.om_id, om_t.om_old
              FROM (SELECT DISTINCT unnest(p_ids) AS om_req) AS om_r
             CROSS JOIN LATERAL (SELECT "outbox_id" AS om_id, "status" AS om_old FROM "public"."app_outbox"
                                  WHERE "outbox_id" = om_r.om_req AND "status" = 'PROCESSING' AND "locked_at" < now() - make_interval(mins => p_stuck_timeout_minutes)
                                  FOR UPDATE SKIP LOCKED) AS om_t
        ), om_changed AS (
            UPDATE "public"."app_outbox" AS om_u SET "status" = 'PENDING', "last_error_code" = 'STUCK_PROCESSING', "last_error_msg" = 'Recovered from PROCESSING timeout', "locked_at" = NULL, "locked_by" = NULL, "next_run_at" = now(), "updated_at" = now()
              FROM om_target WHERE om_u."outbox_id" = om_target.om_id
            RETURNING om_target.om_id, om_target.om_old
        ), om_audit AS (
            INSERT INTO "public"."app_outbox_audit" ("outbox_id", "action_name", "reason", "ticket", "old_status", "new_status", "changed_by", "changed_at", "os_user", "client_host", "app_version", "action_id") SELECT om_id, 'RECOVER_STUCK', v_reason, v_ticket, om_old, 'PENDING', session_user, now(), nullif(p_os_user, ''), nullif(p_client_host, ''), nullif(p_app_version, ''), p_action_id FROM om_changed
        )
        SELECT om_changed.om_id::bigint FROM om_changed ORDER BY 1;
        GET DIAGNOSTICS v_changed = ROW_COUNT;
        v_audit_name := 'RECOVER_STUCK';
    ELSIF p_action = 'retry' THEN
        RETURN QUERY
        WITH om_target AS (
            SELECT om_t.om_id, om_t.om_old
              FROM (SELECT DISTINCT unnest(p_ids) AS om_req) AS om_r
             CROSS JOIN LATERAL (SELECT "outbox_id" AS om_id, "status" AS om_old FROM "public"."app_outbox"
                                  WHERE "outbox_id" = om_r.om_req AND "status" = 'FAILED'
                                  FOR UPDATE SKIP LOCKED) AS om_t
        ), om_changed AS (
            UPDATE "public"."app_outbox" AS om_u SET "status" = 'PENDING', "locked_at" = NULL, "locked_by" = NULL, "next_run_at" = now(), "updated_at" = now()
              FROM om_target WHERE om_u."outbox_id" = om_target.om_id
            RETURNING om_target.om_id, om_target.om_old
        ), om_audit AS (
            INSERT INTO "public"."app_outbox_audit" ("outbox_id", "action_name", "reason", "ticket", "old_status", "new_status", "changed_by", "changed_at", "os_user", "client_host", "app_version", "action_id") SELECT om_id, 'RETRY_FAILED', v_reason, v_ticket, om_old, 'PENDING', session_user, now(), nullif(p_os_user, ''), nullif(p_client_host, ''), nullif(p_app_version, ''), p_action_id FROM om_changed
        )
        SELECT om_changed.om_id::bigint FROM om_changed ORDER BY 1;
        GET DIAGNOSTICS v_changed = ROW_COUNT;
        v_audit_name := 'RETRY_FAILED';
    ELSE
        RAISE EXCEPTION 'outbox monitor: profile app_outbox has no action %', p_action
              USING ERRCODE = 'invalid_parameter_value';
    END IF;
    IF v_changed > 0 THEN
        PERFORM pg_notify('outbox_monitor', json_build_object(
            'profile', 'app_outbox'::text, 'action', p_action, 'auditName', v_audit_name, 'count', v_changed,
            'user', session_user::text, 'osUser', p_os_user, 'host', p_client_host,
            'actionId', p_action_id)::text);
    END IF;
END
$om_fn$
$om_def$;
    EXECUTE 'REVOKE ALL ON FUNCTION "public"."outbox_monitor_action_app_outbox"(text,uuid,bigint[],text,text,integer,text,text,text) FROM PUBLIC';
END
$om_kit$;

-- profile batch_work_item: "public"."batch_work_item", audit "public"."batch_work_status_history", function "public"."outbox_monitor_action_batch_work_item"(text,uuid,bigint[],text,text,integer,text,text,text)
DO $om_kit$
BEGIN
    IF to_regclass('"public"."batch_work_item"') IS NULL OR to_regclass('"public"."batch_work_status_history"') IS NULL THEN
        RAISE NOTICE 'outbox monitor kit: % or % does not exist, skipped', '"public"."batch_work_item"', '"public"."batch_work_status_history"';
        RETURN;
    END IF;
    EXECUTE 'ALTER TABLE "public"."batch_work_status_history" ADD COLUMN IF NOT EXISTS "action_id" uuid';
    EXECUTE 'CREATE INDEX IF NOT EXISTS "ix_batch_work_status_history_action_id" ON "public"."batch_work_status_history" ("action_id") WHERE "action_id" IS NOT NULL';
    EXECUTE $om_def$
CREATE OR REPLACE FUNCTION "public"."outbox_monitor_action_batch_work_item"(
    p_action text,
    p_action_id uuid,
    p_ids bigint[],
    p_reason text,
    p_ticket text,
    p_stuck_timeout_minutes integer,
    p_os_user text,
    p_client_host text,
    p_app_version text)
RETURNS SETOF bigint
LANGUAGE plpgsql VOLATILE SECURITY DEFINER
SET search_path = pg_catalog, pg_temp
AS $om_fn$
DECLARE
    v_reason     text := btrim(p_reason);
    v_ticket     text := nullif(btrim(p_ticket), '');
    v_changed    bigint := 0;
    v_audit_name text;
BEGIN
    IF p_action_id IS NULL THEN
        RAISE EXCEPTION 'outbox monitor: an action id is required' USING ERRCODE = 'null_value_not_allowed';
    END IF;
    IF v_reason IS NULL OR v_reason = '' THEN
        RAISE EXCEPTION 'outbox monitor: a reason is required' USING ERRCODE = 'invalid_parameter_value';
    END IF;
    IF EXISTS (SELECT 1 FROM "public"."batch_work_status_history" WHERE "action_id" = p_action_id) THEN
        RAISE EXCEPTION 'outbox monitor: action id % has been used already', p_action_id
              USING ERRCODE = 'unique_violation';
    END IF;
    IF p_action = 'cancel' THEN
        RETURN QUERY
        WITH om_target AS (
            SELECT om_t.om_id, om_t.om_old
              FROM (SELECT DISTINCT unnest(p_ids) AS om_req) AS om_r
             CROSS JOIN LATERAL (SELECT "work_item_id" AS om_id, "status" AS om_old FROM "public"."batch_work_item"
                                  WHERE "work_item_id" = om_r.om_req AND "status" IN ('NEW', 'RETRY_WAIT', 'FAILED')
                                  FOR UPDATE SKIP LOCKED) AS om_t
        ), om_changed AS (
            UPDATE "public"."batch_work_item" AS om_u SET "status" = 'SKIPPED', "finished_at" = now(), "locked_at" = NULL, "locked_by" = NULL, "updated_at" = now()
              FROM om_target WHERE om_u."work_item_id" = om_target.om_id
            RETURNING om_target.om_id, om_target.om_old
        ), om_audit AS (
            INSERT INTO "public"."batch_work_status_history" ("work_item_id", "action_name", "message", "ticket", "old_status", "new_status", "changed_by", "changed_at", "os_user", "client_host", "app_version", "action_id") SELECT om_id, 'SKIP', v_reason, v_ticket, om_old, 'SKIPPED', session_user, now(), nullif(p_os_user, ''), nullif(p_client_host, ''), nullif(p_app_version, ''), p_action_id FROM om_changed
        )
        SELECT om_changed.om_id::bigint FROM om_changed ORDER BY 1;
        GET DIAGNOSTICS v_changed = ROW_COUNT;
        v_audit_name := 'SKIP';
    ELSIF p_action = 'recoverStuck' THEN
        IF p_stuck_timeout_minutes IS NULL OR p_stuck_timeout_minutes < 1 THEN
            RAISE EXCEPTION 'outbox monitor: % needs a stuck timeout of at least 1 minute', p_action
                  USING ERRCODE = 'invalid_parameter_value';
        END IF;
        RETURN QUERY
        WITH om_target AS (
            SELECT om_t.om_id, om_t.om_old
              FROM (SELECT DISTINCT unnest(p_ids) AS om_req) AS om_r
             CROSS JOIN LATERAL (SELECT "work_item_id" AS om_id, "status" AS om_old FROM "public"."batch_work_item"
                                  WHERE "work_item_id" = om_r.om_req AND "status" = 'RUNNING' AND "locked_at" < now() - make_interval(mins => p_stuck_timeout_minutes)
                                  FOR UPDATE SKIP LOCKED) AS om_t
        ), om_changed AS (
            UPDATE "public"."batch_work_item" AS om_u SET "status" = 'RETRY_WAIT', "error_code" = 'STALE_RUNNING', "error_message" = 'Reset from RUNNING past the stale timeout', "locked_at" = NULL, "locked_by" = NULL, "next_retry_at" = now(), "started_at" = NULL, "updated_at" = now()
              FROM om_target WHERE om_u."work_item_id" = om_target.om_id
            RETURNING om_target.om_id, om_target.om_old
        ), om_audit AS (
            INSERT INTO "public"."batch_work_status_history" ("work_item_id", "action_name", "message", "ticket", "old_status", "new_status", "changed_by", "changed_at", "os_user", "client_host", "app_version", "action_id") SELECT om_id, 'RESET_STALE', v_reason, v_ticket, om_old, 'RETRY_WAIT', session_user, now(), nullif(p_os_user, ''), nullif(p_client_host, ''), nullif(p_app_version, ''), p_action_id FROM om_changed
        )
        SELECT om_changed.om_id::bigint FROM om_changed ORDER BY 1;
        GET DIAGNOSTICS v_changed = ROW_COUNT;
        v_audit_name := 'RESET_STALE';
    ELSIF p_action = 'retry' THEN
        RETURN QUERY
        WITH om_target AS (
            SELECT om_t.om_id, om_t.om_old
              FROM (SELECT DISTINCT unnest(p_ids) AS om_req) AS om_r
             CROSS JOIN LATERAL (SELECT "work_item_id" AS om_id, "status" AS om_old FROM "public"."batch_work_item"
                                  WHERE "work_item_id" = om_r.om_req AND "status" IN ('FAILED', 'RETRY_WAIT')
                                  FOR UPDATE SKIP LOCKED) AS om_t
        ), om_changed AS (
            UPDATE "public"."batch_work_item" AS om_u SET "status" = 'NEW', "error_code" = NULL, "error_message" = NULL, "finished_at" = NULL, "locked_at" = NULL, "locked_by" = NULL, "next_retry_at" = NULL, "started_at" = NULL, "updated_at" = now()
              FROM om_target WHERE om_u."work_item_id" = om_target.om_id
            RETURNING om_target.om_id, om_target.om_old
        ), om_audit AS (
            INSERT INTO "public"."batch_work_status_history" ("work_item_id", "action_name", "message", "ticket", "old_status", "new_status", "changed_by", "changed_at", "os_user", "client_host", "app_version", "action_id") SELECT om_id, 'MANUAL_RETRY', v_reason, v_ticket, om_old, 'NEW', session_user, now(), nullif(p_os_user, ''), nullif(p_client_host, ''), nullif(p_app_version, ''), p_action_id FROM om_changed
        )
        SELECT om_changed.om_id::bigint FROM om_changed ORDER BY 1;
        GET DIAGNOSTICS v_changed = ROW_COUNT;
        v_audit_name := 'MANUAL_RETRY';
    ELSE
        RAISE EXCEPTION 'outbox monitor: profile batch_work_item has no action %', p_action
              USING ERRCODE = 'invalid_parameter_value';
    END IF;
    IF v_changed > 0 THEN
        PERFORM pg_notify('outbox_monitor', json_build_object(
            'profile', 'batch_work_item'::text, 'action', p_action, 'auditName', v_audit_name, 'count', v_changed,
            'user', session_user::text, 'osUser', p_os_user, 'host', p_client_host,
            'actionId', p_action_id)::text);
    END IF;
END
$om_fn$
$om_def$;
    EXECUTE 'REVOKE ALL ON FUNCTION "public"."outbox_monitor_action_batch_work_item"(text,uuid,bigint[],text,text,integer,text,text,text) FROM PUBLIC';
END
$om_kit$;

-- profile debezium_outbox: "public"."outboxevent", audit "public"."", function "public"."outbox_monitor_action_outboxevent"(text,uuid,uuid[],text,text,integer,text,text,text)
-- (no actions: nothing to install)

-- profile eventuate_message: "eventuate"."message", audit "outbox_monitor"."message_audit", function "eventuate"."outbox_monitor_action_message"(text,uuid,varchar[],text,text,integer,text,text,text)
DO $om_kit$
BEGIN
    IF to_regclass('"eventuate"."message"') IS NULL OR to_regclass('"outbox_monitor"."message_audit"') IS NULL THEN
        RAISE NOTICE 'outbox monitor kit: % or % does not exist, skipped', '"eventuate"."message"', '"outbox_monitor"."message_audit"';
        RETURN;
    END IF;
    EXECUTE 'ALTER TABLE "outbox_monitor"."message_audit" ADD COLUMN IF NOT EXISTS "action_id" uuid';
    EXECUTE 'CREATE INDEX IF NOT EXISTS "ix_message_audit_action_id" ON "outbox_monitor"."message_audit" ("action_id") WHERE "action_id" IS NOT NULL';
    EXECUTE $om_def$
CREATE OR REPLACE FUNCTION "eventuate"."outbox_monitor_action_message"(
    p_action text,
    p_action_id uuid,
    p_ids varchar[],
    p_reason text,
    p_ticket text,
    p_stuck_timeout_minutes integer,
    p_os_user text,
    p_client_host text,
    p_app_version text)
RETURNS SETOF varchar
LANGUAGE plpgsql VOLATILE SECURITY DEFINER
SET search_path = pg_catalog, pg_temp
AS $om_fn$
DECLARE
    v_reason     text := btrim(p_reason);
    v_ticket     text := nullif(btrim(p_ticket), '');
    v_changed    bigint := 0;
    v_audit_name text;
BEGIN
    IF p_action_id IS NULL THEN
        RAISE EXCEPTION 'outbox monitor: an action id is required' USING ERRCODE = 'null_value_not_allowed';
    END IF;
    IF v_reason IS NULL OR v_reason = '' THEN
        RAISE EXCEPTION 'outbox monitor: a reason is required' USING ERRCODE = 'invalid_parameter_value';
    END IF;
    IF EXISTS (SELECT 1 FROM "outbox_monitor"."message_audit" WHERE "action_id" = p_action_id) THEN
        RAISE EXCEPTION 'outbox monitor: action id % has been used already', p_action_id
              USING ERRCODE = 'unique_violation';
    END IF;
    IF p_action = 'retry' THEN
        RETURN QUERY
        WITH om_target AS (
            SELECT om_t.om_id, om_t.om_old
              FROM (SELECT DISTINCT unnest(p_ids) AS om_req) AS om_r
             CROSS JOIN LATERAL (SELECT "id" AS om_id, CASE WHEN "published" = '0' THEN 'UNPUBLISHED' WHEN "published" = '1' THEN 'PUBLISHED' END AS om_old FROM "eventuate"."message"
                                  WHERE "id" = om_r.om_req AND "published" = '1'
                                  FOR UPDATE SKIP LOCKED) AS om_t
        ), om_changed AS (
            UPDATE "eventuate"."message" AS om_u SET "published" = '0'
              FROM om_target WHERE om_u."id" = om_target.om_id
            RETURNING om_target.om_id, om_target.om_old
        ), om_audit AS (
            INSERT INTO "outbox_monitor"."message_audit" ("message_id", "action_name", "reason", "ticket", "old_status", "new_status", "changed_by", "changed_at", "os_user", "client_host", "app_version", "action_id") SELECT om_id::text, 'REPUBLISH', v_reason, v_ticket, om_old, 'UNPUBLISHED', session_user, now(), nullif(p_os_user, ''), nullif(p_client_host, ''), nullif(p_app_version, ''), p_action_id FROM om_changed
        )
        SELECT om_changed.om_id::varchar FROM om_changed ORDER BY 1;
        GET DIAGNOSTICS v_changed = ROW_COUNT;
        v_audit_name := 'REPUBLISH';
    ELSE
        RAISE EXCEPTION 'outbox monitor: profile eventuate_message has no action %', p_action
              USING ERRCODE = 'invalid_parameter_value';
    END IF;
    IF v_changed > 0 THEN
        PERFORM pg_notify('outbox_monitor', json_build_object(
            'profile', 'eventuate_message'::text, 'action', p_action, 'auditName', v_audit_name, 'count', v_changed,
            'user', session_user::text, 'osUser', p_os_user, 'host', p_client_host,
            'actionId', p_action_id)::text);
    END IF;
END
$om_fn$
$om_def$;
    EXECUTE 'REVOKE ALL ON FUNCTION "eventuate"."outbox_monitor_action_message"(text,uuid,varchar[],text,text,integer,text,text,text) FROM PUBLIC';
END
$om_kit$;

-- profile masstransit_outbox: "public"."OutboxMessage", audit "public"."", function "public"."outbox_monitor_action_OutboxMessage"(text,uuid,bigint[],text,text,integer,text,text,text)
-- (no actions: nothing to install)

-- profile nservicebus_outbox: "public"."OutboxData", audit "public"."", function "public"."outbox_monitor_action_OutboxData"(text,uuid,varchar[],text,text,integer,text,text,text)
-- (no actions: nothing to install)

-- profile outbox: "public"."outbox", audit "public"."outbox_audit", function "public"."outbox_monitor_action_outbox"(text,uuid,bigint[],text,text,integer,text,text,text)
DO $om_kit$
BEGIN
    IF to_regclass('"public"."outbox"') IS NULL OR to_regclass('"public"."outbox_audit"') IS NULL THEN
        RAISE NOTICE 'outbox monitor kit: % or % does not exist, skipped', '"public"."outbox"', '"public"."outbox_audit"';
        RETURN;
    END IF;
    EXECUTE 'ALTER TABLE "public"."outbox_audit" ADD COLUMN IF NOT EXISTS "action_id" uuid';
    EXECUTE 'CREATE INDEX IF NOT EXISTS "ix_outbox_audit_action_id" ON "public"."outbox_audit" ("action_id") WHERE "action_id" IS NOT NULL';
    EXECUTE $om_def$
CREATE OR REPLACE FUNCTION "public"."outbox_monitor_action_outbox"(
    p_action text,
    p_action_id uuid,
    p_ids bigint[],
    p_reason text,
    p_ticket text,
    p_stuck_timeout_minutes integer,
    p_os_user text,
    p_client_host text,
    p_app_version text)
RETURNS SETOF bigint
LANGUAGE plpgsql VOLATILE SECURITY DEFINER
SET search_path = pg_catalog, pg_temp
AS $om_fn$
DECLARE
    v_reason     text := btrim(p_reason);
    v_ticket     text := nullif(btrim(p_ticket), '');
    v_changed    bigint := 0;
    v_audit_name text;
BEGIN
    IF p_action_id IS NULL THEN
        RAISE EXCEPTION 'outbox monitor: an action id is required' USING ERRCODE = 'null_value_not_allowed';
    END IF;
    IF v_reason IS NULL OR v_reason = '' THEN
        RAISE EXCEPTION 'outbox monitor: a reason is required' USING ERRCODE = 'invalid_parameter_value';
    END IF;
    IF EXISTS (SELECT 1 FROM "public"."outbox_audit" WHERE "action_id" = p_action_id) THEN
        RAISE EXCEPTION 'outbox monitor: action id % has been used already', p_action_id
              USING ERRCODE = 'unique_violation';
    END IF;
    IF p_action = 'cancel' THEN
        RETURN QUERY
        WITH om_target AS (
            SELECT om_t.om_id, om_t.om_old
              FROM (SELECT DISTINCT unnest(p_ids) AS om_req) AS om_r
             CROSS JOIN LATERAL (SELECT "id" AS om_id, CASE WHEN "published_at" IS NULL THEN 'UNPUBLISHED' WHEN "published_at" IS NOT NULL THEN 'PUBLISHED' END AS om_old FROM "public"."outbox"
                                  WHERE "id" = om_r.om_req AND "published_at" IS NULL
                                  FOR UPDATE SKIP LOCKED) AS om_t
        ), om_changed AS (
            UPDATE "public"."outbox" AS om_u SET "published_at" = now()
              FROM om_target WHERE om_u."id" = om_target.om_id
            RETURNING om_target.om_id, om_target.om_old
        ), om_audit AS (
            INSERT INTO "public"."outbox_audit" ("outbox_id", "action_name", "reason", "ticket", "old_status", "new_status", "changed_by", "changed_at", "os_user", "client_host", "app_version", "action_id") SELECT om_id, 'DISCARD', v_reason, v_ticket, om_old, 'PUBLISHED', session_user, now(), nullif(p_os_user, ''), nullif(p_client_host, ''), nullif(p_app_version, ''), p_action_id FROM om_changed
        )
        SELECT om_changed.om_id::bigint FROM om_changed ORDER BY 1;
        GET DIAGNOSTICS v_changed = ROW_COUNT;
        v_audit_name := 'DISCARD';
    ELSIF p_action = 'retry' THEN
        RETURN QUERY
        WITH om_target AS (
            SELECT om_t.om_id, om_t.om_old
              FROM (SELECT DISTINCT unnest(p_ids) AS om_req) AS om_r
             CROSS JOIN LATERAL (SELECT "id" AS om_id, CASE WHEN "published_at" IS NULL THEN 'UNPUBLISHED' WHEN "published_at" IS NOT NULL THEN 'PUBLISHED' END AS om_old FROM "public"."outbox"
                                  WHERE "id" = om_r.om_req AND "published_at" IS NOT NULL
                                  FOR UPDATE SKIP LOCKED) AS om_t
        ), om_changed AS (
            UPDATE "public"."outbox" AS om_u SET "published_at" = NULL
              FROM om_target WHERE om_u."id" = om_target.om_id
            RETURNING om_target.om_id, om_target.om_old
        ), om_audit AS (
            INSERT INTO "public"."outbox_audit" ("outbox_id", "action_name", "reason", "ticket", "old_status", "new_status", "changed_by", "changed_at", "os_user", "client_host", "app_version", "action_id") SELECT om_id, 'REPLAY', v_reason, v_ticket, om_old, 'UNPUBLISHED', session_user, now(), nullif(p_os_user, ''), nullif(p_client_host, ''), nullif(p_app_version, ''), p_action_id FROM om_changed
        )
        SELECT om_changed.om_id::bigint FROM om_changed ORDER BY 1;
        GET DIAGNOSTICS v_changed = ROW_COUNT;
        v_audit_name := 'REPLAY';
    ELSE
        RAISE EXCEPTION 'outbox monitor: profile outbox has no action %', p_action
              USING ERRCODE = 'invalid_parameter_value';
    END IF;
    IF v_changed > 0 THEN
        PERFORM pg_notify('outbox_monitor', json_build_object(
            'profile', 'outbox'::text, 'action', p_action, 'auditName', v_audit_name, 'count', v_changed,
            'user', session_user::text, 'osUser', p_os_user, 'host', p_client_host,
            'actionId', p_action_id)::text);
    END IF;
END
$om_fn$
$om_def$;
    EXECUTE 'REVOKE ALL ON FUNCTION "public"."outbox_monitor_action_outbox"(text,uuid,bigint[],text,text,integer,text,text,text) FROM PUBLIC';
END
$om_kit$;

-- profile spring_modulith_v1: "public"."event_publication", audit "public"."", function "public"."outbox_monitor_action_event_publication"(text,uuid,uuid[],text,text,integer,text,text,text)
-- (no actions: nothing to install)

-- profile spring_modulith_v2: "public"."event_publication", audit "outbox_monitor"."event_publication_audit", function "public"."outbox_monitor_action_event_publication"(text,uuid,uuid[],text,text,integer,text,text,text)
DO $om_kit$
BEGIN
    IF to_regclass('"public"."event_publication"') IS NULL OR to_regclass('"outbox_monitor"."event_publication_audit"') IS NULL THEN
        RAISE NOTICE 'outbox monitor kit: % or % does not exist, skipped', '"public"."event_publication"', '"outbox_monitor"."event_publication_audit"';
        RETURN;
    END IF;
    EXECUTE 'ALTER TABLE "outbox_monitor"."event_publication_audit" ADD COLUMN IF NOT EXISTS "action_id" uuid';
    EXECUTE 'CREATE INDEX IF NOT EXISTS "ix_event_publication_audit_action_id" ON "outbox_monitor"."event_publication_audit" ("action_id") WHERE "action_id" IS NOT NULL';
    EXECUTE $om_def$
CREATE OR REPLACE FUNCTION "public"."outbox_monitor_action_event_publication"(
    p_action text,
    p_action_id uuid,
    p_ids uuid[],
    p_reason text,
    p_ticket text,
    p_stuck_timeout_minutes integer,
    p_os_user text,
    p_client_host text,
    p_app_version text)
RETURNS SETOF uuid
LANGUAGE plpgsql VOLATILE SECURITY DEFINER
SET search_path = pg_catalog, pg_temp
AS $om_fn$
DECLARE
    v_reason     text := btrim(p_reason);
    v_ticket     text := nullif(btrim(p_ticket), '');
    v_changed    bigint := 0;
    v_audit_name text;
BEGIN
    IF p_action_id IS NULL THEN
        RAISE EXCEPTION 'outbox monitor: an action id is required' USING ERRCODE = 'null_value_not_allowed';
    END IF;
    IF v_reason IS NULL OR v_reason = '' THEN
        RAISE EXCEPTION 'outbox monitor: a reason is required' USING ERRCODE = 'invalid_parameter_value';
    END IF;
    IF EXISTS (SELECT 1 FROM "outbox_monitor"."event_publication_audit" WHERE "action_id" = p_action_id) THEN
        RAISE EXCEPTION 'outbox monitor: action id % has been used already', p_action_id
              USING ERRCODE = 'unique_violation';
    END IF;
    IF p_action = 'retry' THEN
        RETURN QUERY
        WITH om_target AS (
            SELECT om_t.om_id, om_t.om_old
              FROM (SELECT DISTINCT unnest(p_ids) AS om_req) AS om_r
             CROSS JOIN LATERAL (SELECT "id" AS om_id, "status" AS om_old FROM "public"."event_publication"
                                  WHERE "id" = om_r.om_req AND "status" = 'FAILED'
                                  FOR UPDATE SKIP LOCKED) AS om_t
        ), om_changed AS (
            UPDATE "public"."event_publication" AS om_u SET "status" = 'RESUBMITTED', "last_resubmission_date" = now()
              FROM om_target WHERE om_u."id" = om_target.om_id
            RETURNING om_target.om_id, om_target.om_old
        ), om_audit AS (
            INSERT INTO "outbox_monitor"."event_publication_audit" ("message_id", "action_name", "reason", "ticket", "old_status", "new_status", "changed_by", "changed_at", "os_user", "client_host", "app_version", "action_id") SELECT om_id::text, 'RESUBMIT', v_reason, v_ticket, om_old, 'RESUBMITTED', session_user, now(), nullif(p_os_user, ''), nullif(p_client_host, ''), nullif(p_app_version, ''), p_action_id FROM om_changed
        )
        SELECT om_changed.om_id::uuid FROM om_changed ORDER BY 1;
        GET DIAGNOSTICS v_changed = ROW_COUNT;
        v_audit_name := 'RESUBMIT';
    ELSE
        RAISE EXCEPTION 'outbox monitor: profile spring_modulith_v2 has no action %', p_action
              USING ERRCODE = 'invalid_parameter_value';
    END IF;
    IF v_changed > 0 THEN
        PERFORM pg_notify('outbox_monitor', json_build_object(
            'profile', 'spring_modulith_v2'::text, 'action', p_action, 'auditName', v_audit_name, 'count', v_changed,
            'user', session_user::text, 'osUser', p_os_user, 'host', p_client_host,
            'actionId', p_action_id)::text);
    END IF;
END
$om_fn$
$om_def$;
    EXECUTE 'REVOKE ALL ON FUNCTION "public"."outbox_monitor_action_event_publication"(text,uuid,uuid[],text,text,integer,text,text,text) FROM PUBLIC';
END
$om_kit$;

-- profile wolverine_dead_letters: "public"."wolverine_dead_letters", audit "outbox_monitor"."wolverine_dead_letters_audit", function "public"."outbox_monitor_action_wolverine_dead_letters"(text,uuid,uuid[],text,text,integer,text,text,text)
DO $om_kit$
BEGIN
    IF to_regclass('"public"."wolverine_dead_letters"') IS NULL OR to_regclass('"outbox_monitor"."wolverine_dead_letters_audit"') IS NULL THEN
        RAISE NOTICE 'outbox monitor kit: % or % does not exist, skipped', '"public"."wolverine_dead_letters"', '"outbox_monitor"."wolverine_dead_letters_audit"';
        RETURN;
    END IF;
    EXECUTE 'ALTER TABLE "outbox_monitor"."wolverine_dead_letters_audit" ADD COLUMN IF NOT EXISTS "action_id" uuid';
    EXECUTE 'CREATE INDEX IF NOT EXISTS "ix_wolverine_dead_letters_audit_action_id" ON "outbox_monitor"."wolverine_dead_letters_audit" ("action_id") WHERE "action_id" IS NOT NULL';
    EXECUTE $om_def$
CREATE OR REPLACE FUNCTION "public"."outbox_monitor_action_wolverine_dead_letters"(
    p_action text,
    p_action_id uuid,
    p_ids uuid[],
    p_reason text,
    p_ticket text,
    p_stuck_timeout_minutes integer,
    p_os_user text,
    p_client_host text,
    p_app_version text)
RETURNS SETOF uuid
LANGUAGE plpgsql VOLATILE SECURITY DEFINER
SET search_path = pg_catalog, pg_temp
AS $om_fn$
DECLARE
    v_reason     text := btrim(p_reason);
    v_ticket     text := nullif(btrim(p_ticket), '');
    v_changed    bigint := 0;
    v_audit_name text;
BEGIN
    IF p_action_id IS NULL THEN
        RAISE EXCEPTION 'outbox monitor: an action id is required' USING ERRCODE = 'null_value_not_allowed';
    END IF;
    IF v_reason IS NULL OR v_reason = '' THEN
        RAISE EXCEPTION 'outbox monitor: a reason is required' USING ERRCODE = 'invalid_parameter_value';
    END IF;
    IF EXISTS (SELECT 1 FROM "outbox_monitor"."wolverine_dead_letters_audit" WHERE "action_id" = p_action_id) THEN
        RAISE EXCEPTION 'outbox monitor: action id % has been used already', p_action_id
              USING ERRCODE = 'unique_violation';
    END IF;
    IF p_action = 'retry' THEN
        RETURN QUERY
        WITH om_target AS (
            SELECT om_t.om_id, om_t.om_old
              FROM (SELECT DISTINCT unnest(p_ids) AS om_req) AS om_r
             CROSS JOIN LATERAL (SELECT "id" AS om_id, CASE WHEN "replayable" IS FALSE THEN 'DEAD' WHEN "replayable" IS TRUE THEN 'REPLAY_REQUESTED' END AS om_old FROM "public"."wolverine_dead_letters"
                                  WHERE "id" = om_r.om_req AND "replayable" IS FALSE
                                  FOR UPDATE SKIP LOCKED) AS om_t
        ), om_changed AS (
            UPDATE "public"."wolverine_dead_letters" AS om_u SET "replayable" = true
              FROM om_target WHERE om_u."id" = om_target.om_id
            RETURNING om_target.om_id, om_target.om_old
        ), om_audit AS (
            INSERT INTO "outbox_monitor"."wolverine_dead_letters_audit" ("message_id", "action_name", "reason", "ticket", "old_status", "new_status", "changed_by", "changed_at", "os_user", "client_host", "app_version", "action_id") SELECT om_id::text, 'REPLAY', v_reason, v_ticket, om_old, 'REPLAY_REQUESTED', session_user, now(), nullif(p_os_user, ''), nullif(p_client_host, ''), nullif(p_app_version, ''), p_action_id FROM om_changed
        )
        SELECT om_changed.om_id::uuid FROM om_changed ORDER BY 1;
        GET DIAGNOSTICS v_changed = ROW_COUNT;
        v_audit_name := 'REPLAY';
    ELSE
        RAISE EXCEPTION 'outbox monitor: profile wolverine_dead_letters has no action %', p_action
              USING ERRCODE = 'invalid_parameter_value';
    END IF;
    IF v_changed > 0 THEN
        PERFORM pg_notify('outbox_monitor', json_build_object(
            'profile', 'wolverine_dead_letters'::text, 'action', p_action, 'auditName', v_audit_name, 'count', v_changed,
            'user', session_user::text, 'osUser', p_os_user, 'host', p_client_host,
            'actionId', p_action_id)::text);
    END IF;
END
$om_fn$
$om_def$;
    EXECUTE 'REVOKE ALL ON FUNCTION "public"."outbox_monitor_action_wolverine_dead_letters"(text,uuid,uuid[],text,text,integer,text,text,text) FROM PUBLIC';
END
$om_kit$;

