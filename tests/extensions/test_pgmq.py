"""pgmq in its schema `pgmq`, as `db pull` creates it: queues, messages and archives as the original's documentation
describes them, and Supabase Queues' pgmq_public wrappers called over /rest/v1/rpc with supabase-py."""

from __future__ import annotations

import json
from pathlib import Path

import httpx
import psycopg
import pytest

from supabase import ClientOptions, create_client
from tests.conftest import make_settings
from tests.support.live import run_gateway

# supabase-py 2.34 passes its own deprecated `timeout`/`verify` arguments to postgrest-py; a caller cannot avoid them.
pytestmark = pytest.mark.filterwarnings("ignore:The '(timeout|verify)' parameter is deprecated:DeprecationWarning")

QUEUE_COLUMNS = [("msg_id", "bigint"), ("read_ct", "integer"), ("enqueued_at", "timestamp with time zone"),
                 ("vt", "timestamp with time zone"), ("message", "jsonb")]


@pytest.fixture(scope="module")
def mq(db: psycopg.Connection) -> psycopg.Connection:
    # As `db pull` writes it.
    db.execute('create schema if not exists "pgmq"')
    db.execute("""create extension if not exists "pgmq" with schema "pgmq" version '1.4.4'""")
    return db


@pytest.fixture
def queue(mq: psycopg.Connection, request: pytest.FixtureRequest):
    name = request.node.name.split("[")[0].removeprefix("test_")[:40]
    mq.execute("select pgmq.create(%s)", (name,))
    yield name
    mq.execute("select pgmq.drop_queue(%s)", (name,))


def rows(conn: psycopg.Connection, query: str, *params) -> list[tuple]:
    return conn.execute(query, params).fetchall()


def test_a_queue_is_two_tables_of_the_extension_and_a_row_in_meta(mq, queue):
    columns = rows(mq, "select column_name, data_type from information_schema.columns"
                       " where table_schema = 'pgmq' and table_name = %s order by ordinal_position", f"q_{queue}")
    assert columns == QUEUE_COLUMNS
    archive = rows(mq, "select column_name from information_schema.columns"
                       " where table_schema = 'pgmq' and table_name = %s order by ordinal_position", f"a_{queue}")
    assert archive == [("msg_id",), ("read_ct",), ("enqueued_at",), ("archived_at",), ("vt",), ("message",)]
    members = rows(mq, "select c.relname from pg_depend d join pg_class c on c.oid = d.objid"
                       " where d.refobjid = (select oid from pg_extension where extname = 'pgmq') and d.deptype = 'e'"
                       " and c.relname like %s order by 1", f"%_{queue}")
    assert members == [(f"a_{queue}",), (f"q_{queue}",)]
    assert rows(mq, "select queue_name, is_partitioned, is_unlogged from pgmq.list_queues() where queue_name = %s",
                queue) == [(queue, False, False)]
    mq.execute("select pgmq.create(%s)", (queue,))  # again: nothing changes
    assert rows(mq, "select count(*) from pgmq.meta where queue_name = %s", queue) == [(1,)]
    assert rows(mq, "select attname, format_type(atttypid, atttypmod) from pg_attribute"
                    " where attrelid = 'pgmq.message_record'::regclass and attnum > 0 order by attnum") == QUEUE_COLUMNS


def test_send_read_archive_delete_the_documented_way(mq, queue):
    first = rows(mq, "select * from pgmq.send(%s, %s)", queue, '{"foo": "bar1"}')[0][0]
    second = rows(mq, "select * from pgmq.send(%s, %s)", queue, '{"foo": "bar2"}')[0][0]
    assert second == first + 1
    batch = [r[0] for r in rows(mq, "select * from pgmq.send_batch(%s, %s::jsonb[])", queue,
                                [json.dumps({"n": n}) for n in range(3)])]
    assert batch == [second + 1, second + 2, second + 3]

    read = rows(mq, "select msg_id, read_ct, message from pgmq.read(%s, 30, 2)", queue)
    assert read == [(first, 1, {"foo": "bar1"}), (second, 1, {"foo": "bar2"})]
    # Hidden for 30 s: the next read gets the next ones.
    assert [r[0] for r in rows(mq, "select msg_id from pgmq.read(%s, 30, 10)", queue)] == batch
    assert rows(mq, "select * from pgmq.read(%s, 30, 10)", queue) == []

    assert rows(mq, "select pgmq.archive(%s, %s::bigint)", queue, first) == [(True,)]
    assert rows(mq, "select pgmq.archive(%s, %s::bigint)", queue, first) == [(False,)]
    assert [r[0] for r in rows(mq, "select * from pgmq.archive(%s, %s::bigint[])", queue, [batch[0], 999])] == [batch[0]]
    archived = rows(mq, f"select msg_id, read_ct, message, archived_at <= now() from pgmq.a_{queue} order by msg_id")
    assert archived == [(first, 1, {"foo": "bar1"}, True), (batch[0], 1, {"n": 0}, True)]

    assert rows(mq, "select pgmq.delete(%s, %s::bigint)", queue, second) == [(True,)]
    assert rows(mq, "select pgmq.delete(%s, %s::bigint)", queue, second) == [(False,)]
    assert [r[0] for r in rows(mq, "select * from pgmq.delete(%s, %s::bigint[])", queue, [batch[1], 998])] == [batch[1]]
    assert rows(mq, f"select msg_id from pgmq.q_{queue}") == [(batch[2],)]


def test_pop_takes_the_oldest_visible_message_away(mq, queue):
    ids = [r[0] for r in rows(mq, "select * from pgmq.send_batch(%s, array['1', '2']::jsonb[])", queue)]
    popped = rows(mq, "select msg_id, read_ct, message from pgmq.pop(%s)", queue)
    assert popped == [(ids[0], 0, 1)]
    assert rows(mq, f"select msg_id from pgmq.q_{queue}") == [(ids[1],)]
    mq.execute("select pgmq.pop(%s)", (queue,))
    assert rows(mq, "select * from pgmq.pop(%s)", queue) == []


def test_a_delayed_message_is_invisible_until_its_time_or_set_vt(mq, queue):
    msg_id = rows(mq, "select * from pgmq.send(%s, '{}', 60)", queue)[0][0]
    assert rows(mq, "select * from pgmq.read(%s, 30, 1)", queue) == []
    assert rows(mq, "select * from pgmq.pop(%s)", queue) == []
    (record,) = rows(mq, "select msg_id, vt > now() + interval '50 seconds' from pgmq.q_" + queue)
    assert record == (msg_id, True)
    changed = rows(mq, "select msg_id, read_ct, vt <= now() from pgmq.set_vt(%s, %s, 0)", queue, msg_id)
    assert changed == [(msg_id, 0, True)]
    assert rows(mq, "select msg_id, read_ct from pgmq.read(%s, 0, 1)", queue) == [(msg_id, 1)]
    assert rows(mq, "select msg_id, read_ct from pgmq.read(%s, 0, 1)", queue) == [(msg_id, 2)]
    batch = rows(mq, "select * from pgmq.send_batch(%s, array['1']::jsonb[], 60)", queue)
    assert rows(mq, "select msg_id from pgmq.read(%s, 30, 5)", queue) == [(msg_id,)]
    assert rows(mq, "select vt > now() + interval '50 seconds' from pgmq.q_" + queue + " where msg_id = %s",
                batch[0][0]) == [(True,)]


def test_concurrent_readers_never_get_the_same_message(mq, queue, database_url):
    mq.execute("select pgmq.send_batch(%s, array['1', '2', '3']::jsonb[])", (queue,))
    with psycopg.connect(database_url) as first, psycopg.connect(database_url) as second:
        held = [r[0] for r in rows(first, "select msg_id from pgmq.read(%s, 30, 2)", queue)]  # not committed
        other = [r[0] for r in rows(second, "select msg_id from pgmq.read(%s, 30, 2)", queue)]
        assert len(held) == 2 and len(other) == 1 and not set(held) & set(other)
        first.rollback()  # its read never happened: those two are visible again
        second.commit()
    assert sorted(r[0] for r in rows(mq, "select msg_id from pgmq.read(%s, 30, 5)", queue)) == sorted(held)


def test_read_with_poll_returns_what_is_there_or_nothing_after_polling(mq, queue):
    assert rows(mq, "select * from pgmq.read_with_poll(%s, 30, 1, 1, 50)", queue) == []
    msg_id = rows(mq, "select * from pgmq.send(%s, '\"x\"')", queue)[0][0]
    assert rows(mq, "select msg_id, message from pgmq.read_with_poll(%s, 30, 5)", queue) == [(msg_id, "x")]


def test_purge_metrics_and_drop(mq, queue):
    mq.execute("select pgmq.send_batch(%s, array['1', '2', '3']::jsonb[])", (queue,))
    metrics = rows(mq, "select queue_name, queue_length, total_messages, newest_msg_age_sec >= 0,"
                       " oldest_msg_age_sec >= newest_msg_age_sec, scrape_time <= now() from pgmq.metrics(%s)", queue)
    assert metrics == [(queue, 3, 3, True, True, True)]
    assert (queue, 3, 3) in rows(mq, "select queue_name, queue_length, total_messages from pgmq.metrics_all()")
    assert rows(mq, "select pgmq.purge_queue(%s)", queue) == [(3,)]
    assert rows(mq, "select queue_length, total_messages from pgmq.metrics(%s)", queue) == [(0, 3)]
    assert rows(mq, "select pgmq.drop_queue(%s)", queue) == [(True,)]
    assert rows(mq, "select to_regclass(%s), to_regclass(%s)", f"pgmq.q_{queue}", f"pgmq.a_{queue}") == [(None, None)]
    assert rows(mq, "select count(*) from pgmq.meta where queue_name = %s", queue) == [(0,)]
    mq.execute("select pgmq.create(%s)", (queue,))  # for the fixture's own drop


def test_an_unlogged_queue_and_a_detached_archive(mq):
    mq.execute("select pgmq.create_unlogged('fast_lane')")
    assert rows(mq, "select relpersistence from pg_class where oid = 'pgmq.q_fast_lane'::regclass") == [("u",)]
    assert rows(mq, "select is_unlogged from pgmq.meta where queue_name = 'fast_lane'") == [(True,)]
    mq.execute("select pgmq.send('fast_lane', '1')")
    mq.execute("select pgmq.archive('fast_lane', 1::bigint)")
    mq.execute("select pgmq.detach_archive('fast_lane')")  # so that `drop extension` keeps it
    members = rows(mq, "select c.relname from pg_depend d join pg_class c on c.oid = d.objid"
                       " where d.refobjid = (select oid from pg_extension where extname = 'pgmq') and d.deptype = 'e'"
                       " and c.relname like %s", "%fast_lane")
    assert members == [("q_fast_lane",)]
    assert rows(mq, "select msg_id from pgmq.a_fast_lane") == [(1,)]
    assert rows(mq, "select pgmq.drop_queue('fast_lane')") == [(True,)]


def test_a_role_that_does_not_own_the_extension_makes_and_uses_its_own_queue(mq):
    mq.execute("create role queue_user nosuperuser")
    try:
        mq.execute("grant usage, create on schema pgmq to queue_user")
        mq.execute("grant select, insert, update, delete on pgmq.meta to queue_user")
        with mq.transaction():
            mq.execute("set local role queue_user")
            mq.execute("select pgmq.create('not_owner')")
            mq.execute("select pgmq.send('not_owner', '{\"n\": 1}')")
            assert rows(mq, "select msg_id, message from pgmq.pop('not_owner')") == [(1, {"n": 1})]
            assert rows(mq, "select pgmq._belongs_to_pgmq('q_not_owner')") == [(False,)]
            assert rows(mq, "select pgmq.drop_queue('not_owner')") == [(True,)]
    finally:
        mq.execute("drop owned by queue_user")
        mq.execute("drop role queue_user")


@pytest.mark.parametrize("name,error", [
    ("bad;name", "queue name contains invalid characters"),
    ("x" * 48, "queue name is too long, maximum length is 48 characters"),
])
def test_bad_queue_names_are_refused(mq, name, error):
    with pytest.raises(psycopg.errors.RaiseException, match=error):
        mq.execute("select pgmq.create(%s)", (name,))


def test_a_queue_that_does_not_exist_is_named_in_the_error(mq):
    with pytest.raises(psycopg.errors.UndefinedTable, match='relation "pgmq.q_nowhere" does not exist'):
        mq.execute("select pgmq.send('nowhere', '{}')")


def test_partitioned_queues_need_pg_partman(mq):
    with pytest.raises(psycopg.errors.FeatureNotSupported, match="pg_partman is required for partitioned queues"):
        mq.execute("select pgmq.create_partitioned('parts')")


def test_the_schema_is_fixed_and_drop_extension_drops_the_queues(mq):
    with mq.transaction(), pytest.raises(psycopg.Error, match='must be installed in schema "pgmq"'):
        mq.execute("drop extension pgmq")
        mq.execute("create extension pgmq with schema extensions")
    mq.execute("select pgmq.create('doomed')")
    mq.execute("drop extension pgmq")
    assert rows(mq, "select to_regclass('pgmq.q_doomed'), to_regclass('pgmq.meta')") == [(None, None)]
    mq.execute("create extension pgmq")


@pytest.fixture(scope="module")
def queues_api(mq, database_url, tmp_path_factory):
    """A gateway exposing pgmq_public ([api] schemas), with the wrappers a Supabase project's migration holds."""
    mq.execute((Path(__file__).parent / "pgmq_public.sql").read_text())
    mq.execute("select pgmq.create('jobs')")
    settings = make_settings(database_url, tmp_path_factory.mktemp("queues"), db_schemas=("public", "pgmq_public"))
    with run_gateway(settings) as live, httpx.Client(timeout=30) as http:
        options = ClientOptions(auto_refresh_token=False, persist_session=False, httpx_client=http)
        yield live, create_client(live.url, live.service_key, options), create_client(live.url, live.anon_key, options)


def test_supabase_queues_over_rpc_with_supabase_py(queues_api, mq):
    _, service, _ = queues_api
    queues = service.schema("pgmq_public")
    sent = queues.rpc("send", {"queue_name": "jobs", "message": {"task": "resize", "id": 7}}).execute().data
    assert isinstance(sent, list) and len(sent) == 1
    batch = queues.rpc("send_batch", {"queue_name": "jobs", "messages": [{"n": 1}, {"n": 2}]}).execute().data
    assert batch == [sent[0] + 1, sent[0] + 2]
    later = queues.rpc("send", {"queue_name": "jobs", "message": {"later": True}, "sleep_seconds": 60}).execute().data

    read = queues.rpc("read", {"queue_name": "jobs", "sleep_seconds": 30, "n": 2}).execute().data
    assert [(m["msg_id"], m["read_ct"], m["message"]) for m in read] == [
        (sent[0], 1, {"task": "resize", "id": 7}), (batch[0], 1, {"n": 1})]
    assert set(read[0]) == {"msg_id", "read_ct", "enqueued_at", "vt", "message"}

    popped = queues.rpc("pop", {"queue_name": "jobs"}).execute().data
    assert [(m["msg_id"], m["message"]) for m in popped] == [(batch[1], {"n": 2})]
    assert queues.rpc("pop", {"queue_name": "jobs"}).execute().data == []  # the rest are hidden or delayed

    assert queues.rpc("archive", {"queue_name": "jobs", "message_id": sent[0]}).execute().data is True
    assert queues.rpc("delete", {"queue_name": "jobs", "message_id": batch[0]}).execute().data is True
    assert queues.rpc("delete", {"queue_name": "jobs", "message_id": batch[0]}).execute().data is False
    assert rows(mq, "select msg_id from pgmq.q_jobs") == [(later[0],)]
    assert rows(mq, "select msg_id, message from pgmq.a_jobs") == [(sent[0], {"task": "resize", "id": 7})]


def test_the_queues_api_keeps_postgrests_errors_and_privileges(queues_api):
    live, service, anon = queues_api
    with pytest.raises(Exception) as missing:
        service.schema("pgmq_public").rpc("send", {"queue_name": "nowhere", "message": {}}).execute()
    assert missing.value.code == "42P01"
    with pytest.raises(Exception) as denied:  # anon may call the wrapper but has no rights on pgmq's tables
        anon.schema("pgmq_public").rpc("send", {"queue_name": "jobs", "message": {}}).execute()
    assert denied.value.code == "42501"
    with httpx.Client(base_url=f"{live.url}/rest/v1", headers=live.headers(live.service_key), timeout=30) as raw:
        response = raw.post("/rpc/send", json={"queue_name": "jobs", "message": {"raw": 1}},
                            headers={"Content-Profile": "pgmq_public"})
        assert response.status_code == 200 and len(response.json()) == 1
        assert raw.post("/rpc/send", json={"queue_name": "jobs", "message": {}}).status_code == 404  # not in public


def test_the_images_own_flow(mq):
    """Supabase's image test for pgmq: queue names are case-insensitive, and SQL-escaping names are refused."""
    mq.execute("select pgmq.create('Foo')")
    first = rows(mq, "select * from pgmq.send(queue_name := 'Foo', msg := '{\"foo\": \"bar1\"}')")[0][0]
    rows(mq, "select * from pgmq.send(queue_name := 'foo', msg := '{\"foo\": \"bar2\"}', delay := 5)")
    assert rows(mq, "select msg_id, read_ct, message from pgmq.read(queue_name := 'Foo', vt := 30, qty := 2)") == [
        (first, 1, {"foo": "bar1"})]
    assert rows(mq, "select * from pgmq.pop('Foo')") == []
    assert rows(mq, "select pgmq.archive(queue_name := 'Foo', msg_id := 99)") == [(False,)]
    mq.execute("select pgmq.create('image_queue')")
    sent = rows(mq, """select pgmq.send_batch(queue_name := 'image_queue',
                       msgs := array['{"foo": "bar3"}', '{"foo": "bar4"}', '{"foo": "bar5"}']::jsonb[])""")
    assert [r[0] for r in sent] == [1, 2, 3]
    assert rows(mq, "select pgmq.archive(queue_name := 'image_queue', msg_ids := array[3, 4, 5])") == [(3,)]
    assert rows(mq, "select pgmq.delete('image_queue', 6)") == [(False,)]
    assert rows(mq, "select pgmq.drop_queue('image_queue')") == [(True,)]
    for name in ("F--oo", "F$oo", "F'oo"):
        with pytest.raises(psycopg.errors.RaiseException, match=r"queue name contains invalid characters: \$, ;, --, or \\'"):
            mq.execute("select pgmq.create(%s)", (name,))
    mq.execute("select pgmq.drop_queue('Foo')")
