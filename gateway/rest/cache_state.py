"""The live schema cache: loaded at start-up, reloaded on `NOTIFY pgrst, 'reload schema'` (as PostgREST), which the
platform's DDL watch sends after any client's DDL. Realtime reads tables from it too, and waits for a reload to be
done when it meets a reload notice among the changes it delivers."""

from __future__ import annotations

import asyncio
import logging

import psycopg
from psycopg_pool import AsyncConnectionPool

from gateway.database.health import connection_lost
from gateway.database.notifications import NotificationListener
from gateway.database.transactions import privileged_tx
from gateway.rest import schema_cache

log = logging.getLogger("gateway.rest")
RECONNECT_SECONDS = 1.0
SCHEMA_CHANNEL = "pgrst"
RELOAD_COMMANDS = ("reload schema", "")


class LiveSchemaCache:
    channels = (SCHEMA_CHANNEL,)

    def __init__(self, pool: AsyncConnectionPool, listener: NotificationListener, schemas: tuple[str, ...]):
        self._pool, self._schemas = pool, schemas
        self.current: schema_cache.SchemaCache  # loaded by start(), before the gateway serves anything
        self._task: asyncio.Task | None = None
        # Set by every notice; a burst of DDL (a psql script in autocommit) costs one reload after the
        # one under way rather than one per statement.
        self._stale = asyncio.Event()
        # Notices received, and how many of them the reloads done so far have dealt with.
        self._notices = 0
        self._handled = 0
        self._settled = asyncio.Condition()
        self._missed = False
        self.reloads = 0
        listener.subscribe(self)

    async def reload(self) -> None:
        async with privileged_tx(self._pool) as conn:
            self.current = await schema_cache.load(conn, self._schemas)
        self.reloads += 1
        log.info("schema cache loaded: %d tables, %d functions", len(self.current.tables),
                 sum(len(v) for v in self.current.functions.values()))

    async def start(self) -> None:
        """Loads the cache; reloads begin once the process's listener runs."""
        await self.reload()
        self._task = asyncio.create_task(self._reload_when_stale(), name="rest-schema-reloader")

    async def stop(self) -> None:
        if self._task is not None:
            self._task.cancel()
            await asyncio.gather(self._task, return_exceptions=True)

    async def settled(self) -> None:
        """Returns once every notice received so far has been dealt with by a reload (or a failed one)."""
        target = self._notices
        async with self._settled:
            await self._settled.wait_for(lambda: self._handled >= target)

    def received(self, channel: str, payload: str) -> None:
        if payload in RELOAD_COMMANDS:
            self._invalidate()

    def lost(self) -> None:
        self._missed = True

    async def connected(self, conn: psycopg.AsyncConnection) -> None:
        if self._missed:  # DDL may have been committed while disconnected
            self._missed = False
            self._invalidate()

    def _invalidate(self) -> None:
        self._notices += 1
        self._stale.set()

    async def _reload_when_stale(self) -> None:
        while True:
            await self._stale.wait()
            self._stale.clear()
            target = self._notices
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
            async with self._settled:
                self._handled = target
                self._settled.notify_all()
