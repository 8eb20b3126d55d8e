"""The one LISTEN connection of a gateway process. Services subscribe to channels before it starts; it hands each
notification, in arrival order, to the subscribers of its channel, and tells them when the connection is lost and
when it is back (before notifications flow again, so that a subscriber can catch up on that same connection)."""

from __future__ import annotations

import asyncio
import logging
from typing import Protocol

import psycopg
from psycopg import sql

from gateway.database.health import one_line

log = logging.getLogger("gateway.database.notifications")
MAX_BACKOFF_SECONDS = 1.0
START_TIMEOUT_SECONDS = 30.0


class Subscriber(Protocol):
    @property
    def channels(self) -> tuple[str, ...]: ...

    def received(self, channel: str, payload: str) -> None:
        """Called in the listener's loop: must not block (queue the work)."""

    def lost(self) -> None:
        """The connection is gone (once per outage, and when the first attempt fails): notifications may be
        missed until `connected` is called."""

    async def connected(self, conn: psycopg.AsyncConnection) -> None:
        """Listening (again); notifications that arrive meanwhile wait in the connection's backlog."""


class NotificationListener:
    def __init__(self, url: str) -> None:
        self.url = url
        self.connected = False
        self._subscribers: dict[str, list[Subscriber]] = {}
        self._ordered: list[Subscriber] = []
        self._ready = asyncio.Event()
        self._task: asyncio.Task | None = None

    def subscribe(self, subscriber: Subscriber) -> None:
        if self._task is not None:
            raise RuntimeError("subscribe before the listener starts: its connection LISTENs once")
        self._ordered.append(subscriber)
        for channel in subscriber.channels:
            self._subscribers.setdefault(channel, []).append(subscriber)

    async def start(self) -> None:
        self._task = asyncio.create_task(self._listen(), name="notification-listener")
        await asyncio.wait_for(self._ready.wait(), timeout=START_TIMEOUT_SECONDS)

    async def stop(self) -> None:
        if self._task is not None:
            self._task.cancel()
            await asyncio.gather(self._task, return_exceptions=True)

    async def _listen(self) -> None:
        backoff = 0.1
        outage = False  # lost() is called once per outage, however many attempts it takes
        while True:
            told_connected = False
            try:
                async with await psycopg.AsyncConnection.connect(self.url, autocommit=True) as conn:
                    for channel in self._subscribers:
                        await conn.execute(sql.SQL("listen {}").format(sql.Identifier(channel)))
                    told_connected = True
                    for subscriber in self._ordered:
                        await subscriber.connected(conn)
                    self.connected, outage = True, False
                    self._ready.set()
                    backoff = 0.1
                    async for notify in conn.notifies():
                        for subscriber in self._subscribers.get(notify.channel, ()):
                            subscriber.received(notify.channel, notify.payload)
            except asyncio.CancelledError:
                raise
            except Exception as exc:  # noqa: BLE001 - the listener must outlive database restarts
                self.connected = False
                if not outage:
                    log.warning("notifications.listener_lost error=%s", one_line(exc))
                # A subscriber told of a connection that failed before notifications flowed (a database being
                # rebuilt under it) has caught up on a state that is gone: it is told of the loss again.
                if not outage or told_connected:
                    for subscriber in self._ordered:
                        subscriber.lost()
                outage = True
                await asyncio.sleep(backoff)
                backoff = min(backoff * 2, MAX_BACKOFF_SECONDS)
