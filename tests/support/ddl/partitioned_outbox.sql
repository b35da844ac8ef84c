-- Two partitioned copies of the seed's app_outbox (resources/sql/seed000_app_outbox.sql), for the
-- partitioned-table tests (tests/db/tst_partitioned.cpp) and scripts/bench partitioned.
--
-- part_queue_outbox: partitioned by LIST, one partition per destination (a queue each), and a
-- default partition for the others. part_daily_outbox: partitioned by RANGE on created_at, one
-- partition a day, made by pg_partman (tests/db/tst_partitioned.cpp calls partman.create_parent).
-- A partitioned table's primary key and unique constraints must hold its partition key, so the
-- seed's UNIQUE (message_key) is left out and the key is (outbox_id, partition key).

CREATE SEQUENCE IF NOT EXISTS part_outbox_id_seq;

CREATE TABLE IF NOT EXISTS part_queue_outbox (
    outbox_id        bigint        NOT NULL DEFAULT nextval('part_outbox_id_seq'),
    message_key      varchar(200)  NOT NULL,
    event_type       varchar(100)  NOT NULL,
    destination      varchar(200)  NOT NULL,
    payload_json     text          NOT NULL,
    status           varchar(20)   NOT NULL DEFAULT 'PENDING',
    retry_count      integer       NOT NULL DEFAULT 0,
    max_retry_count  integer       NOT NULL DEFAULT 5,
    next_run_at      timestamptz   NOT NULL DEFAULT now(),
    locked_by        varchar(128),
    locked_at        timestamptz,
    sent_at          timestamptz,
    last_error_code  varchar(100),
    last_error_msg   varchar(1000),
    created_at       timestamptz   NOT NULL DEFAULT now(),
    updated_at       timestamptz   NOT NULL DEFAULT now(),
    PRIMARY KEY (outbox_id, destination),
    CONSTRAINT ck_part_queue_outbox_status CHECK (status IN ('PENDING','PROCESSING','SENT','FAILED','CANCELLED'))
) PARTITION BY LIST (destination);

CREATE TABLE IF NOT EXISTS part_queue_outbox_dest_0 PARTITION OF part_queue_outbox FOR VALUES IN ('DEST_0');
CREATE TABLE IF NOT EXISTS part_queue_outbox_dest_1 PARTITION OF part_queue_outbox FOR VALUES IN ('DEST_1');
CREATE TABLE IF NOT EXISTS part_queue_outbox_dest_2 PARTITION OF part_queue_outbox FOR VALUES IN ('DEST_2');
CREATE TABLE IF NOT EXISTS part_queue_outbox_other PARTITION OF part_queue_outbox DEFAULT;

CREATE TABLE IF NOT EXISTS part_daily_outbox (LIKE part_queue_outbox INCLUDING DEFAULTS INCLUDING CONSTRAINTS,
    PRIMARY KEY (outbox_id, created_at)) PARTITION BY RANGE (created_at);
