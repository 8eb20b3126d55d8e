"""A gateway serving the Deno functions of `project/` on a real Deno, with the test database over TCP."""

from __future__ import annotations

import shutil
from collections.abc import Iterator
from dataclasses import replace
from pathlib import Path

import pytest
from psycopg.conninfo import conninfo_to_dict

from gateway.project.folder import Project
from tests.conftest import make_settings
from tests.support.live import LiveGateway, run_gateway
from tests.support.pg import PgCluster, with_database

FIXTURE = Path(__file__).resolve().parent / "project"
# Written into a copy of the fixture: the repository keeps .env files out.
SECRETS = "GREETING_SECRET=sesame\nSUPABASE_URL=http://not-this-one.example\n"


@pytest.fixture(scope="session")
def deno_project(tmp_path_factory: pytest.TempPathFactory) -> Project:
    """The fixture project with its functions' secrets file, supabase/functions/.env."""
    root = tmp_path_factory.mktemp("deno-project")
    shutil.copytree(FIXTURE, root, dirs_exist_ok=True)
    (root / "supabase" / "functions" / ".env").write_text(SECRETS)
    return Project.load(root)


@pytest.fixture(scope="session")
def deno_data_dir(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """One per session, so npm packages are fetched once."""
    return tmp_path_factory.mktemp("deno-data")


def deno_settings(database_url: str, pg_cluster: PgCluster, data_dir: Path, project: Project, **overrides):
    assert pg_cluster.tcp_url, "the Deno tests need the database on TCP"
    tcp_url = with_database(pg_cluster.tcp_url, conninfo_to_dict(database_url)["dbname"])
    settings = make_settings(database_url, data_dir, project=project, functions_dir=project.functions_dir,
                             tcp_database_url=tcp_url)
    return replace(settings, **overrides)


@pytest.fixture(scope="module")
def deno_gateway(database_url: str, pg_cluster: PgCluster, deno_data_dir: Path,
                 deno_project: Project) -> Iterator[LiveGateway]:
    with run_gateway(deno_settings(database_url, pg_cluster, deno_data_dir, deno_project)) as live:
        yield live
