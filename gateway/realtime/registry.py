"""The process-wide registry of joined channels that the broker looks subscribers up in."""

from __future__ import annotations

from gateway.realtime.audience import Audience, gather
from gateway.realtime.channels import ChannelSession


class ChannelRegistry:
    """Joined channels of this process, by bus topic, and those with postgres_changes subscriptions, grouped per
    kind of change into audiences (rebuilt after a join, a leave or a new token: `version` counts those)."""

    def __init__(self) -> None:
        self._by_topic: dict[str, set[ChannelSession]] = {}
        self._with_changes: set[ChannelSession] = set()
        self._audiences: dict[tuple[str, str, str], Audience] = {}
        self.version = 0

    def add(self, channel: ChannelSession) -> None:
        self._by_topic.setdefault(channel.bus_topic, set()).add(channel)
        if channel.subscriptions:
            self._with_changes.add(channel)
            channel.on_new_identity = self._changed
            self._changed()

    def remove(self, channel: ChannelSession) -> None:
        members = self._by_topic.get(channel.bus_topic)
        if members is not None:
            members.discard(channel)
            if not members:
                del self._by_topic[channel.bus_topic]
        if channel in self._with_changes:
            self._with_changes.discard(channel)
            self._changed()

    def _changed(self) -> None:
        self.version += 1
        self._audiences.clear()

    def audience(self, schema: str, table: str, event: str) -> Audience:
        """The joined channels that want changes of this table and event (INSERT, UPDATE or DELETE), grouped."""
        kind = (schema, table, event)
        audience = self._audiences.get(kind)
        if audience is None:
            audience = self._audiences[kind] = gather(self.change_listeners(), schema, table, event, self.version)
        return audience

    def for_topic(self, topic: str) -> list[ChannelSession]:
        return [c for c in self._by_topic.get(topic, ()) if c.joined]

    def change_listeners(self) -> list[ChannelSession]:
        return [c for c in self._with_changes if c.joined]

    def __len__(self) -> int:
        return sum(len(members) for members in self._by_topic.values())
