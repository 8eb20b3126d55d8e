"""The one LISTEN connection of a gateway process: receives changes, bus messages and schema reload notices, in
order, and hands them on. After a lost connection it catches up from the change log (realtime.outbox), so a change
committed while it reconnected is delivered late rather than never."""

from __future__ import annotations

import asyncio
import json
import logging
import time
from collections.abc import Awaitable, Callable
from typing import Any

import psycopg
from psycopg import sql

from gateway.db import privileged_tx
from gateway.db_health import ResilientPool, connection_lost, one_line

log = logging.getLogger("gateway.realtime")

CHANGES_CHANNEL = "realtime_changes"
BUS_CHANNEL = "realtime_bus"
# PostgREST's channel, which the DDL watch notifies: on the same connection, so a table's new shape is known
# before the changes committed after it arrive.
SCHEMA_CHANNEL = "pgrst"
# Queued after the changes read back on a reconnect: from there on, changes flow live again.
_RESUMED = ""
Handler = Callable[[list[tuple[str, dict[str, Any]]]], Awaitable[None]]
MAX_BACKOFF_SECONDS = 1.0
# Under load, messages that queued up while one batch was authorised are handled together as the next batch.
MAX_BATCH = 200
# A change is dated by its transaction's start, which may precede its commit: on a reconnect the log is read back
# from this long before the connection was lost. Ids delivered are remembered as long as that needs.
CATCH_UP_MARGIN_SECONDS = 60.0
RETRY_SECONDS = 0.5


class Listener:
    def __init__(self, url: str, pool: ResilientPool, handler: Handler, *, on_lost: Callable[[], None],
                 on_resumed: Callable[[], None],
                 channels: tuple[str, ...] = (CHANGES_CHANNEL, BUS_CHANNEL, SCHEMA_CHANNEL)) -> None:
        self.url = url
        self.pool = pool
        self.handler = handler
        self.on_lost = on_lost
        self.on_resumed = on_resumed
        self.channels = channels
        self.ready = asyncio.Event()
        self.connected = False
        self._lost_at: float | None = None
        # Change id → when it was delivered, oldest first: what a catch-up must not deliver twice.
        self._delivered: dict[int, float] = {}
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
                    if self._lost_at is not None:
                        await self._catch_up(conn)
                    self.connected = True
                    self.ready.set()
                    backoff = 0.1
                    # Notifications that arrived during the catch-up wait in the connection's backlog.
                    async for notify in conn.notifies():
                        self._queue.put_nowait((notify.channel, notify.payload))
            except asyncio.CancelledError:
                raise
            except Exception as exc:
                if self.connected or self._lost_at is None:
                    log.warning("realtime.listener_lost error=%s", one_line(exc))
                    # Lost again before an earlier catch-up finished: read back from the earlier loss.
                    self._lost_at = self._lost_at or time.monotonic()
                    self.connected = False
                    self.on_lost()
                await asyncio.sleep(backoff)
                backoff = min(backoff * 2, MAX_BACKOFF_SECONDS)

    async def _catch_up(self, conn: psycopg.AsyncConnection) -> None:
        assert self._lost_at is not None
        window = time.monotonic() - self._lost_at + CATCH_UP_MARGIN_SECONDS
        rows = await (await conn.execute(
            "select (payload || jsonb_build_object('id', id))::text from realtime.outbox"
            " where channel = %s and created_at >= now() - make_interval(secs => %s) order by id",
            (CHANGES_CHANNEL, window))).fetchall()
        for (message,) in rows:
            self._queue.put_nowait((CHANGES_CHANNEL, message))
        self._queue.put_nowait((_RESUMED, ""))

    async def _dispatch(self) -> None:
        while True:
            pending = [await self._queue.get()]
            while len(pending) < MAX_BATCH and not self._queue.empty() and pending[-1][0] != _RESUMED:
                pending.append(self._queue.get_nowait())
            resumed = pending[-1][0] == _RESUMED
            if resumed:
                pending.pop()
            await self._deliver(pending)
            if resumed and self.connected and self._lost_at is not None:
                log.warning("realtime.listener_resumed after=%.1fs", time.monotonic() - self._lost_at)
                self._lost_at = None
                self.on_resumed()

    async def _deliver(self, pending: list[tuple[str, str]]) -> None:
        """Hand a batch on; while the database is away (authorising needs it), hold the batch and try again."""
        while True:
            try:
                batch, ids = await self._decode(pending)
                await self.handler(batch)
            except asyncio.CancelledError:
                raise
            except Exception as exc:
                if connection_lost(exc):
                    await asyncio.sleep(RETRY_SECONDS)
                    await self.pool.availability.wait_up()
                    continue
                log.exception("realtime.dispatch_failed messages=%d", len(pending))
                return
            self._remember(ids)
            return

    async def _decode(self, pending: list[tuple[str, str]]) -> tuple[list[tuple[str, dict[str, Any]]], list[int]]:
        batch: list[tuple[str, dict[str, Any]]] = []
        ids: list[int] = []
        for channel, payload in pending:
            if channel == SCHEMA_CHANNEL:
                batch.append((channel, {"command": payload}))
                continue
            message = json.loads(payload)
            if isinstance(message, dict) and set(message) == {"outbox_id"}:
                parked = message["outbox_id"]
                message = await self._from_outbox(parked)
                if channel == CHANGES_CHANNEL and isinstance(message, dict):
                    message["id"] = parked
            if not isinstance(message, dict):
                continue
            if channel == CHANGES_CHANNEL and isinstance(message.get("id"), int):
                if message["id"] in self._delivered:
                    continue
                ids.append(message["id"])
            batch.append((channel, message))
        return batch, ids

    def _remember(self, ids: list[int]) -> None:
        now = time.monotonic()
        for change_id in ids:
            self._delivered[change_id] = now
        # Kept from CATCH_UP_MARGIN before the connection was lost (or before now, while connected).
        horizon = (self._lost_at or now) - CATCH_UP_MARGIN_SECONDS - 10.0
        while self._delivered:
            oldest = next(iter(self._delivered))
            if self._delivered[oldest] >= horizon:
                break
            del self._delivered[oldest]

    async def _from_outbox(self, outbox_id: int) -> dict[str, Any] | None:
        async with privileged_tx(self.pool) as conn:
            row = await (await conn.execute("select payload from realtime.outbox where id = %s", (outbox_id,))).fetchone()
        return row[0] if row else None
