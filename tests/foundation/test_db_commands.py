"""`gateway migration new`, `gateway db reset` and `gateway db dump` in a project folder, as a user runs them."""

import shutil
import tempfile
from pathlib import Path

import psycopg
import pytest

from gateway.database import embedded
from tests.support.serve import db_url, run_cli


@pytest.fixture()
def project():
    """A project folder outside pytest's temp root (the embedded server's system user must reach its data)."""
    root = Path(tempfile.mkdtemp(prefix="gateway-db-commands-"))
    root.chmod(0o755)
    yield root
    shutil.rmtree(root, ignore_errors=True)


def cli(project: Path, *args):
    result = run_cli("--workdir", str(project), *args, DATA_DIR=project / ".data")
    assert result.returncode == 0, result.stderr
    return result


def test_migration_new_reset_and_dump(project):
    created = cli(project, "migration", "new", "Create todos!").stdout
    [migration] = (project / "supabase" / "migrations").glob("*.sql")
    assert str(migration) in created
    assert migration.name[:14].isdigit() and migration.name.endswith("_create_todos.sql")
    migration.write_text("create table public.todos (id bigint generated always as identity primary key,"
                         " task text not null check (char_length(task) > 3));\n"
                         "alter publication supabase_realtime add table public.todos;\n")
    (project / "supabase" / "seed.sql").write_text("insert into public.todos (task) values ('water the plants');\n")

    cli(project, "migrate")
    with embedded.borrowed(project / ".data"), psycopg.connect(db_url(project / ".data")) as conn:
        conn.execute("insert into public.todos (task) values ('added by hand')")
    output = cli(project, "db", "reset").stdout
    assert "Database reset." in output
    # The embedded wheel starts a data folder's server once per process: read back through the CLI.
    data = cli(project, "db", "dump", "--data-only").stdout
    assert "water the plants" in data and "added by hand" not in data, "reset drops what was added, seeds again"
    ledger = cli(project, "db", "dump", "--data-only", "--schema", "supabase_migrations").stdout
    assert f"('{migration.name[:14]}'" in ledger and "'create_todos'" in ledger

    schema = cli(project, "db", "dump").stdout
    assert "CREATE TABLE public.todos" in schema and "char_length(task) > 3" in schema
    assert "auth.users" not in schema and "realtime." not in schema, "the platform is not part of a project's dump"
    assert "EVENT TRIGGER" not in schema and "CREATE PUBLICATION" not in schema
    assert "ALTER PUBLICATION supabase_realtime ADD TABLE ONLY public.todos;" in schema
    granted = [line for line in schema.splitlines() if line.startswith(("GRANT ", "REVOKE "))]
    assert not [line for line in granted if " net." in line or " SCHEMA extensions " in line], granted
    assert "-- GRANT ALL ON FUNCTION net.http_post(" in schema, "as the CLI's dump: commented out"
    assert not (project / ".data" / "pg" / "postmaster.pid").exists(), "one-shot commands stop what they started"


def test_reset_of_an_external_database_needs_force(project):
    result = run_cli("--workdir", str(project), "db", "reset", DATA_DIR=project / ".data",
                     DATABASE_URL="postgresql://nobody@127.0.0.1:1/none", JWT_SECRET="x" * 40)
    assert result.returncode == 1
    assert "add --force" in result.stderr or "cannot connect" in result.stderr


def test_migration_new_refuses_a_name_without_letters(project):
    result = run_cli("--workdir", str(project), "migration", "new", "!!!", DATA_DIR=project / ".data")
    assert result.returncode == 1 and "needs a name" in result.stderr


def test_test_db_runs_pgtap_files_as_supabase_test_db(project):
    tests = project / "supabase" / "tests" / "database"
    tests.mkdir(parents=True)
    (project / "supabase" / "config.toml").write_text('project_id = "tapped"\n')
    (tests / "auth.test.sql").write_text(
        "begin;\nselect plan(2);\nselect has_table('auth', 'users', 'auth.users exists');\n"
        "select ok(true, 'truth');\nselect * from finish();\nrollback;\n")
    (tests / "math.test.sql").write_text(
        "begin;\nselect plan(3);\nselect is(1 + 1, 2, 'adds');\nselect is(2 * 2, 5, 'multiplies');\n"
        "select * from finish();\nrollback;\n")
    cli(project, "migrate")  # as `supabase start` before `supabase test db`
    failed = run_cli("--workdir", str(project), "test", "db", DATA_DIR=project / ".data")
    assert failed.returncode == 1, failed.stderr
    lines = failed.stdout.splitlines()
    assert lines[:2] == ["supabase/tests/database/auth.test.sql .. ok",
                         "supabase/tests/database/math.test.sql .. Failed 1/2 subtests"]
    assert "supabase/tests/database/math.test.sql (Tests: 2 Failed: 1)" in lines
    assert "  Failed test:  2" in lines and lines[-1] == "Result: FAIL"
    assert '# Failed test 2: "multiplies"' in failed.stderr

    passed = run_cli("--workdir", str(project), "test", "db", str(tests / "auth.test.sql"),
                     DATA_DIR=project / ".data")
    assert passed.returncode == 0, passed.stdout + passed.stderr
    assert passed.stdout.splitlines()[-3:] == ["All tests successful.", passed.stdout.splitlines()[-2],
                                               "Result: PASS"]
    assert passed.stdout.splitlines()[-2].startswith("Files=1, Tests=2, ")


def test_test_db_runs_on_the_database_as_it_is_and_reads_tap_as_psql_prints_it(project):
    (project / "supabase").mkdir()
    (project / "supabase" / "config.toml").write_text('project_id = "tapped"\n')
    cli(project, "migrate")
    migrations = project / "supabase" / "migrations"
    migrations.mkdir(parents=True)
    (migrations / "20260101000000_later.sql").write_text("create table public.later (id int);\n")
    created = cli(project, "test", "new", "columns").stdout
    assert created == "Created new pgtap test at supabase/tests/columns_test.sql.\n"
    template = project / "supabase" / "tests" / "columns_test.sql"
    assert template.read_text().startswith("BEGIN;\nSELECT plan(1);\n")
    again = run_cli("--workdir", str(project), "test", "new", "columns", DATA_DIR=project / ".data")
    assert again.returncode == 1 and "supabase/tests/columns_test.sql already exists." in again.stderr
    template.write_text(
        "begin;\nselect plan(4);\n"
        "select ok(true, 'first column'), 'a label';\n"
        "select 'a label', ok(true, 'second column');\n"
        "select hasnt_table('public', 'later', 'test db applies no migration');\n"
        "select ok(1 / 0 = 0, 'never reached');\n"
        "select * from finish();\nrollback;\n")
    result = run_cli("--workdir", str(project), "test", "db", DATA_DIR=project / ".data")
    assert result.returncode == 1
    assert "supabase/tests/columns_test.sql failed at line 6: division by zero" in result.stderr
    assert "supabase/tests/columns_test.sql (Tests: 3 Failed: 0)" in result.stdout.splitlines()
    assert result.stdout.splitlines()[-2].startswith("Files=1, Tests=3, ")


def test_test_db_on_a_database_without_pgtap_says_where_it_is(pg_cluster, tmp_path):
    (tmp_path / "supabase" / "tests").mkdir(parents=True)
    (tmp_path / "supabase" / "config.toml").write_text('project_id = "tapped"\n')
    (tmp_path / "supabase" / "tests" / "one.sql").write_text("select plan(1);\nselect ok(true, 'truth');\n")
    name = pg_cluster.create_database("t_test_db")
    url = pg_cluster.url_for(name)
    try:
        with psycopg.connect(url) as conn:
            available = conn.execute("select 1 from pg_available_extensions where name = 'pgtap'").fetchone()
        result = run_cli("--workdir", str(tmp_path), "test", "db", DATABASE_URL=url, JWT_SECRET="y" * 40)
    finally:
        pg_cluster.drop_database(name)
    assert "Traceback" not in result.stderr
    if available:  # the embedded server, where the gateway installs it
        assert result.returncode == 0 and result.stdout.splitlines()[-1] == "Result: PASS", result.stdout
    else:  # Debian's PostgreSQL 15 of the second test run, without postgresql-15-pgtap
        assert result.returncode == 1
        assert result.stderr.splitlines()[-1] == (
            "error: pgTAP is not available on this database: it is in the embedded PostgreSQL (the gateway installs "
            "it); Debian: apt-get install postgresql-15-pgtap (docs/extensions.md); set DATABASE_URL to a PostgreSQL "
            "that has it")
