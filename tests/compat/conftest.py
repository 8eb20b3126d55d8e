"""Supabase-shaped apps, each served by a fresh `gateway serve` in a copy of its project folder.

The gateway starts in the app's folder as a developer starts it: SEED_DEMO unset, its own config.toml deciding the
auth settings, rate limits off so a test's many sign-ups are not throttled. With TEST_DATABASE_URL (the suite's run
on Debian's PostgreSQL 15) it serves a fresh database of that cluster instead of its embedded one; a gateway given
DATABASE_URL seeds only when asked, so `--seed` stands in for the first `supabase start`, and keeps the development
mailbox off unless DEV_MAILBOX says otherwise (config.toml's `[inbucket] enabled` may only turn it off).
"""

from __future__ import annotations

import os
import shutil
import tempfile
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path

import psycopg
import pytest

from gateway.api_keys import CLI_JWT_SECRET
from gateway.jwt_keys import JwtKeys
from tests.conftest import TEST_JWT_SECRET
from tests.support.live import free_port
from tests.support.node import run_node_script
from tests.support.pg import PgCluster
from tests.support.serve import ServeProcess, db_url

APPS = Path(__file__).resolve().parent / "apps"


@dataclass
class AppGateway:
    url: str
    jwt_secret: str
    db_url: str

    @property
    def keys(self) -> JwtKeys:
        return JwtKeys(self.jwt_secret)

    def node(self, script: str, name_pattern: str) -> str:
        """Runs the one supabase-js test of the app (tests/node/compat/<script>) whose name matches."""
        return run_node_script(f"compat/{script}", {
            "GATEWAY_URL": self.url,
            "ANON_KEY": self.keys.anon_key,
            "SERVICE_ROLE_KEY": self.keys.service_role_key,
        }, name_pattern=name_pattern, passes=1)

    def query(self, statement: str, *params) -> list[tuple]:
        with psycopg.connect(self.db_url, autocommit=True) as conn:
            return conn.execute(statement, params).fetchall()


@contextmanager
def serve_app(app: str) -> Iterator[AppGateway]:
    # Outside pytest's temp root, which a concurrent session may re-lock against the embedded server's user.
    root = Path(tempfile.mkdtemp(prefix=f"gateway-compat-{app}-"))
    project = root / app
    shutil.copytree(APPS / app, project)
    external = os.environ.get("TEST_DATABASE_URL")
    cluster = PgCluster(external) if external else None
    database = cluster.create_database(f"compat_{app}") if cluster else None
    env = {"RATE_LIMITS": "false"}
    args: tuple[str, ...] = ()
    if cluster:
        env |= {"DATABASE_URL": cluster.url_for(database), "JWT_SECRET": TEST_JWT_SECRET, "DEV_MAILBOX": "true"}
        args = ("--seed",)
    data_dir = project / ".data"
    port = free_port()
    try:
        with ServeProcess(data_dir, port, cwd=project, args=args, **env) as server:
            server.wait_healthy()
            yield AppGateway(
                url=f"http://127.0.0.1:{port}",
                # On loopback a Supabase project folder gets the CLI's local secret, as the apps' .env files expect.
                jwt_secret=TEST_JWT_SECRET if cluster else CLI_JWT_SECRET,
                db_url=cluster.url_for(database) if cluster else db_url(data_dir),
            )
            server.stop()
    finally:
        if cluster:
            cluster.drop_database(database)
        shutil.rmtree(root, ignore_errors=True)


@pytest.fixture(scope="module")
def app_gateway(request: pytest.FixtureRequest) -> Iterator[AppGateway]:
    """The gateway of the app the test module names in `APP`."""
    with serve_app(request.module.APP) as gateway:
        yield gateway
