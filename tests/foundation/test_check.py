"""`gateway check` finds problems in SQL files before a database sees them, naming file and line."""

from gateway.cli.check import check, run_check
from gateway.database.migrate import MigrationFile
from gateway.project.folder import Project
from gateway.settings import PROJECT_ROOT


def lint(tmp_path, name: str, sql: str) -> list[str]:
    path = tmp_path / name
    path.write_text(sql)
    return [str(f) for f in check([MigrationFile(f"migrations/{name}", "versioned", path)])]


def test_the_repository_schema_and_policies_pass():
    lines = []
    assert run_check(Project.load(PROJECT_ROOT), out=lines.append) == 0, lines


def test_syntax_error_is_reported_with_its_line(tmp_path):
    found = lint(tmp_path, "broken.sql", "select 1;\n\ncreate table public.t (id int,, b int);\n")
    assert found == ['migrations/broken.sql:3: syntax error: syntax error at or near ","']


def test_public_table_without_row_level_security_is_reported(tmp_path):
    sql = "-- a table\ncreate table public.open_table (id int);\ncreate table public.closed (id int);\n" \
          "alter table public.closed enable row level security;\n"
    assert lint(tmp_path, "rls.sql", sql) == [
        "migrations/rls.sql:2: table public.open_table has no row-level security (enable it)"]


def test_policies_on_unknown_tables_or_columns_are_reported(tmp_path):
    sql = (
        "create table public.docs (id int, owner uuid);\n"
        "alter table public.docs enable row level security;\n"
        'create policy "Owners read their documents" on public.docs for select using (owner_id = auth.uid());\n'
        'create policy "Ghost rule" on public.ghost for select using (true);\n'
        'create policy "Owners via subquery" on public.docs for select\n'
        "  using (exists (select 1 from public.other o where o.user_id = auth.uid() and o.id = docs.id and owner = o.x));\n"
    )
    assert lint(tmp_path, "pol.sql", sql) == [
        'migrations/pol.sql:3: policy "Owners read their documents" uses unknown column owner_id of public.docs',
        'migrations/pol.sql:4: policy "Ghost rule" is on unknown table public.ghost',
    ]


def test_a_table_moved_to_another_schema_keeps_its_columns_and_security(tmp_path):
    sql = (
        "create table public.rows (id int, owner uuid);\n"
        "alter table public.rows enable row level security;\n"
        "alter table public.rows set schema private;\n"
        'create policy "Owners read rows" on private.rows for select using (owner = auth.uid());\n'
        'create policy "Stale name" on public.rows for select using (true);\n'
    )
    assert lint(tmp_path, "moved.sql", sql) == ['migrations/moved.sql:5: policy "Stale name" is on unknown table public.rows']


def test_an_extension_the_embedded_server_lacks_is_a_warning_naming_where_it_is(tmp_path):
    (tmp_path / "supabase" / "migrations").mkdir(parents=True)
    (tmp_path / "supabase" / "migrations" / "20260101000000_geo.sql").write_text(
        "-- maps\ncreate extension if not exists postgis with schema extensions;\ncreate extension pg_trgm;\n")
    lines: list[str] = []
    assert run_check(Project.load(tmp_path), out=lines.append, embedded=True) == 0, "a warning, not a problem"
    assert lines[0] == ("migrations/20260101000000_geo.sql:2: warning: extension postgis is not available on the "
                        "embedded PostgreSQL: it is in Debian: apt-get install postgresql-15-postgis-3 "
                        "(docs/extensions.md); set DATABASE_URL to a PostgreSQL that has it")
    assert lines[1].endswith("0 problem(s), 1 warning(s)")
    assert len(lines) == 2
    quiet: list[str] = []
    run_check(Project.load(tmp_path), out=quiet.append, embedded=False)
    assert len(quiet) == 1, "with DATABASE_URL the server decides"
