-- Eventuate Tram: the message table (transactional messaging) in the eventuate schema.
-- Repository: https://github.com/eventuate-foundation/eventuate-cdc
-- Path:       postgres/2.initialize-database.sql (commit 686ec4e87d433dbcb12919fb08916a6f1eb8378b)
--             with scripts/update-postgres.sql (commit a1c44dfdabdf1e4ef9783347d42138ce36700ce3),
--             which adds creation_time BIGINT to message for CDC monitoring.
-- creation_time is epoch milliseconds (the producer's System.currentTimeMillis()); published is
-- 0 until the CDC service in polling mode has sent the message and set it to 1 (the WAL-reading
-- mode reads inserts from the replication stream and leaves it 0).
-- Adapted: only the message table and its schema (received_messages and offset_store of the same
-- script are not the outbox); creation_time written into the CREATE TABLE.
CREATE SCHEMA IF NOT EXISTS eventuate;
CREATE TABLE IF NOT EXISTS eventuate.message (
  id VARCHAR(1000) PRIMARY KEY,
  destination VARCHAR(1000) NOT NULL,
  headers VARCHAR(1000) NOT NULL,
  payload VARCHAR(1000) NOT NULL,
  published SMALLINT DEFAULT 0,
  creation_time BIGINT
);
