-- Spring Modulith, Event Publication Registry, JDBC, schema version 2 (Spring Modulith 2.x).
-- Repository: https://github.com/spring-projects/spring-modulith
-- Path:       spring-modulith-events/spring-modulith-events-jdbc/src/main/resources/schemas/v2/schema-postgresql.sql
--             (commit 68e783e8888b70e7dcfb59de244c97a6f7943d99)
-- What version 2 adds to version 1: status (PUBLISHED, PROCESSING, COMPLETED, FAILED, RESUBMITTED),
-- completion_attempts and last_resubmission_date; the status is TEXT and nullable (rows written
-- by a 1.x application have none until migrated).
-- Copied as published; nothing needed adapting (it is the PostgreSQL dialect).
CREATE TABLE IF NOT EXISTS event_publication
(
  id                     UUID NOT NULL,
  listener_id            TEXT NOT NULL,
  event_type             TEXT NOT NULL,
  serialized_event       TEXT NOT NULL,
  publication_date       TIMESTAMP WITH TIME ZONE NOT NULL,
  completion_date        TIMESTAMP WITH TIME ZONE,
  status                 TEXT,
  completion_attempts    INT,
  last_resubmission_date TIMESTAMP WITH TIME ZONE,
  PRIMARY KEY (id)
);
CREATE INDEX IF NOT EXISTS event_publication_serialized_event_hash_idx ON event_publication USING hash(serialized_event);
CREATE INDEX IF NOT EXISTS event_publication_by_completion_date_idx ON event_publication (completion_date);
