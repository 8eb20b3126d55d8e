"""gateway.database.health.ResilientPool hands out the connection returned last (psycopg's pool takes them in turn), so
under light load one backend serves request after request and the others stay idle until the pool closes them."""

from __future__ import annotations

import pytest

from gateway.database.transactions import open_pool

pytestmark = pytest.mark.anyio


async def backend(pool) -> int:
    conn = await pool.getconn()
    try:
        return (await (await conn.execute("select pg_backend_pid()")).fetchone())[0]
    finally:
        await pool.putconn(conn)


async def test_one_request_at_a_time_reuses_the_connection_returned_last(database_url):
    pool = await open_pool(database_url, min_size=3, max_size=3, name="order-test")
    try:
        first = await backend(pool)
        assert [await backend(pool) for _ in range(5)] == [first] * 5
    finally:
        await pool.close()


async def test_of_two_connections_returned_the_later_one_comes_back_first(database_url):
    pool = await open_pool(database_url, min_size=3, max_size=3, name="order-test")
    try:
        a, b = await pool.getconn(), await pool.getconn()
        assert a is not b
        await pool.putconn(a)
        await pool.putconn(b)
        again = await pool.getconn()
        assert again is b
        await pool.putconn(again)
        # The one used least recently stays at the far end, where the pool closes idle connections from.
        assert pool._pool[0] is not b
    finally:
        await pool.close()
