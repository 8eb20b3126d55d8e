"""The live schema cache: loaded at start-up, reloaded on `NOTIFY pgrst, 'reload schema'` (as PostgREST), which the
platform's DDL watch sends after any client's DDL."""

from __future__ import annotations

import asyncio
import logging

import psycopg
from psycopg_pool import AsyncConnectionPool

from gateway.db import privileged_tx
from gateway.db_health import connection_lost
from gateway.rest import schema_cache

log = logging.getLogger("gateway.rest")
RECONNECT_SECONDS = 1.0


class LiveSchemaCache:
    def __init__(self, pool: AsyncConnectionPool, url: str, schemas: tuple[str, ...]):
        self._pool, self._url, self._schemas = pool, url, schemas
        self.current: schema_cache.SchemaCache | None = None
        self._tasks: list[asyncio.Task] = []
        # Set by every notification; a burst of DDL (a psql script in autocommit) costs one reload after the
        # one under way rather than one per statement.
        self._stale = asyncio.Event()
        self.reloads = 0

    async def reload(self) -> None:
        async with privileged_tx(self._pool) as conn:
            self.current = await schema_cache.load(conn, self._schemas)
        self.reloads += 1
        log.info("schema cache loaded: %d tables, %d functions", len(self.current.tables),
                 sum(len(v) for v in self.current.functions.values()))

    async def start(self) -> None:
        await self.reload()
        listening = asyncio.Event()
        self._tasks = [asyncio.create_task(self._listen(listening), name="rest-schema-listener"),
                       asyncio.create_task(self._reload_when_stale(), name="rest-schema-reloader")]
        await asyncio.wait_for(listening.wait(), timeout=10)

    async def stop(self) -> None:
        for task in self._tasks:
            task.cancel()
        await asyncio.gather(*self._tasks, return_exceptions=True)

    async def _listen(self, listening: asyncio.Event) -> None:
        connected = True  # so that the first failure is logged, and only the first of an outage
        while True:
            try:
                async with await psycopg.AsyncConnection.connect(self._url, autocommit=True) as conn:
                    await conn.execute("LISTEN pgrst")
                    if listening.is_set():
                        self._stale.set()  # changes may have been missed while disconnected
                    listening.set()
                    connected = True
                    async for notify in conn.notifies():
                        if notify.payload in ("reload schema", ""):
                            self._stale.set()
            except asyncio.CancelledError:
                raise
            except Exception as exc:  # noqa: BLE001 - the listener must outlive database restarts
                if connected:
                    log.warning("schema listener lost its connection (%s); reconnecting", type(exc).__name__)
                connected = False
                listening.set()
                await asyncio.sleep(RECONNECT_SECONDS)

    async def _reload_when_stale(self) -> None:
        while True:
            await self._stale.wait()
            self._stale.clear()
            try:
                await self.reload()
            except asyncio.CancelledError:
                raise
            except Exception as exc:  # noqa: BLE001 - keep serving the cache it has; the next notice retries
                if connection_lost(exc):
                    # The listener is back before the pool is: try again shortly rather than wait for a notice.
                    self._stale.set()
                    await asyncio.sleep(RECONNECT_SECONDS)
                    continue
                log.warning("schema cache reload failed (%s)", type(exc).__name__)
