"""Shared fixtures: one PostgreSQL per session, a fresh migrated database per test module, live gateways."""

from __future__ import annotations

import inspect
import os
import shutil
import tempfile
from collections.abc import Iterator
from dataclasses import replace
from pathlib import Path

import psycopg
import pytest

from gateway.database import embedded, migrate
from gateway.project.folder import Project
from gateway.settings import PROJECT_ROOT, Settings
from tests.support.browser import launch_chromium
from tests.support.live import LiveGateway, bind_to_port, free_port, run_gateway
from tests.support.pg import PgCluster, with_password

TEST_JWT_SECRET = "test-only-jwt-secret-0123456789abcdef0123456789"

# What a test needs (the markers in pyproject.toml), read from its folder, the fixtures it uses (theirs included) and
# the suite's helpers that its body and its fixtures call; a test that needs one some other way carries the mark itself.
NEEDS_OF_FOLDERS = {
    "tests/functions/deno": "slow",  # every gateway there starts Deno workers
}
NEEDS_OF_FIXTURES = {
    "pg_cluster": "database",  # every fixture that gives a database or a live gateway rests on it
    "browser": "browser",
    "identity_provider": "node",  # the OpenID provider is panva's oidc-provider, run by Node
    "app_gateway": "node",  # the example apps are checked with their own supabase-js tests
}
NEEDS_OF_CALLS = {
    "run_node_test": "node",
    "run_node_script": "node",
    "ServeProcess": "slow",
    "run_cli": "slow",
}


def called_names(item: pytest.Item) -> set[str]:
    """The global names used by the test function, its fixtures' functions and the suite's functions they call."""
    pending = [getattr(item, "function", None)] + [
        definition.func for definitions in item._fixtureinfo.name2fixturedefs.values() for definition in definitions]
    names: set[str] = set()
    while pending:
        function = pending.pop()
        if not inspect.isfunction(function) or not function.__module__.startswith("tests."):
            continue
        for name in set(function.__code__.co_names) - names:
            names.add(name)
            pending.append(function.__globals__.get(name))
    return names


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    for item in items:
        folder = item.path.parent.relative_to(item.config.rootpath).as_posix()
        needs = {need for prefix, need in NEEDS_OF_FOLDERS.items() if f"{folder}/".startswith(f"{prefix}/")}
        needs |= {NEEDS_OF_FIXTURES[name] for name in item.fixturenames if name in NEEDS_OF_FIXTURES}
        needs |= {NEEDS_OF_CALLS[name] for name in called_names(item) if name in NEEDS_OF_CALLS}
        for need in sorted(needs):
            item.add_marker(need)


@pytest.fixture(scope="session")
def pg_cluster() -> Iterator[PgCluster]:
    external = os.environ.get("TEST_DATABASE_URL")
    if external:
        yield PgCluster(admin_url=external, tcp_url=external)  # already on TCP, where edge functions' drivers connect
        return
    data_dir = Path(tempfile.mkdtemp(prefix="gateway-test-pg-"))
    # On loopback TCP too, as `gateway serve` runs it: edge functions' Postgres drivers connect there.
    port = free_port()
    server = embedded.start(data_dir, tcp_port=port)
    try:
        yield PgCluster(admin_url=server.url, tcp_url=embedded.tcp_url(port))
    finally:
        server.stop()
        shutil.rmtree(data_dir, ignore_errors=True)


@pytest.fixture(scope="session")
def migrated_template(pg_cluster: PgCluster) -> Iterator[str]:
    """A database with every migration and policy applied; each module's database is a copy of it."""
    name = pg_cluster.create_database("gw_template")
    migrate.apply_pending(pg_cluster.url_for(name), Project.load(PROJECT_ROOT))
    pg_cluster.give_login_roles_the_admin_password()
    yield name
    pg_cluster.drop_database(name)


@pytest.fixture(scope="module")
def database_url(pg_cluster: PgCluster, migrated_template: str, request: pytest.FixtureRequest) -> Iterator[str]:
    prefix = "t_" + request.module.__name__.rsplit(".", 1)[-1][:40]
    name = pg_cluster.create_database(prefix, template=migrated_template)
    yield pg_cluster.url_for(name)
    pg_cluster.drop_database(name)


@pytest.fixture(scope="module")
def db(database_url: str) -> Iterator[psycopg.Connection]:
    """A superuser connection to the module's database, for arranging and inspecting data."""
    with psycopg.connect(database_url, autocommit=True) as conn:
        yield conn


def make_settings(database_url: str, data_dir: Path, **overrides) -> Settings:
    base = Settings(
        database_url=None,
        data_dir=data_dir,
        jwt_secret=TEST_JWT_SECRET,
        dev_mailbox=True,
        rate_limits_enabled=False,
    ).with_database(database_url)  # as the embedded mode runs: requests as authenticator, auth as its own role
    base = replace(base, authenticator_url=with_password(base.authenticator_url, database_url),
                   auth_admin_url=with_password(base.auth_admin_url, database_url))
    return bind_to_port(replace(base, **overrides))


@pytest.fixture(scope="module")
def settings(database_url: str, tmp_path_factory: pytest.TempPathFactory) -> Settings:
    return make_settings(database_url, tmp_path_factory.mktemp("data"))


@pytest.fixture(scope="module")
def gateway(settings: Settings) -> Iterator[LiveGateway]:
    with run_gateway(settings) as live:
        yield live


@pytest.fixture(scope="module")
def browser():
    """One Chromium per module: Playwright's sync API keeps an event loop running in this thread while it is
    open, which would break later modules that run their own loop, so it is closed with the module."""
    with launch_chromium() as instance:
        yield instance
