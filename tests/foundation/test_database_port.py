"""The embedded PostgreSQL on loopback TCP at `[db] port`, as `supabase start` offers its database."""

from __future__ import annotations

import os
import shutil
import socket
import tempfile
from pathlib import Path

import psycopg
import pytest

from gateway.config_values import ConfigError
from gateway.database import embedded
from gateway.settings import Settings
from tests.support.live import free_port
from tests.support.pg import PgCluster


@pytest.mark.skipif(bool(os.environ.get("TEST_DATABASE_URL")),
                    reason="the run on an external PostgreSQL (TEST_DATABASE_URL) starts no embedded server")
def test_the_embedded_server_answers_on_loopback_tcp_with_the_cli_password(pg_cluster: PgCluster):
    assert pg_cluster.tcp_url and pg_cluster.tcp_url.startswith("postgresql://postgres:postgres@127.0.0.1:")
    with psycopg.connect(pg_cluster.tcp_url) as conn:
        address, port, user = conn.execute("select host(inet_server_addr()), inet_server_port(), current_user")\
            .fetchone()
    assert (address, user) == ("127.0.0.1", "postgres") and pg_cluster.tcp_url.endswith(f":{port}/postgres")


def test_db_port_in_config_toml_sets_the_port(tmp_path: Path):
    (tmp_path / "supabase").mkdir()
    (tmp_path / "supabase" / "config.toml").write_text("[db]\nport = 54444\n")
    assert Settings.from_env(environ={}, project_root=tmp_path).db_port == 54444
    assert Settings.from_env(environ={}, project_root=tmp_path / "supabase").db_port == 54322


def test_a_busy_database_port_is_one_line_naming_the_key():
    # Outside pytest's temp root, which a concurrent session locks against the server's system user.
    folder = Path(tempfile.mkdtemp(prefix="gateway-db-port-"))
    with socket.socket() as holder:
        holder.bind(("127.0.0.1", 0))
        holder.listen()
        busy = holder.getsockname()[1]
        try:
            with pytest.raises(ConfigError) as refused:
                embedded.start(folder, tcp_port=busy)
        finally:
            shutil.rmtree(folder, ignore_errors=True)
    message = str(refused.value)
    assert "\n" not in message and f"port {busy}" in message and "[db] port" in message


def test_a_new_data_folder_starts_once_listening_on_the_socket_and_loopback_tcp(folder: Path):
    port = free_port()
    server = embedded.start(folder, tcp_port=port)
    try:
        log = (folder / "pg" / "log").read_text()
        assert log.count("database system is ready to accept connections") == 1, log
        assert f'listening on IPv4 address "127.0.0.1", port {port}' in log
        with psycopg.connect(server.url) as conn:
            assert conn.execute("select inet_server_port()").fetchone() == (None,)  # the socket
        with psycopg.connect(embedded.tcp_url(port)) as conn:
            assert conn.execute("select inet_server_port()").fetchone() == (port,)
    finally:
        server.stop()


def test_a_server_running_on_its_socket_alone_is_restarted_on_loopback_tcp_too(folder: Path):
    socket_only = embedded.start(folder)
    try:
        with psycopg.connect(socket_only.url) as conn:
            assert conn.execute("select current_setting('listen_addresses')").fetchone() == ("",)
        before = socket_only.pid
        port = free_port()
        server = embedded.start(folder, tcp_port=port)
        assert server.pid != before
        with psycopg.connect(embedded.tcp_url(port)) as conn:
            assert conn.execute("select inet_server_port()").fetchone() == (port,)
        with psycopg.connect(server.url) as conn:
            assert conn.execute("select inet_server_port()").fetchone() == (None,)  # the socket, at its new name
    finally:
        socket_only.stop()


def test_a_server_stopped_in_this_process_starts_again_on_the_port_asked(folder: Path):
    first, second = free_port(), free_port()
    embedded.start(folder, tcp_port=first).stop()
    server = embedded.start(folder, tcp_port=second)
    try:
        with psycopg.connect(embedded.tcp_url(second)) as conn:
            assert conn.execute("select inet_server_port()").fetchone() == (second,)
    finally:
        server.stop()
