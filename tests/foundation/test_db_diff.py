"""`gateway db diff [-f NAME]` on a project whose database was changed by hand, as `supabase db diff` is used: the
new migration, applied to a fresh database, gives the schema the changed database has."""

import re
from pathlib import Path

import psycopg
import pytest
from psycopg import sql

from gateway.cli.db_commands import dump_database
from gateway.database.roles import project_role
from tests.conftest import TEST_JWT_SECRET
from tests.support.serve import run_cli

CHANGES = """
create table public.notes (id bigint primary key, body text not null, owner uuid default auth.uid());
alter table public.notes enable row level security;
create policy "Owners read their notes" on public.notes for select to authenticated using (owner = auth.uid());
alter table public.todos add column done boolean not null default false;
create function public.open_todos() returns bigint language sql stable as 'select count(*) from public.todos where not done';
alter publication supabase_realtime add table public.notes;
create publication todo_inserts for table public.todos with (publish = 'insert');
"""
# pg_dump 18 fences each dump with a random key.
RESTRICT_KEY = re.compile(r"^\\(?:un)?restrict \S+$", re.M)


@pytest.fixture()
def project(tmp_path: Path) -> Path:
    (tmp_path / "supabase" / "migrations").mkdir(parents=True)
    (tmp_path / "supabase" / "config.toml").write_text('project_id = "todos"\n')
    (tmp_path / "supabase" / "migrations" / "20260101000000_create_todos.sql").write_text(
        "create table public.todos (id bigint generated always as identity primary key, task text not null);\n")
    return tmp_path


@pytest.fixture()
def databases(pg_cluster):
    names = [pg_cluster.create_database("t_db_diff"), pg_cluster.create_database("t_db_diff_fresh")]
    yield [pg_cluster.url_for(name) for name in names]
    for name in names:
        pg_cluster.drop_database(name)


def cli(project: Path, database: str, *args: str):
    result = run_cli("--workdir", str(project), *args, DATABASE_URL=database, JWT_SECRET=TEST_JWT_SECRET)
    assert result.returncode == 0, result.stderr + result.stdout
    return result


def test_diff_of_a_changed_database_is_a_migration_that_builds_its_schema(project, databases):
    changed, fresh = databases
    cli(project, changed, "migrate")
    with psycopg.connect(changed, autocommit=True) as conn:
        role = project_role(conn)
        if role:  # a developer's changes, made as the role the project's migrations run as
            conn.execute(sql.SQL("set role {}").format(sql.Identifier(role)))
        conn.execute(CHANGES)

    printed = cli(project, changed, "db", "diff")
    assert 'create policy "Owners read their notes"' in printed.stdout
    # migra leaves publications out: realtime switched on for a table, and a publication of the project's own.
    assert 'alter publication "supabase_realtime" add table "public"."notes";' in printed.stdout
    created = printed.stdout.index('create publication "todo_inserts" with (publish = \'insert\');')
    assert printed.stdout.index('alter publication "todo_inserts" add table "public"."todos";') > created
    assert not list((project / "supabase" / "migrations").glob("*_add_stuff.sql")), "without -f nothing is written"

    saved = cli(project, changed, "db", "diff", "-f", "add_stuff")
    [migration] = (project / "supabase" / "migrations").glob("*_add_stuff.sql")
    assert f"Created new migration at {migration}" in saved.stdout
    assert "auth.users" not in migration.read_text(), "the platform's schemas are not the project's changes"

    cli(project, fresh, "migrate")
    assert schema(fresh) == schema(changed)
    assert "No schema changes found" in cli(project, changed, "db", "diff").stderr, "the migrations now build it all"


def test_diff_without_changes_says_so_and_writes_nothing(project, databases):
    changed, _ = databases
    cli(project, changed, "migrate")
    result = cli(project, changed, "db", "diff", "-f", "nothing")
    assert result.stdout == "" and "No schema changes found" in result.stderr
    assert len(list((project / "supabase" / "migrations").iterdir())) == 1


def schema(url: str) -> str:
    return RESTRICT_KEY.sub("", dump_database(url))


def test_diff_without_the_npm_registry_says_what_it_could_not_fetch(project, databases):
    changed, _ = databases
    cli(project, changed, "migrate")
    result = run_cli("--workdir", str(project), "db", "diff", DATABASE_URL=changed, JWT_SECRET=TEST_JWT_SECRET,
                     NPM_CONFIG_REGISTRY="http://127.0.0.1:9/")
    assert result.returncode == 1
    assert "needs @pgkit/migra from the npm registry" in result.stderr and "Traceback" not in result.stderr


def test_publication_changes_each_become_their_statement(db):
    from gateway.cli.publication_diff import Publications, publication_diff

    everything = ("insert", "update", "delete", "truncate")
    built = Publications({"feed": (False, everything), "gone": (False, everything), "wide": (False, everything)},
                         {("feed", "public", "a"), ("feed", "public", "b"), ("wide", "public", "a")})
    wanted = Publications({"feed": (False, ("insert",)), "wide": (True, everything)}, {("feed", "public", "a")})
    assert [statement.as_string(db) for statement in publication_diff(built, wanted)] == [
        'drop publication "gone";',
        """alter publication "feed" set (publish = 'insert');""",
        'drop publication "wide";',
        'create publication "wide" for all tables;',
        'alter publication "feed" drop table "public"."b";',
    ]
    assert publication_diff(wanted, wanted) == []
