-- Spring Modulith, Event Publication Registry, JDBC, schema version 1 (Spring Modulith 1.x).
-- Repository: https://github.com/spring-projects/spring-modulith
-- Path:       spring-modulith-events/spring-modulith-events-jdbc/src/main/resources/schemas/v1/schema-postgresql.sql
--             (commit 58952a13d9382a5980a031fc97b1dcb84530be40; before the schemas/ folders it was
--             src/main/resources/schema-postgresql.sql)
-- Columns of this version: id, listener_id, event_type, serialized_event, publication_date,
-- completion_date. A publication is incomplete while completion_date IS NULL; there is no
-- failure state and no attempt count.
-- Copied as published; nothing needed adapting (it is the PostgreSQL dialect).
CREATE TABLE IF NOT EXISTS event_publication
(
  id               UUID NOT NULL,
  listener_id      TEXT NOT NULL,
  event_type       TEXT NOT NULL,
  serialized_event TEXT NOT NULL,
  publication_date TIMESTAMP WITH TIME ZONE NOT NULL,
  completion_date  TIMESTAMP WITH TIME ZONE,
  PRIMARY KEY (id)
);
CREATE INDEX IF NOT EXISTS event_publication_serialized_event_hash_idx ON event_publication USING hash(serialized_event);
CREATE INDEX IF NOT EXISTS event_publication_by_completion_date_idx ON event_publication (completion_date);
