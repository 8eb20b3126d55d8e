"""The http extension (pgsql-http 1.6's interface) in schema `extensions`, against a small HTTP server in this test
that answers each request with what it received, as JSON."""

from __future__ import annotations

import json
import os
import shutil
import socket
import ssl
import subprocess
import tempfile
import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path

import psycopg
import pytest

BINARY = bytes(range(256))


class _Reflector(BaseHTTPRequestHandler):
    def _reply(self) -> None:
        length = int(self.headers.get("Content-Length") or 0)
        received = self.rfile.read(length) if length else b""
        path = self.path.split("?")[0]
        if path == "/slow":
            time.sleep(2)
        if path == "/moved":
            return self._send(302, b"", "text/plain", Location="/reflect")
        if path == "/latin1":
            return self._send(200, "caf\u00e9".encode("latin-1"), "text/plain; charset=iso-8859-1")
        if path == "/binary":
            return self._send(200, BINARY, "application/octet-stream")
        reflection = {"method": self.command, "path": self.path, "headers": dict(self.headers.items()),
                      "body": received.decode()}
        status = int(path.removeprefix("/status/")) if path.startswith("/status/") else 200
        self._send(status, json.dumps(reflection).encode(), "application/json", **{"X-Reflected": "yes"})

    def _send(self, status: int, body: bytes, content_type: str, **headers: str) -> None:
        self.send_response(status)
        self.send_header("Content-Type", content_type)
        self.send_header("Content-Length", str(len(body)))
        for name, value in headers.items():
            self.send_header(name, value)
        self.end_headers()
        if self.command != "HEAD":
            self.wfile.write(body)

    do_GET = do_POST = do_PUT = do_PATCH = do_DELETE = do_HEAD = do_purge = _reply

    def log_message(self, format: str, *args: object) -> None:
        pass


class _QuietServer(ThreadingHTTPServer):
    def handle_error(self, request, client_address) -> None:
        pass  # a client that timed out closed the connection before the answer: expected here


@contextmanager
def serving(tls: ssl.SSLContext | None) -> Iterator[int]:
    """The reflecting server on a loopback port, over TLS with `tls`."""
    httpd = _QuietServer(("127.0.0.1", 0), _Reflector)
    if tls:
        httpd.socket = tls.wrap_socket(httpd.socket, server_side=True)
    threading.Thread(target=httpd.serve_forever, daemon=True).start()
    try:
        yield httpd.server_address[1]
    finally:
        httpd.shutdown()
        httpd.server_close()


@pytest.fixture(scope="module")
def server() -> Iterator[str]:
    with serving(None) as port:
        yield f"http://127.0.0.1:{port}"


@pytest.fixture(scope="module")
def tls_server() -> Iterator[tuple[str, Path]]:
    """The same server over TLS with a self-signed certificate for 127.0.0.1, and that certificate's file, in a
    folder the database server's system user can read."""
    folder = Path(tempfile.mkdtemp(prefix="gateway-http-tls-"))
    folder.chmod(0o755)
    certificate, key = folder / "certificate.pem", folder / "key.pem"
    subprocess.run(["openssl", "req", "-x509", "-newkey", "rsa:2048", "-nodes", "-days", "1", "-subj", "/CN=127.0.0.1",
                    "-addext", "subjectAltName=IP:127.0.0.1", "-keyout", str(key), "-out", str(certificate)],
                   check=True, capture_output=True, timeout=60)
    certificate.chmod(0o644)
    context = ssl.SSLContext(ssl.PROTOCOL_TLS_SERVER)
    context.load_cert_chain(certificate, key)
    os.remove(key)
    try:
        with serving(context) as port:
            yield f"https://127.0.0.1:{port}", certificate
    finally:
        shutil.rmtree(folder, ignore_errors=True)


@pytest.fixture(scope="module")
def sql(db: psycopg.Connection) -> Iterator[psycopg.Connection]:
    db.execute("create extension if not exists http with schema extensions")
    db.execute("set search_path to public, extensions")
    yield db
    db.execute("reset search_path")


@pytest.fixture(autouse=True)
def fresh_options(sql: psycopg.Connection) -> Iterator[None]:
    yield
    sql.execute("select http_reset_curlopt()")
    sql.execute("reset http.timeout_msec")
    sql.execute("reset statement_timeout")


def one(conn: psycopg.Connection, query: str, *params):
    return conn.execute(query, params).fetchone()


def closed_port() -> int:
    """A loopback port nothing listens on."""
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


def reflection(conn: psycopg.Connection, query: str, *params) -> dict:
    return json.loads(one(conn, f"select content from {query}", *params)[0])


def test_it_is_created_in_the_schema_named_listed_and_dropped(sql):
    assert one(sql, "select extversion, extnamespace::regnamespace::text from pg_extension where extname = 'http'") \
        == ("1.6", "extensions")
    sql.execute("create schema elsewhere")
    try:
        sql.execute("drop extension http")
        sql.execute("create extension http with schema elsewhere")
        assert one(sql, "select to_regtype('elsewhere.http_response')::text")[0] == "elsewhere.http_response"
        sql.execute("drop extension http")
        assert one(sql, "select to_regtype('elsewhere.http_response')")[0] is None
    finally:
        sql.execute("create extension if not exists http with schema extensions")
        sql.execute("drop schema elsewhere cascade")


def test_the_lines_db_pull_writes_create_it_and_1_5_updates_to_1_6(sql, server):
    sql.execute("drop extension http")
    try:
        sql.execute('create extension if not exists "http" with schema "extensions" version \'1.5\'')
        assert one(sql, "select extversion from pg_extension where extname = 'http'")[0] == "1.5"
        assert one(sql, "select to_regprocedure('extensions.text_to_bytea(text)')")[0] is None
        with pytest.raises(psycopg.errors.CheckViolation):
            sql.execute("select http(('PURGE', %s, null, null, null))", (f"{server}/reflect",))
        assert one(sql, "select status from http_get(%s)", f"{server}/reflect")[0] == 200
        sql.execute("alter extension http update to '1.6'")
        assert one(sql, "select text_to_bytea('a')")[0] == b"a"
        sql.execute("drop extension http")
        sql.execute('create extension if not exists "http" with schema "extensions" version \'1.6\'')
        assert one(sql, "select extversion from pg_extension where extname = 'http'")[0] == "1.6"
    finally:
        sql.execute("create extension if not exists http with schema extensions")


def test_a_get_returns_status_content_type_headers_and_content(sql, server):
    status, content_type, headers, content = one(
        sql, "select status, content_type, headers::text[], content from http_get(%s)", f"{server}/reflect")
    assert (status, content_type) == (200, "application/json")
    assert "(X-Reflected,yes)" in headers
    assert "(Content-Type,application/json)" in headers
    assert json.loads(content)["method"] == "GET"
    assert json.loads(content)["path"] == "/reflect"


def test_the_response_headers_unnest_into_fields_and_values(sql, server):
    rows = sql.execute("select (unnest(headers)).* from http_get(%s)", (f"{server}/reflect",)).fetchall()
    assert ("X-Reflected", "yes") in rows
    assert ("Content-Length", str(len(one(sql, "select content from http_get(%s)", f"{server}/reflect")[0]))) in rows


def test_connections_are_closed_unless_http_keepalive_is_on(sql, server):
    assert reflection(sql, "http_get(%s)", f"{server}/reflect")["headers"]["Connection"] == "close"
    sql.execute("set http.keepalive = on")
    try:
        for _ in range(2):
            assert reflection(sql, "http_get(%s)", f"{server}/reflect")["headers"]["Connection"] == "Keep-Alive"
    finally:
        sql.execute("reset http.keepalive")


def test_a_status_that_is_not_success_is_returned_not_raised(sql, server):
    assert one(sql, "select status from http_get(%s)", f"{server}/status/404")[0] == 404
    assert one(sql, "select status from http_get(%s)", f"{server}/status/503")[0] == 503


def test_request_headers_are_sent(sql, server):
    got = reflection(sql, "http(('GET', %s, array[http_header('Authorization', 'Bearer abc'), "
                          "http_header('X-Custom', 'one two')], null, null)::http_request)", f"{server}/reflect")
    assert got["headers"]["Authorization"] == "Bearer abc"
    assert got["headers"]["X-Custom"] == "one two"


def test_a_content_type_among_the_headers_is_refused_with_a_notice(sql, server):
    notices: list[str] = []

    def record(diagnostic: psycopg.errors.Diagnostic) -> None:
        notices.append(diagnostic.message_primary or "")

    sql.add_notice_handler(record)
    try:
        got = reflection(sql, "http(('POST', %s, array[http_header('Content-Type', 'text/html')], 'text/plain', "
                              "'x')::http_request)", f"{server}/reflect")
    finally:
        sql.remove_notice_handler(record)
    assert got["headers"]["Content-Type"] == "text/plain"
    assert notices == ["'Content-Type' is not supported as an optional header"]


@pytest.mark.parametrize("call,method", [
    ("http_post(%s, 'some text', 'text/plain')", "POST"),
    ("http_put(%s, 'some text', 'text/plain')", "PUT"),
    ("http_patch(%s, 'some text', 'text/plain')", "PATCH"),
    ("http_delete(%s, 'some text', 'text/plain')", "DELETE"),
    ("http(('purge', %s, null, 'text/plain', 'some text')::http_request)", "purge"),
])
def test_a_body_is_sent_with_its_content_type_and_method(sql, server, call, method):
    got = reflection(sql, call, f"{server}/reflect")
    assert (got["method"], got["body"], got["headers"]["Content-Type"]) == (method, "some text", "text/plain")


def test_a_json_document_is_sent_as_it_is(sql, server):
    got = reflection(sql, "http_patch(%s, '{\"this\":\"that\"}', 'application/json')", f"{server}/reflect")
    assert json.loads(got["body"]) == {"this": "that"}


def test_delete_without_a_body(sql, server):
    got = reflection(sql, "http_delete(%s)", f"{server}/reflect")
    assert (got["method"], got["body"]) == ("DELETE", "")


def test_head_returns_the_headers_and_no_content(sql, server):
    status, content, headers = one(sql, "select status, content, headers::text[] from http_head(%s)",
                                   f"{server}/reflect")
    assert (status, content) == (200, None)
    assert "(X-Reflected,yes)" in headers


def test_head_does_not_follow_a_redirect_and_get_does(sql, server):
    status, location = one(sql, "select status, (select value from unnest(headers) where field = 'Location') "
                                "from http_head(%s)", f"{server}/moved")
    assert (status, location) == (302, "/reflect")
    status, content = one(sql, "select status, content from http_get(%s)", f"{server}/moved")
    assert status == 200
    assert json.loads(content)["path"] == "/reflect"


def test_jsonb_data_goes_into_the_query_string_of_a_get(sql, server):
    got = reflection(sql, "http_get(%s, jsonb_build_object('myvar', 'myval', 'foo', 'bar'))", f"{server}/reflect")
    assert got["path"] == "/reflect?foo=bar&myvar=myval"


def test_jsonb_data_goes_into_a_form_body_of_a_post(sql, server):
    got = reflection(sql, "http_post(%s, jsonb_build_object('name', 'Colin & James', 'rate', '50%%'))",
                     f"{server}/reflect")
    assert got["method"] == "POST"
    assert got["headers"]["Content-Type"] == "application/x-www-form-urlencoded"
    assert got["body"] == "name=Colin+%26+James&rate=50%25"


@pytest.mark.parametrize("call,result", [
    ("urlencode('my special string''s & things?')", "my+special+string%27s+%26+things%3F"),
    ("urlencode(jsonb_build_object('name','Colin & James','rate','50%%'))", "name=Colin+%26+James&rate=50%25"),
    ("urlencode('a-b.c_d~e/é'::varchar)", "a-b.c_d~e%2F%C3%A9"),
    ("urlencode('\\x41002042'::bytea)", "A"),
    ("""urlencode('{"n": 1.50, "t": true, "f": false, "z": null, "nested": {"a": 1}, "list": [1]}'::jsonb)""",
     "f=false&n=1.5&t=true&z="),
    ("urlencode('{}'::jsonb)", None),
])
def test_urlencode(sql, call, result):
    assert one(sql, f"select {call}")[0] == result


def test_urlencode_of_json_that_is_not_an_object_is_an_error(sql):
    with pytest.raises(psycopg.errors.InvalidParameterValue, match="cannot call urlencode_jsonb on a non-object"):
        sql.execute("select urlencode('[1, 2]'::jsonb)")


def test_the_content_is_converted_from_the_charset_the_response_names(sql, server):
    assert one(sql, "select content from http_get(%s)", f"{server}/latin1")[0] == "caf\u00e9"


def test_binary_content_is_read_back_with_text_to_bytea(sql, server):
    assert one(sql, "select text_to_bytea(content) from http_get(%s)", f"{server}/binary")[0] == BINARY
    assert one(sql, "select bytea_to_text(text_to_bytea('abc'))")[0] == "abc"


def test_http_timeout_msec_limits_a_request(sql, server):
    sql.execute("set http.timeout_msec = 200")
    with pytest.raises(psycopg.errors.InternalError, match=r"^Operation timed out after \d+ milliseconds"):
        sql.execute("select http_get(%s)", (f"{server}/slow",))


def test_curlopt_timeout_ms_limits_a_request_and_is_listed_until_reset(sql, server):
    assert one(sql, "select http_set_curlopt('CURLOPT_TIMEOUT_MS', '200')")[0] is True
    assert one(sql, "select http_set_curlopt('curlopt_useragent', 'PgBot/2.1')")[0] is True
    assert sql.execute("select * from http_list_curlopt() order by 1").fetchall() == [
        ("CURLOPT_TIMEOUT_MS", "200"), ("CURLOPT_USERAGENT", "PgBot/2.1")]
    assert reflection(sql, "http_get(%s)", f"{server}/reflect")["headers"]["User-Agent"] == "PgBot/2.1"
    with pytest.raises(psycopg.errors.InternalError, match=r"^Operation timed out after \d+ milliseconds"):
        sql.execute("select http_get(%s)", (f"{server}/slow",))
    assert one(sql, "select http_reset_curlopt()")[0] is True
    assert sql.execute("select * from http_list_curlopt()").fetchall() == []
    assert reflection(sql, "http_get(%s)", f"{server}/reflect")["headers"]["User-Agent"].startswith("PostgreSQL ")


def test_a_cancelled_statement_stops_the_request(sql, server):
    sql.execute("set statement_timeout = '300ms'")
    with pytest.raises(psycopg.errors.QueryCanceled, match="statement timeout"):
        sql.execute("select http_get(%s)", (f"{server}/slow",))


def test_a_failed_connection_raises_curls_message(sql, server):
    port = closed_port()
    with pytest.raises(psycopg.errors.InternalError) as raised:
        sql.execute("select http_get(%s)", (f"http://127.0.0.1:{port}/",))
    assert raised.value.diag.message_primary.startswith(f"Failed to connect to 127.0.0.1 port {port}")


def test_https_checks_the_certificate_against_curlopt_cainfo(sql, tls_server):
    url, certificate = tls_server
    with pytest.raises(psycopg.errors.InternalError, match="SSL certificate problem: self-signed certificate"):
        sql.execute("select http_get(%s)", (f"{url}/reflect",))
    sql.execute("select http_set_curlopt('CURLOPT_CAINFO', %s)", (str(certificate),))
    assert reflection(sql, "http_get(%s)", f"{url}/reflect")["path"] == "/reflect"


def test_only_http_and_https_are_allowed(sql):
    with pytest.raises(psycopg.errors.InternalError, match='Protocol "file" not supported or disabled'):
        sql.execute("select http_get('file:///etc/passwd')")


@pytest.mark.parametrize("call,message", [
    ("http(('GET', null, null, null, null))", "http_request.uri is NULL"),
    ("http((null, 'http://127.0.0.1:1/', null, null, null))", "http_request.method is NULL"),
    ("http(('POST', 'http://127.0.0.1:1/', null, null, 'x'))", "http_request.content_type is NULL"),
    ("http(('PUT', 'http://127.0.0.1:1/', null, 'text/plain', null))", "http_request.content is NULL"),
    ("http_set_curlopt('CURLOPT_NOPE', '1')", "curl option 'CURLOPT_NOPE' is not available for run-time configuration"),
    ("http_set_curlopt('CURLOPT_TIMEOUT_MS', 'soon')", "invalid integer provided for 'CURLOPT_TIMEOUT_MS'"),
])
def test_a_call_that_cannot_be_made_is_the_originals_error(sql, call, message):
    with pytest.raises(psycopg.errors.InternalError) as raised:
        sql.execute(f"select {call}")
    assert raised.value.diag.message_primary == message


def test_a_role_that_is_not_a_superuser_creates_and_uses_it(sql, server):
    sql.execute("create role http_maker nosuperuser")
    sql.execute(one(sql, "select format('grant create on database %%I to http_maker', current_database())")[0])
    sql.execute("create schema http_made authorization http_maker")
    sql.execute("drop extension http")
    try:
        sql.execute("set role http_maker")
        sql.execute("create extension http with schema http_made")
        got = json.loads(one(sql, "select content from http_made.http_get(%s)", f"{server}/reflect")[0])
        assert got["method"] == "GET"
        sql.execute("drop extension http")
    finally:
        sql.execute("reset role")
        sql.execute("drop schema http_made cascade")
        sql.execute("drop owned by http_maker")
        sql.execute("drop role http_maker")
        sql.execute("create extension http with schema extensions")
