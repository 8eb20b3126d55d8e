"""The embedded server on its loopback TCP port comes back however its last TCP clients left: killed under them (the
gateway restarts it) or stopped with them connected (the next `gateway serve` starts on the same port). A port whose
clients were cut keeps their connections in TIME_WAIT, which PostgreSQL's own bind (SO_REUSEADDR) accepts."""

from __future__ import annotations

import os
import signal
import time
from collections.abc import Iterator
from contextlib import contextmanager

import httpx
import psycopg

from gateway.database import embedded
from tests.resilience.test_database_outage import RECOVERY_SECONDS, api, postmaster_pid, service_key
from tests.support.live import free_port
from tests.support.serve import ServeProcess

TCP_CLIENTS = 4


def connect_tcp_clients(database_port: int) -> list[psycopg.Connection]:
    clients = [psycopg.connect(embedded.tcp_url(database_port), autocommit=True) for _ in range(TCP_CLIENTS)]
    for client in clients:
        assert client.execute("select 1").fetchone() == (1,)
    return clients


@contextmanager
def closing_all(clients: list[psycopg.Connection]) -> Iterator[None]:
    try:
        yield
    finally:
        for client in clients:
            client.close()


def tcp_reads(database_port: int) -> bool:
    try:
        with psycopg.connect(embedded.tcp_url(database_port), connect_timeout=2) as conn:
            return conn.execute("select count(*) from companies").fetchone() is not None
    except psycopg.OperationalError:
        return False


def rest_reads(client: httpx.Client) -> bool:
    try:
        return client.get("/rest/v1/companies", params={"select": "id", "limit": "1"}).status_code == 200
    except httpx.HTTPError:
        return False


def seconds_until_reads(client: httpx.Client, database_port: int, since: float) -> float:
    """Polls until both the REST API and a new TCP client read again; fails past RECOVERY_SECONDS (a port left in
    TIME_WAIT would keep the server off it for a minute)."""
    while not (rest_reads(client) and tcp_reads(database_port)):
        assert time.monotonic() - since < RECOVERY_SECONDS, "reads were not served again"
        time.sleep(0.1)
    return time.monotonic() - since


def test_the_database_is_back_on_its_tcp_port_after_a_kill_and_after_a_stop_with_tcp_clients(workdir):
    data_dir, port, database_port = workdir / "data", free_port(), free_port()
    with ServeProcess(data_dir, port, DB_PORT=database_port) as server:
        server.wait_healthy()
        key = service_key(data_dir)
        with closing_all(connect_tcp_clients(database_port)):
            os.kill(postmaster_pid(data_dir / "pg"), signal.SIGKILL)
            killed_at = time.monotonic()
            with api(port, key) as client:
                after_kill = seconds_until_reads(client, database_port, killed_at)
        with closing_all(connect_tcp_clients(database_port)):
            output = server.stop()
            stopped_at = time.monotonic()
            assert output.count("embedded postgres restarted in") == 1, output
            with ServeProcess(data_dir, port, DB_PORT=database_port) as again:
                again.wait_healthy()
                with api(port, key) as client:
                    after_stop = seconds_until_reads(client, database_port, stopped_at)
                again.stop()
    print(f"reads served again {after_kill:.1f}s after kill -9 of the postmaster, and {after_stop:.1f}s after a stop"
          f" (a new gateway serve), with {TCP_CLIENTS} TCP clients connected each time")
