"""One runner per database, however many gateway processes serve it: whoever holds a session advisory lock on its
own connection does the work, and the others wait on that lock. A runner that dies, or whose connection drops,
releases the lock with its connection, and one of the waiting processes takes over at once."""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Awaitable, Callable

import psycopg

from gateway.database.health import one_line

log = logging.getLogger("gateway.background")
# The first half of every background lock key (the two-int form shows it in pg_locks as classid 7461).
LOCK_CLASS = 7461
RETRY_SECONDS = 2.0

Work = Callable[[psycopg.AsyncConnection], Awaitable[None]]


async def run_elected(url: str, lock: int, name: str, work: Work) -> None:
    """Forever (until cancelled): wait for the lock (LOCK_CLASS, lock) and run `work(conn)` on the connection
    holding it. `work` runs until it fails; the connection closes, which releases the lock, and the election
    starts again."""
    failing = False  # warned once per outage
    while True:
        try:
            async with await psycopg.AsyncConnection.connect(url, autocommit=True,
                                                             application_name=f"gateway {name}") as conn:
                await conn.execute("set statement_timeout = 0")  # a role's timeout would end the wait for the lock
                await conn.execute("select pg_advisory_lock(%s, %s)", (LOCK_CLASS, lock))
                log.info("%s: this process runs it for the database", name)
                failing = False
                await work(conn)
        except asyncio.CancelledError:
            raise
        except Exception as exc:
            if not failing:
                log.warning("%s stopped (%s); it starts again once the database answers", name, one_line(exc))
            failing = True
        await asyncio.sleep(RETRY_SECONDS)
