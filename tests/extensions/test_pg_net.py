"""pg_net: the original's documented examples, against a local HTTP server, with the gateway making the requests."""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path

import psycopg
import pytest

from gateway.database import migrate
from gateway.project.folder import Project
from tests.conftest import make_settings
from tests.extensions.http_echo import EchoServer, echo_server
from tests.support.live import LiveGateway, free_port, run_gateway
from tests.support.waits import eventually

RESPONSE_COLUMNS = [("id", "bigint"), ("status_code", "integer"), ("content_type", "text"), ("headers", "jsonb"),
                    ("content", "text"), ("timed_out", "boolean"), ("error_msg", "text"),
                    ("created", "timestamp with time zone")]
API_ROLES = ("postgres", "anon", "authenticated", "service_role", "supabase_functions_admin")
WELCOME_TRIGGER = """
create table public.members (id bigint generated always as identity primary key, email text not null);

create function public.send_welcome() returns trigger language plpgsql security definer set search_path = '' as $$
begin
    perform net.http_post(
        url := 'ECHO_URL/welcome',
        headers := jsonb_build_object('Content-Type', 'application/json', 'Authorization', 'Bearer service-key'),
        body := jsonb_build_object('email', new.email)
    );
    return new;
end
$$;

create trigger on_member_created after insert on public.members for each row execute function public.send_welcome();
"""
QUEUE_COLUMNS = [("id", "bigint"), ("method", "text"), ("url", "text"), ("headers", "jsonb"), ("body", "bytea"),
                 ("timeout_milliseconds", "integer")]


@pytest.fixture(scope="module")
def echo() -> Iterator[EchoServer]:
    with echo_server() as server:
        yield server


@pytest.fixture(scope="module")
def net(db: psycopg.Connection) -> psycopg.Connection:
    """A new project's database, with no `create extension`: the platform creates pg_net as the CLI's does."""
    return db


@pytest.fixture(scope="module")
def runner(net: psycopg.Connection, database_url: str, tmp_path_factory) -> Iterator[LiveGateway]:
    with run_gateway(make_settings(database_url, tmp_path_factory.mktemp("pg_net"))) as live:
        yield live


def response(db: psycopg.Connection, request_id: int) -> dict:
    def answered():
        cur = db.execute("select * from net._http_response where id = %s", (request_id,))
        row = cur.fetchone()
        return row and dict(zip([c.name for c in cur.description], row))
    return eventually(answered, f"the response to pg_net request {request_id}")


def runner_pid(db: psycopg.Connection) -> int | None:
    """The backend holding this database's pg_net lock."""
    row = db.execute("select pid from pg_locks where locktype = 'advisory' and classid = 7461 and objid = 1 and granted"
                     " and database = (select oid from pg_database where datname = current_database())").fetchone()
    return row and row[0]


def queue(db: psycopg.Connection, sql: str, *params) -> int:
    return db.execute(sql, params).fetchone()[0]


def test_every_database_has_it_in_extensions_with_the_originals_tables(net: psycopg.Connection) -> None:
    assert net.execute("select extversion, extnamespace::regnamespace::text from pg_extension where extname = 'pg_net'"
                       ).fetchone() == ("0.20.4", "extensions")
    net.execute("create extension if not exists pg_net with schema extensions")  # as db pull writes it: a no-op
    net.execute("create extension if not exists pg_net")
    with pytest.raises(psycopg.errors.DuplicateObject):
        net.execute("create extension pg_net")
    for table, columns in (("_http_response", RESPONSE_COLUMNS), ("http_request_queue", QUEUE_COLUMNS)):
        rows = net.execute("select column_name, data_type from information_schema.columns"
                           " where table_schema = 'net' and table_name = %s order by ordinal_position",
                           (table,)).fetchall()
        got = [(name, "text" if table == "http_request_queue" and name == "method" else kind) for name, kind in rows]
        assert got == columns


def test_signatures_and_defaults_are_the_originals(net: psycopg.Connection) -> None:
    rows = dict(net.execute(
        "select p.proname, pg_get_function_arguments(p.oid) from pg_proc p"
        " where p.pronamespace = 'net'::regnamespace and p.proname in ('http_get', 'http_post', 'http_delete')"
    ).fetchall())
    assert rows == {
        "http_get": "url text, params jsonb DEFAULT '{}'::jsonb, headers jsonb DEFAULT '{}'::jsonb, "
                    "timeout_milliseconds integer DEFAULT 5000",
        "http_post": "url text, body jsonb DEFAULT '{}'::jsonb, params jsonb DEFAULT '{}'::jsonb, "
                     "headers jsonb DEFAULT '{\"Content-Type\": \"application/json\"}'::jsonb, "
                     "timeout_milliseconds integer DEFAULT 5000",
        "http_delete": "url text, params jsonb DEFAULT '{}'::jsonb, headers jsonb DEFAULT '{}'::jsonb, "
                       "timeout_milliseconds integer DEFAULT 5000, body jsonb DEFAULT NULL::jsonb",
    }


def test_the_clis_grants_http_get_and_http_post_to_the_api_roles_alone(net: psycopg.Connection) -> None:
    owner, superuser = net.execute("select n.nspowner::regrole::text, r.rolsuper from pg_namespace n"
                                   " join pg_roles r on r.oid = n.nspowner where n.nspname = 'net'").fetchone()
    assert superuser and owner != "postgres"
    rows = net.execute(
        "select p.proname, p.prosecdef, p.proconfig, exists (select 1 from aclexplode(p.proacl) a"
        "  where a.grantee = 0 and a.privilege_type = 'EXECUTE')"
        " from pg_proc p where p.pronamespace = 'net'::regnamespace and p.proname in ('http_get', 'http_post')"
        " order by 1").fetchall()
    assert rows == [("http_get", True, ["search_path=net"], False), ("http_post", True, ["search_path=net"], False)]
    for role in API_ROLES:
        assert net.execute("select has_schema_privilege(%s, 'net', 'usage'),"
                           " has_function_privilege(%s, 'net.http_get(text, jsonb, jsonb, integer)', 'execute'),"
                           " has_function_privilege(%s, 'net.http_post(text, jsonb, jsonb, jsonb, integer)', 'execute')",
                           (role, role, role)).fetchone() == (True, True, True), role


def test_a_projects_trigger_function_calls_net_http_post_with_no_create_extension(
        runner, net, database_url: str, echo: EchoServer, tmp_path: Path) -> None:
    """As a project's migrations do on `supabase start`: the trigger's call is made once its insert commits."""
    (tmp_path / "supabase" / "migrations").mkdir(parents=True)
    (tmp_path / "supabase" / "config.toml").write_text('project_id = "welcome"\n')
    (tmp_path / "supabase" / "migrations" / "20250101000000_welcome_trigger.sql").write_text(
        WELCOME_TRIGGER.replace("ECHO_URL", echo.url))
    assert migrate.apply_pending(database_url, Project.load(tmp_path)) == [
        "migrations/20250101000000_welcome_trigger.sql"]
    net.execute("insert into public.members (email) values ('ada@example.com')")
    calls = eventually(lambda: echo.to("/welcome"), "the trigger's request")
    assert [json.loads(call.body) for call in calls] == [{"email": "ada@example.com"}]
    assert calls[0].headers["Authorization"] == "Bearer service-key"


def test_the_request_id_comes_back_at_once_and_the_request_after_commit(runner, net, echo: EchoServer) -> None:
    with net.transaction():
        request_id = queue(net, "select net.http_get(%s) as request_id", f"{echo.url}/get?foo1=bar1&foo2=bar2")
        assert net.execute("select count(*) from net._http_response where id = %s", (request_id,)).fetchone() == (0,)
        assert net.execute("select method, url from net.http_request_queue where id = %s",
                           (request_id,)).fetchone() == ("GET", f"{echo.url}/get?foo1=bar1&foo2=bar2")
    answer = response(net, request_id)
    assert answer["status_code"] == 200
    assert answer["content_type"] == "application/json"
    assert answer["headers"]["X-Echo"] == "yes"
    assert json.loads(answer["content"]) == {"method": "GET", "path": "/get?foo1=bar1&foo2=bar2"}
    assert answer["timed_out"] is False and answer["error_msg"] is None
    assert net.execute("select count(*) from net.http_request_queue where id = %s", (request_id,)).fetchone() == (0,)
    assert echo.to("/get")[-1].headers["User-Agent"].startswith("pg_net/")


def test_url_encoded_params(runner, net, echo: EchoServer) -> None:
    request_id = queue(net, "select net.http_get(%s, %s::jsonb)", f"{echo.url}/params",
                       '{"foo1": "bar1", "foo2": "bar2", "encoded": "!"}')
    response(net, request_id)
    assert echo.to("/params")[-1].path == "/params?foo1=bar1&foo2=bar2&encoded=%21"


def test_an_api_key_header(runner, net, echo: EchoServer) -> None:
    request_id = queue(net, "select net.http_get(%s, headers := '{\"API-KEY-HEADER\": \"secret-value\"}'::jsonb)",
                       f"{echo.url}/keyed?foo1=bar1")
    response(net, request_id)
    assert echo.to("/keyed")[-1].headers["API-KEY-HEADER"] == "secret-value"


def test_header_values_are_sent_as_text(runner, net, echo: EchoServer) -> None:
    request_id = queue(net, "select net.http_get(%s, headers := '{\"X-Count\": 5, \"X-On\": true}'::jsonb)",
                       f"{echo.url}/typed")
    response(net, request_id)
    sent = echo.to("/typed")[-1].headers
    assert (sent["X-Count"], sent["X-On"]) == ("5", "true")


def test_a_url_that_cannot_be_requested_gets_an_error_answer(runner, net) -> None:
    request_id = queue(net, "select net.http_get('ftp://127.0.0.1/file')")
    assert response(net, request_id)["error_msg"] == "Unsupported protocol"
    assert net.execute("select count(*) from net.http_request_queue where id = %s", (request_id,)).fetchone() == (0,)


def test_post_sends_the_json_body(runner, net, echo: EchoServer) -> None:
    request_id = queue(net, "select net.http_post(%s, '{\"key\": \"value\", \"key\": 5}'::jsonb,"
                            " headers := '{\"API-KEY-HEADER\": \"k\"}'::jsonb)", f"{echo.url}/post")
    assert response(net, request_id)["status_code"] == 200
    sent = echo.to("/post")[-1]
    assert sent.method == "POST"
    assert json.loads(sent.body) == {"key": 5}
    assert sent.headers["Content-Type"] == "application/json"
    assert sent.headers["API-KEY-HEADER"] == "k"


def test_post_of_a_table_row(runner, net, echo: EchoServer) -> None:
    net.execute("create table target_table (id int, name text)")
    net.execute("insert into target_table values (1, 'one'), (2, 'two')")
    request_id = queue(net, "with selected_row as (select * from target_table order by id limit 1)"
                            " select net.http_post(%s, to_jsonb(selected_row.*)) from selected_row", f"{echo.url}/row")
    response(net, request_id)
    assert json.loads(echo.to("/row")[-1].body) == {"id": 1, "name": "one"}


def test_post_refuses_another_content_type(net: psycopg.Connection) -> None:
    with pytest.raises(psycopg.errors.RaiseException, match='Content-Type header must be "application/json"'):
        net.execute("select net.http_post('http://127.0.0.1/', headers := '{\"Content-Type\": \"text/plain\"}')")


def test_delete_with_a_row_id_as_query_param(runner, net, echo: EchoServer) -> None:
    request_id = queue(net, "select net.http_delete(%s, format('{\"id\": \"%%s\"}', 2)::jsonb)",
                       f"{echo.url}/api/v1/delete/")
    assert response(net, request_id)["status_code"] == 200
    sent = echo.to("/api/v1/delete/")[-1]
    assert (sent.method, sent.path) == ("DELETE", "/api/v1/delete/?id=2")


def test_a_failed_status_is_recorded_for_retrying(runner, net, echo: EchoServer) -> None:
    request_id = queue(net, "select net.http_get(%s)", f"{echo.url}/status/503")
    response(net, request_id)
    assert net.execute("select id from net._http_response where status_code >= 500").fetchall() == [(request_id,)]


def test_a_request_past_its_timeout(runner, net, echo: EchoServer) -> None:
    request_id = queue(net, "select net.http_get(%s, timeout_milliseconds := 300)", f"{echo.url}/slow")
    answer = response(net, request_id)
    assert answer["timed_out"] is True
    assert answer["status_code"] is None and answer["content"] is None
    assert answer["error_msg"].startswith("Timeout of 300 ms reached")
    collected = net.execute("select (r).status, (r).message from net._http_collect_response(%s) r",
                            (request_id,)).fetchone()
    assert collected[0] == "ERROR" and collected[1].startswith("Timeout of 300 ms")


def test_a_server_that_is_not_there(runner, net) -> None:
    request_id = queue(net, "select net.http_get(%s)", f"http://127.0.0.1:{free_port()}/")
    answer = response(net, request_id)
    assert (answer["status_code"], answer["timed_out"], answer["error_msg"]) == (
        None, False, "Couldn't connect to server")


def test_collect_response_waits_for_it(runner, net, echo: EchoServer) -> None:
    request_id = queue(net, "select net.http_get(%s)", f"{echo.url}/collect")
    status, message, body = net.execute(
        "select (r).status, (r).message, ((r).response).body from net._http_collect_response(%s, async := false) r",
        (request_id,)).fetchone()
    assert (status, message) == ("SUCCESS", "ok")
    assert json.loads(body)["path"] == "/collect"
    assert net.execute("select (net._http_collect_response(-1)).message").fetchone() == (
        "request matching request_id not found",)


def test_responses_live_for_the_ttl(runner, net, echo: EchoServer) -> None:
    net.execute("insert into net._http_response (id, status_code, created) values"
                " (-7, 200, now() - interval '7 hours'), (-5, 200, now() - interval '5 hours')")
    response(net, queue(net, "select net.http_get(%s)", f"{echo.url}/wake"))
    eventually(lambda: net.execute("select count(*) from net._http_response where id = -7").fetchone() == (0,),
               "the response older than pg_net.ttl to go")
    assert net.execute("select count(*) from net._http_response where id = -5").fetchone() == (1,)


def test_a_response_goes_once_its_ttl_is_past_with_no_request_to_wake_the_runner(runner, net) -> None:
    """The runner, idle, waits for a request or for the oldest response's expiry, and nothing else."""
    net.execute("insert into net._http_response (id, status_code, created) values"
                " (-3, 200, now() - interval '6 hours' + interval '1 second')")
    net.execute("select net.wake()")
    eventually(lambda: net.execute("select count(*) from net._http_response where id = -3").fetchone() == (0,),
               "the response to go at its expiry")
    assert net.execute("select count(*) from net._http_response where id = -5").fetchone() == (1,)


def test_the_worker_is_up_while_a_gateway_serves_the_database(runner, net) -> None:
    net.execute("select net.wait_until_running()")
    net.execute("select net.check_worker_is_up()")


def test_worker_restart_ends_the_runner_and_another_takes_the_queue(runner, net, echo: EchoServer) -> None:
    before = runner_pid(net)
    assert net.execute("select net.worker_restart()").fetchone() == (True,)
    request_id = queue(net, "select net.http_get(%s)", f"{echo.url}/after-restart")
    assert response(net, request_id)["status_code"] == 200
    net.execute("select net.check_worker_is_up()")
    assert runner_pid(net) not in (None, before)
    assert len(echo.to("/after-restart")) == 1


def test_dropped_and_created_again(db: psycopg.Connection) -> None:
    db.execute("drop extension pg_net")
    assert db.execute("select to_regnamespace('net')").fetchone() == (None,)
    db.execute("create extension pg_net")
    assert db.execute("select extname from pg_extension where extname = 'pg_net'").fetchone() == ("pg_net",)


def test_a_server_without_it_migrates_with_one_notice_naming_it(pg_cluster, migrated_template, tmp_path: Path,
                                                               monkeypatch: pytest.MonkeyPatch) -> None:
    """The platform's pg_net file, on a server whose extensions do not include it (here: under another name)."""
    platform = tmp_path / "platform"
    platform.mkdir()
    sql = (migrate.PLATFORM_DIR / "0038_pg_net.sql").read_text()
    (platform / "0038_pg_net.sql").write_text(sql.replace("name = 'pg_net'", "name = 'pg_net_elsewhere'"))
    monkeypatch.setattr(migrate, "PLATFORM_DIR", platform)
    (tmp_path / "supabase").mkdir()
    (tmp_path / "supabase" / "config.toml").write_text('project_id = "without_pg_net"\n')
    name = pg_cluster.create_database("t_no_pg_net", template=migrated_template)
    try:
        url = pg_cluster.url_for(name)
        with psycopg.connect(url, autocommit=True) as conn:
            conn.execute("drop extension pg_net")
            conn.execute("delete from gateway_meta.migrations where name = 'platform/0038_pg_net.sql'")
        lines: list[str] = []
        assert migrate.apply_pending(url, Project.load(tmp_path), log=lines.append) == ["platform/0038_pg_net.sql"]
        assert lines == ["applying platform/0038_pg_net.sql",
                         "notice: extension pg_net is not available on this server: net.http_get and net.http_post "
                         "need it"]
        with psycopg.connect(url) as conn:
            assert conn.execute("select to_regnamespace('net')").fetchone() == (None,)
    finally:
        pg_cluster.drop_database(name)
