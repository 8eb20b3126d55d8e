"""Migrations: the platform's, then the project's, applied once, recorded (the project's as the Supabase CLI
records them), idempotent; a changed migration is refused by name; a failure leaves nothing half-applied."""

import shutil
from dataclasses import replace

import psycopg
import pytest

from gateway.database import migrate
from gateway.database.migration_batches import batches
from gateway.database.roles import project_role
from gateway.project.folder import Project
from gateway.settings import PROJECT_ROOT
from tests.support.serve import run_cli

SITE = Project.load(PROJECT_ROOT)


@pytest.fixture()
def empty_database(pg_cluster):
    name = pg_cluster.create_database("t_migrate")
    yield pg_cluster.url_for(name)
    pg_cluster.drop_database(name)


@pytest.fixture()
def copied_project(tmp_path) -> Project:
    shutil.copytree(SITE.migrations_dir, tmp_path / "migrations")
    shutil.copytree(SITE.policies_dir, tmp_path / "policies")
    return replace(SITE, root=tmp_path, migrations_dir=tmp_path / "migrations", policies_dir=tmp_path / "policies")


def test_every_file_is_applied_once_and_recorded_with_its_checksum(empty_database):
    files = migrate.discover(SITE)
    assert [f.kind for f in files[:4]] == ["platform"] * 4
    applied = migrate.apply_pending(empty_database, SITE)
    assert applied == [f.name for f in files]
    with psycopg.connect(empty_database) as conn:
        recorded = dict(conn.execute("select name, checksum from gateway_meta.migrations").fetchall())
        supabase = conn.execute("select version, name from supabase_migrations.schema_migrations order by 1").fetchall()
    assert recorded == {f.name: f.checksum for f in files}
    assert supabase == [f.version for f in files if f.kind == "versioned"]
    assert supabase[0] == ("20250101000200", "product_tables")
    assert migrate.apply_pending(empty_database, SITE) == []


def test_an_empty_project_gets_the_platform_and_nothing_in_public(empty_database, tmp_path):
    applied = migrate.apply_pending(empty_database, Project.load(tmp_path))
    assert applied and all(name.startswith("platform/") for name in applied)
    with psycopg.connect(empty_database) as conn:
        in_public = conn.execute(
            "select count(*) from pg_class c join pg_namespace n on n.oid = c.relnamespace"
            " where n.nspname = 'public'").fetchone()[0]
        functions = conn.execute("select count(*) from pg_proc where pronamespace = 'public'::regnamespace"
                                 ).fetchone()[0]
        types = conn.execute("select count(*) from pg_type where typnamespace = 'public'::regnamespace").fetchone()[0]
        triggers = conn.execute("select count(*) from pg_trigger where tgrelid = 'auth.users'::regclass"
                                " and not tgisinternal").fetchone()[0]
        assert conn.execute("select to_regclass('auth.users')").fetchone()[0] == "auth.users"
    assert (in_public, functions, types, triggers) == (0, 0, 0, 0)


def test_migrations_the_supabase_cli_applied_are_not_applied_again(empty_database, tmp_path):
    migrate.apply_pending(empty_database, Project.load(tmp_path))  # the platform only
    first = migrate.project_files(SITE)[0]
    with psycopg.connect(empty_database, autocommit=True) as conn:
        conn.execute("set role postgres")  # the CLI's role
        conn.execute(first.sql)  # as `supabase db push` would have, recording split statements and no checksum
        conn.execute("reset role")
        conn.execute("insert into supabase_migrations.schema_migrations (version, statements, name)"
                     " values (%s, array['create type ...', 'create table ...'], %s)", first.version)
    applied = migrate.apply_pending(empty_database, SITE)
    assert first.name not in applied and applied[0] == migrate.project_files(SITE)[1].name


def test_a_database_of_the_earlier_layout_is_adopted_applying_only_newer_platform_files(empty_database, monkeypatch):
    """Before the platform was apart, its files were project migrations; such a database upgrades in place and
    gets only the platform files written since (its realtime tables join the supabase_realtime publication)."""
    every_platform_file = migrate.platform_files()
    legacy = [f for f in every_platform_file if f.name in migrate.LEGACY_PLATFORM_NAMES]
    monkeypatch.setattr(migrate, "platform_files", lambda: legacy)
    monkeypatch.setattr(migrate, "project_role", lambda conn: None)  # then, everything as one superuser
    migrate.apply_pending(empty_database, SITE)
    monkeypatch.undo()
    with psycopg.connect(empty_database, autocommit=True) as conn:
        conn.execute("delete from supabase_migrations.schema_migrations")
        conn.execute("update gateway_meta.migrations set kind = 'versioned', name = %s, checksum = 'old'"
                     " where name = 'platform/0001_roles.sql'", (migrate.LEGACY_PLATFORM_NAMES["platform/0001_roles.sql"],))
        conn.execute("delete from gateway_meta.migrations where kind = 'platform'")
        conn.execute("update gateway_meta.migrations set checksum = 'old'"
                     " where name = 'migrations/20250104000001_realtime_capture.sql'")
        for old in migrate.LEGACY_PLATFORM_NAMES.values():
            conn.execute("insert into gateway_meta.migrations (name, kind, checksum) values (%s, 'versioned', 'old')"
                         " on conflict do nothing", (old,))
    newer = [f.name for f in every_platform_file if f not in legacy]
    assert migrate.apply_pending(empty_database, SITE) == newer
    with psycopg.connect(empty_database) as conn:
        kinds = dict(conn.execute("select kind, count(*) from gateway_meta.migrations group by 1").fetchall())
        versions = conn.execute("select count(*) from supabase_migrations.schema_migrations").fetchone()[0]
        published = conn.execute("select tablename from pg_publication_tables where pubname = 'supabase_realtime'"
                                 " order by 1").fetchall()
    files = migrate.discover(SITE)
    assert kinds["platform"] == len(every_platform_file) and versions == sum(f.kind == "versioned" for f in files)
    assert published == [("companies",), ("company_users",), ("tickets",)]


def test_a_changed_migration_is_refused_naming_the_file(empty_database, copied_project):
    migrate.apply_pending(empty_database, copied_project)
    target = sorted(copied_project.migrations_dir.glob("*.sql"))[-1]
    target.write_text(target.read_text() + "\n-- edited after it was applied\n")
    with pytest.raises(migrate.MigrationError, match=target.name):
        migrate.apply_pending(empty_database, copied_project)


def test_a_changed_policy_file_is_applied_again(empty_database, copied_project):
    migrate.apply_pending(empty_database, copied_project)
    extra = copied_project.policies_dir / "zz_test_extra.sql"
    extra.write_text("create or replace function public.policy_probe() returns int language sql as $$ select 1 $$;")
    assert migrate.apply_pending(empty_database, copied_project) == ["policies/zz_test_extra.sql"]
    extra.write_text("create or replace function public.policy_probe() returns int language sql as $$ select 2 $$;")
    assert migrate.apply_pending(empty_database, copied_project) == ["policies/zz_test_extra.sql"]
    with psycopg.connect(empty_database) as conn:
        assert conn.execute("select public.policy_probe()").fetchone()[0] == 2


def test_a_failing_migration_leaves_nothing_of_itself_and_the_next_run_resumes(empty_database, copied_project):
    """As the Supabase CLI: each file in its own transaction with its ledger row."""
    broken = copied_project.migrations_dir / "29990101000000_broken.sql"
    broken.write_text("create table public.half_written (id int);\nselect * from no_such_table;")
    with pytest.raises(migrate.MigrationError, match="29990101000000_broken.sql"):
        migrate.apply_pending(empty_database, copied_project)
    with psycopg.connect(empty_database) as conn:
        assert conn.execute("select to_regclass('public.half_written')").fetchone()[0] is None
        assert conn.execute("select to_regclass('public.tickets')").fetchone()[0] == "tickets"
        assert conn.execute("select count(*) from supabase_migrations.schema_migrations"
                            " where version = '29990101000000'").fetchone()[0] == 0
    broken.write_text("create table public.half_written (id int);\n")
    assert migrate.apply_pending(empty_database, copied_project)[0] == "migrations/29990101000000_broken.sql"


def test_a_migration_with_its_own_transaction_runs_as_the_supabase_cli_runs_it(empty_database, tmp_path):
    migrations = tmp_path / "supabase" / "migrations"
    migrations.mkdir(parents=True)
    (migrations / "20240214102356_init.sql").write_text(
        "create table public.channels (id bigint generated by default as identity primary key, slug text);\n"
        "begin;\n  drop publication if exists supabase_realtime;\n  create publication supabase_realtime;\ncommit;\n"
        "alter publication supabase_realtime add table public.channels;\n")
    assert migrate.apply_pending(empty_database, Project.load(tmp_path))[-1] == "migrations/20240214102356_init.sql"
    with psycopg.connect(empty_database) as conn:
        published = conn.execute("select tablename from pg_publication_tables"
                                 " where pubname = 'supabase_realtime'").fetchall()
        recorded = conn.execute("select name from supabase_migrations.schema_migrations").fetchall()
    assert published == [("channels",)] and recorded == [("init",)]
    assert migrate.apply_pending(empty_database, Project.load(tmp_path)) == []


def test_a_migration_pulled_from_a_hosted_project_finds_supabases_roles(empty_database, tmp_path):
    migrations = tmp_path / "supabase" / "migrations"
    migrations.mkdir(parents=True)
    (migrations / "20240101000000_remote_schema.sql").write_text(
        "create table public.notes (id bigint primary key, body text);\n"
        "grant all on table public.notes to anon, authenticated, service_role, dashboard_user;\n"
        "alter default privileges for role postgres in schema public grant all on tables to service_role;\n"
        "grant usage on schema public to supabase_read_only_user, supabase_functions_admin, pgbouncer;\n"
        "grant select on public.notes to supabase_storage_admin, supabase_realtime_admin,"
        " supabase_replication_admin, supabase_etl_admin;\n")
    applied = migrate.apply_pending(empty_database, Project.load(tmp_path))
    assert applied[-1] == "migrations/20240101000000_remote_schema.sql"
    with psycopg.connect(empty_database) as conn:
        can_login = conn.execute("select rolname from pg_roles where rolcanlogin and rolname in ("
                                 "'dashboard_user', 'pgbouncer', 'supabase_read_only_user')").fetchall()
    assert can_login == []


def test_project_sql_calls_the_standard_extensions_unqualified(empty_database, tmp_path):
    """As on Supabase: uuid-ossp and pgcrypto are in `extensions`, which the migrating role's search_path names."""
    migrations = tmp_path / "supabase" / "migrations"
    migrations.mkdir(parents=True)
    (migrations / "20240101000000_items.sql").write_text(
        "create table public.items (id uuid primary key default uuid_generate_v4(), secret text);\n"
        "insert into public.items (secret) values (crypt('hunter22', gen_salt('bf')));\n")
    migrate.apply_pending(empty_database, Project.load(tmp_path))
    with psycopg.connect(empty_database) as conn:
        matches = conn.execute(
            "select extensions.crypt('hunter22', secret) = secret from public.items").fetchone()[0]
        schemas = dict(conn.execute("select extname, extnamespace::regnamespace::text from pg_extension"
                                    " where extname in ('uuid-ossp', 'pgcrypto')").fetchall())
    assert matches is True
    assert schemas == {"uuid-ossp": "extensions", "pgcrypto": "extensions"}


def test_replicas_starting_together_migrate_once(empty_database):
    """Every replica migrates at start: the advisory lock makes one apply everything and the others find it done."""
    from concurrent.futures import ThreadPoolExecutor

    project = Project.load(PROJECT_ROOT)
    with ThreadPoolExecutor(3) as pool:
        results = list(pool.map(lambda _: migrate.apply_pending(empty_database, project), range(3)))
    applied = sorted(results, key=len)
    assert applied[0] == applied[1] == [] and applied[2] == [f.name for f in migrate.discover(project)]


# Migrations chosen and sent as the Supabase CLI chooses and sends them.

@pytest.fixture()
def project(tmp_path) -> Project:
    (tmp_path / "supabase" / "migrations").mkdir(parents=True)
    return Project.load(tmp_path)


def _write(project: Project, name: str, text: str) -> None:
    (project.migrations_dir / name).write_text(text)


def test_only_timestamped_files_are_migrations_and_the_others_are_named_in_one_warning(empty_database, project):
    _write(project, "20240101000000_notes.sql", "create table public.notes (id int);")
    _write(project, "seed.sql", "insert into public.notes values (1);")
    _write(project, "20240102-6f1c3b2e.sql", "create table public.stray (id int);")
    _write(project, "README.md", "not SQL")
    applied = migrate.apply_pending(empty_database, project)
    assert [name for name in applied if name.startswith("migrations/")] == ["migrations/20240101000000_notes.sql"]
    with psycopg.connect(empty_database) as conn:
        assert conn.execute("select count(*) from public.notes").fetchone()[0] == 0
        assert conn.execute("select to_regclass('public.stray')").fetchone()[0] is None
    assert migrate.misnamed_warning(project) == (
        "supabase/migrations holds files whose names are not <timestamp>_name.sql, skipped as the Supabase CLI "
        "skips them: 20240102-6f1c3b2e.sql, seed.sql")


def test_gateway_migrate_names_the_skipped_files_in_one_warning(pg_cluster, tmp_path):
    (tmp_path / "supabase" / "migrations").mkdir(parents=True)
    (tmp_path / "supabase" / "config.toml").write_text('project_id = "skips"\n')
    (tmp_path / "supabase" / "migrations" / "20260101000000_notes.sql").write_text("create table public.notes ();")
    (tmp_path / "supabase" / "migrations" / "seed.sql").write_text("select 1/0;")
    name = pg_cluster.create_database("t_migrate_skips")
    try:
        result = run_cli("--workdir", str(tmp_path), "migrate", DATABASE_URL=pg_cluster.url_for(name),
                         JWT_SECRET="y" * 40)
    finally:
        pg_cluster.drop_database(name)
    assert result.returncode == 0, result.stderr
    assert result.stderr.strip() == ("warning: supabase/migrations holds files whose names are not "
                                     "<timestamp>_name.sql, skipped as the Supabase CLI skips them: seed.sql")
    assert "applying migrations/20260101000000_notes.sql" in result.stdout and "seed.sql" not in result.stdout


def test_a_project_with_only_migrations_gets_no_warning(project):
    _write(project, "20240101000000_notes.sql", "create table public.notes (id int);")
    assert migrate.misnamed_warning(project) is None


def test_create_index_concurrently_runs_on_its_own_between_the_files_other_statements(empty_database, project):
    _write(project, "20240101000000_indexes.sql",
           "create table public.events (id bigint primary key, kind text, at timestamptz);\n"
           "-- built without locking writes\n"
           "create index concurrently events_kind on public.events (kind);\n"
           "create unique index concurrently if not exists events_at on public.events (at);\n"
           "insert into public.events values (1, 'signup', now());\n"
           "drop index concurrently events_kind;\n"
           "reindex (concurrently) index events_at;\n"
           "vacuum public.events;\n")
    assert migrate.apply_pending(empty_database, project)[-1] == "migrations/20240101000000_indexes.sql"
    with psycopg.connect(empty_database) as conn:
        indexes = conn.execute("select indexname from pg_indexes where tablename = 'events' order by 1").fetchall()
        assert indexes == [("events_at",), ("events_pkey",)]
        assert conn.execute("select count(*) from public.events").fetchone()[0] == 1
        assert conn.execute("select name from supabase_migrations.schema_migrations").fetchall() == [("indexes",)]
    assert migrate.apply_pending(empty_database, project) == []


def test_a_file_ending_with_a_concurrent_index_is_recorded_after_it(empty_database, project):
    _write(project, "20240101000000_table.sql", "create table public.events (id bigint, kind text);")
    _write(project, "20240102000000_index.sql", "create index concurrently events_kind on public.events (kind);")
    assert migrate.apply_pending(empty_database, project)[-1] == "migrations/20240102000000_index.sql"
    with psycopg.connect(empty_database) as conn:
        assert conn.execute("select to_regclass('public.events_kind')").fetchone()[0] == "events_kind"
        assert conn.execute("select version from supabase_migrations.schema_migrations order by 1").fetchall() == [
            ("20240101000000",), ("20240102000000",)]


def test_a_failure_after_a_concurrent_index_names_the_files_line_and_leaves_the_rest_unrecorded(
        empty_database, project):
    _write(project, "20240101000000_indexes.sql",
           "create table public.events (id bigint, kind text);\n"
           "create index concurrently events_kind on public.events (kind);\n"
           "create table public.later (id int);\n"
           "select * from no_such_table;\n")
    with pytest.raises(migrate.MigrationError, match="20240101000000_indexes.sql failed at line 4") as failure:
        migrate.apply_pending(empty_database, project)
    assert 'relation "no_such_table" does not exist' in failure.value.reason
    with psycopg.connect(empty_database) as conn:
        # As the CLI: what ran before the concurrent index is committed, the batch after it is not.
        assert conn.execute("select to_regclass('public.events')").fetchone()[0] == "events"
        assert conn.execute("select to_regclass('public.later')").fetchone()[0] is None
        assert conn.execute("select count(*) from supabase_migrations.schema_migrations").fetchone()[0] == 0


def test_a_failing_file_without_such_statements_still_leaves_nothing(empty_database, project):
    _write(project, "20240101000000_broken.sql",
           "create table public.half (id int);\ncreate index half_id on public.half (id);\nselect 1/0;\n")
    with pytest.raises(migrate.MigrationError, match="division by zero"):
        migrate.apply_pending(empty_database, project)
    with psycopg.connect(empty_database) as conn:
        assert conn.execute("select to_regclass('public.half')").fetchone()[0] is None


def test_statements_are_cut_only_around_those_that_cannot_run_in_a_transaction():
    text = ("create function f() returns int language sql as $$ select 1; $$;\n"
            "analyze; cluster public.t using t_pkey; alter system set work_mem = '8MB';\n"
            "create index on t (x); create index concurrently on t (x); drop index t_x; -- end\n")
    assert [(batch.text, batch.alone) for batch in batches(text)] == [
        ("create function f() returns int language sql as $$ select 1; $$;\nanalyze; ", False),
        ("cluster public.t using t_pkey", True),
        ("alter system set work_mem = '8MB'", True),
        (";\ncreate index on t (x); ", False),
        ("create index concurrently on t (x)", True),
        ("; drop index t_x; -- end\n", False),
    ]
    assert [batch.text for batch in batches("select 1;\nselect 2;")] == ["select 1;\nselect 2;"]


def test_extensions_a_pulled_migration_creates_are_created_by_the_platform_inside_the_files_transaction(
        empty_database, project):
    """`db pull` writes `create extension` for extensions only a superuser may create (pg_stat_statements is in every
    hosted project): as Supabase's supautils does for `postgres`, the gateway runs those statements as its own role,
    and a file that fails keeps none of them."""
    _write(project, "20240101000000_remote_schema.sql",
           'create extension if not exists "pg_stat_statements" with schema "extensions";\n'
           'create extension if not exists "postgres_fdw" with schema "extensions";\n'
           "comment on extension postgres_fdw is 'foreign-data wrapper for remote PostgreSQL servers';\n"
           "create table public.notes (id bigint primary key);\n")
    migrate.apply_pending(empty_database, project)
    with psycopg.connect(empty_database) as conn:
        owners = dict(conn.execute("select extname, extowner::regrole::text from pg_extension"
                                   " where extname in ('pg_stat_statements', 'postgres_fdw')").fetchall())
        table_owner = conn.execute("select tableowner from pg_tables where tablename = 'notes'").fetchone()[0]
        role = project_role(conn)
    assert sorted(owners) == ["pg_stat_statements", "postgres_fdw"]
    if role:  # the embedded server: postgres is not a superuser there
        assert set(owners.values()) == {"supabase_admin"} and table_owner == role

    _write(project, "20240102000000_again.sql",
           "create extension if not exists pg_trgm with schema extensions;\ncreate table public.notes (id int);\n")
    with pytest.raises(migrate.MigrationError, match='relation "notes" already exists'):
        migrate.apply_pending(empty_database, project)
    with psycopg.connect(empty_database) as conn:
        assert conn.execute("select count(*) from pg_extension where extname = 'pg_trgm'").fetchone() == (0,)
