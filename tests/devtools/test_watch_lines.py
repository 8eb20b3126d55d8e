"""The line `serve --watch` prints for each kind of change to SQL files, from the watcher alone (no server)."""

from __future__ import annotations

from pathlib import Path

import psycopg
import pytest
from watchfiles import Change

from gateway.cli.watch import Watcher
from gateway.database import migrate
from gateway.project.folder import Project
from gateway.settings import PROJECT_ROOT, Settings
from tests.conftest import make_settings
from tests.support.pg import PgCluster


@pytest.fixture
def watched(tmp_path: Path, pg_cluster: PgCluster):
    (tmp_path / "supabase" / "migrations").mkdir(parents=True)
    (tmp_path / "supabase" / "policies").mkdir()
    (tmp_path / "supabase" / "config.toml").write_text('[gateway]\npolicies = "policies"\n')
    (tmp_path / "supabase" / "migrations" / "1_notes.sql").write_text(
        "create table public.notes (id int);\nalter table public.notes enable row level security;\n")
    (tmp_path / "supabase" / "policies" / "notes.sql").write_text(
        "drop policy if exists a on public.notes;\ncreate policy a on public.notes using (true);\n")
    name = pg_cluster.create_database("t_watch_lines")
    url = pg_cluster.url_for(name)
    project = Project.load(tmp_path)
    migrate.apply_pending(url, project)
    lines: list[str] = []
    watcher = Watcher(Settings(database_url=url, data_dir=tmp_path / ".data", jwt_secret="x" * 40, project=project,
                               functions_dir=tmp_path / "supabase" / "functions"),
                      reload_workers=lambda: None, out=lines.append)
    yield tmp_path / "supabase", url, watcher, lines
    pg_cluster.drop_database(name)


def test_each_kind_of_sql_change_gets_its_line(watched):
    folder, url, watcher, lines = watched
    policy = folder / "policies" / "notes.sql"

    watcher.handle({(Change.modified, str(policy))})  # saved without a change
    assert lines == ["[watch] supabase/policies/notes.sql changed: nothing new to apply"]

    broken = folder / "migrations" / "2_broken.sql"
    broken.write_text("create table public.tags (name text);\nselect * from nowhere;\n")
    policy.write_text(policy.read_text() + "-- reviewed\n")
    lines.clear()
    watcher.handle({(Change.added, str(broken)), (Change.modified, str(policy))})
    assert lines == [
        "[watch] supabase/policies/notes.sql changed: applied",
        '[watch] supabase/migrations/2_broken.sql line 2: error: relation "nowhere" does not exist; '
        "nothing of it applied, the previous state stays",
    ], "a file that fails holds back none of the others"
    with psycopg.connect(url) as conn:
        assert conn.execute("select to_regclass('public.tags')").fetchone()[0] is None

    broken.write_text("create table public.tags (name text);\n")
    lines.clear()
    watcher.handle({(Change.modified, str(broken))})
    assert lines == ["[watch] supabase/migrations/2_broken.sql changed: applied"]

    policy.unlink()
    lines.clear()
    watcher.handle({(Change.deleted, str(policy))})
    assert lines == ["[watch] supabase/policies/notes.sql deleted: nothing to do "
                     "(what it created stays in the database until SQL drops it)"]

    applied = folder / "migrations" / "1_notes.sql"
    applied.write_text(applied.read_text() + "create index on public.notes (id);\n")
    lines.clear()
    watcher.handle({(Change.modified, str(applied))})
    assert lines == [
        "[watch] supabase/migrations/1_notes.sql: error: changed after it was applied; run `gateway db reset` to "
        "rebuild the database with it, or restore the file and add a new migration; nothing of it applied, the "
        "previous state stays"]

    later = folder / "migrations" / "3_labels.sql"
    later.write_text("create table public.labels (name text);\n")
    lines.clear()
    watcher.handle({(Change.added, str(later))})
    assert lines[0] == "[watch] supabase/migrations/3_labels.sql added: applied", "the edited file blocks nothing"
    assert lines[1].startswith("[watch] supabase/migrations/1_notes.sql: error: changed after it was applied")
    with psycopg.connect(url) as conn:
        assert conn.execute("select to_regclass('public.labels')").fetchone()[0] == "labels"


def test_the_sites_own_folders_are_watched(database_url, tmp_path):
    lines: list[str] = []
    watcher = Watcher(make_settings(database_url, tmp_path), reload_workers=lambda: None, out=lines.append)
    assert watcher.folders == [PROJECT_ROOT / "schema" / "migrations", PROJECT_ROOT / "policies",
                               PROJECT_ROOT / "functions"]
    watcher.handle({(Change.modified, str(PROJECT_ROOT / "policies" / "tickets.sql"))})
    assert lines == ["[watch] policies/tickets.sql changed: nothing new to apply"]
