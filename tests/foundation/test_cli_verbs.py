"""The Supabase CLI's verbs as a developer types them: `start` and `stop`, `migration down`, `db reset --version`,
and, for what has no counterpart, one line naming what to use instead."""

from __future__ import annotations

import json
import shutil
import tempfile
from collections.abc import Iterator
from pathlib import Path

import httpx
import pytest

from tests.support.live import free_port
from tests.support.serve import run_cli


@pytest.fixture()
def project() -> Iterator[Path]:
    """A `gateway init` folder outside pytest's temp root (the embedded server's system user must reach its data)."""
    root = Path(tempfile.mkdtemp(prefix="gateway-cli-verbs-"))
    root.chmod(0o755)
    assert run_cli("init", cwd=root).returncode == 0
    yield root
    run_cli("stop", cwd=root, DATA_DIR=root / ".data")
    shutil.rmtree(root, ignore_errors=True)


def test_start_returns_once_serving_and_stop_ends_it_with_its_database(project):
    port = free_port()
    env = {"DATA_DIR": project / ".data", "API_PORT": port}
    started = run_cli("start", cwd=project, **env)
    assert started.returncode == 0, started.stderr
    assert "Started gateway serve (pid " in started.stdout and ".data/serve.log" in started.stderr
    assert httpx.get(f"http://127.0.0.1:{port}/health").status_code == 200
    status = run_cli("status", "-o", "json", cwd=project, **env)
    assert status.returncode == 0 and json.loads(status.stdout)["API_URL"] == f"http://127.0.0.1:{port}"
    again = run_cli("start", cwd=project, **env)
    assert again.returncode == 0 and "already running for this project" in again.stderr
    assert "Gateway is running." in (project / ".data" / "serve.log").read_text()

    stopped = run_cli("stop", cwd=project, **env)
    assert stopped.returncode == 0 and stopped.stdout.startswith("Stopped gateway serve (pid ")
    with pytest.raises(httpx.ConnectError):
        httpx.get(f"http://127.0.0.1:{port}/health")
    assert not (project / ".data" / "pg" / "postmaster.pid").exists(), "the database stops with it"
    assert run_cli("stop", cwd=project, **env).stdout == "gateway serve is not running for this project.\n"


def test_migration_down_resets_to_before_the_last_migrations(project):
    migrations = project / "supabase" / "migrations"
    (migrations / "20260101000000_first.sql").write_text("create table public.first (id int);\n")
    (migrations / "20260102000000_second.sql").write_text("create table public.second (id int);\n")
    env = {"DATA_DIR": project / ".data"}
    assert run_cli("migrate", cwd=project, **env).returncode == 0

    unasked = run_cli("migration", "down", cwd=project, **env)
    assert unasked.returncode == 1 and "add --yes" in unasked.stderr and " • 20260102000000" in unasked.stderr
    too_many = run_cli("migration", "down", "--last", "2", "--yes", cwd=project, **env)
    assert too_many.returncode == 1
    assert "--last must be smaller than total applied migrations: 2" in too_many.stderr

    down = run_cli("migration", "down", "--yes", cwd=project, **env)
    assert down.returncode == 0, down.stderr
    assert "Resetting database to version: 20260101000000" in down.stderr
    listed = run_cli("migration", "list", cwd=project, **env).stdout
    rows = [[cell.strip() for cell in line.split("|")] for line in listed.splitlines() if line.strip().startswith("2026")]
    assert [row[:2] for row in rows] == [["20260101000000", "20260101000000"], ["20260102000000", ""]], listed
    assert run_cli("db", "reset", "--version", "0", cwd=project, **env).returncode == 0
    assert "public.first" not in run_cli("db", "dump", cwd=project, **env).stdout


@pytest.mark.parametrize(("words", "advice"), [
    (["db", "push"], "`gateway db push` has no counterpart here: apply the migrations to another database with "
                     "`DATABASE_URL=... gateway migrate`."),
    (["login"], "`gateway login` has no counterpart here: the gateway has no Supabase account"),
    (["--workdir", ".", "functions", "deploy", "hello"], "`gateway functions deploy` has no counterpart here: "
                                                         "`gateway serve` serves supabase/functions/"),
])
def test_a_supabase_verb_without_counterpart_names_what_to_use(words, advice):
    said = run_cli(*words)
    assert said.returncode == 2 and said.stdout == "" and said.stderr.startswith(advice)


def test_the_clis_flags_are_taken_or_refused_in_one_line():
    assert run_cli("--debug", "check").returncode == 0
    linked = run_cli("db", "dump", "--linked")
    assert linked.returncode == 2 and linked.stderr.startswith("error: --linked: the gateway links to no hosted")
