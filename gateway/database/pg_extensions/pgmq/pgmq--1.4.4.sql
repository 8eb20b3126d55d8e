\echo Use "CREATE EXTENSION pgmq" to load this file. \quit

-- The schema pgmq comes from the control file. Each queue is a table pgmq.q_<name> of messages and an archive
-- pgmq.a_<name>; both belong to the extension, as pgmq's, and pgmq.meta lists the queues.

CREATE TABLE pgmq.meta (
  queue_name varchar UNIQUE NOT NULL,
  is_partitioned boolean NOT NULL,
  is_unlogged boolean NOT NULL,
  created_at timestamptz DEFAULT now() NOT NULL
);

GRANT USAGE ON SCHEMA pgmq TO pg_monitor;
GRANT SELECT ON pgmq.meta TO pg_monitor;
ALTER DEFAULT PRIVILEGES IN SCHEMA pgmq GRANT SELECT ON TABLES TO pg_monitor;
ALTER DEFAULT PRIVILEGES IN SCHEMA pgmq GRANT SELECT ON SEQUENCES TO pg_monitor;

CREATE TYPE pgmq.message_record AS (
  msg_id bigint,
  read_ct integer,
  enqueued_at timestamptz,
  vt timestamptz,
  message jsonb
);

CREATE TYPE pgmq.queue_record AS (
  queue_name varchar,
  is_partitioned boolean,
  is_unlogged boolean,
  created_at timestamptz
);

CREATE TYPE pgmq.metrics_result AS (
  queue_name text,
  queue_length bigint,
  newest_msg_age_sec integer,
  oldest_msg_age_sec integer,
  total_messages bigint,
  scrape_time timestamptz
);

-- The table of a queue ('q') or of its archive ('a'); names with characters that could escape SQL are refused.
CREATE FUNCTION pgmq.format_table_name(queue_name text, prefix text) RETURNS text
LANGUAGE plpgsql
AS $$
BEGIN
  IF queue_name ~ '\$|;|--|''' THEN
    RAISE EXCEPTION 'queue name contains invalid characters: $, ;, --, or \''';
  END IF;
  RETURN lower(prefix || '_' || queue_name);
END
$$;

CREATE FUNCTION pgmq.validate_queue_name(queue_name text) RETURNS void
LANGUAGE plpgsql
AS $$
BEGIN
  IF length(queue_name) >= 48 THEN
    RAISE EXCEPTION 'queue name is too long, maximum length is 48 characters';
  END IF;
END
$$;

CREATE FUNCTION pgmq._belongs_to_pgmq(table_name text) RETURNS boolean
LANGUAGE sql
AS $$
  SELECT EXISTS (
    SELECT FROM pg_depend d
    JOIN pg_extension e ON e.oid = d.refobjid AND e.extname = 'pgmq'
    WHERE d.classid = 'pg_class'::regclass AND d.deptype = 'e'
      AND d.objid = to_regclass(format('pgmq.%I', table_name)))
$$;

-- Whether the current role may add tables to the extension (it owns it, or is a member of its owner).
CREATE FUNCTION pgmq._owns_pgmq() RETURNS boolean
LANGUAGE sql
AS $$ SELECT pg_has_role(extowner, 'USAGE') FROM pg_extension WHERE extname = 'pgmq' $$;

-- The two tables of a queue (unlogged or not), their indexes, membership of the extension and a row in meta. A role
-- that does not own the extension still gets a working queue, whose tables are then its own and not the extension's.
CREATE FUNCTION pgmq._create_queue(queue_name text, unlogged boolean) RETURNS void
LANGUAGE plpgsql
AS $$
DECLARE
  qtable text := pgmq.format_table_name(queue_name, 'q');
  atable text := pgmq.format_table_name(queue_name, 'a');
  kind text := CASE WHEN unlogged THEN 'UNLOGGED TABLE' ELSE 'TABLE' END;
BEGIN
  PERFORM pgmq.validate_queue_name(queue_name);
  EXECUTE format('CREATE %s IF NOT EXISTS pgmq.%I (
                    msg_id bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY,
                    read_ct integer DEFAULT 0 NOT NULL,
                    enqueued_at timestamptz DEFAULT now() NOT NULL,
                    vt timestamptz NOT NULL,
                    message jsonb)', kind, qtable);
  EXECUTE format('CREATE TABLE IF NOT EXISTS pgmq.%I (
                    msg_id bigint PRIMARY KEY,
                    read_ct integer DEFAULT 0 NOT NULL,
                    enqueued_at timestamptz DEFAULT now() NOT NULL,
                    archived_at timestamptz DEFAULT now() NOT NULL,
                    vt timestamptz NOT NULL,
                    message jsonb)', atable);
  IF pgmq._owns_pgmq() AND NOT pgmq._belongs_to_pgmq(qtable) THEN
    EXECUTE format('ALTER EXTENSION pgmq ADD TABLE pgmq.%I', qtable);
  END IF;
  IF pgmq._owns_pgmq() AND NOT pgmq._belongs_to_pgmq(atable) THEN
    EXECUTE format('ALTER EXTENSION pgmq ADD TABLE pgmq.%I', atable);
  END IF;
  EXECUTE format('CREATE INDEX IF NOT EXISTS %I ON pgmq.%I (vt ASC)', qtable || '_vt_idx', qtable);
  EXECUTE format('CREATE INDEX IF NOT EXISTS %I ON pgmq.%I (archived_at)', 'archived_at_idx_' || queue_name, atable);
  INSERT INTO pgmq.meta (queue_name, is_partitioned, is_unlogged)
  VALUES (queue_name, false, unlogged)
  ON CONFLICT DO NOTHING;
END
$$;

CREATE FUNCTION pgmq.create_non_partitioned(queue_name text) RETURNS void
LANGUAGE sql
AS $$ SELECT pgmq._create_queue(queue_name, false) $$;

CREATE FUNCTION pgmq.create_unlogged(queue_name text) RETURNS void
LANGUAGE sql
AS $$ SELECT pgmq._create_queue(queue_name, true) $$;

CREATE FUNCTION pgmq."create"(queue_name text) RETURNS void
LANGUAGE sql
AS $$ SELECT pgmq._create_queue(queue_name, false) $$;

-- Partitioned queues are pg_partman's; the platform has no pg_partman.
CREATE FUNCTION pgmq.create_partitioned(queue_name text, partition_interval text DEFAULT '10000',
                                        retention_interval text DEFAULT '100000') RETURNS void
LANGUAGE plpgsql
AS $$
BEGIN
  RAISE EXCEPTION 'pg_partman is required for partitioned queues'
    USING ERRCODE = 'feature_not_supported',
          HINT = 'pgmq.create(queue_name) makes a queue without partitions.';
END
$$;

CREATE FUNCTION pgmq.drop_queue(queue_name text, partitioned boolean DEFAULT false) RETURNS boolean
LANGUAGE plpgsql
AS $$
DECLARE
  qtable text := pgmq.format_table_name(queue_name, 'q');
  atable text := pgmq.format_table_name(queue_name, 'a');
BEGIN
  IF pgmq._belongs_to_pgmq(qtable) THEN
    EXECUTE format('ALTER EXTENSION pgmq DROP TABLE pgmq.%I', qtable);
  END IF;
  IF pgmq._belongs_to_pgmq(atable) THEN
    EXECUTE format('ALTER EXTENSION pgmq DROP TABLE pgmq.%I', atable);
  END IF;
  EXECUTE format('DROP TABLE IF EXISTS pgmq.%I', qtable);
  EXECUTE format('DROP TABLE IF EXISTS pgmq.%I', atable);
  DELETE FROM pgmq.meta WHERE meta.queue_name = drop_queue.queue_name;
  RETURN true;
END
$$;

-- Keeps a queue's archive when the queue or the extension is dropped.
CREATE FUNCTION pgmq.detach_archive(queue_name text) RETURNS void
LANGUAGE plpgsql
AS $$
BEGIN
  EXECUTE format('ALTER EXTENSION pgmq DROP TABLE pgmq.%I', pgmq.format_table_name(queue_name, 'a'));
END
$$;

CREATE FUNCTION pgmq.send(queue_name text, msg jsonb, delay integer DEFAULT 0) RETURNS SETOF bigint
LANGUAGE plpgsql
AS $$
BEGIN
  RETURN QUERY EXECUTE format('INSERT INTO pgmq.%I (vt, message) VALUES (clock_timestamp() + $1, $2) RETURNING msg_id',
                              pgmq.format_table_name(queue_name, 'q'))
    USING make_interval(secs => delay), msg;
END
$$;

CREATE FUNCTION pgmq.send_batch(queue_name text, msgs jsonb[], delay integer DEFAULT 0) RETURNS SETOF bigint
LANGUAGE plpgsql
AS $$
BEGIN
  RETURN QUERY EXECUTE format('INSERT INTO pgmq.%I (vt, message)
                               SELECT clock_timestamp() + $1, m FROM unnest($2) WITH ORDINALITY AS b(m, n) ORDER BY n
                               RETURNING msg_id', pgmq.format_table_name(queue_name, 'q'))
    USING make_interval(secs => delay), msgs;
END
$$;

-- Up to qty visible messages, oldest first, each hidden for vt seconds and its read count raised; rows another
-- reader holds are skipped, so concurrent readers never get the same message.
CREATE FUNCTION pgmq.read(queue_name text, vt integer, qty integer) RETURNS SETOF pgmq.message_record
LANGUAGE plpgsql
AS $$
BEGIN
  RETURN QUERY EXECUTE format(
    'WITH visible AS (SELECT msg_id FROM pgmq.%1$I WHERE vt <= clock_timestamp() ORDER BY msg_id LIMIT $1
                      FOR UPDATE SKIP LOCKED)
     UPDATE pgmq.%1$I AS m SET vt = clock_timestamp() + $2, read_ct = m.read_ct + 1
     FROM visible WHERE m.msg_id = visible.msg_id
     RETURNING m.msg_id, m.read_ct, m.enqueued_at, m.vt, m.message', pgmq.format_table_name(queue_name, 'q'))
    USING qty, make_interval(secs => vt);
END
$$;

-- read, retried every poll_interval_ms until a message is there or max_poll_seconds have passed.
CREATE FUNCTION pgmq.read_with_poll(queue_name text, vt integer, qty integer, max_poll_seconds integer DEFAULT 5,
                                    poll_interval_ms integer DEFAULT 100) RETURNS SETOF pgmq.message_record
LANGUAGE plpgsql
AS $$
DECLARE
  stop_at timestamptz := clock_timestamp() + make_interval(secs => max_poll_seconds);
BEGIN
  LOOP
    RETURN QUERY SELECT * FROM pgmq.read(queue_name, vt, qty);
    IF FOUND OR clock_timestamp() >= stop_at THEN
      RETURN;
    END IF;
    PERFORM pg_sleep(poll_interval_ms / 1000.0);
  END LOOP;
END
$$;

-- The oldest visible message, deleted as it is read.
CREATE FUNCTION pgmq.pop(queue_name text) RETURNS SETOF pgmq.message_record
LANGUAGE plpgsql
AS $$
BEGIN
  RETURN QUERY EXECUTE format(
    'WITH next AS (SELECT msg_id FROM pgmq.%1$I WHERE vt <= clock_timestamp() ORDER BY msg_id LIMIT 1
                   FOR UPDATE SKIP LOCKED)
     DELETE FROM pgmq.%1$I AS m USING next WHERE m.msg_id = next.msg_id
     RETURNING m.msg_id, m.read_ct, m.enqueued_at, m.vt, m.message', pgmq.format_table_name(queue_name, 'q'));
END
$$;

-- Moves messages from the queue to its archive; returns the ids moved.
CREATE FUNCTION pgmq.archive(queue_name text, msg_ids bigint[]) RETURNS SETOF bigint
LANGUAGE plpgsql
AS $$
BEGIN
  RETURN QUERY EXECUTE format(
    'WITH moved AS (DELETE FROM pgmq.%I WHERE msg_id = ANY ($1)
                    RETURNING msg_id, vt, read_ct, enqueued_at, message)
     INSERT INTO pgmq.%I (msg_id, vt, read_ct, enqueued_at, message)
     SELECT msg_id, vt, read_ct, enqueued_at, message FROM moved
     RETURNING msg_id', pgmq.format_table_name(queue_name, 'q'), pgmq.format_table_name(queue_name, 'a'))
    USING msg_ids;
END
$$;

CREATE FUNCTION pgmq.archive(queue_name text, msg_id bigint) RETURNS boolean
LANGUAGE sql
AS $$ SELECT EXISTS (SELECT FROM pgmq.archive(queue_name, ARRAY[msg_id])) $$;

-- Deletes messages for good; returns the ids deleted.
CREATE FUNCTION pgmq.delete(queue_name text, msg_ids bigint[]) RETURNS SETOF bigint
LANGUAGE plpgsql
AS $$
BEGIN
  RETURN QUERY EXECUTE format('DELETE FROM pgmq.%I WHERE msg_id = ANY ($1) RETURNING msg_id',
                              pgmq.format_table_name(queue_name, 'q'))
    USING msg_ids;
END
$$;

CREATE FUNCTION pgmq.delete(queue_name text, msg_id bigint) RETURNS boolean
LANGUAGE sql
AS $$ SELECT EXISTS (SELECT FROM pgmq.delete(queue_name, ARRAY[msg_id])) $$;

-- Deletes every message of the queue (not its archive); returns how many.
CREATE FUNCTION pgmq.purge_queue(queue_name text) RETURNS bigint
LANGUAGE plpgsql
AS $$
DECLARE
  deleted bigint;
BEGIN
  EXECUTE format('DELETE FROM pgmq.%I', pgmq.format_table_name(queue_name, 'q'));
  GET DIAGNOSTICS deleted = ROW_COUNT;
  RETURN deleted;
END
$$;

-- Makes a message visible vt seconds from now.
CREATE FUNCTION pgmq.set_vt(queue_name text, msg_id bigint, vt integer) RETURNS SETOF pgmq.message_record
LANGUAGE plpgsql
AS $$
BEGIN
  RETURN QUERY EXECUTE format(
    'UPDATE pgmq.%I AS m SET vt = now() + $1 WHERE m.msg_id = $2
     RETURNING m.msg_id, m.read_ct, m.enqueued_at, m.vt, m.message', pgmq.format_table_name(queue_name, 'q'))
    USING make_interval(secs => vt), msg_id;
END
$$;

CREATE FUNCTION pgmq.metrics(queue_name text) RETURNS pgmq.metrics_result
LANGUAGE plpgsql
AS $$
DECLARE
  qtable text := pgmq.format_table_name(queue_name, 'q');
  result pgmq.metrics_result;
BEGIN
  EXECUTE format(
    'SELECT $1, count(*), extract(epoch FROM now() - max(enqueued_at))::integer,
            extract(epoch FROM now() - min(enqueued_at))::integer,
            (SELECT CASE WHEN is_called THEN last_value ELSE 0 END FROM pgmq.%I), now()
     FROM pgmq.%I', qtable || '_msg_id_seq', qtable)
    INTO result USING queue_name;
  RETURN result;
END
$$;

CREATE FUNCTION pgmq.metrics_all() RETURNS SETOF pgmq.metrics_result
LANGUAGE sql
AS $$ SELECT m.* FROM pgmq.meta, LATERAL pgmq.metrics(meta.queue_name) AS m ORDER BY meta.queue_name $$;

CREATE FUNCTION pgmq.list_queues() RETURNS SETOF pgmq.queue_record
LANGUAGE sql
AS $$ SELECT queue_name, is_partitioned, is_unlogged, created_at FROM pgmq.meta ORDER BY created_at, queue_name $$;
