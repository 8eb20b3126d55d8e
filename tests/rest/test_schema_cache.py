"""The schema cache as loaded from pg_catalog of a migrated database."""

import asyncio

import psycopg

from gateway.rest import schema_cache


def load(database_url: str) -> schema_cache.SchemaCache:
    async def run():
        async with await psycopg.AsyncConnection.connect(database_url, autocommit=True) as conn:
            return await schema_cache.load(conn, ("public",))
    return asyncio.run(run())


def test_tickets_have_their_keys_and_both_foreign_keys_to_company_users(database_url):
    cache = load(database_url)
    tickets = cache.table("public", "tickets")
    assert tickets.pk == ("id",)
    assert tickets.columns["tags"].type == "text[]"
    assert tickets.visible_to == {"anon", "authenticated", "service_role"}
    names = {fk.name for fk in cache.foreign_keys if fk.table == ("public", "tickets")}
    assert {"tickets_assigned_to_fkey", "tickets_created_by_fkey", "tickets_company_id_fkey"} <= names


def test_casts_resolve_sql_spellings_to_catalog_types(database_url):
    cache = load(database_url)
    assert cache.cast_type("integer") == ("pg_catalog", "int4", False)
    assert cache.cast_type("text[]") == ("pg_catalog", "text", True)
    assert cache.cast_type("app_role") == ("public", "app_role", False)
    assert cache.cast_type("no_such_type") is None
