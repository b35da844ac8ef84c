-- Debezium outbox event router (SMT io.debezium.transforms.outbox.EventRouter): the outbox table
-- its documentation expects ("Basic outbox table").
-- Repository: https://github.com/debezium/debezium
-- Path:       documentation/modules/ROOT/pages/transformations/outbox-event-router.adoc, section
--             [[basic-outbox-table]] (commit 013581962634deea64f0dcc2e6c0b513db2af942)
-- The documentation gives the columns as a psql \d listing, not as DDL:
--   id uuid not null, aggregatetype varchar(255) not null, aggregateid varchar(255) not null,
--   type varchar(255) not null, payload jsonb
-- Adapted: written as CREATE TABLE with id as the primary key; and one column added, "timestamp",
-- the column the router's table.field.event.timestamp option names (the Debezium Quarkus outbox
-- extension's entity has it too). Without a time column no row can show its age. timestamptz with
-- now() as default, so that an application that never sets it still gets the insert time.
-- Rows are usually deleted in the same transaction (or right after) the insert: Debezium reads
-- the insert from the WAL through its replication slot, so the rows present are the exception.
CREATE TABLE IF NOT EXISTS outboxevent (
    id            uuid                   NOT NULL PRIMARY KEY,
    aggregatetype character varying(255) NOT NULL,
    aggregateid   character varying(255) NOT NULL,
    type          character varying(255) NOT NULL,
    payload       jsonb,
    "timestamp"   timestamp with time zone NOT NULL DEFAULT now()
);
