"""The one LISTEN connection of a gateway process: receives changes, bus messages and schema reload notices, in
order, and hands them on."""

from __future__ import annotations

import asyncio
import json
import logging
from typing import Any, Awaitable, Callable

import psycopg
from psycopg import sql
from psycopg_pool import AsyncConnectionPool

from gateway.db import privileged_tx

log = logging.getLogger("gateway.realtime")

CHANGES_CHANNEL = "realtime_changes"
BUS_CHANNEL = "realtime_bus"
# PostgREST's channel, which the DDL watch notifies: on the same connection, so a table's new shape is known
# before the changes committed after it arrive.
SCHEMA_CHANNEL = "pgrst"
Handler = Callable[[list[tuple[str, dict[str, Any]]]], Awaitable[None]]
MAX_BACKOFF_SECONDS = 5.0
# Under load, messages that queued up while one batch was authorised are handled together as the next batch.
MAX_BATCH = 200


class Listener:
    def __init__(self, url: str, pool: AsyncConnectionPool, handler: Handler,
                 channels: tuple[str, ...] = (CHANGES_CHANNEL, BUS_CHANNEL, SCHEMA_CHANNEL)) -> None:
        self.url = url
        self.pool = pool
        self.handler = handler
        self.channels = channels
        self.ready = asyncio.Event()
        self._queue: asyncio.Queue[tuple[str, str]] = asyncio.Queue()
        self._tasks: list[asyncio.Task] = []

    async def start(self) -> None:
        self._tasks = [asyncio.create_task(self._listen(), name="realtime-listen"),
                       asyncio.create_task(self._dispatch(), name="realtime-dispatch")]
        await asyncio.wait_for(self.ready.wait(), timeout=30)

    async def stop(self) -> None:
        for task in self._tasks:
            task.cancel()
        await asyncio.gather(*self._tasks, return_exceptions=True)

    async def _listen(self) -> None:
        backoff = 0.1
        while True:
            try:
                async with await psycopg.AsyncConnection.connect(self.url, autocommit=True) as conn:
                    for channel in self.channels:
                        await conn.execute(sql.SQL("listen {}").format(sql.Identifier(channel)))
                    self.ready.set()
                    backoff = 0.1
                    async for notify in conn.notifies():
                        self._queue.put_nowait((notify.channel, notify.payload))
            except asyncio.CancelledError:
                raise
            except Exception as exc:
                # Changes committed while reconnecting are missed, as with a Realtime replication restart.
                log.warning("realtime.listener_lost error=%s retry_in=%.1fs", type(exc).__name__, backoff)
                await asyncio.sleep(backoff)
                backoff = min(backoff * 2, MAX_BACKOFF_SECONDS)

    async def _dispatch(self) -> None:
        while True:
            pending = [await self._queue.get()]
            while len(pending) < MAX_BATCH and not self._queue.empty():
                pending.append(self._queue.get_nowait())
            try:
                batch = []
                for channel, payload in pending:
                    if channel == SCHEMA_CHANNEL:
                        batch.append((channel, {"command": payload}))
                        continue
                    message = json.loads(payload)
                    if isinstance(message, dict) and set(message) == {"outbox_id"}:
                        message = await self._from_outbox(message["outbox_id"])
                    if isinstance(message, dict):
                        batch.append((channel, message))
                await self.handler(batch)
            except asyncio.CancelledError:
                raise
            except Exception:
                log.exception("realtime.dispatch_failed messages=%d", len(pending))

    async def _from_outbox(self, outbox_id: int) -> dict[str, Any] | None:
        async with privileged_tx(self.pool) as conn:
            row = await (await conn.execute("select payload from realtime.outbox where id = %s", (outbox_id,))).fetchone()
        return row[0] if row else None
