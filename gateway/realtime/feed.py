"""Realtime's subscription to the process's notification listener: changes, bus messages and schema reload notices
on one connection, in order, handed on in batches. After a lost connection it catches up from the change log
(realtime.outbox), so a change committed while it reconnected is delivered late rather than never."""

from __future__ import annotations

import asyncio
import json
import logging
import time
from collections.abc import Awaitable, Callable
from typing import Any

import psycopg

from gateway.database.health import ResilientPool, connection_lost
from gateway.database.transactions import privileged_tx
from gateway.rest.cache_state import RELOAD_COMMANDS, SCHEMA_CHANNEL

log = logging.getLogger("gateway.realtime")

CHANGES_CHANNEL = "realtime_changes"
BUS_CHANNEL = "realtime_bus"
# Queued after the changes read back on a reconnect: from there on, changes flow live again.
_RESUMED = ""
Handler = Callable[[list[tuple[str, dict[str, Any]]]], Awaitable[None]]
# Under load, messages that queued up while one batch was authorised are handled together as the next batch.
MAX_BATCH = 200
# A change is dated by its transaction's start, which may precede its commit: on a reconnect the log is read back
# from this long before the connection was lost. Ids delivered are remembered as long as that needs.
CATCH_UP_MARGIN_SECONDS = 60.0
RETRY_SECONDS = 0.5


class ChangeFeed:
    # The schema channel rides along so that a table's new shape is known before the changes committed after it.
    channels = (CHANGES_CHANNEL, BUS_CHANNEL, SCHEMA_CHANNEL)

    def __init__(self, pool: ResilientPool, handler: Handler, *, on_lost: Callable[[], None],
                 on_resumed: Callable[[], None]) -> None:
        self.pool = pool
        self.handler = handler
        self.on_lost = on_lost
        self.on_resumed = on_resumed
        self._lost_at: float | None = None
        self._listening = False
        # Change id → when it was delivered, oldest first: what a catch-up must not deliver twice.
        self._delivered: dict[int, float] = {}
        self._queue: asyncio.Queue[tuple[str, str]] = asyncio.Queue()
        self._task: asyncio.Task | None = None

    def start(self) -> None:
        self._task = asyncio.create_task(self._dispatch(), name="realtime-dispatch")

    async def stop(self) -> None:
        if self._task is not None:
            self._task.cancel()
            await asyncio.gather(self._task, return_exceptions=True)

    def received(self, channel: str, payload: str) -> None:
        self._queue.put_nowait((channel, payload))

    def lost(self) -> None:
        self._listening = False
        # Lost again before an earlier catch-up finished: read back from the earlier loss.
        self._lost_at = self._lost_at or time.monotonic()
        self.on_lost()

    async def connected(self, conn: psycopg.AsyncConnection) -> None:
        if self._lost_at is not None:
            await self._catch_up(conn)
        self._listening = True

    async def _catch_up(self, conn: psycopg.AsyncConnection) -> None:
        assert self._lost_at is not None
        window = time.monotonic() - self._lost_at + CATCH_UP_MARGIN_SECONDS
        rows = await (await conn.execute(
            "select (payload || jsonb_build_object('id', id))::text from realtime.outbox"
            " where channel = %s and created_at >= now() - make_interval(secs => %s) order by id",
            (CHANGES_CHANNEL, window))).fetchall()
        # DDL may have been missed too: the changes read back wait for the schema reload that follows.
        self._queue.put_nowait((SCHEMA_CHANNEL, RELOAD_COMMANDS[0]))
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
            if resumed and self._listening and self._lost_at is not None:
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
