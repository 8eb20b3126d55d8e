"""Routes what the listener receives to this process's channels: changes (after RLS), broadcasts, presence diffs."""

from __future__ import annotations

import logging
from typing import Any

from gateway.realtime.authoriser import Authoriser
from gateway.realtime.bus import decode_user_payload
from gateway.realtime.changes import Change, TableCatalog, frame_payload
from gateway.realtime.channels import ChannelRegistry
from gateway.realtime.listener import CHANGES_CHANNEL

log = logging.getLogger("gateway.realtime")


class Broker:
    def __init__(self, registry: ChannelRegistry, authoriser: Authoriser, catalog: TableCatalog) -> None:
        self.registry = registry
        self.authoriser = authoriser
        self.catalog = catalog

    async def handle(self, channel: str, message: dict[str, Any]) -> None:
        if channel == CHANGES_CHANNEL:
            await self.deliver_change(Change.from_message(message))
        else:
            self.deliver_bus(message)

    async def deliver_change(self, change: Change) -> None:
        matched = []
        for channel in self.registry.change_listeners():
            ids = [s.id for s in channel.subscriptions if s.matches(change)]
            if ids:
                matched.append((channel, ids))
        if not matched:
            return
        info = await self.catalog.info(change)
        allowed = await self.authoriser.visible(change, info, (channel.identity for channel, _ in matched))
        for channel, ids in matched:
            # Re-read the identity: a token may have been refreshed (or the channel left) during the check.
            if channel.joined and channel.identity.claims_key in allowed:
                channel.push("postgres_changes", frame_payload(change, info, sorted(set(ids))))

    def deliver_bus(self, message: dict[str, Any]) -> None:
        topic = message.get("topic")
        kind = message.get("kind")
        if not isinstance(topic, str):
            return
        if kind == "broadcast":
            payload = {"type": "broadcast", "event": message.get("event"),
                       "payload": decode_user_payload(message.get("payload"))}
            sender = message.get("sender")
            for channel in self.registry.for_topic(topic):
                if channel.id != sender or channel.broadcast_self:
                    channel.push("broadcast", payload)
        elif kind == "presence_diff":
            diff = {"joins": message.get("joins") or {}, "leaves": message.get("leaves") or {}}
            for channel in self.registry.for_topic(topic):
                if channel.presence_enabled:
                    channel.push("presence_diff", diff)
