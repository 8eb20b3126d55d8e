"""A server with no slot left for one more of the pool's connections is up, not away: requests wait for the
connections the pool has. (bench/load.py found it: on compose's shape 200 clients took the replicas' pools past
PostgreSQL's max_connections, each refused connection was taken for an outage, and the whole process answered
503 PGRST000 to requests its open connections could have served.)"""

from __future__ import annotations

import asyncio
import uuid

import pytest
from psycopg import sql
from psycopg.conninfo import conninfo_to_dict

from gateway.database.roles import as_role
from gateway.database.transactions import open_pool
from tests.support.pg import with_password

pytestmark = pytest.mark.anyio
SLOTS = 2


async def test_requests_wait_for_the_pools_connections_when_the_server_refuses_more(database_url, db):
    role = f"full_{uuid.uuid4().hex[:8]}"
    password = conninfo_to_dict(database_url).get("password")
    db.execute(sql.SQL("create role {} login connection limit {} password {}").format(
        sql.Identifier(role), sql.Literal(SLOTS), sql.Literal(password)))
    pool = await open_pool(with_password(as_role(database_url, role), database_url), min_size=1, max_size=SLOTS + 4,
                           name="full-test")
    try:
        async def request() -> int:
            async with pool.connection() as conn:
                return (await (await conn.execute("select 1 from pg_sleep(0.1)")).fetchone())[0]

        assert await asyncio.wait_for(asyncio.gather(*(request() for _ in range(4 * SLOTS))), 30) == [1] * 4 * SLOTS
        assert pool.availability.up
    finally:
        await pool.close()
        db.execute(sql.SQL("drop role {}").format(sql.Identifier(role)))
