"""Routes what the listener receives to this process's channels: changes (after RLS), broadcasts, presence diffs;
schema reload notices refresh the table catalog."""

from __future__ import annotations

import json
import logging
from typing import Any

from gateway.realtime.authoriser import Authoriser
from gateway.realtime.bus import decode_user_payload
from gateway.realtime.changes import Change, TableCatalog, frame_payload
from gateway.realtime.channels import ChannelRegistry
from gateway.realtime.frames import RawJson
from gateway.realtime.listener import CHANGES_CHANNEL, SCHEMA_CHANNEL

log = logging.getLogger("gateway.realtime")


class Broker:
    def __init__(self, registry: ChannelRegistry, authoriser: Authoriser, catalog: TableCatalog) -> None:
        self.registry = registry
        self.authoriser = authoriser
        self.catalog = catalog

    async def handle(self, batch: list[tuple[str, dict[str, Any]]]) -> None:
        """Deliver in arrival order; consecutive changes are authorised together."""
        changes: list[Change] = []
        for channel, message in batch:
            if channel == CHANGES_CHANNEL:
                changes.append(Change.from_message(message))
                continue
            if changes:
                await self.deliver_changes(changes)
                changes = []
            if channel == SCHEMA_CHANNEL:
                if message["command"] in ("reload schema", ""):
                    self.catalog.forget()
            else:
                self.deliver_bus(message)
        if changes:
            await self.deliver_changes(changes)

    async def deliver_changes(self, changes: list[Change]) -> None:
        listeners = self.registry.change_listeners()
        checks = []
        for change in changes:
            matched = []
            for channel in listeners:
                ids = [s.id for s in channel.subscriptions if s.matches(change)]
                if ids:
                    matched.append((channel, tuple(sorted(set(ids)))))
            if matched:
                checks.append((change, await self.catalog.info(change), matched))
        if not checks:
            return
        allowed = await self.authoriser.visible(
            [(change, info, [channel.identity for channel, _ in matched]) for change, info, matched in checks])
        for (change, info, matched), keys in zip(checks, allowed):
            encoded: dict[tuple[int, ...], RawJson] = {}
            for channel, ids in matched:
                # Re-read the identity: a token may have been refreshed (or the channel left) during the check.
                if channel.joined and channel.identity.claims_key in keys:
                    if ids not in encoded:
                        encoded[ids] = RawJson(json.dumps(frame_payload(change, info, list(ids)),
                                                          separators=(",", ":")))
                    channel.push("postgres_changes", encoded[ids])

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
