"""The embedded server's loopback TCP port asks for the password (SCRAM): `postgres` as under `supabase start`, or
DB_PASSWORD; the Unix socket in the owner-only data folder, the gateway's own way in, stays trusted."""

from __future__ import annotations

import os
from pathlib import Path

import psycopg
import pytest
from psycopg.conninfo import conninfo_to_dict

from gateway.database import embedded
from gateway.server.status import status_info
from gateway.settings import Settings
from tests.support.live import free_port
from tests.support.pg import PgCluster

pytestmark = pytest.mark.skipif(bool(os.environ.get("TEST_DATABASE_URL")),
                                reason="the run on an external PostgreSQL (TEST_DATABASE_URL) starts no embedded"
                                       " server; that server's own rules decide its authentication")
OTHER_PASSWORD = "not the CLI's: p@ss/word"


def with_password(url: str, password: str) -> str:
    params = conninfo_to_dict(url)
    return psycopg.conninfo.make_conninfo(**{**params, "password": password})


def refused(url: str) -> str:
    with pytest.raises(psycopg.OperationalError) as error:
        psycopg.connect(url, connect_timeout=5).close()
    return str(error.value)


def test_tcp_refuses_a_wrong_password_and_takes_the_right_one(pg_cluster: PgCluster):
    assert pg_cluster.tcp_url
    message = refused(with_password(pg_cluster.tcp_url, "wrong"))
    assert 'password authentication failed for user "postgres"' in message
    assert "fe_sendauth: no password supplied" in refused(with_password(pg_cluster.tcp_url, ""))
    with psycopg.connect(pg_cluster.tcp_url) as conn:
        assert conn.execute("select current_user, inet_server_port() is not null").fetchone() == ("postgres", True)
    # The gateway's own roles have no password: over TCP they cannot sign in at all, over the socket they can.
    tcp = conninfo_to_dict(pg_cluster.tcp_url)
    authenticator = psycopg.conninfo.make_conninfo(**{**tcp, "user": "authenticator", "password": "postgres"})
    assert "password authentication failed" in refused(authenticator)
    with psycopg.connect(pg_cluster.admin_url) as conn:
        assert conn.execute("select inet_server_port()").fetchone() == (None,)  # the socket, trusted


def test_db_password_becomes_the_tcp_password_and_the_url_given_out(folder: Path):
    port = free_port()
    settings = Settings.from_env(environ={"DB_PASSWORD": OTHER_PASSWORD, "DB_PORT": str(port)}, project_root=folder)
    assert settings.db_password == OTHER_PASSWORD
    given = status_info(settings)["db_url"]
    assert given == embedded.tcp_url(port, OTHER_PASSWORD) and "p%40ss%2Fword@127.0.0.1" in given
    server = embedded.start(folder, tcp_port=port, password=OTHER_PASSWORD)
    try:
        with psycopg.connect(given) as conn:
            assert conn.execute("select current_user").fetchone() == ("postgres",)
        assert "password authentication failed" in refused(embedded.tcp_url(port))
        # Started again with the CLI's password (DB_PASSWORD unset), the server takes that one instead.
        embedded.start(folder, tcp_port=port)
        with psycopg.connect(embedded.tcp_url(port)) as conn:
            assert conn.execute("select 1").fetchone() == (1,)
        assert "password authentication failed" in refused(given)
    finally:
        server.stop()
