-- NServiceBus SQL persistence, outbox table, PostgreSQL dialect.
-- Repository: https://github.com/Particular/NServiceBus.Persistence.Sql
-- Path:       src/ScriptBuilder/Outbox/Create_PostgreSql.sql (commit 88b0f5101492c6c002b0ae6d0de5526e621eb687)
-- The published script is a plpgsql function create_outbox_table(tablePrefix) that runs the
-- CREATE TABLE below for public.<prefix>OutboxData; the persistence calls it with the endpoint's
-- table prefix. Adapted: the statement it executes, written out with an empty prefix and the
-- table name quoted ("OutboxData"), as the script's dynamic SQL leaves it unquoted only when a
-- deployment's prefix makes it so. Column types are the script's own (the PostgreSQL dialect):
-- the SQL Server script's nvarchar(200) / bit / datetime / nvarchar(max) appear here as
-- character varying(200) / boolean / timestamp (UTC, without time zone) / jsonb.
-- A row is written when a message is processed (Dispatched = false) and marked Dispatched with
-- DispatchedAt when its outgoing operations were sent; it keeps no time of its own before that.
CREATE TABLE IF NOT EXISTS public."OutboxData"
(
    "MessageId" character varying(200),
    "Dispatched" boolean not null default false,
    "DispatchedAt" timestamp,
    "PersistenceVersion" character varying(23),
    "Operations" jsonb not null,
    PRIMARY KEY ("MessageId")
);
CREATE INDEX IF NOT EXISTS "Index_DispatchedAt" ON public."OutboxData" USING btree ("DispatchedAt" ASC NULLS LAST);
CREATE INDEX IF NOT EXISTS "Index_Dispatched" ON public."OutboxData" USING btree ("Dispatched" ASC NULLS LAST);
