"""`gateway migration list | repair | up | squash` on a project's database, with the Supabase CLI's output and its
history table (supabase_migrations.schema_migrations)."""

from pathlib import Path

import psycopg
import pytest

from tests.conftest import TEST_JWT_SECRET
from tests.support.serve import run_cli

FIRST = "20260101000000_create_notes.sql"
SECOND = "20260102000000_add_title.sql"


@pytest.fixture()
def project(tmp_path: Path) -> Path:
    (tmp_path / "supabase" / "migrations").mkdir(parents=True)
    (tmp_path / "supabase" / "config.toml").write_text('project_id = "notes"\n')
    write(tmp_path, FIRST, "create table public.notes (id bigint primary key);\n")
    return tmp_path


@pytest.fixture()
def database(pg_cluster):
    name = pg_cluster.create_database("t_migration_commands")
    yield pg_cluster.url_for(name)
    pg_cluster.drop_database(name)


def write(project: Path, name: str, text: str) -> Path:
    path = project / "supabase" / "migrations" / name
    path.write_text(text)
    return path


def cli(project: Path, database: str, *args: str, code: int = 0):
    result = run_cli("--workdir", str(project), "migration", *args, DATABASE_URL=database, JWT_SECRET=TEST_JWT_SECRET)
    assert result.returncode == code, result.stdout + result.stderr
    assert "Traceback" not in result.stderr
    return result


def history(database: str) -> list[tuple]:
    with psycopg.connect(database) as conn:
        return conn.execute("select version, name from supabase_migrations.schema_migrations order by 1").fetchall()


def test_list_shows_local_and_applied_versions_as_the_cli_table(project, database):
    cli(project, database, "up")
    write(project, SECOND, "alter table public.notes add column title text;\n")
    with psycopg.connect(database) as conn:
        conn.execute("insert into supabase_migrations.schema_migrations (version, name) values ('20251231000000', 'x')")
    assert cli(project, database, "list", "--local").stdout == (
        "\n"
        "   Local          | Remote         | Time (UTC)         \n"
        "  ----------------|----------------|---------------------\n"
        "                  | 20251231000000 | 2025-12-31 00:00:00\n"
        "   20260101000000 | 20260101000000 | 2026-01-01 00:00:00\n"
        "   20260102000000 |                | 2026-01-02 00:00:00\n"
        "\n")


def test_up_applies_pending_migrations_and_refuses_a_history_the_folder_lacks(project, database):
    applied = cli(project, database, "up")
    assert "Applying migrations/" + FIRST in applied.stderr
    assert history(database) == [("20260101000000", "create_notes")]
    assert cli(project, database, "up").stdout == "Local database is up to date.\n"

    write(project, "20251201000000_older.sql", "create table public.older (id int);\n")
    refused = cli(project, database, "up", code=1)
    assert "--include-all" in refused.stderr and "20251201000000_older.sql" in refused.stderr
    cli(project, database, "up", "--include-all")
    assert [version for version, _ in history(database)] == ["20251201000000", "20260101000000"]

    (project / "supabase" / "migrations" / FIRST).unlink()
    missing = cli(project, database, "up", code=1)
    assert "gateway migration repair --status reverted 20260101000000" in missing.stderr


def test_repair_marks_versions_applied_or_reverted_without_running_them(project, database):
    write(project, SECOND, "alter table public.notes add column title text;\n")
    repaired = cli(project, database, "repair", "--status", "applied", "20260101000000", "20260102000000")
    assert "Repaired migration history: [20260101000000 20260102000000] => applied" in repaired.stderr
    assert history(database) == [("20260101000000", "create_notes"), ("20260102000000", "add_title")]
    with psycopg.connect(database) as conn:
        assert conn.execute("select to_regclass('public.notes')").fetchone() == (None,), "nothing was run"

    cli(project, database, "repair", "--status", "reverted", "20260101000000", "20260102000000")
    assert history(database) == []
    cli(project, database, "up")
    with psycopg.connect(database) as conn:
        assert conn.execute("select count(*) from information_schema.columns where table_name = 'notes'"
                            ).fetchone() == (2,), "reverted versions are applied again"

    bad = cli(project, database, "repair", "--status", "applied", "v1", code=1)
    assert bad.stderr.strip() == "error: failed to parse v1: invalid version number"
    absent = cli(project, database, "repair", "--status", "applied", "20990101000000", code=1)
    assert "20990101000000_*.sql: file does not exist" in absent.stderr


def test_squash_merges_migrations_into_the_last_file_and_baselines_the_history(project, database, pg_cluster):
    write(project, SECOND, "alter table public.notes add column title text not null default 'untitled';\n")
    cli(project, database, "up")
    squashed = cli(project, database, "squash")
    assert f"Squashed local migrations to {SECOND}" in squashed.stderr
    assert [path.name for path in (project / "supabase" / "migrations").iterdir()] == [SECOND]
    text = (project / "supabase" / "migrations" / SECOND).read_text()
    assert "CREATE TABLE public.notes" in text and "title text DEFAULT 'untitled'::text NOT NULL" in text
    assert "auth.users" not in text, "the platform stays out of the project's migration"
    assert "\\restrict" not in text and "transaction_timeout" not in text, "SQL that every PostgreSQL 15+ runs"
    assert history(database) == [("20260102000000", "add_title")]
    again = run_cli("--workdir", str(project), "migrate", DATABASE_URL=database, JWT_SECRET=TEST_JWT_SECRET)
    assert "0 applied (0 project, 0 platform)" in again.stdout, "the squashed file is recorded as applied"

    name = pg_cluster.create_database("t_squashed_fresh")
    try:
        fresh = run_cli("--workdir", str(project), "migrate", DATABASE_URL=pg_cluster.url_for(name),
                        JWT_SECRET=TEST_JWT_SECRET)
        assert fresh.returncode == 0, fresh.stderr + fresh.stdout
        with psycopg.connect(pg_cluster.url_for(name)) as conn:
            conn.execute("insert into public.notes (id) values (1)")
            assert conn.execute("select title from public.notes").fetchone() == ("untitled",)
    finally:
        pg_cluster.drop_database(name)


def test_squash_of_one_migration_changes_nothing(project, database):
    squashed = cli(project, database, "squash")
    assert squashed.stderr.strip() == f"{FIRST} is already the earliest migration."
    assert (project / "supabase" / "migrations" / FIRST).read_text() == "create table public.notes (id bigint primary key);\n"
