"""The live schema cache: loaded at start-up, reloaded on `NOTIFY pgrst, 'reload schema'` (as PostgREST)."""

from __future__ import annotations

import asyncio
import logging

import psycopg
from psycopg_pool import AsyncConnectionPool

from gateway.db import privileged_tx
from gateway.rest import schema_cache

log = logging.getLogger("gateway.rest")
RECONNECT_SECONDS = 1.0


class LiveSchemaCache:
    def __init__(self, pool: AsyncConnectionPool, url: str, schemas: tuple[str, ...]):
        self._pool, self._url, self._schemas = pool, url, schemas
        self.current: schema_cache.SchemaCache | None = None
        self._task: asyncio.Task | None = None
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
        self._task = asyncio.create_task(self._listen(listening), name="rest-schema-listener")
        await asyncio.wait_for(listening.wait(), timeout=10)

    async def stop(self) -> None:
        if self._task is not None:
            self._task.cancel()
            try:
                await self._task
            except asyncio.CancelledError:
                pass

    async def _listen(self, listening: asyncio.Event) -> None:
        while True:
            try:
                async with await psycopg.AsyncConnection.connect(self._url, autocommit=True) as conn:
                    await conn.execute("LISTEN pgrst")
                    if listening.is_set():
                        await self.reload()  # changes may have been missed while disconnected
                    listening.set()
                    async for notify in conn.notifies():
                        if notify.payload in ("reload schema", ""):
                            await self.reload()
            except asyncio.CancelledError:
                raise
            except Exception as exc:  # noqa: BLE001 - the listener must outlive database restarts
                log.warning("schema listener lost its connection (%s); reconnecting", type(exc).__name__)
                listening.set()
                await asyncio.sleep(RECONNECT_SECONDS)
