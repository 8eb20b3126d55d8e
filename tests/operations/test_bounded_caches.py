"""Caches outside the REST plan cache that grow with what clients do (tests/rest covers the plan and token caches)."""

import asyncio

import psycopg
from psycopg_pool import AsyncConnectionPool

from gateway.realtime import changes
from gateway.realtime.changes import Change, TableCatalog


def test_the_realtime_table_catalog_keeps_the_most_recently_read_tables(database_url, monkeypatch):
    monkeypatch.setattr(changes, "CATALOG_MAX_TABLES", 3)
    with psycopg.connect(database_url, autocommit=True) as conn:
        for n in range(5):
            conn.execute(f"create table public.catalog_{n} (id int primary key, v text)")

    async def read_all() -> tuple[int, bool]:
        async with AsyncConnectionPool(database_url, min_size=1, max_size=1, open=False) as pool:
            catalog = TableCatalog(pool)
            for n in (0, 1, 2, 3, 0, 4):
                info = await catalog.info(Change("public", f"catalog_{n}", "INSERT", "", {}, None))
                assert info.key_columns == ("id",)
            return len(catalog), ("public", "catalog_0") in catalog

    assert asyncio.run(read_all()) == (3, True)
