"""The lines `supabase db pull` (and dumps of a hosted project) write for Vault, pgsodium and pg_graphql, applied as
a project's migration by `gateway migrate` on a database that has them installed, as Supabase's image does."""

from __future__ import annotations

from pathlib import Path

import psycopg

from gateway.database import migrate
from gateway.project.folder import Project

PULLED = """\
CREATE EXTENSION IF NOT EXISTS "pg_graphql" WITH SCHEMA "graphql";
CREATE EXTENSION IF NOT EXISTS "pgsodium" WITH SCHEMA "pgsodium";
-- COMMENT ON EXTENSION "pgsodium" IS 'Pgsodium is a modern cryptography library for Postgres.';
CREATE EXTENSION IF NOT EXISTS "supabase_vault" WITH SCHEMA "vault";
CREATE EXTENSION IF NOT EXISTS "pg_graphql" WITH SCHEMA "graphql" VERSION '1.5.11';
CREATE EXTENSION IF NOT EXISTS "pgsodium" WITH SCHEMA "pgsodium" VERSION '3.1.8';
CREATE EXTENSION IF NOT EXISTS "supabase_vault" WITH SCHEMA "vault" VERSION '0.2.8';

GRANT USAGE ON SCHEMA "graphql_public" TO "anon";
GRANT pgsodium_keyiduser TO service_role;

CREATE OR REPLACE FUNCTION "public"."get_api_key"() RETURNS "text"
    LANGUAGE "plpgsql" SECURITY DEFINER
    SET "search_path" TO ''
    AS $$
begin
  return (select decrypted_secret from vault.decrypted_secrets where name = 'api_key');
end;
$$;
"""


def test_a_pulled_migration_applies_unchanged_and_its_function_reads_a_secret(pg_cluster, migrated_template,
                                                                              tmp_path: Path):
    (tmp_path / "supabase" / "migrations").mkdir(parents=True)
    (tmp_path / "supabase" / "config.toml").write_text('project_id = "pulled"\n')
    (tmp_path / "supabase" / "migrations" / "20240101000000_remote_schema.sql").write_text(PULLED)
    name = pg_cluster.create_database("t_pulled", template=migrated_template)
    try:
        url = pg_cluster.url_for(name)
        migrate.apply_pending(url, Project.load(tmp_path))
        with psycopg.connect(url, autocommit=True) as conn:
            conn.execute("select vault.create_secret('sk_pulled', 'api_key')")
            assert conn.execute("select public.get_api_key()").fetchone() == ("sk_pulled",)
            assert conn.execute("select count(*) from pg_extension where extname in "
                                "('pg_graphql', 'pgsodium', 'supabase_vault')").fetchone() == (3,)
    finally:
        pg_cluster.drop_database(name)
