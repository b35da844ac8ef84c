-- Wolverine (JasperFx) durable messaging on PostgreSQL: outgoing envelopes and dead letters.
-- Repository: https://github.com/JasperFx/wolverine
-- Paths:      src/Persistence/Wolverine.Postgresql/Schema/OutgoingEnvelopeTable.cs
--             (commit 2e3ac7c9d5d4c06ac6037903382ce7130f064d18)
--             src/Persistence/Wolverine.Postgresql/Schema/DeadLettersTable.cs
--             (commit 2d9bdbdcc2ba76fd458785cf4b46750fbec1c15f)
-- Wolverine builds its tables in code (Weasel table definitions), not from SQL files. Written out
-- here as Weasel.Postgresql maps the .NET types: Guid -> uuid, int -> integer, string -> varchar,
-- DateTimeOffset -> timestamp with time zone, bool -> boolean; "bytea" as given; column names from
-- Wolverine.RDBMS.DatabaseConstants.
-- Which table operators watch: wolverine_dead_letters. Outgoing envelopes are owned by a running
-- node (owner_id) and sent within seconds; a message that exhausted its retries lands in dead
-- letters with its exception, and Wolverine replays a dead letter once replayable is set to true
-- (its durability agent moves such rows back to the incoming envelopes). That is the one
-- transition an operator takes, so the profile is the dead-letter table.
CREATE TABLE IF NOT EXISTS wolverine_outgoing_envelopes (
    id              uuid PRIMARY KEY,
    owner_id        integer NOT NULL,
    destination     varchar NOT NULL,
    deliver_by      timestamp with time zone,
    body            bytea NOT NULL,
    attempts        integer DEFAULT 0,
    conversation_id uuid,
    correlation_id  varchar,
    parent_id       varchar,
    saga_id         varchar,
    message_type    varchar NOT NULL,
    content_type    varchar,
    reply_requested varchar,
    ack_requested   boolean,
    reply_uri       varchar,
    sent_at         timestamp with time zone
);

CREATE TABLE IF NOT EXISTS wolverine_dead_letters (
    id                uuid PRIMARY KEY,
    execution_time    timestamp with time zone DEFAULT NULL,
    body              bytea NOT NULL,
    message_type      varchar NOT NULL,
    received_at       varchar,
    source            varchar,
    exception_type    varchar,
    exception_message varchar,
    sent_at           timestamp with time zone,
    replayable        boolean
);
