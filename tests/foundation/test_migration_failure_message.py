"""`gateway migrate` on a migration PostgreSQL refuses, as a user types it: one line naming the file, the line and
the first line of the statement."""

from __future__ import annotations

from tests.support.serve import run_cli


def migrate_failing(pg_cluster, tmp_path, database: str, sql: str) -> str:
    folder = tmp_path / "failing-app"
    folder.mkdir()
    assert run_cli("init", cwd=folder).returncode == 0
    (folder / "supabase" / "migrations" / "20260101000000_notes.sql").write_text(sql)
    name = pg_cluster.create_database(database)
    try:
        result = run_cli("migrate", cwd=folder, DATABASE_URL=pg_cluster.url_for(name), JWT_SECRET="y" * 40)
    finally:
        pg_cluster.drop_database(name)
    assert result.returncode == 1 and "Traceback" not in result.stderr
    return result.stderr.strip()


def test_a_failing_statement_is_named_by_file_line_and_its_first_line(pg_cluster, tmp_path):
    stderr = migrate_failing(pg_cluster, tmp_path, "t_failure_statement", (
        "-- notes, numbered\n"
        "create table public.notes (id int primary key);\n"
        "\n"
        "insert into public.notes (id)\n"
        "  values (1), ('two');\n"
        "select 1;\n"))
    assert stderr == ('error: migrations/20260101000000_notes.sql failed at line 5: invalid input syntax for type '
                      'integer: "two" (at statement: insert into public.notes (id))')


def test_a_long_first_line_is_shortened(pg_cluster, tmp_path):
    columns = ", ".join(f"column_{number} int" for number in range(12))
    stderr = migrate_failing(pg_cluster, tmp_path, "t_failure_long",
                             f"create table public.wide ({columns}, missing nowhere_type);\n")
    statement = f"create table public.wide ({columns}, missing nowhere_type)"
    assert stderr == ('error: migrations/20260101000000_notes.sql failed at line 1: type "nowhere_type" does not '
                      f'exist (at statement: {statement[:77]}...)')
