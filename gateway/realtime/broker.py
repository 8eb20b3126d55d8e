"""Routes what the listener receives to this process's channels: changes (after RLS and filters), broadcasts,
presence diffs; at a schema reload notice, later changes wait until the schema cache has reloaded."""

from __future__ import annotations

import json
import logging
from typing import Any

from gateway.realtime.audience import Audience
from gateway.realtime.bus import decode_user_payload
from gateway.realtime.change_access import ChangeAccess, CheckFailed, Visible
from gateway.realtime.changes import Change, TableCatalog, TableInfo, frame_payload
from gateway.realtime.channels import ChannelSession
from gateway.realtime.feed import CHANGES_CHANNEL
from gateway.realtime.frames import RawJson
from gateway.realtime.registry import ChannelRegistry
from gateway.rest.cache_state import RELOAD_COMMANDS, SCHEMA_CHANNEL

log = logging.getLogger("gateway.realtime")
# Supabase Realtime's wording when the project database cannot be reached.
DATABASE_UNREACHABLE = "Realtime was unable to connect to the project database"


class Broker:
    def __init__(self, registry: ChannelRegistry, change_access: ChangeAccess, catalog: TableCatalog) -> None:
        self.registry = registry
        self.change_access = change_access
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
                if message["command"] in RELOAD_COMMANDS:
                    await self.catalog.reloaded()
            else:
                self.deliver_bus(message)
        if changes:
            await self.deliver_changes(changes)

    async def deliver_changes(self, changes: list[Change]) -> None:
        """A subscriber gets a change of the table and event it asked for when its policies let it read the row
        and the row passes its filter (both decided by PostgreSQL), carrying the row as it may read it."""
        checks: list[tuple[Change, TableInfo, Audience]] = []
        for change in changes:
            audience = self.registry.audience(change.schema, change.table, change.type)
            if not audience.groups:
                continue
            info = await self.catalog.info(change.schema, change.table)
            if info is None:
                continue  # the table was dropped since: nothing to re-select
            checks.append((change, info, audience))
        if not checks:
            return
        seen = await self.change_access.visible([(change, info, audience.asks) for change, info, audience in checks])
        told: set[tuple[int, str]] = set()
        for (change, info, audience), by_claims in zip(checks, seen):
            # Unchanged since the check: every channel grouped is still joined with the claims it was checked for.
            current = audience.version == self.registry.version
            encoded: dict[tuple[int, tuple[int, ...]], RawJson] = {}
            # Whole frames too: subscribers with the same topic, join ref and serializer get the same text.
            framed: dict[tuple[int, tuple[int, ...], str, str | None, str], str | bytes] = {}
            for group in audience.groups:
                visible: Visible | CheckFailed | None = by_claims.get(group.claims_key)
                if visible is None:
                    continue
                if isinstance(visible, CheckFailed):
                    self._tell_failed(group.channels(), change, visible, told)
                    continue
                ids = group.ids(visible.passed)
                if not ids:
                    continue
                # Subscribers shown the same image object (the captured row, mostly) share one encoding.
                key = (id(visible.image), ids)
                if key not in encoded:
                    encoded[key] = RawJson(json.dumps(frame_payload(change, info, list(ids), visible.image),
                                                      separators=(",", ":")))
                for (topic, join_ref, version), outlet in group.outlets.items():
                    frame_key = (*key, topic, join_ref, version)
                    frame = framed.get(frame_key)
                    if frame is None:
                        frame = framed[frame_key] = outlet.encode(encoded[key])
                    if current:
                        for send in outlet.sends:
                            send(frame)
                        continue
                    # A channel left, or took a new token, during the check.
                    for channel in outlet.channels:
                        if channel.joined and channel.identity.claims_key == group.claims_key:
                            channel.send(frame)

    @staticmethod
    def _tell_failed(channels: list[ChannelSession], change: Change, failed: CheckFailed,
                     told: set[tuple[int, str]]) -> None:
        """Once per channel and table in a batch, however many of its changes failed."""
        for channel in channels:
            if (id(channel), change.qualified_table) not in told and channel.joined:
                told.add((id(channel), change.qualified_table))
                channel.system("postgres_changes", "error", failed.message(change))

    def changes_stopped(self) -> None:
        """Tell subscribers that changes stopped flowing, as Realtime does when it loses the database."""
        for channel in self.registry.change_listeners():
            channel.system("postgres_changes", "error", DATABASE_UNREACHABLE)

    def changes_resumed(self) -> None:
        """The changes committed meanwhile have been delivered; new ones flow again."""
        for channel in self.registry.change_listeners():
            channel.system("postgres_changes", "ok", "Subscribed to PostgreSQL")

    def deliver_bus(self, message: dict[str, Any]) -> None:
        topic = message.get("topic")
        kind = message.get("kind")
        if not isinstance(topic, str):
            return
        if kind == "broadcast":
            payload = {"type": "broadcast", "event": message.get("event"),
                       "payload": decode_user_payload(message.get("payload"))}
            if message.get("meta"):
                payload["meta"] = message["meta"]  # a message from the database: its id in realtime.messages
            sender = message.get("sender")
            for channel in self.registry.for_topic(topic):
                if (channel.id != sender or channel.broadcast_self) and channel.may_read("broadcast"):
                    channel.push("broadcast", payload)
        elif kind == "presence_diff":
            diff = {"joins": message.get("joins") or {}, "leaves": message.get("leaves") or {}}
            for channel in self.registry.for_topic(topic):
                if channel.presence_enabled and channel.may_read("presence"):
                    channel.push("presence_diff", diff)
