"""The Realtime service of one gateway process: registry, broker, bus, presence, and the change feed (its part of
the process's notification listener) feeding them."""

from __future__ import annotations

import asyncio
import logging
import secrets

from gateway.database.health import ResilientPool, connection_lost
from gateway.database.notifications import NotificationListener
from gateway.jwt_keys import JwtKeys
from gateway.realtime.broker import Broker
from gateway.realtime.bus import Bus
from gateway.realtime.change_access import ChangeAccess
from gateway.realtime.changes import TableCatalog
from gateway.realtime.channel_access import ChannelAuthorizer
from gateway.realtime.feed import ChangeFeed
from gateway.realtime.limits import Limits
from gateway.realtime.presence import PresenceStore
from gateway.realtime.registry import ChannelRegistry
from gateway.rest.cache_state import LiveSchemaCache

log = logging.getLogger("gateway.realtime")
KEEP_ALIVE_SECONDS = 10.0


class RealtimeService:
    def __init__(self, listener: NotificationListener, schema: LiveSchemaCache, pool: ResilientPool,
                 request_pool: ResilientPool, keys: JwtKeys, limits: Limits) -> None:
        """`pool` is the gateway's own (the broker's tables, presence, channel probes); `request_pool` checks
        subscribers as themselves, like any request. Tables are described by REST's schema cache."""
        self.node_id = secrets.token_hex(6)
        self.keys = keys
        self.limits = limits
        self.registry = ChannelRegistry()
        self.bus = Bus(pool)
        self.presence = PresenceStore(pool, self.node_id)
        self.channel_auth = ChannelAuthorizer(pool)
        self.catalog = TableCatalog(schema, pool)
        self.broker = Broker(self.registry, ChangeAccess(request_pool), self.catalog)
        self.listener = listener
        self.feed = ChangeFeed(pool, self.broker.handle, on_lost=self.broker.changes_stopped,
                               on_resumed=self.broker.changes_resumed)
        listener.subscribe(self.feed)
        self.pool = pool
        self._keep_alive: asyncio.Task | None = None

    @property
    def database_reachable(self) -> bool:
        return self.listener.connected and self.pool.availability.up

    async def start(self) -> None:
        await self.presence.keep_alive()
        self.feed.start()
        self._keep_alive = asyncio.create_task(self._keep_alive_loop(), name="realtime-keep-alive")

    async def stop(self) -> None:
        if self._keep_alive is not None:
            self._keep_alive.cancel()
            await asyncio.gather(self._keep_alive, return_exceptions=True)
        await self.feed.stop()
        try:
            await self.presence.forget_node()
        except Exception as exc:
            if not connection_lost(exc):
                log.exception("realtime.forget_node_failed")

    async def _keep_alive_loop(self) -> None:
        while True:
            await asyncio.sleep(KEEP_ALIVE_SECONDS)
            try:
                await self.presence.keep_alive()
            except Exception as exc:
                if not connection_lost(exc):  # an outage is logged once, by the pool
                    log.exception("realtime.keep_alive_failed")
