-- Admin kit: the purge functions, the only way operators delete finished messages: every
-- delete is made and audited by the database in one statement, never by the program's own DELETE.
--
-- GENERATED from the built-in profiles' "purge" sections (resources/profiles/*.json) by
-- om::PurgeFunctionSql (app/core/purge/) through om::kit::AuditedFunction (app/core/kit/); do not
-- edit by hand: tests/unit/tst_purgekit fails when this file and the generator differ, and
-- OM_REGENERATE_KIT=1 build/tests/tst_purgekit rewrites it.
--
-- One function per table, outbox_monitor_purge_<table>(action_id, states, older_than_days,
-- batch_size, reason, ticket, os_user, client_host, app_version) RETURNS bigint (rows deleted).
-- One call is one batch: it deletes at most batch_size rows in the named finished states whose
-- age (the profile's purge.sinceColumn, server clock) exceeds older_than_days, skipping rows a
-- worker holds locked, and writes one audit row per deleted row (new status PURGED, changed_by =
-- session_user, the caller's action id). A state that is not one of the profile's purge states
-- (an open state above all) is refused. The program calls it once per transaction until a batch
-- comes back short or the operator cancels.
--
-- SECURITY DEFINER, owned by the role that applies this file (the tables' owner); roles.sql
-- grants EXECUTE to the operator role only. Apply after the tables exist and before roles.sql.
-- Idempotent.

-- profile app_outbox: "public"."app_outbox", audit "public"."app_outbox_audit", purge function "public"."outbox_monitor_purge_app_outbox"(uuid,text[],integer,integer,text,text,text,text,text)
DO $om_kit$
BEGIN
    IF to_regclass('"public"."app_outbox"') IS NULL OR to_regclass('"public"."app_outbox_audit"') IS NULL THEN
        RAISE NOTICE 'outbox monitor kit: % or % does not exist, skipped', '"public"."app_outbox"', '"public"."app_outbox_audit"';
        RETURN;
    END IF;
    EXECUTE $om_def$
CREATE OR REPLACE FUNCTION "public"."outbox_monitor_purge_app_outbox"(
    p_action_id uuid,
    p_states text[],
    p_older_than_days integer,
    p_batch_size integer,
    p_reason text,
    p_ticket text,
    p_os_user text,
    p_client_host text,
    p_app_version text)
RETURNS bigint
LANGUAGE plpgsql VOLATILE SECURITY DEFINER
SET search_path = pg_catalog, pg_temp
AS $om_fn$
DECLARE
    v_reason  text := btrim(p_reason);
    v_ticket  text := nullif(btrim(p_ticket), '');
    v_state   text;
    v_deleted bigint := 0;
BEGIN
    IF p_action_id IS NULL THEN
        RAISE EXCEPTION 'outbox monitor: an action id is required' USING ERRCODE = 'null_value_not_allowed';
    END IF;
    IF v_reason IS NULL OR v_reason = '' THEN
        RAISE EXCEPTION 'outbox monitor: a reason is required' USING ERRCODE = 'invalid_parameter_value';
    END IF;
    IF p_older_than_days IS NULL OR p_older_than_days < 1 THEN
        RAISE EXCEPTION 'outbox monitor: a purge needs a retention of at least 1 day' USING ERRCODE = 'invalid_parameter_value';
    END IF;
    IF p_batch_size IS NULL OR p_batch_size < 1 OR p_batch_size > 100000 THEN
        RAISE EXCEPTION 'outbox monitor: a purge batch is 1 to 100000 rows' USING ERRCODE = 'invalid_parameter_value';
    END IF;
    IF p_states IS NULL OR cardinality(p_states) = 0 THEN
        RAISE EXCEPTION 'outbox monitor: a purge must name the finished states it deletes' USING ERRCODE = 'invalid_parameter_value';
    END IF;
    FOREACH v_state IN ARRAY p_states LOOP
        IF v_state IS NULL OR NOT (v_state = ANY (ARRAY['SENT', 'CANCELLED']::text[])) THEN
            RAISE EXCEPTION 'outbox monitor: % is not a finished state this profile may purge (only %)', v_state, 'SENT, CANCELLED'
                  USING ERRCODE = 'invalid_parameter_value';
        END IF;
    END LOOP;
    WITH om_target AS (
        SELECT "outbox_id" AS om_id FROM "public"."app_outbox"
         WHERE "status" IN ('SENT', 'CANCELLED') AND ("status")::text = ANY (p_states)
           AND "updated_at" < now() - make_interval(days => p_older_than_days)
         LIMIT p_batch_size
           FOR UPDATE SKIP LOCKED
    ), om_deleted AS (
        DELETE FROM "public"."app_outbox" AS om_d USING om_target
         WHERE om_d."outbox_id" = om_target.om_id
        RETURNING om_target.om_id, "status" AS om_old
    ), om_audit AS (
        INSERT INTO "public"."app_outbox_audit" ("outbox_id", "action_name", "reason", "ticket", "old_status", "new_status", "changed_by", "changed_at", "os_user", "client_host", "app_version", "action_id") SELECT om_id, 'PURGE', v_reason, v_ticket, om_old, 'PURGED', session_user, now(), nullif(p_os_user, ''), nullif(p_client_host, ''), nullif(p_app_version, ''), p_action_id FROM om_deleted
    )
    SELECT count(*) INTO v_deleted FROM om_deleted;
    RETURN v_deleted;
END
$om_fn$
$om_def$;
    EXECUTE 'REVOKE ALL ON FUNCTION "public"."outbox_monitor_purge_app_outbox"(uuid,text[],integer,integer,text,text,text,text,text) FROM PUBLIC';
END
$om_kit$;

-- profile batch_work_item: "public"."batch_work_item", audit "public"."batch_work_status_history", purge function "public"."outbox_monitor_purge_batch_work_item"(uuid,text[],integer,integer,text,text,text,text,text)
DO $om_kit$
BEGIN
    IF to_regclass('"public"."batch_work_item"') IS NULL OR to_regclass('"public"."batch_work_status_history"') IS NULL THEN
        RAISE NOTICE 'outbox monitor kit: % or % does not exist, skipped', '"public"."batch_work_item"', '"public"."batch_work_status_history"';
        RETURN;
    END IF;
    EXECUTE $om_def$
CREATE OR REPLACE FUNCTION "public"."outbox_monitor_purge_batch_work_item"(
    p_action_id uuid,
    p_states text[],
    p_older_than_days integer,
    p_batch_size integer,
    p_reason text,
    p_ticket text,
    p_os_user text,
    p_client_host text,
    p_app_version text)
RETURNS bigint
LANGUAGE plpgsql VOLATILE SECURITY DEFINER
SET search_path = pg_catalog, pg_temp
AS $om_fn$
DECLARE
    v_reason  text := btrim(p_reason);
    v_ticket  text := nullif(btrim(p_ticket), '');
    v_state   text;
    v_deleted bigint := 0;
BEGIN
    IF p_action_id IS NULL THEN
        RAISE EXCEPTION 'outbox monitor: an action id is required' USING ERRCODE = 'null_value_not_allowed';
    END IF;
    IF v_reason IS NULL OR v_reason = '' THEN
        RAISE EXCEPTION 'outbox monitor: a reason is required' USING ERRCODE = 'invalid_parameter_value';
    END IF;
    IF p_older_than_days IS NULL OR p_older_than_days < 1 THEN
        RAISE EXCEPTION 'outbox monitor: a purge needs a retention of at least 1 day' USING ERRCODE = 'invalid_parameter_value';
    END IF;
    IF p_batch_size IS NULL OR p_batch_size < 1 OR p_batch_size > 100000 THEN
        RAISE EXCEPTION 'outbox monitor: a purge batch is 1 to 100000 rows' USING ERRCODE = 'invalid_parameter_value';
    END IF;
    IF p_states IS NULL OR cardinality(p_states) = 0 THEN
        RAISE EXCEPTION 'outbox monitor: a purge must name the finished states it deletes' USING ERRCODE = 'invalid_parameter_value';
    END IF;
    FOREACH v_state IN ARRAY p_states LOOP
        IF v_state IS NULL OR NOT (v_state = ANY (ARRAY['SUCCESS', 'SKIPPED']::text[])) THEN
            RAISE EXCEPTION 'outbox monitor: % is not a finished state this profile may purge (only %)', v_state, 'SUCCESS, SKIPPED'
                  USING ERRCODE = 'invalid_parameter_value';
        END IF;
    END LOOP;
    WITH om_target AS (
        SELECT "work_item_id" AS om_id FROM "public"."batch_work_item"
         WHERE "status" IN ('SUCCESS', 'SKIPPED') AND ("status")::text = ANY (p_states)
           AND "updated_at" < now() - make_interval(days => p_older_than_days)
         LIMIT p_batch_size
           FOR UPDATE SKIP LOCKED
    ), om_deleted AS (
        DELETE FROM "public"."batch_work_item" AS om_d USING om_target
         WHERE om_d."work_item_id" = om_target.om_id
        RETURNING om_target.om_id, "status" AS om_old
    ), om_audit AS (
        INSERT INTO "public"."batch_work_status_history" ("work_item_id", "action_name", "message", "ticket", "old_status", "new_status", "changed_by", "changed_at", "os_user", "client_host", "app_version", "action_id") SELECT om_id, 'PURGE', v_reason, v_ticket, om_old, 'PURGED', session_user, now(), nullif(p_os_user, ''), nullif(p_client_host, ''), nullif(p_app_version, ''), p_action_id FROM om_deleted
    )
    SELECT count(*) INTO v_deleted FROM om_deleted;
    RETURN v_deleted;
END
$om_fn$
$om_def$;
    EXECUTE 'REVOKE ALL ON FUNCTION "public"."outbox_monitor_purge_batch_work_item"(uuid,text[],integer,integer,text,text,text,text,text) FROM PUBLIC';
END
$om_kit$;

-- profile debezium_outbox: "public"."outboxevent", audit "public"."", purge function "public"."outbox_monitor_purge_outboxevent"(uuid,text[],integer,integer,text,text,text,text,text)
-- (no "purge" in the profile, or a read-only profile: nothing to install)

-- profile eventuate_message: "eventuate"."message", audit "outbox_monitor"."message_audit", purge function "eventuate"."outbox_monitor_purge_message"(uuid,text[],integer,integer,text,text,text,text,text)
-- (no "purge" in the profile, or a read-only profile: nothing to install)

-- profile masstransit_outbox: "public"."OutboxMessage", audit "public"."", purge function "public"."outbox_monitor_purge_OutboxMessage"(uuid,text[],integer,integer,text,text,text,text,text)
-- (no "purge" in the profile, or a read-only profile: nothing to install)

-- profile nservicebus_outbox: "public"."OutboxData", audit "public"."", purge function "public"."outbox_monitor_purge_OutboxData"(uuid,text[],integer,integer,text,text,text,text,text)
-- (no "purge" in the profile, or a read-only profile: nothing to install)

-- profile outbox: "public"."outbox", audit "public"."outbox_audit", purge function "public"."outbox_monitor_purge_outbox"(uuid,text[],integer,integer,text,text,text,text,text)
DO $om_kit$
BEGIN
    IF to_regclass('"public"."outbox"') IS NULL OR to_regclass('"public"."outbox_audit"') IS NULL THEN
        RAISE NOTICE 'outbox monitor kit: % or % does not exist, skipped', '"public"."outbox"', '"public"."outbox_audit"';
        RETURN;
    END IF;
    EXECUTE $om_def$
CREATE OR REPLACE FUNCTION "public"."outbox_monitor_purge_outbox"(
    p_action_id uuid,
    p_states text[],
    p_older_than_days integer,
    p_batch_size integer,
    p_reason text,
    p_ticket text,
    p_os_user text,
    p_client_host text,
    p_app_version text)
RETURNS bigint
LANGUAGE plpgsql VOLATILE SECURITY DEFINER
SET search_path = pg_catalog, pg_temp
AS $om_fn$
DECLARE
    v_reason  text := btrim(p_reason);
    v_ticket  text := nullif(btrim(p_ticket), '');
    v_state   text;
    v_deleted bigint := 0;
BEGIN
    IF p_action_id IS NULL THEN
        RAISE EXCEPTION 'outbox monitor: an action id is required' USING ERRCODE = 'null_value_not_allowed';
    END IF;
    IF v_reason IS NULL OR v_reason = '' THEN
        RAISE EXCEPTION 'outbox monitor: a reason is required' USING ERRCODE = 'invalid_parameter_value';
    END IF;
    IF p_older_than_days IS NULL OR p_older_than_days < 1 THEN
        RAISE EXCEPTION 'outbox monitor: a purge needs a retention of at least 1 day' USING ERRCODE = 'invalid_parameter_value';
    END IF;
    IF p_batch_size IS NULL OR p_batch_size < 1 OR p_batch_size > 100000 THEN
        RAISE EXCEPTION 'outbox monitor: a purge batch is 1 to 100000 rows' USING ERRCODE = 'invalid_parameter_value';
    END IF;
    IF p_states IS NULL OR cardinality(p_states) = 0 THEN
        RAISE EXCEPTION 'outbox monitor: a purge must name the finished states it deletes' USING ERRCODE = 'invalid_parameter_value';
    END IF;
    FOREACH v_state IN ARRAY p_states LOOP
        IF v_state IS NULL OR NOT (v_state = ANY (ARRAY['PUBLISHED']::text[])) THEN
            RAISE EXCEPTION 'outbox monitor: % is not a finished state this profile may purge (only %)', v_state, 'PUBLISHED'
                  USING ERRCODE = 'invalid_parameter_value';
        END IF;
    END LOOP;
    WITH om_target AS (
        SELECT "id" AS om_id FROM "public"."outbox"
         WHERE "published_at" IS NOT NULL AND (CASE WHEN "published_at" IS NULL THEN 'UNPUBLISHED' WHEN "published_at" IS NOT NULL THEN 'PUBLISHED' END)::text = ANY (p_states)
           AND "published_at" < now() - make_interval(days => p_older_than_days)
         LIMIT p_batch_size
           FOR UPDATE SKIP LOCKED
    ), om_deleted AS (
        DELETE FROM "public"."outbox" AS om_d USING om_target
         WHERE om_d."id" = om_target.om_id
        RETURNING om_target.om_id, CASE WHEN "published_at" IS NULL THEN 'UNPUBLISHED' WHEN "published_at" IS NOT NULL THEN 'PUBLISHED' END AS om_old
    ), om_audit AS (
        INSERT INTO "public"."outbox_audit" ("outbox_id", "action_name", "reason", "ticket", "old_status", "new_status", "changed_by", "changed_at", "os_user", "client_host", "app_version", "action_id") SELECT om_id, 'PURGE', v_reason, v_ticket, om_old, 'PURGED', session_user, now(), nullif(p_os_user, ''), nullif(p_client_host, ''), nullif(p_app_version, ''), p_action_id FROM om_deleted
    )
    SELECT count(*) INTO v_deleted FROM om_deleted;
    RETURN v_deleted;
END
$om_fn$
$om_def$;
    EXECUTE 'REVOKE ALL ON FUNCTION "public"."outbox_monitor_purge_outbox"(uuid,text[],integer,integer,text,text,text,text,text) FROM PUBLIC';
END
$om_kit$;

-- profile spring_modulith_v1: "public"."event_publication", audit "public"."", purge function "public"."outbox_monitor_purge_event_publication"(uuid,text[],integer,integer,text,text,text,text,text)
-- (no "purge" in the profile, or a read-only profile: nothing to install)

-- profile spring_modulith_v2: "public"."event_publication", audit "outbox_monitor"."event_publication_audit", purge function "public"."outbox_monitor_purge_event_publication"(uuid,text[],integer,integer,text,text,text,text,text)
-- (no "purge" in the profile, or a read-only profile: nothing to install)

-- profile wolverine_dead_letters: "public"."wolverine_dead_letters", audit "outbox_monitor"."wolverine_dead_letters_audit", purge function "public"."outbox_monitor_purge_wolverine_dead_letters"(uuid,text[],integer,integer,text,text,text,text,text)
-- (no "purge" in the profile, or a read-only profile: nothing to install)

