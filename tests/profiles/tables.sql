-- Tables of the test profiles in this folder (tests/db/tst_idtypes). Not demo material: shaped
-- like the outboxes real systems keep (uuid keys as Spring Modulith's event_publication, varchar
-- ids as NServiceBus's MessageId, epoch milliseconds as Eventuate Tram's message table).
CREATE TABLE uuid_outbox (
    id           uuid PRIMARY KEY,
    event_key    text NOT NULL,
    event_type   text NOT NULL,
    topic        text NOT NULL,
    status       text NOT NULL,
    payload      jsonb,
    attempts     int NOT NULL DEFAULT 0,
    max_attempts int NOT NULL DEFAULT 5,
    locked_at    timestamptz,
    last_error   text,
    created_at   timestamptz NOT NULL,
    updated_at   timestamptz NOT NULL
);
CREATE INDEX ix_uuid_outbox_created ON uuid_outbox (created_at, id);

CREATE TABLE text_outbox (
    message_id    varchar(200) PRIMARY KEY,
    message_key   text NOT NULL,
    event_type    text NOT NULL,
    status        text NOT NULL,
    body          text,
    locked_at_ms  bigint,
    created_at_ms bigint NOT NULL,
    updated_at_ms bigint NOT NULL
);
CREATE INDEX ix_text_outbox_locked ON text_outbox (locked_at_ms) WHERE status = 'PROCESSING';

CREATE TABLE zoned_outbox (
    id          bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    event_key   text NOT NULL,
    status      text NOT NULL,
    payload     text,
    locked_at_s bigint,
    created_at  timestamp NOT NULL,
    updated_at  timestamp NOT NULL
);

-- The kit's kind of audit table: message ids as text, so that one shape serves any id type.
CREATE TABLE om_test_audit (
    audit_id    bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    message_id  text NOT NULL,
    action_name text NOT NULL,
    reason      text NOT NULL,
    ticket      text,
    old_status  text,
    new_status  text,
    changed_by  text NOT NULL,
    changed_at  timestamptz NOT NULL,
    os_user     text,
    client_host text,
    app_version text,
    action_id   uuid
);
CREATE INDEX ix_om_test_audit_message ON om_test_audit (message_id);
