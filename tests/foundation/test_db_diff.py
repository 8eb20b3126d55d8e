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


# Views as a project makes them for row level security to apply to their readers, and the other view options.
VIEWS = """
create table public.notes (id bigint primary key, body text not null, owner uuid not null default auth.uid());
alter table public.notes enable row level security;
create policy "Owners read their notes" on public.notes for select to authenticated using (owner = auth.uid());
create view public.my_notes with (security_invoker = true) as select id, body from public.notes;
create view public.public_todos with (security_barrier) as select id, task from public.todos where id > 0;
create view public.open_todos with (check_option = cascaded) as select id, task from public.todos where id > 0;
create view public.guarded with (security_barrier, security_invoker = on) as select id from public.notes
  with local check option;
"""
VIEW_OPTIONS = """
select c.relname, c.reloptions, pg_get_viewdef(c.oid)
from pg_class c where c.relkind = 'v' and c.relnamespace = 'public'::regnamespace order by c.relname
"""
# Through the invoker view a reader sees only the rows the table's policy gives them; a definer view would show all.
INVOKER_TEST = """begin;
select plan(2);
insert into public.notes (id, body, owner) values
  (1, 'mine', '00000000-0000-0000-0000-000000000001'), (2, 'theirs', '00000000-0000-0000-0000-000000000002');
select is((select reloptions from pg_class where oid = 'public.my_notes'::regclass), '{security_invoker=true}',
          'my_notes is an invoker view');
set local role authenticated;
select set_config('request.jwt.claims', '{"sub": "00000000-0000-0000-0000-000000000001"}', true);
select results_eq('select id from public.my_notes', array[1::bigint], 'a reader sees only their own notes');
select * from finish();
rollback;
"""


def test_view_options_survive_diff_and_reset(project, databases):
    changed, _ = databases
    cli(project, changed, "migrate")
    as_project(changed, VIEWS)
    before = catalog(changed, VIEW_OPTIONS)
    assert [options for _, options, _ in before] == [
        ["security_barrier=true", "security_invoker=on", "check_option=local"], ["security_invoker=true"],
        ["check_option=cascaded"], ["security_barrier=true"]]

    cli(project, changed, "db", "diff", "-f", "views")
    cli(project, changed, "db", "reset", "--force")
    assert catalog(changed, VIEW_OPTIONS) == before
    tests = project / "supabase" / "tests"
    tests.mkdir()
    (tests / "my_notes.test.sql").write_text(INVOKER_TEST)
    tapped = run_cli("--workdir", str(project), "test", "db", DATABASE_URL=changed, JWT_SECRET=TEST_JWT_SECRET)
    assert tapped.returncode == 0 and tapped.stdout.splitlines()[-1] == "Result: PASS", tapped.stdout + tapped.stderr


def test_options_changed_on_a_view_the_migrations_built_are_set_and_reset(project, databases):
    changed, _ = databases
    (project / "supabase" / "migrations" / "20260101000001_views.sql").write_text(
        "create view public.tasks with (security_barrier) as select id, task from public.todos;\n")
    cli(project, changed, "migrate")
    as_project(changed, "alter view public.tasks reset (security_barrier);"
                        "alter view public.tasks set (security_invoker = true);")
    printed = cli(project, changed, "db", "diff").stdout
    assert 'alter view "public"."tasks" reset (security_barrier);' in printed
    assert 'alter view "public"."tasks" set (security_invoker=true);' in printed


# What a project changes in the platform's schemas, as the Supabase CLI's diff keeps it: policies on storage's tables,
# a trigger on auth.users, an extension created and one its migrations created dropped; and drops and grants in its
# own schema.
PLATFORM_CHANGES = """
create policy "Owners read their files" on storage.objects for select to authenticated using (owner = auth.uid());
create policy "Anyone lists public buckets" on storage.buckets for select to anon using (public);
create function public.on_signup() returns trigger language plpgsql security definer set search_path = ''
  as $$ begin insert into public.todos (task) values ('welcome ' || new.id); return new; end $$;
create trigger on_signup after insert on auth.users for each row execute function public.on_signup();
create extension pg_hashids with schema extensions;
drop extension pgjwt;
drop table public.scratch;
alter table public.todos drop column note;
revoke insert, update, delete on public.todos from anon;
"""
PLATFORM_CATALOG = """
select 'policy', format('%s %s %s %s %s %s %s', polrelid::regclass, polname, polcmd, polpermissive, polroles::regrole[],
       pg_get_expr(polqual, polrelid), pg_get_expr(polwithcheck, polrelid))
from pg_policy where polrelid in ('storage.objects'::regclass, 'storage.buckets'::regclass)
union all
select 'trigger', pg_get_triggerdef(oid) from pg_trigger where tgrelid = 'auth.users'::regclass and not tgisinternal
union all
select 'extension', format('%s %s', extname, extnamespace::regnamespace) from pg_extension
union all
select 'table', format('%s %s', c.oid::regclass, array_agg(a.attname order by a.attnum)) from pg_class c
join pg_attribute a on a.attrelid = c.oid and a.attnum > 0 and not a.attisdropped
where c.relnamespace = 'public'::regnamespace and c.relkind = 'r' group by c.oid
union all
select 'grants', format('%s %s', oid::regclass, relacl) from pg_class where relnamespace = 'public'::regnamespace
order by 1, 2
"""


def test_changes_to_the_platforms_schemas_survive_diff_and_reset(project, databases):
    changed, _ = databases
    (project / "supabase" / "migrations" / "20260101000001_scratch.sql").write_text(
        "create extension if not exists pgjwt with schema extensions;\n"
        "create table public.scratch (id int);\nalter table public.todos add column note text;\n")
    cli(project, changed, "migrate")
    as_project(changed, PLATFORM_CHANGES)
    before = catalog(changed, PLATFORM_CATALOG)
    assert ("extension", "pg_hashids extensions") in before and ("extension", "pgjwt extensions") not in before

    saved = cli(project, changed, "db", "diff", "-f", "platform")
    assert saved.stderr.splitlines()[-3:] == [
        "warning: the diff drops extension \"pgjwt\"",
        "warning: the diff drops table \"public\".\"scratch\"",
        "warning: the diff drops column \"note\" from table \"public\".\"todos\"",
    ], saved.stderr
    cli(project, changed, "db", "reset", "--force")
    assert catalog(changed, PLATFORM_CATALOG) == before
    with psycopg.connect(changed, autocommit=True) as conn:
        conn.execute("insert into auth.users (id, email) values ('00000000-0000-0000-0000-000000000001', 'a@b.c')")
        assert conn.execute("select task from public.todos").fetchall() == [
            ("welcome 00000000-0000-0000-0000-000000000001",)], "the trigger on auth.users runs after the reset"


def test_each_statement_that_drops_something_is_named():
    from gateway.cli.db_diff import drop_warning

    assert drop_warning('drop policy "Owners" on "storage"."objects";') == \
        'warning: the diff drops policy "Owners" on "storage"."objects"'
    assert drop_warning('drop extension if exists "pgjwt";') == 'warning: the diff drops extension "pgjwt"'
    assert drop_warning('alter table "public"."todos" drop constraint "todos_pkey";') == \
        'warning: the diff drops constraint "todos_pkey" from table "public"."todos"'
    assert drop_warning('alter publication "feed" drop table "public"."b";') == \
        'warning: the diff drops table "public"."b" from publication "feed"'
    assert drop_warning('create function f() returns void language sql as $$ drop table t $$;') is None
    assert drop_warning('alter table "public"."todos" add column "dropped" boolean;') is None


def as_project(url: str, statements: str) -> None:
    """`statements` run as a developer's changes: as the role the project's migrations run as."""
    with psycopg.connect(url, autocommit=True) as conn:
        role = project_role(conn)
        if role:
            conn.execute(sql.SQL("set role {}").format(sql.Identifier(role)))
        conn.execute(statements)


def catalog(url: str, query: str) -> list[tuple]:
    with psycopg.connect(url, autocommit=True) as conn:
        return conn.execute(query).fetchall()


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
